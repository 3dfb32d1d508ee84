"""A deck file a host uploads for a digital table: read and checked as `schinderhannes deck verify`
checks it (docs/deck.md), and refused, in one line with the file and the line of the card at fault,
unless it fits the rulebook."""

from __future__ import annotations

from solver.core.board import Board
from solver.core.deck import Deck, parse_deck
from solver.core.errors import BadInput
from solver.core.yamlio import line_of, parse_yaml
from solver.decks import box
from solver.decks.verify import Verification, verify_deck

PUZZLE_PROBLEM = {
    "none": "has no solution",
    "multiple": "has more than one solution",
    "unique": "disagrees with its official solution",
    "incomplete": "lacks card texts",
}
VERIFY_HINT = "`schinderhannes deck verify FILE` lists every problem"


def checked_deck(text: str, file: str, board: Board, printed: Deck) -> Deck:
    """The deck of `text` (named `file` in messages) when it fits the rulebook, its `printed` cards
    and the box puzzles on `board`; BadInput, one line, naming the first problem and its line."""
    deck = parse_deck(text, file)  # a bad type, field or name: BadInput with its line
    report = verify_deck(deck, board, box.box_puzzles(), printed.cards, box.partial_cards())
    if report.ok:
        return deck
    number, problem = first_problem(report)
    raise BadInput(f"{problem.rstrip('.')}; {VERIFY_HINT}", file, _line_of_card(text, file, number))


def first_problem(report: Verification) -> tuple[int | None, str]:
    """The first thing a failed verification found, and the card it is about (None: no one card)."""
    if report.missing:
        numbers = ", ".join(map(str, report.missing[:8])) + (", ..." if len(report.missing) > 8 else "")
        return report.missing[0], f"{len(report.missing)} cards have no text: {numbers}; a table deals every card"
    if report.printed:
        return _card_in(report.printed[0]), f"differs from the rulebook: {report.printed[0]}"
    if report.shape:
        return _card_in(report.shape[0]), report.shape[0]
    for check in report.puzzles:
        if check.ok:
            continue
        found = f"with these cards, box puzzle {check.number} {PUZZLE_PROBLEM[check.status]}"
        if check.suspects:
            cards = ", ".join(map(str, check.suspects))
            return check.suspects[0], f"{found}: cards {cards} cannot hold together with its official solution"
        return None, f"{found}: its solutions differ at {', '.join(check.differing)}"
    return None, "the deck does not fit the rulebook"


def _card_in(problem: str) -> int | None:
    """The first card number a problem's sentence names ("card 11 is printed ...")."""
    for word in problem.replace(",", " ").split():
        if word.isdigit():
            return int(word)
    return None


def _line_of_card(text: str, file: str, number: int | None) -> int | None:
    if number is None:
        return None
    entries = parse_yaml(text, file).get("cards", [])
    for index, entry in enumerate(entries):
        if isinstance(entry, dict) and entry.get("number") == number:
            return line_of(entries, index)
    return line_of(entries)
