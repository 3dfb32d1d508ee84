from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solver.core.cards import DelictClue, GroupClue, LocationClue, NotClue
from solver.core.semantics import as_delict_map, holds
from solver.solo.model import PuzzleModel, to_solution
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
