"""The keyed dense path (solver.counting.keyed.count_keyed) against enumeration and the older paths.

Every check here calls count_keyed itself (or asserts that count_clues ran it), so a wrong
keyed path cannot hide behind the sparse DP that count_clues tries first.
"""

from __future__ import annotations

import random
from unittest import mock

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import solver.counting as counting
import solver.counting.keyed as keyed
from solver.core import names
from solver.core.cards import GroupClue
from solver.counting import count_clues, reduce_clues
from solver.counting.dense import _layers
from solver.counting.profiles import profiles_of
from solver.counting.reduce import direction_tables, shrunk_masks
from tests.clue_sets import pinned_solution, true_clue
from tests.counting.reference_branched import count_branched
from tests.counting.reference_units import count_units_ie
from tests.counting.test_count import _random_clue, _random_clue_set
from tests.enumerate_reference import brute_force_count, enumerate_count

L, D = names.LOCATIONS, names.DELICTS
HEAVY_KINDS = ["BBBBCCCC", "BBBBBBBBC", "BBCCCCCC", "ACCCCBBBB", "NCBBBBBB", "BBBBBCCCCCADN"]


def _keyed(reduced, allowed) -> int:
    """count_keyed, asserting it ran."""
    with mock.patch.object(keyed, "count_keyed", wraps=keyed.count_keyed) as spy:
        count = keyed.count_keyed(reduced, allowed)
    assert spy.call_count == 1
    return count


def test_count_clues_takes_the_keyed_path_where_the_sparse_dp_gives_up(board):
    rng = random.Random(3)
    where = dict(zip(D, rng.sample(L, 16), strict=True))
    clues = [true_clue(rng, kind, where, board) for kind in "CCCCBBBBBBBB"]
    with mock.patch.object(counting, "count_keyed", wraps=keyed.count_keyed) as spy:
        assert count_clues([], board) == 20_922_789_888_000
        count = count_clues(clues, board)
    assert spy.call_count == 2
    reduced = reduce_clues(clues, board)
    assert count == count_branched(reduced, shrunk_masks(list(reduced.allowed), reduced))


@settings(max_examples=80)
@given(st.integers(0, 100_000), st.sampled_from(HEAVY_KINDS))
def test_keyed_agrees_with_signed_branches_and_units(seed, kinds):
    """Large counts, group- and district-heavy, with false clues too (counts can be 0)."""
    _, _, reduced = _random_clue_set(seed, kinds, (4, 30), "AB", 3)
    allowed = shrunk_masks(list(reduced.allowed), reduced)
    if allowed is None:
        assert _keyed(reduced, list(reduced.allowed)) == 0
        return
    expected = count_branched(reduced, allowed)
    assert _keyed(reduced, allowed) == expected
    assert _keyed(reduced, list(reduced.allowed)) == expected  # unpropagated masks: the same count
    if seed % 4 == 0:
        assert count_units_ie(reduced, allowed) == expected


@settings(max_examples=40)
@given(st.integers(0, 100_000), st.sampled_from(HEAVY_KINDS), st.randoms(use_true_random=False))
def test_any_order_and_split_gives_the_same_count(seed, kinds, rng):
    """The search only picks an order and a cut: every other one must count the same."""
    _, _, reduced = _random_clue_set(seed, kinds, (6, 30), "B", 2)
    allowed = shrunk_masks(list(reduced.allowed), reduced)
    if allowed is None:
        return
    expected = count_branched(reduced, allowed)

    def any_split(items, free, slot, demanded, profiles, searched):
        items = list(items)
        rng.shuffle(items)
        if free and rng.random() < 0.5:  # the free delicts last, the others in any order
            chosen = {id(item) for item in free}
            rest = [item for item in items if id(item) not in chosen]
            return rest, [], [item for item in items if id(item) in chosen]
        cut = rng.randint(0, len(items))
        return items[:cut], items[cut:], []

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(keyed, "_choose", any_split)
        patch.setattr(keyed, "_free_over_reached", lambda *args: (None, None))  # every plan from _choose
        assert _keyed(reduced, allowed) == expected


def test_a_group_no_placement_can_cover_counts_zero_on_the_free_plan():
    """Felony must reach the south, but district cards keep every member out of it: no item adds
    a bit for it, so no step checks it; the free plan must still count only complete keys."""
    _, _, reduced = _random_clue_set(62565, "ACCCCBBBB", (6, 30), "B", 2)
    allowed = shrunk_masks(list(reduced.allowed), reduced)
    assert allowed is not None and count_branched(reduced, allowed) == 0

    def free_last(items, free, slot, demanded, profiles, searched):
        chosen = {id(item) for item in free}
        return [item for item in items if id(item) not in chosen], [], free

    with (pytest.MonkeyPatch.context() as patch,
          mock.patch.object(keyed, "_run_free", wraps=keyed._run_free) as free_runs):
        patch.setattr(keyed, "_choose", free_last)
        patch.setattr(keyed, "_free_over_reached", lambda *args: (None, None))  # the dense run, then profiles
        assert _keyed(reduced, allowed) == 0
        assert free_runs.call_count == 1


