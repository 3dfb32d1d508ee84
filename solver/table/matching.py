"""Bipartite matching of delicts to locations on 16-bit masks (Kuhn's augmenting paths).

Small and dependency-free: the rules call it for every card they check (rule 3's closed
locations), where building a NetworkX graph would cost more than the matching itself.
`solver.table.deduce` uses NetworkX's Hopcroft–Karp for STOP and cross-checks against this.
"""

from __future__ import annotations

from collections.abc import Sequence

from solver.core.bits import bit, indices, union


def max_matching(allowed: Sequence[int]) -> dict[int, int]:
    """A maximum matching row -> location bit index; allowed[row] is a mask of locations.

    Kuhn's algorithm, the locations of a row tried in ascending order; the set of locations
    seen in one augmentation is a mask and a row's locations are walked bit by bit, without a
    list (the state document asks for a matching after every change)."""
    owner = [-1] * max(16, union(allowed).bit_length())  # location -> row, -1 while free
    seen = 0

    def augment(row: int) -> bool:
        nonlocal seen
        rest = allowed[row]
        while rest:
            low = rest & -rest
            rest ^= low
            if seen & low:
                continue
            seen |= low
            location = low.bit_length() - 1
            if owner[location] < 0 or augment(owner[location]):
                owner[location] = row
                return True
        return False

    for row in sorted(range(len(allowed)), key=lambda r: allowed[r].bit_count()):
        seen = 0
        augment(row)
    return {row: location for location, row in enumerate(owner) if row >= 0}


def deficiency(allowed: Sequence[int]) -> int:
    """Rows a maximum matching leaves unmatched = max over row sets S of |S| - |N(S)| (König–Ore)."""
    return len(allowed) - len(max_matching(allowed))


def reserved_locations(allowed: Sequence[int]) -> int:
    """Mask of locations l lying in N(S) for a row set S with |N(S)| <= |S|.

    Such a set of rows needs every location of N(S) (rule 3, generalised to k delicts):
    l is reserved exactly when taking l away makes the deficiency grow, that is when every
    maximum matching uses l (Gallai–Edmonds). One maximum matching tells which: a location
    some maximum matching leaves free is one it leaves free, or one reached from such a
    location by swapping along an alternating path (a row of a free location moves there,
    freeing its own); every other matched location is reserved.
    """
    matching = max_matching(allowed)
    matched = 0
    for location in matching.values():
        matched |= bit(location)
    reached = frontier = union(allowed) & ~matched
    while frontier:
        found = 0
        for row, location in matching.items():
            if allowed[row] & frontier and not reached & bit(location):
                found |= bit(location)
        reached |= found
        frontier = found
    return matched & ~reached


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
