"""Exact counting: against CP-SAT enumeration, brute force over `holds`, and golden counts."""

from __future__ import annotations

import itertools
import json
import math
import random
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solver.core import names
from solver.core.bits import FULL
from solver.core.cards import DelictClue, DistrictClue, GroupClue, LocationClue, NotClue, parse_clue
from solver.counting import count_assignments, count_clues, state_masks
from tests.clue_sets import pinned_solution, true_clue
from tests.counting.reference_branched import count_branched
from tests.counting.reference_units import count_units_ie
from tests.enumerate_reference import brute_force_count, enumerate_count

SIXTEEN_FACTORIAL = 20_922_789_888_000
GOLDEN = Path(__file__).parent / "golden" / "counts.yaml"
FAST = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])

L, D = names.LOCATIONS, names.DELICTS


def test_empty_is_sixteen_factorial(board):
    assert math.factorial(16) == SIXTEEN_FACTORIAL
    assert count_assignments([FULL] * 16) == SIXTEEN_FACTORIAL
    assert count_clues([], board) == SIXTEEN_FACTORIAL


@pytest.mark.parametrize("seed", range(6))
def test_every_delict_pinned_leaves_only_the_group_and_district_clues_to_decide(board, seed):
    """Sixteen pinned delicts: 1 when every group and district clue holds for them, else 0.
    One group fills one district, so it misses the two directions away from it."""
    rng = random.Random(seed)
    group, district = rng.choice(sorted(names.GROUPS)), rng.choice(sorted(names.DISTRICTS))
    rest = [x for x in L if x not in names.DISTRICTS[district]]
    where = dict(zip(names.GROUPS[group], names.DISTRICTS[district], strict=True))
    where |= dict(zip([d for d in D if d not in where], rng.sample(rest, 12), strict=True))
    pinned = [DelictClue(d, (loc,) * 4) for d, loc in where.items()]
    ties = [true_clue(rng, "C", where, board) for _ in range(2)]
    outcomes = set()
    for group, direction in itertools.product(names.GROUPS, names.DIRECTIONS):
        clues = pinned + ties + [GroupClue(group, direction)]
        expected = int(any(board.in_direction(where[delict], direction) for delict in names.GROUPS[group]))
        assert count_clues(clues, board) == expected == brute_force_count(clues, board, where)
        outcomes.add(expected)
    assert outcomes == {0, 1}
    first, second = ties[0].delicts
    other = "adjoining" if ties[0].relation == "same" else "same"
    assert count_clues([*pinned, DistrictClue((first, second), other)], board) == 0


def test_simple_permanents():
    assert count_assignments([1 << i for i in range(16)]) == 1
    assert count_assignments([0b11, 0b11] + [FULL] * 14) == 2 * math.factorial(14)
    assert count_assignments([1] * 2 + [FULL] * 14) == 0
    assert count_assignments([0] + [FULL] * 15) == 0


def _brute_permanent(rows: list[int], size: int) -> int:
    return sum(all(rows[i] >> p[i] & 1 for i in range(size)) for p in itertools.permutations(range(size)))


@FAST
@given(st.integers(1, 6).flatmap(lambda k: st.lists(st.integers(0, (1 << k) - 1), min_size=k, max_size=k)))
def test_permanent_of_small_matrix(rows):
    """A k x k matrix embedded with the other delicts pinned to the other locations."""
    size = len(rows)
    allowed = rows + [1 << location for location in range(size, 16)]
    assert count_assignments(allowed) == _brute_permanent(rows, size)


def _clue_strategy():
    from tests.strategies import clues

    return clues


@FAST
@given(st.lists(st.deferred(_clue_strategy), max_size=6), st.deferred(_clue_strategy))
def test_adding_a_clue_never_raises_the_count(board, clues, extra):
    assert count_clues([*clues, extra], board) <= count_clues(clues, board)


