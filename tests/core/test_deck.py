import pytest

from solver.core.cards import DelictClue, DistrictClue, GroupClue
from solver.core.deck import load_deck
from solver.core.errors import BadInput


def test_bundled_deck_has_76_cards_typed_by_number(deck):
    assert sorted(deck.cards) == list(range(1, 77))
    assert {card.letter for card in deck.cards.values()} == {"A", "B", "C", "D", "S"}


def test_printed_cards_carry_their_rulebook_clue(deck):
    assert deck.clue(3) == DelictClue("beehive theft", ("Trifthütte", "Thiergarten", "Simmern", "Boos"))
    assert deck.clue(27) == GroupClue("Felony", "north")
    assert deck.clue(18) == GroupClue("Imprisonment/Jailbreak", "east")
    assert deck.clue(48) == DistrictClue(("arrest", "robbers' ball"), "same")
    for number in (3, 11, 12, 18, 27, 38, 48):
        assert deck.card(number).provenance == "printed"


def test_card_without_text_says_how_to_supply_it(tmp_path):
    path = tmp_path / "deck.yaml"
    path.write_text("cards:\n  - {number: 1, type: A}\n", encoding="utf-8")
    with pytest.raises(BadInput) as error:
        load_deck(path).clue(1)
    # the library states the fact and what fixes it in the file; a command adds its own option
    assert "clues:" in str(error.value) and "--" not in str(error.value)


def test_unknown_card_number(deck):
    with pytest.raises(BadInput, match="no card 99"):
        deck.card(99)


def test_a_deck_with_a_wrongly_typed_card_names_its_line(tmp_path):
    path = tmp_path / "deck.yaml"
    path.write_text("cards:\n  - {number: 1, type: A}\n  - number: 2\n    clue: {type: group, group: felony, "
                    "direction: north}\n", encoding="utf-8")
    with pytest.raises(BadInput) as error:
        load_deck(path)
    assert error.value.line == 3 and "type A" in str(error.value)
