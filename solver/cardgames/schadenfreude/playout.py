"""Fast random playouts: whole games with bitmask hands in one tight loop.

This is an unchecked fast path for benchmarks and Monte-Carlo rollouts; the rules
live in trick.py and scoring.py, and tests replay its transcripts through the checked
SchadenfreudeState to show that both agree card for card.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from solver.cardgames.schadenfreude.cards import JESTER_MASK, SUIT_MASKS, VALUE, deck_for
from solver.cardgames.schadenfreude.scoring import LIMIT, PILE_POINTS, VALUE_BITS, next_leader, winner

# suit of a card, with -1 for the Jesters (which always count as the lead suit)
_SUIT = tuple([c // 12 for c in range(48)] + [-1, -1])


def random_game(
    players: int,
    rng: random.Random,
    limit: int = LIMIT,
    first_leader: int | None = None,
    transcript: list[int] | None = None,
) -> tuple[list[int], int, int | None]:
    """Play a whole game with uniformly random legal cards.

    Returns (final scores, rounds, winner). With `transcript`, appends the actions in
    SchadenfreudeState's order (leader chance, dealt cards, plays)."""
    deck = deck_for(players)
    deck_cards = list(deck.cards)
    dealt = players * deck.hand_size
    scores = [0] * players
    leader = first_leader
    rounds = 0
    while True:
        rounds += 1
        if leader is None:
            leader = rng.randrange(players)
            if transcript is not None:
                transcript.append(leader)
        piles = play_round(players, rng, deck_cards, dealt, leader, transcript)
        scores = [max(0, s + PILE_POINTS[p]) for s, p in zip(scores, piles, strict=True)]
        if max(scores) > limit:
            return scores, rounds, winner(scores, limit)
        leader = next_leader(scores)


def play_round(
    players: int,
    rng: random.Random,
    deck_cards: list[int],
    dealt: int,
    leader: int,
    transcript: list[int] | None = None,
) -> list[int]:
    """Deal and play one round at random; returns the score piles (value bitmasks)."""
    order = rng.sample(deck_cards, dealt)
    if transcript is not None:
        transcript.extend(order)
    hands = [0] * players
    for i, card in enumerate(order):
        hands[i % players] |= 1 << card
    return random_tricks(hands, leader, [0] * players, rng.random, transcript)


def random_tricks(
    hands: list[int],
    leader: int,
    piles: list[int],
    rand: Callable[[], float],
    transcript: list[int] | None = None,
    started: Sequence[int] = (),
) -> list[int]:
    """Play out the rest of the round at random: first the current trick, of which
    `started` are the cards already played from `leader` on, then whole tricks.
    Changes `hands` and `piles` in place and returns `piles`."""
    players = len(hands)
    suit_masks, jester_mask, suit_of, value, value_bits = (
        SUIT_MASKS, JESTER_MASK, _SUIT, VALUE, VALUE_BITS
    )
    played = list(started)
    while played or hands[leader]:
        suit = -1
        for card in played:
            if suit < 0:
                suit = suit_of[card]
        seat = (leader + len(played)) % players
        for _ in range(players - len(played)):
            hand = hands[seat]
            if suit >= 0:
                legal = hand & suit_masks[suit]
                legal = (legal | (hand & jester_mask)) if legal else hand
            else:
                legal = hand
            for _ in range(int(rand() * legal.bit_count())):
                legal &= legal - 1
            bit = legal & -legal
            hands[seat] = hand ^ bit
            card = bit.bit_length() - 1
            if suit < 0:
                suit = suit_of[card]
            played.append(card)
            seat += 1
            if seat == players:
                seat = 0
        # second-highest card of the lead suit (Jesters count), a lone one wins
        best = second = -1
        best_value = second_value = -99
        for position, card in enumerate(played):
            s = suit_of[card]
            if s == suit or s < 0:
                v = value[card]
                if v > best_value:
                    second, second_value = best, best_value
                    best, best_value = position, v
                elif v > second_value:
                    second, second_value = position, v
        position = second if second >= 0 else best
        seat = (leader + position) % players
        pile = piles[seat]
        for i, card in enumerate(played):
            if i == position or (suit_of[card] != suit and suit_of[card] >= 0):
                pile ^= value_bits[card]
        piles[seat] = pile
        leader = seat
        if transcript is not None:
            transcript.extend(played[len(started):])
            started = ()
        played = []
    return piles
