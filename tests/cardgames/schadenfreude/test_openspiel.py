"""The optional pyspiel registration; skipped when pyspiel is not installed."""

import random

import pytest

pyspiel = pytest.importorskip("pyspiel")
openspiel = pytest.importorskip("solver.cardgames.schadenfreude.openspiel")

from tests.cardgames.spiel_checks import assert_mccfr_runs_clean  # noqa: E402


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
        assert str(again_game) == str(game) == "python_schadenfreude(max_rounds=50,players=4)"
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


# -- the peer tests: OpenSpiel's own tools against the registration --------------------

@pytest.mark.parametrize("players", [3, 4, 5])
def test_random_sim_test_with_serialization_for_every_player_count(players):
    game = openspiel.load_game(players)
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)
    pyspiel.random_sim_test(openspiel.load_game(players, max_rounds=1), num_sims=3,
                            serialize=True, verbose=False)


@pytest.mark.parametrize("spec, reason", [
    ("python_schadenfreude(players=2)", "3, 4 or 5 players"),
    ("python_schadenfreude(players=6)", "3, 4 or 5 players"),
    ("python_schadenfreude(max_rounds=0)", "max_rounds"),
    ("python_schadenfreude(colour=1)", "Unknown parameter"),
])
def test_parameters_are_checked_at_load(spec, reason):
    with pytest.raises(pyspiel.SpielError, match=reason):
        pyspiel.load_game(spec)


def test_parameters_and_bound_are_reported():
    game = pyspiel.load_game("python_schadenfreude(players=3,max_rounds=1)")
    assert game.get_parameters() == {"players": 3, "max_rounds": 1}
    # one leader draw, 36 cards dealt, 36 played
    assert game.max_game_length() == 1 + 2 * 36 == game.engine.max_game_length()
    assert openspiel.load_game(4).max_game_length() == 50 * (1 + 2 * 48)


def test_the_first_choice_policy_ends_within_max_game_length():
    game = openspiel.load_game(4)
    state = game.new_initial_state()
    steps = 0
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
        steps += 1
    assert steps <= game.max_game_length() and state.inner.rounds_played() == 50


def test_clone_uses_the_engine_clone():
    import copy

    game = openspiel.load_game(4)
    state = game.new_initial_state()
    for _ in range(60):
        state.apply_action(state.legal_actions()[0])
    inner_twin = copy.deepcopy(state.inner)  # what pyspiel's clone does with `inner`
    assert inner_twin.game is state.inner.game and inner_twin.hands == state.inner.hands
    twin = state.clone()
    assert twin.inner is not state.inner and twin.inner.game is state.inner.game
    assert twin.history() == state.history() and str(twin) == str(state)
    twin.apply_action(twin.legal_actions()[0])
    assert len(state.history()) == 60 and state.inner.hands != twin.inner.hands
    assert copy.deepcopy(state).history() == state.history()


def _deal(game, hands_by_seat, leader=0):
    """A state in the play phase after dealing the given hands (seat i gets hands[i])."""
    state = game.new_initial_state()
    state.apply_action(leader)
    order = [card for round_cards in zip(*hands_by_seat, strict=True) for card in round_cards]
    for card in order:
        state.apply_action(card)
    return state


@pytest.mark.parametrize("tensor", ["information_state_tensor", "observation_tensor"])
def test_tensor_hides_the_other_hands(tensor):
    game = openspiel.load_game(4)
    rng = random.Random(3)
    cards = list(range(50))
    rng.shuffle(cards)
    hands = [sorted(cards[12 * s:12 * s + 12]) for s in range(4)]
    # swap cards between seats 1 and 2: seat 0's view must not change
    swapped = [hands[0], hands[1][:6] + hands[2][6:], hands[2][:6] + hands[1][6:], hands[3]]
    one, two = _deal(game, hands), _deal(game, swapped)
    assert getattr(one, tensor)(0) == getattr(two, tensor)(0)
    assert getattr(one, tensor)(1) != getattr(two, tensor)(1)
    # and so after the same cards are played (seat 0 leads a card of its own)
    lead = one.legal_actions()[0]
    one.apply_action(lead)
    two.apply_action(lead)
    assert getattr(one, tensor)(0) == getattr(two, tensor)(0)


