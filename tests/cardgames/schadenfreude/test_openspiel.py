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
    game = openspiel.load_game(4)
    # OpenSpiel's own checks raise on an inconsistency (serialization included)
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)
    # and the same, spelled out: random games through the pyspiel API
    for seed in range(3):
        rng = random.Random(seed)
        state = game.new_initial_state()
        steps = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                actions, probs = zip(*outcomes, strict=True)
                assert sum(probs) == pytest.approx(1.0) and list(actions) == state.legal_actions()
                action = rng.choices(actions, probs)[0]
            else:
                legal = state.legal_actions()
                assert legal and legal == sorted(legal)
                assert state.information_state_string() != state.observation_string()
                action = rng.choice(legal)
            if steps % 40 == 7:  # a clone replays the same and does not share anything
                twin = state.clone()
                assert twin.history() == state.history() and str(twin) == str(state)
                twin.apply_action(action)
                assert len(twin.history()) == len(state.history()) + 1
            state.apply_action(action)
            steps += 1
            assert steps < game.max_game_length()
        returns = state.returns()
        assert len(returns) == game.num_players() == 4
        assert set(returns) <= {0.0, 1.0} and sum(returns) in (0.0, 1.0)
        assert state.legal_actions() == [] and state.current_player() == pyspiel.PlayerId.TERMINAL
        again_game, again = pyspiel.deserialize_game_and_state(
            pyspiel.serialize_game_and_state(game, state))
        assert str(again_game) == str(game) == "python_schadenfreude(players=4)"
        assert again.history() == state.history() and again.returns() == returns
        assert again.is_terminal() and str(again) == str(state)


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
