"""Exact counting of the solutions σ (delict -> location bijections) that satisfy a set of clues.

Unary clues (delict, not, location) reduce to a 16-bit mask of allowed locations per
delict; the count is then the permanent of a 0/1 matrix, computed by a DP over subsets of
locations, one popcount layer at a time (spec performance.md, "Counting exactly").
Every partial count is a number of partial assignments, so it is at most 16! < 2^63:
int64 is exact throughout.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from math import comb

import numpy as np

SIZE = 16
FULL = (1 << SIZE) - 1


@cache
def _layers() -> tuple[list[np.ndarray], np.ndarray]:
    """The masks of each popcount layer, ascending, and every mask's position in its layer."""
    masks = np.arange(1 << SIZE, dtype=np.int64)
    popcount = np.zeros(1 << SIZE, dtype=np.int64)
    for bit in range(SIZE):
        popcount += (masks >> bit) & 1
    layers = [np.flatnonzero(popcount == k) for k in range(SIZE + 1)]
    position = np.zeros(1 << SIZE, dtype=np.int64)
    for layer in layers:
        position[layer] = np.arange(len(layer))
    return layers, position


@cache
def _single_steps(layer: int) -> list[tuple[np.ndarray, np.ndarray]]:
    """For each location l: positions in `layer` of masks without l, and of mask | l one layer up."""
    layers, position = _layers()
    masks = layers[layer]
    steps = []
    for bit in range(SIZE):
        source = np.flatnonzero((masks >> bit) & 1 == 0)
        steps.append((source, position[masks[source] | (1 << bit)]))
    return steps


def _place_one(dp: np.ndarray, layer: int, allowed: int) -> np.ndarray:
    """Place one more delict on any free location of `allowed`: dp over layer -> dp over layer + 1."""
    new = np.zeros(comb(SIZE, layer + 1), dtype=np.int64)
    for bit, (source, target) in enumerate(_single_steps(layer)):
        if allowed >> bit & 1:
            new[target] += dp[source]
    return new


def count_assignments(allowed: Sequence[int]) -> int:
    """The number of bijections delict -> location with delict d on a location of mask allowed[d].

    The permanent of the 16x16 0/1 matrix whose row d is the bit mask allowed[d].
    """
    if len(allowed) != SIZE:
        raise ValueError(f"need {SIZE} masks, got {len(allowed)}")
    if any(mask & FULL == 0 for mask in allowed):
        return 0
    dp = np.ones(1, dtype=np.int64)
    for layer, mask in enumerate(sorted(mask & FULL for mask in allowed)):
        dp = _place_one(dp, layer, mask)
        if not dp.any():
            return 0
    return int(dp[0])