def test_tensors_have_the_declared_shape_and_layout():
    game = openspiel.load_game(4)
    assert game.information_state_tensor_shape() == [50 * 4 * 2 + 50 + 4 * 14 + 4 * 3 + 1 + 12 * 4 * 50 + 12 * 4]
    assert game.observation_tensor_shape() == [50 * 4 * 2 + 50 + 4 * 14 + 4 * 3 + 1]
    hands = [list(range(12 * s, 12 * s + 12)) for s in range(4)]
    state = _deal(game, hands, leader=2)
    state.apply_action(24)  # seat 2 leads b-3
    observer = game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=True))
    observer.set_from(state, 0)
    assert list(observer.tensor) == state.information_state_tensor(0)
    d = observer.dict
    assert d["player"].tolist() == [1, 0, 0, 0] and d["trick_leader"].tolist() == [0, 0, 1, 0]
    assert sorted(d["hand"].nonzero()[0]) == list(range(12))
    assert d["trick"][0, 24] == 1 and d["played"][2, 24] == 1 and d["played"].sum() == 1
    assert d["round"][0] == pytest.approx(1 / 50) and d["tricks"].sum() == 0


def test_rl_environment_steps_through_whole_games():
    from open_spiel.python import rl_environment

    game = openspiel.load_game(3, max_rounds=1)
    for observation_type in (None, rl_environment.ObservationType.OBSERVATION):
        env = rl_environment.Environment(game, observation_type=observation_type, seed=0)
        size = env.observation_spec()["info_state"][0]
        assert size == (game.observation_tensor_size() if observation_type
                        else game.information_state_tensor_size())
        rng = random.Random(0)
        step = env.reset()
        while not step.last():
            player = step.observations["current_player"]
            assert len(step.observations["info_state"][player]) == size
            step = env.step([rng.choice(step.observations["legal_actions"][player])])
        assert sorted(step.rewards) in ([0.0, 0.0, 0.0], [0.0, 0.0, 1.0])


def test_outcome_sampling_mccfr_runs_clean_on_the_single_round_game():
    assert_mccfr_runs_clean(openspiel.load_game(3, max_rounds=1), python_iterations=100)


def test_python_mcts_bot_plays_whole_games():
    import numpy as np
    from open_spiel.python.algorithms import mcts

    game = openspiel.load_game(3, max_rounds=1)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(0))
    bots = [mcts.MCTSBot(game, 1.4, max_simulations=3, evaluator=evaluator,
                         random_state=np.random.RandomState(p)) for p in range(3)]
    returns = pyspiel.evaluate_bots(game.new_initial_state(), bots, 7)
    assert sorted(returns) in ([0.0, 0.0, 0.0], [0.0, 0.0, 1.0])


@pytest.mark.parametrize("players", [3, 4, 5])
def test_evaluate_bots_for_every_player_count(players):
    game = openspiel.load_game(players)
    bots = [pyspiel.make_uniform_random_bot(p, 20 + p) for p in range(players)]
    returns = pyspiel.evaluate_bots(game.new_initial_state(), bots, 3)
    assert len(returns) == players and sum(returns) in (0.0, 1.0)


def test_python_mcts_bot_plays_a_whole_multi_round_game():
    import numpy as np
    from open_spiel.python.algorithms import mcts

    game = openspiel.load_game(3)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(1))
    bots = [mcts.MCTSBot(game, 1.4, max_simulations=2, evaluator=evaluator,
                         random_state=np.random.RandomState(1)),
            pyspiel.make_uniform_random_bot(1, 1), pyspiel.make_uniform_random_bot(2, 2)]
    returns = pyspiel.evaluate_bots(game.new_initial_state(), bots, 11)
    assert sorted(returns) in ([0.0, 0.0, 0.0], [0.0, 0.0, 1.0])


