"""`schinderhannes hint`: only the next step of the explanation."""

from __future__ import annotations

import click

from solver.commands.options import (
    board_option,
    deck_option,
    echo_json,
    json_option,
    load_board_warned,
    parse_placements,
)


@click.command()
@click.argument("puzzle_file", type=click.Path(dir_okay=False))
@deck_option
@board_option
@click.option("--step", type=click.IntRange(min=1), default=1, show_default=True,
              help="Which step of the explanation to show (2: the one after the first hint, ...).")
@click.option("--known", multiple=True, metavar="LOCATION=DELICT",
              help="What you have found so far; the hint starts from there. Repeat for more.")
@json_option
def hint(puzzle_file: str, deck_file: str | None, board_file: str | None, step: int, known: tuple[str, ...],
         as_json: bool) -> int:
    """The easiest next deduction for PUZZLE_FILE, with the cards it uses and why.

    Ask for --step 2, 3, ... as you go, or say what you have found with --known
    (e.g. --known Kirn=murder) and get the next step from there. A placement the
    cards rule out is named (without giving the answer away).
    """
    from solver.core.deck import load_deck
    from solver.solo.hints import deduction_document, hint_from_known
    from solver.solo.puzzle import load_puzzle

    board = load_board_warned(board_file)
    puzzle = load_puzzle(puzzle_file, load_deck(deck_file) if deck_file else None)
    placements = parse_placements(known, "--known")
    found = hint_from_known(puzzle, board, placements, step)
    if found.wrong is not None:
        return _report_wrong(placements, found.wrong, as_json)
    if as_json:
        echo_json(None if found.step is None else {"step": step, **deduction_document(found.step)})
        return 0 if found.step else 1
    if found.step is None:
        click.echo(f"No step {step}: the human-style techniques stop earlier (see `schinderhannes solve --explain`).")
        return 1
    click.echo(f"step {step} [{found.step.technique}] {found.step.reason}")
    for line in found.step.chain:
        click.echo(f"    {line}")
    return 0


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

