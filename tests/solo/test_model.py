from functools import cache
from pathlib import Path

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from solver.core.cards import DelictClue, GroupClue, LocationClue, NotClue
from solver.core.paths import PUZZLES_DIR
from solver.core.semantics import as_delict_map, holds
from solver.counting import count_clues
from solver.solo.model import PuzzleModel, to_solution
from solver.solo.puzzle import load_puzzle
from tests.clue_sets import true_clue
from tests.strategies import clues, solutions, true_clues

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


def _pinned(solution):
    return [DelictClue(delict, (location,)) for delict, location in solution.items()]


@SETTINGS
@given(solutions, clues)
def test_cp_sat_agrees_with_the_reference_semantics_on_every_clue_type(board, solution, clue):
    model = PuzzleModel([clue, *_pinned(solution)], board)
    assert (model.solve() is not None) == holds(clue, solution, board)


@SETTINGS
@given(solutions, st.data())
def test_a_solution_satisfies_clues_made_true_for_it(board, solution, data):
    chosen = [data.draw(true_clues(solution)) for _ in range(data.draw(st.integers(1, 12)))]
    found = PuzzleModel(chosen, board).solve()
    assert found is not None
    where = as_delict_map(to_solution(found))
    assert all(holds(clue, where, board) for clue in chosen)


def test_conflict_core_is_minimal(board):
    contradictory = [
        DelictClue("murder", ("Kirn", "Boos", "Simmern", "Herrstein")),
        NotClue("murder", ("Kirn", "Boos")),
        GroupClue("Felony", "south"),
        NotClue("murder", ("Simmern", "Herrstein")),
        DelictClue("arrest", ("Kirn", "Boos", "Simmern", "Herrstein")),
    ]
    model = PuzzleModel(contradictory, board)
    assert model.solve() is None
    assert model.core() == [0, 1, 3]


def test_uniqueness_and_multiple(board):
    model = PuzzleModel([], board)
    assert len(model.solutions(limit=3)) == 3
    assert not model.is_unique()


def test_a_fixed_model_answers_the_same_question_twice(board):

    clues = [LocationClue(location, ("murder",)) for location in ("Kirn", "Boos")][:1]
    fixed = PuzzleModel(clues, board, switchable=False)
    assert not fixed.is_unique() and not fixed.is_unique()
    assert len(fixed.solutions(limit=3)) == 3 and len(fixed.solutions(limit=2)) == 2


# -- the fixed model (propagated masks, only open booleans) against the exact counter and the semantics

def _clue_mix(draw, solution: dict[str, str], board) -> list:
    """Clues true for `solution` (every kind, districts included), some pins, and a few arbitrary clues
    (which may leave no solution)."""
    rng = draw(st.randoms(use_true_random=False))
    kinds = rng.choices("ANDCB", k=draw(st.sampled_from(range(31))))
    chosen = [true_clue(rng, kind, solution, board) for kind in kinds]
    pinned = rng.sample(sorted(solution), draw(st.sampled_from(range(15))))
    chosen += [DelictClue(delict, (solution[delict],)) for delict in pinned]
    chosen += draw(st.lists(clues, max_size=2))
    return draw(st.permutations(chosen))


def _check_solutions(found, chosen, board, count):
    assert len(found) == min(count, 3) and len(set(found)) == len(found)
    for solution in found:
        where = as_delict_map(to_solution(solution))
        assert all(holds(clue, where, board) for clue in chosen)


@settings(max_examples=150, deadline=None)
@given(solutions, st.data())
def test_the_fixed_model_finds_what_the_exact_counter_counts(board, solution, data):
    chosen = _clue_mix(data.draw, solution, board)
    count = _check_fixed_model(chosen, board)
    first = PuzzleModel(chosen, board, switchable=False).solve()
    assert (first is None) == (count == 0)
    if first is not None:  # excluded for good: the next answer is another solution, or none
        again = PuzzleModel(chosen, board, switchable=False)
        other = again.solve(exclude=[first])
        assert (other is None) == (count == 1) and other != first
        assert again.solve() == other


