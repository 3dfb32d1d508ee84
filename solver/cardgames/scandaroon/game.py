"""The game: what stays fixed while Scandaroon is played (the deck and its symbols, the
player count, the action numbering), in the shape of OpenSpiel's Python games (a
pyspiel.Game with `new_initial_state()` and `make_py_observer()`).

    game = ScandaroonGame(players=3)          # the bundled deck
    state = game.new_initial_state()
"""

from __future__ import annotations

from typing import Any

from solver.cardgames.api import Game, ObservationTypeLike
from solver.cardgames.scandaroon.actions import MAX_PLAYERS, MIN_PLAYERS, Actions
from solver.cardgames.scandaroon.choices import EXCHANGE_MAX
from solver.cardgames.scandaroon.deck import Deck, load_deck
from solver.cardgames.scandaroon.observation import ScandaroonObserver
from solver.cardgames.scandaroon.state import ROUNDS, ScandaroonState
from solver.core.errors import BadInput


class ScandaroonGame(Game[ScandaroonState]):
    """`deck=None` loads the bundled deck. `keep_log=False` makes states that keep no
    human-readable log (simulations); `state.log` is what the terminal game prints."""

    short_name = "scandaroon"

    def __init__(self, deck: Deck | None = None, players: int = 4, keep_log: bool = True) -> None:
        super().__init__()
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise BadInput(f"Scandaroon is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players}")
        self.deck: Deck = load_deck() if deck is None else deck
        self.symbols = self.deck.symbols
        self.players = players
        self.keep_log = keep_log
        self.actions = Actions(len(self.deck), len(self.symbols.symbols))

    # -- OpenSpiel shape -----------------------------------------------------------
    def num_players(self) -> int:
        return self.players

    def num_distinct_actions(self) -> int:
        return self.actions.size

    def max_chance_outcomes(self) -> int:
        return max(len(self.deck), len(self.symbols.symbols), self.players)

    def max_game_length(self) -> int:
        """A true bound on the actions of a game (N cards, P players, R rounds):
        chance: at most 2N draws (the pile of N, refilled once by the discards), R trump
        cards and the starting-player lot; players: a pass per player and round; a card
        enters a hand only by a draw or a steal (at most 2N + P), so there are at most
        2N + P plays, and as many ability uses (each discards a row card a play put
        there), each with at most 2 follow-ups; a stone per player with an effect, at
        most EXCHANGE_MAX targets and `done`."""
        n, p = len(self.deck), self.players
        chance = 2 * n + ROUNDS + 1
        plays = 2 * n + p
        stones = p * (3 + EXCHANGE_MAX)
        return chance + p * ROUNDS + plays + 3 * plays + stones

    def get_parameters(self) -> dict[str, Any]:
        return {"deck": self.deck.source or self.deck.title, "players": self.players,
                "keep_log": self.keep_log}

    def new_initial_state(self) -> ScandaroonState:
        return ScandaroonState(self)

    def make_py_observer(
        self, iig_obs_type: ObservationTypeLike | None = None, params: dict[str, Any] | None = None
    ) -> ScandaroonObserver:
        """Perfect recall (`iig_obs_type.perfect_recall`): the public history (cards drawn
        by others hidden), the table and the own hand; otherwise the table and own hand."""
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        return ScandaroonObserver(self, bool(getattr(iig_obs_type, "perfect_recall", False)))

    # -- names ---------------------------------------------------------------------
    def card_name(self, card: int) -> str:
        return self.deck[card].name
