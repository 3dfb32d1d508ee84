"""Odds by a backward pass over the count's own DP (solver.counting.backward) against the
reference way: one exact count per cell with its delict pinned there (pinned_odds), and
the segmented DP (reference_odds); and the laws every table obeys."""

from __future__ import annotations

import itertools
import math
import random

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

import solver.counting.backward as backward
import solver.counting.sparse as sparse_module
from solver.core import names
from solver.core.board import Board
from solver.core.cards import Clue, DelictClue
from solver.core.semantics import holds
from solver.counting import count_clues, reduce_clues
from solver.counting.odds import Odds, odds_and_path, odds_of_clues, pinned_odds, reference_odds
from tests.clue_sets import true_clue
from tests.counting.test_count import _random_clue

L, D = names.LOCATIONS, names.DELICTS
# district ("same"/"adjoining") and group cards heavy, as the slowest counts are
HEAVY_KINDS = ["BBBBCCCC", "BBBBBBBBC", "BBCCCCCC", "ACCCCBBBB", "NCBBBBBB", "BBBBBCCCCCADN", "AADDNCCB"]


def assert_laws(found: Odds) -> None:
    """Each solution places every delict once and fills every location once."""
    assert all(sum(row) == found.total for row in found.counts)
    assert all(sum(row[loc] for row in found.counts) == found.total for loc in range(16))


def _clue_set(seed: int, kinds: str, board: Board) -> list[Clue]:
    """Clues true for a hidden solution (8-24 of them), and up to two random ones (maybe false)."""
    rng = random.Random(seed)
    where = dict(zip(D, rng.sample(L, 16), strict=True))
    clues = [true_clue(rng, rng.choice(kinds), where, board) for _ in range(rng.randint(8, 24))]
    return clues + [_random_clue(rng, rng.choice("AB")) for _ in range(rng.randint(0, 2))]


@settings(max_examples=14, deadline=None)
@given(st.integers(0, 1_000_000), st.sampled_from(HEAVY_KINDS))
def test_the_backward_pass_equals_pinned_counts(seed: int, kinds: str) -> None:
    """Whatever way odds_of_clues goes, its table is the pinned counts' cell for cell."""
    from solver.core.board import load_board

    board = load_board()
    reduced = reduce_clues(_clue_set(seed, kinds, board), board)
    found, _ = odds_and_path(reduced)
    assert found == pinned_odds(reduced)
    assert_laws(found)


@settings(max_examples=14, deadline=None)
@given(st.integers(0, 1_000_000), st.sampled_from(HEAVY_KINDS))
def test_the_keyed_backward_pass_equals_the_reference(seed: int, kinds: str) -> None:
    """The sparse DP kept out, so that small sets go the keyed way too; against the
    segmented DP (pinned counts past its caps)."""
    from solver.core.board import load_board

    board = load_board()
    reduced = reduce_clues(_clue_set(seed, kinds, board), board)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(sparse_module, "SPARSE_STATE_LIMIT", -1)
        found, path = odds_and_path(reduced)
    assert path != "sparse"
    assert found == reference_odds(reduced)
    assert found.total == count_clues(_clue_set(seed, kinds, board), board)
    assert_laws(found)


@pytest.mark.parametrize(
    ("seed", "kinds", "path"),
    [(3, "AADDNCCB", "sparse"), (1, "BBCCCCCC", "sparse"), (0, "BBBBCCCC", "keyed"), (6, "BBCCCCCC", "keyed"),
     (5, "BBBBBBBBC", "keyed"), (8, "NCBBBBBB", "keyed"), (4, "BBBBBCCCCCADN", "keyed")],
)
def test_each_way_equals_pinned_counts(board: Board, seed: int, kinds: str, path: str) -> None:
    reduced = reduce_clues(_clue_set(seed, kinds, board), board)
    found, taken = odds_and_path(reduced)
    assert taken == path
    assert found == pinned_odds(reduced)
    assert found.total > 0
    assert_laws(found)


