from solver.cardgames.schadenfreude.scoring import (
    apply_round,
    game_over,
    next_leader,
    pile_points,
    pile_values,
    take,
    winner,
)
from tests.cardgames.schadenfreude.helpers import cards


def test_duplicates_example_the_two_sevens_are_discarded():
    # "They place the green 3 and the red 7 ... they already have another 7, so they
    #  discard both 7s."
    pile = take(0, cards("b7"))
    pile = take(pile, cards("g3 r7"))
    assert pile_values(pile) == [3]


def test_two_of_a_value_in_one_trick_cancel_three_keep_one():
    assert pile_values(take(0, cards("r5 g5"))) == []
    assert pile_values(take(0, cards("r5 g5 b5"))) == [5]


def test_cancellation_is_by_value_not_suit():
    # tarot reference: "Suits do not matter for cancellation — only the value matters"
    assert pile_values(take(0, cards("r-3 y-3 g2"))) == [2]


def test_round_points_sum_values_negative_allowed():
    assert pile_points(take(0, cards("r-3 g-2 J10 b4"))) == 9
    assert pile_points(take(0, cards("r-3 g-1"))) == -4


def test_marker_cannot_go_below_zero():
    assert apply_round([3, 10, 0], [-5, 4, -1]) == [0, 14, 0]


def test_next_leader_is_lowest_score():
    assert next_leader([12, 5, 30, 7]) == 1


def test_tied_lowest_are_ignored_next_lowest_leads():
    # "If players are tied for the lowest score, they are ignored and the player with
    #  the next lowest score goes first."
    assert next_leader([5, 5, 30, 7]) == 3


def test_all_tied_means_random_leader():
    assert next_leader([9, 9, 9, 9]) is None


def test_every_score_shared_means_random_leader():
    # decision (docs/schadenfreude.md): ignoring ties moves up until a score held by
    # one player; if none, the random-leader rule applies
    assert next_leader([5, 5, 7, 7]) is None
    assert next_leader([5, 5, 7, 7, 8]) == 4


def test_game_ends_only_above_40():
    assert not game_over([40, 12, 0])
    assert game_over([41, 12, 0])


def test_highest_not_above_40_wins():
    # "Any player with more than 40 points cannot win ... The player with the highest
    #  score (but less than or equal to 40 points) wins"
    assert winner([44, 40, 12, 30]) == 1


def test_tie_for_highest_is_eliminated_next_highest_wins():
    assert winner([44, 30, 30, 12]) == 3


def test_possibly_nobody_wins():
    # "It is possible that no one wins."
    assert winner([44, 30, 30]) is None
    assert winner([44, 30, 30, 12, 12]) is None


def test_all_above_40_the_highest_wins():
    assert winner([41, 45, 43]) == 1
