import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver.cardgames.api import CHANCE, TERMINAL, IllegalAction
from solver.cardgames.schadenfreude.cards import cards_of, deck_for
from solver.cardgames.schadenfreude.game import SchadenfreudeGame
from solver.cardgames.schadenfreude.scoring import LIMIT
from solver.cardgames.schadenfreude.state import SchadenfreudeState
from tests.cardgames.schadenfreude.helpers import cards


def play_random_game(players: int, seed: int, checks=None) -> SchadenfreudeState:
    rng = random.Random(seed)
    state = SchadenfreudeGame(players).new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.resolve_chance(rng)
            continue
        state.apply_action(rng.choice(state.legal_actions()))
        if checks:
            checks(state)
    return state


def test_initial_state_is_a_chance_node_for_the_leader_then_the_deal():
    state = SchadenfreudeGame(4).new_initial_state()
    assert state.current_player() == CHANCE
    assert [a for a, _ in state.chance_outcomes()] == [0, 1, 2, 3]
    state.apply_action(2)  # seat 2 leads
    assert len(state.chance_outcomes()) == 50
    for card in range(48):  # deal card by card, 12 each
        state.apply_action(card)
    assert state.current_player() == 2
    assert [len(cards_of(h)) for h in state.hands] == [12, 12, 12, 12]
    assert cards_of(state.undealt) == [48, 49]  # the two set-aside cards


def test_illegal_play_raises_with_reason_and_changes_nothing():
    state = SchadenfreudeState.from_hands(
        [cards("r4 g1 b1"), cards("r7 g8 b2"), cards("r9 g2 b3")], leader=0
    )
    state.apply_action(cards("r4")[0])
    with pytest.raises(IllegalAction, match=r"does not follow suit.*r7"):
        state.apply_action(cards("g8")[0])
    with pytest.raises(IllegalAction, match="not in your hand"):
        state.apply_action(cards("r9")[0])
    assert state.current_player() == 1 and state.trick == cards("r4")
    assert state.legal_actions() == cards("r7")


def test_trick_winner_leads_next_and_takes_cards():
    state = SchadenfreudeState.from_hands(
        [cards("r4 g1"), cards("r7 g2"), cards("r9 g3"), cards("g8 b1")], leader=0
    )
    for name in ["r4", "r7", "r9", "g8"]:
        state.apply_action(cards(name)[0])
    assert state.current_player() == 1  # B won
    assert state.tricks[-1].taken == tuple(cards("r7 g8"))


def test_round_end_scores_and_next_leader():
    # one trick per player left; B wins r7 + g8 = 15 points
    state = SchadenfreudeState.from_hands(
        [cards("r4"), cards("r7"), cards("r9"), cards("g8")], leader=0, scores=[10, 20, 5, 30]
    )
    for name in ["r4", "r7", "r9", "g8"]:
        state.apply_action(cards(name)[0])
    assert state.scores == [10, 35, 5, 30]
    assert state.leader == 2 and state.round == 2  # lowest score leads
    assert state.current_player() == CHANCE  # next deal


def test_game_end_and_returns():
    state = SchadenfreudeState.from_hands(
        [cards("r4"), cards("r7"), cards("r9"), cards("g8")], leader=0, scores=[10, 30, 5, 25]
    )
    for name in ["r4", "r7", "r9", "g8"]:
        state.apply_action(cards(name)[0])
    assert state.scores == [10, 45, 5, 25]
    assert state.current_player() == TERMINAL and state.is_terminal()
    assert state.winner() == 3 and state.returns() == [0.0, 0.0, 0.0, 1.0]
    with pytest.raises(IllegalAction, match="over"):
        state.apply_action(0)


def test_ties_ignored_next_lowest_leads():
    state = SchadenfreudeState.from_hands(
        [cards("r1"), cards("r2"), cards("r3")], leader=0, scores=[0, 0, 0]
    )
    for name in ["r1", "r2", "r3"]:  # r2 wins, 2 points
        state.apply_action(cards(name)[0])
    assert state.scores == [0, 2, 0]
    assert state.leader == 1 and state.current_player() == CHANCE  # the deal


def test_all_tied_scores_make_the_leader_a_chance_node():
    state = SchadenfreudeState.from_hands(
        [cards("r-1"), cards("r-3"), cards("r-2")], leader=0, scores=[0, 0, 0]
    )
    for name in ["r-1", "r-3", "r-2"]:  # r-2 wins, -2 points, floor at 0
        state.apply_action(cards(name)[0])
    assert state.scores == [0, 0, 0]
    assert state.leader is None and state.current_player() == CHANCE
    assert [a for a, _ in state.chance_outcomes()] == [0, 1, 2]  # a random leader


def test_clone_is_independent():
    state = SchadenfreudeGame(4, first_leader=0).new_initial_state()
    state.resolve_chance(random.Random(1))
    twin = state.clone()
    twin.apply_action(twin.legal_actions()[0])
    assert len(state.trick) == 0 and len(twin.trick) == 1
    assert state.hands != twin.hands


def test_information_state_hides_other_hands():
    state = SchadenfreudeGame(4, first_leader=0).new_initial_state()
    state.resolve_chance(random.Random(1))
    info = state.information_state_string(1)
    own = " ".join(state.game.card_names(cards_of(state.hands[1])))
    other = " ".join(state.game.card_names(cards_of(state.hands[0])))
    assert own in info and other not in info
    assert info != state.information_state_string(0)


@settings(max_examples=25, deadline=None)
@given(players=st.sampled_from([3, 4, 5]), seed=st.integers(0, 2**32))
def test_random_games_terminate_conserve_cards_and_scores_stay_non_negative(players, seed):
    deck = deck_for(players)

    def checks(state):
        if state.phase != "play":
            return
        held = 0
        for hand in state.hands:
            assert not held & hand  # no card in two hands
            held |= hand
        # cards in hands + played this round + set aside + undealt = the deck
        assert held | state.played | state.undealt == deck.mask
        assert not held & state.played
        assert all(score >= 0 for score in state.scores)

    state = play_random_game(players, seed, checks)
    assert state.is_terminal()
    assert max(state.scores) > LIMIT and min(state.scores) >= 0
    assert all(min(s) >= 0 for s in state.score_history())
    assert sum(state.returns()) in (0.0, 1.0)


def test_information_state_does_not_depend_on_the_order_of_the_deal():
    # seat 0 gets the same 12 cards in another order, the others other cards
    def dealt(order):
        state = SchadenfreudeGame(4, first_leader=0).new_initial_state()
        for card in order:
            state.apply_action(card)
        return state

    cards = list(range(48))
    rng = random.Random(4)
    rng.shuffle(cards)
    one = dealt(cards)
    mine = cards[0::4]
    others = cards[1::4] + cards[2::4] + cards[3::4] + [48]
    rng.shuffle(others)
    rng.shuffle(mine)
    two = dealt([mine[i // 4] if i % 4 == 0 else others.pop() for i in range(48)])
    assert one.hands[0] == two.hands[0] and one.hands[1] != two.hands[1]
    assert one.information_state_string(0) == two.information_state_string(0)
    assert "dealt[" in one.information_state_string(0)
    assert one.information_state_string(1) != two.information_state_string(1)