@settings(max_examples=16, deadline=None)
@given(st.integers(0, 1_000_000), st.sampled_from(HEAVY_KINDS), st.randoms(use_true_random=False))
@example(929, "BBCCCCCC", random.Random(0))  # no solution: the keyed way's set-up finds it before any plan
def test_any_plan_of_the_keyed_dp_walks_back_to_the_same_table(seed: int, kinds: str, rng: random.Random) -> None:
    """The free plan over reached states given up: the split into two halves met in the
    middle, or the free delicts after dense vectors, in any order and at any cut."""
    from solver.core.board import load_board

    board = load_board()
    reduced = reduce_clues(_clue_set(seed, kinds, board), board)
    plans = []

    def any_plan(items, free, slot, demanded, profiles, searched):
        items = list(items)
        rng.shuffle(items)
        if free and rng.random() < 0.5:  # the free delicts last, the others in any order
            chosen = {id(item) for item in free}
            plans.append("free")
            return [item for item in items if id(item) not in chosen], [], [item for item in free]
        cut = rng.randint(0, len(items))
        plans.append("split")
        return items[:cut], items[cut:], []

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(sparse_module, "SPARSE_STATE_LIMIT", -1)
        patch.setattr(backward, "rest_over_reached", lambda *args, **kwargs: (None, None))
        patch.setattr(backward, "_choose", any_plan)
        found, path = odds_and_path(reduced)
    assert path in ("keyed", "settled")
    # a plan is chosen on the keyed way, unless its set-up already finds no solution
    assert len(plans) == (path == "keyed") or (found.total == 0 and not plans)
    assert found == reference_odds(reduced)
    assert_laws(found)


