"""Typed errors of the table library: each carries the values a caller needs to word its own message.

Errors a user corrects by changing the input are `BadInput` (exit code 2 at the command
line); a move the rules refuse now, with the state untouched, is `Refused` (exit code 1).
The messages name no command-line options: the commands word those themselves.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from solver.core.errors import BadInput

if TYPE_CHECKING:
    from solver.table.rules import Verdict
    from solver.table.state import Finished


@dataclass
class ChoiceNeeded(BadInput):
    """A card with several ways to play it (a group card, "Remove one marker") lacks a valid choice.

    `options` are the valid choices (the playable ones when none was given), `given` the
    choice given, None when there was none.
    """

    options: tuple[str, ...] = ()
    given: str | None = None


@dataclass
class NotYourTurn(BadInput):
    """`player` tried to move while it is `turn`'s turn."""

    turn: str = ""
    player: str = ""


@dataclass
class PlayOn(BadInput):
    """The turn cannot go on after this card: not the two-player variant (`variant` False), or the
    variant's third card, which ends the turn (`variant` True)."""

    variant: bool = False


@dataclass
class TooManyDiscards(BadInput):
    """More cards discarded than the turn allows: one after a play ("he may additionally discard
    one card"), any number on a pass; the two-player variant up to 2 ("discard up to 2 info
    cards"). `limit` is the number allowed."""

    limit: int = 1


@dataclass
class StateConflict(BadInput):
    """The input contradicts what the state records (a card already out of the game, a history
    entry the board no longer matches): a caller names the state file."""


@dataclass
class NoStateFile(BadInput):
    """The state file named does not exist: a caller says how to start one."""


class Refused(Exception):
    """The rules refuse this move now; the state is untouched."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


class GameOver(Refused):
    def __init__(self, finished: Finished):
        super().__init__(f"the game is over ({finished})")
        self.finished = finished


class TurnCannotEnd(Refused):
    """Rule 15 at the end of a turn: `overfull` says which locations hold more than 3 markers."""

    def __init__(self, overfull: list[str]):
        super().__init__(f"the turn cannot end: {overfull[0]}")
        self.overfull = overfull


class GameGoesOn(Refused):
    """Rule 12: the game cannot end while a hand card is playable: `index` in the hand, its `verdict`."""

    def __init__(self, index: int, verdict: Verdict):
        super().__init__(f"card {index + 1} of the hand is playable")
        self.index, self.verdict = index, verdict
