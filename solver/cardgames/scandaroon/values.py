"""Card values (rulebook, "Scoring"): nominal, current and final.

* nominal: the number printed at the top; a nominal-0 card is worth the number of cards
  in play bearing its symbol (itself included) ("Cards with the Nominal Value 0").
* current: that plus the lasting effects of the *other* cards in play plus any extra
  points markers put on it by a strengthen ability.
* final: the current value, doubled if the card bears the current trump symbol (a card
  with two symbols counts as each of them, so either may be trump).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from solver.cardgames.scandaroon.effects import Effect, effect_reaches

if TYPE_CHECKING:
    from solver.cardgames.scandaroon.deck import Deck


def base_value(deck: Deck, card_id: int, symbol_counts: Mapping[str, int], in_play: Sequence[int]) -> int:
    card = deck[card_id]
    if card.value != 0:
        return card.value
    if len(card.symbols) == 1:
        return symbol_counts.get(card.symbols[0], 0)
    # two symbols: every card in play bearing either symbol counts once
    return sum(1 for other in in_play if any(s in deck[other].symbols for s in card.symbols))


def current_values(deck: Deck, rows: Sequence[Sequence[int]], boosts: Mapping[int, int] | None = None
                   ) -> dict[int, int]:
    """Current value of every card in play, by card id."""
    boosts = boosts or {}
    in_play = [card for row in rows for card in row]
    counts: dict[str, int] = {}
    for card_id in in_play:
        for symbol in deck[card_id].symbols:
            counts[symbol] = counts.get(symbol, 0) + 1
    effects: list[tuple[Effect, int, int]] = []  # (effect, row, position) of the effect cards
    for r, row in enumerate(rows):
        for p, card_id in enumerate(row):
            effect = deck[card_id].effect
            if effect is not None:
                effects.append((effect, r, p))
    values: dict[int, int] = {}
    for r, row in enumerate(rows):
        for p, card_id in enumerate(row):
            card = deck[card_id]
            value = base_value(deck, card_id, counts, in_play) + boosts.get(card_id, 0)
            for effect, source_row, source_pos in effects:
                if effect_reaches(effect, source_row, source_pos, r, p) and effect.match.accepts(card):
                    value += effect.amount
            values[card_id] = value
    return values


def final_values(deck: Deck, rows: Sequence[Sequence[int]], boosts: Mapping[int, int] | None,
                 trump: str | None) -> dict[int, int]:
    """Final value of every card in play: current value, doubled when it bears the trump."""
    current = current_values(deck, rows, boosts)
    if trump is None:
        return current
    return {card: value * 2 if trump in deck[card].symbols else value
            for card, value in current.items()}


def row_scores(deck: Deck, rows: Sequence[Sequence[int]], boosts: Mapping[int, int] | None,
               trump: str | None) -> list[int]:
    """Each player's score: the sum of the final values of their row."""
    final = final_values(deck, rows, boosts, trump)
    return [sum(final[card] for card in row) for row in rows]
