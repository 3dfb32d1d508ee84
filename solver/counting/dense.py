"""The dense subset DP: a permanent of 0/1 masks, one popcount layer of location sets at a time.

Unary clues reduce to a 16-bit mask of allowed locations per delict; the count is then the
permanent of a 0/1 matrix, computed by a DP over subsets of locations, one popcount layer at
a time (docs/solo.md, "Counting"). Every partial count is a number of partial
assignments, so it is at most 16! < 2^53: int64 is exact throughout, and so are float64
weights where numpy sums with bincount.

Also the DP steps the other paths build on: place one delict (place_one), place a whole
unit's joint placements (place_unit), and join two halves (meet).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from math import comb

import numpy as np

from solver.core.bits import FULL, N, indices
from solver.counting.costs import SPARSE_LAYER

LOCATION_BITS = 1 << np.arange(N, dtype=np.int64)  # bit(location) for numpy indexing


@cache
def popcounts() -> np.ndarray:
    """The number of locations in each set of locations, indexed by its mask (int64)."""
    return np.bitwise_count(np.arange(1 << N, dtype=np.int64)).astype(np.int64)


@cache
def _layers() -> tuple[list[np.ndarray], np.ndarray]:
    """The masks of each popcount layer, ascending, and every mask's position in its layer."""
    popcount = popcounts()
    layers = [np.flatnonzero(popcount == k) for k in range(N + 1)]
    position = np.zeros(1 << N, dtype=np.int64)
    for layer in layers:
        position[layer] = np.arange(len(layer))
    return layers, position


@cache
def single_step(layer: int, location: int) -> tuple[np.ndarray, np.ndarray]:
    """The positions in `layer` of the sets without `location`, and of each set with it added, one
    layer up. Built on first use, one location at a time: a count in a fresh process builds only
    the locations its delicts may take."""
    layers, position = _layers()
    masks = layers[layer]
    source = np.flatnonzero(masks & (1 << location) == 0)
    return source, position[masks[source] | (1 << location)]


def place_one(dp: np.ndarray, layer: int, allowed: int) -> np.ndarray:
    """Place one more delict on any free location of `allowed`: dp over layer -> dp over layer + 1."""
    new = np.zeros(comb(N, layer + 1), dtype=np.int64)
    present = np.flatnonzero(dp)
    if len(present) * SPARSE_LAYER <= len(dp):
        # Few states reached (tight clues): step only those. Every partial count is < 2^53,
        # so the float weights of bincount stay exact.
        layers, position = _layers()
        bits = LOCATION_BITS[indices(allowed)]
        masks = layers[layer][present][:, None]
        free = (masks & bits[None, :]) == 0
        rows, cols = np.nonzero(free)
        target = position[masks[rows, 0] | bits[cols]]
        summed = np.bincount(target, weights=dp[present][rows].astype(np.float64), minlength=len(new))
        return summed.astype(np.int64)
    for location in indices(allowed):
        source, target = single_step(layer, location)
        new[target] += dp[source]
    return new


def count_assignments(allowed: Sequence[int]) -> int:
    """The number of bijections delict -> location with delict d on a location of mask allowed[d].

    The permanent of the 16x16 0/1 matrix whose row d is the bit mask allowed[d].
    """
    if len(allowed) != N:
        raise ValueError(f"need {N} masks, got {len(allowed)}")
    if any(mask & FULL == 0 for mask in allowed):
        return 0
    dp = np.ones(1, dtype=np.int64)
    for layer, mask in enumerate(sorted(mask & FULL for mask in allowed)):
        dp = place_one(dp, layer, mask)
        if not dp.any():
            return 0
    return int(dp[0])


def place_unit(
    dp: np.ndarray, layer: int, size: int, placements: np.ndarray, counts: np.ndarray
) -> np.ndarray:
    """Place a whole unit: each of its location sets, times its ways, on every disjoint state."""
    layers, _ = _layers()
    present = np.flatnonzero(dp)
    masks, values = layers[layer][present], dp[present]
    new = np.zeros(1 << N, dtype=np.int64)
    chunk = max(1, 1_000_000 // max(len(masks), 1))
    for start in range(0, len(placements), chunk):
        block, ways = placements[start:start + chunk], counts[start:start + chunk]
        rows, cols = np.nonzero((masks[:, None] & block[None, :]) == 0)
        np.add.at(new, masks[rows] | block[cols], values[rows] * ways[cols])
    return new[layers[layer + size]]


def meet(first: tuple[np.ndarray, int], second: tuple[np.ndarray, int]) -> int:
    """Join two halves: the first on a set of locations, the second on all the others."""
    (dp, layer), (other, _) = first, second
    layers, position = _layers()
    complement = position[FULL ^ layers[layer]]
    return int((dp * other[complement]).sum())
