"""The keyed DP over only the reached states, as flat arrays of (location set, key, ways).

A unit of delicts tied by district clues has few joint placements (two delicts joined by
a path: at most two per path of the board), so the location sets that the first few units
reach are a small part of their popcount layer, and the dense vectors of keyed._run (one
of width C(16, layer) per key) would be mostly zeros. keyed._run starts here: each step
pairs every reached state with every placement of the item disjoint from its set, and sums
the pairs that land on the same (set, key). It goes over to dense vectors (to_vectors) at
the first step the pairs would cost more than the dense step, and count_keyed's free plan
goes from here straight to profiles of the locations left (to_profiles).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from solver.core.bits import FULL, N, indices
from solver.counting.arrays import distinct, distinct_with_inverse
from solver.counting.costs import DENSE_SUM, PAIR_WORK, STEP_WORK
from solver.counting.dense import _layers
from solver.counting.profiles import Profiles, arrangements, positions

Classes = list[tuple[int, np.ndarray, np.ndarray]]  # (key bits added, placements as location sets, ways)
Vectors = dict[int, np.ndarray]


@dataclass
class Reached:
    """The reached states of one layer: per state its location set, its key (as an index
    into `table`, the distinct keys, ascending) and its ways.

    Every partial count is a number of partial placements, < 16! < 2^53: float64 ways,
    which bincount sums, stay exact."""

    sets: np.ndarray
    index: np.ndarray
    ways: np.ndarray
    table: np.ndarray
    layer: int = 0

    @classmethod
    def empty_set(cls) -> Reached:
        zero = np.zeros(1, np.int64)
        return cls(zero, zero, np.ones(1), zero, 0)

    def pairs(self, placements: int) -> float:
        """The estimated work of the pairs of a step with so many placements, in dense work
        units (the step's fixed cost, STEP_WORK, comes on top)."""
        return PAIR_WORK * len(self.sets) * placements

    def price(self, placements: int) -> float:
        """The estimated work of a whole step with so many placements."""
        return STEP_WORK + self.pairs(placements)


def sparse_classes(classes: list[tuple[int, int, np.ndarray | None, np.ndarray | None]]) -> Classes:
    """keyed._Item.classes with a single delict's mask spelt out as one placement per location."""
    spelt: Classes = []
    for bits, mask, placements, counts in classes:
        if placements is None or counts is None:
            locations = np.array([1 << location for location in indices(mask)], dtype=np.int64)
            spelt.append((bits, locations, np.ones(len(locations))))
        else:
            spelt.append((bits, placements, counts.astype(np.float64)))
    return spelt


@dataclass
class Trace:
    """A step's pairs, for a backward pass: per pair its state before (an index into the old
    states), its state after (into the new) and its placement (an index into the item's
    classes' placements, one after another)."""

    before: np.ndarray
    after: np.ndarray
    placement: np.ndarray


def step(reached: Reached, classes: Classes, size: int, own: int, later: int) -> Reached:
    """Place one item: every state times every placement disjoint from its set, the key's
    bits in the item's fields (`own`) moved by the placement's class; keys that the bits
    still to come (`later`) cannot complete are dropped. The targets are worked out on the
    table of distinct keys, not per state."""
    table, codes, ways, _ = _pairs(reached, classes, size, own, later, False)
    layer = reached.layer + size
    if not codes:
        return _no_states(table, layer)
    width = len(_layers()[0][layer])
    code, weight = np.concatenate(codes), np.concatenate(ways)
    if len(code) * DENSE_SUM >= len(table) * width:
        summed = np.bincount(code, weights=weight, minlength=len(table) * width)
        unique = np.flatnonzero(summed)
        summed = summed[unique]
    else:
        unique, inverse, _ = distinct_with_inverse(code)
        summed = np.bincount(inverse, weights=weight)
    return _states(unique, summed, table, layer, width)


def traced_step(reached: Reached, classes: Classes, size: int, own: int, later: int) -> tuple[Reached, Trace]:
    """`step`, and its pairs for the backward pass."""
    table, codes, ways, found = _pairs(reached, classes, size, own, later, True)
    layer = reached.layer + size
    empty = np.zeros(0, np.int64)
    if not codes:
        return _no_states(table, layer), Trace(empty, empty, empty)
    width = len(_layers()[0][layer])
    unique, inverse, _ = distinct_with_inverse(np.concatenate(codes))
    summed = np.bincount(inverse, weights=np.concatenate(ways))
    before, placement = (np.concatenate(parts) for parts in zip(*found, strict=True))
    return _states(unique, summed, table, layer, width), Trace(before, inverse, placement)


def _pairs(
    reached: Reached, classes: Classes, size: int, own: int, later: int, traced: bool
) -> tuple[np.ndarray, list[np.ndarray], list[np.ndarray], list[tuple[np.ndarray, np.ndarray]]]:
    """The new keys' table, and per class the pairs' codes (key index x layer width +
    position of the new set) and ways; `traced`: also each pair's old state and placement."""
    parts = reached.table & own
    targets = [(reached.table & ~own) | parts | bits for bits, _, _ in classes]
    kept = [((parts | bits | later) & own) == own for bits, _, _ in classes]
    table = distinct(np.concatenate([target[keep] for target, keep in zip(targets, kept, strict=True)]))
    layers, position = _layers()
    width = len(layers[reached.layer + size])
    codes, ways, found = [], [], []
    offset = 0
    for (_, placements, counts), target, keep in zip(classes, targets, kept, strict=True):
        chosen = np.flatnonzero(keep[reached.index])
        if len(chosen):
            from_sets = reached.sets[chosen]
            rows, columns = np.nonzero((from_sets[:, None] & placements[None, :]) == 0)
            new_index = np.searchsorted(table, target)[reached.index[chosen]]
            codes.append(new_index[rows] * width + position[from_sets[rows] | placements[columns]])
            ways.append(reached.ways[chosen][rows] * counts[columns])
            if traced:
                found.append((chosen[rows], columns + offset))
        offset += len(placements)
    return table, codes, ways, found


def _no_states(table: np.ndarray, layer: int) -> Reached:
    return Reached(np.zeros(0, np.int64), np.zeros(0, np.int64), np.zeros(0), table, layer)


def _states(unique: np.ndarray, summed: np.ndarray, table: np.ndarray, layer: int, width: int) -> Reached:
    """The states of the distinct codes (key index x width + position in the layer)."""
    return Reached(_layers()[0][layer][unique % width], unique // width, summed, table, layer)


def _by_key(reached: Reached, index: np.ndarray, width: int, weights: np.ndarray | None = None) -> Vectors:
    """Per key, the ways summed at each index (a position in the layer, or a profile), times
    `weights` when given; keys with no ways left out (found for all keys at once: a call per
    key cost more than the sums, with a thousand keys or more)."""
    table = np.bincount(reached.index * width + index, weights=reached.ways, minlength=len(reached.table) * width)
    rows = table.reshape(len(reached.table), width).astype(np.int64)
    if weights is not None:
        rows *= weights
    live = np.flatnonzero(rows.any(axis=1))
    return dict(zip(reached.table[live].tolist(), rows[live], strict=True))


def to_vectors(reached: Reached) -> Vectors:
    """keyed._run's dense vectors: per key, the ways on each set of the layer."""
    layers, position = _layers()
    return _by_key(reached, position[reached.sets], len(layers[reached.layer]))


def to_profiles(reached: Reached, profiles: Profiles) -> Vectors:
    """profiles.by_profile from the reached states: per key, the ways per profile of the
    locations left, times its arrangements."""
    left = N - reached.layer
    weights = arrangements(profiles, left)
    return _by_key(reached, positions(profiles, FULL ^ reached.sets, left), len(weights), weights)
