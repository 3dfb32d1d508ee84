"""An uploaded deck file (solver.decks.upload): read and checked as `deck verify` checks it, and
refused in one line with the line of the card at fault."""

from __future__ import annotations

import pytest

from solver.core.board import load_board
from solver.core.deck import DEFAULT_DECK, load_deck
from solver.core.errors import BadInput
from solver.decks.upload import checked_deck
from tests.tables.test_decks import custom_deck_text


def refusal(text: str) -> str:
    with pytest.raises(BadInput) as refused:
        checked_deck(text, "my-deck.yaml", load_board(), load_deck())
    message = str(refused.value)
    assert "\n" not in message
    return message


def test_a_deck_that_fits_the_rulebook_is_taken() -> None:
    deck = checked_deck(custom_deck_text(), "my-deck.yaml", load_board(), load_deck())
    assert deck.cards[36].clue is not None and deck.source == "my-deck.yaml"


def test_a_deck_that_does_not_fit_is_refused_with_the_card_s_line() -> None:
    text = DEFAULT_DECK.read_text(encoding="utf-8")
    lines = text.splitlines()
    eleven = next(n for n, line in enumerate(lines, 1) if line.startswith("  - {number: 11,"))
    changed = text.replace("delict: break-in, locations: [Oberhausen, Obermoschel", "delict: break-in, "
                           "locations: [Kirn, Obermoschel")
    message = refusal(changed)
    assert message.startswith(f"my-deck.yaml:{eleven}: differs from the rulebook: card 11 is printed")
    assert "deck verify" in message
    five = next(n for n, line in enumerate(lines, 1) if line.startswith("  - {number: 5,"))
    wrong_type = refusal(text.replace("{number: 5, type: A,", "{number: 5, type: B,"))
    assert wrong_type.startswith(f"my-deck.yaml:{five}: card 5 is type A by its number, not B")
    missing = refusal("cards:\n  - {number: 1, type: A}\n")
    assert missing.startswith("my-deck.yaml:2: 76 cards have no text: 1, 2, 3")
    assert "a table deals every card" in missing
