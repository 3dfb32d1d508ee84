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

from solver.cardgames.api import Game, ObservationTypeLike
from solver.cardgames.schadenfreude import scoring
from solver.cardgames.schadenfreude.cards import NUM_CARDS, NUM_SUITS, VALUE, Deck, Notation, deck_for, variant_deck
from solver.cardgames.schadenfreude.observation import SchadenfreudeObserver
from solver.cardgames.schadenfreude.state import SchadenfreudeState
from solver.core.errors import BadInput

# The default cap on rounds: far beyond any game played by the rulebook (the score
# limit is usually passed within a dozen rounds), but a bound all the same.
MAX_ROUNDS = 50


class SchadenfreudeGame(Game[SchadenfreudeState]):
    """`first_leader=None` draws the first leader at random (a chance node), as the
    rulebook allows; a seat number fixes it. The game ends after a round in which
    someone is above `limit`, or after round `max_rounds` at the latest: then the
    rulebook's scoring decides as at any end (the highest score not above the limit,
    tied scores eliminated). `max_rounds=1` is the single-round game.

    Smaller variants for solvers (`cards.variant_deck`): the first `suits` suits, the
    rank values `ranks` (None: the rulebook's), the Jesters or not (`jesters`), and
    `hand_size` cards each (None: the rulebook's). `round_rewards=True` adds a reward at
    the end of every round, each seat's move on the score track divided by the limit,
    to the 0/1 of the game's end (`rewards()`; `returns()` is then their sum so far).
    `deal_by_hand=True` deals each hand whole, seat after seat, its cards in card order
    (`SchadenfreudeState._hand_deal_outcomes`): the same deal distribution, but a hand is
    reached by one chance sequence instead of by every order of its cards, so the game
    tree is smaller by that factor (for exact solvers on small variants)."""

    short_name = "schadenfreude"

    def __init__(
        self,
        players: int = 4,
        notation: Notation | str = "standard",
        first_leader: int | None = None,
        limit: int = scoring.LIMIT,
        max_rounds: int = MAX_ROUNDS,
        suits: int = NUM_SUITS,
        ranks: Sequence[int] | None = None,
        jesters: bool = True,
        hand_size: int | None = None,
        round_rewards: bool = False,
        deal_by_hand: bool = False,
    ) -> None:
        super().__init__()
        if isinstance(max_rounds, bool) or not isinstance(max_rounds, int) or max_rounds < 1:
            raise BadInput(f"max_rounds is a whole number of rounds, at least 1, not {max_rounds!r}")
        self.deck: Deck = variant_deck(players, notation, suits, None if ranks is None else tuple(ranks),
                                       jesters, hand_size)
        self.round_rewards = bool(round_rewards)
        self.deal_by_hand = bool(deal_by_hand)
        self.notation: Notation = self.deck.notation
        self.players = players
        if first_leader is not None and not 0 <= first_leader < players:
            raise BadInput(f"the first leader is a seat 0..{players - 1}, not {first_leader}")
        self.first_leader = first_leader
        self.limit = limit
        self.max_rounds = max_rounds
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

    def max_game_length(self) -> int:
        """A true bound on the actions of a game: per round at most one leader draw,
        the deal (one chance action per card) and every dealt card played."""
        return self.max_rounds * (1 + 2 * self.deal_size)

    def utility(self) -> tuple[float, float, float | None]:
        """(min, max, sum or None) of the returns: 0/1, general-sum; with round rewards
        plus the final score over the limit, which is at most the limit plus one
        round's points (the most a pile can hold: the deck's distinct positive values)."""
        if not self.round_rewards:
            return (0.0, 1.0, None)
        best_pile = sum(v for v in {VALUE[c] for c in self.deck.cards} if v > 0)
        return (0.0, 1.0 + (self.limit + best_pile) / self.limit, None)

    def get_parameters(self) -> dict[str, Any]:
        params: dict[str, Any] = {"players": self.players, "notation": self.notation.name,
                                  "first_leader": self.first_leader, "limit": self.limit,
                                  "max_rounds": self.max_rounds}
        if self.deck != deck_for(self.players, self.notation):  # a variant's deck
            params |= {"cards": self.card_names(list(self.deck.cards)), "hand_size": self.hand_size}
        if self.round_rewards:
            params["round_rewards"] = True
        if self.deal_by_hand:
            params["deal_by_hand"] = True
        return params

    def new_initial_state(self) -> SchadenfreudeState:
        return SchadenfreudeState(self)

    def make_py_observer(
        self, iig_obs_type: ObservationTypeLike | None = None, params: dict[str, Any] | None = None
    ) -> SchadenfreudeObserver:
        """Perfect recall (`iig_obs_type.perfect_recall`): every public event since the
        start plus the cards dealt to the player; otherwise the current view."""
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        return SchadenfreudeObserver(self, bool(getattr(iig_obs_type, "perfect_recall", False)))

    # -- names ---------------------------------------------------------------------
    def card_name(self, card: int) -> str:
        return self.notation.card_name(card)

    def card_names(self, cards: Sequence[int]) -> list[str]:
        return [self.notation.card_name(card) for card in cards]

    def card_label(self, card: int) -> str:
        """The card as a person reads it (the Jesters in the rulebook's words)."""
        return self.notation.label(card)
