"""The game is bounded: `max_rounds` caps it, `max_game_length()` is a true bound, and
the rulebook's scoring decides at the cap."""

import pytest

from solver.cardgames.schadenfreude import scoring
from solver.cardgames.schadenfreude.game import MAX_ROUNDS, SchadenfreudeGame
from solver.core.errors import BadInput


def _first_everything(game: SchadenfreudeGame) -> tuple[object, int]:
    """Play the first chance outcome and the first legal card every time."""
    state = game.new_initial_state()
    steps = 0
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
        steps += 1
        assert steps <= game.max_game_length()
    return state, steps


@pytest.mark.parametrize("players", [3, 4])
def test_the_first_choice_policy_ends_within_the_bound(players):
    # with 3 or 4 players this policy never passes the score limit: only the cap ends it
    game = SchadenfreudeGame(players)
    state, steps = _first_everything(game)
    assert state.rounds_played() == MAX_ROUNDS == game.max_rounds
    assert steps <= game.max_game_length() == MAX_ROUNDS * (1 + 2 * game.deal_size)
    assert max(state.scores) <= game.limit
    assert state.winner() == scoring.winner(state.scores, game.limit)


def test_single_round_mode_is_one_round_decided_by_the_rulebook_scoring():
    game = SchadenfreudeGame(4, max_rounds=1)
    state, steps = _first_everything(game)
    assert state.rounds_played() == 1 and len(state.score_history()) == 2
    assert steps == 1 + 2 * 48 == game.max_game_length()
    assert state.winner() == scoring.winner(state.scores, game.limit)
    assert state.returns() == [1.0 if seat == state.winner() else 0.0 for seat in range(4)]


def test_the_cap_does_not_change_a_game_that_ends_by_the_limit_first():
    # scores above the limit end the game at once, whatever the cap
    state = SchadenfreudeGame(3, max_rounds=3).new_initial_state()
    state._scores = [41, 0, 5]
    state._finish_round()
    assert state.is_terminal() and state.rounds_played() == 1


@pytest.mark.parametrize("bad", [0, -1, True, 2.5, "3"])
def test_max_rounds_must_be_a_positive_whole_number(bad):
    with pytest.raises(BadInput, match="max_rounds"):
        SchadenfreudeGame(4, max_rounds=bad)
