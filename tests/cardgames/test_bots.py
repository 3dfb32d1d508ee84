import random

from solver.cardgames.bots import RandomBot
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
