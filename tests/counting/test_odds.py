"""Exact odds: against enumeration (brute force over `holds`, CP-SAT), against pinned counts,
and the laws every table obeys (rows and columns sum to the total). The backward pass over the
count's own DP has its own tests (test_backward.py); these go through odds_of_clues, whatever way it takes."""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Sequence
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solver.core import names
from solver.core.bits import FULL
from solver.core.board import Board
from solver.core.cards import Clue, DelictClue, DistrictClue, GroupClue, LocationClue, NotClue
from solver.core.semantics import holds
from solver.counting import count_assignments, count_clues, reduce_clues, state_masks
from solver.counting import odds as odds_module
from solver.counting.odds import Odds, odds_of_clues, odds_of_masks, odds_of_reduced, pinned_odds, reference_odds
from solver.solo.puzzle import load_puzzle
from tests.clue_sets import true_clue
from tests.enumerate_reference import enumerate_count
from tests.game_helpers import state

FIFTEEN_FACTORIAL = 1_307_674_368_000
PUZZLES = sorted((Path(__file__).resolve().parents[2] / "puzzles").glob("*.yaml"))
FAST = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
L, D = names.LOCATIONS, names.DELICTS
Cells = list[list[int]]


def assert_sums(found: Odds) -> None:
    """Each solution places every delict once and fills every location once."""
    assert all(sum(row) == found.total for row in found.counts)
    assert all(sum(row[loc] for row in found.counts) == found.total for loc in range(16))


def pin(delict: int, location: int) -> DelictClue:
    return DelictClue(D[delict], (L[location],))


def _tally(solutions: list[dict[str, str]]) -> tuple[int, Cells]:
    cells = [[0] * 16 for _ in range(16)]
    for where in solutions:
        for delict, location in where.items():
            cells[names.DELICT_INDEX[delict]][names.LOCATION_INDEX[location]] += 1
    return len(solutions), cells


def _bijections(masks: Sequence[int]) -> list[dict[str, str]]:
    """Every delict -> location bijection inside the masks, by depth-first search."""
    found: list[dict[str, str]] = []
    where: list[int] = []

    def extend(used: int) -> None:
        if len(where) == 16:
            found.append({D[d]: L[loc] for d, loc in enumerate(where)})
            return
        for loc in range(16):
            if masks[len(where)] >> loc & 1 and not used >> loc & 1:
                where.append(loc)
                extend(used | 1 << loc)
                where.pop()

    extend(0)
    return found


def _table(found: Odds) -> Cells:
    return [list(row) for row in found.counts]


# ----- the empty board, and the Odds values ----------------------------------------------


def test_empty_board_every_cell_is_fifteen_factorial(board: Board) -> None:
    assert math.factorial(15) == FIFTEEN_FACTORIAL
    for found in (odds_of_masks([FULL] * 16), odds_of_clues([], board)):
        assert found.total == math.factorial(16)
        assert {cell for row in found.counts for cell in row} == {FIFTEEN_FACTORIAL}
        assert {share for row in found.fractions() for share in row} == {Fraction(1, 16)}
        assert {share for row in found.floats() for share in row} == {0.0625}


def test_odds_by_name_and_shares(board: Board) -> None:
    clues: list[Clue] = [DelictClue("murder", ("Kirn", "Boos", "Simmern", "Hundsbach")), GroupClue("Felony", "south")]
    found = odds_of_clues(clues, board)
    assert found.total == count_clues(clues, board)
    assert found.count("murder", "Herrstein") == 0 and found.probability("murder", "Herrstein") == 0
    murder = [found.probability("murder", loc) for loc in ("Kirn", "Boos", "Simmern", "Hundsbach")]
    assert sum(murder) == 1 and len(set(murder)) == 2  # Hundsbach in the south is likelier
    assert found.probability("murder", "Hundsbach") == Fraction(found.count("murder", "Hundsbach"), found.total)
    assert all(sum(row) == 1 for row in found.fractions())
    assert all(math.isclose(sum(row), 1) for row in found.floats())


def test_no_solution_is_all_zero_and_has_no_shares(board: Board) -> None:
    places = ("Kirn", "Boos", "Simmern", "Hundsbach")
    for found in (
        odds_of_clues([DelictClue("murder", places), NotClue("murder", places)], board),
        odds_of_masks([1, 1] + [FULL] * 14),  # two delicts, one location
        odds_of_masks([0] + [FULL] * 15),
        odds_of_masks([0b11] * 3 + [FULL] * 13),
    ):
        assert found.total == 0 and not any(any(row) for row in found.counts)
        with pytest.raises(ValueError, match="no solution"):
            found.fractions()
    with pytest.raises(ValueError, match="16 masks"):
        odds_of_masks([FULL] * 15)


