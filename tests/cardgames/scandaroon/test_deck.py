"""The deck is data: bundled reconstruction, vocabulary coverage, clear errors."""

from pathlib import Path

import pytest

from solver.cardgames.scandaroon.deck import load_deck
from solver.cardgames.scandaroon.effects import ABILITY_KINDS, EFFECT_SCOPES
from solver.core.errors import BadInput

from .helpers import small_deck


def test_bundled_deck_is_51_cards_labelled_reconstructed():
    # "Deck of 51 cards"
    deck = load_deck()
    assert len(deck) == 51
    assert deck.provenance == "reconstructed"
    assert all(card.provenance == "reconstructed" for card in deck.cards)
    assert "RECONSTRUCTED" in Path(deck.source).read_text()[:400]


def test_exactly_one_card_without_symbol_and_some_with_two():
    # "There is only a single card without a symbol in the entire game!"
    deck = load_deck()
    assert sum(1 for c in deck.cards if not c.symbols) == 1
    assert sum(1 for c in deck.cards if len(c.symbols) == 2) >= 2


def test_deck_exercises_every_rule_feature():
    deck = load_deck()
    assert any(c.end for c in deck.cards)
    assert any(c.anywhere for c in deck.cards)
    assert any(c.end and c.anywhere for c in deck.cards)
    assert any(c.value == 0 for c in deck.cards)
    assert {c.ability.kind for c in deck.cards if c.ability} == set(ABILITY_KINDS)
    assert {c.effect.scope for c in deck.cards if c.effect} == set(EFFECT_SCOPES)
    assert any(c.effect.amount < 0 for c in deck.cards if c.effect)
    assert all(c.symbols for c in deck.cards if c.value == 0)


def _write(tmp_path, cards: str, header: str = "provenance: test\ncards:\n"):
    path = tmp_path / "deck.yaml"
    path.write_text(header + cards)
    return path


def test_unknown_symbol_names_card_line_and_nearest(tmp_path):
    path = _write(tmp_path, "  - {name: A, value: 1, symbols: [moon]}\n"
                            "  - {name: Bad One, value: 2, symbols: [mon]}\n")
    with pytest.raises(BadInput) as error:
        load_deck(path)
    text = str(error.value)
    assert error.value.line == 4 and "Bad One" in text and "did you mean 'moon'" in text


def test_unknown_key_suggests(tmp_path):
    path = _write(tmp_path, "  - name: A\n    value: 1\n    symbol: [moon]\n")
    with pytest.raises(BadInput, match=r"did you mean 'symbols'") as error:
        load_deck(path)
    assert error.value.line == 5


def test_unknown_ability_kind_suggests(tmp_path):
    path = _write(tmp_path, "  - {name: A, value: 1, symbols: [moon], ability: {kind: remov}}\n")
    with pytest.raises(BadInput, match=r"card 'A'.*did you mean 'remove'"):
        load_deck(path)


@pytest.mark.parametrize("entry, message", [
    ("{name: A, value: -1, symbols: [moon]}", "value must be"),
    ("{name: A, value: 0}", "nominal-0 card"),
    ("{name: A, value: 1, symbols: [moon, star, turban]}", "at most two"),
    ("{name: A, value: 1, end: yes please}", "true or false"),
    ("{name: A, value: 1, effect: {amount: 1}, ability: {kind: draw}}", "not both"),
    ("{name: A, value: 1, effect: {amount: 1, scope: rows}}", "did you mean 'row'"),
])
def test_invalid_cards(tmp_path, entry, message):
    with pytest.raises(BadInput, match=message):
        load_deck(_write(tmp_path, f"  - {entry}\n"), rulebook_checks=False)


def test_wrong_count_is_refused_by_rulebook_check(tmp_path):
    path = _write(tmp_path, "  - {name: A, value: 1}\n")
    with pytest.raises(BadInput, match="51"):
        load_deck(path)


def test_duplicate_names_and_copies(tmp_path):
    with pytest.raises(BadInput, match="used twice"):
        load_deck(_write(tmp_path, "  - {name: A, value: 1}\n  - {name: a, value: 2}\n"),
                  rulebook_checks=False)
    deck = load_deck(_write(tmp_path, "  - {name: A, value: 1, copies: 50, symbols: [moon]}\n"
                                      "  - {name: B, value: 1}\n"))
    assert len(deck) == 51 and deck[0].name == "A 1" and deck[49].name == "A 50"


def test_yaml_syntax_error_and_missing_file(tmp_path):
    with pytest.raises(BadInput, match="YAML syntax") as error:
        load_deck(_write(tmp_path, "  - {name: A, value: 1\n"))
    assert error.value.line is not None
    with pytest.raises(BadInput, match="no such file"):
        load_deck(tmp_path / "missing.yaml")


def test_small_deck_helper_builds_effects():
    deck = small_deck([{"name": "X", "value": 2, "symbols": ["star"],
                        "effect": {"amount": 1, "match": {"symbol": "lamp"}}}])
    assert deck[0].effect.match.symbols == ("turban",)