def _random_clue(rng: random.Random, kinds: str):
    kind = rng.choice(kinds)
    if kind == "A":
        return DelictClue(rng.choice(D), tuple(rng.sample(L, 4)))
    if kind == "N":
        return NotClue(rng.choice(D), tuple(rng.sample(L, rng.randint(2, 8))))
    if kind == "D":
        return LocationClue(rng.choice(L), tuple(rng.sample(D, 4)))
    if kind == "C":
        return DistrictClue(tuple(rng.sample(D, 2)), rng.choice(["same", "adjoining"]))
    return GroupClue(rng.choice(list(names.GROUPS)), rng.choice(list(names.DIRECTIONS)))


def _small_instances(seed: int, board, kinds: str = "AADDNCCB", size: int = 18):
    """Seeded clue sets true for a hidden solution, A/D heavy so counts stay small."""
    rng = random.Random(seed)
    while True:
        where = dict(zip(D, rng.sample(L, 16), strict=True))
        yield [true_clue(rng, rng.choice(kinds), where, board) for _ in range(size)]


@pytest.mark.parametrize("seed", range(12))
def test_count_equals_cp_sat_enumeration(board, seed):
    checked = 0
    for clues in _small_instances(seed, board):
        exact = count_clues(clues, board)
        if exact > 1500:
            continue
        enumerated, complete = enumerate_count(clues, board, limit=2000)
        assert complete
        assert exact == enumerated, clues
        checked += 1
        if checked == 2:
            break


def test_cp_sat_agrees_with_group_and_district_heavy_sets(board):
    checked = 0
    for clues in _small_instances(99, board, kinds="AACCCBBB", size=20):
        exact = count_clues(clues, board)
        if exact > 1500:
            continue
        enumerated, complete = enumerate_count(clues, board, limit=2000)
        assert complete and exact == enumerated, clues
        checked += 1
        if checked == 6:
            break


@pytest.mark.parametrize("seed", range(6))
def test_count_equals_brute_force_over_holds(board, seed):
    """Ten delicts pinned by clues; the other six tried in all 720 ways against `holds`."""
    rng = random.Random(seed)
    pinned = dict(zip(rng.sample(D, 10), rng.sample(L, 10), strict=True))
    clues = [DelictClue(d, (loc, loc, loc, loc)) for d, loc in pinned.items()]
    clues += [_random_clue(rng, "ANDCBB") for _ in range(6)]
    assert count_clues(clues, board) == brute_force_count(clues, board, pinned)


def test_group_clues_on_all_directions(board):
    """Every group in every direction: inclusion-exclusion and units must agree with the definition."""
    rng = random.Random(7)
    pinned = dict(zip(rng.sample(D, 9), rng.sample(L, 9), strict=True))
    clues = [DelictClue(d, (loc,) * 4) for d, loc in pinned.items()]
    clues += [GroupClue(g, direction) for g in names.GROUPS for direction in ("north", "east")]
    clues += [DistrictClue((D[0], D[5]), "same")]
    assert count_clues(clues, board) == brute_force_count(clues, board, pinned)


def test_state_masks():
    allowed = state_masks({"break-in": ["Oberhausen", "Boos"]}, {"arrest": "Boos"})
    assert allowed[names.DELICT_INDEX["arrest"]] == 1 << names.LOCATION_INDEX["Boos"]
    assert allowed[names.DELICT_INDEX["break-in"]] == 1 << names.LOCATION_INDEX["Oberhausen"]
    assert count_assignments(allowed) == math.factorial(14)


def _golden():
    return yaml.safe_load(GOLDEN.read_text(encoding="utf-8"))["cases"]


@pytest.mark.parametrize("case", _golden(), ids=lambda case: case["name"])
def test_golden_counts(board, case):
    clues = [parse_clue(clue) for clue in case.get("clues") or []]
    assert count_clues(clues, board) == case["count"]