def test_ismcts_plays_whole_games_against_the_engine_bots():
    from solver.cardgames.schadenfreude.bots import BOTS
    from tests.cardgames.ismcts_checks import ismcts_plays_whole_games

    game = openspiel.load_game(players=3, max_rounds=2)
    results = ismcts_plays_whole_games(
        game, lambda seed: {1: BOTS["heuristic"](seed), 2: BOTS["mc"](seed, samples=4)}, games=2)
    assert len(results) == 2 and all(sum(r) <= 1 and set(r) <= {0.0, 1.0} for r in results)


def test_resample_from_infostate_keeps_the_information_state():
    game = openspiel.load_game(players=4, max_rounds=1)
    state = game.new_initial_state()
    rng = random.Random(2)
    while state.is_chance_node() or len(state.history()) < 60:
        actions = state.legal_actions()
        state.apply_action(rng.choice(actions))
    me = state.current_player()
    twin = state.resample_from_infostate(me, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert twin.information_state_string(me) == state.information_state_string(me)
    assert twin.legal_actions() == state.legal_actions()
    assert twin.inner.hands != state.inner.hands and twin.history() == state.history()


# -- variants for solvers ------------------------------------------------------------

SMALL = {"players": 3, "max_rounds": 1, "first_leader": 0, "suits": 2, "ranks": "-3/2/7",
         "jesters": False, "hand_size": 2, "deal_by_hand": True}


def test_cfr_converges_on_a_small_variant():
    from open_spiel.python.algorithms import cfr, exploitability

    game = pyspiel.load_game(openspiel.SHORT_NAME, SMALL)
    solver = cfr.CFRSolver(game)
    gaps = []
    for iteration in range(1, 9):
        solver.evaluate_and_update_policy()
        if iteration in (1, 4, 8):
            gaps.append(exploitability.nash_conv(game, solver.average_policy()))
    assert gaps[0] > 0.1 and gaps[0] > gaps[1] > gaps[2] and gaps[2] < 0.02


def test_dealing_by_hand_is_the_same_game():
    from open_spiel.python.algorithms import exploitability
    from open_spiel.python.policy import UniformRandomPolicy

    by_card = pyspiel.load_game(openspiel.SHORT_NAME, {**SMALL, "deal_by_hand": False})
    by_hand = pyspiel.load_game(openspiel.SHORT_NAME, SMALL)
    values = [exploitability.nash_conv(g, UniformRandomPolicy(g), return_only_nash_conv=False)
              for g in (by_card, by_hand)]
    assert values[0].nash_conv == pytest.approx(values[1].nash_conv)
    assert values[0].player_improvements == pytest.approx(values[1].player_improvements)


@pytest.mark.parametrize("params", [SMALL, {**SMALL, "round_rewards": True, "max_rounds": 3},
                                    {"players": 4, "round_rewards": True, "max_rounds": 2},
                                    {"players": 5, "suits": 3, "jesters": False, "hand_size": 6}])
def test_variants_pass_random_sim_test(params):
    game = pyspiel.load_game(openspiel.SHORT_NAME, params)
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)


def test_round_rewards_add_up_to_the_returns():
    game = openspiel.load_game(4, max_rounds=3, round_rewards=True)
    assert game.get_type().reward_model == pyspiel.GameType.RewardModel.REWARDS
    rng = random.Random(4)
    state, total = game.new_initial_state(), [0.0] * 4
    rewarded = 0
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
    assert rewarded >= 2
    scores = state.inner.scores
    win = [1.0 if seat == state.inner.winner() else 0.0 for seat in range(4)]
    assert state.returns() == pytest.approx([w + s / 40 for w, s in zip(win, scores, strict=True)])
    assert max(state.returns()) <= game.max_utility()


@pytest.mark.parametrize("spec, reason", [
    ("python_schadenfreude(suits=5)", "suits is 1 to 4"),
    ("python_schadenfreude(ranks=0/0)", "ranks are distinct values"),
    ("python_schadenfreude(ranks=x)", "ranks are values separated by"),
    ("python_schadenfreude(players=3,suits=1,hand_size=5)", "do not fit a deck"),
])
def test_variant_parameters_are_checked_at_load(spec, reason):
    with pytest.raises(pyspiel.SpielError, match=reason):
        pyspiel.load_game(spec)
