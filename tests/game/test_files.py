"""`hands:` and `piles:` in a state file: optional, checked, and a file without them loads as before."""

from __future__ import annotations

import pytest

from solver.core.errors import BadInput
from solver.table.state import TOP_LEVEL_KEYS, new_game, parse_state

PLAIN = "players: [Anna, Ben]\nout_of_game: [11]\n"


def test_a_file_without_hands_or_piles_loads_and_saves_as_before() -> None:
    state = parse_state(PLAIN, "game.yaml")
    assert state.hands is None and state.piles is None
    assert "hands" not in state.to_dict() and "piles" not in state.to_dict()
    assert new_game(["Anna", "Ben"]).to_dict().keys() == parse_state(PLAIN, "x").to_dict().keys()
    assert {"hands", "piles"} <= set(TOP_LEVEL_KEYS)


def test_hands_and_piles_are_read_back_in_order() -> None:
    text = PLAIN + "hands: {Anna: [3, 12]}\npiles: {blue: [8, 9], 'locations 1': []}\n"
    state = parse_state(text, "game.yaml")
    assert state.hands == {"Anna": [3, 12], "Ben": []}
    assert state.piles == {"blue": [8, 9], "locations 1": []}
    assert parse_state(state.to_yaml(), "again.yaml").to_dict() == state.to_dict()


@pytest.mark.parametrize(("extra", "message"), [
    ("hands: {Carl: [3]}", "not a player"),
    ("hands: {Anna: [77]}", "not a card number"),
    ("hands: {Anna: 3}", "list of card numbers"),
    ("piles: [3, 4]", "mapping"),
    ("piles: {blue: [true]}", "not a card number"),
    ("hands: {Anna: [3]}\npiles: {blue: [3]}", "card 3 is in"),
    ("piles: {blue: [11]}", "out of the game"),
])
def test_a_card_in_two_places_or_a_bad_entry_is_refused_at_its_line(extra: str, message: str) -> None:
    with pytest.raises(BadInput, match=message) as refused:
        parse_state(PLAIN + extra + "\n", "game.yaml")
    assert refused.value.line is not None
