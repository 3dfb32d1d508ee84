"""pyspiel wrappers around the engines (`pip install .[openspiel]`).

Importing this module needs pyspiel; only the engines' `openspiel` modules import it.
`register(...)` makes a pyspiel.Game subclass whose states wrap an engine state
(`state.inner`) and whose observers wrap the engine's observer (strings and tensors),
and registers it under a short name. An engine is anything of the `EngineGame` and
`EngineState` shapes (int actions): the card games' api.Game and api.CardGameState, or
the whole game of Schinderhannes through its adapter (solver.game.openspiel):

    GameClass = register(game_type, make_engine, parameters)
    game = pyspiel.load_game("python_schadenfreude(players=3,max_rounds=1)")

Parameters are checked when the game is loaded: an engine's BadInput becomes a
pyspiel.SpielError there. `state.clone()` is pyspiel's: it deep-copies the Python
attributes, and the engines' `__deepcopy__` is their own `clone`.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, ClassVar, Protocol

import pyspiel

from solver.cardgames.api import CHANCE, TERMINAL, ObservationTypeLike, Observer
from solver.core.errors import BadInput

# pyspiel has no type information: its player ids, typed here once
_SPIEL_TERMINAL: int = pyspiel.PlayerId.TERMINAL
_SPIEL_CHANCE: int = pyspiel.PlayerId.CHANCE


class EngineState(Protocol):
    """What the wrapper uses of an engine state (an api.CardGameState has it); `apply_action`
    is checked and raises on an illegal action, and `copy.deepcopy` of it is its clone."""

    def current_player(self) -> int: ...
    def legal_actions(self, player: int | None = None) -> list[int]: ...
    def chance_outcomes(self) -> list[tuple[int, float]]: ...
    def apply_action(self, action: int) -> None: ...
    def action_to_string(self, player: int, action: int) -> str: ...
    def is_terminal(self) -> bool: ...
    def returns(self) -> list[float]: ...


class EngineGame(Protocol):
    """What the wrapper uses of an engine game (an api.Game with the GameInfo numbers)."""

    def num_players(self) -> int: ...
    def num_distinct_actions(self) -> int: ...
    def max_chance_outcomes(self) -> int: ...
    def max_game_length(self) -> int: ...
    def new_initial_state(self) -> EngineState: ...
    def make_py_observer(self, iig_obs_type: ObservationTypeLike | None = None,
                         params: dict[str, Any] | None = None) -> Observer[Any]: ...


def spiel_player(seat: int) -> int:
    """An engine's current_player() as pyspiel numbers it."""
    if seat == TERMINAL:
        return _SPIEL_TERMINAL
    if seat == CHANCE:
        return _SPIEL_CHANCE
    return seat


class SpielState(pyspiel.State):  # type: ignore[misc]  # pyspiel.State is untyped (Any)
    """A pyspiel.State around an engine state (`inner`). pyspiel asks for the current
    player several times per action (about 4 when C++ bots play), so the wrapper keeps it
    (`_player`), set whenever `inner` changes: through `_apply_action` or `set_inner`."""

    def __init__(self, game: SpielGame) -> None:
        super().__init__(game)
        self.set_inner(game.engine.new_initial_state())

    def set_inner(self, inner: EngineState) -> None:
        """Wrap `inner` (the only way to change it other than applying actions)."""
        self.inner: EngineState = inner
        self._player = spiel_player(inner.current_player())

    # Python callers reach these directly; pyspiel's own (C++) versions would call back
    # into Python for the current player up to four times each.
    def current_player(self) -> int:
        return self._player

    def is_chance_node(self) -> bool:
        return self._player == _SPIEL_CHANCE

    def is_player_node(self) -> bool:
        return self._player >= 0

    def legal_actions(self, player: int | None = None) -> list[int]:
        """pyspiel's legal_actions: the current player's (or `player`'s: [] when it is
        not their turn); at a chance node the possible outcomes."""
        return self.inner.legal_actions(player)

    def _legal_actions(self, player: int) -> list[int]:
        return self.inner.legal_actions(player)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self.inner.chance_outcomes()

    def _apply_action(self, action: int) -> None:
        inner = self.inner
        inner.apply_action(action)  # checked: raises on an illegal action
        self._player = spiel_player(inner.current_player())

    def _action_to_string(self, player: int, action: int) -> str:
        return self.inner.action_to_string(player, action)

    def is_terminal(self) -> bool:
        return self._player == _SPIEL_TERMINAL

    def returns(self) -> list[float]:
        return self.inner.returns()

    def rewards(self) -> list[float]:
        """The rewards since the last player action: the engine's `rewards()`, where it
        has them; else, as pyspiel's default, the returns at the end and 0 before."""
        rewards = getattr(self.inner, "rewards", None)
        if rewards is not None:
            return list(rewards())
        return self.inner.returns() if self.is_terminal() else [0.0] * len(self.inner.returns())

    def __str__(self) -> str:
        return str(self.inner)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> SpielState:
        """pyspiel's ResampleFromInfostate, for ISMCTS: a state `player_id` cannot tell
        from this one, made by the engine's `resample_from_infostate(player, rng)`
        (`probability_sampler()`, a uniform number in [0, 1), seeds it). The engine
        state's own history is the resampled one; pyspiel's `history()` stays this
        state's (pyspiel keeps it in C++)."""
        resample = getattr(self.inner, "resample_from_infostate", None)
        if resample is None:
            raise pyspiel.SpielError(f"{self.get_game()}: resample_from_infostate is not implemented")
        twin: SpielState = self.clone()
        twin.set_inner(resample(player_id, random.Random(probability_sampler())))
        return twin

    def __deepcopy__(self, memo: dict[int, object]) -> SpielState:
        """pyspiel's own clone: the C++ history is copied, `inner` by the engine's clone."""
        twin: SpielState = self.clone()
        return twin


