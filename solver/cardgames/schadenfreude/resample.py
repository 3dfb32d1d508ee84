"""Worlds a player cannot tell apart: the cards they cannot see dealt anew, consistent
with everything they have seen (for OpenSpiel's `resample_from_infostate` and ISMCTS).

What a player has seen of the other hands is their sizes and the suits each seat has
shown it lacks (a standard card off the lead suit; a Jester may always be played, so it
shows nothing). `consistent_hands` deals the unseen cards uniformly among the deals
that respect both: shuffled deals are tried until one respects the voids (each one
that does is equally likely); when many tries fail (a long game of voids), the most
constrained seat is dealt first from the cards it may hold; should even that fail, the
true hands are kept, which are always consistent.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from solver.cardgames.schadenfreude.bots import known_voids
from solver.cardgames.schadenfreude.cards import cards_of

if TYPE_CHECKING:
    from solver.cardgames.schadenfreude.state import SchadenfreudeState

TRIES = 200  # shuffled deals tried before the constrained deal


def consistent_hands(state: SchadenfreudeState, player: int, rng: random.Random) -> list[int]:
    """New hands (masks) for every seat but `player`, of the same sizes, from the cards
    `player` cannot see, none of a suit its seat showed it lacks."""
    unseen = cards_of(state.game.deck_mask & ~state.hands[player] & ~state.played)
    voids = known_voids(state)
    others = [seat for seat in range(state.game.players) if seat != player]
    sizes = {seat: state.hands[seat].bit_count() for seat in others}
    for _ in range(TRIES):
        rng.shuffle(unseen)
        hands, position = list(state.hands), 0
        for seat in others:
            hands[seat] = 0
            for card in unseen[position:position + sizes[seat]]:
                hands[seat] |= 1 << card
            position += sizes[seat]
        if not any(hands[seat] & voids[seat] for seat in others):
            return hands
    return _constrained_deal(state, unseen, voids, sizes, rng)


def _constrained_deal(state: SchadenfreudeState, unseen: list[int], voids: list[int],
                      sizes: dict[int, int], rng: random.Random) -> list[int]:
    """The seat with the fewest cards it may hold is dealt first; the true hands when
    this gets stuck."""
    left = 0
    for card in unseen:
        left |= 1 << card
    hands = list(state.hands)
    for seat in sorted(sizes, key=lambda s: (left & ~voids[s]).bit_count() - sizes[s]):
        allowed = cards_of(left & ~voids[seat])
        if len(allowed) < sizes[seat]:
            return list(state.hands)
        hands[seat] = 0
        for card in rng.sample(allowed, sizes[seat]):
            hands[seat] |= 1 << card
        left &= ~hands[seat]
    return hands
