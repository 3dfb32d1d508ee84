"""Options shared by several commands, and printing helpers."""

from __future__ import annotations

import functools
import json
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

import click

if TYPE_CHECKING:
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


def say_capped_jobs(jobs: int, games: int) -> None:
    """Say so when --jobs is more than a simulation can use (batches of 50 games, cores)."""
    from solver.cardgames.simulate import CHUNK
    from solver.core.workers import capped_note

    note = capped_note(jobs, -(-games // CHUNK), f"batch of {CHUNK} games")
    if note:
        click.echo(note, err=True)
