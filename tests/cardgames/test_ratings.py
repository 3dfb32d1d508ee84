"""Ratings across bots (openskill's Plackett-Luce model)."""

from solver.cardgames.ratings import Ratings, rate


def test_a_bot_that_always_wins_rates_above_the_others_with_intervals_apart():
    games = [((0, 1, 2), (1.0, 0.0, 0.0)), ((1, 2, 0), (0.0, 0.0, 1.0)), ((2, 0, 1), (0.0, 1.0, 0.0))] * 20
    best, second, third = rate(3, games)
    assert best["mu"] > 25 > second["mu"]
    assert best["ci95"][0] > max(second["ci95"][1], third["ci95"][1])
    assert abs(second["mu"] - third["mu"]) < 1.0  # the losers share their places every game
    assert abs(best["ordinal"] - (best["mu"] - 3 * best["sigma"])) < 0.01


def test_no_game_leaves_the_prior_and_a_tie_moves_nobody_apart():
    prior = Ratings(2).summary()
    assert prior[0] == prior[1] and prior[0]["mu"] == 25.0
    tied = rate(2, [((0, 1), (0.5, 0.5))])
    assert tied[0]["mu"] == tied[1]["mu"]
