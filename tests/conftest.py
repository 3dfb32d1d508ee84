"""Shared fixtures: the bundled board and deck, and the one command-line runner."""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

import pytest
from hypothesis import settings

# Tests never assert on wall-clock time: no hypothesis deadlines either (CI machines are busy).
settings.register_profile("project", deadline=None)
settings.load_profile("project")


@pytest.fixture(scope="session")
def board():
    from solver.core.board import load_board

    return load_board()


@pytest.fixture(scope="session")
def deck():
    from solver.core.deck import load_deck

    return load_deck()


class CliResult(NamedTuple):
    """What a person sees: the exit code, stdout, stderr (also unpacks as a tuple)."""

    exit_code: int
    output: str
    stderr: str


@pytest.fixture
def run(monkeypatch: pytest.MonkeyPatch) -> Callable[..., CliResult]:
    """Run `schinderhannes ARGS...` through the real entry point, as a person would.

    `input` is typed on stdin. Exit codes, error lines and output are exactly what the
    installed command gives (solver.cli.main maps bad input to one line and exit code 2).
    """
    from click.testing import CliRunner

    from solver import cli

    def invoke(*args: object, input: str | None = None) -> CliResult:
        monkeypatch.setattr("sys.argv", ["schinderhannes", *map(str, args)])
        with CliRunner().isolation(input=input) as (stdout, stderr, _):
            try:
                cli.main()
                code = 0
            except SystemExit as done:
                code = done.code if isinstance(done.code, int) else (0 if done.code is None else 1)
            return CliResult(code, stdout.getvalue().decode(), stderr.getvalue().decode())

    return invoke
