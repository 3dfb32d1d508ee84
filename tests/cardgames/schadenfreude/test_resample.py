"""Resampled worlds (solver.cardgames.schadenfreude.resample)."""

from __future__ import annotations

import random

import pytest

from solver.cardgames.schadenfreude.bots import known_voids
from solver.cardgames.schadenfreude.cards import SUIT_MASKS
from solver.cardgames.schadenfreude.game import SchadenfreudeGame
from solver.cardgames.schadenfreude.resample import consistent_hands
from solver.cardgames.schadenfreude.state import SchadenfreudeState


@pytest.mark.parametrize("players", [3, 4, 5])
def test_a_resampled_world_looks_the_same_and_replays(players):
    game = SchadenfreudeGame(players, max_rounds=2)
    rng = random.Random(players)
    for _ in range(5):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(state.sample_chance_outcome(rng))
                continue
            me = state.current_player()
            world = state.resample_from_infostate(me, rng)
            assert world.information_state_string(me) == state.information_state_string(me)
            assert world.observation_string(me) == state.observation_string(me)
            assert world.legal_actions() == state.legal_actions()
            replay = game.new_initial_state()
            for action in world.history():
                replay.apply_action(action)  # checked: every seat could play what it played
            assert replay.hands == world.hands and replay.undealt == world.undealt
            state.apply_action(rng.choice(state.legal_actions()))


def test_shown_voids_are_respected():
    # seat 1 shows it has no red; the others' cards are redealt without red for it
    state = SchadenfreudeState.from_hands(
        [[0, 1, 12], [13, 24, 25], [2, 3, 26]], leader=0)
    state.apply_action(0)
    state.apply_action(13)
    assert known_voids(state)[1] == SUIT_MASKS[0]
    rng = random.Random(0)
    for _ in range(50):
        hands = consistent_hands(state, 0, rng)
        assert not hands[1] & SUIT_MASKS[0] and hands[0] == state.hands[0]
        assert [h.bit_count() for h in hands] == [h.bit_count() for h in state.hands]
