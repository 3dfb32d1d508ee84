"""A digital table's game replayed from its parameters, seed and moves (solver.tables.replay): the
same moves give the same game, bots included; a move out of turn or against the rules is refused
with the game untouched; the bound on the turns halts a game as the engine's own play does."""

from __future__ import annotations

from dataclasses import replace

import pytest

from solver.game import encoding
from solver.game.observation import full_string
from solver.tables.params import TableParams, params_from_request
from solver.tables.replay import MoveRefused, Replayed, apply_move, bot_move, bot_seed, start

BOTS = {"seats": [{"name": "Anna", "bot": "random"}, {"name": "Ben", "bot": "greedy"}, {"name": "Carl"}]}


def bots_until_a_person(replayed: Replayed) -> list[int]:
    made = []
    while (code := bot_move(replayed)) is not None:
        seat = replayed.mover_seat()
        assert seat is not None
        apply_move(replayed, seat, code)
        made.append(code)
    return made


def test_the_parameters_survive_their_json() -> None:
    params = params_from_request({**BOTS, "variant": {"last_delict_points": 1}, "alternative_piles": True}, seed=4)
    assert TableParams.from_json(params.to_json()) == params


def test_the_same_seed_gives_the_same_shuffles_and_the_same_bot_moves() -> None:
    params = params_from_request(BOTS, seed=21)
    one, two = start(params), start(params)
    assert full_string(one.state) == full_string(two.state)
    assert bots_until_a_person(one) == bots_until_a_person(two) != []
    assert full_string(one.state) == full_string(two.state)
    other = start(replace(params, seed=22))
    assert full_string(other.state) != full_string(start(params).state)
    assert bot_seed(21, 5) == bot_seed(21, 5) != bot_seed(21, 6)


def test_a_move_out_of_turn_or_against_the_rules_leaves_the_game_untouched() -> None:
    replayed = start(params_from_request({"seats": [{"name": "Anna"}, {"name": "Ben"}]}, seed=1))
    before = full_string(replayed.state)
    for seat, code, says in [(1, encoding.DRAW, "Anna's move"), (0, encoding.PASS, "opening"),
                             (0, -3, "no action"), (0, encoding.NUM_ACTIONS, "no action")]:
        with pytest.raises(MoveRefused) as refused:
            apply_move(replayed, seat, code)
        assert says in str(refused.value) and "\n" not in str(refused.value)
    assert full_string(replayed.state) == before and replayed.version == 0


def test_the_bound_on_the_turns_halts_the_game() -> None:
    params = replace(params_from_request({"seats": [{"name": "Anna", "bot": "greedy"}, {"name": "Ben"}]}, seed=2),
                     max_turns=1)
    replayed = start(params)
    while not replayed.state.is_terminal():
        seat = replayed.mover_seat()
        assert seat is not None
        code = bot_move(replayed)
        apply_move(replayed, seat, replayed.legal_codes()[-1] if code is None else code)
    assert replayed.state.end_reason() == "the bound of 1 turns was reached"
    with pytest.raises(MoveRefused):
        apply_move(replayed, 0, encoding.PASS)


def test_a_table_dealt_from_its_own_deck_is_replayed_from_that_deck() -> None:
    from solver.tables.decks import TableDeck, deck_digest
    from tests.tables.test_decks import FLIPPED, custom_deck_text

    text = custom_deck_text()
    deck = TableDeck("our box", deck_digest(text), text)
    params = params_from_request({**BOTS, "deck": "our box"}, 5, {"our box": deck}.get)
    stored = params.to_json()
    assert stored["deck"] == deck.digest and text not in str(stored)  # the row names the deck, by its digest
    assert TableParams.from_json(stored, {deck.digest: deck}.__getitem__) == params
    one, two = start(params), start(TableParams.from_json(stored, {deck.digest: deck}.__getitem__))
    assert one.game.clues[FLIPPED].relation == "same" == two.game.clues[FLIPPED].relation
    assert bots_until_a_person(one) == bots_until_a_person(two)
    assert full_string(one.state) == full_string(two.state)
    bundled = start(replace(params, deck=None))
    assert bundled.game.clues[FLIPPED].relation == "adjoining"
