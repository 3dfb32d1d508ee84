"""`schinderhannes simulate`: many whole games of Schinderhannes between bots, dealt from the deck."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import click

from solver.commands.options import echo_json, json_option
from solver.core.errors import BadInput

if TYPE_CHECKING:
    from solver.game.simulate import GameRecord, Summary

NAMES = ("Anna", "Ben", "Carl", "Dora")


@click.command()
@click.option("--players", type=click.IntRange(2, 4), default=4, show_default=True)
@click.option("--bots", "bot_names", multiple=True, default=["greedy"], show_default=True,
              help="random, greedy or search: one for every seat, or one per seat (comma-separated or repeated)")
@click.option("--games", type=click.IntRange(1), default=100, show_default=True)
@click.option("--seed", type=int, default=0, show_default=True, help="the run's seed: game i has its own from it")
@click.option("--jobs", type=click.IntRange(0), default=1, show_default=True,
              help="worker processes (0: one per core)")
@click.option("--backend", type=click.Choice(["local", "ray"]), default="local", show_default=True,
              help="play on local worker processes or on Ray")
@click.option("--ray-address", default=None, help="a Ray cluster to use (default: start Ray locally)")
@click.option("--save-games", "save_dir", type=click.Path(file_okay=False), default=None,
              help="write each finished game's state file into this folder (game-SEED.yaml)")
@click.option("--plot", type=click.Path(dir_okay=False), default=None,
              help="write a figure of the results to this PNG")
@click.option("--progress/--no-progress", default=True, show_default=True)
@json_option
def simulate(players: int, bot_names: tuple[str, ...], games: int, seed: int, jobs: int, backend: str,
             ray_address: str | None, save_dir: str | None, plot: str | None, progress: bool, as_json: bool) -> None:
    """Play GAMES whole games between bots: win rates by seat and by bot with Wilson 95% intervals,
    scores, game length in turns, how games end, rule 11 removals, STOPs and passes."""
    from solver.commands.options import games_bar
    from solver.game.bots import BOTS
    from solver.game.simulate import simulate as run

    names = _bots(bot_names, players, tuple(BOTS))
    if plot:
        _check_plot(plot)
    folder = Path(save_dir) if save_dir else None
    if folder is not None:
        folder.mkdir(parents=True, exist_ok=True)

    with games_bar(games, progress and not as_json) as bar:
        def finished(batch: list[GameRecord]) -> None:
            bar(len(batch))
            for found in batch:
                if folder is not None and found.state_file is not None:
                    _save(folder / f"game-{found.seed}.yaml", found.state_file)

        summary = run(NAMES[:players], names, games, seed=seed, jobs=jobs, keep_files=folder is not None,
                      on_games=finished, backend=backend, ray_address=ray_address)
    document = summary.to_dict()
    if plot and summary.games:
        _plot(summary, plot)
        document["plot"] = plot
    elif plot:
        click.echo(f"no plot written to {plot}: no game was finished", err=True)
    if as_json:
        echo_json(document)
    else:
        _print(document)
    if summary.interrupted:
        click.echo(f"interrupted: {summary.games} of {games} games were played", err=True)
        raise KeyboardInterrupt


def _bots(given: tuple[str, ...], players: int, known: tuple[str, ...]) -> list[str]:
    """One bot name per seat, from --bots (one for every seat, or one per seat)."""
    names = [name.strip() for text in given for name in text.split(",") if name.strip()]
    if len(names) == 1:
        names *= players
    if len(names) != players or any(name not in known for name in names):
        raise BadInput(f"--bots: one of {', '.join(known)} for every seat, or one per seat ({players}), "
                       f"not {', '.join(names)}")
    return names


def _check_plot(plot: str) -> None:
    """Refuse a plot that cannot be written before any game is played."""
    if not plot.lower().endswith(".png"):
        raise BadInput(f"--plot {plot}: the plot is a PNG file; name it FILE.png")
    if not Path(plot).resolve().parent.is_dir():
        raise BadInput(f"--plot {plot}: its folder does not exist; check the path")


def _plot(summary: Summary, plot: str) -> None:
    from solver.game.plot import plot_simulation

    try:
        plot_simulation(summary, plot)
    except OSError as error:
        raise BadInput(f"--plot {plot}: cannot write it ({error.strerror or error})") from None


def _save(path: Path, text: str) -> None:
    from solver.core.yamlio import save_atomic

    save_atomic(path, text, keep_previous=False)


def _print(document: dict) -> None:
    reconstructed = " (the reconstructed deck)" if document["reconstructed_deck"] else ""
    click.echo(f"{document['games']} games, {len(document['players'])} players, seed {document['seed']}{reconstructed}")
    click.echo(f"{'seat':>4}  {'bot':8} {'wins':>6} {'rate':>7}  95% CI           score mean (sd)")
    for seat in document["seats"]:
        low, high = seat["ci95"]
        click.echo(f"{seat['seat']:>4}  {seat['bot']:8} {seat['wins']:>6} {seat['win_rate']:>7.3f}  "
                   f"[{low:.3f}, {high:.3f}]   {seat['score_mean']:.1f} ({seat['score_stdev']:.1f})")
    for bot in document["by_bot"]:
        low, high = bot["ci95"]
        click.echo(f"bot {bot['bot']}: {bot['win_rate']:.3f} [{low:.3f}, {high:.3f}] over {bot['seats']} seats")
    turns = document["turns"]
    click.echo(f"turns per game: mean {turns['mean']:.1f}, min {turns['min']}, max {turns['max']}")
    endings = ", ".join(f"{reason}: {count}" for reason, count in document["endings"].items())
    click.echo(f"endings: {endings}")
    click.echo(f"cards taken off the piles (rule 11): {document['taken_out_rule_11']}; STOPs: {document['stops']} "
               f"for {document['stop_points']} points; passes: {document['passes']}")
    if "plot" in document:
        click.echo(f"plot: {document['plot']}")
