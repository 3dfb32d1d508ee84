"""The whole game's actions as OpenSpiel's ints: a fixed layout, every legal action encoded and
decoded back, readable strings."""

from __future__ import annotations

import random

import pytest

from solver.core import names
from solver.game import encoding
from solver.game.actions import Deal, Decline, Discard, Draw, Pass, Pick, Play, Stop
from solver.game.encoding import Encoding
from solver.game.game import Rules
from solver.table.state import REMOVE, Variant
from tests.game.deal import game


def test_the_layout_is_fixed_and_documented() -> None:
    assert (encoding.PLAY, encoding.PLAY_GROUP, encoding.REMOVE_MARKER, encoding.PASS, encoding.DISCARD,
            encoding.DECLINE, encoding.DRAW, encoding.PICK, encoding.STOP, encoding.PAY_SHUFFLE) == (
        0, 72, 360, 616, 617, 689, 690, 696, 726, 727)
    assert encoding.NUM_ACTIONS == 733 and encoding.NUM_CHANCE_OUTCOMES == 72


def test_each_kind_of_action_has_its_int_and_string() -> None:
    codes = Encoding(game())
    group_card = next(n for n, clue in codes.clues.items() if clue.kind == "group")
    delict = codes.clues[group_card].delicts[2]
    cases = [
        (Play(11), 10, "play 11"),
        (Play(group_card, delict), 72 + 4 * (group_card - 1) + 2, f"play {group_card} as {delict}"),
        (Play(REMOVE, "break-in@Meddersheim"),
         360 + 16 * names.DELICTS.index("break-in") + names.LOCATIONS.index("Meddersheim"),
         "remove break-in@Meddersheim"),
        (Pass(), 616, "pass"), (Discard(44), 617 + 43, "discard 44"), (Decline(), 689, "decline"),
        (Draw("blue"), 690, "draw blue"), (Draw("locations 2"), 695, "draw locations 2"),
        (Pick("yellow", 3), 696 + 5 + 3, "pick yellow #4"), (Stop("Ben"), 726, "STOP"),
    ]
    for action, number, text in cases:
        assert codes.encode(action) == number
        assert codes.decode(number, "Ben") == action
        assert codes.text(number) == text
    assert Encoding.encode_chance(Deal(17)) == 16 and Encoding.decode_chance(16) == Deal(17)
    assert codes.text(16, chance=True) == "deal 17"


def test_ints_without_an_action_decode_to_none() -> None:
    codes = Encoding(game())
    plain_card = next(n for n, clue in codes.clues.items() if clue.kind != "group")
    assert codes.decode(72 + 4 * (plain_card - 1), "Anna") is None  # a choice for a card without one
    assert codes.decode(-1, "Anna") is None and codes.decode(encoding.NUM_ACTIONS, "Anna") is None
    assert Encoding.decode_chance(72) is None
    assert codes.text(encoding.NUM_ACTIONS) == "no action 733"
    with pytest.raises(ValueError, match="no int"):
        codes.encode(Deal(3))


def test_the_alternative_piles_have_their_own_names_in_the_same_places() -> None:
    codes = Encoding(game(rules=Rules(alternative_piles=True)))
    assert codes.piles == ("A", "B", "C 1", "C 2", "D 1", "D 2")
    assert codes.encode(Draw("D 2")) == 695 and codes.decode(696 + 5 * 2, "Anna") == Pick("C 1", 0)


@pytest.mark.parametrize("rules", [Rules(), Rules(Variant.two_player())], ids=["three", "two-player"])
def test_every_legal_action_of_random_games_round_trips_and_reads_uniquely(rules: Rules) -> None:
    players = ("Anna", "Ben") if rules.two_player_drawing else ("Anna", "Ben", "Carl")
    g = game(players, rules)
    codes = Encoding(g)
    state = g.new_initial_state(5)
    rng = random.Random(5)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.sample_chance())
            continue
        legal = state.legal_actions()
        numbers = [codes.encode(action) for action in legal]
        assert len(set(numbers)) == len(numbers) and all(0 <= n < encoding.NUM_ACTIONS for n in numbers)
        assert [codes.decode(n, state.mover) for n in numbers] == legal
        assert len({codes.text(n) for n in numbers}) == len(numbers)
        state.apply_action(rng.choice(legal))