# ----- plain masks: the minors -----------------------------------------------------------


@FAST
@given(st.integers(1, 6).flatmap(lambda k: st.lists(st.integers(0, (1 << k) - 1), min_size=k, max_size=k)))
def test_minors_of_a_small_matrix_equal_enumeration(rows: list[int]) -> None:
    """A k x k matrix embedded with the other delicts pinned to the other locations."""
    masks = rows + [1 << location for location in range(len(rows), 16)]
    total, cells = _tally(_bijections(masks))
    found = odds_of_masks(masks)
    assert (found.total, _table(found)) == (total, cells)


@FAST
@given(st.lists(st.integers(1, FULL), min_size=16, max_size=16), st.data())
def test_minors_equal_counts_with_the_delict_pinned(masks: list[int], data: st.DataObject) -> None:
    found = odds_of_masks(masks)
    assert found.total == count_assignments(masks)
    assert_sums(found)
    for _ in range(4):
        d, loc = data.draw(st.integers(0, 15)), data.draw(st.integers(0, 15))
        pinned = [1 << loc if other == d else mask for other, mask in enumerate(masks)]
        assert found.counts[d][loc] == (count_assignments(pinned) if masks[d] >> loc & 1 else 0)


def test_a_game_board_cell_by_cell(board: Board) -> None:
    game = state(
        {"break-in": ["Oberhausen", "Obermoschel", "Lettweiler"], "murder": ["Boos"],
         "arrest": ["Boos", "Simmern", "Hundsbach"]},
        {"sheep theft": "Meisenheim", "hideout": "Kirn"},
    )
    masks = state_masks(dict(game.markers), game.tiles)
    found = odds_of_masks(masks)
    assert found.count("murder", "Boos") == found.total == count_assignments(masks)
    assert found.count("sheep theft", "Meisenheim") == found.total
    for d, loc in itertools.product(range(16), range(16)):
        pinned = [1 << loc if other == d else mask for other, mask in enumerate(masks)]
        assert found.counts[d][loc] == (count_assignments(pinned) if masks[d] >> loc & 1 else 0)


# ----- clues: against enumeration ---------------------------------------------------------


def _random_clue(rng: random.Random, kind: str) -> Clue:
    if kind == "A":
        return DelictClue(rng.choice(D), tuple(rng.sample(L, 4)))
    if kind == "N":
        return NotClue(rng.choice(D), tuple(rng.sample(L, rng.randint(2, 8))))
    if kind == "D":
        return LocationClue(rng.choice(L), tuple(rng.sample(D, 4)))
    if kind == "C":
        return DistrictClue((rng.choice(D), rng.choice(D)), rng.choice(["same", "adjoining"]))
    return GroupClue(rng.choice(list(names.GROUPS)), rng.choice(list(names.DIRECTIONS)))


@pytest.mark.parametrize("seed", range(12))
def test_cells_equal_brute_force_over_holds(board: Board, seed: int) -> None:
    """Nine delicts pinned; the other seven tried in all 5040 ways against `holds`, with
    district and group clues tying them together (true ones, and on odd seeds a random one)."""
    rng = random.Random(seed)
    where = dict(zip(D, rng.sample(L, 16), strict=True))
    fixed = dict(rng.sample(sorted(where.items()), 9))
    clues: list[Clue] = [DelictClue(d, (loc,)) for d, loc in fixed.items()]
    clues += [true_clue(rng, rng.choice("CCB"), where, board) for _ in range(5)]
    clues += [_random_clue(rng, rng.choice("NCB")) for _ in range(seed % 2)]
    free_delicts = [d for d in D if d not in fixed]
    free_locations = [x for x in L if x not in fixed.values()]
    solutions = []
    for placement in itertools.permutations(free_locations):
        candidate = {**fixed, **dict(zip(free_delicts, placement, strict=True))}
        if all(holds(clue, candidate, board) for clue in clues):
            solutions.append(candidate)
    total, cells = _tally(solutions)
    found = odds_of_clues(clues, board)
    assert (found.total, _table(found)) == (total, cells)


def _small_instances(seed: int, board: Board, ties: str) -> list[list[Clue]]:
    """Seeded clue sets true for a hidden solution: A, D and N clues until the masks leave at
    most 2,000 bijections, then district and group clues (of the kinds in `ties`)."""
    rng = random.Random(seed)
    found = []
    for _ in range(2):
        where = dict(zip(D, rng.sample(L, 16), strict=True))
        clues: list[Clue] = []
        while count_assignments(reduce_clues(clues, board).allowed) > 2_000:
            clues.append(true_clue(rng, rng.choice("AADDN"), where, board))
        clues += [true_clue(rng, rng.choice(ties), where, board) for _ in range(rng.randint(2, 6))]
        found.append(clues)
    return found


