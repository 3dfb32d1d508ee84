"""The pyspiel registration `python_schinderhannes`, checked with OpenSpiel's own tools (skipped
when pyspiel is not installed): random_sim_test with serialization for 2, 3 and 4 players and the
two-player variant, rl_environment, MCTS through evaluate_bots, the true max_game_length, the load
errors, and the privacy of each seat's observations."""

from __future__ import annotations

import random

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")
openspiel = pytest.importorskip("solver.game.openspiel")

from solver.game import encoding  # noqa: E402
from solver.game.observation import BACKS  # noqa: E402

VIEWS = ("observation_string", "observation_tensor", "information_state_string", "information_state_tensor")


def _play(state, rng: random.Random, policy=None) -> tuple[int, int]:
    """Play `state` to its end (chance by its odds, the seats by `policy` or at random); the
    numbers of decisions and of chance outcomes."""
    decisions = chances = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, probabilities)[0])
            chances += 1
        else:
            legal = state.legal_actions()
            state.apply_action(policy(legal) if policy else rng.choice(legal))
            decisions += 1
    return decisions, chances


def _shuffled(game, orders: dict[str, list[int]] | None = None, seed: int = 0):
    """A state past the setup's shuffles: the piles named in `orders` in that order (top card last),
    the others in a seeded random one."""
    orders = orders or {}
    rng = random.Random(seed)
    state = game.new_initial_state()
    piles, groups = game.engine.game.pile_layout()
    for group in groups:
        pooled = [n for name in group for n in orders.get(name, rng.sample(piles[name], len(piles[name])))]
        for card in pooled:
            state.apply_action(card - 1)
    assert not state.is_chance_node()
    return state


# ----- the registration --------------------------------------------------------------------------


def test_registered_with_its_numbers() -> None:
    game = pyspiel.load_game("python_schinderhannes")
    assert game.num_players() == 3 and game.get_parameters() == openspiel.PARAMETERS
    assert game.num_distinct_actions() == encoding.NUM_ACTIONS == 733
    assert game.max_chance_outcomes() == 72
    assert game.max_game_length() == 2 * 72 + 3 + 200 * 5 == openspiel.max_game_length(3, 200)
    assert (game.min_utility(), game.max_utility(), game.utility_sum()) == (0.0, 1.0, 1.0)
    state = game.new_initial_state()
    assert state.current_player() == pyspiel.PlayerId.CHANCE and len(state.chance_outcomes()) == 14
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, 0) == "deal 1"


@pytest.mark.parametrize("params", [
    {"players": 2}, {"players": 3}, {"players": 4}, {"players": 2, "two_player": True},
    {"players": 3, "alternative_piles": True, "first_draws_abc": True, "last_delict_points": 1},
], ids=["2", "3", "4", "two-player", "3-alternative"])
def test_random_sim_test_with_serialization(params) -> None:
    pyspiel.random_sim_test(openspiel.load_game(**params), num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize("spec, reason", [
    ("python_schinderhannes(players=1)", "players is 2 to 4, not 1"),
    ("python_schinderhannes(players=5)", "players is 2 to 4, not 5"),
    ("python_schinderhannes(two_player=true)", "the two-player variant needs exactly 2 players"),
    ("python_schinderhannes(last_delict_points=3)", "last_delict_points is 5"),
    ("python_schinderhannes(max_turns=0)", "max_turns is at least 1"),
])
def test_wrong_parameters_are_one_clear_line_at_load(spec, reason) -> None:
    with pytest.raises(pyspiel.SpielError, match=reason) as error:
        pyspiel.load_game(spec)
    assert str(error.value).startswith("python_schinderhannes: ") and "\n" not in str(error.value)


def test_an_unknown_parameter_is_refused_at_load() -> None:
    with pytest.raises(pyspiel.SpielError, match="Unknown parameter 'colour'"):
        pyspiel.load_game("python_schinderhannes(colour=1)")


def test_a_game_and_state_survive_serialization() -> None:
    game = openspiel.load_game(2, two_player=True)
    state = game.new_initial_state()
    _play(state, random.Random(4))
    again_game, again = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))
    assert str(again_game) == str(game)
    assert again.history() == state.history() and str(again) == str(state) and again.returns() == state.returns()
    assert sum(state.returns()) == pytest.approx(1.0)


