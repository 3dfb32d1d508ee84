"""Whole games in bulk (solver.game.simulate): the same results whatever the workers or the backend,
totals that agree with the games, and every saved game a state file that loads and walks back."""

from __future__ import annotations

import json

import pytest

from solver.core.errors import BadInput
from solver.game.simulate import simulate
from solver.table.state import MoveKind, parse_state

PLAYERS = ("Anna", "Ben", "Carl")


def test_the_results_do_not_depend_on_the_workers():
    one = simulate(PLAYERS, ["greedy", "random", "greedy"], 12, seed=5, jobs=1).to_dict()
    two = simulate(PLAYERS, ["greedy", "random", "greedy"], 12, seed=5, jobs=2).to_dict()
    assert one == two and one["games"] == 12


@pytest.fixture(scope="module")
def local_ray():
    """One local Ray for this module's tests (a run uses a Ray already started as it is)."""
    ray = pytest.importorskip("ray")
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield ray
    ray.shutdown()


def test_on_ray_the_results_are_the_local_ones_game_for_game(local_ray):
    bots = ["greedy", "random", "greedy"]
    here = simulate(PLAYERS, bots, 25, seed=7, jobs=1)
    told: list[int] = []
    on_ray = simulate(PLAYERS, bots, 25, seed=7, jobs=2, backend="ray", on_games=lambda batch: told.append(len(batch)))
    assert on_ray.to_dict() == here.to_dict() and on_ray.to_dict()["games"] == 25
    assert on_ray.records == here.records and told == [10, 10, 5]  # the batches in order


def test_the_totals_agree_with_the_saved_games():
    saved: list[str] = []
    summary = simulate(PLAYERS, ["greedy"] * 3, 6, seed=2, keep_files=True,
                       on_games=lambda batch: saved.extend(found.state_file or "" for found in batch))
    document = summary.to_dict()
    states = [parse_state(text, "saved") for text in saved]
    assert len(states) == 6 and all(state.finished is not None for state in states)
    assert sum(seat["wins"] for seat in document["seats"]) >= 6  # a tie is a win for every tied leader
    moves = [move for state in states for move in state.history]
    assert document["stops"] == sum(1 for move in moves if move.kind == MoveKind.STOP)
    assert document["taken_out_rule_11"] == sum(len(move.out) for move in moves if move.kind == MoveKind.DRAWPILE)
    assert [seat["score_mean"] for seat in document["seats"]] == [
        sum(state.scores[player] for state in states) / 6 for player in PLAYERS]
    assert sum(document["endings"].values()) == 6
    for state in states:  # each saved game walks back to the empty board
        while state.history:
            state.pop()
        assert not state.markers and not state.tiles and set(state.scores.values()) == {0}


def test_bad_bots_or_players_are_refused_before_playing():
    with pytest.raises(ValueError, match="one bot of"):
        simulate(PLAYERS, ["greedy", "clever", "random"], 3)
    with pytest.raises(BadInput):
        simulate(("Anna", "anna"), ["greedy", "greedy"], 3)
    with pytest.raises(ValueError, match="backend"):
        simulate(PLAYERS, ["greedy"] * 3, 3, backend="dask")


def test_the_command_prints_the_summary_and_saves_the_games(run, tmp_path):
    code, out, _ = run("simulate", "--players", "3", "--games", "4", "--bots", "greedy,random,greedy",
                       "--no-progress", "--json", "--save-games", tmp_path / "saved")
    document = json.loads(out)
    assert code == 0 and document["games"] == 4 and [seat["bot"] for seat in document["seats"]] == [
        "greedy", "random", "greedy"]
    assert len(list((tmp_path / "saved").glob("game-*.yaml"))) == 4
    code, out, _ = run("simulate", "--players", "2", "--games", "3", "--no-progress")
    assert code == 0 and "3 games, 2 players" in out and "95% CI" in out and "endings:" in out
    code, _, err = run("simulate", "--bots", "clever")
    assert code == 2 and "--bots" in err
