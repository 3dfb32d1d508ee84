import random

from solver.cardgames.bots import RandomBot, ScriptedBot
from tests.cardgames.toygame import RaceGame


def test_random_bot_only_picks_legal_actions_and_is_seeded():
    def run(seed):
        state, bot, picks = RaceGame(target=9).new_initial_state(), RandomBot(seed), []
        state.resolve_chance(random.Random(0))
        while not state.is_terminal():
            action = bot.step(state)
            assert action in state.legal_actions()
            picks.append(action)
            state.apply_action(action)
        return picks

    assert run(5) == run(5)


def test_scripted_bot_plays_in_order():
    bot = ScriptedBot([2, 1])
    assert [bot.step(None), bot.step(None)] == [2, 1]
