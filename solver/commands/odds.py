"""`schinderhannes odds`: per location and delict, the exact share of the solutions that put it there."""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

from solver.commands.options import board_option, deck_option, echo_json, json_option, load_board_warned
from solver.core import names

if TYPE_CHECKING:
    from solver.counting.odds import Odds
    from solver.table.store import Snapshot

# Column heads: the first four letters, but for the two that would both be "robb".
SHORT: dict[str, str] = {delict: delict[:4] for delict in names.DELICTS} | {"robbers' ball": "ball"}
CELL = 4  # "99.9", "100", "<0.1", "-"
GROUP_GAP = "  "


@click.command()
@click.argument("path", metavar="STATE_OR_PUZZLE", type=click.Path(dir_okay=False))
@deck_option
@board_option
@json_option
def odds(path: str, deck_file: str | None, board_file: str | None, as_json: bool) -> int:
    """Exact odds of each delict at each location of STATE_OR_PUZZLE.

    PUZZLE is a file or a bundled puzzle's name (`schinderhannes puzzles` lists them).
    Of all the complete assignments that agree with the file, the share that puts the
    delict there, counted exactly (no sampling). A puzzle file: the solutions of its clues.
    A game state file (it has `players:`): the assignments that agree with the markers and
    tiles on the board. The table shows percent (- impossible, 100 certain); --json gives
    every count and probability. Exit code 1 when nothing agrees (a contradiction).
    """
    from solver.documents.solo import odds_document as puzzle_odds_document
    from solver.documents.table import odds_document

    found, snapshot = odds_file(path, deck_file, board_file)
    if as_json:  # a state file's document is the served one, with the state's version
        echo_json(odds_document(snapshot, found) if snapshot is not None else puzzle_odds_document(found))
    if not found.total:
        click.echo(f"no solution: nothing agrees with {path}, so there are no odds", err=True)
        return 1
    if not as_json:
        click.echo(odds_table(found, board_state=snapshot is not None))
    return 0


def odds_file(path: str, deck_file: str | None = None,
              board_file: str | None = None) -> tuple[Odds, Snapshot | None]:
    """The Odds of a game state (with its snapshot) or a puzzle file (told apart as `count` does)."""
    from solver.commands.count import is_state_file

    if is_state_file(path):
        from solver.documents.table import state_odds
        from solver.table.store import StateFile

        snapshot = StateFile(path).read()
        return state_odds(snapshot.state), snapshot
    from solver.core.deck import load_deck
    from solver.counting.odds import odds_of_clues
    from solver.solo.puzzle import load_puzzle

    board = load_board_warned(board_file)
    puzzle = load_puzzle(path, load_deck(deck_file) if deck_file else None)
    return odds_of_clues([entry.clue for entry in puzzle.clues], board), None


def odds_table(found: Odds, board_state: bool = False) -> str:
    """Locations as rows by district, delicts as columns by group, percent with one decimal; a game
    state's total is of the complete assignments that agree with its board, a puzzle's of its
    solutions."""
    label = max(len(location) for location in names.LOCATIONS)
    span = len(names.GROUPS[next(iter(names.GROUPS))]) * (CELL + 1)
    plural = "" if found.total == 1 else "s"
    counted = (f"assignment{plural} agree{'s' if found.total == 1 else ''} with the board" if board_state
               else f"solution{plural}")
    lines = [
        f"{found.total:,} {counted}; percent of them with the delict (column) at the location (row):",
        "",
        " " * label + GROUP_GAP.join(_fit(group, span) for group in names.GROUPS).rstrip(),
        " " * label + GROUP_GAP.join(
            "".join(f" {SHORT[delict]:>{CELL}}" for delict in delicts) for delicts in names.GROUPS.values()
        ),
    ]
    for district, locations in names.DISTRICTS.items():
        lines.append(f"{district} {names.DISTRICT_NAMES[district]}")
        for location in locations:
            cells = GROUP_GAP.join(
                "".join(f" {_percent(found.count(delict, location), found.total):>{CELL}}" for delict in delicts)
                for delicts in names.GROUPS.values()
            )
            lines.append(f"{location:<{label}}{cells}")
    lines += ["", "- impossible, 100 certain, <0.1 possible but below 0.05%."]
    lines += _legend([f"{SHORT[delict]} {delict}" for delict in names.DELICTS])
    return "\n".join(lines)


def _percent(count: int, total: int) -> str:
    if count == 0:
        return "-"
    if count == total:
        return "100"
    tenths = (count * 1000 + total // 2) // total  # percent to one decimal, rounded half up, exactly
    if tenths == 0:
        return "<0.1"
    return f"{min(tenths, 999) / 10:.1f}"  # short of certain stays below 100


def _fit(text: str, width: int) -> str:
    text = f" {text}"
    return text.ljust(width) if len(text) <= width else text[:width - 1] + "…"


def _legend(entries: list[str], width: int = 100) -> list[str]:
    """The column heads spelled out, broken between entries."""
    lines = ["Columns:"]
    for index, entry in enumerate(entries):
        entry += "." if index == len(entries) - 1 else ","
        if len(lines[-1]) + 1 + len(entry) > width:
            lines.append(" " * len("Columns:"))
        lines[-1] += " " + entry
    return lines