@pytest.mark.parametrize("seed", range(8))
def test_keyed_equals_brute_force_with_pinned_delicts(board, seed):
    """Eight or nine delicts pinned, the rest tried in every way against `holds`."""
    rng = random.Random(500 + seed)
    where, pinned, clues = pinned_solution(rng, 8 + seed % 2)
    clues += [true_clue(rng, "C", where, board) for _ in range(2 + seed % 4)]
    clues += [true_clue(rng, "B", where, board) for _ in range(6)]
    clues += [_random_clue(rng, "B") for _ in range(seed % 3)]  # may be false: counts can be 0
    reduced = reduce_clues(clues, board)
    expected = brute_force_count(clues, board, pinned)
    assert _keyed(reduced, list(reduced.allowed)) == expected
    allowed = shrunk_masks(list(reduced.allowed), reduced)
    assert (0 if allowed is None else _keyed(reduced, allowed)) == expected


@pytest.mark.parametrize("seed", range(4))
def test_keyed_equals_cp_sat_enumeration_on_small_counts(board, seed):
    rng = random.Random(900 + seed)
    checked = 0
    while checked < 2:
        where = dict(zip(D, rng.sample(L, 16), strict=True))
        clues = [true_clue(rng, rng.choice("AADCCCBBBB"), where, board) for _ in range(16)]
        reduced = reduce_clues(clues, board)
        allowed = shrunk_masks(list(reduced.allowed), reduced)
        count = _keyed(reduced, allowed)
        if count > 1500:
            continue
        enumerated, complete = enumerate_count(clues, board, limit=2000)
        assert complete and count == enumerated, clues
        checked += 1


def test_every_group_in_every_direction(board):
    """Each group must reach all four directions: nine signed terms a group before, one key now."""
    rng = random.Random(11)
    where = dict(zip(D, rng.sample(L, 16), strict=True))
    clues = [GroupClue(group, direction) for group in names.GROUPS for direction in names.DIRECTIONS]
    clues += [true_clue(rng, "C", where, board) for _ in range(3)]
    reduced = reduce_clues(clues, board)
    allowed = shrunk_masks(list(reduced.allowed), reduced)
    assert _keyed(reduced, allowed) == count_branched(reduced, allowed)


def test_a_keyed_path_that_forgets_its_keys_is_caught():
    """A deliberately wrong variant (keys never prune and the halves meet on every pair of
    keys, so group clues are ignored) fails the same check the tests above make."""
    meet, plan = keyed._meet, keyed._plan
    wrong = 0
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(keyed, "_meet", lambda first, second, full: meet(first, second, 0))
        patch.setattr(keyed, "_plan", lambda item, part, own, later: plan(item, part, own, own))
        for seed in range(20):
            _, _, reduced = _random_clue_set(seed, "BBBBCCCC", (10, 30))
            allowed = shrunk_masks(list(reduced.allowed), reduced)
            if allowed is not None:
                wrong += _keyed(reduced, allowed) != count_branched(reduced, allowed)
    assert wrong > 0


def test_the_meet_checks_the_keys_of_one_pair_too():
    """Halves met on one key each count only if the two keys cover every demanded direction."""
    import numpy as np

    keyed.warm_tables()
    first = ({0b0001: np.ones(12870, dtype=np.int64)}, 8)
    second = ({0b0010: np.ones(12870, dtype=np.int64)}, 8)
    assert keyed._meet(first, second, 0b0011) == 12870
    assert keyed._meet(first, second, 0b0111) == 0


def _free(reduced, allowed) -> int:
    """count_keyed with every free delict placed last over profiles, asserting that path ran."""
    choose = keyed._choose

    def free_last(items, free, slot, demanded, profiles, searched):
        first, second, chosen = choose(items, free, slot, demanded, profiles, searched)
        if chosen or not free:
            return first, second, chosen
        ids = {id(item) for item in free}
        return [item for item in items if id(item) not in ids], [], free

    with (pytest.MonkeyPatch.context() as patch,
          mock.patch.object(keyed, "_run_free", wraps=keyed._run_free) as free_runs):
        patch.setattr(keyed, "_choose", free_last)
        count = _keyed(reduced, allowed)
    return count, free_runs.call_count


@settings(max_examples=80)
@given(st.integers(0, 100_000), st.sampled_from([*HEAVY_KINDS, "BBBBBBBBBBBBBBBB", "BBBBBBBBBBBBCCCCCC"]))
def test_free_delicts_over_profiles_agree_with_signed_branches(seed, kinds):
    """The free path (profiles.py), forced wherever a free delict is left, against the
    signed-branch reference; most of these sets leave some delicts free."""
    _, _, reduced = _random_clue_set(seed, kinds, (4, 30), "AB", 3)
    allowed = shrunk_masks(list(reduced.allowed), reduced)
    if allowed is None:
        return
    count, runs = _free(reduced, allowed)
    assert count == count_branched(reduced, allowed)
    if seed % 4 == 0:
        assert count == count_units_ie(reduced, allowed)
    tied = {d for first, second, _ in reduced.pairs for d in (first, second)}
    classes = profiles_of(tuple(direction_tables(reduced)[0]))
    free = [d for d in range(16) if d not in tied and classes.is_free(allowed[d])]
    assert runs == 1 or not free or count == 0