def test_an_illegal_int_is_refused_and_the_state_is_untouched() -> None:
    state = _shuffled(openspiel.load_game(3))
    before = str(state)
    for action in (encoding.PASS, encoding.STOP, encoding.NUM_ACTIONS + 5):
        with pytest.raises(Exception, match="not legal now"):
            state.apply_action(action)
    assert str(state) == before and state.legal_actions() == list(range(encoding.DRAW, encoding.DRAW + 6))


def test_a_clone_is_the_engine_state_s_fork() -> None:
    state = _shuffled(openspiel.load_game(3))
    twin = state.clone()
    assert twin.inner is not state.inner and twin.inner.state is not state.inner.state
    assert twin.inner.state.game is state.inner.state.game and str(twin) == str(state)
    assert twin.inner.state.actions == state.inner.state.actions and not twin.inner.state._undo  # no undo stack
    twin.apply_action(twin.legal_actions()[0])
    assert len(twin.history()) == len(state.history()) + 1 and str(twin) != str(state)


# ----- the bound -----------------------------------------------------------------------------------


@pytest.mark.parametrize("params", [
    {"players": 4}, {"players": 2, "two_player": True}, {"players": 3, "max_turns": 5},
], ids=["4", "two-player", "3-bounded"])
def test_random_games_stay_within_max_game_length(params) -> None:
    game = openspiel.load_game(**params)
    for seed in range(2):
        state = game.new_initial_state()
        decisions, chances = _play(state, random.Random(seed))
        assert decisions <= game.max_game_length() and chances >= 72  # a paid shuffle deals its pile again
        assert len(state.history()) == decisions + chances


def _long_winded(legal: list[int]) -> int:
    """A policy that makes turns as long as it can: pass, discard every card, call STOP."""
    for wanted in (encoding.PASS, encoding.STOP):
        if wanted in legal:
            return wanted
    discards = [a for a in legal if encoding.DISCARD <= a < encoding.DECLINE]
    return discards[0] if discards else legal[-1]


def _passive(legal: list[int]) -> int:
    """A policy that never plays nor discards: the piles run out, the hands keep their cards."""
    for wanted in (encoding.PASS, encoding.DECLINE):
        if wanted in legal:
            return wanted
    return legal[0]


@pytest.mark.parametrize("params", [{"players": 2}, {"players": 4}, {"players": 2, "two_player": True}],
                         ids=["2", "4", "two-player"])
def test_a_game_that_never_plays_halts_at_max_turns_within_the_bound(params) -> None:
    game = openspiel.load_game(**params, max_turns=40)
    state = game.new_initial_state()
    decisions, _ = _play(state, random.Random(1), _passive)
    inner = state.inner.state
    assert decisions <= game.max_game_length()
    assert inner.end_reason() == "the bound of 40 turns was reached" and inner.turn.turns == 40
    assert inner.table.finished is None and sum(state.returns()) == pytest.approx(1.0)
    state = game.new_initial_state()
    decisions, _ = _play(state, random.Random(1), _long_winded)  # discarding everything: rule 12 ends it
    assert decisions <= game.max_game_length() and state.inner.state.end_reason() == "draw piles used up"


# ----- OpenSpiel's tools ---------------------------------------------------------------------------


def test_rl_environment_steps_through_whole_games() -> None:
    from open_spiel.python import rl_environment

    for observation_type, params in ((None, {}), (rl_environment.ObservationType.OBSERVATION, {"max_turns": 8})):
        game = openspiel.load_game(3, **params)
        env = rl_environment.Environment(game, observation_type=observation_type, seed=0)
        size = env.observation_spec()["info_state"][0]
        assert size == (game.observation_tensor_size() if observation_type else game.information_state_tensor_size())
        rng = random.Random(0)
        step = env.reset()
        while not step.last():
            player = step.observations["current_player"]
            assert len(step.observations["info_state"][player]) == size
            step = env.step([rng.choice(step.observations["legal_actions"][player])])
        assert sum(step.rewards) == pytest.approx(1.0)


