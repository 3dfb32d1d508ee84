"""The optional pyspiel registration; skipped when pyspiel is not installed."""

import random

import pytest

pyspiel = pytest.importorskip("pyspiel")
openspiel = pytest.importorskip("solver.cardgames.schadenfreude.openspiel")


def test_registered_and_loadable_with_player_count():
    game = pyspiel.load_game("python_schadenfreude", {"players": 3})
    assert game.num_players() == 3
    assert game.new_initial_state().current_player() == pyspiel.PlayerId.CHANCE


def test_openspiel_random_simulation_consistency_checks_pass():
    pyspiel.random_sim_test(openspiel.load_game(4), num_sims=2, serialize=False, verbose=False)


def test_openspiel_cpp_bots_play_whole_games():
    game = openspiel.load_game(4)
    bots = [pyspiel.make_uniform_random_bot(p, 10 + p) for p in range(4)]
    returns = pyspiel.evaluate_bots(game.new_initial_state(), bots, 5)
    assert sum(returns) in (0.0, 1.0)


def test_openspiel_mcts_picks_a_legal_card():
    from open_spiel.python.algorithms import mcts

    game = openspiel.load_game(4)
    state = game.new_initial_state()
    rng = random.Random(0)
    while state.is_chance_node():
        actions, probs = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(rng.choices(actions, probs)[0])
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=None)
    bot = mcts.MCTSBot(game, 1.4, max_simulations=4, evaluator=evaluator)
    assert bot.step(state) in state.legal_actions()


def test_illegal_action_is_refused_not_coerced():
    state = openspiel.load_game(4).new_initial_state()
    state.apply_action(0)  # seat 0 leads
    for card in range(48):
        state.apply_action(card)
    illegal = next(c for c in range(50) if c not in state.legal_actions())
    with pytest.raises(Exception, match=r"not in your hand|follow"):
        state.apply_action(illegal)