def _check_fixed_model(chosen, board) -> int:
    """The fixed model's first solutions and its uniqueness against the exact count; the count."""
    count = count_clues(chosen, board)
    fixed = PuzzleModel(chosen, board, switchable=False)
    event(f"solutions: {min(count, 3)}{'+' if count > 2 else ''}; "
          f"{'decided by propagation' if fixed.decided is not None else 'CP-SAT'}")
    _check_solutions(fixed.solutions(limit=3), chosen, board, count)
    assert PuzzleModel(chosen, board, switchable=False).is_unique() == (count == 1)
    return count


@cache
def _bundled(path: Path) -> list:
    return [entry.clue for entry in load_puzzle(path).clues]


@settings(max_examples=100, deadline=None)
@given(st.sampled_from(sorted(PUZZLES_DIR.glob("*.yaml"))), st.data())
def test_the_fixed_model_on_bundled_puzzles_changed_a_little(board, path, data):
    """Where propagation stops short: CP-SAT on the open booleans proves one solution, finds more, or none."""
    puzzle = _bundled(path)
    dropped = data.draw(st.lists(st.sampled_from(range(len(puzzle))), max_size=2, unique=True))
    chosen = [clue for index, clue in enumerate(puzzle) if index not in dropped]
    chosen += data.draw(st.lists(clues, max_size=1))
    _check_fixed_model(chosen, board)


@settings(max_examples=60, deadline=None)
@given(solutions, st.data())
def test_the_switchable_model_agrees_on_any_clues_switched_on(board, solution, data):
    chosen = _clue_mix(data.draw, solution, board)
    active = data.draw(st.lists(st.sampled_from(range(len(chosen))), unique=True)) if chosen else []
    count = count_clues([chosen[i] for i in active], board)
    model = PuzzleModel(chosen, board)
    first = model.solve(active)
    assert (first is None) == (count == 0)
    if first is not None:  # an exclusion holds for that question only
        other = model.solve(active, exclude=[first])
        assert (other is None) == (count == 1) and other != first
    _check_solutions(model.solutions(active, limit=3), [chosen[i] for i in active], board, count)
    assert model.is_unique(active) == (count == 1)
    assert model.is_unique() == (count_clues(chosen, board) == 1)
    assert len(model.solutions(active, limit=3)) == min(count, 3)  # asking again changes nothing


@settings(max_examples=80, deadline=None)
@given(solutions, st.data())
def test_settled_by_propagation_without_cp_sat(board, solution, data):
    """Every delict pinned but perhaps one: propagation decides, and the answer is still exact."""
    pinned = data.draw(st.permutations(sorted(solution)))[:data.draw(st.integers(15, 16))]
    chosen = [DelictClue(delict, (solution[delict],)) for delict in pinned]
    chosen += data.draw(st.lists(clues, max_size=4))  # true or false for it
    count = count_clues(chosen, board)
    assert count <= 1
    fixed = PuzzleModel(chosen, board, switchable=False)
    assert fixed.decided is not None  # CP-SAT was not needed
    _check_solutions(fixed.solutions(limit=3), chosen, board, count)
    assert fixed.solutions(limit=3) == PuzzleModel(chosen, board).solutions(limit=3)


def test_no_solution_found_by_propagation_still_names_a_conflict(board):
    contradictory = [DelictClue("murder", ("Kirn", "Boos")), NotClue("murder", ("Kirn", "Boos")),
                     GroupClue("Felony", "south")]
    fixed = PuzzleModel(contradictory, board, switchable=False)
    assert fixed.decided == [] and fixed.solve() is None and fixed.solutions() == []
    assert fixed.core() == [0, 1]


def test_a_fixed_model_with_every_clue_on_only(board):
    fixed = PuzzleModel([GroupClue("Felony", "south")], board, switchable=False)
    with pytest.raises(ValueError, match="every clue on"):
        fixed.solutions([])


def test_a_group_card_only_one_member_can_satisfy_settles_a_puzzle_without_cp_sat(board):
    puzzle = load_puzzle(PUZZLES_DIR / "medium-1.yaml")  # propagation alone leaves 46 places open
    chosen = [entry.clue for entry in puzzle.clues]
    fixed = PuzzleModel(chosen, board, switchable=False)
    assert fixed.decided is not None and fixed.is_unique()
    assert to_solution(fixed.solutions()[0]) == puzzle.solution
