"""Shared fixtures: the bundled board and deck, and a CLI runner."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from hypothesis import settings

# Tests never assert on wall-clock time: no hypothesis deadlines either (CI machines are busy).
settings.register_profile("project", deadline=None)
settings.load_profile("project")

sys.path.insert(0, str(Path(__file__).parent))  # for tests/reference.py


@pytest.fixture(scope="session")
def board():
    from solver.board import load_board

    return load_board()


@pytest.fixture(scope="session")
def deck():
    from solver.deck import load_deck

    return load_deck()


@pytest.fixture
def run_cli():
    """Run the real entry point (cli.main) with arguments; returns (exit code, stdout, stderr)."""
    from click.testing import CliRunner

    import cli

    def run(*args: str, input: str | None = None):
        runner = CliRunner()
        result = runner.invoke(cli.root, list(args), input=input, catch_exceptions=True,
                               standalone_mode=True)
        return result

    return run
