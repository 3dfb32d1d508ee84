"""Seeded random clues true for a hidden solution: shared by tests/test_count.py and bench/bench_count.py."""

from __future__ import annotations

import random

from solver.core import names
from solver.core.cards import DelictClue, DistrictClue, GroupClue, LocationClue, NotClue

L, D = names.LOCATIONS, names.DELICTS


def true_clue(rng: random.Random, kind: str, where: dict[str, str], board):
    """A clue of this kind that holds for `where` (delict -> location), so counts are at least 1."""
    at = {location: delict for delict, location in where.items()}
    delict = rng.choice(D)
    if kind == "A":
        others = rng.sample([x for x in L if x != where[delict]], 3)
        return DelictClue(delict, (where[delict], *others))
    if kind == "N":
        return NotClue(delict, tuple(rng.sample([x for x in L if x != where[delict]], rng.randint(2, 6))))
    if kind == "D":
        location = rng.choice(L)
        return LocationClue(location, (at[location], *rng.sample([d for d in D if d != at[location]], 3)))
    if kind == "C":
        a, b = rng.choice(sorted(board.graph.edges))
        relation = "same" if board.district(a) == board.district(b) else "adjoining"
        return DistrictClue((at[a], at[b]), relation)
    direction = rng.choice([d for d in names.DIRECTIONS if board.in_direction(where[delict], d)])
    return GroupClue(names.GROUP_OF_DELICT[delict], direction)


def pinned_solution(rng: random.Random, pins: int) -> tuple[dict[str, str], dict[str, str], list]:
    """A hidden solution, `pins` of its delicts, and a delict clue pinning each of those there."""
    where = dict(zip(D, rng.sample(L, 16), strict=True))
    pinned = dict(rng.sample(sorted(where.items()), pins))
    return where, pinned, [DelictClue(d, (loc,) * 4) for d, loc in pinned.items()]
