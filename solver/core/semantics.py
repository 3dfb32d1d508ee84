"""What each clue means for a complete solution: the reference semantics (docs/formats.md, "Clues").

The CP-SAT model, the counter and the explainer are all checked against this.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import assert_never

from solver.core import names
from solver.core.bits import FULL, N, location_mask
from solver.core.board import Board
from solver.core.cards import Clue, DelictClue, DistrictClue, GroupClue, LocationClue, NotClue


def holds(clue: Clue, where: Mapping[str, str], board: Board) -> bool:
    """Whether `clue` is true when each delict is at `where[delict]` (a bijection)."""
    match clue:
        case DelictClue(delict, locations):
            return where[delict] in locations
        case NotClue(delict, locations):
            return where[delict] not in locations
        case GroupClue(group, direction):
            return any(board.in_direction(where[d], direction) for d in names.GROUPS[group])
        case DistrictClue((first, second), relation):
            return board.joined(where[first], where[second], relation)
        case LocationClue(location, delicts):
            return any(where[d] == location for d in delicts)
        case _:
            assert_never(clue)


def as_delict_map(solution: Mapping[str, str]) -> dict[str, str]:
    """location -> delict (how puzzle files write solutions) to delict -> location."""
    return {delict: location for location, delict in solution.items()}


UnaryClue = DelictClue | NotClue | LocationClue  # the cards that restrict delicts one by one


def unary_masks(clue: Clue) -> tuple[int, ...] | None:
    """For a card that restricts delicts one by one (delict, not, location): the locations each
    delict keeps, by delict index (every location for the delicts it leaves alone). None for a
    district or group card, which ties delicts together."""
    match clue:
        case DelictClue() | NotClue() | LocationClue():
            return unary_keeps(clue)
        case DistrictClue() | GroupClue():
            return None
        case _:
            assert_never(clue)


@lru_cache(maxsize=4096)
def unary_keeps(clue: UnaryClue) -> tuple[int, ...]:
    """The locations each delict keeps under a card that restricts delicts one by one."""
    match clue:
        case DelictClue(delict, locations):
            keeps = FULL & location_mask(locations)
            return tuple(keeps if d == names.DELICT_INDEX[delict] else FULL for d in range(N))
        case NotClue(delict, locations):
            keeps = FULL & ~location_mask(locations)
            return tuple(keeps if d == names.DELICT_INDEX[delict] else FULL for d in range(N))
        case LocationClue(location, delicts):
            barred = FULL & ~(1 << names.LOCATION_INDEX[location])
            kept = {names.DELICT_INDEX[d] for d in delicts}
            return tuple(FULL if d in kept else barred for d in range(N))
        case _:
            assert_never(clue)
