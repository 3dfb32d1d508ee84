"""Sets of small integers as int bit masks: bit i set means index i is in the set.

The solver's sets are of the 16 locations or the 16 delicts (indices as in `names`), so
N = 16 and FULL is every one of them; `indices` and `mask_of` work for any width (the
card games keep hands of up to 50 cards this way). Hot loops may inline the same
arithmetic (`mask & -mask` is the lowest bit, `mask & (mask - 1)` drops it, `bit_count`
is the size); this module is where the words are defined.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from solver.core import names

N = 16  # locations, and delicts
FULL = (1 << N) - 1  # every location (or every delict)


def bit(index: int) -> int:
    """The mask holding `index` alone."""
    return 1 << index


def mask_of(indices: Iterable[int]) -> int:
    """The mask of some indices (repeats are harmless)."""
    mask = 0
    for index in indices:
        mask |= 1 << index
    return mask


def indices(mask: int) -> list[int]:
    """The set bits of a mask, ascending."""
    found = []
    while mask:
        low = mask & -mask
        found.append(low.bit_length() - 1)
        mask ^= low
    return found


def union(masks: Iterable[int]) -> int:
    """Every index in any of the masks."""
    found = 0
    for mask in masks:
        found |= mask
    return found


def location_mask(locations: Iterable[str]) -> int:
    """The mask of some locations, by their display names."""
    return mask_of(names.LOCATION_INDEX[location] for location in locations)


def byte_tables(near: Sequence[int]) -> tuple[list[int], list[int]]:
    """The union of near[i] over the bits i of a 16-bit mask, looked up by the mask's low byte
    and its high byte: union = low[mask & 255] | high[mask >> 8]."""
    halves = []
    for offset in (0, 8):
        table = [0] * 256
        for byte in range(1, 256):
            low = byte & -byte
            table[byte] = table[byte ^ low] | near[offset + low.bit_length() - 1]
        halves.append(table)
    return halves[0], halves[1]
