"""`schinderhannes scandaroon ...`: deck, simulate, play. Parses, calls, prints."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

import click

if TYPE_CHECKING:
    from solver.cardgames.scandaroon.deck import Deck


def _load_deck(deck_path: str | None, symbols_path: str | None) -> Deck:
    from solver.cardgames.scandaroon.deck import load_deck

    return load_deck(deck_path, symbols_path)


def _bot_names(spec: str, players: int) -> list[str]:
    from solver.cardgames.scandaroon.bots import BOTS
    from solver.core.errors import BadInput, suggest

    names = [n.strip().lower() for n in spec.split(",") if n.strip()]
    if not names:
        raise BadInput("--bots needs at least one bot name, e.g. --bots greedy,random")
    for name in names:
        if name not in BOTS:
            raise BadInput(f"unknown bot {name!r} in --bots; {suggest(name, list(BOTS))}")
    return [names[i % len(names)] for i in range(players)]


@click.group()
def scandaroon() -> None:
    """Scandaroon card game engine: deck, simulate bots, play against bots."""


deck_option = click.option("--deck", "deck_path", type=click.Path(dir_okay=False),
                           help="A deck YAML file (default: the bundled reconstructed deck).")
symbols_option = click.option("--symbols", "symbols_path", type=click.Path(dir_okay=False),
                              help="A symbols YAML file (default: the bundled reading).")


@scandaroon.command()
@deck_option
@symbols_option
@click.option("--json", "as_json", is_flag=True, help="Print one JSON document.")
def deck(deck_path: str | None, symbols_path: str | None, as_json: bool) -> None:
    """Validate and list the deck (the bundled one is a reconstruction)."""
    cards = _load_deck(deck_path, symbols_path)
    if as_json:
        click.echo(json.dumps(cards.to_data(), indent=1))
        return
    click.echo(f"{cards.title or 'deck'}: {len(cards)} cards, provenance: {cards.provenance}")
    click.echo(f"source: {cards.source}")
    click.echo("symbols: " + ", ".join(
        f"{s.name} (stone: {s.action_stone}{', no trump follows' if s.no_trump_follows else ''})"
        for s in cards.symbols.symbols))
    for card in cards.cards:
        click.echo(f"{card.id:>3} {card.describe()}")


@scandaroon.command()
@click.option("--games", default=200, show_default=True, type=click.IntRange(1))
@click.option("--players", default=4, show_default=True, type=click.IntRange(3, 4))
@click.option("--bots", "bots_spec", default="greedy,random", show_default=True,
              help="Bot names per seat, comma-separated, repeated to fill the seats "
                   "(random, greedy, search).")
@click.option("--seed", default=0, show_default=True, type=int)
@click.option("--jobs", default=1, show_default=True, type=click.IntRange(1))
@click.option("--rotate/--no-rotate", default=False, show_default=True,
              help="Play every deal once per seat, the bots moved one seat each time "
                   "(GAMES rounded up to a multiple of the players).")
@click.option("--progress/--no-progress", default=True, show_default=True,
              help="Progress bar on stderr.")
@deck_option
@symbols_option
@click.option("--json", "as_json", is_flag=True, help="Print one JSON document.")
def simulate(games: int, players: int, bots_spec: str, seed: int, jobs: int, rotate: bool,
             progress: bool, deck_path: str | None, symbols_path: str | None,
             as_json: bool) -> None:
    """Play GAMES bot games and report win rates with 95% Wilson intervals, by seat and by
    bot, and each bot's rating (openskill) with its 95% interval."""
    from functools import partial

    from solver.cardgames.scandaroon.actions import seat_name
    from solver.cardgames.scandaroon.game import ScandaroonGame
    from solver.cardgames.scandaroon.runner import make_bots
    from solver.cardgames.simulate import simulate as run

    names = _bot_names(bots_spec, players)
    cards = _load_deck(deck_path, symbols_path)
    from solver.commands.options import echo_bot_lines, games_bar, say_capped_jobs, stop_if_interrupted

    say_capped_jobs(jobs, games)
    with games_bar(games, progress) as on_games:
        result = run(ScandaroonGame(cards, players, keep_log=False), partial(make_bots, tuple(names)), games,
                     seed=seed, jobs=jobs, on_games=on_games, rotate=rotate)
    summary = result.to_dict()
    if as_json:
        click.echo(json.dumps({**summary, "game": "scandaroon", "players": players, "seed": seed,
                               "deck": cards.source, "deck_provenance": cards.provenance}))
    else:
        click.echo(f"{result.games} games, {players} players, seed {seed}, deck: {cards.provenance}")
        for seat in summary["seats"]:
            low, high = seat["ci95"]
            click.echo(f"  {seat_name(seat['seat'])} {seat['bot'] or 'rotating':<8} wins {seat['wins']:>5}  "
                       f"win rate {seat['win_rate']:.3f}  95% CI [{low:.3f}, {high:.3f}]")
        click.echo(f"  draws (no single winner): {summary['no_winner']}")
        echo_bot_lines(summary["by_bot"])
    stop_if_interrupted(result, games)


@scandaroon.command()
@click.option("--players", default=3, show_default=True, type=click.IntRange(3, 4))
@click.option("--seat", default=1, show_default=True, type=int,
              help="Your place at the table, 1 to the number of players (you are P1 by default).")
@click.option("--bots", "bots_spec", default="greedy", show_default=True,
              help="Bots for the other seats (random, greedy, search), comma-separated.")
@click.option("--seed", default=None, type=int, help="Seed for the deal and the bots.")
@deck_option
@symbols_option
def play(players: int, seat: int, bots_spec: str, seed: int | None, deck_path: str | None,
         symbols_path: str | None) -> None:
    """Play against bots in the terminal. Type a key from the menu (a letter for the kind
    of action and the card's number in the deck: p29 plays the Sultan, s29 discards it
    for the action stone, 0 passes) or the action in words, such as 'play Sultan',
    'play Pirate to P2', 'use Night Thief', 'stone Emir', 'pass'; 'help' shows the menu
    again, 'cards' the hand in full, 'quit' (or Ctrl-D) leaves the game."""
    import random

    from solver.cardgames.scandaroon.game import ScandaroonGame
    from solver.cardgames.scandaroon.play import run_play
    from solver.cardgames.scandaroon.runner import make_bots
    from solver.cardgames.terminal import read_line
    from solver.core.errors import BadInput

    if not 1 <= seat <= players:
        raise BadInput(f"--seat {seat}: with {players} players the places are 1 to {players}")
    rng = random.Random(seed)
    cards = _load_deck(deck_path, symbols_path)
    names = _bot_names(bots_spec, players)
    bots = list(make_bots(tuple(names), rng.randrange(2**31)))
    state = ScandaroonGame(cards, players).new_initial_state()

    run_play(state, seat - 1, bots, rng, read_line, click.echo)
