"""`schinderhannes schadenfreude ...`: parse, call the engine, print.

Heavy imports (matplotlib, textual, the bots) happen inside the commands."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

import click

from solver.cardgames.schadenfreude.cards import (
    NOTATIONS,
    RANK_VALUES,
    STANDARD,
    TAROT,
    THREE_PLAYER_REMOVED_VALUES,
    deck_for,
)
from solver.core.errors import BadInput

if TYPE_CHECKING:
    from solver.cardgames.schadenfreude.cards import Notation


@click.group()
def schadenfreude() -> None:
    """Schadenfreude: the trick game where the second-highest card wins."""


def parse_trick(texts: tuple[str, ...], deck_name: str) -> tuple[Notation, list[int]]:
    """Cards in playing order; the deck is the one for len(texts) players."""
    if not 3 <= len(texts) <= 5:
        raise BadInput(
            f"a trick has one card per player, 3 to 5 cards, not {len(texts)}; "
            "e.g. `schadenfreude trick r4 r7 J10 g8`"
        )
    if deck_name == "auto":
        notation = STANDARD
        try:
            STANDARD.parse(texts[0])
        except BadInput:
            try:
                TAROT.parse(texts[0])
                notation = TAROT
            except BadInput:
                pass
    else:
        notation = NOTATIONS[deck_name]
    cards = [notation.parse(text) for text in texts]
    seen: set[int] = set()
    for text, card in zip(texts, cards, strict=True):
        if card in seen:
            raise BadInput(f"{text} appears twice; every card is in the deck once")
        seen.add(card)
    deck = deck_for(len(cards), notation)
    for text, card in zip(texts, cards, strict=True):
        if card not in deck.cards:
            removed = [notation.ranks[RANK_VALUES.index(v)] for v in THREE_PLAYER_REMOVED_VALUES]
            raise BadInput(
                f"{text} is not in the {len(cards)}-player deck (3 players play without the "
                f"{removed[0]}, {removed[1]} and {removed[2]} of each suit)"
            )
    return notation, cards


@schadenfreude.command()
@click.argument("cards", nargs=-1, required=True)
@click.option("--deck", "deck_name", type=click.Choice(["auto", *NOTATIONS]), default="auto",
              show_default=True, help="card notation (auto: standard, else tarot)")
@click.option("--json", "as_json", is_flag=True, help="print one JSON document")
def trick(cards: tuple[str, ...], deck_name: str, as_json: bool) -> None:
    """Who wins a trick: CARDS in playing order, the first is the lead.

    Example: schinderhannes schadenfreude trick r4 r7 J10 g8
    """
    from solver.cardgames.schadenfreude import trick as rules

    notation, played = parse_trick(cards, deck_name)
    winner = rules.trick_winner(played)
    taken = rules.taken_cards(played, winner)
    suit = rules.lead_suit(played)
    assert suit is not None  # trick_winner needs a suited card; parse_trick allows one of each Jester
    winning_card = notation.card_name(played[winner])
    taken_names = [notation.card_name(card) for card in taken]
    lead_suit = notation.suit_name(suit)
    discarded = [notation.card_name(card) for card in played if card not in taken]
    if as_json:
        click.echo(json.dumps({"winner": winner, "winning_card": winning_card, "taken": taken_names,
                               "lead_suit": lead_suit, "discarded": discarded}))
        return
    label = notation.label
    click.echo(f"lead suit {lead_suit}; card {winner + 1} ({label(played[winner])}) wins the trick")
    click.echo(f"takes: {', '.join(label(card) for card in taken)}")
    click.echo(f"discarded: {', '.join(label(card) for card in played if card not in taken) or '-'}")


@schadenfreude.command()
@click.option("--players", type=click.IntRange(3, 5), default=4, show_default=True)
@click.option("--games", type=click.IntRange(1), default=1000, show_default=True)
@click.option("--bots", "bot_names", multiple=True, default=["random"], show_default=True,
              help="random, heuristic, mc or mc-infer: one for every seat, or one per seat "
                   "(comma-separated or repeated)")
@click.option("--jobs", type=click.IntRange(1), default=1, show_default=True,
              help="worker processes (cores)")
@click.option("--seed", type=int, default=0, show_default=True)
@click.option("--rotate/--no-rotate", default=False, show_default=True,
              help="play every deal once per seat, the bots moved one seat each time "
                   "(GAMES rounded up to a multiple of the players)")
@click.option("--plot", type=click.Path(dir_okay=False), default=None,
              help="write win rates and score trajectories to this PNG")
@click.option("--progress/--no-progress", default=True, show_default=True)
@click.option("--json", "as_json", is_flag=True, help="print one JSON document")
def simulate(players: int, games: int, bot_names: tuple[str, ...], jobs: int, seed: int,
             rotate: bool, plot: str | None, progress: bool, as_json: bool) -> None:
    """Play GAMES games between bots; win rates with Wilson 95% intervals by seat and by
    bot, and each bot's rating (openskill) with its 95% interval."""
    from solver.cardgames.schadenfreude.bots import bots_factory, parse_bot_names
    from solver.cardgames.schadenfreude.game import SchadenfreudeGame
    from solver.cardgames.simulate import simulate as run

    names = parse_bot_names(list(bot_names), players)
    if plot and not plot.lower().endswith(".png"):
        raise BadInput(f"--plot {plot}: the plot is a PNG file; name it FILE.png")
    from solver.commands.options import echo_bot_lines, games_bar, say_capped_jobs, stop_if_interrupted

    say_capped_jobs(jobs, games)
    with games_bar(games, progress) as on_games:
        result = run(SchadenfreudeGame(players), bots_factory(names), games, seed=seed,
                     jobs=jobs, on_games=on_games, keep_histories=20 if plot else 0,
                     rotate=rotate)
    summary = result.to_dict()
    document: dict[str, object] = {**summary, "players": players, "seed": seed, "bots": names}
    if plot:
        from solver.cardgames.schadenfreude.plot import plot_simulation

        plot_simulation(result, plot)
        document["plot"] = plot
    if as_json:
        click.echo(json.dumps(document))
        stop_if_interrupted(result, games)
        return
    click.echo(f"{result.games} games, {players} players, seed {seed}")
    click.echo(f"{'player':>6}  {'bot':10} {'wins':>6} {'rate':>7}  95% CI")
    for seat in summary["seats"]:
        low, high = seat["ci95"]
        click.echo(f"{seat['seat'] + 1:>6}  {seat['bot'] or 'rotating':10} {seat['wins']:>6} "
                   f"{seat['win_rate']:>7.3f}  [{low:.3f}, {high:.3f}]")
    echo_bot_lines(summary["by_bot"])
    rounds = summary["rounds"]
    click.echo(f"no winner: {result.no_winner}")
    click.echo(f"rounds per game: mean {rounds['mean']}, min {rounds['min']}, "
               f"max {rounds['max']}")
    if plot:
        click.echo(f"plot: {plot}")
    stop_if_interrupted(result, games)


