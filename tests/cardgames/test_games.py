"""Both engines in the Game/State/Observer shape of solver.cardgames.api."""

import pickle
import random

import pytest

from solver.cardgames.api import INFORMATION_STATE, OBSERVATION, CardGameState, Game, Observer
from solver.cardgames.bots import RandomBot
from solver.cardgames.scandaroon.game import ScandaroonGame
from solver.cardgames.schadenfreude.game import SchadenfreudeGame
from solver.core.errors import BadInput

GAMES = [
    pytest.param(lambda: SchadenfreudeGame(players=3, notation="tarot"), id="schadenfreude"),
    pytest.param(lambda: ScandaroonGame(players=3, keep_log=False), id="scandaroon"),
]


def play_to_the_end(state: CardGameState, seed: int) -> CardGameState:
    rng, bot = random.Random(seed), RandomBot(seed)
    while not state.is_terminal():
        if state.is_chance_node():
            state.resolve_chance(rng)
        else:
            state.apply_action(bot.step(state))
    return state


@pytest.mark.parametrize("make_game", GAMES)
def test_states_refer_to_their_game_for_the_fixed_data(make_game):
    game = make_game()
    assert isinstance(game, Game) and game.num_players() == 3
    first, second = game.new_initial_state(), game.new_initial_state()
    assert first.game is game and second.get_game() is game
    assert first.num_players() == 3 and first.num_distinct_actions() == game.num_distinct_actions()
    twin = first.clone()
    assert twin.game is game
    assert repr(game).startswith(f"{game.short_name}(") and "players=3" in repr(game)


@pytest.mark.parametrize("make_game", GAMES)
def test_the_games_observers_give_the_state_strings(make_game):
    game = make_game()
    state = game.new_initial_state()
    state.resolve_chance(random.Random(1))
    for _ in range(5):
        state.apply_action(state.legal_actions()[0])
        state.resolve_chance(random.Random(2))
    info, view = game.make_py_observer(INFORMATION_STATE), game.make_py_observer(OBSERVATION)
    assert isinstance(info, Observer) and info.perfect_recall and not view.perfect_recall
    assert game.make_py_observer().perfect_recall is False
    for player in range(3):
        assert info.string_from(state, player) == state.information_state_string(player)
        assert view.string_from(state, player) == state.observation_string(player)
        assert state.observation_string(player) in state.information_state_string(player)
    assert state.information_state_string() == state.information_state_string(state.current_player())
    with pytest.raises(ValueError, match="not supported"):
        game.make_py_observer(INFORMATION_STATE, {"tensor": True})


@pytest.mark.parametrize("make_game", GAMES)
def test_scores_winner_and_rounds_mean_the_same_in_both(make_game):
    game = make_game()
    state = game.new_initial_state()
    assert state.scores == [0, 0, 0] and state.winner() is None and state.rounds_played() == 0
    state = play_to_the_end(state, seed=3)
    scores = state.scores
    assert isinstance(scores, list) and all(type(score) is int for score in scores)
    scores.append(99)  # a new list each time
    assert len(state.scores) == 3
    assert state.rounds_played() >= 1 and len(state.score_history()) >= state.rounds_played()
    returns = state.returns()
    if state.winner() is not None:
        assert returns[state.winner()] == 1.0 and sum(returns) == 1.0


@pytest.mark.parametrize("make_game", GAMES)
def test_a_game_pickles_for_worker_processes(make_game):
    game = make_game()
    again = pickle.loads(pickle.dumps(game))
    assert again.get_parameters() == game.get_parameters()
    one = play_to_the_end(game.new_initial_state(), seed=5)
    two = play_to_the_end(again.new_initial_state(), seed=5)
    assert one.history() == two.history()


def test_parameters_are_checked_when_the_game_is_made():
    with pytest.raises(BadInput, match="3, 4 or 5 players"):
        SchadenfreudeGame(players=6)
    with pytest.raises(BadInput, match="first leader"):
        SchadenfreudeGame(players=4, first_leader=4)
    with pytest.raises(BadInput, match="3 to 4 players"):
        ScandaroonGame(players=5)
    assert SchadenfreudeGame(4, first_leader=2).new_initial_state().current_player() == -1  # the deal
    assert SchadenfreudeGame(4, first_leader=2).get_parameters() == {
        "players": 4, "notation": "standard", "first_leader": 2, "limit": 40,
        "max_rounds": 50}
