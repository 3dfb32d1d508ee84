"""`schinderhannes print`: a page per puzzle to solve with a pencil; solutions only on request, at the back."""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path

import pytest

from solver.core import names
from solver.core.vocabulary import GROUP_LETTERS as LETTERS
from solver.core.vocabulary import PALETTE
from solver.solo.puzzle import load_puzzle


def _pages(path: Path) -> int:
    data = path.read_bytes()
    return data.count(b"/Type /Page") - data.count(b"/Type /Pages")


def _texts(svg: Path) -> str:
    return unescape(" ".join(re.findall(r">([^<>]+)</text>", svg.read_text(encoding="utf-8"))))


def test_one_puzzle_one_page_and_no_solution_unless_asked(run, tmp_path: Path) -> None:
    code, out, err = run("print", "box-4", "-o", tmp_path / "box.pdf")
    assert code == 0 and err == "" and out.startswith("wrote ") and "1 puzzle page" in out
    assert _pages(tmp_path / "box.pdf") == 1
    code, out, _ = run("print", "box-4", "-o", tmp_path / "both.pdf", "--solution")
    assert code == 0 and "1 puzzle page and 1 solution page" in out
    assert _pages(tmp_path / "both.pdf") == 2


def test_a_booklet_has_the_puzzles_first_and_the_solutions_at_the_back(run, tmp_path: Path) -> None:
    code, _, _ = run("print", "easy-1", "hard-2", "box-3", "-o", tmp_path / "booklet.pdf", "--solution")
    assert code == 0 and _pages(tmp_path / "booklet.pdf") == 6
    code, _, _ = run("print", "easy-1", "hard-2", "box-3", "-o", tmp_path / "booklet.html", "--solution")
    text = (tmp_path / "booklet.html").read_text(encoding="utf-8")
    sections = re.findall(r'<section class="(puzzle|solution)[^"]*">(.*?)</section>', text, re.S)
    assert [kind for kind, _ in sections] == ["puzzle"] * 3 + ["solution"] * 3
    assert [re.search(r"<h1>(.*?)</h1>", body).group(1) for _, body in sections] == [
        "Generated puzzle, seed 1 (easy)", "Generated puzzle, seed 2 (hard)", "Box puzzle 3 (rulebook, solo game)",
        "Solution: Generated puzzle, seed 1 (easy)", "Solution: Generated puzzle, seed 2 (hard)",
        "Solution: Box puzzle 3 (rulebook, solo game)"]
    assert ".puzzle + .puzzle, .solution { break-before: page" in text


def test_the_puzzle_page_never_shows_the_solution(run, tmp_path: Path) -> None:
    puzzle = load_puzzle("easy-2")
    run("print", "easy-2", "-o", tmp_path / "p.html", "--solution")
    page, solution = (tmp_path / "p.html").read_text(encoding="utf-8").split('<section class="solution">')
    assert "Solution" not in page and "<h1>Solution: " in solution
    for location, delict in puzzle.solution.items():
        assert f"<td>{location}</td><td>{names.DISTRICT_OF_LOCATION[location]}</td><td>{names.title(delict)}" \
            in solution.replace("&#x27;", "'")
    assert "<td>Kirn</td>" not in page


def test_svg_is_a_file_per_page(run, tmp_path: Path) -> None:
    code, out, _ = run("print", "tutorial-1", "tutorial-2", "-o", tmp_path / "t.svg", "--solution")
    assert code == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["t-1-solution.svg", "t-1.svg", "t-2-solution.svg",
                                                          "t-2.svg"]
    assert out.splitlines() == [f"wrote {tmp_path / name}" for name in
                                ("t-1.svg", "t-2.svg", "t-1-solution.svg", "t-2-solution.svg")]
    run("print", "tutorial-1", "-o", tmp_path / "alone.svg")
    assert not (tmp_path / "alone-solution.svg").exists()
    assert "Solution" not in _texts(tmp_path / "alone.svg")


def test_the_page_lists_the_delicts_by_group_the_clues_and_the_grid(run, tmp_path: Path) -> None:
    puzzle = load_puzzle("box-4")
    run("print", "box-4", "-o", tmp_path / "p.svg")
    texts = _texts(tmp_path / "p.svg")
    for group, delicts in names.GROUPS.items():
        assert f"{LETTERS[group]} · {group}" in texts
        for delict in delicts:
            assert texts.count(delict) >= 2  # in the key and over the grid's column
    for location in names.LOCATIONS:
        assert location in texts
    for number in range(1, len(puzzle.clues) + 1):
        assert f"{number}." in texts
    svg = (tmp_path / "p.svg").read_text(encoding="utf-8")
    assert len(set(re.findall(r'<pattern id="([^"]+)"', svg))) >= 4  # each group hatched its own way


def test_groups_stay_apart_in_black_and_white() -> None:
    assert len({entry.hatch for entry in PALETTE.values()}) == len(PALETTE) == 4
    assert len(set(LETTERS.values())) == len(names.GROUPS) == 4


def test_the_grid_is_16_by_16_and_can_be_left_out(run, tmp_path: Path) -> None:
    run("print", "medium-1", "-o", tmp_path / "g.html")
    text = (tmp_path / "g.html").read_text(encoding="utf-8")
    grid = re.search(r'<table class="grid">(.*?)</table>', text).group(1)
    rows = re.findall(r"<tr[^>]*>(.*?)</tr>", grid)
    body = [row for row in rows if "<td" in row]
    assert len(body) == 16 and all(row.count("<td") == 16 for row in body)
    assert [re.search(r"<th>(.*?)</th>", row).group(1) for row in body] == list(names.LOCATIONS)
    run("print", "medium-1", "-o", tmp_path / "n.html", "--no-grid")
    assert '<table class="grid">' not in (tmp_path / "n.html").read_text(encoding="utf-8")
    run("print", "medium-1", "-o", tmp_path / "n.pdf", "--no-grid")
    assert _pages(tmp_path / "n.pdf") == 1


def test_generate_print_draws_the_same_sheet(run, tmp_path: Path) -> None:
    code, _, _ = run("generate", "--seed", "3", "--difficulty", "easy", "-o", tmp_path / "g.yaml",
                     "--print", tmp_path / "g.svg")
    assert code == 0 and not (tmp_path / "g-solution.svg").exists()
    run("print", tmp_path / "g.yaml", "-o", tmp_path / "p.svg")
    assert _texts(tmp_path / "g.svg") == _texts(tmp_path / "p.svg")
    code, _, _ = run("generate", "--seed", "3", "--difficulty", "easy", "-o", tmp_path / "h.yaml",
                     "--print", tmp_path / "h.svg", "--print-solution")
    assert code == 0 and (tmp_path / "h-solution.svg").exists()


@pytest.mark.parametrize(("args", "words"), [
    (["box-4", "-o", "sheet.docx"], "cannot print to '.docx'"),
    (["box-44", "-o", "sheet.pdf"], "did you mean 'box-4'"),
    (["box-4", "-o", "no/such/folder/sheet.pdf"], "check the path and that its folder exists"),
])
def test_bad_input_is_one_line(run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, args, words) -> None:
    monkeypatch.chdir(tmp_path)
    code, out, err = run("print", *args)
    assert code == 2 and out == "" and words in err and len(err.splitlines()) == 1
    assert not (tmp_path / "sheet.pdf").exists()
