"""The optional pyspiel registration `python_scandaroon`, checked with OpenSpiel's own
tools; skipped when pyspiel is not installed."""

import copy
import random

import pytest

pyspiel = pytest.importorskip("pyspiel")
openspiel = pytest.importorskip("solver.cardgames.scandaroon.openspiel")

from tests.cardgames.spiel_checks import assert_mccfr_runs_clean  # noqa: E402


@pytest.mark.parametrize("players", [3, 4])
def test_random_sim_test_with_serialization_for_every_player_count(players):
    game = openspiel.load_game(players)
    assert game.num_players() == players
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)


@pytest.mark.parametrize("spec, reason", [
    ("python_scandaroon(players=2)", "3 to 4 players"),
    ("python_scandaroon(players=5)", "3 to 4 players"),
    ("python_scandaroon(deck=1)", "Unknown parameter"),
])
def test_parameters_are_checked_at_load(spec, reason):
    with pytest.raises(pyspiel.SpielError, match=reason):
        pyspiel.load_game(spec)


@pytest.mark.parametrize("players", [3, 4])
def test_max_game_length_bounds_games_of_the_first_and_of_random_choices(players):
    game = openspiel.load_game(players)
    bound = game.max_game_length()
    assert bound == game.engine.max_game_length()
    for seed in (None, 0, 1, 2):  # None: always the first legal action or chance outcome
        rng = random.Random(seed)
        state = game.new_initial_state()
        steps = 0
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply_action(legal[0] if seed is None else rng.choice(legal))
            steps += 1
            assert steps <= bound
        assert sum(state.returns()) == pytest.approx(1.0)


def test_clone_uses_the_engine_clone():
    game = openspiel.load_game(4)
    state = game.new_initial_state()
    rng = random.Random(5)
    for _ in range(40):
        state.apply_action(rng.choice(state.legal_actions()))
    inner_twin = copy.deepcopy(state.inner)
    assert inner_twin.game is state.inner.game and inner_twin.keep_log is False
    twin = state.clone()
    assert twin.inner is not state.inner and str(twin) == str(state)
    assert twin.history() == state.history()
    while not twin.is_terminal():
        twin.apply_action(rng.choice(twin.legal_actions()))
    assert len(state.history()) == 40 and not state.is_terminal()


def _after_first_deal(game, swap_seat_1: bool):
    """The first deal with fixed outcomes; `swap_seat_1` gives seat 1 other cards."""
    state = game.new_initial_state()
    state.apply_action(state.legal_actions()[0])  # the trump card
    state.apply_action(0)  # P0 starts
    pile = sorted(state.inner.draw_pile)
    hands = [pile[5 * s:5 * s + 5] for s in range(game.num_players())]
    if swap_seat_1:
        hands[1] = pile[-5:]
    while state.is_chance_node():
        state.apply_action(hands[state.inner.queue[0].seat].pop(0))
    return state


@pytest.mark.parametrize("tensor", ["information_state_tensor", "observation_tensor"])
def test_tensor_hides_the_other_hands(tensor):
    game = openspiel.load_game(4)
    one, two = _after_first_deal(game, False), _after_first_deal(game, True)
    assert one.inner.hands[0] == two.inner.hands[0] and one.inner.hands[1] != two.inner.hands[1]
    assert getattr(one, tensor)(0) == getattr(two, tensor)(0)
    assert getattr(one, tensor)(1) != getattr(two, tensor)(1)
    assert len(getattr(one, tensor)(0)) == (game.information_state_tensor_size()
                                            if tensor.startswith("info") else game.observation_tensor_size())


def test_tensor_layout():
    game = openspiel.load_game(3)
    state = _after_first_deal(game, False)
    observer = game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=True))
    observer.set_from(state, 0)
    d = observer.dict
    hand = sorted(state.inner.hands[0])
    assert list(observer.tensor) == state.information_state_tensor(0)
    assert d["player"].tolist() == [1, 0, 0] and d["current"].tolist() == [1, 0, 0]
    assert sorted(d["hand"].nonzero()[0]) == hand == sorted(d["drawn"].nonzero()[0])
    assert d["hand_sizes"].tolist() == pytest.approx([0.5, 0.5, 0.5]) and d["round"].tolist() == [1, 0, 0, 0]
    assert d["trump"].sum() == 1 and d["rows"].sum() == 0


