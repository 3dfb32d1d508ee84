"""Options shared by several commands, and printing helpers."""

from __future__ import annotations

import functools
import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, TypeVar

import click

if TYPE_CHECKING:
    from solver.cardgames.simulate import SimulationResult
    from solver.core.board import Board

board_option = click.option(
    "--board", "board_file", type=click.Path(dir_okay=False),
    help="Board file (default: the bundled data/board.yaml).",
)
Command = TypeVar("Command", bound=Callable[..., Any])
_deck_file_option = click.option(
    "--deck", "deck_file", type=click.Path(dir_okay=False),
    help="Deck file with your own card texts (default: the bundled data/deck.yaml).",
)
OWN_DECK = "or pass your own deck with --deck FILE"


def _card_text_missing(error: BaseException | None) -> bool:
    """Whether a card's missing text is behind this error, however it was worded again on the way."""
    from solver.core.deck import CardTextMissing

    while error is not None:
        if isinstance(error, CardTextMissing):
            return True
        error = error.__cause__ or error.__context__
    return False


def deck_option(command: Command) -> Command:
    """--deck FILE; a card text the deck lacks then says, last, that the option supplies one."""

    from solver.core.errors import BadInput

    @functools.wraps(command)
    def run(*args: Any, **kwargs: Any) -> Any:
        try:
            return command(*args, **kwargs)
        except BadInput as error:
            if not _card_text_missing(error):
                raise
            raise BadInput(f"{error.message}, {OWN_DECK}", error.file, error.line) from None

    return _deck_file_option(run)  # type: ignore[return-value]
json_option = click.option("--json", "as_json", is_flag=True, help="Print one JSON document.")


def refuse_overwrite(path: str, force: bool) -> None:
    """The library's refusal to replace a file, with the flag that allows it."""
    from solver.core.errors import BadInput
    from solver.core.yamlio import OutputExists
    from solver.core.yamlio import refuse_overwrite as refuse

    try:
        refuse(path, force)
    except OutputExists as exists:
        raise BadInput(f"{exists.message}; give --force to replace it, or another name", exists.file) from None


def echo_json(document: object) -> None:
    click.echo(json.dumps(document, ensure_ascii=False, indent=2))


def load_board_warned(board_file: str | None) -> Board:
    """Load the board, printing each failed rulebook fact as a warning on stderr."""
    from solver.core.board import load_board

    board = load_board(board_file)
    for warning in board.warnings:
        click.echo(f"warning: {warning}", err=True)
    return board


def parse_placements(entries: tuple[str, ...], option: str) -> dict[str, str]:
    """LOCATION=DELICT entries (names forgiving) as location -> delict; each place and delict once."""
    from solver.core import names
    from solver.core.errors import BadInput

    placed: dict[str, str] = {}
    for entry in entries:
        location, separator, delict = entry.partition("=")
        if not separator:
            raise BadInput(f"{option} takes LOCATION=DELICT, not {entry!r}")
        place = names.resolve("location", location)
        if place in placed:
            raise BadInput(f"{option} names {place} twice")
        placed[place] = names.resolve("delict", delict)
    if len(set(placed.values())) != len(placed):
        raise BadInput(f"{option} places one delict twice")
    return placed


def capped_note(jobs: int, tasks: int, what: str) -> str | None:
    """The line saying --jobs was capped, or None when it was not."""
    import os

    from solver.core.workers import WORKERS_PER_CORE, cap_workers

    workers = cap_workers(jobs, tasks)
    if jobs and workers < jobs:
        return (f"using {workers} worker{'s' * (workers != 1)}, not --jobs {jobs}: at most one per {what} "
                f"and {WORKERS_PER_CORE} per core ({os.cpu_count() or 1} cores)")
    return None


def say_capped_jobs(jobs: int, games: int) -> None:
    """Say so when --jobs is more than a simulation can use (batches of 50 games, cores)."""
    from solver.cardgames.simulate import CHUNK
    note = capped_note(jobs, -(-games // CHUNK), f"batch of {CHUNK} games")
    if note:
        click.echo(note, err=True)


@contextmanager
def games_bar(games: int, shown: bool) -> Iterator[Callable[[int], object]]:
    """A progress bar on stderr for a simulation of `games` games; yields what to tell it."""
    from tqdm import tqdm

    with tqdm(total=games, disable=not shown, unit="game", leave=False) as bar:
        yield bar.update


def stop_if_interrupted(result: SimulationResult, wanted: int) -> None:
    """After the partial results are shown: end like any interrupted command (exit 130)."""
    if result.interrupted:
        click.echo(f"interrupted: {result.games} of {wanted} games were played", err=True)
        raise KeyboardInterrupt


def echo_bot_lines(bots: list[Any]) -> None:
    """One line per bot of a card-game simulation (`Summary["by_bot"]`, in the order of
    --bots): its wins over all games and its rating with the 95% interval."""
    for bot in bots:
        low, high = bot["ci95"]
        rating = bot["rating"]
        r_low, r_high = rating["ci95"]
        click.echo(f"  bot {bot['entrant'] + 1} {bot['bot']}: wins {bot['wins']} "
                   f"= {bot['win_rate']:.3f} [{low:.3f}, {high:.3f}]; rating {rating['mu']:.2f} "
                   f"[{r_low:.2f}, {r_high:.2f}]")
