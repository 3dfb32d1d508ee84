"""One trick: the lead suit, legal plays, the winner and what the winner takes."""

from __future__ import annotations

from collections.abc import Sequence

from solver.cardgames.schadenfreude.cards import JESTER_0, JESTER_MASK, SUIT, SUIT_MASKS, VALUE


def lead_suit(played: Sequence[int]) -> int | None:
    """The suit of the first standard card; None while only Jesters were played
    (a Jester lead leaves the suit open until the first standard card)."""
    for card in played:
        if card < JESTER_0:
            return SUIT[card]
    return None


def legal_mask(hand: int, suit: int | None) -> int:
    """Follow suit if able; Jesters may always be played and never have to be."""
    if suit is None:
        return hand
    follow = hand & SUIT_MASKS[suit]
    return (follow | (hand & JESTER_MASK)) if follow else hand


def illegal_reason(hand: int, played: Sequence[int], card: int) -> str | None:
    """Why `card` may not be played from `hand` onto `played`, or None."""
    if not hand >> card & 1:
        return "that card is not in your hand"
    suit = lead_suit(played)
    if legal_mask(hand, suit) >> card & 1:
        return None
    return "you must follow suit (a Jester may always be played instead)"


def follows(card: int, suit: int) -> bool:
    """Jesters always count as the lead suit."""
    return card >= JESTER_0 or SUIT[card] == suit


def trick_winner(played: Sequence[int]) -> int:
    """Position (in playing order) of the second-highest card of the lead suit; a lone
    card of the lead suit wins. (Values within the lead suit and the Jesters are
    distinct, so there are no ties.)"""
    suit = lead_suit(played)
    if suit is None:  # only Jesters: cannot happen with 3+ players and 2 Jesters
        raise ValueError("a trick needs at least one standard card")
    best = second = -1
    best_value = second_value = -99
    for position, card in enumerate(played):
        if card >= JESTER_0 or SUIT[card] == suit:
            value = VALUE[card]
            if value > best_value:
                second, second_value = best, best_value
                best, best_value = position, value
            elif value > second_value:
                second, second_value = position, value
    return second if second >= 0 else best


def taken_cards(played: Sequence[int], winner: int) -> list[int]:
    """The winner takes their own card and every non-Jester card that did not follow
    the lead suit; the rest is discarded."""
    suit = lead_suit(played)
    suit_of = SUIT
    return [
        card
        for i, card in enumerate(played)
        if i == winner or (card < JESTER_0 and suit_of[card] != suit)
    ]
