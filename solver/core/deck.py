"""The deck of numbered info cards, loaded from `data/deck.yaml` or a user's own file."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from solver.core import vocabulary
from solver.core.cards import Clue, card_type_of_number, fits_type, parse_clue
from solver.core.errors import BadInput
from solver.core.paths import data_file
from solver.core.yamlio import line_of, parse_yaml, read_text

DEFAULT_DECK = data_file("deck.yaml")
CARD_NUMBERS = vocabulary.CARD_NUMBERS
PROVENANCES = ("printed", "derived", "reconstructed", "user", "entered")


class CardTextMissing(BadInput):
    """A card whose text the deck does not know: the user writes it out, or uses a deck that has it."""


@dataclass(frozen=True)
class Card:
    number: int
    letter: str  # A, B, C, D or S
    clue: Clue | None  # None: the text is not known
    provenance: str | None = None
    text: str | None = None  # the printed wording, where the rulebook quotes it
    known: str | None = None  # partial facts about a card whose clue is not known

    def describe(self) -> str:
        if self.clue is None:
            facts = f" Known: {self.known}." if self.known else ""
            return f"Card {self.number} (type {self.letter}): text not known.{facts}"
        reading = self.clue.sentence()
        said = f'"{self.text}" — that is, {reading[0].lower()}{reading[1:]}' if self.text else reading
        return f"Card {self.number} (type {self.letter}, {self.provenance}): {said}"


@dataclass
class Deck:
    cards: dict[int, Card]
    source: str

    def card(self, number: object) -> Card:
        if isinstance(number, bool) or not isinstance(number, int):
            raise BadInput(f"a card is given by its number, not {_described(number)}; {vocabulary.numbered_cards()}")
        if number not in self.cards:
            raise BadInput(f"there is no card {number}; {vocabulary.numbered_cards()}")
        return self.cards[number]

    def clue(self, number: object) -> Clue:
        """The clue on a card, or a BadInput that says how to supply a missing text."""
        card = self.card(number)
        if card.clue is None:
            raise CardTextMissing(
                f"card {card.number} (type {card.letter}) has no text in {self.source}: the "
                "rulebook does not print it. Write it out under `clues:` instead "
                "(e.g. {type: delict, delict: ..., locations: [...]})"
            )
        return card.clue


def _described(value: object) -> str:
    """How an error message names a value that should have been a card number."""
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    return "an empty entry" if value is None else repr(value)


def load_deck(path: str | Path | None = None) -> Deck:
    path = Path(path) if path else DEFAULT_DECK
    return parse_deck(read_text(path), str(path))


def parse_deck(text: str, file: str) -> Deck:
    """A deck file's text, read as from `file` (the name its messages give): BadInput with the line."""
    data = parse_yaml(text, file)
    entries = data.get("cards") if isinstance(data, dict) else None
    if not isinstance(entries, list):
        raise BadInput("a deck file has `cards:`, a list of {number, type, clue, provenance}", file)
    cards: dict[int, Card] = {}
    for index, entry in enumerate(entries):
        try:
            card = _parse_card(entry)
        except BadInput as error:
            raise error.located(file, line_of(entries, index)) from None
        if card.number in cards:
            raise BadInput(f"card {card.number} is listed twice", file, line_of(entries, index))
        cards[card.number] = card
    return Deck(cards, file)


def _parse_card(entry: object) -> Card:
    if not isinstance(entry, dict) or not isinstance(entry.get("number"), int):
        raise BadInput("each card is a mapping with an integer `number`")
    number = entry["number"]
    letter = card_type_of_number(number)
    stated = str(entry.get("type", letter)).upper()
    if stated != letter:
        raise BadInput(f"card {number} is type {letter} by its number, not {stated}")
    clue = parse_clue(entry["clue"]) if entry.get("clue") is not None else None
    if clue is not None and not fits_type(clue, letter):
        raise BadInput(f"card {number} is type {letter}, but its clue is a {clue.kind} clue")
    provenance = entry.get("provenance")
    if provenance is not None and provenance not in PROVENANCES:
        raise BadInput(f"card {number}: provenance must be one of {', '.join(PROVENANCES)}")
    return Card(number, letter, clue, provenance, entry.get("text"), entry.get("known"))