def test_count_command_json(run, tmp_path):
    puzzle = tmp_path / "empty.yaml"
    puzzle.write_text("title: empty\n", encoding="utf-8")
    result = run("count", str(puzzle), "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.output) == {"count": SIXTEEN_FACTORIAL}
    plain = run("count", str(puzzle))
    assert "20,922,789,888,000" in plain.output and str(SIXTEEN_FACTORIAL) in plain.output


def _random_clue_set(seed: int, kinds: str, sizes: tuple[int, int], false_kinds: str = "", most_false: int = 0):
    """A seeded clue set: clues true for a hidden solution, plus up to `most_false` random ones."""
    import solver.counting as counting
    from solver.core.board import load_board

    board = load_board()
    rng = random.Random(seed)
    where = dict(zip(names.DELICTS, rng.sample(names.LOCATIONS, 16), strict=True))
    clues = [true_clue(rng, rng.choice(kinds), where, board) for _ in range(rng.randint(*sizes))]
    clues += [_random_clue(rng, false_kinds) for _ in range(rng.randint(0, most_false))]
    return board, clues, counting.reduce_clues(clues, board)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10_000))
def test_sparse_and_dense_counts_agree(seed):
    import solver.counting as counting
    import solver.counting.sparse as sparse_module
    from solver.counting.reduce import shrunk_masks

    board, clues, reduced = _random_clue_set(seed, "AADDNCCB", (6, 14))
    allowed = shrunk_masks(list(reduced.allowed), reduced)
    sparse = counting.count_sparse(reduced, allowed, limit=100_000)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(sparse_module, "SPARSE_STATE_LIMIT", -1)  # force the dense DP
        dense = counting.count_clues(clues, board)
    assert sparse is None or sparse == dense


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 100_000), st.sampled_from(["AANCCBBB", "ACCCCBBBB", "NCBBBBBB", "ACCCCCCB"]))
def test_signed_branches_agree_with_units_and_inclusion_exclusion(seed, kinds):
    """count_branched (group clues as signed branches) == the previous unit / inclusion-exclusion path."""
    from solver.counting.reduce import shrunk_masks

    _, _, reduced = _random_clue_set(seed, kinds, (4, 16), "AB", 3)  # false clues too: counts can be 0
    allowed = shrunk_masks(list(reduced.allowed), reduced)
    if allowed is None:
        return
    assert count_branched(reduced, allowed) == count_units_ie(reduced, allowed)


@pytest.mark.parametrize("seed", range(4))
def test_many_group_and_cross_group_district_clues_match_brute_force(board, seed):
    """Nine delicts pinned; district clues across groups and every group clue the solution allows."""
    rng = random.Random(100 + seed)
    where, pinned, clues = pinned_solution(rng, 9)
    clues += [true_clue(rng, "C", where, board) for _ in range(5)]
    clues += [GroupClue(names.GROUP_OF_DELICT[d], direction) for d in D for direction in names.DIRECTIONS
              if board.in_direction(where[d], direction)]
    assert count_clues(clues, board) == brute_force_count(clues, board, pinned)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 100_000), st.sampled_from(["AADDNCCB", "ADDCCCBBB", "DDDDCCCCBB", "AAAADDDDN"]))
def test_sparse_dp_and_propagation_agree_with_the_dense_dp(seed, kinds):
    """The int-keyed sparse DP (run without its caps) and the pruning of masks keep counts exact."""
    import solver.counting as counting
    import solver.counting.sparse as sparse_module
    from solver.counting.reduce import shrunk_masks

    _, _, reduced = _random_clue_set(seed, kinds, (8, 22), "ADCB", 2)  # false clues too: counts can be 0
    dense = count_branched(reduced, list(reduced.allowed))  # masks as the clues give them
    allowed = shrunk_masks(list(reduced.allowed), reduced)
    if allowed is None:
        assert dense == 0
        return
    assert count_branched(reduced, allowed) == dense
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(sparse_module, "SPARSE_WORK_LIMIT", 10**9)
        sparse = counting.count_sparse(reduced, allowed, limit=20_000)
    assert sparse is None or sparse == dense
