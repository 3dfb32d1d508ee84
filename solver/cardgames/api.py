"""Games, states and observers in the shape OpenSpiel's Python games have.

A `Game` holds what is fixed for a whole game: its parameters (players, deck, variant),
the action numbering; `new_initial_state()` starts a game. A `CardGameState` holds only
what changes as the game is played and refers to its game (`state.game`) for the
rest. An `Observer` turns a state into what one player knows (`string_from`), as
`make_py_observer` does in OpenSpiel; `information_state_string` and
`observation_string` on a state ask the game's two default observers.

    game = SomeGame(players=4)
    state = game.new_initial_state()
    while not state.is_terminal(): ...

The three are generic in the state class: a `Game[S]` makes states `S` and observers
`Observer[S]` of them, so an engine's observer may read its own state's fields.

`apply_action` is the checked path: an illegal action raises `IllegalAction` with the
reason and leaves the state unchanged; it is never coerced into a legal one. Engines
implement `_apply` (trusted) and may expose it as `apply_action_unchecked` for
playouts that only ever pick from `legal_actions()`.
"""

from __future__ import annotations

import math
import random
from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Generic, Protocol, Self, TypeVar

import numpy as np
import numpy.typing as npt

StateT = TypeVar("StateT", bound="CardGameState")
StateT_contra = TypeVar("StateT_contra", contravariant=True)  # any state: solver.game's adapter too

# Sentinels returned by current_player(), as in OpenSpiel (pyspiel.PlayerId).
CHANCE = -1
SIMULTANEOUS = -2
INVALID = -3
TERMINAL = -4


class IllegalAction(ValueError):
    """An action that the rules do not allow in this state; `reason` says why."""

    def __init__(self, action: int, reason: str) -> None:
        super().__init__(f"illegal action {action}: {reason}")
        self.action = action
        self.reason = reason


def sole_winner(returns: Sequence[float]) -> int | None:
    """The unique seat with the strictly highest return, if there is one."""
    best = max(returns)
    seats = [seat for seat, value in enumerate(returns) if value == best]
    return seats[0] if len(seats) == 1 and best > min(returns) else None


@dataclass(frozen=True)
class ObservationType:
    """Which observer `Game.make_py_observer` makes. `perfect_recall=True` is the
    information state (everything the player has seen since the start); False is the
    observation (what the player sees now). pyspiel's IIGObservationType fits too."""

    perfect_recall: bool = False


INFORMATION_STATE = ObservationType(perfect_recall=True)
OBSERVATION = ObservationType(perfect_recall=False)


class ObservationTypeLike(Protocol):
    """What `make_py_observer` reads of its `iig_obs_type`: ObservationType or pyspiel's
    IIGObservationType."""

    @property
    def perfect_recall(self) -> bool: ...


class Observer(ABC, Generic[StateT_contra]):
    """What one player knows of a state of type `StateT_contra`, in OpenSpiel's PyObserver
    shape: `string_from` gives it as text; `set_from` writes it into `tensor` (a flat
    float32 vector) whose named pieces `dict` views with their own shapes. An engine
    without tensors keeps the empty default and a no-op `set_from`."""

    def __init__(self, perfect_recall: bool = False,
                 pieces: Sequence[tuple[str, tuple[int, ...]]] = ()) -> None:
        self.perfect_recall = perfect_recall
        size = sum(math.prod(shape) for _, shape in pieces)
        self.tensor: npt.NDArray[np.float32] = np.zeros(size, np.float32)
        self.dict: dict[str, npt.NDArray[np.float32]] = {}
        start = 0
        for name, shape in pieces:
            end = start + math.prod(shape)
            self.dict[name] = self.tensor[start:end].reshape(shape)
            start = end

    @abstractmethod
    def string_from(self, state: StateT_contra, player: int) -> str: ...

    def set_from(self, state: StateT_contra, player: int) -> None:
        """Write what `player` knows of `state` into `tensor` (and so into `dict`)."""


class Game(ABC, Generic[StateT]):
    """The fixed data of a game whose states are `StateT`; `new_initial_state()` starts
    one. Subclasses call `super().__init__()`."""

    short_name = "game"

    def __init__(self) -> None:
        self._default_observers: dict[bool, Observer[StateT]] = {}

    @abstractmethod
    def num_players(self) -> int: ...

    @abstractmethod
    def num_distinct_actions(self) -> int:
        """Player actions are ints 0..num_distinct_actions()-1."""

    @abstractmethod
    def new_initial_state(self) -> StateT: ...

    @abstractmethod
    def make_py_observer(
        self, iig_obs_type: ObservationTypeLike | None = None, params: dict[str, Any] | None = None
    ) -> Observer[StateT]:
        """An observer; `iig_obs_type.perfect_recall` chooses the information state
        (default: the observation)."""

    @abstractmethod
    def get_parameters(self) -> dict[str, Any]:
        """The parameters this game was made with (as OpenSpiel's Game has them)."""

    def default_observer(self, perfect_recall: bool) -> Observer[StateT]:
        """The game's own observer of each kind, made once."""
        observer = self._default_observers.get(perfect_recall)
        if observer is None:
            observer = self.make_py_observer(ObservationType(perfect_recall))
            self._default_observers[perfect_recall] = observer
        return observer

    def __repr__(self) -> str:
        params = ",".join(f"{k}={v}" for k, v in self.get_parameters().items())
        return f"{self.short_name}({params})"


class CardGameState(ABC):
    """One state of a game; the sequence of applied actions is kept in `history()`,
    the fixed data in `game` (a game whose states are of this class)."""

    game: Game[Self]

    def __init__(self, game: Game[Self]) -> None:
        self.game = game
        self._history: list[int] = []

    # -- to implement --------------------------------------------------------------
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
    def clone(self) -> CardGameState: ...

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """(action, probability) pairs at a chance node."""
        return []

    # -- provided ------------------------------------------------------------------
    def get_game(self) -> Game[Self]:
        return self.game

    def num_players(self) -> int:
        return self.game.num_players()

    def num_distinct_actions(self) -> int:
        return self.game.num_distinct_actions()

    def information_state_string(self: Self, player: int | None = None) -> str:
        """All that `player` (default: the current player) knows: the public history
        plus their own private cards (the game's perfect-recall observer)."""
        seat = self.current_player() if player is None else player
        return self.game.default_observer(True).string_from(self, seat)

    def observation_string(self: Self, player: int | None = None) -> str:
        """What `player` (default: the current player) sees now (the game's observer)."""
        seat = self.current_player() if player is None else player
        return self.game.default_observer(False).string_from(self, seat)

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

    def legal_action_strings(self, player: int | None = None) -> Sequence[str]:
        seat = self.current_player() if player is None else player
        return [self.action_to_string(seat, a) for a in self.legal_actions(player)]
