"""`schinderhannes describe` (a puzzle's clues as sentences) and `schinderhannes puzzles` (the bundled ones)."""

from __future__ import annotations

import click

from solver.commands.options import deck_option, echo_json, json_option


@click.command()
@click.argument("puzzle_file", metavar="PUZZLE", type=click.Path(dir_okay=False))
@deck_option
@json_option
def describe(puzzle_file: str, deck_file: str | None, as_json: bool) -> None:
    """Load PUZZLE (a file or a bundled puzzle's name) and describe it: each clue as a sentence."""
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


@click.command(short_help="The bundled puzzles: name, difficulty, clues.")
@json_option
def puzzles(as_json: bool) -> None:
    """The bundled puzzles, by name: tutorials, then by difficulty, the box's four last.

    Any command that takes PUZZLE takes one of these names (any case, `-` or `_`),
    e.g. `schinderhannes solve box-4` or `schinderhannes print easy-2 -o easy-2.pdf`.
    """
    rows = bundled_listing()
    if as_json:
        echo_json(rows)
        return
    width = max(len(str(row["name"])) for row in rows)
    click.echo(f"{'name':<{width}}  {'difficulty':<10}  clues  title")
    for row in rows:
        click.echo(f"{row['name']:<{width}}  {row['difficulty']:<10}  {row['clues']:>5}  {row['title']}")


def bundled_listing() -> list[dict[str, object]]:
    """Name, title, difficulty (the file's, else the technique ladder's grade) and number of clues."""
    from solver.core.board import load_board
    from solver.solo.explain import explain_puzzle
    from solver.solo.puzzle import bundled_puzzles, load_puzzle

    board = load_board(None)
    rows: list[dict[str, object]] = []
    for name, path in bundled_puzzles().items():
        puzzle = load_puzzle(path)
        difficulty = puzzle.extra.get("difficulty") or explain_puzzle(puzzle, board).difficulty or "beyond the ladder"
        rows.append({"name": name, "title": puzzle.title or name, "difficulty": str(difficulty),
                     "clues": len(puzzle.clues), "file": str(path)})
    return rows
