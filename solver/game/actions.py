"""The moves of the whole game as small frozen values (docs/game.md, "The whole game").

A `State` lists the legal ones (`legal_actions()`) and applies one (`apply_action`); an
illegal action is refused with `IllegalAction`, which carries the table's `Fact` (and the
`Verdict` for a card the rules refuse), never coerced into a legal one.
"""

from __future__ import annotations

from dataclasses import dataclass

from solver.table.errors import Refused
from solver.table.facts import Fact
from solver.table.rules import Verdict
from solver.table.state import REMOVE, CardRecord


@dataclass(frozen=True)
class Deal:
    """Chance: `card` is the next card of the pooled order of the piles being shuffled. The
    outcomes are the pooled cards not dealt yet, each as likely (`State.chance_outcomes()`); once
    all are dealt, the order goes back into the piles in equal parts, the first pile taking the
    first part, the top card of each pile last."""

    card: int


@dataclass(frozen=True)
class Shuffle:
    """The setup's shuffle of the named piles in one step, in a given `order` (a permutation of
    their cards, as the `Deal`s would build it): a stacked deck for a test or a replay."""

    piles: tuple[str, ...]
    order: tuple[int, ...]


@dataclass(frozen=True)
class Draw:
    """Take the top card of `pile` (the opening draws, the draws after a turn, the two-player
    variant's blind draws)."""

    pile: str


@dataclass(frozen=True)
class Pick:
    """The two-player variant: of the top 5 cards of `pile`, take the one `depth` cards below the
    top (0 the top card); the others keep their order."""

    pile: str
    depth: int


@dataclass(frozen=True)
class Play:
    """Play card number `card` (or REMOVE, the "Remove one marker" card) from the hand; `choice`
    is a group card's delict or DELICT@LOCATION for the Remove-one-marker card."""

    card: int | str
    choice: str | None = None

    @property
    def record(self) -> CardRecord:
        return REMOVE if self.card == REMOVE else int(self.card)


@dataclass(frozen=True)
class Pass:
    """Play no card this turn (the discards follow as `Discard` actions, closed by `Decline`); in the
    two-player variant after 1 or 2 cards, end the turn."""


@dataclass(frozen=True)
class Discard:
    """Put card `card` of the hand out of the game: the one extra card after a play, any number
    after a pass, up to 2 after the two-player variant's pick."""

    card: int


@dataclass(frozen=True)
class Decline:
    """No (more) discards; or, in the STOP window, no STOP."""


@dataclass(frozen=True)
class PayShuffle:
    """The two-player variant: the active player pays 1 point to shuffle draw pile `pile`, "before
    or after drawing cards" (at the pick, or after it); the shuffle's order is chance (`Deal`)."""

    pile: str


@dataclass(frozen=True)
class Stop:
    """Rule 10: `taker` calls STOP and takes every marker that can be removed by deduction."""

    taker: str


Action = Deal | Shuffle | Draw | Pick | Play | Pass | Discard | Decline | PayShuffle | Stop


class IllegalAction(Refused):
    """The rules refuse `action` now; the state is untouched. `fact` is the table's reason where it
    has one, `verdict` the rules' verdict on a refused card."""

    def __init__(self, action: Action, reason: str, fact: Fact | None = None, verdict: Verdict | None = None):
        super().__init__(f"{action}: {reason}")
        self.action, self.fact, self.verdict = action, fact, verdict
