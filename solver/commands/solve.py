"""`schinderhannes solve`: the solution of a solo puzzle, proven unique or not."""

from __future__ import annotations

import click

from solver.commands.options import board_option, deck_option, echo_json, json_option, load_board_warned


@click.command()
@click.argument("puzzle_file", metavar="PUZZLE", type=click.Path(dir_okay=False))
@deck_option
@board_option
@click.option("--explain", is_flag=True, help="Show a step-by-step deduction a person can follow.")
@json_option
def solve(puzzle_file: str, deck_file: str | None, board_file: str | None, explain: bool,
          as_json: bool) -> int:
    """Solve PUZZLE (a file or a bundled puzzle's name): the solution, and whether it is unique, multiple or none.

    Exit code 0 when the puzzle has exactly one solution (and it agrees with the
    file's `solution:`), 1 otherwise.
    """
    from solver.core.deck import load_deck
    from solver.solo.puzzle import load_puzzle
    from solver.solo.solve import solve_puzzle

    board = load_board_warned(board_file)
    puzzle = load_puzzle(puzzle_file, load_deck(deck_file) if deck_file else None)
    outcome = solve_puzzle(puzzle, board)
    if as_json:
        from solver.documents.solo import explained, solve_document

        document = solve_document(outcome)
        if explain:
            document["explanation"] = explained(puzzle, board)
        echo_json(document)
    else:
        if explain:
            _print_explanation(puzzle, board)
        _print_outcome(puzzle, outcome, board)
    return 0 if outcome.status == "unique" and not outcome.disagreements else 1


def _print_outcome(puzzle, outcome, board) -> None:
    from solver.solo.render import solution_table

    if outcome.status == "none":
        click.echo("none: no assignment satisfies every clue" + _proven(outcome) + ".")
        click.echo("These clues cannot all hold (a smallest conflicting set): " + ", ".join(outcome.conflict))
        for entry in puzzle.clues:
            if entry.label in outcome.conflict:
                click.echo(f"  {entry.label}: {entry.clue.sentence()}")
        return
    click.echo(solution_table(outcome.solution, board, outcome.second))
    if outcome.status == "unique":
        if outcome.proof == "deduction":
            click.echo("unique: this is the only solution (proven by deduction, without a search).")
        else:
            click.echo("unique: this is the only solution (proven by CP-SAT: no second solution exists).")
    else:
        click.echo(f"multiple: {outcome.count:,} solutions (counted exactly); a second one is shown, "
                   "differences marked *.")
    if puzzle.solution:
        _print_agreement(puzzle, outcome)


def _proven(outcome) -> str:
    return " (proven by deduction: the cards contradict each other)" if outcome.proof == "deduction" else ""


def _print_agreement(puzzle, outcome) -> None:
    if outcome.agreeing:  # several solutions, some of them with every placement the file gives
        click.echo(f"consistent with the file's solution ({outcome.agreeing:,} of {outcome.count:,} solutions).")
        return
    if not outcome.disagreements:
        click.echo(f"agrees with the file's solution ({len(puzzle.solution)} of 16 locations given).")
        return
    count = len(outcome.disagreements)
    click.echo(f"disagrees with the file's solution at {count} location{'s' if count > 1 else ''}:")
    for loc, want, got in outcome.disagreements:
        click.echo(f"  {loc}: the file says {want}, the solver found {got}")


def _print_explanation(puzzle, board) -> None:
    from solver.solo.explain import explain_puzzle

    explanation = explain_puzzle(puzzle, board)
    for line in explanation.lines():
        click.echo(line)
    click.echo("")
