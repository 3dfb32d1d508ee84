"""Printable puzzle sheets: each format writes its files, with the clues and the solution in them."""

from __future__ import annotations

import html
import re
from dataclasses import replace

import pytest

from solver.core import names
from solver.core.errors import BadInput
from solver.core.paths import PUZZLES_DIR
from solver.solo.puzzle import Puzzle, load_puzzle
from solver.solo.sheet import write_sheet


@pytest.fixture(scope="module")
def tutorial() -> Puzzle:
    return load_puzzle(PUZZLES_DIR / "tutorial-1.yaml")


@pytest.fixture(scope="module")
def box() -> Puzzle:
    return load_puzzle(PUZZLES_DIR / "box-4.yaml")


def _pages(data: bytes) -> int:
    return data.count(b"/Type /Page") - data.count(b"/Type /Pages")


def test_html_has_every_clue_the_page_break_and_the_solution(box, board, tmp_path):
    path = tmp_path / "sheet.html"
    assert write_sheet(box, board, path) == [path]
    text = path.read_text(encoding="utf-8")
    assert text.startswith("<!DOCTYPE html>") and "<svg" in text and "<link" not in text
    for entry in box.clues:
        assert html.escape(entry.clue.sentence()) in text
        assert entry.label in text
    assert "break-before: page" in text and "page-break-before: always" in text
    puzzle_page, solution_page = text.split('<section class="solution">')
    for delict in box.solution.values():
        assert html.escape(names.title(delict)) in solution_page
    assert "Meisenheim" in puzzle_page and "Box puzzle 4" in puzzle_page


def test_html_escapes_text(tutorial, board, tmp_path):
    puzzle = replace(tutorial, title="Mine <b> & yours", extra={"difficulty": "hard", "seed": 7})
    path = tmp_path / "sheet.html"
    write_sheet(puzzle, board, path)
    text = path.read_text(encoding="utf-8")
    assert "Mine &lt;b&gt; &amp; yours" in text and "<b>" not in text
    assert "Difficulty: hard" in text and "Seed: 7" in text
    assert "robbers&#x27; ball" in text


def test_html_with_a_solution_the_solver_cannot_prove_says_so_and_leaves_blanks(tutorial, board, tmp_path):
    wrong = {"Kirn": "murder", "Boos": "donkey theft"}  # not the tutorial's: nothing is filled in
    assert any(tutorial.solution[location] != delict for location, delict in wrong.items())
    path = tmp_path / "sheet.html"
    write_sheet(replace(tutorial, solution=wrong), board, path)
    solution_page = path.read_text(encoding="utf-8").split('<section class="solution">')[1]
    assert "2 of the 16 locations (Kirn, Boos)" in solution_page
    assert "Donkey theft" in solution_page and "Arrest" not in solution_page
    path = tmp_path / "none.html"
    write_sheet(replace(tutorial, solution={}), board, path)
    assert "The whole solution, proven unique by the solver" in path.read_text(encoding="utf-8")


def test_the_solution_page_fills_in_what_the_solver_proved_and_marks_the_files_entries(board, tmp_path):
    # box puzzle 1's file holds the rulebook's 5 entries; a pencil solver checks all 16
    box = load_puzzle(PUZZLES_DIR / "box-1.yaml")
    path = tmp_path / "box.html"
    write_sheet(box, board, path)
    solution_page = path.read_text(encoding="utf-8").split('<section class="solution">')[1]
    rows = re.findall(r"<tr><td>([^<]+)</td><td>[^<]*</td><td>([^<]*)</td>", solution_page)
    assert len(rows) == 16 and all(delict for _, delict in rows)
    marked = {html.unescape(location) for location, delict in rows if delict.endswith(" •")}
    assert marked == set(box.solution) and len(marked) == 5
    assert "the other 11 are the solver&#x27;s, proven unique" in solution_page


def test_pdf_has_two_pages(box, board, tmp_path):
    path = tmp_path / "sheet.pdf"
    assert write_sheet(box, board, path) == [path]
    data = path.read_bytes()
    assert data.startswith(b"%PDF") and _pages(data) == 2


def test_pdf_fits_forty_clues_on_two_pages(box, tutorial, board, tmp_path):
    many = replace(box, clues=(box.clues + tutorial.clues + box.clues)[:40], solution={})
    path = tmp_path / "many.pdf"
    write_sheet(many, board, path)
    assert _pages(path.read_bytes()) == 2


def test_svg_writes_the_puzzle_and_the_solution_page(tutorial, board, tmp_path):
    path = tmp_path / "sheet.svg"
    second = tmp_path / "sheet-solution.svg"
    assert write_sheet(tutorial, board, path) == [path, second]
    puzzle_page = path.read_text(encoding="utf-8")
    solution_page = second.read_text(encoding="utf-8")
    assert puzzle_page.startswith("<?xml") and solution_page.startswith("<?xml")
    texts = " ".join(re.findall(r">([^<]+)</text>", puzzle_page))
    assert "One of these took place in Boos:" in texts and "Clues" in texts
    assert "Highway robbery" in solution_page and "Highway robbery" not in puzzle_page


@pytest.mark.parametrize("name", ["sheet.xyz", "sheet.png", "sheet"])
def test_other_extensions_are_bad_input(tutorial, board, tmp_path, name):
    with pytest.raises(BadInput, match=r"cannot print to '.*': use \.html, \.pdf or \.svg"):
        write_sheet(tutorial, board, tmp_path / name)
    assert not (tmp_path / name).exists()


def test_bad_extension_message(tutorial, board, tmp_path):
    with pytest.raises(BadInput) as caught:
        write_sheet(tutorial, board, tmp_path / "a.xyz")
    assert str(caught.value) == "cannot print to '.xyz': use .html, .pdf or .svg"
