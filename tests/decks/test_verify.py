"""Verifying a user's deck: printed cards, box puzzles, and the likely mistyped cards."""

from __future__ import annotations

import dataclasses
import json

from solver.core.cards import DelictClue, parse_clue
from solver.core.deck import DEFAULT_DECK, load_deck
from solver.decks.box import box_puzzles, partial_cards
from solver.decks.deckfile import deck_yaml
from solver.decks.verify import verify_deck


def _write(tmp_path, deck, changes: dict) -> str:
    cards = dict(deck.cards)
    for number, clue in changes.items():
        cards[number] = dataclasses.replace(cards[number], clue=clue, provenance="user")
    path = tmp_path / "my-deck.yaml"
    path.write_text(deck_yaml(cards, "# test deck\n"), encoding="utf-8")
    return str(path)


def _verify(path, board, deck):
    return verify_deck(load_deck(path), board, box_puzzles(), deck.cards, partial_cards())


def test_the_shipped_deck_verifies(deck, board):
    report = verify_deck(deck, board, box_puzzles(), deck.cards, partial_cards())
    assert report.ok and report.likely_mistyped() == []


def test_a_mistyped_card_is_named(tmp_path, deck, board):
    # card 9 (puzzles 2, 3, 4) typed without the location puzzle 4 gives its delict
    wrong = DelictClue(deck.clue(9).delict, ("Kirn", "Boos", "Simmern", "Lettweiler"))
    report = _verify(_write(tmp_path, deck, {9: wrong}), board, deck)
    assert not report.ok
    assert report.puzzles[3].suspects == [9]
    assert report.likely_mistyped()[0] == 9


def test_two_cards_naming_the_same_delict_are_reported(tmp_path, deck, board):
    twin = DelictClue(deck.clue(1).delict, deck.clue(2).locations)
    report = _verify(_write(tmp_path, deck, {2: twin}), board, deck)
    assert report.shape == [f"cards 1 and 2 (type A) name the same delict: {twin.delict}"] and not report.ok


def test_verify_command_exit_codes_and_json(tmp_path, deck, run):
    wrong = DelictClue(deck.clue(9).delict, ("Kirn", "Boos", "Simmern", "Lettweiler"))
    path = _write(tmp_path, deck, {9: wrong})
    code, out, _ = run("deck", "verify", path)
    assert code == 1 and "most likely mistyped: 9" in out
    code, out, _ = run("deck", "verify", path, "--json")
    document = json.loads(out)
    assert code == 1 and document["ok"] is False and document["likely_mistyped"][0] == 9
    assert run("deck", "verify", DEFAULT_DECK)[0] == 0


def test_a_changed_printed_card_is_reported(tmp_path, deck, board):
    changed = DelictClue("break-in", ("Oberhausen", "Obermoschel", "Meddersheim", "Meisenheim"))
    report = _verify(_write(tmp_path, deck, {11: changed}), board, deck)
    assert any(line.startswith("card 11 is printed") for line in report.printed)
    assert not report.ok


def test_template_is_a_deck_with_only_the_printed_cards(tmp_path, run, board, deck):
    path = tmp_path / "my-deck.yaml"
    assert run("deck", "template", "-o", path)[0] == 0 and path.exists()
    mine = load_deck(path)
    filled = {n for n, card in mine.cards.items() if card.clue is not None}
    assert filled == {3, 11, 12, 18, 27, 38, 48} and sorted(mine.cards) == list(range(1, 77))
    report = _verify(path, board, deck)
    assert len(report.missing) == 69 and {check.status for check in report.puzzles} == {"incomplete"}
    code, _, err = run("deck", "template", "-o", path)
    assert code == 2 and "--force" in err  # does not overwrite without --force
    code, out, _ = run("deck", "verify", path)
    assert code == 1 and "69 cards have no text yet" in out


def test_deck_json_lists_every_card_in_the_clue_schema(run):
    result = run("deck", "--json")
    assert result.exit_code == 0
    cards = json.loads(result.output)
    assert [card["number"] for card in cards] == list(range(1, 77))
    for card in cards:
        assert card["type"] in "ABCDS" and card["provenance"] in ("printed", "reconstructed")
        parse_clue(card)  # each entry is a valid clue in the puzzle-file schema


def test_unreadable_deck_is_bad_input(run):
    code, out, err = run("deck", "verify", "no-such-file.yaml")
    assert code == 2 and out == "" and err.count("\n") == 1 and "no-such-file.yaml" in err
