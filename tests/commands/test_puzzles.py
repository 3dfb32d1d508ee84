"""Bundled puzzles by name from anywhere, and `schinderhannes puzzles`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from solver.core.paths import PUZZLES_DIR
from solver.solo.puzzle import load_puzzle, puzzle_path


@pytest.fixture
def elsewhere(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)  # not the clone: no puzzles/ folder here
    return tmp_path


@pytest.mark.parametrize("spelling", ["box-4", "Box_4", "BOX 4", "box4", "box-4.yaml", " box-4 "])
def test_a_name_is_a_bundled_puzzle_in_any_spelling(elsewhere: Path, spelling: str) -> None:
    assert puzzle_path(spelling) == PUZZLES_DIR / "box-4.yaml"


def test_a_file_of_that_name_comes_first(elsewhere: Path) -> None:
    (elsewhere / "box-4").write_text((PUZZLES_DIR / "easy-2.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    assert puzzle_path("box-4") == Path("box-4")
    assert load_puzzle("box-4").extra["difficulty"] == "easy"


@pytest.mark.parametrize("command", [["solve"], ["hint"], ["describe"], ["count"], ["odds"], ["solve", "--json"]])
def test_every_command_that_takes_a_puzzle_takes_a_name(run, elsewhere: Path, command: list[str]) -> None:
    code, out, err = run(*command, "Tutorial_2")
    assert code == 0 and out and "error" not in err


def test_an_unknown_name_lists_the_nearest(run, elsewhere: Path) -> None:
    code, out, err = run("solve", "expret-2")
    assert code == 2 and out == ""
    assert len(err.splitlines()) == 1 and "did you mean 'expert-2'" in err and "schinderhannes puzzles" in err


def test_a_missing_path_stays_a_missing_file(run, elsewhere: Path) -> None:
    code, _, err = run("describe", "folder/box-4.yaml")
    assert code == 2 and "no such file; check the path" in err


def test_the_list_in_order_with_difficulty_and_size(run) -> None:
    code, out, err = run("puzzles")
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0].split() == ["name", "difficulty", "clues", "title"]
    named = [line.split()[0] for line in lines[1:]]
    assert named[:4] == ["tutorial-1", "tutorial-2", "tutorial-3", "easy-1"] and named[-1] == "box-4"
    assert sorted(named) == sorted(path.stem for path in PUZZLES_DIR.glob("*.yaml"))
    assert lines[1].split()[1:3] == ["easy", str(len(load_puzzle(PUZZLES_DIR / "tutorial-1.yaml").clues))]


def test_the_list_as_json(run) -> None:
    code, out, _ = run("puzzles", "--json")
    rows = json.loads(out)
    assert code == 0 and [set(row) for row in rows] == [{"name", "title", "difficulty", "clues", "file"}] * len(rows)
    order = ["tutorial", "easy", "medium", "hard", "expert", "box"]
    assert [order.index(row["name"].split("-")[0]) for row in rows] == sorted(
        order.index(row["name"].split("-")[0]) for row in rows)
    assert {row["name"]: row["difficulty"] for row in rows}["box-4"] == "expert"
    assert all(load_puzzle(row["file"]).clues and isinstance(row["clues"], int) for row in rows)
