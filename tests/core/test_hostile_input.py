"""Hostile input files: every kind is read by the one bounded, safe loader (docs/formats.md, "Limits").

Anchors and aliases, tags, deep nesting, huge collections, over-long numbers, NUL bytes,
devices and pipes are refused with one line naming the file (and the line where there is one),
before anything large is built.
"""

from __future__ import annotations

import os
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from solver.core import yamlio
from solver.core.errors import BadInput
from solver.core.paths import PUZZLES_DIR


def _puzzle(path: Path) -> Any:
    from solver.solo.puzzle import load_puzzle

    return load_puzzle(path)


def _state(path: Path) -> Any:
    from solver.table.state import load_state

    return load_state(path)


def _deck(path: Path) -> Any:
    from solver.core.deck import load_deck

    return load_deck(path)


def _board(path: Path) -> Any:
    from solver.core.board import load_board

    return load_board(path)


def _scandaroon_deck(path: Path) -> Any:
    from solver.cardgames.scandaroon.deck import load_deck

    return load_deck(path)


def _symbols(path: Path) -> Any:
    from solver.cardgames.scandaroon.symbols import load_symbols

    return load_symbols(path)


def _upload(path: Path) -> Any:
    """What the served solo page does with an uploaded puzzle's text."""
    from solver.solo.puzzle import parse_puzzle

    return parse_puzzle(path.read_bytes().decode("utf-8"), "upload")


def _state_file(path: Path) -> Any:
    """What every state-changing command and the served table read."""
    from solver.table.store import StateFile

    return StateFile(path).read()


KINDS: dict[str, Callable[[Path], Any]] = {
    "puzzle": _puzzle, "state": _state, "deck": _deck, "board": _board, "scandaroon-deck": _scandaroon_deck,
    "symbols": _symbols, "upload": _upload, "state-file": _state_file,
}

LAUGHS = "a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n" + "".join(
    f"{name}: &{name} [{', '.join([f'*{before}'] * 9)}]\n" for before, name in zip("abcdefgh", "bcdefghi", strict=True)
)  # 9**9 lols once expanded

HOSTILE = {
    "alias bomb": (LAUGHS, 1, "anchors and aliases"),
    "one alias": ("players: &p [a, b]\nscores: *p\n", 1, "anchors and aliases"),
    "python tag": ("x: !!python/object/apply:os.system [ls]\n", 1, "YAML tags (!!python"),
    "float tag": ("x: 1\ny: !!float abc\n", 2, "YAML tags (!!float)"),
    "int tag": ("y: !!int x\n", 1, "YAML tags (!!int)"),
    "bool tag": ("y: !!bool maybe\n", 1, "YAML tags (!!bool)"),
    "timestamp tag": ("y: !!timestamp nope\n", 1, "YAML tags (!!timestamp)"),
    "deep flow": ("x: " + "[" * 300 + "]" * 300 + "\n", 1, "nested more than"),
    "deep block": ("".join("  " * i + f"k{i}:\n" for i in range(200)) + "  " * 200 + "v\n", 41, "nested more than"),
    "long number": ("x: 1\ny: " + "7" * 4301 + "\n", 2, "is too long"),
    "NUL": ("x: 1\ny: a\x00b\n", 2, "NUL"),
    "control character": ("x: 1\ny: a\x07b\n", 2, "#x0007"),
    "huge list": ("x: [" + ", ".join(["1"] * (yamlio.MAX_ITEMS + 1)) + "]\n", 1, "more than 10,000 entries"),
}


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("name", HOSTILE)
def test_a_hostile_file_is_refused_in_one_line_with_its_line(tmp_path, kind, name):
    text, line, words = HOSTILE[name]
    path = tmp_path / "hostile.yaml"
    path.write_bytes(text.encode("utf-8"))
    with pytest.raises(BadInput) as caught:
        KINDS[kind](path)
    message = str(caught.value)
    assert words in message
    assert "\n" not in message and len(message) < 300
    if kind != "upload":
        assert caught.value.file == str(path)
    assert caught.value.line == line


@pytest.mark.parametrize("kind", KINDS)
def test_an_alias_bomb_costs_no_memory(tmp_path, kind):
    path = tmp_path / "bomb.yaml"
    path.write_text(LAUGHS * 1, encoding="utf-8")
    tracemalloc.start()
    try:
        with pytest.raises(BadInput, match="anchors and aliases"):
            KINDS[kind](path)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 5_000_000


