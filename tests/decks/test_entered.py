"""Cards a table entered: kept beside the game, layered over the deck, checked as `deck verify` checks."""

from __future__ import annotations

from pathlib import Path

import pytest

from solver.core.errors import BadInput
from solver.decks.entered import confirm_card, enter_card, entered_path, table_deck

HORSE_THEFT = {"type": "delict", "delict": "horse theft", "locations": ["Kirn", "Boos", "Simmern", "Meddersheim"]}


@pytest.fixture
def entered(tmp_path: Path) -> Path:
    return entered_path(tmp_path / "game.yaml")


def test_the_file_lives_beside_the_game(tmp_path: Path) -> None:
    assert entered_path(tmp_path / "game.yaml") == tmp_path / "game.cards.yaml"


def test_without_entries_the_deck_is_the_deck_in_use(entered: Path) -> None:
    assert table_deck(None, entered).cards[4].provenance == "reconstructed"


def test_an_entry_replaces_the_text_and_warns_about_what_it_breaks(entered: Path, board) -> None:
    entry = enter_card(entered, 4, HORSE_THEFT, table_deck(None, entered), board)
    assert entry.card.provenance == "entered"
    assert any("name the same delict" in warning for warning in entry.warnings)  # card 15 names it too
    layered = table_deck(None, entered)
    assert "horse theft" in layered.clue(4).sentence()
    assert layered.cards[5].provenance == "reconstructed"


def test_confirming_keeps_the_text_as_entered_without_warnings(entered: Path, board) -> None:
    entry = confirm_card(entered, 5, table_deck(None, entered), board)
    assert entry.card.provenance == "entered" and entry.warnings == []
    assert table_deck(None, entered).cards[5].clue == table_deck(None, None).cards[5].clue


def test_entries_accumulate_and_a_second_entry_of_a_card_replaces_the_first(entered: Path, board) -> None:
    confirm_card(entered, 5, table_deck(None, entered), board)
    enter_card(entered, 4, HORSE_THEFT, table_deck(None, entered), board)
    confirm_card(entered, 4, table_deck(None, entered), board)
    text = entered.read_text(encoding="utf-8")
    assert text.count("number: 4") == 1 and text.count("number: 5") == 1


def test_a_printed_card_must_match_the_rulebook(entered: Path, board) -> None:
    wrong = {"type": "district", "delicts": ["murder", "break-in"], "relation": "same"}
    with pytest.raises(BadInput, match="rulebook prints card 38"):
        enter_card(entered, 38, wrong, table_deck(None, entered), board)
    assert not entered.exists()


def test_an_entry_must_fit_the_type_its_number_gives(entered: Path, board) -> None:
    with pytest.raises(BadInput, match="type A card by its number"):
        enter_card(entered, 4, {"type": "group", "group": "green", "direction": "north"},
                   table_deck(None, entered), board)
