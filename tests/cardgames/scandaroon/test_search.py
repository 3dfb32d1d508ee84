"""The information-set MCTS bot: its deals of the unseen cards and its moves."""

import random

from solver.cardgames.scandaroon.game import ScandaroonGame
from solver.cardgames.scandaroon.search import SearchBot, sample_world
from solver.cardgames.simulate import play_game

from .helpers import deck, position


def test_sample_world_deals_only_the_unseen_cards_anew():
    state = position(hands={0: ["Sultan", "Scribe"], 1: ["Emir", "Poet", "Owl"], 2: ["Pirate"]},
                     rows={1: ["Janissary"]})
    unseen = sorted(state.draw_pile + state.hands[1] + state.hands[2])
    differs = False
    for seed in range(10):
        world = sample_world(state, 0, random.Random(seed))
        assert world.hands[0] == state.hands[0] and world.rows == state.rows
        assert [len(h) for h in world.hands] == [len(h) for h in state.hands]
        assert sorted(world.draw_pile + world.hands[1] + world.hands[2]) == unseen
        differs |= world.hands[1] != state.hands[1]
    assert differs
    assert state.hands[1] == [deck().by_name(n).id for n in ("Emir", "Poet", "Owl")]  # untouched


def test_search_takes_the_only_sensible_card():
    # the last round, everyone else has passed: playing the Sultan wins the round
    state = position(hands={0: ["Sultan"]}, rows={1: ["Emir"], 2: ["Scribe"]}, passed=(1, 2),
                     trump="turban", round_=4)
    action = SearchBot(0, iterations=60).step(state)
    assert state.action_to_string(0, action) == "play Sultan"


def test_search_plays_whole_games_by_the_rules():
    bots = [SearchBot(1, iterations=8), SearchBot(2, iterations=8), SearchBot(3, iterations=8)]
    result = play_game(ScandaroonGame(deck(), 3, keep_log=False), bots, 5)  # checked actions
    assert result.rounds == 4
