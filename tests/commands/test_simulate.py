"""`schinderhannes simulate --backend --ray-address --plot`: the same document on Ray as here, the
figure written and named in the document, and a plot that cannot be written refused before any game."""

from __future__ import annotations

import json

import pytest

PNG = b"\x89PNG\r\n\x1a\n"
RUN = ("simulate", "--players", "3", "--games", "12", "--seed", "9", "--bots", "greedy,random,greedy",
       "--no-progress")


def test_on_ray_the_document_is_the_local_one(run):
    pytest.importorskip("ray")
    code, here, _ = run(*RUN, "--json")
    assert code == 0
    code, on_ray, err = run(*RUN, "--json", "--backend", "ray", "--jobs", "2")
    assert code == 0, err
    assert on_ray == here and json.loads(on_ray)["games"] == 12


def test_the_plot_is_written_and_named(run, tmp_path):
    png = tmp_path / "run.png"
    code, out, _ = run(*RUN, "--json", "--plot", png)
    document = json.loads(out)
    assert code == 0 and document["plot"] == str(png) and document["games"] == 12
    assert png.read_bytes()[:8] == PNG
    code, out, _ = run(*RUN)
    assert code == 0 and "plot:" not in out and "plot" not in json.loads(run(*RUN, "--json").output)
    code, out, _ = run(*RUN, "--plot", png)
    assert code == 0 and out.rstrip().endswith(f"plot: {png}")


@pytest.mark.parametrize(("plot", "message"), [
    ("run.jpg", "--plot run.jpg: the plot is a PNG file; name it FILE.png"),
    ("missing/run.png", "--plot missing/run.png: its folder does not exist"),
])
def test_a_plot_that_cannot_be_written_is_refused_before_playing(run, tmp_path, monkeypatch, plot, message):
    monkeypatch.chdir(tmp_path)
    code, out, err = run(*RUN, "--games", "100000000", "--plot", plot)
    assert code == 2 and out == "" and message in err and len(err.strip().splitlines()) == 1
    assert not list(tmp_path.iterdir())


def test_an_unknown_backend_is_bad_input(run):
    code, out, err = run(*RUN, "--backend", "dask")
    assert code == 2 and out == "" and "--backend" in err and "Traceback" not in err


def test_a_run_stopped_before_any_game_writes_no_plot(run, tmp_path, monkeypatch):
    from solver.game.simulate import Summary

    def stopped(players, bots, games, **_):
        return Summary(tuple(players), tuple(bots), 9, games, interrupted=True)

    monkeypatch.setattr("solver.game.simulate.simulate", stopped)
    png = tmp_path / "run.png"
    code, out, err = run(*RUN, "--json", "--plot", png)
    assert code == 130 and "plot" not in json.loads(out) and not png.exists()
    assert f"no plot written to {png}: no game was finished" in err
