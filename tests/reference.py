"""A brute-force solver over the reference semantics, independent of CP-SAT.

Backtracking over delicts; a clue is checked as soon as every delict it mentions is
placed. Only for tests: fast enough for puzzles whose clues are tight.
"""

from __future__ import annotations

from collections.abc import Iterator

from solver.core import names
from solver.core.board import Board
from solver.core.cards import Clue, DelictClue, DistrictClue, GroupClue, LocationClue, NotClue
from solver.core.semantics import holds


def _mentions(clue: Clue) -> set[str]:
    match clue:
        case DelictClue(delict, _) | NotClue(delict, _):
            return {delict}
        case GroupClue(group, _):
            return set(names.GROUPS[group])
        case DistrictClue(delicts, _) | LocationClue(_, delicts):
            return set(delicts)
    raise TypeError(clue)


def _domains(clues: list[Clue]) -> dict[str, set[str]]:
    domains = {d: set(names.LOCATIONS) for d in names.DELICTS}
    for clue in clues:
        if isinstance(clue, DelictClue):
            domains[clue.delict] &= set(clue.locations)
        elif isinstance(clue, NotClue):
            domains[clue.delict] -= set(clue.locations)
        elif isinstance(clue, LocationClue):
            for delict in set(names.DELICTS) - set(clue.delicts):
                domains[delict].discard(clue.location)
    return domains


def brute_force(clues: list[Clue], board: Board, limit: int | None = None) -> Iterator[dict[str, str]]:
    """Every solution (delict -> location) of the clues, up to `limit`."""
    domains = _domains(clues)
    order = sorted(names.DELICTS, key=lambda d: len(domains[d]))
    position = {d: i for i, d in enumerate(order)}
    due: list[list[Clue]] = [[] for _ in order]  # clues to check once order[i] is placed
    for clue in clues:
        due[max(position[d] for d in _mentions(clue))].append(clue)
    where: dict[str, str] = {}
    found = 0

    def place(i: int) -> Iterator[dict[str, str]]:
        nonlocal found
        if i == len(order):
            found += 1
            yield dict(where)
            return
        delict = order[i]
        used = set(where.values())
        for location in sorted(domains[delict] - used):
            where[delict] = location
            if all(holds(clue, where, board) for clue in due[i]):
                yield from place(i + 1)
                if limit is not None and found >= limit:
                    return
            del where[delict]

    yield from place(0)
