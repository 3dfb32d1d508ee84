
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


class SharpBot:
    """Leaves the counter at 2 mod 3 when it can (the winning strategy of the race to 5)."""

    name = "sharp"

    def step(self, state) -> int:
        legal = state.legal_actions()
        return next((a for a in legal if (state.total + a) % 3 == 2), legal[0])


def sharp_and_random(seed: int):
    return [SharpBot(), random_bots(seed)[1]]


def test_rotation_plays_every_deal_in_every_seat():
    from solver.cardgames.simulate import _play_indices

    batch = _play_indices((RaceGame(), sharp_and_random, 3, [0, 1, 2, 3], True))
    assert [game.lineup for game in batch] == [(0, 1), (1, 0), (0, 1), (1, 0)]
    assert batch[0].seed == batch[1].seed != batch[2].seed == batch[3].seed
    # the same deal: the chance node (who starts) came out the same in both rotations
    plain = _play_indices((RaceGame(), sharp_and_random, 3, [0, 1], False))
    assert [game.lineup for game in plain] == [(0, 1), (0, 1)] and plain[0].seed != plain[1].seed


def test_rotated_results_by_bot_with_ratings():
    result = simulate(RaceGame(), sharp_and_random, games=199, seed=1, rotate=True)
    summary = result.to_dict()
    assert summary["games"] == 200 and summary["rotate"] is True  # rounded up to whole rotations
    assert [seat["bot"] for seat in summary["seats"]] == [None, None]
    sharp, chance = summary["by_bot"]
    assert (sharp["bot"], chance["bot"]) == ("sharp", "random")
    assert sharp["wins"] + chance["wins"] + summary["no_winner"] == 200
    assert sharp["wins"] > chance["wins"]
    assert sharp["rating"]["ci95"][0] > chance["rating"]["ci95"][1]  # the intervals part


def test_without_rotation_each_seat_keeps_its_bot():
    summary = simulate(RaceGame(), sharp_and_random, games=10, seed=1).to_dict()
    assert [seat["bot"] for seat in summary["seats"]] == ["sharp", "random"]
    assert [bot["wins"] for bot in summary["by_bot"]] == [seat["wins"] for seat in summary["seats"]]