class SpielObserver:
    """The engine's observer in pyspiel's PyObserver shape; `tensor` and `dict` are the
    engine observer's."""

    def __init__(self, observer: Observer[Any]) -> None:
        self.observer = observer
        self.tensor = observer.tensor
        self.dict = observer.dict

    def set_from(self, state: SpielState, player: int) -> None:
        self.observer.set_from(state.inner, player)

    def string_from(self, state: SpielState, player: int) -> str:
        return self.observer.string_from(state.inner, player)


class SpielGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel.Game is untyped (Any)
    """A pyspiel.Game around an engine game (`engine`); `register` makes the subclass
    for each engine."""

    game_type: Any = None  # pyspiel.GameType
    defaults: ClassVar[dict[str, Any]] = {}
    make_engine: Callable[[dict[str, Any]], EngineGame]
    utility: tuple[float, float, float | None] = (0.0, 1.0, None)  # min, max, sum
    variant_parameters: frozenset[str] = frozenset()  # left out of the game's name at their defaults

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        short_name = self.game_type.short_name
        try:
            self.engine = type(self).make_engine({**self.defaults, **params})
        except BadInput as error:
            raise pyspiel.SpielError(f"{short_name}: {error}") from None
        low, high, total = getattr(self.engine, "utility", lambda: self.utility)()
        info = pyspiel.GameInfo(
            num_distinct_actions=self.engine.num_distinct_actions(),
            max_chance_outcomes=self.engine.max_chance_outcomes(),
            num_players=self.engine.num_players(),
            min_utility=low,
            max_utility=high,
            utility_sum=total,
            max_game_length=self.engine.max_game_length(),  # the engine's true bound
        )
        variants = self.variant_parameters
        shown = {k: v for k, v in {**self.defaults, **params}.items()
                 if k not in variants or v != self.defaults[k]}
        super().__init__(self._game_type(), info, shown)

    def _game_type(self) -> Any:
        """The registered game type; with rewards after every round (the engine's
        `round_rewards`) the same type with pyspiel's REWARDS reward model, general-sum."""
        base = self.game_type
        if not getattr(self.engine, "round_rewards", False):
            return base
        return game_type(base.short_name, base.long_name,
                         (base.min_num_players, base.max_num_players),
                         pyspiel.GameType.Utility.GENERAL_SUM,  # the rewards add up to no fixed sum
                         base.parameter_specification, pyspiel.GameType.RewardModel.REWARDS)

    def new_initial_state(self) -> SpielState:
        return SpielState(self)

    def make_py_observer(
        self, iig_obs_type: ObservationTypeLike | None = None, params: dict[str, Any] | None = None
    ) -> SpielObserver:
        return SpielObserver(self.engine.make_py_observer(iig_obs_type, params))


def register(
    game_type: Any,
    make_engine: Callable[[dict[str, Any]], EngineGame],
    utility: tuple[float, float, float | None],
    variant_parameters: frozenset[str] = frozenset(),
) -> type[SpielGame]:
    """Register an engine with pyspiel under `game_type.short_name`; `make_engine` gets
    the parameters (defaults filled in) and raises BadInput on wrong ones. The game's
    parameters (its name, `get_parameters()`) leave out the `variant_parameters` that
    have their default values, so the rulebook's game keeps its short name."""
    defaults = dict(game_type.parameter_specification)
    cls = type(f"Spiel_{game_type.short_name}", (SpielGame,), {
        "game_type": game_type, "defaults": defaults,
        "make_engine": staticmethod(make_engine), "utility": utility,
        "variant_parameters": frozenset(variant_parameters),
    })
    pyspiel.register_game(game_type, cls)
    return cls


def game_type(short_name: str, long_name: str, players: tuple[int, int], utility: Any,
              parameters: dict[str, Any], reward_model: Any = None) -> Any:
    """A pyspiel.GameType for a sequential card game with explicit chance, rewards at
    the end (or `reward_model`), and both strings and tensors."""
    return pyspiel.GameType(
        short_name=short_name,
        long_name=long_name,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=utility,
        reward_model=reward_model or pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=players[1],
        min_num_players=players[0],
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameters,
    )
