"""The observers' strings (solver.cardgames.schadenfreude.observation)."""

from __future__ import annotations

import pytest

from solver.cardgames.schadenfreude.game import SchadenfreudeGame
from tests.cardgames.observation_checks import assert_strings_do_not_alias


@pytest.mark.parametrize("players", [3, 4, 5])
def test_equal_strings_mean_equal_legal_actions(players):
    checked = assert_strings_do_not_alias(SchadenfreudeGame(players, max_rounds=2), 20, seed=players)
    assert checked > 20 * 2 * 30