@pytest.mark.parametrize(("seed", "ties"), [(0, "CB"), (1, "CCCB"), (2, "CBBB"), (3, "C"), (4, "B")])
def test_cells_equal_enumeration_checked_by_cp_sat(board: Board, seed: int, ties: str) -> None:
    """Every bijection inside the clues' masks checked with `holds`; CP-SAT confirms the total."""
    for clues in _small_instances(seed, board, ties):
        solutions = [
            where for where in _bijections(reduce_clues(clues, board).allowed)
            if all(holds(clue, where, board) for clue in clues)
        ]
        enumerated, complete = enumerate_count(clues, board, limit=3_000)
        assert complete and enumerated == len(solutions)
        found = odds_of_clues(clues, board)
        assert (found.total, _table(found)) == _tally(solutions)


@pytest.mark.parametrize("path", PUZZLES, ids=lambda path: path.stem)
def test_a_unique_puzzle_is_certain_everywhere(board: Board, path: Path) -> None:
    puzzle = load_puzzle(path)
    found = odds_of_clues([entry.clue for entry in puzzle.clues], board)
    assert found.total == 1
    assert {cell for row in found.counts for cell in row} == {0, 1}
    assert all(found.count(delict, location) == 1 for location, delict in puzzle.solution.items())
    assert_sums(found)


# ----- clues: the laws, and the two ways agree -------------------------------------------


def _clue_lists(max_size: int) -> st.SearchStrategy[list[Clue]]:
    from tests.strategies import clues, solutions, true_clues

    anything = st.lists(clues, max_size=max_size)
    true_ones = solutions.flatmap(lambda solution: st.lists(true_clues(solution), max_size=max_size))
    return st.one_of(anything, true_ones, st.tuples(true_ones, anything).map(lambda pair: pair[0] + pair[1][:2]))


@FAST
@given(st.deferred(lambda: _clue_lists(10)), st.data())
def test_rows_and_columns_sum_to_the_total_and_a_cell_is_its_pinned_count(
    board: Board, clues: list[Clue], data: st.DataObject
) -> None:
    """A cell is 0 exactly when no solution has the delict there: it is the count with it pinned."""
    found = odds_of_clues(clues, board)
    assert found.total == count_clues(clues, board)
    assert_sums(found)
    for _ in range(3):
        d, loc = data.draw(st.integers(0, 15)), data.draw(st.integers(0, 15))
        assert found.counts[d][loc] == count_clues([*clues, pin(d, loc)], board)


@settings(max_examples=8, deadline=None)
@given(st.integers(0, 100_000), st.sampled_from(["AADDNCCB", "ACCCCBBBB", "NCBBBBBB", "DDCCCCBB"]))
def test_segmented_dp_and_backward_pass_equal_pinned_counts(seed: int, kinds: str) -> None:
    """The reference DP with units and signed segments, the backward pass over the count's
    own DP, and one exact count per cell: the same table."""
    from solver.core.board import load_board

    board = load_board()
    rng = random.Random(seed)
    where = dict(zip(D, rng.sample(L, 16), strict=True))
    clues = [true_clue(rng, rng.choice(kinds), where, board) for _ in range(rng.randint(8, 16))]
    clues += [_random_clue(rng, rng.choice("AB")) for _ in range(rng.randint(0, 2))]
    reduced = reduce_clues(clues, board)
    found = pinned_odds(reduced)
    assert odds_of_reduced(reduced) == found
    assert reference_odds(reduced) == found
    assert_sums(found)


@pytest.mark.parametrize("cap", ["MOST_TERMS", "MOST_PLACEMENTS"])
def test_past_the_caps_the_pinned_counts_give_the_same_table(board: Board, cap: str) -> None:
    clues: list[Clue] = [
        GroupClue("Felony", "south"), GroupClue("Felony", "east"), GroupClue("Crime", "north"),
        DistrictClue(("murder", "arrest"), "same"), DistrictClue(("arrest", "break-in"), "adjoining"),
        DelictClue("murder", ("Kirn", "Boos", "Simmern", "Hundsbach")),
        LocationClue("Meisenheim", ("donkey theft", "sheep theft", "robbery", "hideout")),
    ]
    reduced = reduce_clues(clues, board)
    assert odds_module._segments(reduced) is not None
    found = odds_module.reference_odds(reduced)
    assert odds_of_reduced(reduced) == found
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(odds_module, cap, 0)
        assert odds_module._segments(reduced) is None
        assert odds_module.reference_odds(reduced) == found
    assert found.total == count_clues(clues, board)
    assert_sums(found)
