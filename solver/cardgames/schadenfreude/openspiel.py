"""Register Schadenfreude with OpenSpiel (`pip install .[openspiel]`).

Importing this module needs pyspiel; nothing else in the package imports it. The
pyspiel classes here wrap the engine's own SchadenfreudeGame, SchadenfreudeState and
SchadenfreudeObserver, which have the same shape without pyspiel.

    from solver.cardgames.schadenfreude import openspiel
    game = pyspiel.load_game("python_schadenfreude", {"players": 4})
"""

from __future__ import annotations

import copy

import numpy as np
import pyspiel

from solver.cardgames.api import CHANCE, TERMINAL
from solver.cardgames.schadenfreude.cards import NUM_CARDS
from solver.cardgames.schadenfreude.game import SchadenfreudeGame

SHORT_NAME = "python_schadenfreude"
DEFAULT_PLAYERS = 4

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
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=False,
    parameter_specification={"players": DEFAULT_PLAYERS},
)


def _game_info(players: int) -> pyspiel.GameInfo:
    return pyspiel.GameInfo(
        num_distinct_actions=NUM_CARDS,
        max_chance_outcomes=NUM_CARDS,
        num_players=players,
        min_utility=0.0,
        max_utility=1.0,
        utility_sum=None,
        # rounds are unbounded in principle; 100 rounds of leader + deal + play
        max_game_length=100 * (1 + 2 * NUM_CARDS),
    )


class SpielGame(pyspiel.Game):
    """A pyspiel.Game around a SchadenfreudeGame (`engine`)."""

    def __init__(self, params: dict | None = None):
        params = dict(params or {})
        self.engine = SchadenfreudeGame(int(params.get("players", DEFAULT_PLAYERS)))
        super().__init__(_GAME_TYPE, _game_info(self.engine.players), params)

    def new_initial_state(self) -> SpielState:
        return SpielState(self)

    def make_py_observer(self, iig_obs_type=None, params=None) -> SpielObserver:
        return SpielObserver(self.engine.make_py_observer(iig_obs_type, params))


class SpielState(pyspiel.State):
    """A pyspiel.State around a SchadenfreudeState (`inner`)."""

    def __init__(self, game: SpielGame):
        super().__init__(game)
        self.inner = game.engine.new_initial_state()

    def current_player(self) -> int:
        seat = self.inner.current_player()
        if seat == TERMINAL:
            return pyspiel.PlayerId.TERMINAL
        if seat == CHANCE:
            return pyspiel.PlayerId.CHANCE
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

    def __deepcopy__(self, memo):
        twin = copy.copy(self)
        twin.inner = self.inner.clone()
        return twin


class SpielObserver:
    """The engine's string observer in pyspiel's PyObserver shape (no tensors yet)."""

    def __init__(self, observer):
        self.observer = observer
        self.tensor = np.zeros(0, np.float32)
        self.dict: dict = {}

    def set_from(self, state: SpielState, player: int) -> None:
        pass

    def string_from(self, state: SpielState, player: int) -> str:
        return self.observer.string_from(state.inner, player)


def load_game(players: int = DEFAULT_PLAYERS) -> pyspiel.Game:
    return pyspiel.load_game(SHORT_NAME, {"players": players})


pyspiel.register_game(_GAME_TYPE, SpielGame)
