"""Register the whole game with OpenSpiel (`pip install .[openspiel]`) as `python_schinderhannes`
(docs/game.md, "OpenSpiel"), through the card games' pyspiel wrappers (solver.cardgames.spiel).

    from solver.game import openspiel
    game = pyspiel.load_game("python_schinderhannes(players=4,max_turns=100)")

Parameters: `players` (2-4, default 3), the rules' `two_player` (the two-player variant: 2 players),
`last_delict_points` (5 or 1), `alternative_piles`, `first_draws_abc` (solver.game.game.Rules), and
`max_turns` (default 200): after that many turns the state's `halt` ends the game, before the next
turn begins. The actions are the ints of solver.game.encoding; the observers those of
solver.game.observation. Returns: the winners (every tied leader, also at the bound) share 1, so
the game is constant-sum; the points are in the observations.

Importing this module needs pyspiel; nothing else in the package imports it. `SchinderhannesEngine`
and `SchinderhannesState` are the whole game with int actions, in the shape the wrappers take.
"""

from __future__ import annotations

import functools
from typing import Any

import pyspiel

from solver.cardgames import spiel
from solver.cardgames.api import IllegalAction, ObservationTypeLike
from solver.core.board import Board, load_board
from solver.core.deck import Deck, load_deck
from solver.core.errors import BadInput
from solver.game.actions import Action, Deal, Discard, Draw, Pick
from solver.game.encoding import CARDS, NUM_ACTIONS, NUM_CHANCE_OUTCOMES, Encoding
from solver.game.game import Game, Rules
from solver.game.observation import SchinderhannesObserver, Seen, full_string
from solver.game.state import CHANCE, State, Step
from solver.table.state import MoveKind, Variant

SHORT_NAME = "python_schinderhannes"
PLAYER_NAMES = ("p0", "p1", "p2", "p3")
DEFAULT_PLAYERS = 3
DEFAULT_MAX_TURNS = 200  # random games end within about 50 turns (docs/game.md); a bound for any policy
PARAMETERS: dict[str, Any] = {
    "players": DEFAULT_PLAYERS, "two_player": False, "last_delict_points": 5,
    "alternative_piles": False, "first_draws_abc": False, "max_turns": DEFAULT_MAX_TURNS,
}


def max_game_length(players: int, max_turns: int) -> int:
    """The most decisions a game can take (OpenSpiel does not count the chance outcomes: the 72
    deals, and the deals of a paid shuffle). Every info card is drawn at most once (the opening
    draws too) and leaves a hand at most once (played or discarded): 2 x 72 decisions that move an
    info card; each Remove-one-marker card is played at most once: `players`. A turn adds at most
    `players + 2` decisions that move no card: one Pass, one Decline that ends the discards, the
    two-player variant's one paid shuffle, and a Stop or Decline by each other player in the STOP
    window. At most `max_turns` turns are played (the bound halts the game before the next one)."""
    return 2 * CARDS + players + max_turns * (players + 2)


