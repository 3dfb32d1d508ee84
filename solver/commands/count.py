"""`schinderhannes count`: the exact number of solutions of a puzzle, or of the complete
assignments that agree with a game state's board."""

from __future__ import annotations

from typing import Any

import click

from solver.commands.options import board_option, deck_option, echo_json, json_option, load_board_warned


@click.command()
@click.argument("puzzle_file", metavar="PUZZLE_OR_STATE", type=click.Path(dir_okay=False))
@deck_option
@board_option
@json_option
def count(puzzle_file: str, deck_file: str | None, board_file: str | None, as_json: bool) -> None:
    """Count exactly the complete assignments that agree with PUZZLE_OR_STATE.

    PUZZLE is a file or a bundled puzzle's name (`schinderhannes puzzles` lists them).
    A puzzle file: every delict -> location bijection that satisfies all its clues.
    A game state file (it has `players:`): every assignment that agrees with the
    markers and tiles on the board. 16! = 20,922,789,888,000 for no clues at all.
    """
    document = count_document(puzzle_file, deck_file, board_file)
    if as_json:
        echo_json(document)
    else:
        number = document["count"]
        what = "assignment" if is_state_file(puzzle_file) else "solution"
        agree = "" if what == "solution" else " agrees with the board" if number == 1 else " agree with the board"
        click.echo(f"{number:,} {what}{'' if number == 1 else 's'}{agree} ({number})")


def count_document(path: str, deck_file: str | None = None, board_file: str | None = None) -> dict[str, Any]:
    """The one place that tells a game state from a puzzle and counts either: a state file's
    document is the served one (with the state's version)."""
    if is_state_file(path):
        from solver.documents.table import count_document as state_count
        from solver.table.store import StateFile

        return state_count(StateFile(path).read())
    return {"count": count_puzzle_file(path, deck_file, board_file)}


def is_state_file(path: str) -> bool:
    from solver.core.yamlio import load_yaml
    from solver.solo.puzzle import puzzle_path

    data = load_yaml(puzzle_path(path))  # a bundled puzzle's name is a puzzle
    return isinstance(data, dict) and "players" in data


def count_puzzle_file(path: str, deck_file: str | None = None, board_file: str | None = None) -> int:
    from solver.core.deck import load_deck
    from solver.counting import count_clues
    from solver.solo.puzzle import load_puzzle

    board = load_board_warned(board_file)
    puzzle = load_puzzle(path, load_deck(deck_file) if deck_file else None)
    return count_clues([entry.clue for entry in puzzle.clues], board)


