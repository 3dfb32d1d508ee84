"""The fast playout loop and the checked state agree card for card."""

import random

import pytest

from solver.cardgames.schadenfreude.game import SchadenfreudeGame
from solver.cardgames.schadenfreude.playout import random_game


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("seed", range(15))
def test_fast_playout_transcript_replays_through_the_checked_state(players, seed):
    transcript: list[int] = []
    scores, rounds, best = random_game(players, random.Random(seed), transcript=transcript)
    state = SchadenfreudeGame(players).new_initial_state()
    for action in transcript:
        state.apply_action(action)  # raises IllegalAction if the fast loop cheated
    assert state.is_terminal()
    assert (state.scores, state.rounds_played(), state.winner()) == (scores, rounds, best)
