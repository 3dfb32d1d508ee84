"""`schinderhannes hint`: only the next step of the explanation."""

from __future__ import annotations

import click

from solver.commands.options import board_option, deck_option, echo_json, json_option, load_board_warned


@click.command()
@click.argument("puzzle_file", type=click.Path(dir_okay=False))
@deck_option
@board_option
@json_option
def hint(puzzle_file: str, deck_file: str | None, board_file: str | None, as_json: bool) -> int:
    """The easiest next deduction for PUZZLE_FILE, with the cards it uses and why.

    Write what you have found so far into the file (e.g. as `not` clues) to get the
    step after it.
    """
    from solver.deck import load_deck
    from solver.explain import next_hint
    from solver.puzzle import load_puzzle

    board = load_board_warned(board_file)
    puzzle = load_puzzle(puzzle_file, load_deck(deck_file) if deck_file else None)
    step = next_hint(puzzle, board)
    if as_json:
        echo_json(None if step is None else {
            "technique": step.technique, "cards": step.cards, "reason": step.reason, "chain": step.chain,
            "removals": [{"delict": _d(d), "location": _l(loc)} for d, loc in step.removals]})
        return 0 if step else 1
    if step is None:
        click.echo("No step found with the human-style techniques: try `schinderhannes solve --explain`.")
        return 1
    click.echo(f"[{step.technique}] {step.reason}")
    for line in step.chain:
        click.echo(f"    {line}")
    return 0


def _d(index: int) -> str:
    from solver.names import DELICTS

    return DELICTS[index]


def _l(index: int) -> str:
    from solver.names import LOCATIONS

    return LOCATIONS[index]
