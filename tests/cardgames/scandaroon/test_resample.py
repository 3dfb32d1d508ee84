"""Resampled worlds (solver.cardgames.scandaroon.resample)."""

from __future__ import annotations

import random

import pytest

from solver.cardgames.scandaroon.game import ScandaroonGame


@pytest.mark.parametrize("players", [3, 4])
def test_a_resampled_world_looks_the_same_and_replays(players):
    game = ScandaroonGame(players=players, keep_log=False)
    rng = random.Random(players)
    moved = 0
    for _ in range(6):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(state.sample_chance_outcome(rng))
                continue
            me = state.current_player()
            world = state.resample_from_infostate(me, rng)
            assert world.information_state_string(me) == state.information_state_string(me)
            assert world.legal_actions() == state.legal_actions()
            assert world.hands[me] == state.hands[me]
            replay = game.new_initial_state()
            for action in world.history():
                replay.apply_action(action)  # checked: the rewritten draws are possible
            assert [sorted(h) for h in replay.hands] == [sorted(h) for h in world.hands]
            assert replay.draw_pile == world.draw_pile
            moved += world.hands != state.hands
            state.apply_action(rng.choice(state.legal_actions()))
    assert moved > 100