def test_mcts_bots_play_a_short_game_through_evaluate_bots() -> None:
    from open_spiel.python.algorithms import mcts

    game = openspiel.load_game(3, max_turns=2)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(0))
    bots = [mcts.MCTSBot(game, 1.4, max_simulations=3, evaluator=evaluator, random_state=np.random.RandomState(1)),
            pyspiel.make_uniform_random_bot(1, 1), pyspiel.make_uniform_random_bot(2, 2)]
    returns = pyspiel.evaluate_bots(game.new_initial_state(), bots, 7)
    assert len(returns) == 3 and sum(returns) == pytest.approx(1.0)


def test_mcts_picks_a_legal_action_in_a_whole_game() -> None:
    from open_spiel.python.algorithms import mcts

    game = openspiel.load_game(4)
    state = _shuffled(game, seed=2)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(2))
    bot = mcts.MCTSBot(game, 1.4, max_simulations=2, evaluator=evaluator, random_state=np.random.RandomState(2))
    assert bot.step(state) in state.legal_actions()


# ----- what a seat sees ------------------------------------------------------------------------------


def _views(state, seat: int) -> list:
    return [getattr(state, view)(seat) for view in VIEWS]


def _bottom_and_seat_1(game) -> tuple[dict[str, list[int]], dict[str, list[int]]]:
    """Two deals that seats 0 and 2 cannot tell apart: a blue card of seat 1 swapped with one of the
    same back at the bottom of the blue pile, and the green pile's order below its top card reversed.
    The opening draws all come from blue (seat 1 draws the 2nd card from the top)."""
    g = game.engine.game
    piles, _ = g.pile_layout()
    blue = list(piles["blue"])
    groups = [n for n in blue if g.backs[n].letter == "B"]
    rest = [n for n in blue if n not in groups[:2]]
    one_blue = [groups[0], *rest[:-1], groups[1], rest[-1]]  # 14 cards: groups[1] is 2nd from the top
    two_blue = [groups[1], *rest[:-1], groups[0], rest[-1]]
    green = list(piles["green"])
    return {"blue": one_blue, "green": green}, {"blue": two_blue, "green": [*reversed(green[:-1]), green[-1]]}


def _hidden_safe(legal: list[int], seat: int, rng: random.Random) -> int | None:
    """An action that reveals none of the cards the two deals differ in: no draw from blue or green,
    and for seat 1 no card of its hand played or discarded."""
    hidden_draws = {encoding.DRAW, encoding.DRAW + 3}
    allowed = [a for a in legal if a not in hidden_draws and not encoding.PICK <= a < encoding.STOP]
    if seat == 1:
        allowed = [a for a in allowed if a in (encoding.PASS, encoding.DECLINE, encoding.STOP)
                   or encoding.DRAW <= a < encoding.PICK]
    return rng.choice(allowed) if allowed else None


def test_a_seat_sees_neither_another_hand_s_numbers_nor_the_piles_below_their_tops() -> None:
    game = openspiel.load_game(3)
    one_orders, two_orders = _bottom_and_seat_1(game)
    one, two = _shuffled(game, one_orders, seed=6), _shuffled(game, two_orders, seed=6)
    for _ in range(12):  # the opening draws, all from blue
        one.apply_action(encoding.DRAW)
        two.apply_action(encoding.DRAW)
    hand_one, hand_two = one.inner.state.hands["p1"], two.inner.state.hands["p1"]
    assert hand_one != hand_two and sorted(hand_one) != sorted(hand_two)
    rng = random.Random(3)
    steps = 0
    while not one.is_terminal() and steps < 40:
        for seat in (0, 2):
            assert _views(one, seat) == _views(two, seat), (seat, steps)
        assert one.observation_string(1) != two.observation_string(1)
        assert str(one) != str(two)  # the full state does hold the difference
        action = _hidden_safe(one.legal_actions(), one.current_player(), rng)
        if action is None:
            break
        one.apply_action(action)
        two.apply_action(action)
        steps += 1
    assert steps >= 20


