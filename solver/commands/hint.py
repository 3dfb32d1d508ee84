"""`schinderhannes hint`: only the next deduction, the same hints the solo page gives."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import click

from solver.commands.options import (
    board_option,
    deck_option,
    echo_json,
    json_option,
    load_board_warned,
    parse_placements,
)

if TYPE_CHECKING:
    from solver.solo.hints import Ruling


@click.command()
@click.argument("puzzle_file", metavar="PUZZLE", type=click.Path(dir_okay=False))
@deck_option
@board_option
@click.option("--step", type=click.IntRange(min=1), default=1, show_default=True,
              help="Which step to show (2: the one after the first hint, ...), from --known if given.")
@click.option("--known", multiple=True, metavar="LOCATION=DELICT",
              help="What you have found so far; the hint starts from there. Repeat for more.")
@json_option
def hint(puzzle_file: str, deck_file: str | None, board_file: str | None, step: int, known: tuple[str, ...],
         as_json: bool) -> int:
    """The easiest next deduction for PUZZLE (a file or a bundled puzzle's name), with the cards it uses and why.

    A hint narrows something beyond what a card says on its own (reading a card is
    not a hint). Ask for --step 2, 3, ... as you go, or say what you have found with
    --known (e.g. --known Kirn=murder) and get the next step from there. A placement
    the cards rule out is named (without giving the answer away). Past the last step
    it says in how many steps the puzzle is solved (exit code 1).
    """
    from solver.core.deck import load_deck
    from solver.documents.solo import hint_document
    from solver.solo.hints import hint_from_known
    from solver.solo.puzzle import load_puzzle

    board = load_board_warned(board_file)
    puzzle = load_puzzle(puzzle_file, load_deck(deck_file) if deck_file else None)
    placements = parse_placements(known, "--known")
    found = hint_from_known(puzzle, board, placements, step)
    if found.wrong is not None:
        return _report_wrong(placements, found.wrong, as_json)
    if found.step is None:
        if as_json:
            echo_json({"step": None, "status": found.status, "steps": found.steps})
        else:
            click.echo(_ending(found.status, found.steps, step, bool(placements)))
        return 1
    assert found.hint is not None
    if as_json:
        echo_json({"step": step, **hint_document(found.hint, puzzle)})
        return 0
    click.echo(f"step {step} [{found.step.technique}] {found.step.reason}")
    for line in found.step.chain:
        click.echo(f"    {line}")
    for line in ruled_out_lines(found.hint.ruled_out):
        click.echo(f"  {line}")
    if found.hint.cards:
        click.echo(f"  uses {', '.join(found.hint.cards)}")
    return 0


def ruled_out_lines(rulings: Sequence[Ruling]) -> list[str]:
    """What rules out each cell the step takes as ruled out, a line per cause: each card (or set of
    cards), the placed delicts, the earlier steps. A cell is named by what varies (the places of one
    delict, the delicts of one place, else both)."""
    name = _cell_namer(rulings)
    by_cards: dict[tuple[str, ...], list[str]] = {}
    placed: list[str] = []
    before: list[str] = []
    for ruling in rulings:
        if ruling.by == "card":
            by_cards.setdefault(ruling.cards, []).append(name(ruling))
        elif ruling.by == "placed" and ruling.placed:
            placed.append(f"the {ruling.placed[1]} in {ruling.placed[0]}")
        else:
            before.append(name(ruling))
    lines = [f"ruled out by {' and '.join(cards)}: {', '.join(cells)}" for cards, cells in by_cards.items()]
    if placed:
        lines.append(f"ruled out by what is placed: {', '.join(dict.fromkeys(placed))}")
    if before:
        lines.append(f"ruled out before this step: {', '.join(before)}")
    return lines


def _cell_namer(rulings: Sequence[Ruling]) -> Callable[[Ruling], str]:
    if len({ruling.delict for ruling in rulings}) == 1:
        return lambda ruling: ruling.location
    if len({ruling.location for ruling in rulings}) == 1:
        return lambda ruling: f"the {ruling.delict}"
    return lambda ruling: f"the {ruling.delict} in {ruling.location}"


def _ending(status: str, steps: int, asked: int, known: bool) -> str:
    """What `hint` says past the last step: solved in N steps, or where the techniques stop."""
    counted = f"{steps} step{'' if steps == 1 else 's'}"
    start = " from what you know" if known else ""
    if status == "solved":
        return (f"solved in {counted}{start}: there is no step {asked}." if steps else
                "solved: every delict has its place already.")
    return (f"no step {asked}: the human-style techniques stop after {counted}{start}; only a search decides "
            "the rest (`schinderhannes solve --explain`).")


def _report_wrong(placements: dict[str, str], wrong: list[str], as_json: bool) -> int:
    """Placements no solution has: each one that fails alone, else the set as a whole."""
    if as_json:
        echo_json({"consistent": False,  # "wrong": [] when the placements fail only together
                   "wrong": [{"location": loc, "delict": placements[loc]} for loc in wrong]})
        return 1
    if wrong:
        for location in wrong:
            click.echo(f"{location} = {placements[location]} cannot be right: no solution of the cards has it.")
    else:
        click.echo("Each of your placements could be right, but not all of them together.")
    return 1

