"""Random and greedy bots."""

import random

from solver.cardgames.scandaroon.bots import GreedyBot, margin
from solver.cardgames.scandaroon.game import ScandaroonGame
from solver.cardgames.scandaroon.runner import make_bots
from solver.cardgames.simulate import play_game

from .helpers import deck, position


def test_bots_always_choose_legal_actions():
    for seed in range(3):
        bots = make_bots(("greedy", "random", "greedy"), seed)
        result = play_game(ScandaroonGame(deck(), 3, keep_log=False), bots, seed)
        assert result.rounds == 4


def test_greedy_plays_the_best_card_then_passes():
    state = position(hands={0: ["Scribe", "Sultan"]}, trump="moon")
    bot = GreedyBot(0)
    assert state.action_to_string(0, bot.step(state)) == "play Sultan"
    state = position(hands={0: []}, trump="moon")
    assert bot.step(state) == state.game.actions.PASS


def test_greedy_completes_its_own_choices():
    state = position(rows={0: ["Night Thief"], 1: ["Janissary", "Scribe"]}, trump="turban")
    bot = GreedyBot(0)
    action = bot.step(state)
    assert state.action_to_string(0, action) == "use Night Thief"
    state.apply_action(action)
    assert state.action_to_string(0, bot.step(state)) == "target Janissary"
    assert margin(state, 0) < 0


def test_greedy_beats_random():
    wins = [0, 0, 0]
    for seed in range(12):
        rng = random.Random(seed)
        bots = make_bots(("greedy", "random", "random"), rng.randrange(1000))
        result = play_game(ScandaroonGame(deck(), 3, keep_log=False), bots, seed)
        if result.winner is not None:
            wins[result.winner] += 1
    assert wins[0] > wins[1] + wins[2]


def _follow(state, bot):
    """The bot's action and its follow-ups, until its choice is closed."""
    state.apply_action(bot.step(state))
    while state.pending() is not None:
        state.apply_action(bot.step(state))


def test_greedy_keeps_the_stone_in_round_1_for_a_small_gain_and_uses_it_in_round_4():
    # the own row is closed: the only gain is the moon stone (+4 to the pile)
    for round_, used in ((1, False), (4, True)):
        state = position(hands={0: ["Night Watchman"]}, rows={0: ["Sultan"]}, trump="feather",
                         round_=round_)
        action = GreedyBot(0).step(state)
        assert (action != state.game.actions.PASS) == used


def test_greedy_exchanges_low_cards_with_the_stone():
    state = position(hands={0: ["Sailor", "Turban Well", "Feather Well", "Star Well"]},
                     rows={0: ["Sultan"]}, trump="feather", round_=4)
    _follow(state, GreedyBot(0))
    assert any("exchanges 3 hand card(s)" in line for line in state.log)


def test_greedy_protects_a_card_an_opponent_can_remove():
    state = position(hands={0: ["Scribe"]}, rows={0: ["Emir", "Sultan"], 1: ["Tax Collector"]},
                     trump="feather", round_=3)
    _follow(state, GreedyBot(0))
    assert any("protects Emir" in line for line in state.log)
