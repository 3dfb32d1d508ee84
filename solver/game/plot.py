"""Simulation figure: win rates by seat and by bot with 95% Wilson intervals, scores by seat,
game length, how games end, and rule 11 removals, STOPs and passes per game."""

from __future__ import annotations

import textwrap
from typing import TYPE_CHECKING, Any

from solver.game.simulate import Summary
from solver.table.state import Finished

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

MAX_BINS = 40  # bars of the game-length histogram
BOUND = "the turn bound"  # its row when no game reached it (a game that did names the bound's turns)


def plot_simulation(summary: Summary, path: str) -> None:
    """Write the figure of a run with at least one game to `path` (a PNG)."""
    fig = figure(summary)
    import matplotlib.pyplot as plt

    try:
        fig.savefig(path, dpi=100)
    finally:
        plt.close(fig)


def figure(summary: Summary) -> Figure:
    """The figure: six panels, from the run's summary document and its games' records."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    if not summary.games:
        raise ValueError("no game was played: nothing to plot")
    document = summary.to_dict()
    fig, axes = plt.subplots(2, 3, figsize=(16, 9.5))
    _seat_rates(axes[0][0], document)
    _bot_rates(axes[0][1], document)
    _scores(axes[0][2], document)
    _turns(axes[1][0], summary)
    _endings(axes[1][1], document)
    _per_game(axes[1][2], document)
    fig.suptitle(_title(document), fontsize=14)
    fig.tight_layout()
    return fig


def _title(document: dict[str, Any]) -> str:
    played = f"{document['games']} of {document['wanted']} games (interrupted)" if document["interrupted"] \
        else f"{document['games']} game{'s' * (document['games'] != 1)}"
    deck = ", the reconstructed deck" if document["reconstructed_deck"] else ""
    return f"Schinderhannes: {played}, {len(document['players'])} players, seed {document['seed']}{deck}"


def _rate_bars(axes: Axes, labels: list[str], rows: list[dict[str, Any]], colour: str) -> None:
    rates = [row["win_rate"] for row in rows]
    lows, highs = [row["ci95"][0] for row in rows], [row["ci95"][1] for row in rows]
    errors = [[rate - low for rate, low in zip(rates, lows, strict=True)],
              [high - rate for rate, high in zip(rates, highs, strict=True)]]
    axes.bar(labels, rates, yerr=errors, capsize=6, color=colour, alpha=0.8)
    for index, (rate, high) in enumerate(zip(rates, highs, strict=True)):
        axes.annotate(f"{rate:.2f}", (index, high), xytext=(0, 4), textcoords="offset points", ha="center",
                      fontsize=9)
    axes.set_ylim(0, max(highs) * 1.1 + 0.08)  # room for the labels above the intervals
    axes.set_yticks([tick for tick in axes.get_yticks() if 0 <= tick <= 1])
    axes.set_ylabel("win rate (95% Wilson interval)")


def _seat_rates(axes: Axes, document: dict[str, Any]) -> None:
    seats = document["seats"]
    _rate_bars(axes, [f"{s['seat']} {s['player']}\n{s['bot']}" for s in seats], seats, "tab:blue")
    axes.axhline(1 / len(seats), color="grey", linestyle="--", linewidth=1, label="1 / players")
    axes.set_title("Win rate by seat (a tie: a win for each leader)")
    axes.legend(loc="best")


def _bot_rates(axes: Axes, document: dict[str, Any]) -> None:
    bots = document["by_bot"]
    labels = [f"{b['bot']}\n{b['seats']} seat{'s' * (b['seats'] != 1)}" for b in bots]
    _rate_bars(axes, labels, bots, "tab:orange")
    axes.axhline(1 / len(document["seats"]), color="grey", linestyle="--", linewidth=1, label="1 / players")
    axes.set_title("Win rate by bot (its seats pooled)")
    axes.legend(loc="best")


def _scores(axes: Axes, document: dict[str, Any]) -> None:
    seats = document["seats"]
    means = [s["score_mean"] for s in seats]
    spreads = [s["score_stdev"] for s in seats]
    axes.bar([f"{s['seat']} {s['player']}\n{s['bot']}" for s in seats], means, yerr=spreads, capsize=6,
             color="tab:green", alpha=0.8)
    for index, (mean, spread) in enumerate(zip(means, spreads, strict=True)):
        axes.annotate(f"{mean:.1f} ± {spread:.1f}", (index, mean + spread), xytext=(0, 4),
                      textcoords="offset points", ha="center", fontsize=9)
    axes.set_ylim(0, max(mean + spread for mean, spread in zip(means, spreads, strict=True)) * 1.15 or 1)
    axes.set_ylabel("final score (mean ± 1 standard deviation)")
    axes.set_title("Score by seat")


def _turns(axes: Axes, summary: Summary) -> None:
    from matplotlib.ticker import MaxNLocator

    turns = [found.turns for found in summary.records]
    low, high = min(turns), max(turns)
    width = -(-(high - low + 1) // MAX_BINS)  # whole turns a bar, at most MAX_BINS bars
    axes.hist(turns, bins=[value - 0.5 for value in range(low, high + width + 1, width)], color="tab:purple",
              alpha=0.8)
    mean = sum(turns) / len(turns)
    axes.axvline(mean, color="black", linestyle="--", linewidth=1, label=f"mean {mean:.1f}")
    axes.xaxis.set_major_locator(MaxNLocator(integer=True, min_n_ticks=1))
    axes.yaxis.set_major_locator(MaxNLocator(integer=True, min_n_ticks=1))
    axes.set_xlabel("turns played")
    axes.set_ylabel("games")
    axes.set_title(f"Game length: {low} to {high} turns" if low < high else f"Game length: {low} turns")
    axes.legend(loc="upper right")


def _endings(axes: Axes, document: dict[str, Any]) -> None:
    from matplotlib.ticker import MaxNLocator

    counts = {reason.value: 0 for reason in Finished} | document["endings"]
    if len(counts) == len(Finished):
        counts[BOUND] = 0
    reasons = list(counts)[::-1]  # the first reason on top
    axes.barh([textwrap.fill(reason, 22) for reason in reasons], [counts[r] for r in reasons],
              color="tab:red", alpha=0.8)
    games = document["games"]
    for index, reason in enumerate(reasons):
        axes.annotate(f"{counts[reason]} ({counts[reason] / games:.0%})", (counts[reason], index),
                      xytext=(4, 0), textcoords="offset points", va="center", fontsize=9)
    axes.set_xlim(0, games * 1.25)
    axes.xaxis.set_major_locator(MaxNLocator(integer=True, min_n_ticks=1))
    axes.set_xlabel("games")
    axes.set_title("How games end")


def _per_game(axes: Axes, document: dict[str, Any]) -> None:
    rows = [("cards taken off\nby rule 11", "taken_out_rule_11"), ("STOPs called", "stops"),
            ("points taken\nby STOP", "stop_points"), ("passes", "passes")][::-1]  # the first row on top
    games = document["games"]
    means = [document[key] / games for _, key in rows]
    axes.barh([label for label, _ in rows], means, color="tab:brown", alpha=0.8)
    for index, (mean, (_, key)) in enumerate(zip(means, rows, strict=True)):
        axes.annotate(f"{mean:.2f} a game ({document[key]} in all)", (mean, index), xytext=(4, 0),
                      textcoords="offset points", va="center", fontsize=9)
    axes.set_xlim(0, max(means) * 1.6 or 1)
    axes.set_xlabel("per game (mean)")
    axes.set_title("Rule 11, STOPs and passes")
