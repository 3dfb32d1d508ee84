"""Register Schadenfreude with OpenSpiel (`pip install .[openspiel]`) as
`python_schadenfreude`, parameters `players` (3-5) and `max_rounds` (1: the single-round
game), and for solvers the smaller variants and round rewards of PARAMETERS.

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
from solver.cardgames.schadenfreude.cards import NUM_SUITS
from solver.cardgames.schadenfreude.game import MAX_ROUNDS, SchadenfreudeGame
from solver.cardgames.spiel import SpielGame, SpielObserver, SpielState
from solver.core.errors import BadInput

SHORT_NAME = "python_schadenfreude"
DEFAULT_PLAYERS = 4

PARAMETERS: dict[str, Any] = {
    "players": DEFAULT_PLAYERS, "max_rounds": MAX_ROUNDS,
    # variants for solvers (the defaults are the rulebook's game)
    "first_leader": -1,  # a seat leads the first round; -1: drawn by lot (a chance node)
    "suits": NUM_SUITS, "ranks": "",  # the first `suits` suits; rank values "-3/2/7" ("": all)
    "jesters": True, "hand_size": 0,  # 0: the rulebook's hand size
    "round_rewards": False,  # a reward at every round's end (the score track's moves / 40)
    "deal_by_hand": False,  # deal each hand whole in card order (a smaller tree, same deals)
}
_GAME_TYPE = spiel.game_type(
    SHORT_NAME, "Python Schadenfreude", (3, 5),
    pyspiel.GameType.Utility.GENERAL_SUM,  # 1 for the winner; nobody may win
    PARAMETERS,
)


def _ranks(text: str) -> tuple[int, ...] | None:
    """'-3/2/7' -> (-3, 2, 7) ('/', since a comma separates pyspiel's parameters)."""
    if not text.strip():
        return None
    try:
        return tuple(int(part) for part in text.split("/"))
    except ValueError:
        raise BadInput(f"ranks are values separated by '/', e.g. '-3/2/7', not {text!r}") from None


def _engine(params: dict[str, Any]) -> SchadenfreudeGame:
    leader = int(params["first_leader"])
    return SchadenfreudeGame(
        int(params["players"]), max_rounds=int(params["max_rounds"]),
        first_leader=None if leader < 0 else leader, suits=int(params["suits"]),
        ranks=_ranks(str(params["ranks"])), jesters=bool(params["jesters"]),
        hand_size=int(params["hand_size"]) or None, round_rewards=bool(params["round_rewards"]),
        deal_by_hand=bool(params["deal_by_hand"]),
    )


def load_game(players: int = DEFAULT_PLAYERS, max_rounds: int | None = None,
              **variant: Any) -> pyspiel.Game:
    """The registered game; `max_rounds=None` keeps the default cap; `variant` holds
    any of the other PARAMETERS."""
    params: dict[str, Any] = {"players": players, **variant}
    if max_rounds is not None:
        params["max_rounds"] = max_rounds
    return pyspiel.load_game(SHORT_NAME, params)


GameClass = spiel.register(_GAME_TYPE, _engine, (0.0, 1.0, None),
                           frozenset(PARAMETERS) - {"players", "max_rounds"})
__all__ = ["PARAMETERS", "SHORT_NAME", "GameClass", "SpielGame", "SpielObserver", "SpielState", "load_game"]
