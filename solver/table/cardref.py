"""A card as a player names it: a number from the deck in use, the "Remove one marker" card,
or a clue written out; with the text that will be used and where that text came from."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from solver.core.cards import Clue, RemoveOneMarker, parse_clue
from solver.core.deck import Deck
from solver.core.errors import BadInput
from solver.table.state import REMOVE, CardRecord

# where a card's text comes from, besides the deck's own provenances
WRITTEN = "written"  # the player wrote the clue out for this play
RULE = "rulebook"  # the Remove-one-marker card: its text is rule 6


@dataclass(frozen=True)
class CardRef:
    card: Clue | RemoveOneMarker
    label: str  # "card 38", "Remove one marker", "clue: ..."
    record: CardRecord  # what the move stack keeps
    provenance: str
    printed: str | None = None  # the rulebook's own words for the card, where it prints them

    @property
    def number(self) -> int | None:
        return self.record if isinstance(self.record, int) else None

    @property
    def reconstructed(self) -> bool:
        """The text is the project's reconstruction, not the printed card."""
        return self.provenance == "reconstructed"

    def to_dict(self) -> dict[str, Any]:
        return {"label": self.label, "number": self.number, "text": self.card.sentence(),
                "printed": self.printed, "provenance": self.provenance, "reconstructed": self.reconstructed}


def remove_card() -> CardRef:
    return CardRef(RemoveOneMarker(), "Remove one marker", REMOVE, RULE)


def numbered_card(number: object, deck: Deck) -> CardRef:
    card = deck.card(number)
    clue = deck.clue(card.number)
    return CardRef(clue, f"card {card.number}", card.number, card.provenance or "reconstructed", card.text)


def written_card(data: object) -> CardRef:
    clue = parse_clue(data)
    return CardRef(clue, "clue: " + clue.sentence(), clue.to_dict(), WRITTEN)


def card_from_request(data: dict[str, Any], deck: Deck) -> CardRef:
    """{"card": 38} / {"card": "remove"} / {"clue": {...}}: exactly one of card and clue."""
    if ("card" in data) == ("clue" in data):
        raise BadInput('name one card: {"card": 38}, {"card": "remove"} or {"clue": {...}}')
    if "clue" in data:
        return written_card(data["clue"])
    value = data["card"]
    if isinstance(value, str) and is_remove(value):
        return remove_card()
    return numbered_card(value, deck)


def is_remove(text: str) -> bool:
    """The ways a player names the "Remove one marker" card."""
    return text.strip().casefold().replace("-", " ") in ("remove", "r", "remove one marker")
