"""The game: what stays fixed while Schadenfreude is played (player count, deck and
notation, the first leader if fixed, the score limit), in the shape of OpenSpiel's
Python games (a pyspiel.Game with `new_initial_state()` and `make_py_observer()`).

    game = SchadenfreudeGame(players=4)
    state = game.new_initial_state()

Actions: a chance outcome is a seat (drawing the first leader) or a card being dealt;
a player's action is the card they play. Cards are ints 0..49 (see `cards`), so the
game has NUM_CARDS distinct actions.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from solver.cardgames.api import Game
from solver.cardgames.schadenfreude import scoring
from solver.cardgames.schadenfreude.cards import NUM_CARDS, Deck, Notation, deck_for
from solver.cardgames.schadenfreude.observation import SchadenfreudeObserver
from solver.cardgames.schadenfreude.state import SchadenfreudeState
from solver.core.errors import BadInput


class SchadenfreudeGame(Game):
    """`first_leader=None` draws the first leader at random (a chance node), as the
    rulebook allows; a seat number fixes it. The game ends after a round in which
    someone is above `limit`."""

    short_name = "schadenfreude"

    def __init__(
        self,
        players: int = 4,
        notation: Notation | str = "standard",
        first_leader: int | None = None,
        limit: int = scoring.LIMIT,
    ):
        super().__init__()
        self.deck: Deck = deck_for(players, notation)
        self.notation: Notation = self.deck.notation
        self.players = players
        if first_leader is not None and not 0 <= first_leader < players:
            raise BadInput(f"the first leader is a seat 0..{players - 1}, not {first_leader}")
        self.first_leader = first_leader
        self.limit = limit
        self.deck_mask = self.deck.mask  # the cards in play, as a bitmask
        self.hand_size = self.deck.hand_size
        self.deal_size = players * self.hand_size  # cards dealt each round

    # -- OpenSpiel shape -----------------------------------------------------------
    def num_players(self) -> int:
        return self.players

    def num_distinct_actions(self) -> int:
        return NUM_CARDS

    def max_chance_outcomes(self) -> int:
        return NUM_CARDS

    def get_parameters(self) -> dict[str, Any]:
        return {"players": self.players, "notation": self.notation.name,
                "first_leader": self.first_leader, "limit": self.limit}

    def new_initial_state(self) -> SchadenfreudeState:
        return SchadenfreudeState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: dict | None = None) -> SchadenfreudeObserver:
        """Perfect recall (`iig_obs_type.perfect_recall`): every public event since the
        start plus the cards dealt to the player; otherwise the current view."""
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        return SchadenfreudeObserver(bool(getattr(iig_obs_type, "perfect_recall", False)))

    # -- names ---------------------------------------------------------------------
    def card_name(self, card: int) -> str:
        return self.notation.card_name(card)

    def card_names(self, cards: Sequence[int]) -> list[str]:
        return [self.notation.card_name(card) for card in cards]
