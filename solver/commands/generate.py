"""`schinderhannes generate`: new solo puzzles, proven unique, minimal and graded."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import click

from solver.commands.options import (
    board_option,
    capped_note,
    echo_json,
    json_option,
    parse_placements,
    refuse_overwrite,
)
from solver.core.errors import BadInput

if TYPE_CHECKING:
    from solver.solo.bulk import Result

DIFFICULTIES = ("easy", "medium", "hard", "expert")
# the generator's options as a give-up message names them here: by their flags
OPTION_NAMES = {
    "cards": "--cards",
    "card_range": "--cards",
    "difficulty": "--difficulty",
    "types": "card types (--types)",
    "given": "--given",
    "max_tries": "--max-tries",
    "time_limit": "--time-limit",
}


@click.command()
@click.option("--seed", type=int, default=1, show_default=True, help="The same seed gives the same puzzle.")
@click.option("--difficulty", type=click.Choice(DIFFICULTIES), default="medium", show_default=True)
@click.option("-o", "--output", type=click.Path(), help="Puzzle file to write (a folder with --count).")
@click.option("--print", "sheet", help="Also write a printable sheet: FILE.html, .pdf or .svg "
              "(with --count: just the extension, e.g. --print pdf); the same sheet as `schinderhannes print`.")
@click.option("--print-solution", "sheet_solution", is_flag=True,
              help="Add the solution to the printed sheet, on a page of its own.")
@click.option("--cards", "card_range", default="1-60", show_default=True, help="Number of cards, e.g. 15-25.")
@click.option("--types", default=None, help="Card types to use, e.g. A,B,C,D (default: by difficulty).")
@click.option("--solo-cards", is_flag=True, help='Also use solo "not" clues.')
@click.option("--needs-district", is_flag=True, help="Use at least one district card.")
@click.option("--given", multiple=True, metavar="LOCATION=DELICT",
              help="Part of the solution the puzzle must have; repeat for more.")
@click.option("--max-tries", type=click.IntRange(min=1), default=300, show_default=True,
              help="Attempts before giving up.")
@click.option("--time-limit", type=click.FloatRange(min=0, min_open=True), default=120, show_default=True,
              help="Seconds before giving up on a seed (checked between attempts).")
@click.option("--count", type=click.IntRange(min=1), default=1, show_default=True,
              help="How many puzzles (seeds SEED, SEED+1, ...).")
@click.option("--jobs", type=click.IntRange(min=0), default=1, show_default=True,
              help="Processes for --count (0: all cores).")
@click.option("--backend", type=click.Choice(["local", "ray"]), default="local", show_default=True,
              help="Run --count on local processes or on Ray.")
@click.option("--ray-address", default=None, help="A Ray cluster to use (default: start Ray locally).")
@click.option("--force", is_flag=True, help="Replace puzzle files that exist (-o).")
@board_option
@json_option
def generate(seed: int, difficulty: str, output: str | None, sheet: str | None, sheet_solution: bool, card_range: str,
             types: str | None, solo_cards: bool, needs_district: bool, given: tuple[str, ...],
             max_tries: int, time_limit: float, count: int, jobs: int, backend: str, ray_address: str | None,
             force: bool, board_file: str | None, as_json: bool) -> int:
    """Generate a uniquely solvable, minimal solo puzzle graded by difficulty.

    A search that takes a while shows its attempts on stderr; when it gives up (after
    --max-tries attempts or --time-limit seconds) it says why the attempts were turned
    down and what to change, and exits 1.
    """
    if count > 1 and output:  # the workers import the generator while this process does the same
        from solver.core.workers import cap_workers
        from solver.solo.bulk import start_workers

        start_workers(cap_workers(jobs, count), backend)
    from solver.solo.options import Options

    if sheet:
        from solver.solo.sheet import check_sheet_path

        check_sheet_path(sheet if count == 1 and backend == "local" else "x." + sheet.lstrip("."))
    if output and count == 1 and backend == "local" and not Path(output).parent.is_dir():  # before any work
        raise BadInput(f"{output}: its folder does not exist; check the path")
    low, high = _card_range(card_range)
    options = Options(difficulty=difficulty, types=_types(types, difficulty, solo_cards, needs_district),
                      min_cards=low, max_cards=high, needs_district=needs_district,
                      given=parse_placements(given, "--given"), max_tries=max_tries,
                      time_limit=time_limit)
    if count > 1 or backend == "ray":
        return _many(seed, count, options, output, sheet, jobs, backend, ray_address, board_file, sheet_solution,
                     as_json, force)
    if output:
        refuse_overwrite(output, force)
    return _single(seed, options, output, sheet, board_file, sheet_solution, as_json)


def _single(seed, options, output, sheet, board_file, sheet_solution: bool = False, as_json: bool = False) -> int:
    from collections import Counter

    from tqdm import tqdm

    from solver.solo.bulk import generate_one
    from solver.solo.generate import REASONS

    # on stderr, shown only when the search takes a while (half a second), gone when it ends
    with tqdm(total=options.max_tries, unit="attempt", desc=f"{options.difficulty} puzzle, seed {seed}",
              delay=0.5, leave=False) as bar:
        turned_down: Counter[str] = Counter()

        def progress(rejected: str | None) -> None:
            bar.update()
            if rejected:
                turned_down[rejected] += 1
                mostly = REASONS[turned_down.most_common(1)[0][0]].format(**OPTION_NAMES)
                bar.set_postfix_str(f"mostly: {mostly}", refresh=False)

        result = generate_one(seed, options, board_file, progress)
    if result.puzzle is None:
        if as_json:
            echo_json({"seed": seed, "puzzle": None, "error": _why(result)})
        click.echo(_why(result), err=True)
        return 1
    written = _write(result.puzzle, output, sheet, board_file, quiet=as_json, echo=not as_json,
                     sheet_solution=sheet_solution)
    if as_json:
        echo_json(_generated(result.puzzle, seed, output, written))
    return 0


def _generated(puzzle, seed: int, output: str | None, written: list[str]) -> dict:
    """A generated puzzle as `generate --json` reports it (the puzzle as its file would hold it)."""
    import yaml

    return {"seed": seed, "difficulty": puzzle.extra.get("difficulty"), "cards": len(puzzle.clues),
            "file": output, "sheets": written, "puzzle": yaml.safe_load(puzzle.to_yaml())}


def _write(puzzle, output: str | None, sheet: str | None, board_file: str | None, quiet: bool = False,
           echo: bool = True, sheet_solution: bool = False) -> list[str]:
    """Write the puzzle (to stdout without `output`, when `echo`) and its sheet; the sheet files written."""
    from solver.core.yamlio import save_atomic

    text = puzzle.to_yaml()
    written: list[str] = []
    if output:
        save_atomic(output, text, keep_previous=False)
        if not quiet:
            click.echo(f"wrote {output}: {len(puzzle.clues)} cards, {puzzle.extra['difficulty']}", err=True)
    elif echo:
        click.echo(text, nl=False)
    if sheet:
        from solver.core.board import load_board
        from solver.solo.sheet import write_sheets

        for path in write_sheets([puzzle], load_board(board_file), sheet, solution=sheet_solution):
            written.append(str(path))
            if not quiet:
                click.echo(f"wrote {path}", err=True)
    return written


def _many(seed, count, options, output, sheet, jobs, backend, ray_address, board_file, sheet_solution: bool = False,
          as_json: bool = False, force: bool = False) -> int:
    import sys

    from tqdm import tqdm

    from solver.solo.bulk import generate_many

    if not output:
        raise BadInput("--count needs -o FOLDER to write the puzzles into")
    folder = Path(output)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise BadInput(f"cannot make the folder {output} ({error.strerror}); -o takes a folder with --count") from None
    if not force:
        _refuse_existing(folder, options.difficulty, range(seed, seed + count))
    from solver.core.workers import cap_workers

    note = capped_note(jobs, count, "puzzle")
    if note:
        click.echo(note, err=True)
    jobs = cap_workers(jobs, count)
    extension = sheet.lstrip(".") if sheet else None
    failed = 0
    report: dict[str, list] = {"puzzles": [], "failed": []}
    results = generate_many(range(seed, seed + count), options, jobs, backend, board_file, ray_address)
    for result in tqdm(results, total=count, unit="puzzle", desc=f"{options.difficulty} puzzles"):
        if result.puzzle is None:
            failed += 1
            tqdm.write(f"seed {result.seed}: {_why(result)}", file=sys.stderr)
            report["failed"].append({"seed": result.seed, "error": _why(result)})
            continue
        name = folder / f"{options.difficulty}-{result.seed}.yaml"
        sheet_path = str(name.with_suffix("." + extension)) if extension else None
        written = _write(result.puzzle, str(name), sheet_path, board_file, quiet=True, sheet_solution=sheet_solution)
        report["puzzles"].append({key: value for key, value in _generated(result.puzzle, result.seed, str(name),
                                                                          written).items() if key != "puzzle"})
    click.echo(f"{count - failed} of {count} puzzles written to {folder}", err=True)
    if as_json:
        report["puzzles"].sort(key=lambda entry: entry["seed"])
        report["failed"].sort(key=lambda entry: entry["seed"])
        echo_json(report)
    return 1 if failed else 0


def _refuse_existing(folder: Path, difficulty: str, seeds: range) -> None:
    """BadInput when a puzzle this run would write is in the folder already (the folder is listed,
    the seeds are not: a huge --count costs nothing here)."""
    for path in folder.glob(f"{difficulty}-*.yaml"):
        number = path.stem.removeprefix(f"{difficulty}-")
        if number.lstrip("-").isdigit() and int(number) in seeds:
            raise BadInput(f"{path} exists; give --force to replace the puzzles there, or another folder or --seed")


def _card_range(text: str) -> tuple[int, int]:
    try:
        first, _, last = text.partition("-")
        low, high = int(first), int(last or first)
    except ValueError:
        raise BadInput(f"--cards takes a number or a range like 15-25, not {text!r}") from None
    if not 1 <= low <= high:
        raise BadInput(f"--cards {text}: give the smaller number first, both at least 1, like 15-25")
    return low, high


def _types(text: str | None, difficulty: str, solo: bool, needs_district: bool) -> tuple[str, ...]:
    from solver.solo.options import DEFAULT_TYPES

    chosen = DEFAULT_TYPES[difficulty]
    if text is not None:
        chosen = tuple(part.strip().upper() for part in text.split(",") if part.strip())
        unknown = [part for part in chosen if part not in ("A", "B", "C", "D")]
        if unknown or not chosen:
            raise BadInput(f"unknown card type {unknown[0] if unknown else text!r} in --types; "
                           "use A, B, C, D (and --solo-cards for not clues)")
    extra = (["S"] if solo else []) + (["C"] if needs_district else [])
    return tuple(dict.fromkeys((*chosen, *extra)))


def _why(result: Result) -> str | None:
    """Why a seed gave no puzzle, naming the options by their flags."""
    return None if result.give_up is None else result.give_up.sentence(OPTION_NAMES)