@pytest.mark.parametrize("kind", [k for k in KINDS if k != "upload"])
def test_an_oversized_file_is_refused_unread(tmp_path, kind):
    path = tmp_path / "big.yaml"
    path.write_text("# padding\n" * (yamlio.MAX_FILE_BYTES // 10 + 1), encoding="utf-8")
    with pytest.raises(BadInput, match="an input file has at most 1,000,000"):
        KINDS[kind](path)


@pytest.mark.parametrize("kind", [k for k in KINDS if k != "upload"])
def test_a_device_or_a_pipe_is_refused_not_read_forever(tmp_path, kind):
    with pytest.raises(BadInput, match="not a regular file"):
        KINDS[kind](Path("/dev/zero"))
    fifo = tmp_path / "fifo.yaml"
    os.mkfifo(fifo)
    with pytest.raises(BadInput, match="not a regular file"):
        KINDS[kind](fifo)


@pytest.mark.parametrize("kind", [k for k in KINDS if k != "upload"])
def test_a_folder_is_refused(tmp_path, kind):
    with pytest.raises(BadInput, match="folder"):
        KINDS[kind](tmp_path)


def test_a_byte_that_is_not_utf8_is_named_with_its_line(tmp_path):
    path = tmp_path / "latin1.yaml"
    path.write_bytes(b"title: t\nx: caf\xe9\n")
    with pytest.raises(BadInput, match="0xe9 is not UTF-8") as caught:
        yamlio.load_yaml(path)
    assert caught.value.line == 2


def test_a_date_stays_text(tmp_path):
    """YAML would read 2020-02-30 as a date (and fail on it): here it is the text written."""
    puzzle = (PUZZLES_DIR / "tutorial-1.yaml").read_text(encoding="utf-8")
    path = tmp_path / "dated.yaml"
    path.write_text("title: 2020-02-30\n" + "\n".join(
        line for line in puzzle.splitlines() if not line.startswith("title:")) + "\n", encoding="utf-8")
    assert _puzzle(path).title == "2020-02-30"
    assert yamlio.parse_yaml("when: 2001-12-14t21:59:43.10-05:00\n", "x") == {"when": "2001-12-14t21:59:43.10-05:00"}


def test_a_long_bad_value_is_not_echoed_at_length(tmp_path):
    path = tmp_path / "state.yaml"
    path.write_text("players: [a, b]\nturn: " + "z" * 5000 + "\n", encoding="utf-8")
    with pytest.raises(BadInput) as caught:
        _state(path)
    assert len(str(caught.value)) < 300


def test_shown_cuts_a_value_to_80_characters():
    assert yamlio.shown("x") == "'x'"
    assert len(yamlio.shown("x" * 1000)) == yamlio.MAX_SHOWN


def test_check_depth_bounds_parsed_json():
    assert yamlio.check_depth([[1]], "x") == [[1]]
    deep: Any = 1
    for _ in range(100):
        deep = [deep]
    with pytest.raises(BadInput, match="more than 40 deep"):
        yamlio.check_depth(deep, "x")


def test_the_cli_refuses_a_bomb_with_exit_2_and_one_line(run, tmp_path):
    path = tmp_path / "game.yaml"
    path.write_text("players: [a, b]\nhistory: &h [1]\nturn: *h\n", encoding="utf-8")
    result = run("game", "show", str(path))
    assert result.exit_code == 2
    assert result.stderr.count("\n") == 1 and "anchors and aliases" in result.stderr


@pytest.mark.parametrize("clue", [
    "[" * 5000 + "]" * 5000,
    "{a: " * 300 + "1" + "}" * 300,
    "&a [*a]",
    "!!float abc",
    "1" * 5000,
    "a\x00b",
], ids=["deep-json", "deep-yaml", "alias", "tag", "long-number", "NUL"])
def test_a_hostile_clue_is_one_line_exit_2(run, tmp_path, clue):
    state = tmp_path / "game.yaml"
    assert run("game", "new", str(state), "--players", "a,b").exit_code == 0
    result = run("play", str(state), "--clue", clue)
    assert result.exit_code == 2, result
    assert result.stderr.count("\n") == 1 and len(result.stderr) < 400
