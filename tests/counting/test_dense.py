"""The dense subset DP's tables (solver.counting.dense), by their definitions."""

from __future__ import annotations

from solver.core.bits import N
from solver.counting.dense import _layers, popcounts


def test_popcounts_count_the_locations_of_every_set() -> None:
    counts = popcounts()
    assert counts.dtype.kind == "i" and counts.dtype.itemsize == 8  # stride * count must not wrap
    assert counts.tolist() == [bin(mask).count("1") for mask in range(1 << N)]


def test_layers_hold_each_popcount_ascending_with_every_position() -> None:
    layers, position = _layers()
    for size, layer in enumerate(layers):
        expected = [mask for mask in range(1 << N) if bin(mask).count("1") == size]
        assert layer.tolist() == expected
        assert position[layer].tolist() == list(range(len(expected)))
