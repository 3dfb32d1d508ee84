"""The observers' strings and tensors (solver.cardgames.scandaroon.observation)."""

from __future__ import annotations

import pytest

from solver.cardgames.scandaroon.game import ScandaroonGame
from solver.cardgames.scandaroon.observation import ScandaroonObserver
from solver.cardgames.scandaroon.play import screen
from tests.cardgames.observation_checks import assert_strings_do_not_alias
from tests.cardgames.scandaroon.helpers import act, position


@pytest.mark.parametrize("players", [3, 4])
def test_equal_strings_mean_equal_legal_actions(players):
    checked = assert_strings_do_not_alias(ScandaroonGame(players=players, keep_log=False), 40, seed=players)
    assert checked > 1500


def test_an_open_exchange_shows_the_cards_picked_so_far():
    state = position(3, hands={0: ["Sailor", "Scribe", "Muse"]})
    act(state, "stone Sailor")
    before = (state.observation_string(0), state.information_state_string(0))
    act(state, "target Scribe")
    line = "P1 is choosing for stone Sailor (exchange); chosen so far: Scribe"
    assert line in state.observation_string(0) and line in state.observation_string(1)
    assert line in state.information_state_string(2)
    assert line in screen(state, 0, state.legal_actions())
    assert (state.observation_string(0), state.information_state_string(0)) != before


def test_hand_sizes_are_normalised_like_the_other_counts():
    state = position(3, hands={0: ["Sailor", "Scribe", "Muse"], 1: ["Sultan"]})
    observer = ScandaroonObserver(state.game)
    observer.set_from(state, 0)
    assert observer.dict["hand_sizes"].tolist() == pytest.approx([0.3, 0.1, 0.0])
