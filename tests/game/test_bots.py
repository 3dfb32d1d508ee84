"""The bots and whole games: over seeds, bot choices and rules, every card lies in one place, a hand
follows the draw rules, the scores are the history's points, a seed reproduces its game, undo walks
a game back to the empty board, and every game ends by the rules within the guard."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from solver.game.actions import Decline, Discard, Draw, Pass, Play, Stop
from solver.game.bots import BOTS, GreedyBot, RandomBot, back_value, play_game
from solver.game.game import Back, Rules
from solver.game.state import State, Step
from solver.table.state import Finished, MoveKind, Variant
from tests.game.deal import arrange, dealt, game

# the search bot is slow and reads a real clock: its own tests are in test_search.py
CHEAP_BOTS = sorted(name for name in BOTS if name != "search")
RULES = {"rulebook": Rules(), "update's piles": Rules(alternative_piles=True),
         "first game": Rules(first_draws_abc=True), "two players": Rules(Variant.two_player())}


@st.composite
def setups(draw: st.DrawFn) -> tuple[str, list[str], int]:
    rules = draw(st.sampled_from(sorted(RULES)))
    count = 2 if rules == "two players" else draw(st.integers(2, 4))
    kinds = draw(st.lists(st.sampled_from(CHEAP_BOTS), min_size=count, max_size=count))
    return rules, kinds, draw(st.integers(0, 10**6))


def _run(rules: str, kinds: list[str], seed: int, check: bool) -> State:
    """A whole game, checking the invariants after every action when `check`."""
    g = game(tuple(["Anna", "Ben", "Carl", "Dora"][:len(kinds)]), RULES[rules])
    bots = [BOTS[kind](seed + seat) for seat, kind in enumerate(kinds)]
    state = g.new_initial_state(seed)
    started: tuple[str, int, int] | None = None  # the turn's player, hand size, table moves before it
    while not state.is_terminal():
        assert state.turn.turns < 400, "the guard of play_game would end this game"
        beginning = state.step is Step.PLAY and state.table.cards_this_turn == 0 and (
            started is None or started[2] != len(state.table.history) or started[0] != state.mover)
        if check and beginning:
            _hand_followed_the_rules(state, started)
            started = (state.mover, state.hand_size(state.mover), len(state.table.history))
        action = state.sample_chance() if state.is_chance_node() else bots[state.current_player()](state)
        state.apply_action(action)
        if check:
            _every_card_in_one_place(state)
    if check:
        if state.table.finished is not Finished.ALL_PINPOINTED:  # the last tile ends the game at once
            _hand_followed_the_rules(state, started)
        _scores_are_the_histories_points(state)
    return state


def _every_card_in_one_place(state: State) -> None:
    seen = Counter([*state.game.set_aside, *state.table.out_of_game,
                    *(n for cards in state.piles.values() for n in cards),
                    *(n for cards in state.hands.values() for n in cards)])
    assert sorted(seen) == list(range(1, 77)) and set(seen.values()) == {1}


def _hand_followed_the_rules(state: State, started: tuple[str, int, int] | None) -> None:
    """A play keeps the hand (the two-player variant: k cards played, one picked), a pass grows it by
    one, while the piles last: the hand after a turn is (before) - (cards played) + 1."""
    if started is None or not any(state.piles.values()):
        return
    player, size, moves = started
    played = sum(1 for m in state.table.history[moves:] if m.kind is MoveKind.PLAY and m.player == player)
    assert state.hand_size(player) == size - played + 1


def _scores_are_the_histories_points(state: State) -> None:
    points = Counter[str]()
    for move in state.table.history:
        points[move.player] += move.effect.points
    assert state.table.scores == {p: points[p] for p in state.game.players}


@settings(max_examples=30, deadline=None)
@given(setups())
def test_whole_games_keep_every_invariant_and_end_by_the_rules(setup: tuple[str, list[str], int]) -> None:
    state = _run(*setup, check=True)
    assert state.end_reason() in (Finished.ALL_PINPOINTED.value, Finished.PILES_USED_UP.value)
    if state.table.finished is Finished.ALL_PINPOINTED:
        assert len(state.table.tiles) == 16
    else:
        assert not any(state.piles.values()) and state.table.history[-1].kind is MoveKind.END


@settings(max_examples=12, deadline=None)
@given(setups())
def test_a_seed_reproduces_its_game_and_undo_walks_it_back_to_the_empty_board(
        setup: tuple[str, list[str], int]) -> None:
    first, again = _run(*setup, check=False), _run(*setup, check=False)
    assert first.actions == again.actions and first.table.to_dict() == again.table.to_dict()
    fresh = first.game.new_initial_state(first.seed)
    while first.actions:
        first.pop()
    assert first.table.to_dict() == fresh.table.to_dict() and first.table.history == []
    assert first.table.markers == {} and first.table.tiles == {} and set(first.table.scores.values()) == {0}
    assert first.piles == fresh.piles and first.step is Step.SHUFFLE


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from(CHEAP_BOTS))
def test_play_game_ends_within_its_guard(seed: int, kind: str) -> None:
    g = game()
    state = play_game(g, [BOTS[kind](seed + seat) for seat in range(3)], seed)
    assert state.is_terminal() and state.table.finished is not None and state.turn.turns <= 400


def test_the_guard_ends_a_game_with_its_reason() -> None:
    state = play_game(game(), [GreedyBot()] * 3, 5, max_turns=3)
    assert state.is_terminal() and state.table.finished is None
    assert state.end_reason() == "the bound of 3 turns was reached" and state.turn.turns == 3


def test_the_random_bot_is_uniform_over_the_legal_actions_from_its_seed() -> None:
    state = dealt(game())
    picks = [RandomBot(seed)(state) for seed in range(40)]
    assert set(picks) == set(state.legal_actions())  # each of the legal actions, none other
    assert RandomBot(3)(state) == RandomBot(3)(state)


def test_greedy_plays_the_most_points_now() -> None:
    # rule 4's example: card 38 scores +4 on these break-in markers, card 11 nothing new
    board = {"break-in": ["Oberhausen", "Obermoschel", "Meisenheim", "Lettweiler"]}
    state = arrange(dealt(game()), hands={"Anna": [3, 38, 12]}, markers=board)
    assert GreedyBot()(state) == Play(38)
    state.apply_action(Play(38))
    assert state.table.scores["Anna"] == 4


def test_greedy_discards_a_dead_card_and_declines_without_one() -> None:
    state = arrange(dealt(game()), hands={"Anna": [12, 11, 13]}, tiles={"break-in": "Oberhausen"})
    state.apply_action(Play(12))
    assert GreedyBot()(state) == Discard(11)  # break-in is pinpointed: card 11 is dead
    state.apply_action(Discard(11))
    state = arrange(dealt(game()), hands={"Anna": [12, 13]})
    state.apply_action(Pass())
    assert GreedyBot()(state) == Decline()


def test_greedy_draws_the_back_most_likely_to_help() -> None:
    # a location card whose location holds markers beats a delict in the supply beats a pinpointed one
    state = arrange(dealt(game()), hands={"Anna": [12]}, markers={"break-in": ["Oberhausen", "Meisenheim"]},
                    tiles={"arrest": "Meddersheim"}, piles={"blue": [8, 9], "orange": [6, 7],
                                                            "locations 1": [60, 71]})
    assert back_value(state, Back("D", "Oberhausen", None)) == 3
    assert back_value(state, Back("A", "arrest", "orange")) == 0
    state.apply_action(Pass())
    state.apply_action(Decline())
    assert GreedyBot()(state) == Draw("locations 1")


def test_greedy_calls_stop_when_markers_can_be_removed() -> None:
    board = {"break-in": ["Oberhausen", "Boos"], "highway robbery": ["Oberhausen", "Boos"],
             "murder": ["Boos", "Simmern"]}
    state = arrange(dealt(game()), hands={"Anna": [9]}, markers=board)
    for action in (Play(9), Decline(), Draw("blue")):
        state.apply_action(action)
    assert GreedyBot()(state) == Stop("Ben")


def test_greedy_games_pinpoint_every_delict_now_and_then() -> None:
    ends = {play_game(game(), [GreedyBot()] * 3, seed).table.finished for seed in range(3)}
    assert Finished.ALL_PINPOINTED in ends