def test_free_path_on_every_group_clue(board):
    """Every true group clue, a few district clues: the bench's hard sets, free path forced."""
    rng = random.Random(21)
    ran = 0
    for _ in range(12):
        where = dict(zip(D, rng.sample(L, 16), strict=True))
        clues = [GroupClue(group, direction) for group in names.GROUPS for direction in names.DIRECTIONS
                 if any(board.in_direction(where[d], direction) for d in names.GROUPS[group])]
        clues += [true_clue(rng, "C", where, board) for _ in range(rng.randint(2, 6))]
        reduced = reduce_clues(clues, board)
        allowed = shrunk_masks(list(reduced.allowed), reduced)
        count, runs = _free(reduced, allowed)
        ran += runs
        assert count == count_branched(reduced, allowed)
    assert ran >= 6


@pytest.mark.parametrize("seed", range(6))
def test_free_path_equals_enumeration_on_small_counts(board, seed):
    """Pinned delicts leave small counts: the free path against brute force."""
    rng = random.Random(700 + seed)
    where, pinned, clues = pinned_solution(rng, 8)
    clues += [true_clue(rng, "B", where, board) for _ in range(8)]
    clues += [_random_clue(rng, "B") for _ in range(seed % 3)]
    reduced = reduce_clues(clues, board)
    expected = brute_force_count(clues, board, pinned)
    allowed = list(reduced.allowed)  # unpropagated: the pinned delicts' locations stay in the others' masks
    count, runs = _free(reduced, allowed)
    assert count == expected
    assert runs == 1 or expected == 0


def test_a_free_path_that_forgets_the_arrangements_is_caught(board):
    """A deliberately wrong free path (no Π c_q! per profile) fails the same checks."""
    import solver.counting.profiles as profiles

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(profiles, "_arrangements", lambda p: np.ones(p.size, dtype=np.int64))
        assert _free_path_disagrees()


def test_a_free_path_that_ignores_group_clues_is_caught(board):
    """A deliberately wrong free path (the free delicts add no direction bits) fails too."""
    real = keyed._plan

    def blind(item, part, own, later):
        plan = real(item, part, own, later)
        if len(item.delicts) == 1 and item.classes[0][2] is None:
            mask = 0
            for _bits, locations, _, _ in item.classes:
                mask |= locations
            return {part: mask}
        return plan

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(keyed, "_plan", blind)
        assert _free_path_disagrees()


def _free_path_disagrees() -> bool:
    """Whether the free path, on group-heavy sets it takes, counts differently from signed branches."""
    for seed in range(10):
        _, _, reduced = _random_clue_set(seed, "BBBBBBBBC", (6, 20))
        allowed = shrunk_masks(list(reduced.allowed), reduced)
        if allowed is not None:
            count, runs = _free(reduced, allowed)
            if runs and count != count_branched(reduced, allowed):
                return True
    return False


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 100_000), st.sampled_from(HEAVY_KINDS), st.randoms(use_true_random=False))
def test_the_keys_after_a_set_of_items_are_the_same_in_any_order(seed, kinds, rng):
    """What lets the plan search share the keys after a set of items between the orders it
    prices (keyed._step_costs): the keys _run keeps after placing a set of items, with the
    same items after them, do not depend on the order the set was placed in."""
    _, _, reduced = _random_clue_set(seed, kinds, (4, 30), "AB", 3)
    allowed = shrunk_masks(list(reduced.allowed), reduced)
    setup = keyed.keyed_setup(reduced, allowed) if allowed is not None else None
    if setup is None or not setup.items:
        return
    order = list(setup.items)
    rng.shuffle(order)
    cut = rng.randint(1, len(order))
    again = order[:cut]
    rng.shuffle(again)
    assert _keys_after(order, cut, setup.full) == _keys_after(again + order[cut:], cut, setup.full)


def _keys_after(sequence, count: int, full: int) -> set[int]:
    """The keys after the first `count` items of the sequence, as _run keeps them."""
    keys = {0}
    for index, item in enumerate(sequence[:count]):
        later = 0
        for after in sequence[index + 1:]:
            later |= after.reach
        keys = keyed._joint_step(keys, item, full, later)
    return keys


@pytest.mark.parametrize("layer", [1, 2, 3, 7, 8, 14, 16])
def test_all_sources_lists_each_sets_subsets_by_one_in_the_order_of_the_location_left_out(layer):
    layers, position = _layers()
    table = keyed._all_sources(layer)
    assert table.shape == (len(layers[layer]), layer)
    for row, mask in zip(table.tolist(), layers[layer].tolist(), strict=True):
        assert row == [int(position[mask & ~(1 << bit)]) for bit in range(16) if mask >> bit & 1]
