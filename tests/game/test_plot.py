"""The simulation figure (solver.game.plot): six panels drawn from the summary's own values."""

from __future__ import annotations

import pytest

from solver.game.plot import BOUND, figure, plot_simulation
from solver.game.simulate import GameRecord, Summary, simulate

PNG = b"\x89PNG\r\n\x1a\n"


@pytest.fixture(scope="module")
def summary() -> Summary:
    return simulate(("Anna", "Ben", "Carl"), ["greedy", "random", "greedy"], 12, seed=3)


@pytest.fixture(autouse=True)
def _closed_figures():
    yield
    import matplotlib.pyplot as plt

    plt.close("all")


def _bars(axes) -> list[float]:
    return [patch.get_height() for patch in axes.patches]


def test_the_panels_show_the_summary_values(summary):
    document = summary.to_dict()
    seats, by_bot, scores, turns, endings, per_game = figure(summary).axes
    assert _bars(seats) == pytest.approx([seat["win_rate"] for seat in document["seats"]])
    assert _bars(by_bot) == pytest.approx([bot["win_rate"] for bot in document["by_bot"]])
    assert _bars(scores) == pytest.approx([seat["score_mean"] for seat in document["seats"]])
    assert sum(_bars(turns)) == 12  # a bar per game length, every game in one
    counted = {patch.get_width() for patch in endings.patches}
    assert set(document["endings"].values()) <= counted
    assert [label.get_text() for label in endings.get_yticklabels()][-2:] == [
        "draw piles used up", "all delicts pinpointed"]
    widths = [patch.get_width() for patch in per_game.patches][::-1]
    assert widths == pytest.approx([document[key] / 12 for key in ("taken_out_rule_11", "stops", "stop_points",
                                                                   "passes")])
    for axes in (seats, by_bot, scores, turns, endings, per_game):
        assert axes.get_title()
    assert "95% Wilson" in seats.get_ylabel()


def test_every_ending_has_its_row_and_the_bound_is_named_as_reached(summary):
    rows = [label.get_text() for label in figure(summary).axes[4].get_yticklabels()]
    assert rows[0] == BOUND
    bounded = Summary(summary.players, summary.bots, summary.seed, 13, [*summary.records, GameRecord(
        **{**summary.records[0].__dict__, "ending": "the bound of 400 turns was reached", "turns": 400})])
    rows = [label.get_text().replace("\n", " ") for label in figure(bounded).axes[4].get_yticklabels()]
    assert rows[0] == "the bound of 400 turns was reached" and BOUND not in rows


def test_the_figure_is_written_as_a_png(summary, tmp_path):
    path = tmp_path / "run.png"
    plot_simulation(summary, str(path))
    assert path.read_bytes()[:8] == PNG


def test_a_run_without_games_has_no_figure(summary):
    with pytest.raises(ValueError, match="no game"):
        figure(Summary(summary.players, summary.bots, summary.seed, 5, interrupted=True))
