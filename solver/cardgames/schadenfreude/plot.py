"""Simulation figure: win rates with 95% intervals, and score trajectories."""

from __future__ import annotations

from solver.cardgames.schadenfreude.scoring import LIMIT
from solver.cardgames.simulate import SimulationResult


def plot_simulation(result: SimulationResult, path: str, limit: int = LIMIT) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, (rates, paths) = plt.subplots(1, 2, figsize=(11, 4.5))
    seats = list(range(result.num_players))
    labels = [f"seat {s}\n{result.names[s]}" for s in seats]
    values = [result.win_rate(s) for s in seats]
    errors = [[v - result.wilson(s)[0] for s, v in zip(seats, values, strict=True)],
              [result.wilson(s)[1] - v for s, v in zip(seats, values, strict=True)]]
    rates.bar(labels, values, yerr=errors, capsize=6, color="tab:blue", alpha=0.8)
    rates.axhline(1 / result.num_players, color="grey", linestyle="--", linewidth=1,
                  label="1 / players")
    rates.set_ylabel("win rate (95% Wilson interval)")
    rates.set_title(f"{result.games} games; no winner in {result.no_winner}")
    rates.legend(loc="lower right")

    colours = plt.rcParams["axes.prop_cycle"].by_key()["color"]
    for history in result.score_histories:
        for seat in seats:
            paths.plot(range(len(history)), [scores[seat] for scores in history],
                       color=colours[seat % len(colours)], alpha=0.35, linewidth=1)
    for seat in seats:
        paths.plot([], [], color=colours[seat % len(colours)], label=labels[seat].replace("\n", " "))
    paths.axhline(limit, color="black", linestyle="--", linewidth=1, label=f"{limit}: off the castle")
    paths.xaxis.get_major_locator().set_params(integer=True)
    paths.set_xlabel("rounds played")
    paths.set_ylabel("score")
    paths.set_title(f"score trajectories of {len(result.score_histories)} games")
    paths.legend(loc="upper left", fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)
