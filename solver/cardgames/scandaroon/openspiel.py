"""Register Scandaroon with OpenSpiel (`pip install .[openspiel]`) as `python_scandaroon`,
parameter `players` (3 or 4), with the bundled deck and no human-readable log.

Importing this module needs pyspiel; nothing else in the package imports it. The
pyspiel classes (solver.cardgames.spiel) wrap the engine's own ScandaroonGame,
ScandaroonState and ScandaroonObserver.

    from solver.cardgames.scandaroon import openspiel
    game = pyspiel.load_game("python_scandaroon(players=3)")

Returns: the game winners share 1 (a sole winner gets 1, a k-way draw 1/k each), so
the game is constant-sum.
"""

from __future__ import annotations

from typing import Any

import pyspiel

from solver.cardgames import spiel
from solver.cardgames.scandaroon.actions import MAX_PLAYERS, MIN_PLAYERS
from solver.cardgames.scandaroon.game import ScandaroonGame
from solver.cardgames.scandaroon.state import ROUNDS

SHORT_NAME = "python_scandaroon"
DEFAULT_PLAYERS = 4
PARAMETERS: dict[str, Any] = {
    "players": DEFAULT_PLAYERS,
    "rounds": ROUNDS,  # 1 to 4: the game ends after that round (1: the one-round game)
    "round_rewards": False,  # a reward for the VP each round earns, divided by 20
}

_GAME_TYPE = spiel.game_type(
    SHORT_NAME, "Python Scandaroon", (MIN_PLAYERS, MAX_PLAYERS),
    # constant-sum as the rulebook's game; with round_rewards the game's own type says
    # general-sum (solver.cardgames.spiel), as its utility does
    pyspiel.GameType.Utility.CONSTANT_SUM, PARAMETERS,
)


def _engine(params: dict[str, Any]) -> ScandaroonGame:
    return ScandaroonGame(players=int(params["players"]), keep_log=False, rounds=int(params["rounds"]),
                          round_rewards=bool(params["round_rewards"]))


def load_game(players: int = DEFAULT_PLAYERS, **variant: Any) -> pyspiel.Game:
    """The registered game; `variant` holds `rounds` or `round_rewards`."""
    return pyspiel.load_game(SHORT_NAME, {"players": players, **variant})


GameClass = spiel.register(_GAME_TYPE, _engine, (0.0, 1.0, 1.0), frozenset({"rounds", "round_rewards"}))