class SchinderhannesState:
    """A whole game with int actions: the engine `state` and what the table saw of each action
    (`seen`, for the information state)."""

    def __init__(self, engine: SchinderhannesEngine, state: State | None = None,
                 seen: list[Seen] | None = None) -> None:
        self.engine = engine
        self._state = state
        self.seen: list[Seen] = seen if seen is not None else []
        self._legal: list[int] | None = None

    @property
    def state(self) -> State:
        """The engine state, made on first use: pyspiel makes states it never plays on (one for each
        clone, before the copy takes its place, and one for each tensor asked for)."""
        if self._state is None:
            self._state = self.engine.game.new_initial_state()
        return self._state

    def current_player(self) -> int:
        return self.state.current_player()

    def is_terminal(self) -> bool:
        return self.state.is_terminal()

    def legal_actions(self, player: int | None = None) -> list[int]:
        """Sorted; empty for a seat other than the one to move."""
        if player is not None and player != self.current_player():
            return []
        if self._legal is None:
            if self.state.is_chance_node():
                self._legal = [outcome for outcome, _ in self.chance_outcomes()]
            else:
                self._legal = sorted(self.engine.codes.encode(a) for a in self.state.legal_actions())
        return list(self._legal)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(Encoding.encode_chance(deal), p) for deal, p in self.state.chance_outcomes()
                if isinstance(deal, Deal)]

    def apply_action(self, action: int) -> None:
        """Checked: IllegalAction (the state untouched) unless `action` is legal now."""
        if action not in self.legal_actions():
            raise IllegalAction(action, f"not legal now ({self._now()}); legal: {self.legal_actions()[:20]}")
        seat = self.current_player()
        decoded = self._decode(action)
        card = self._card(decoded)
        moves = len(self.state.table.history)
        self.state.apply_action(decoded)
        taken = tuple(n for move in self.state.table.history[moves:] if move.kind is MoveKind.DRAWPILE
                      for n in move.out)
        self.seen.append(Seen(seat, decoded, card, taken))
        self._legal = None
        if not self.is_terminal() and self.state.turn.turns >= self.engine.max_turns and self.state.step is Step.PLAY:
            self.state.halt(f"the bound of {self.engine.max_turns} turns was reached")

    def action_to_string(self, player: int, action: int) -> str:
        return self.engine.codes.text(action, chance=player == CHANCE)

    def returns(self) -> list[float]:
        """The winners share 1 once the game is over; 0 for everyone before."""
        players = self.engine.game.players
        if not self.is_terminal():
            return [0.0] * len(players)
        winners = self.state.winners()
        return [1.0 / len(winners) if p in winners else 0.0 for p in players]

    def __str__(self) -> str:
        return full_string(self.state)

    def __deepcopy__(self, memo: dict[int, object]) -> SchinderhannesState:
        """The engine state's cheap fork: OpenSpiel's clones never undo."""
        twin = SchinderhannesState(self.engine, self.state.fork(), list(self.seen))
        twin._legal = self._legal
        return twin

    def _decode(self, action: int) -> Action:
        decoded = (Encoding.decode_chance(action) if self.state.is_chance_node()
                   else self.engine.codes.decode(action, self.state.mover))
        assert decoded is not None, "a legal int names an action"
        return decoded

    def _card(self, action: Action) -> int | None:
        """The card an action takes from a pile or discards, before it is applied."""
        match action:
            case Draw(pile):
                return self.state.piles[pile][-1]
            case Pick(pile, depth):
                return self.state.piles[pile][-1 - depth]
            case Discard(card):
                return card
        return None

    def _now(self) -> str:
        if self.state.is_chance_node():
            return "a chance node"
        return f"the {self.state.step.value} step of {self.state.mover}"


class SchinderhannesEngine:
    """The whole game in the shape the pyspiel wrappers take (spiel.EngineGame)."""

    def __init__(self, players: int = DEFAULT_PLAYERS, rules: Rules | None = None,
                 max_turns: int = DEFAULT_MAX_TURNS) -> None:
        if not 2 <= players <= len(PLAYER_NAMES):
            raise BadInput(f"players is 2 to {len(PLAYER_NAMES)}, not {players}")
        if max_turns < 1:
            raise BadInput(f"max_turns is at least 1, not {max_turns}")
        self.game = Game(PLAYER_NAMES[:players], rules, *_bundled())  # BadInput: the two-player variant's 2 players
        self.codes = Encoding(self.game)
        self.max_turns = max_turns

    def num_players(self) -> int:
        return self.game.num_players()

    def num_distinct_actions(self) -> int:
        return NUM_ACTIONS

    def max_chance_outcomes(self) -> int:
        return NUM_CHANCE_OUTCOMES

    def max_game_length(self) -> int:
        return max_game_length(self.num_players(), self.max_turns)

    def new_initial_state(self) -> SchinderhannesState:
        return SchinderhannesState(self)

    def make_py_observer(self, iig_obs_type: ObservationTypeLike | None = None,
                         params: dict[str, Any] | None = None) -> SchinderhannesObserver:
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        return SchinderhannesObserver(self.game, self.max_turns, bool(getattr(iig_obs_type, "perfect_recall", False)))


@functools.cache
def _bundled() -> tuple[Deck, Board]:
    """The bundled deck and board, read once: pyspiel makes a game for each deserialized state."""
    return load_deck(), load_board()


def _engine(params: dict[str, Any]) -> SchinderhannesEngine:
    """The engine for the load's parameters; BadInput (a SpielError at the load) for wrong ones."""
    variant = Variant.from_dict({key: params[key] for key in ("two_player", "last_delict_points")})
    rules = Rules(variant, bool(params["alternative_piles"]), bool(params["first_draws_abc"]))
    return SchinderhannesEngine(int(params["players"]), rules, int(params["max_turns"]))


_GAME_TYPE = spiel.game_type(
    SHORT_NAME, "Python Schinderhannes", (2, len(PLAYER_NAMES)),
    pyspiel.GameType.Utility.CONSTANT_SUM, PARAMETERS,
)


def load_game(players: int = DEFAULT_PLAYERS, **params: Any) -> pyspiel.Game:
    """The registered game with these parameters (the others at their defaults)."""
    return pyspiel.load_game(SHORT_NAME, {"players": players, **params})


GameClass = spiel.register(_GAME_TYPE, _engine, (0.0, 1.0, 1.0))
