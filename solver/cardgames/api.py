"""An abstract game state in the shape OpenSpiel users know.

`apply_action` is the checked path: an illegal action raises `IllegalAction` with the
reason and leaves the state unchanged; it is never coerced into a legal one. Engines
implement `_apply` (trusted) and may expose it as `apply_action_unchecked` for
playouts that only ever pick from `legal_actions()`.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Sequence

# Sentinels returned by current_player(), as in OpenSpiel (pyspiel.PlayerId).
CHANCE = -1
SIMULTANEOUS = -2
INVALID = -3
TERMINAL = -4


class IllegalAction(ValueError):
    """An action that the rules do not allow in this state; `reason` says why."""

    def __init__(self, action: int, reason: str):
        super().__init__(f"illegal action {action}: {reason}")
        self.action = action
        self.reason = reason


def sole_winner(returns: Sequence[float]) -> int | None:
    """The unique seat with the strictly highest return, if there is one."""
    best = max(returns)
    seats = [seat for seat, value in enumerate(returns) if value == best]
    return seats[0] if len(seats) == 1 and best > min(returns) else None


class GameState(ABC):
    """One state of a game; the sequence of applied actions is kept in `history()`."""

    def __init__(self) -> None:
        self._history: list[int] = []

    # -- to implement --------------------------------------------------------------
    @abstractmethod
    def num_players(self) -> int: ...

    @abstractmethod
    def current_player(self) -> int:
        """A seat 0..n-1, or CHANCE, or TERMINAL."""

    @abstractmethod
    def legal_actions(self, player: int | None = None) -> list[int]:
        """Sorted action ints for `player` (default: the current player); empty when
        it is not that player's turn or the game is over."""

    @abstractmethod
    def illegal_reason(self, action: int) -> str | None:
        """Why `action` is illegal now, or None when it is legal."""

    @abstractmethod
    def _apply(self, action: int) -> None:
        """Apply a legal action (no checks)."""

    @abstractmethod
    def returns(self) -> list[float]:
        """Per-player returns; meaningful once the game is terminal (0 before)."""

    @abstractmethod
    def information_state_string(self, player: int) -> str:
        """All that `player` knows: the public history plus their own private cards."""

    @abstractmethod
    def action_to_string(self, player: int, action: int) -> str: ...

    @property
    @abstractmethod
    def scores(self) -> list[int]:
        """Each player's score on the game's score track now, as a new list of ints."""

    @abstractmethod
    def rounds_played(self) -> int:
        """Rounds completed so far."""

    @abstractmethod
    def score_history(self) -> list[list[int]]:
        """The score track round by round (each engine says whether the starting scores are
        the first entry)."""

    @abstractmethod
    def clone(self) -> GameState: ...

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """(action, probability) pairs at a chance node."""
        return []

    # -- provided ------------------------------------------------------------------
    def is_terminal(self) -> bool:
        return self.current_player() == TERMINAL

    def is_chance_node(self) -> bool:
        return self.current_player() == CHANCE

    def history(self) -> list[int]:
        return list(self._history)

    def apply_action(self, action: int) -> None:
        """Checked: raises IllegalAction (state unchanged) unless `action` is legal."""
        if not isinstance(action, int) or isinstance(action, bool):
            raise IllegalAction(action, f"an action is an int, not {type(action).__name__}")
        reason = self.illegal_reason(action)
        if reason is not None:
            raise IllegalAction(action, reason)
        self._apply(action)
        self._history.append(action)

    def apply_action_unchecked(self, action: int) -> None:
        """Fast path for callers that picked `action` from `legal_actions()`."""
        self._apply(action)
        self._history.append(action)

    def sample_chance_outcome(self, rng: random.Random) -> int:
        outcomes = self.chance_outcomes()
        actions = [action for action, _ in outcomes]
        weights = [probability for _, probability in outcomes]
        return rng.choices(actions, weights)[0]

    def resolve_chance(self, rng: random.Random) -> None:
        """Apply sampled chance outcomes until a player is to move or the game is over.
        Engines may override this with a faster equivalent (e.g. one shuffle per deal)."""
        while self.current_player() == CHANCE:
            self.apply_action_unchecked(self.sample_chance_outcome(rng))

    def winner(self) -> int | None:
        """The sole winner once the game is over, None before or when nobody (or several)
        won. By default the seat with the unique highest return; engines with a rule of
        their own override this."""
        return sole_winner(self.returns()) if self.is_terminal() else None

    def returns_for(self, player: int) -> float:
        return self.returns()[player]

    def legal_action_strings(self, player: int | None = None) -> Sequence[str]:
        seat = self.current_player() if player is None else player
        return [self.action_to_string(seat, a) for a in self.legal_actions(player)]
