import random

import pytest

from solver.cardgames.api import CHANCE, TERMINAL, IllegalAction
from tests.cardgames.toygame import RaceGame


def test_sentinels_match_openspiel():
    assert (CHANCE, TERMINAL) == (-1, -4)


def test_illegal_action_raises_with_reason_and_leaves_state_unchanged():
    state = RaceGame(target=2).new_initial_state()
    state.apply_action(0)
    state.apply_action(1)  # total 1, one step left
    before = (state.total, state.to_move, state.history())
    with pytest.raises(IllegalAction) as caught:
        state.apply_action(2)
    assert isinstance(caught.value, ValueError)
    assert "you may add [1]" in caught.value.reason
    assert (state.total, state.to_move, state.history()) == before


def test_non_int_action_is_refused_not_coerced():
    state = RaceGame().new_initial_state()
    state.apply_action(0)
    with pytest.raises(IllegalAction):
        state.apply_action("1")  # type: ignore[arg-type]
    with pytest.raises(IllegalAction):
        state.apply_action(True)


def test_clone_is_independent():
    state = RaceGame().new_initial_state()
    state.apply_action(1)
    twin = state.clone()
    twin.apply_action(2)
    assert state.total == 0 and twin.total == 2
    assert state.history() == [1] and twin.history() == [1, 2]


def test_resolve_chance_then_play_to_terminal():
    state = RaceGame().new_initial_state()
    assert state.current_player() == CHANCE and state.is_chance_node()
    state.resolve_chance(random.Random(3))
    assert state.current_player() in (0, 1)
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    assert state.legal_actions() == []
    assert sorted(state.returns()) == [-1.0, 1.0]
