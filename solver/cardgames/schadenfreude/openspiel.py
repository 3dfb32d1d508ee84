"""Register Schadenfreude with OpenSpiel (`pip install .[openspiel]`) as
`python_schadenfreude`, parameters `players` (3-5) and `max_rounds` (1: the single-round
game).

Importing this module needs pyspiel; nothing else in the package imports it. The
pyspiel classes (solver.cardgames.spiel) wrap the engine's own SchadenfreudeGame,
SchadenfreudeState and SchadenfreudeObserver, which have the same shape without pyspiel.

    from solver.cardgames.schadenfreude import openspiel
    game = pyspiel.load_game("python_schadenfreude", {"players": 4})
"""

from __future__ import annotations

from typing import Any

import pyspiel

from solver.cardgames import spiel
from solver.cardgames.schadenfreude.game import MAX_ROUNDS, SchadenfreudeGame
from solver.cardgames.spiel import SpielGame, SpielObserver, SpielState

SHORT_NAME = "python_schadenfreude"
DEFAULT_PLAYERS = 4

_GAME_TYPE = spiel.game_type(
    SHORT_NAME, "Python Schadenfreude", (3, 5),
    pyspiel.GameType.Utility.GENERAL_SUM,  # 1 for the winner; nobody may win
    {"players": DEFAULT_PLAYERS, "max_rounds": MAX_ROUNDS},
)


def _engine(params: dict[str, Any]) -> SchadenfreudeGame:
    return SchadenfreudeGame(int(params["players"]), max_rounds=int(params["max_rounds"]))


def load_game(players: int = DEFAULT_PLAYERS, max_rounds: int | None = None) -> pyspiel.Game:
    """The registered game; `max_rounds=None` keeps the default cap."""
    params: dict[str, int] = {"players": players}
    if max_rounds is not None:
        params["max_rounds"] = max_rounds
    return pyspiel.load_game(SHORT_NAME, params)


GameClass = spiel.register(_GAME_TYPE, _engine, (0.0, 1.0, None))
__all__ = ["SHORT_NAME", "GameClass", "SpielGame", "SpielObserver", "SpielState", "load_game"]
