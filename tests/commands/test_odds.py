"""`schinderhannes odds`: the table, the JSON, exit codes, a puzzle file and a game state."""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from solver.commands.odds import _percent
from solver.core import names

Run = Callable[..., tuple[int, str, str]]
PUZZLES = Path(__file__).resolve().parents[2] / "puzzles"
PARTIAL = """\
title: three clues
clues:
- {type: delict, delict: murder, locations: [Kirn, Boos, Simmern, Hundsbach]}
- {type: group, group: Felony, direction: south}
- {type: district, delicts: [arrest, robbery], relation: same}
"""


def _write(tmp_path: Path, text: str, name: str = "puzzle.yaml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def _check_document(document: dict[str, Any]) -> tuple[int, dict[str, dict[str, dict[str, Any]]]]:
    """The JSON's shape: every location in order, every delict in order, exact ints."""
    total, odds = document["total"], document["odds"]
    assert isinstance(total, int) and isinstance(odds, dict)
    assert list(document) in (["total", "odds"], ["total", "odds", "version"])
    assert list(odds) == list(names.LOCATIONS)
    for location, row in odds.items():
        assert list(row) == list(names.DELICTS), location
        for cell in row.values():
            assert set(cell) == {"count", "probability"}
            assert isinstance(cell["count"], int) and isinstance(cell["probability"], float)
            assert cell["probability"] == cell["count"] / total
    for delict in names.DELICTS:
        assert sum(odds[location][delict]["count"] for location in names.LOCATIONS) == total
    for location in names.LOCATIONS:
        assert sum(cell["count"] for cell in odds[location].values()) == total
    return total, odds


def test_a_unique_puzzle_as_a_table(run: Run) -> None:
    code, out, err = run("odds", PUZZLES / "medium-1.yaml")
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0].startswith("1 solution;")
    assert max(len(line) for line in lines) <= 100
    rows = {line.split("  ")[0].strip(): line for line in lines if line.split("  ")[0].strip() in names.LOCATIONS}
    assert list(rows) == list(names.LOCATIONS)  # by district, in the rulebook's order
    assert [line for line in lines if line.startswith(("NW ", "NE ", "SW ", "SE "))] == [
        "NW north-west", "NE north-east", "SW south-west", "SE south-east"
    ]
    for line in rows.values():
        assert line.split()[-16:].count("100") == 1 and line.split()[-16:].count("-") == 15
    assert "donk donkey theft" in out and "ball robbers' ball" in out and "robb robbery" in out


def test_a_unique_puzzle_as_json(run: Run) -> None:
    code, out, _ = run("odds", PUZZLES / "medium-1.yaml", "--json")
    assert code == 0
    total, odds = _check_document(json.loads(out))
    assert total == 1
    assert odds["Hahnmühle"]["robbers' ball"] == {"count": 1, "probability": 1.0}
    assert odds["Hahnmühle"]["murder"] == {"count": 0, "probability": 0.0}


def test_a_partial_puzzle(run: Run, tmp_path: Path) -> None:
    path = _write(tmp_path, PARTIAL)
    code, out, _ = run("odds", path, "--json")
    assert code == 0
    total, odds = _check_document(json.loads(out))
    code, counted, _ = run("count", path, "--json")
    assert total == json.loads(counted)["count"] > 1
    murder = {location: odds[location]["murder"]["count"] for location in names.LOCATIONS}
    assert {location for location, count in murder.items() if count} == {"Kirn", "Boos", "Simmern", "Hundsbach"}
    assert murder["Hundsbach"] > murder["Kirn"]  # the only one in the south
    code, text, _ = run("odds", path)
    assert code == 0 and text.startswith(f"{total:,} solutions;")


def test_no_clues_is_one_in_sixteen_everywhere(run: Run, tmp_path: Path) -> None:
    path = _write(tmp_path, "title: nothing known\n")
    code, out, _ = run("odds", path, "--json")
    total, odds = _check_document(json.loads(out))
    assert total == math.factorial(16)
    assert {cell["count"] for row in odds.values() for cell in row.values()} == {math.factorial(15)}
    code, text, _ = run("odds", path)
    assert code == 0 and "20,922,789,888,000 solutions;" in text
    assert "\nKirn           6.3  6.3  6.3  6.3    6.3 " in text  # 6.25 rounds half up


def test_a_game_state(run: Run, tmp_path: Path) -> None:
    path = tmp_path / "game.yaml"
    assert run("game", "new", path, "--players", "Anna", "Ben")[0] == 0
    assert run("play", path, "11")[0] == 0  # break-in on four locations
    code, out, err = run("odds", path, "--json")
    assert code == 0 and err == ""
    total, odds = _check_document(json.loads(out))
    assert total == json.loads(run("count", path, "--json")[1])["count"] == 4 * math.factorial(15)
    spots = {location for location in names.LOCATIONS if odds[location]["break-in"]["count"]}
    assert spots == {"Oberhausen", "Obermoschel", "Meddersheim", "Lettweiler"}
    assert {odds[location]["break-in"]["probability"] for location in spots} == {0.25}
    code, text, _ = run("odds", path)
    assert code == 0 and text.startswith("5,230,697,472,000 assignments agree with the board;")


def test_a_contradiction_says_so_and_exits_1(run: Run, tmp_path: Path) -> None:
    path = _write(tmp_path, PARTIAL + "- {type: not, delict: murder, locations: [Kirn, Boos, Simmern, Hundsbach]}\n")
    code, out, err = run("odds", path)
    assert code == 1 and out == "" and err.startswith("no solution:") and len(err.splitlines()) == 1
    code, out, _ = run("odds", path, "--json")
    assert code == 1 and json.loads(out) == {"total": 0, "odds": None}


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("clues:\n- {type: delict, delict: murdr, locations: [Kirn, Boos, Simmern, Hundsbach]}\n", "did you mean"),
        ("players: [Anna, Ben]\nmarkers:\n  murder: [Kirn, Nowhere]\n", "Nowhere"),
        ("- just a list\n", "a puzzle file is a mapping"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(run: Run, tmp_path: Path, text: str, message: str) -> None:
    code, out, err = run("odds", _write(tmp_path, text))
    assert code == 2 and out == "" and message in err and len(err.splitlines()) == 1, err


def test_a_missing_file_is_exit_2(run: Run, tmp_path: Path) -> None:
    code, _, err = run("odds", tmp_path / "missing.yaml")
    assert code == 2 and err.startswith("error:")


@pytest.mark.parametrize(
    ("count", "total", "shown"),
    [(0, 7, "-"), (7, 7, "100"), (1, 16, "6.3"), (1, 3, "33.3"), (2, 3, "66.7"), (1, 10**6, "<0.1"),
     (499, 10**6, "<0.1"), (500, 10**6, "0.1"), (999_999, 10**6, "99.9"), (999, 1000, "99.9")],
)
def test_percent_cells(count: int, total: int, shown: str) -> None:
    """One decimal, exact half-up; only the impossible shows '-', only the certain '100'."""
    assert _percent(count, total) == shown
