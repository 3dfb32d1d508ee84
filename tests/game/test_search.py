"""The search bot (solver.game.search): a determinized world shows its seat exactly what the seat
saw and is a legal deal of the same cards, the bot plays legal actions through whole games, a seed
reproduces its play, and its strength is bounded by its worlds and its (injected) clock."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from solver.game.actions import Pass, Play
from solver.game.bots import BOTS, GreedyBot, RandomBot
from solver.game.search import SearchBot, Strength, candidates, determinize, observation, pile_groups, playout
from solver.game.state import State, Step
from tests.game.deal import arrange, dealt, game
from tests.game.test_bots import RULES

QUICK = Strength(worlds=2, horizon=1, candidates=3)


def _stopped_clock() -> float:
    return 0.0


def _midgame(rules: str, players: int, seed: int, actions: int) -> State:
    """A game dealt from `seed` and played on for up to `actions` actions, greedy and random mixed."""
    g = game(("Anna", "Ben", "Carl", "Dora")[:players], RULES[rules])
    state = g.new_initial_state(seed)
    bots = [GreedyBot(), RandomBot(seed)]
    while not state.is_terminal() and (state.is_chance_node() or actions > 0):
        if state.is_chance_node():
            state.apply_action(state.sample_chance())
            continue
        state.apply_action(bots[actions % 2](state))
        actions -= 1
    return state


@st.composite
def midgames(draw: st.DrawFn) -> tuple[State, int]:
    rules = draw(st.sampled_from(sorted(RULES)))
    players = 2 if rules == "two players" else draw(st.integers(2, 4))
    state = _midgame(rules, players, draw(st.integers(0, 10**6)), draw(st.integers(0, 160)))
    return state, draw(st.integers(0, players - 1))


def _each_card_once(state: State) -> Counter[int]:
    return Counter([*state.game.set_aside, *state.table.out_of_game,
                    *(n for cards in state.piles.values() for n in cards),
                    *(n for cards in state.hands.values() for n in cards)])


@settings(max_examples=60, deadline=None)
@given(midgames(), st.integers(0, 2**32))
def test_a_world_shows_its_seat_what_the_seat_sees_and_is_a_legal_deal(found: tuple[State, int], seed: int) -> None:
    state, seat = found
    world = determinize(state, seat, random.Random(seed))
    assert observation(world, seat) == observation(state, seat)
    cards = _each_card_once(world)
    assert cards == _each_card_once(state) and set(cards.values()) == {1}
    assert sorted(world.places()) == sorted(state.places())
    assert world.table.problems() == []
    _, together = state.game.pile_layout()
    groups = pile_groups(state.game)
    for name, pile in world.piles.items():  # a pile holds only cards of its own backs
        assert {groups[n] for n in pile} <= {k for k, names in enumerate(together) if name in names}
    if not world.is_terminal():
        assert world.legal_actions()


@settings(max_examples=30, deadline=None)
@given(midgames(), st.integers(0, 2**32))
def test_a_world_depends_only_on_what_the_seat_sees(found: tuple[State, int], seed: int) -> None:
    state, seat = found
    other = determinize(state, seat, random.Random(seed + 1))  # another state the seat cannot tell apart
    first, again = determinize(state, seat, random.Random(seed)), determinize(other, seat, random.Random(seed))
    assert first.hands == again.hands and first.piles == again.piles


def test_a_world_deals_the_unseen_cards_again_by_their_backs() -> None:
    state = _midgame("rulebook", 4, 3, 30)
    me, rival = state.game.players[0], state.game.players[1]
    worlds = [determinize(state, 0, random.Random(k)) for k in range(40)]
    assert all(w.hands[me] == state.hands[me] for w in worlds)  # the own hand is seen
    assert any(w.hands[rival] != state.hands[rival] for w in worlds)
    assert any(w.piles != state.piles for w in worlds)
    for w in worlds:
        assert [w.game.backs[n] for n in w.hands[rival]] == [state.game.backs[n] for n in state.hands[rival]]


def test_the_bot_plays_a_legal_action_at_every_step_of_whole_games() -> None:
    for rules, players, seed in (("rulebook", 4, 1), ("update's piles", 3, 2), ("two players", 2, 3)):
        g = game(("Anna", "Ben", "Carl", "Dora")[:players], RULES[rules])
        state = g.new_initial_state(seed)
        bots = [SearchBot(seed, QUICK)] + [GreedyBot()] * (players - 1)
        while not state.is_terminal():
            assert state.turn.turns < 400
            if state.is_chance_node():
                state.apply_action(state.sample_chance())
                continue
            action = bots[state.current_player()](state)
            assert action in state.legal_actions()
            state.apply_action(action)


def _game_of(bot_seed: int) -> list[object]:
    g = game(("Anna", "Ben", "Carl"))
    state = g.new_initial_state(11)
    bot = SearchBot(bot_seed, QUICK, clock=_stopped_clock)
    greedy = GreedyBot()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.sample_chance())
        else:
            state.apply_action(bot(state) if state.current_player() == 0 else greedy(state))
    return list(state.actions)


def test_a_seed_reproduces_the_bots_play() -> None:
    assert _game_of(4) == _game_of(4)


class _Ticking:
    """A clock that advances one second each time it is read."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += 1.0
        return self.now


def test_the_budget_bounds_the_worlds_searched() -> None:
    state = arrange(dealt(game()), hands={"Anna": [3, 38, 12]},
                    markers={"break-in": ["Oberhausen", "Obermoschel", "Meisenheim", "Lettweiler"]})
    unbounded = SearchBot(1, Strength(worlds=5, budget=0.0, horizon=1), clock=_stopped_clock)
    unbounded(state)
    assert unbounded.searched == 5  # a clock that stands still: the worlds bound it
    searched = []
    for budget in (0.0, 2.5, 10.0, 20.0):
        bot = SearchBot(1, Strength(worlds=100, budget=budget, horizon=1), clock=_Ticking())
        bot(state)
        searched.append(bot.searched)
    # each world takes two ticks, reading the clock costs one: a world is begun while it still fits
    assert searched == [1, 1, 5, 10]


def test_the_candidates_are_each_cards_best_play_and_a_pass() -> None:
    board = {"break-in": ["Oberhausen", "Obermoschel", "Meisenheim", "Lettweiler"]}
    state = arrange(dealt(game()), hands={"Anna": [3, 38, 12]}, markers=board)
    moves = candidates(state, 6)
    assert moves[0] == GreedyBot()(state) == Play(38) and moves[-1] == Pass()
    plays = [m for m in moves if isinstance(m, Play)]
    assert len({m.card for m in plays}) == len(plays)
    assert len(candidates(state, 1)) == 2


def test_a_playout_stops_when_the_turns_asked_for_have_begun() -> None:
    state = dealt(game())
    before = state.turn.turns
    playout(state, GreedyBot(), 2)
    assert state.turn.turns == before + 3 and state.step is Step.PLAY


def test_the_search_bot_is_registered() -> None:
    bot = BOTS["search"](7)
    assert isinstance(bot, SearchBot) and bot.rng.random() == random.Random(7).random()
