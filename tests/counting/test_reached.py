"""The keyed DP over reached states (solver.counting.reached).

The reached steps must give exactly the dense vectors, and the free path that starts from
them (keyed._free_over_reached) must count what the signed-branch reference counts.
"""

from __future__ import annotations

import random
from unittest import mock

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import solver.counting.keyed as keyed
import solver.counting.reached as reached
from solver.core import names
from solver.core.bits import FULL
from solver.counting import reduce_clues
from solver.counting.reduce import direction_tables, live_group_clues, shrunk_masks
from solver.counting.rows import find_units
from tests.clue_sets import true_clue
from tests.counting.reference_branched import count_branched
from tests.counting.test_count import _random_clue_set

L, D = names.LOCATIONS, names.DELICTS
UNIT_HEAVY = ["CCCCCBBBB", "BBBBBBBBCCCCCC", "CCCCCCBBBBBBDN", "NDCCCCBBBB", "ADCCCBBBBBB"]


def _items(reduced, allowed):
    """count_keyed's items for a clue set, with its full key (None when no item can be made)."""
    live = live_group_clues(allowed, reduced, reduced.group_dirs)
    if live is None:
        return None
    ordered = list(names.DIRECTIONS)
    slot = {group: index for index, group in enumerate(sorted(live))}
    demanded = {group: sum(1 << ordered.index(d) for d in live[group]) for group in live}
    dir_bits = direction_tables(reduced)[0]
    units = find_units(reduced, {})
    items = [keyed._make_item(unit, allowed, reduced, live, slot, demanded, dir_bits) for unit in units]
    if any(item is None for item in items):
        return None
    return items, sum(demanded[g] << (4 * slot[g]) for g in live)


def _forced(reduced, allowed) -> tuple[int, int]:
    """count_keyed with every run over reached states to its end; the count, and how often
    the free path over reached states ran."""
    with (pytest.MonkeyPatch.context() as patch,
          mock.patch.object(keyed, "to_profiles", wraps=keyed.to_profiles) as free_over_reached):
        patch.setattr(reached, "PAIR_WORK", 0.0)
        patch.setattr(reached, "STEP_WORK", 0.0)
        count = keyed.count_keyed(reduced, allowed)
    return count, free_over_reached.call_count


@pytest.mark.parametrize("seed", range(12))
def test_reached_steps_give_exactly_the_dense_vectors(seed):
    _, _, reduced = _random_clue_set(seed, UNIT_HEAVY[seed % len(UNIT_HEAVY)], (8, 24), "AB", 2)
    allowed = shrunk_masks(list(reduced.allowed), reduced)
    made = None if allowed is None else _items(reduced, allowed)
    if made is None:
        pytest.skip("no placements")
    items, full = made
    items = keyed._greedy([], items)[: max(1, len(items) // 2)]
    later = keyed._later(items, FULL)
    state = reached.Reached.empty_set()
    for index, item in enumerate(items):
        state = reached.step(state, item.spelt(), len(item.delicts), item.fields & full, later[index + 1])
    dense, layer = keyed._run_dense(items, later, full, {0: np.ones(1, dtype=np.int64)}, 0)
    sparse = reached.to_vectors(state)
    assert state.layer == layer
    assert sparse.keys() == {key for key, vector in dense.items() if vector.any()}
    for key, vector in sparse.items():
        assert np.array_equal(vector, dense[key])


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 100_000), st.sampled_from(UNIT_HEAVY))
def test_the_free_path_over_reached_states_agrees_with_signed_branches(seed, kinds):
    """Forced to its end wherever a delict is free; false clues too (counts can be 0)."""
    _, _, reduced = _random_clue_set(seed, kinds, (6, 28), "AB", 2)
    allowed = shrunk_masks(list(reduced.allowed), reduced)
    if allowed is None:
        return
    count, _ = _forced(reduced, allowed)
    assert count == count_branched(reduced, allowed)


def test_the_free_path_over_reached_states_runs_on_the_hard_sets(board):
    """Every true group clue and district clues across groups: the sets it is for."""
    rng = random.Random(5)
    ran = 0
    for _ in range(10):
        where = dict(zip(D, rng.sample(L, 16), strict=True))
        clues = [true_clue(rng, "B", where, board) for _ in range(14)]
        clues += [true_clue(rng, "C", where, board) for _ in range(rng.randint(3, 7))]
        reduced = reduce_clues(clues, board)
        allowed = shrunk_masks(list(reduced.allowed), reduced)
        with mock.patch.object(keyed, "to_profiles", wraps=keyed.to_profiles) as free_over_reached:
            assert keyed.count_keyed(reduced, allowed) == count_branched(reduced, allowed)
        ran += free_over_reached.called
    assert ran >= 5


def test_a_reached_step_that_forgets_a_units_ways_is_caught():
    """A deliberately wrong step (each location set of a unit counted once, however many ways
    its delicts can take it) fails the same check."""
    real = reached.step

    def uncounted(state, classes, size, own, later):
        once = [(bits, placements, np.ones(len(placements))) for bits, placements, _ in classes]
        return real(state, once, size, own, later)

    wrong = 0
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(keyed, "reached_step", uncounted)
        for seed in range(12):
            _, _, reduced = _random_clue_set(seed, "CCCCCBBBB", (8, 24), "B", 2)
            allowed = shrunk_masks(list(reduced.allowed), reduced)
            if allowed is not None:
                wrong += _forced(reduced, allowed)[0] != count_branched(reduced, allowed)
    assert wrong > 0
