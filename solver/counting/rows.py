"""A unit's joint placements as numpy rows: delicts tied by district clues, enumerated together.

Shared by the keyed path (keyed) and the tests' cross-checks (signed branches,
tests/counting/reference_branched.py; units with inclusion-exclusion,
tests/counting/reference_units.py): find the units
(find_units), order a unit's delicts (unit_order), place one more delict on every row
(extend), merge rows that became equal (aggregate), and a unit's placements with the
direction bits its members use per group (enumerate_signed).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from solver.core.bits import N
from solver.counting.dense import LOCATION_BITS
from solver.counting.reduce import GROUP_INDEX_OF_DELICT, GROUP_MEMBERS, Reduced


def find_units(reduced: Reduced, tied: dict[int, frozenset[str]]) -> list[list[int]]:
    """Delicts tied together by district clues or by a group clue still to be enumerated."""
    parent = list(range(N))

    def find(x: int) -> int:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    links = [(a, b) for a, b, _ in reduced.pairs]
    for group in tied:
        first, *rest = GROUP_MEMBERS[group]
        links += [(first, other) for other in rest]
    for a, b in links:
        parent[find(a)] = find(b)
    units: dict[int, list[int]] = {}
    for delict in range(N):
        units.setdefault(find(delict), []).append(delict)
    return list(units.values())


@dataclass
class Rows:
    """Partial placements of a unit: used locations, frontier delicts' locations, ways."""

    masks: np.ndarray
    locations: np.ndarray  # rows x frontier
    counts: np.ndarray
    frontier: list[int]
    sig: np.ndarray | None = None  # per row: 4 direction bits per group slot (enumerate_signed)
    sig_bits: int = 0

    def keep(self, selected: np.ndarray) -> None:
        self.masks, self.locations, self.counts = (
            self.masks[selected], self.locations[selected], self.counts[selected]
        )
        if self.sig is not None:
            self.sig = self.sig[selected]


def unit_order(
    unit: list[int], allowed: list[int], partners: dict[int, list], groups: set[int]
) -> list[int]:
    """Most constrained first, then always the delict with most ties to those already placed."""
    order: list[int] = []
    left = set(unit)
    while left:
        def score(d: int) -> tuple[int, int]:
            ties = sum(p in order for p, _ in partners[d])
            if GROUP_INDEX_OF_DELICT[d] in groups:
                ties += sum(m in order for m in GROUP_MEMBERS[GROUP_INDEX_OF_DELICT[d]])
            return (-ties, allowed[d].bit_count())

        best = min(sorted(left), key=score)
        order.append(best)
        left.remove(best)
    return order


def extend(rows: Rows, delict: int, mask: int, partners: list, reduced: Reduced) -> None:
    """Place `delict` on every free allowed location its placed district partners accept."""
    ok = (rows.masks[:, None] & LOCATION_BITS[None, :]) == 0
    ok &= (mask >> np.arange(N) & 1).astype(bool)[None, :]
    for partner, relation in partners:
        if partner in rows.frontier:
            ok &= reduced.joined[relation][rows.locations[:, rows.frontier.index(partner)]]
    index, location = np.nonzero(ok)
    rows.keep(index)
    rows.masks = rows.masks | LOCATION_BITS[location]
    rows.locations = np.column_stack([rows.locations, location])
    rows.frontier = [*rows.frontier, delict]


def aggregate(rows: Rows, pending: list[int]) -> None:
    """Forget the locations of delicts with no tie left, and merge rows that became equal."""
    columns = [rows.frontier.index(d) for d in pending]
    rows.locations, rows.frontier = rows.locations[:, columns], pending
    base = N + rows.sig_bits
    if base + 4 * len(pending) > 63 or len(rows.masks) == 0:
        return
    key = rows.masks.copy()
    if rows.sig is not None:
        key |= rows.sig << N
    for column in range(len(pending)):
        key |= rows.locations[:, column] << (base + 4 * column)
    order = np.argsort(key, kind="stable")
    key = key[order]
    starts = np.flatnonzero(np.concatenate([[True], key[1:] != key[:-1]]))
    counts = np.add.reduceat(rows.counts[order], starts)
    rows.keep(order[starts])
    rows.counts = counts


def enumerate_signed(
    unit: list[int], allowed: list[int], reduced: Reduced, slots: dict[int, int], n_slots: int, dir_bits: np.ndarray
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """A unit's location sets and ways, split by the directions its members of each group
    in `slots` use: 4 bits per slot in `sig` (count_keyed's keys, count_branched's terms)."""
    partners = {d: [(b if a == d else a, rel) for a, b, rel in reduced.pairs if d in (a, b)] for d in unit}
    rows = Rows(np.zeros(1, np.int64), np.zeros((1, 0), np.int64), np.ones(1, np.int64), [],
                 np.zeros(1, np.int64), 4 * n_slots)
    placed: set[int] = set()
    for delict in unit_order(unit, allowed, partners, set()):
        extend(rows, delict, allowed[delict], partners[delict], reduced)
        if delict in slots:
            rows.sig = rows.sig | (dir_bits[rows.locations[:, -1]] << (4 * slots[delict]))
        placed.add(delict)
        pending = [d for d in rows.frontier if any(p not in placed for p, _ in partners[d])]
        aggregate(rows, pending)
    assert rows.sig is not None  # made with a signature above; extend and aggregate keep it
    return rows.masks, rows.counts, rows.sig
