"""Register Schadenfreude with OpenSpiel (`pip install .[openspiel]`).

Importing this module needs pyspiel; nothing else in the package imports it. The
pyspiel classes here wrap the engine's own SchadenfreudeGame, SchadenfreudeState and
SchadenfreudeObserver, which have the same shape without pyspiel.

    from solver.cardgames.schadenfreude import openspiel
    game = pyspiel.load_game("python_schadenfreude", {"players": 4})
"""

from __future__ import annotations

from typing import Any

import pyspiel

from solver.cardgames.api import CHANCE, TERMINAL, ObservationTypeLike, Observer
from solver.cardgames.schadenfreude.cards import NUM_CARDS
from solver.cardgames.schadenfreude.game import MAX_ROUNDS, SchadenfreudeGame
from solver.cardgames.schadenfreude.state import SchadenfreudeState
from solver.core.errors import BadInput

SHORT_NAME = "python_schadenfreude"
DEFAULT_PLAYERS = 4
# pyspiel has no type information: its player ids, typed here once
_SPIEL_TERMINAL: int = pyspiel.PlayerId.TERMINAL
_SPIEL_CHANCE: int = pyspiel.PlayerId.CHANCE
_PARAMETERS: dict[str, Any] = {"players": DEFAULT_PLAYERS, "max_rounds": MAX_ROUNDS}

_GAME_TYPE = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="Python Schadenfreude",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,  # 1 for the winner; nobody may win
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=5,
    min_num_players=3,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=_PARAMETERS,
)


def _engine(params: dict[str, Any]) -> SchadenfreudeGame:
    """The engine game for pyspiel parameters; SpielError (at load) when they are wrong."""
    try:
        return SchadenfreudeGame(int(params["players"]), max_rounds=int(params["max_rounds"]))
    except BadInput as error:
        raise pyspiel.SpielError(f"{SHORT_NAME}: {error}") from None


def _game_info(engine: SchadenfreudeGame) -> pyspiel.GameInfo:
    return pyspiel.GameInfo(
        num_distinct_actions=NUM_CARDS,
        max_chance_outcomes=NUM_CARDS,
        num_players=engine.players,
        min_utility=0.0,
        max_utility=1.0,
        utility_sum=None,
        max_game_length=engine.max_game_length(),  # a true bound: max_rounds caps the game
    )


class SpielGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel.Game is untyped (Any)
    """A pyspiel.Game around a SchadenfreudeGame (`engine`). Parameters: `players` (3-5)
    and `max_rounds` (the game ends after that round at the latest; 1 is the
    single-round game)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        self.engine = _engine({**_PARAMETERS, **params})
        super().__init__(_GAME_TYPE, _game_info(self.engine), params)

    def new_initial_state(self) -> SpielState:
        return SpielState(self)

    def make_py_observer(
        self, iig_obs_type: ObservationTypeLike | None = None, params: dict[str, Any] | None = None
    ) -> SpielObserver:
        return SpielObserver(self.engine.make_py_observer(iig_obs_type, params))


class SpielState(pyspiel.State):  # type: ignore[misc]  # pyspiel.State is untyped (Any)
    """A pyspiel.State around a SchadenfreudeState (`inner`)."""

    def __init__(self, game: SpielGame) -> None:
        super().__init__(game)
        self.inner = game.engine.new_initial_state()

    def current_player(self) -> int:
        seat = self.inner.current_player()
        if seat == TERMINAL:
            return _SPIEL_TERMINAL
        if seat == CHANCE:
            return _SPIEL_CHANCE
        return seat

    def _legal_actions(self, player: int) -> list[int]:
        return self.inner.legal_actions(player)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self.inner.chance_outcomes()

    def _apply_action(self, action: int) -> None:
        self.inner.apply_action(action)  # checked: raises on an illegal action

    def _action_to_string(self, player: int, action: int) -> str:
        return self.inner.action_to_string(player, action)

    def is_terminal(self) -> bool:
        return self.inner.is_terminal()

    def returns(self) -> list[float]:
        return self.inner.returns()

    def __str__(self) -> str:
        return str(self.inner)

    def __deepcopy__(self, memo: dict[int, object]) -> SpielState:
        """pyspiel's own clone: the C++ history is copied, `inner` by the engine's clone
        (SchadenfreudeState.__deepcopy__)."""
        twin: SpielState = self.clone()
        return twin


class SpielObserver:
    """The engine's observer in pyspiel's PyObserver shape; `tensor` and `dict` are the
    engine observer's (layout: solver.cardgames.schadenfreude.observation)."""

    def __init__(self, observer: Observer[SchadenfreudeState]) -> None:
        self.observer = observer
        self.tensor = observer.tensor
        self.dict = observer.dict

    def set_from(self, state: SpielState, player: int) -> None:
        self.observer.set_from(state.inner, player)

    def string_from(self, state: SpielState, player: int) -> str:
        return self.observer.string_from(state.inner, player)


def load_game(players: int = DEFAULT_PLAYERS, max_rounds: int | None = None) -> pyspiel.Game:
    """The registered game; `max_rounds=None` keeps the default cap."""
    params: dict[str, int] = {"players": players}
    if max_rounds is not None:
        params["max_rounds"] = max_rounds
    return pyspiel.load_game(SHORT_NAME, params)


pyspiel.register_game(_GAME_TYPE, SpielGame)