def test_rl_environment_steps_through_whole_games():
    from open_spiel.python import rl_environment

    game = openspiel.load_game(3)
    env = rl_environment.Environment(game, seed=0)
    size = env.observation_spec()["info_state"][0]
    assert size == game.information_state_tensor_size()
    rng = random.Random(0)
    step = env.reset()
    while not step.last():
        player = step.observations["current_player"]
        assert len(step.observations["info_state"][player]) == size
        step = env.step([rng.choice(step.observations["legal_actions"][player])])
    assert sum(step.rewards) == pytest.approx(1.0)


def test_outcome_sampling_mccfr_runs_clean():
    assert_mccfr_runs_clean(openspiel.load_game(3), python_iterations=20)


def test_python_mcts_and_cpp_random_bots_play_whole_games():
    import numpy as np
    from open_spiel.python.algorithms import mcts

    game = openspiel.load_game(3)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(0))
    bots = [mcts.MCTSBot(game, 1.4, max_simulations=2, evaluator=evaluator,
                         random_state=np.random.RandomState(0)),
            pyspiel.make_uniform_random_bot(1, 1), pyspiel.make_uniform_random_bot(2, 2)]
    returns = pyspiel.evaluate_bots(game.new_initial_state(), bots, 3)
    assert sum(returns) == pytest.approx(1.0)
    bots = [pyspiel.make_uniform_random_bot(p, 30 + p) for p in range(4)]
    assert sum(pyspiel.evaluate_bots(openspiel.load_game(4).new_initial_state(), bots, 4)) == pytest.approx(1.0)


def test_ismcts_plays_whole_games_against_the_engine_bots():
    from solver.cardgames.scandaroon.bots import BOTS
    from tests.cardgames.ismcts_checks import ismcts_plays_whole_games

    game = openspiel.load_game(3)
    results = ismcts_plays_whole_games(game, lambda seed: {1: BOTS["greedy"](seed), 2: BOTS["random"](seed)},
                                       games=2)
    assert len(results) == 2 and all(sum(r) == pytest.approx(1.0) for r in results)


# -- variants for solvers ------------------------------------------------------------

@pytest.mark.parametrize("params", [{"players": 3, "rounds": 1}, {"players": 4, "rounds": 2, "round_rewards": True}])
def test_variants_pass_random_sim_test(params):
    game = pyspiel.load_game(openspiel.SHORT_NAME, params)
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)


def test_the_one_round_game_ends_after_its_round_with_every_award():
    game = openspiel.load_game(3, rounds=1)
    assert str(game) == "python_scandaroon(players=3,rounds=1)"
    rng = random.Random(1)
    state = game.new_initial_state()
    while not state.is_terminal():
        actions, probs = zip(*state.chance_outcomes(), strict=True) if state.is_chance_node() else (
            state.legal_actions(), None)
        state.apply_action(rng.choices(actions, probs)[0] if probs else rng.choice(actions))
    assert state.inner.rounds_played() == 1 and sum(state.returns()) == pytest.approx(1.0)
    assert state.observation_tensor(0)[6:7] == [1.0]  # the round piece has one column
    assert "round 1/1" in state.observation_string(0)


def test_round_rewards_add_up_to_the_returns():
    game = openspiel.load_game(3, round_rewards=True)
    assert game.get_type().reward_model == pyspiel.GameType.RewardModel.REWARDS
    rng = random.Random(2)
    state, total, rewarded = game.new_initial_state(), [0.0] * 3, 0
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(actions, probs)[0])
            continue
        state.apply_action(rng.choice(state.legal_actions()))
        while state.is_chance_node():  # rewards are read at player nodes and at the end
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(actions, probs)[0])
        rewards = state.rewards()
        rewarded += any(rewards)
        total = [t + r for t, r in zip(total, rewards, strict=True)]
        assert total == pytest.approx(state.returns())
    assert rewarded >= 4 and max(state.returns()) <= game.max_utility()
    winners = state.inner.game_winners()
    assert state.returns() == pytest.approx(
        [(1 / len(winners) if s in winners else 0) + vp / 20 for s, vp in enumerate(state.inner.total_vp())])
