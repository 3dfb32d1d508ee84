"""Bipartite matching of delicts to locations on 16-bit masks (Kuhn's augmenting paths).

Small and dependency-free: the rules call it for every card they check (rule 3's closed
locations), and the solo ladder for every closed-set step it looks for (`every_candidate_matched`),
where building a NetworkX graph would cost more than the matching itself.
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


def every_candidate_matched(allowed: Sequence[int]) -> bool:
    """Whether every row can be matched at once and every (row, location) allowed is used by some
    such matching: then no set of rows, however large, closes its locations to the others (rule 3
    has nothing to rule out) and none is short of locations.

    Régin's test, on one matching of every row: a row may take another of its locations when the
    row matched there can move on in turn, along an alternating path to a location left free or
    round an alternating cycle back to the first row's place. On the matched locations, with an
    arrow from each to the other locations its row allows: the locations that lead to a free one
    (`good`) may always be taken; an arrow from a good location to another one is never used (that
    one would be good too); every other arrow must lie on a cycle, which holds when each part the
    others fall into is closed both ways: the locations reached from one are those that reach it.
    A row alone on its only location is left out: every matching puts it there.
    """
    owner = _match_every_row(allowed)
    if owner is None:
        return False
    after, matched, others = [0] * len(owner), 0, 0
    for location, row in enumerate(owner):
        if row >= 0:
            after[location] = reach = allowed[row]
            matched |= 1 << location
            others |= reach
    free = others & ~matched
    good = _leading_to(free, matched, after) & ~free
    rest = good
    while rest:
        low = rest & -rest
        rest ^= low
        if after[low.bit_length() - 1] & matched & ~good:
            return False
    left = matched & ~good
    while left:
        start = left & -left
        part = _closure(start, after)
        if _leading_to(start, left, after) != part:
            return False
        left &= ~part
    return True


def _match_every_row(allowed: Sequence[int]) -> list[int] | None:
    """A matching of every row but those alone on their only location, as the row matched at each
    location (-1 where none), or None when no matching takes every row: a greedy start, then
    Kuhn's augmenting paths. A first pass finds the locations shared and whether there are enough;
    the greedy start then takes the rows in order, a row alone on a shared location in its turn (the
    ladder asks this after almost every step of every trial)."""
    once = shared = 0
    for mask in allowed:
        shared |= once & mask
        once |= mask
    if 0 in allowed or once.bit_count() < len(allowed):
        return None
    match, owner = [-1] * len(allowed), [-1] * max(16, once.bit_length())
    used, pending = 0, []
    for row, mask in enumerate(allowed):
        if not mask & (mask - 1) and not mask & shared:
            continue  # alone on a location no other row may take: every matching puts it there
        free = mask & ~used
        if free:
            low = free & -free
            location = low.bit_length() - 1
            match[row], owner[location] = location, row
            used |= low
        else:
            pending.append(row)
    for row in pending:
        if not augment(row, allowed, match, owner, [0]):
            return None
    return owner


def _leading_to(target: int, among: int, after: list[int]) -> int:
    """`target` with the locations of `among` that have a path of arrows (`after`) into it."""
    reached, grown = target, bool(target)
    while grown:
        grown, rest = False, among & ~reached
        while rest:
            low = rest & -rest
            rest ^= low
            if after[low.bit_length() - 1] & reached:
                reached |= low
                grown = True
    return reached


def _closure(start: int, step: list[int]) -> int:
    """The nodes reached from the nodes of `start` (a mask), `step` giving each node's next ones."""
    reached = frontier = start
    while frontier:
        found = 0
        while frontier:
            low = frontier & -frontier
            frontier ^= low
            found |= step[low.bit_length() - 1]
        frontier = found & ~reached
        reached |= found
    return reached


def augment(row: int, allowed: Sequence[int], match: list[int], owner: list[int], seen: list[int]) -> bool:
    """Kuhn's augmenting path from `row` (the locations seen so far in `seen[0]`)."""
    rest = allowed[row] & ~seen[0]
    while rest:
        low = rest & -rest
        seen[0] |= low
        location = low.bit_length() - 1
        other = owner[location]
        if other < 0 or augment(other, allowed, match, owner, seen):
            match[row], owner[location] = location, row
            return True
        rest &= ~seen[0]
    return False
