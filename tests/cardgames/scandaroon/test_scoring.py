"""Rulebook, "End of the Round" and "End of the Game", as pure functions."""

from solver.cardgames.scandaroon import scoring

from .helpers import small_deck

DECK = small_deck([{"name": f"V{v}", "value": v, "symbols": ["moon"]} for v in range(8)])


def test_rank_vp_3_2_1_0():
    # "3 VP for 1st place, 2 VP for 2nd place, 1 VP for 3rd place, 0 VP for 4th place"
    assert scoring.rank_vp([9, 7, 5, 1]) == [3, 2, 1, 0]
    assert scoring.rank_vp([1, 5, 9]) == [1, 2, 3]


def test_rank_vp_ties_skip_next_ranks():
    # "if two players reached first place, each gets 3 VP and the next player is in 3rd place"
    assert scoring.rank_vp([8, 8, 5, 1]) == [3, 3, 1, 0]
    assert scoring.rank_vp([8, 5, 5, 5]) == [3, 2, 2, 2]
    assert scoring.rank_vp([4, 4, 4, 4]) == [3, 3, 3, 3]


def test_pile_placement_highest_nominal_and_second_lowest():
    # "The player who achieved the highest score ... places the card ... with the highest
    # nominal value"; "the player with the second-highest score ... the lowest nominal value"
    rows = [[3, 5, 1], [0, 4], [2, 6]]
    assert scoring.pile_placements(DECK, rows, [20, 12, 5]) == [(0, 5), (1, 0)]  # 0 is possible


def test_pile_placement_tie_for_highest_all_place_and_no_second():
    # "If two or more players have the same score, all the players concerned perform this
    # action." "If there was no tie for the highest score ..."
    rows = [[3, 5], [7, 1], [2, 6]]
    assert scoring.pile_placements(DECK, rows, [10, 10, 9]) == [(0, 5), (1, 7)]


def test_pile_placement_tie_for_second_all_place_and_empty_row_places_nothing():
    rows = [[3], [2, 4], [6, 1], []]
    assert scoring.pile_placements(DECK, rows, [9, 5, 5, 0]) == [(0, 3), (1, 2), (2, 1)]
    assert scoring.pile_placements(DECK, [[], [1]], [0, 0]) == [(1, 1)]


def test_pile_vp_3_and_1_with_ties():
    # "the winner of the scoring pile space receives 3 VP, the runner-up receives 1 VP";
    # ties: all tied highest 3 VP, all tied second 1 VP each
    assert scoring.pile_vp([10, 7, 3]) == [3, 1, 0]
    assert scoring.pile_vp([10, 10, 3, 1]) == [3, 3, 1, 0]
    assert scoring.pile_vp([10, 3, 3, 1]) == [3, 1, 1, 0]
    assert scoring.pile_vp([5, 0, 0]) == [3, 0, 0]  # an empty pile takes no place


def test_pile_totals_add_moon_bonus():
    assert scoring.pile_totals(DECK, [[3, 4], []], [0, 4]) == [7, 4]


def test_highest_score_marker():
    # "If the round winner has scored as many or more points than all previous round
    # winners ... If the result of the new winner was better ... the previous winner's VP
    # marker is removed."
    best, holders = scoring.update_highest(None, [], [2], 10)
    assert (best, holders) == (10, [2])
    assert scoring.update_highest(best, holders, [0], 9) == (10, [2])
    assert scoring.update_highest(best, holders, [0], 10) == (10, [0, 2])
    assert scoring.update_highest(10, [0, 2], [1, 3], 12) == (12, [1, 3])


def test_next_starting_player():
    # "The player to the left of the previous round's winner ... If there were several
    # winners, the player to the left of the previous starting player"
    assert scoring.next_starting_player([1], previous_start=3, players=4) == 2
    assert scoring.next_starting_player([3], previous_start=0, players=4) == 0
    assert scoring.next_starting_player([0, 2], previous_start=3, players=4) == 0


def test_last_place_gets_sixth_card():
    # "The player who finished in last place in the previous round receives an additional card"
    assert scoring.last_place([5, 1, 3]) == [1]
    assert scoring.last_place([5, 1, 1]) == [1, 2]
    assert scoring.last_place([2, 2, 2]) == []


def test_game_winner_tie_breaks():
    # "the player with the most VP wins. In case of a tie, the player with the higher
    # position on the rank track wins. If there is still a tie, the player with the
    # higher-value scoring pile wins. If there is still a tie, the game ends in a draw."
    assert scoring.game_winners([12, 10, 9], [8, 9, 9], [5, 5, 5]) == [0]
    assert scoring.game_winners([12, 12, 9], [8, 9, 9], [5, 5, 5]) == [1]
    assert scoring.game_winners([12, 12, 9], [9, 9, 9], [5, 6, 9]) == [1]
    assert scoring.game_winners([12, 12, 9], [9, 9, 9], [6, 6, 9]) == [0, 1]
