"""Shared fixtures: the bundled board and deck, and a CLI runner."""

from __future__ import annotations

from dataclasses import dataclass

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


@pytest.fixture
def run(monkeypatch, capsys):
    """Run `schinderhannes ARGS...` through the real entry point cli.main: (exit code, stdout, stderr)."""
    from solver import cli

    def invoke(*args: str) -> tuple[int, str, str]:
        monkeypatch.setattr("sys.argv", ["schinderhannes", *map(str, args)])
        with pytest.raises(SystemExit) as done:
            cli.main()
        out, err = capsys.readouterr()
        return done.value.code or 0, out, err

    return invoke


@dataclass
class CliResult:
    exit_code: int
    output: str
    stderr: str


@pytest.fixture
def run_cli():
    """Run the command line as cli.main() does (return codes, BadInput -> 2); (exit_code, output, stderr)."""
    from click import ClickException
    from click.testing import CliRunner

    from solver import cli
    from solver.core.errors import BadInput

    def run(*args: str, input: str | None = None) -> CliResult:
        result = CliRunner().invoke(cli.root, list(args), input=input, standalone_mode=False)
        if isinstance(result.exception, BadInput):
            code = 2
        elif isinstance(result.exception, ClickException):
            code = result.exception.exit_code
        elif result.exception is not None and not isinstance(result.exception, SystemExit):
            raise result.exception
        elif isinstance(result.return_value, int):
            code = result.return_value
        else:
            code = result.exit_code
        return CliResult(code, result.stdout, result.stderr)

    return run