@schadenfreude.command()
@click.option("--players", type=click.IntRange(3, 5), default=4, show_default=True)
@click.option("--bots", "bot_name", type=click.Choice(["random", "heuristic", "mc"]),
              default="heuristic", show_default=True, help="the opponents")
@click.option("--seat", type=int, default=1, show_default=True,
              help="your place at the table, 1 to the number of players")
@click.option("--seed", type=int, default=None, help="fix the shuffles and the bots")
@click.option("--deck", "deck_name", type=click.Choice(list(NOTATIONS)), default="standard",
              show_default=True)
def play(players: int, bot_name: str, seat: int, seed: int | None, deck_name: str) -> None:
    """Play against bots in the terminal: type a card (e.g. r7) to play it; 'quit' (or
    Ctrl-D) leaves the game."""
    from solver.cardgames.schadenfreude.play import play_game
    from solver.cardgames.terminal import read_line

    if not 1 <= seat <= players:
        raise BadInput(f"--seat {seat}: with {players} players the places are 1 to {players}")
    play_game(players, seat - 1, bot_name, seed=seed, notation=deck_name,
              read=read_line, write=click.echo)


@schadenfreude.command()
@click.option("--players", type=click.IntRange(3, 5), default=4, show_default=True)
@click.option("--deck", "deck_name", type=click.Choice(list(NOTATIONS)), default="standard",
              show_default=True, help="value labels (tarot: K Q J A 2-9 Fool X)")
def applet(players: int, deck_name: str) -> None:
    """The scoring applet: score piles with cancelling pairs and the score track."""
    from solver.cardgames.schadenfreude.applet import ScoringApplet

    ScoringApplet(players=players, notation=deck_name).run()