@pytest.mark.parametrize("plan", ["split", "free"])
def test_the_other_plans_equal_pinned_counts(board: Board, plan: str) -> None:
    reduced = reduce_clues(_clue_set(0, "BBBBCCCC", board), board)

    def chosen(items, free, slot, demanded, profiles, searched):
        if plan == "free":
            picked = {id(item) for item in free}
            return [item for item in items if id(item) not in picked], [], list(free)
        return items[: len(items) // 2], items[len(items) // 2:], []

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(backward, "rest_over_reached", lambda *args, **kwargs: (None, None))
        patch.setattr(backward, "_choose", chosen)
        found, path = odds_and_path(reduced)
    assert path == "keyed"
    assert found == pinned_odds(reduced)


def test_a_unit_past_the_tally_cap_takes_the_reference_way(board: Board) -> None:
    reduced = reduce_clues(_clue_set(1, "BBBBCCCC", board), board)
    found, path = odds_and_path(reduced)
    assert path == "keyed"
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(backward, "ODDS_UNIT_ROWS", 0)
        patch.setattr(sparse_module, "SPARSE_STATE_LIMIT", -1)
        assert odds_and_path(reduced) == (found, "reference")


def test_a_settled_set_is_read_off(board: Board) -> None:
    rng = random.Random(7)
    where = dict(zip(D, rng.sample(L, 16), strict=True))
    clues = [true_clue(rng, "A", where, board) for _ in range(60)]
    reduced = reduce_clues(clues, board)
    found, path = odds_and_path(reduced)
    assert path == "settled"
    assert found.total == 1 and all(found.count(d, loc) == 1 for d, loc in where.items())


def test_the_largest_table_is_exact_and_within_the_float_bound(board: Board) -> None:
    """Every value the backward pass forms counts distinct solutions (a partial count, a way
    to finish, or their product), so none exceeds 16!, the count of the empty clue set:
    below 2^53, where float64 (bincount's sums) is still exact, and far below 2^63 (int64)."""
    assert math.factorial(16) < 2**53 < 2**63
    found, path = odds_and_path(reduce_clues([], board))
    assert path == "keyed"  # the free delicts over profiles: every cell from the columns' sums
    assert found.total == math.factorial(16)
    assert {cell for row in found.counts for cell in row} == {math.factorial(15)}


def test_free_delicts_of_one_kind_share_their_cells(board: Board) -> None:
    """A free delict stands for every free delict of its group and mask: swapped, they
    leave every solution a solution."""
    clues = _clue_set(5, "BBBBBBBBC", board)
    found = odds_of_clues(clues, board)
    reduced = reduce_clues(clues, board)
    assert found == pinned_odds(reduced)
    rows = [tuple(row) for row in found.counts]
    assert len(set(rows)) < len(rows)  # some delicts are interchangeable here


@pytest.mark.parametrize("seed", range(4))
def test_the_keyed_backward_pass_equals_brute_force(board: Board, seed: int) -> None:
    """Nine delicts pinned, the other seven tried in all 5040 ways against `holds`; the
    sparse DP kept out, so the keyed DP's backward pass gives the table."""
    rng = random.Random(40 + seed)
    where = dict(zip(D, rng.sample(L, 16), strict=True))
    fixed = dict(rng.sample(sorted(where.items()), 9))
    clues: list[Clue] = [DelictClue(d, (loc,)) for d, loc in fixed.items()]
    clues += [true_clue(rng, rng.choice("CCB"), where, board) for _ in range(5)]
    free_delicts = [d for d in D if d not in fixed]
    free_locations = [x for x in L if x not in fixed.values()]
    cells = [[0] * 16 for _ in range(16)]
    total = 0
    for placement in itertools.permutations(free_locations):
        candidate = {**fixed, **dict(zip(free_delicts, placement, strict=True))}
        if all(holds(clue, candidate, board) for clue in clues):
            total += 1
            for delict, location in candidate.items():
                cells[names.DELICT_INDEX[delict]][names.LOCATION_INDEX[location]] += 1
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(sparse_module, "SPARSE_STATE_LIMIT", -1)
        found, path = odds_and_path(reduce_clues(clues, board))
    assert path == "keyed"
    assert (found.total, [list(row) for row in found.counts]) == (total, cells)


def test_many_channels_through_wide_steps_equal_pinned_counts(board: Board) -> None:
    """A group card for almost every group and direction, two district cards and two "not"
    cards: the free delicts of five kinds need sixteen channels, carried back through steps of
    thousands of states (a slowest set of odds against its count, found by a hunt)."""
    from solver.core.cards import DistrictClue, GroupClue, NotClue

    groups = ["Livestock theft", "Crime", "Imprisonment/Jailbreak", "Felony"]
    clues: list[Clue] = [GroupClue(group=g, direction=d) for g in groups for d in ("north", "south", "west", "east")
                         if (g, d) not in {("Felony", "east"), ("Felony", "west")}]
    clues += [NotClue(delict="robbery", locations=("Herrstein", "Meddersheim", "Obermoschel")),
              DistrictClue(delicts=("hideout", "extortion"), relation="adjoining"),
              NotClue(delict="sheep theft", locations=("Trifthütte", "Hahnmühle", "Meisenheim")),
              DistrictClue(delicts=("show of power", "donkey theft"), relation="same")]
    reduced = reduce_clues(clues, board)
    found, path = odds_and_path(reduced)
    assert path == "keyed"
    assert found.total == count_clues(clues, board) == 58486494528
    assert found == pinned_odds(reduced)


@given(st.integers(1, 12), st.lists(st.booleans(), max_size=120))
def test_pairs_of_finds_what_nonzero_finds(columns: int, flags: list[bool]) -> None:
    """The free steps' one flat search gives np.nonzero's (row, column) pairs, in its order."""
    import numpy as np

    flags = flags[: len(flags) - len(flags) % columns]
    table = np.array(flags, dtype=bool).reshape(-1, columns)
    rows, found = backward._pairs_of(table, columns)
    expected_rows, expected_columns = np.nonzero(table)
    assert rows.tolist() == expected_rows.tolist() and found.tolist() == expected_columns.tolist()