def test_the_two_player_variant_shows_the_top_five_backs_and_nothing_below() -> None:
    game = openspiel.load_game(2, two_player=True)
    green = list(game.engine.game.pile_layout()[0]["green"])
    below = _shuffled(game, {"green": [*reversed(green[:-5]), *green[-5:]]}, seed=1)
    base = _shuffled(game, {"green": green}, seed=1)
    for seat in (0, 1):
        assert _views(below, seat) == _views(base, seat)
    top = _shuffled(game, {"green": [*green[:-5], *reversed(green[-5:])]}, seed=1)
    assert top.observation_string(1) != base.observation_string(1)  # the top 5 show (their backs differ)


def test_the_tensors_have_their_declared_shapes_and_layout() -> None:
    game = openspiel.load_game(3)
    players, backs = 3, len(BACKS)
    observation = 6 * players + 10 + 1 + 72 + 2 * 16 * 16 + 6 + 6 * backs + 72 + backs + 3 + players * backs
    assert len(BACKS) == 52 and game.observation_tensor_shape() == [observation]
    assert game.information_state_tensor_shape() == [observation + 72 + players * 72 + 2 * players * backs]
    state = _shuffled(game, seed=3)
    for _ in range(12):
        state.apply_action(state.legal_actions()[0])
    observer = game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=True))
    observer.set_from(state, 1)
    assert list(observer.tensor) == state.information_state_tensor(1)
    d = observer.dict
    inner = state.inner.state
    assert d["player"].tolist() == [0, 1, 0] and d["current"].tolist() == d["turn_of"].tolist() == [1, 0, 0]
    assert sorted(np.flatnonzero(d["hand"]) + 1) == sorted(inner.hands["p1"])
    assert d["hand_sizes"].tolist() == [4, 4, 4] and d["remove_held"].tolist() == [1, 1, 1]
    assert d["held_backs"].sum(axis=1).tolist() == [4, 4, 4]
    assert d["pile_sizes"].tolist() == [len(cards) for cards in inner.piles.values()]
    assert d["pile_backs"].sum() == sum(1 for cards in inner.piles.values() if cards)
    assert d["markers"].sum() == d["tiles"].sum() == d["scores"].sum() == 0
    assert d["drawn"].sum() == 4 and d["drawn_backs"].sum() == 12 and d["played"].sum() == 0
    assert d["step"][2] == 1  # Step.PLAY


@pytest.mark.parametrize("params, sizes", [
    ({"players": 2}, (1156, 1580)), ({"players": 3}, (1214, 1814)), ({"players": 4}, (1272, 2048)),
    ({"players": 2, "two_player": True}, (2404, 2828)),
], ids=["2", "3", "4", "two-player"])
def test_the_tensor_sizes_docs_game_md_gives(params, sizes) -> None:
    game = openspiel.load_game(**params)
    assert (game.observation_tensor_size(), game.information_state_tensor_size()) == sizes


def test_the_information_state_string_is_the_public_history_with_the_seat_s_own_cards() -> None:
    game = openspiel.load_game(3)
    state = _shuffled(game, seed=8)
    for _ in range(12):
        state.apply_action(state.legal_actions()[0])
    inner = state.inner.state
    history = state.information_state_string(0).split("\nhistory: ")[1].split("; ")
    assert history[0] == "72 dealt" and len(history) == 13
    own = [event for event in history if event.startswith("p0 ")]
    assert sorted(int(event.split("=")[1].split()[0]) for event in own) == sorted(inner.hands["p0"])
    assert all("=" not in event for event in history if event.startswith(("p1 ", "p2 ")))
    assert state.information_state_string(0).startswith(state.observation_string(0))
    assert f"p0 (you): {' '.join(map(str, sorted(inner.hands['p0'])))} + remove" in state.observation_string(0)
