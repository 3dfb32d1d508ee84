"""Invariants over random games (hypothesis chooses the seed and the table size)."""

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solver.cardgames.scandaroon.game import ScandaroonGame

from .helpers import conserved, deck


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), players=st.sampled_from([3, 4]))
def test_random_games_end_after_round_4_conserving_cards_with_nonnegative_vp(seed, players):
    rng = random.Random(seed)
    state = ScandaroonGame(deck(), players).new_initial_state()
    steps = 0
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
        steps += 1
        assert conserved(state)
        assert all(v >= 0 for v in state.total_vp())
        assert steps < 5000
    assert state.rounds_played() == 4 and state.round == 4
    assert all(v >= 0 for v in state.total_vp())
    assert abs(sum(state.returns()) - 1.0) < 1e-9
    assert all(len(row) == 0 for row in state.rows)


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_clone_is_independent_and_replays_identically(seed):
    rng = random.Random(seed)
    state = ScandaroonGame(deck(), 4).new_initial_state()
    for _ in range(40):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    twin = state.clone()
    before = state.information_state_string(0)
    if not twin.is_terminal():
        twin.apply_action(twin.legal_actions()[-1])
    assert state.information_state_string(0) == before
    replay = ScandaroonGame(deck(), 4).new_initial_state()
    for action in state.history():
        replay.apply_action(action)
    assert replay.information_state_string(1) == state.information_state_string(1)


def test_information_state_hides_other_hands():
    state = ScandaroonGame(deck(), 3).new_initial_state()
    state.resolve_chance(random.Random(2))
    text = state.information_state_string(0)
    for other in state.hands[1]:
        if other not in state.hands[0]:
            assert state.game.card_name(other) not in text
    assert all(state.game.card_name(c) in text for c in state.hands[0])


def test_information_state_shows_own_draws_and_hides_others():
    state = ScandaroonGame(deck(), 3).new_initial_state()
    state.resolve_chance(random.Random(4))
    text = state.information_state_string(1)
    assert text.count("P1 draws a card") == 5 and "P2 draws a card" not in text
    assert text.startswith("history: trump card ")
