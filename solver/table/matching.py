"""Bipartite matching of delicts to locations on 16-bit masks (Kuhn's augmenting paths).

Small and dependency-free: the rules call it for every card they check (rule 3's closed
locations), where building a NetworkX graph would cost more than the matching itself.
`solver.table.deduce` uses NetworkX's Hopcroft–Karp for STOP and cross-checks against this.
"""

from __future__ import annotations

from collections.abc import Sequence

from solver.core.bits import bit, indices, union


def max_matching(allowed: Sequence[int]) -> dict[int, int]:
    """A maximum matching row -> location bit index; allowed[row] is a mask of locations."""
    owner: dict[int, int] = {}  # location -> row

    def augment(row: int, seen: set[int]) -> bool:
        for location in indices(allowed[row]):
            if location in seen:
                continue
            seen.add(location)
            if location not in owner or augment(owner[location], seen):
                owner[location] = row
                return True
        return False

    for row in sorted(range(len(allowed)), key=lambda r: allowed[r].bit_count()):
        augment(row, set())
    return {row: location for location, row in owner.items()}


def deficiency(allowed: Sequence[int]) -> int:
    """Rows a maximum matching leaves unmatched = max over row sets S of |S| - |N(S)| (König–Ore)."""
    return len(allowed) - len(max_matching(allowed))


def reserved_locations(allowed: Sequence[int]) -> int:
    """Mask of locations l lying in N(S) for a row set S with |N(S)| <= |S|.

    Such a set of rows needs every location of N(S) (rule 3, generalised to k delicts):
    l is reserved exactly when taking l away makes the deficiency grow.
    """
    base = deficiency(allowed)
    reserved = 0
    for location in indices(union(allowed)):
        taken = bit(location)
        if deficiency([mask & ~taken for mask in allowed]) > base:
            reserved |= taken
    return reserved


def hall_violator(allowed: Sequence[int]) -> list[int]:
    """Rows S with |N(S)| = |S| - 1 (so they cannot all be matched), or [] when all can be.

    König: start from a row a maximum matching leaves out and follow alternating paths;
    every location reached is matched to a row that is reached too.
    """
    matching = max_matching(allowed)
    unmatched = [row for row in range(len(allowed)) if row not in matching]
    if not unmatched:
        return []
    owner = {location: row for row, location in matching.items()}
    reached, frontier = {unmatched[0]}, [unmatched[0]]
    while frontier:
        row = frontier.pop()
        for location in indices(allowed[row]):
            other = owner.get(location)
            if other is not None and other not in reached:
                reached.add(other)
                frontier.append(other)
    return sorted(reached)
