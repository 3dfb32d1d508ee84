"""The dense subset DP's tables (solver.counting.dense), by their definitions."""

from __future__ import annotations

from solver.core.bits import N
from solver.counting.dense import _layers, popcounts, single_step


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


def test_single_step_pairs_each_set_without_the_location_with_that_set_plus_it():
    layers, position = _layers()
    for layer, location in [(0, 0), (1, 15), (7, 3), (8, 8), (15, 0), (15, 15)]:
        source, target = single_step(layer, location)
        without = [mask for mask in layers[layer].tolist() if not mask >> location & 1]
        assert layers[layer][source].tolist() == without
        assert layers[layer + 1][target].tolist() == [mask | 1 << location for mask in without]
        assert all(int(position[mask | 1 << location]) == t for mask, t in zip(without, target.tolist(), strict=True))
