"""`schinderhannes print`: printable sheets of puzzles, a page each, the solutions only on request."""

from __future__ import annotations

import click

from solver.commands.options import board_option, deck_option


@click.command("print", short_help="Printable puzzle sheets (PDF, HTML or SVG).")
@click.argument("puzzle_files", metavar="PUZZLE...", nargs=-1, required=True)
@click.option("-o", "--output", required=True, type=click.Path(dir_okay=False),
              help="The sheet: FILE.pdf (every puzzle in one file), FILE.html or FILE.svg (a file per page).")
@click.option("--solution/--no-solution", default=False, show_default=True,
              help="Add the solutions, each on a page of its own after all the puzzles.")
@click.option("--grid/--no-grid", default=True, show_default=True,
              help="The 16×16 elimination grid (locations × delicts) to cross candidates off.")
@deck_option
@board_option
def print_sheets(puzzle_files: tuple[str, ...], output: str, solution: bool, grid: bool, deck_file: str | None,
                 board_file: str | None) -> None:
    """Printable sheets: a page per puzzle, solutions only on request.

    PUZZLE... are files or bundled puzzles' names (see `schinderhannes puzzles`).
    Each puzzle gets a page: the board, the delicts by group, the numbered clues and an
    elimination grid. With --solution, the solutions follow on pages of their own (an SVG
    gets FILE-solution.svg). `schinderhannes print box-1 box-2 box-3 box-4 -o box.pdf`
    makes a booklet.
    """
    from solver.commands.options import load_board_warned
    from solver.core.deck import load_deck
    from solver.solo.puzzle import load_puzzle
    from solver.solo.sheet import check_sheet_path, write_sheets

    check_sheet_path(output)
    deck = load_deck(deck_file) if deck_file else None
    puzzles = [load_puzzle(name, deck) for name in puzzle_files]
    board = load_board_warned(board_file)
    written = write_sheets(puzzles, board, output, solution=solution, grid=grid)
    pages = f"{len(puzzles)} puzzle page{'s' if len(puzzles) != 1 else ''}"
    if solution:
        pages += f" and {len(puzzles)} solution page{'s' if len(puzzles) != 1 else ''}"
    for path in written:
        click.echo(f"wrote {path}" + (f" ({pages})" if len(written) == 1 else ""))
