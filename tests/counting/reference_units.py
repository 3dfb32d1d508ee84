"""The unit / inclusion-exclusion path (count_units_ie): the reference the tests compare against.

Not used by count_clues (so it lives with the tests); kept as an independent cross-check of
tests/counting/reference_branched.count_branched, on the same DP steps (dense) and unit rows (rows).

Delicts tied together by district clues (and by the group clues of their group) form a
unit. A unit's joint placements are enumerated as numpy rows and reduced to a table
{set of locations used: number of ways}; the subset DP then places whole units. A group
clue whose unit would get too large to enumerate is instead removed by inclusion-exclusion:
"some delict of g in X" = all placements - placements with every delict of g outside X.
"""

from __future__ import annotations

from itertools import combinations

import numpy as np

from solver.core.bits import FULL, indices
from solver.counting.dense import LOCATION_BITS, meet, place_one, place_unit
from solver.counting.reduce import GROUP_INDEX_OF_DELICT, GROUP_MEMBERS, Reduced, live_group_clues
from solver.counting.rows import Rows, aggregate, extend, find_units, unit_order

ROW_LIMIT = 200_000


def count_units_ie(reduced: Reduced, allowed: list[int]) -> int:
    """The previous dense path: group clues enumerated inside units, else inclusion-exclusion."""
    by_ie: set[int] = set()
    while True:
        try:
            return _count_with_ie(allowed, reduced, frozenset(by_ie))
        except _TooBig as big:
            by_ie.add(big.group)


class _TooBig(Exception):
    """A unit's enumeration outgrew ROW_LIMIT; `group` is the group clue to take out of it."""

    def __init__(self, group: int):
        super().__init__(group)
        self.group = group


def _ie_terms(group: int, directions: frozenset[str], reduced: Reduced) -> dict[int, int]:
    """barred locations -> coefficient: Σ over subsets T of the directions, (-1)^|T|, bar ∪T."""
    terms: dict[int, int] = {}
    for size in range(len(directions) + 1):
        for subset in combinations(sorted(directions), size):
            barred = 0
            for direction in subset:
                barred |= reduced.direction_mask[direction]
            terms[barred] = terms.get(barred, 0) + (-1) ** size
    return {barred: coeff for barred, coeff in terms.items() if coeff and barred != FULL}


def _count_with_ie(allowed: list[int], reduced: Reduced, by_ie: frozenset[int]) -> int:
    terms: list[tuple[int, list[int]]] = [(1, allowed)]
    for group in sorted(by_ie):
        expanded = []
        for barred, coeff in _ie_terms(group, reduced.group_dirs[group], reduced).items():
            for sign, masks in terms:
                masks = list(masks)
                for delict in GROUP_MEMBERS[group]:
                    masks[delict] &= ~barred
                expanded.append((sign * coeff, masks))
        terms = expanded
    tied = {g: dirs for g, dirs in reduced.group_dirs.items() if g not in by_ie}
    return sum(sign * _count_units(masks, reduced, tied) for sign, masks in terms)


def _count_units(allowed: list[int], reduced: Reduced, tied: dict[int, frozenset[str]]) -> int:
    """Count with masks, district ties and the group clues in `tied` enumerated inside units."""
    if any(mask == 0 for mask in allowed):
        return 0
    tied = live_group_clues(allowed, reduced, tied)
    if tied is None:
        return 0
    halves: list[list[tuple[int, np.ndarray, np.ndarray]]] = [[], []]
    for unit in sorted(find_units(reduced, tied), key=len, reverse=True):
        if len(unit) == 1:
            placements, counts = LOCATION_BITS[indices(allowed[unit[0]])], np.ones(1, np.int64)
            counts = np.ones(len(placements), np.int64)
        else:
            placements, counts = _enumerate_unit(unit, allowed, reduced, tied)
        if len(placements) == 0:
            return 0
        smaller = min(halves, key=lambda half: sum(size for size, _, _ in half))
        smaller.append((len(unit), placements, counts))
    return meet(_run(halves[0]), _run(halves[1]))


def _run(items: list[tuple[int, np.ndarray, np.ndarray]]) -> tuple[np.ndarray, int]:
    """The subset DP over some units: ways to place them on each set of locations."""
    dp, layer = np.ones(1, dtype=np.int64), 0
    for size, placements, counts in items:
        if size == 1:
            dp = place_one(dp, layer, int(np.bitwise_or.reduce(placements)))
        else:
            dp = place_unit(dp, layer, size, placements, counts)
        layer += size
    return dp, layer


def _enumerate_unit(
    unit: list[int], allowed: list[int], reduced: Reduced, tied: dict[int, frozenset[str]]
) -> tuple[np.ndarray, np.ndarray]:
    """Every set of locations the unit can occupy, with its number of joint placements."""
    inside = set(unit)
    partners = {d: [(b if a == d else a, rel) for a, b, rel in reduced.pairs if d in (a, b)] for d in unit}
    groups = {g for g in tied if set(GROUP_MEMBERS[g]) <= inside}
    rows = Rows(np.zeros(1, np.int64), np.zeros((1, 0), np.int64), np.ones(1, np.int64), [])
    placed: set[int] = set()
    for delict in unit_order(unit, allowed, partners, groups):
        extend(rows, delict, allowed[delict], partners[delict], reduced)
        placed.add(delict)
        group = GROUP_INDEX_OF_DELICT[delict]
        if group in groups and set(GROUP_MEMBERS[group]) <= placed:
            _check_group(rows, group, tied[group], reduced)
        pending = [
            d for d in rows.frontier
            if any(p not in placed for p, _ in partners[d])
            or (GROUP_INDEX_OF_DELICT[d] in groups and not set(GROUP_MEMBERS[GROUP_INDEX_OF_DELICT[d]]) <= placed)
        ]
        aggregate(rows, pending)
        if len(rows.masks) > ROW_LIMIT and groups:
            raise _TooBig(min(groups))
    return rows.masks, rows.counts


def _check_group(rows: Rows, group: int, directions: frozenset[str], reduced: Reduced) -> None:
    used = np.zeros(len(rows.masks), np.int64)
    for member in GROUP_MEMBERS[group]:
        used |= LOCATION_BITS[rows.locations[:, rows.frontier.index(member)]]
    ok = np.ones(len(rows.masks), bool)
    for direction in directions:
        ok &= (used & reduced.direction_mask[direction]) != 0
    rows.keep(ok)
