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

SHORT_NAME = "python_scandaroon"
DEFAULT_PLAYERS = 4

_GAME_TYPE = spiel.game_type(
    SHORT_NAME, "Python Scandaroon", (MIN_PLAYERS, MAX_PLAYERS),
    pyspiel.GameType.Utility.CONSTANT_SUM, {"players": DEFAULT_PLAYERS},
)


def _engine(params: dict[str, Any]) -> ScandaroonGame:
    return ScandaroonGame(players=int(params["players"]), keep_log=False)


def load_game(players: int = DEFAULT_PLAYERS) -> pyspiel.Game:
    return pyspiel.load_game(SHORT_NAME, {"players": players})


GameClass = spiel.register(_GAME_TYPE, _engine, (0.0, 1.0, 1.0))
