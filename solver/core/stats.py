"""Small statistics the simulations share: a win rate's interval, and each game's own seed."""

from __future__ import annotations

import math


def wilson_interval(successes: int, trials: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson score interval for a binomial proportion (95% for z = 1.96)."""
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def game_seed(seed: int, index: int) -> int:
    """The seed of game `index` of a run seeded `seed`: the same whatever the number of workers."""
    return (seed * 1_000_003 + index) & 0xFFFFFFFFFFFF
