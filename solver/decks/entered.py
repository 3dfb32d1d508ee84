"""Cards a table entered from the cards in their hands, kept in a deck file beside the game.

The file (`GAME.cards.yaml` beside `GAME.yaml`) lists only the entered cards, with
provenance `entered`; it is layered over the deck in use, so an entered text replaces a
reconstructed one for the web page and the command line alike. An entry is checked as
`deck verify` checks a deck: a card the rulebook prints must match it; a card that makes
two cards name the same thing, or breaks a box puzzle the card belongs to, is saved with
a warning (the reconstructed cards around it may be what is wrong).
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from solver.core.board import Board
from solver.core.cards import Clue, fits_type, parse_clue
from solver.core.deck import Card, Deck, load_deck, parse_deck
from solver.core.errors import BadInput
from solver.core.yamlio import FlowMap, dump_yaml, save_atomic
from solver.decks import box

ENTERED = "entered"
HEADER = """\
# Info cards this table entered from the cards in hand (provenance: entered).
# They replace the bundled texts for this game, on the web page and the command line.
"""


def entered_path(state_path: str | Path) -> Path:
    """Where a game's entered cards live: GAME.cards.yaml beside GAME.yaml."""
    path = Path(state_path)
    return path.with_name(path.stem + ".cards.yaml")


def table_deck(deck_path: str | Path | None, entered: str | Path | None) -> Deck:
    """The deck in use (bundled or the user's own) with the table's entered cards laid over it."""
    base = load_deck(deck_path)
    if entered is None or not Path(entered).exists():
        return base
    overlay = load_deck(entered)
    return Deck({**base.cards, **overlay.cards}, f"{base.source} with the cards entered in {entered}")


@dataclass(frozen=True)
class Entry:
    card: Card
    warnings: list[str]


def enter_card(entered: str | Path, number: object, clue_data: object, deck: Deck, board: Board) -> Entry:
    """Check a card as written from the physical card and save it to the entered-cards file."""
    entry = check_entry(number, clue_data, deck, board)
    _save(entered, entry.card)
    return entry


def confirm_card(entered: str | Path, number: object, deck: Deck, board: Board) -> Entry:
    """The table checked the bundled text against the card in hand: keep it as entered."""
    entry = check_confirm(number, deck, board)
    _save(entered, entry.card)
    return entry


def check_entry(number: object, clue_data: object, deck: Deck, board: Board) -> Entry:
    """A card as written from the physical card, checked against `deck` (BadInput when refused), not
    saved: the caller keeps it (a file beside the game, or a lobby table's rows)."""
    from solver.decks.verify import canonical  # with CP-SAT: only when a card is entered, not for table_deck

    card = deck.card(number)
    clue = parse_clue(clue_data)
    if not fits_type(clue, card.letter):
        raise BadInput(f"card {card.number} is a type {card.letter} card by its number, "
                       f"but this is a {clue.kind} clue; check the number on the card")
    printed = load_deck().cards.get(card.number)
    if printed is not None and printed.provenance == "printed" and printed.clue is not None \
            and canonical(printed.clue) != canonical(clue):
        raise BadInput(f"the rulebook prints card {card.number} as: {printed.clue.sentence()} "
                       f"This entry says: {clue.sentence()} Check it against the card.")
    entry = Card(card.number, card.letter, clue, ENTERED)
    new_deck = Deck({**deck.cards, card.number: entry}, deck.source)
    return Entry(entry, _warnings(new_deck, card.number, board))


def check_confirm(number: object, deck: Deck, board: Board) -> Entry:
    """The text `deck` has for the card, confirmed against the card in hand: checked, not saved."""
    card = deck.card(number)
    clue = deck.clue(card.number)
    return check_entry(card.number, clue.to_dict(), deck, board)


def entry_text(card: Card) -> str:
    """An entered card as one deck file entry (JSON): what a lobby table keeps of it."""
    return json.dumps(_plain(_entry(card)), sort_keys=True)


def entries_deck(texts: Iterable[str], source: str) -> Deck:
    """The cards of `entry_text` texts as a deck (a later text of the same number replaces an earlier)."""
    entries = {int(entry["number"]): entry for entry in map(json.loads, texts)}
    return parse_deck(dump_yaml({"cards": [entries[n] for n in sorted(entries)]}), source)


def layered(base: Deck, overlay: Deck, source: str) -> Deck:
    """`base` with the cards of `overlay` in place of its own."""
    return Deck({**base.cards, **overlay.cards}, source) if overlay.cards else base


def _plain(value: object) -> object:
    if isinstance(value, dict):
        return {key: _plain(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(item) for item in value]
    return value


def _warnings(deck: Deck, number: int, board: Board) -> list[str]:
    from solver.decks.verify import check_puzzle, shape_problems

    found = [problem for problem in shape_problems(deck) if f" {number} " in f" {problem} ".replace(",", " ")]
    for puzzle in box.box_puzzles():
        if number in puzzle.cards:
            check = check_puzzle(deck, board, puzzle)
            if check.status != "incomplete" and not check.ok:
                found.append(f"with this card, box puzzle {puzzle.number} " + _PUZZLE_PROBLEM[check.status])
    return found


_PUZZLE_PROBLEM = {
    "none": "has no solution",
    "multiple": "has more than one solution",
    "unique": "disagrees with its official solution",
}


def _save(entered: str | Path, card: Card) -> None:
    path = Path(entered)
    cards = load_deck(path).cards if path.exists() else {}
    cards[card.number] = card
    entries = [_entry(cards[n]) for n in sorted(cards)]
    save_atomic(path, HEADER + dump_yaml({"cards": entries}), keep_previous=False)


def _entry(card: Card) -> dict[str, object]:
    assert card.clue is not None
    return {"number": card.number, "type": card.letter, "provenance": card.provenance,
            "clue": FlowMap(_clue_fields(card.clue))}


def _clue_fields(clue: Clue) -> dict[str, object]:
    return {key: value for key, value in clue.to_dict().items() if key != "number"}

