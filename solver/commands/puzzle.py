"""`schinderhannes describe`: load a puzzle file and show its clues as sentences."""

from __future__ import annotations

import click

from solver.commands.options import deck_option, echo_json, json_option


@click.command()
@click.argument("puzzle_file", type=click.Path(dir_okay=False))
@deck_option
@json_option
def describe(puzzle_file: str, deck_file: str | None, as_json: bool) -> None:
    """Load PUZZLE_FILE and describe it: each clue as a sentence, and the given solution."""
    from solver.core.deck import load_deck
    from solver.solo.puzzle import load_puzzle

    deck = load_deck(deck_file) if deck_file else None
    puzzle = load_puzzle(puzzle_file, deck)
    if as_json:
        echo_json({
            "title": puzzle.title,
            "clues": [{"label": entry.label, **entry.clue.to_dict(), "sentence": entry.clue.sentence()}
                      for entry in puzzle.clues],
            "solution": puzzle.solution,
        })
        return
    click.echo(puzzle.title or puzzle.source)
    click.echo(f"{len(puzzle.clues)} clues:")
    for entry in puzzle.clues:
        click.echo(f"  {entry.label:>8}: {entry.clue.sentence()}")
    if puzzle.solution:
        click.echo(f"solution given for {len(puzzle.solution)} of 16 locations")
