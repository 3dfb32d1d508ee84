
from solver.cardgames.api import sole_winner
from solver.cardgames.simulate import simulate
from tests.cardgames.toygame import RaceGame, random_bots


def test_sole_winner():
    assert sole_winner([1.0, -1.0]) == 0
    assert sole_winner([0.0, 0.0]) is None


def test_simulate_counts_every_game_and_is_independent_of_jobs():
    one = simulate(RaceGame(), random_bots, games=120, seed=7, jobs=1, chunk=25)
    two = simulate(RaceGame(), random_bots, games=120, seed=7, jobs=2, chunk=25)
    assert one.games == 120 and sum(one.wins) + one.no_winner == 120
    assert one.wins == two.wins and one.rounds == two.rounds
    assert one.to_dict()["seats"][0]["bot"] == "random"
    assert min(one.rounds) >= 3  # target 5 needs at least 3 additions
