"""The lobby's decks (solver.tables.decks, and their store in solver.tables.service): an uploaded
deck kept once under the digest of its text, offered by its name, and a table dealt from it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from solver.core.cards import DistrictClue
from solver.core.deck import DEFAULT_DECK
from solver.core.errors import BadInput
from solver.tables.decks import BUNDLED, deck_digest, deck_name
from solver.tables.params import params_from_request

SEATS = {"seats": [{"name": "Anna"}, {"name": "Ben", "bot": "greedy"}]}
FLIPPED = 36  # a C card in no box puzzle: its relation flipped, the deck still fits the rulebook


def custom_deck_text() -> str:
    """The bundled deck with card 36 saying "same district" where the bundled one says "adjoining"."""
    text = DEFAULT_DECK.read_text(encoding="utf-8")
    line = "{number: 36, type: C, provenance: reconstructed, clue: {type: district, delicts: [beehive theft, " \
           "imprisonment], relation: adjoining}}"
    assert line in text
    return text.replace(line, line.replace("adjoining", "same").replace("reconstructed", "user"))


def test_a_deck_s_name_is_plain_text_and_not_the_bundled_one() -> None:
    assert deck_name("  my   cards ") == "my cards"
    assert deck_name("entered-by-us") == "entered-by-us"
    for bad, says in [("", "with its name"), (None, "with its name"), ("x" * 41, "at most 40"),
                      ("Bundled", "bundled deck's name"), ("a\tb\x1b", "control character"),
                      ("Entered", "cards this server's tables entered"),
                      ("entered  0123abcd", "cards this server's tables entered")]:
        with pytest.raises(BadInput) as refused:
            deck_name(bad)
        assert says in str(refused.value)


def test_an_uploaded_deck_is_kept_once_and_offered_by_its_name(open_lobby: Callable[[], Any]) -> None:
    lobby = open_lobby()
    text = custom_deck_text()
    kept = lobby.save_deck("our box", text)
    assert kept.digest == deck_digest(text) and lobby.deck_names() == ["our box"]
    assert lobby.save_deck("another name", text) == kept  # the same cards: the same deck, its first name
    assert lobby.deck_named("our box") == kept and lobby.deck_named("nothing") is None
    with pytest.raises(BadInput) as taken:
        lobby.save_deck("our box", DEFAULT_DECK.read_text(encoding="utf-8"))
    assert "a deck named 'our box' already" in str(taken.value)
    with pytest.raises(BadInput) as broken:
        lobby.save_deck("broken", "cards: [{number: 5, type: B}]\n")
    assert str(broken.value).startswith("broken:1: card 5 is type A")
    assert lobby.deck_names() == ["our box"]  # nothing saved of a refused deck


def test_a_table_dealt_from_an_uploaded_deck_is_replayed_from_it(open_lobby: Callable[[], Any]) -> None:
    lobby = open_lobby()
    deck = lobby.save_deck("our box", custom_deck_text())
    params = params_from_request({**SEATS, "deck": "our box"}, 7, lobby.deck_named, lobby.deck_names)
    assert params.deck == deck and params.to_json()["deck"] == deck.digest
    created = lobby.create_table(params)
    table = created.snapshot.row.id
    clue = created.snapshot.replayed.game.clues[FLIPPED]
    assert isinstance(clue, DistrictClue) and clue.relation == "same"
    other = open_lobby()  # another process on the same database: the game replayed from its row
    again = other.snapshot(table).replayed
    assert again.params == created.snapshot.replayed.params and again.game.clues[FLIPPED] == clue
    assert other.snapshot_at(table, 0).replayed.game.clues[FLIPPED] == clue  # time travel
    bundled = lobby.create_table(params_from_request(SEATS, 7, lobby.deck_named, lobby.deck_names))
    assert bundled.snapshot.replayed.params.deck_name == BUNDLED
    assert bundled.snapshot.replayed.game.clues[FLIPPED].relation == "adjoining"


def test_a_request_naming_no_deck_is_told_the_nearest(open_lobby: Callable[[], Any]) -> None:
    lobby = open_lobby()
    lobby.save_deck("our box", custom_deck_text())
    for deck, says in [("our bx", "did you mean 'our box'?"), ("zzz", "the decks are 'bundled', 'our box'"),
                       (3, "deck is the name of a deck")]:
        with pytest.raises(BadInput) as refused:
            params_from_request({**SEATS, "deck": deck}, 1, lobby.deck_named, lobby.deck_names)
        assert says in str(refused.value)


def test_the_entered_deck_is_frozen_once_for_the_same_cards_and_the_latest_entry_counts(
        open_lobby: Callable[[], Any]) -> None:
    from solver.core.board import load_board
    from solver.core.deck import load_deck
    from solver.decks.entered import check_confirm, check_entry
    from solver.tables.companion import CompanionStore

    lobby = open_lobby()
    assert lobby.freeze_entered() is None and not lobby.any_entered()
    board, bundled = load_board(), load_deck()
    first = CompanionStore(lobby, lobby.create_companion(["Anna", "Ben"]).row.id)
    second = CompanionStore(lobby, lobby.create_companion(["Cleo", "Dan"]).row.id)
    clue = {"type": "delict", "delict": "horse theft", "locations": ["Kirn", "Boos", "Simmern", "Meddersheim"]}
    first.enter(lambda deck: check_entry(4, clue, deck, board), bundled)
    frozen = lobby.freeze_entered()
    assert frozen is not None and lobby.freeze_entered() == frozen and lobby.any_entered()
    assert frozen.name.startswith("entered ") and lobby.deck_names() == []
    assert frozen.deck.cards[4].provenance == "entered" and frozen.deck.cards[4].clue != bundled.cards[4].clue
    second.enter(lambda deck: check_confirm(4, deck, board), bundled)  # later: the bundled text
    later = lobby.freeze_entered()
    assert later is not None and later.digest != frozen.digest
    assert later.deck.cards[4].clue == bundled.cards[4].clue and later.deck.cards[4].provenance == "entered"
    assert lobby.deck_by_digest(frozen.digest) == frozen  # the earlier deck is kept as it was
