import pytest

from solver.core.errors import BadInput
from solver.core.paths import PUZZLES_DIR
from solver.solo.puzzle import load_puzzle


def test_bundled_puzzle_loads_cards_clues_and_solution():
    puzzle = load_puzzle(PUZZLES_DIR / "tutorial-3.yaml")
    assert puzzle.title.startswith("Tutorial 3")
    assert len(puzzle.clues) == 17 and puzzle.clues[0].label == "clue 1"
    assert len(puzzle.solution) == 16


def test_cards_by_number_come_from_the_deck(tmp_path):
    path = tmp_path / "p.yaml"
    path.write_text("cards: [3, 38]\nclues:\n  - {type: B, group: green, direction: north}\n", encoding="utf-8")
    puzzle = load_puzzle(path)
    assert [entry.label for entry in puzzle.clues] == ["card 3", "card 38", "clue 1"]


def test_round_trip_through_yaml(tmp_path):
    puzzle = load_puzzle(PUZZLES_DIR / "tutorial-2.yaml")
    path = tmp_path / "again.yaml"
    path.write_text(puzzle.to_yaml(), encoding="utf-8")
    again = load_puzzle(path)
    assert [e.clue for e in again.clues] == [e.clue for e in puzzle.clues]
    assert again.solution == puzzle.solution


BAD_FILES = {
    "yaml syntax": ("clues:\n  - {type: delict, delict: murder\n", 2, "YAML syntax error"),
    "unknown name": ("clues:\n  - {type: delict, delict: murdr, locations: [Kirn, Boos, Simmern, Meisenheim]}\n",
                     2, "did you mean 'murder'"),
    "wrong field type": ("clues:\n  - {type: delict, delict: murder, locations: Kirn}\n", 2, "must be a list"),
    "delict card with three locations": (
        "clues:\n  - {type: A, delict: murder, locations: [Kirn, Boos, Simmern]}\n", 2, "exactly 4"),
    "district card naming one delict twice": (
        "title: x\nclues:\n  - {type: C, delicts: [arrest, Arrest], relation: same}\n", 3, "twice"),
    "unknown card number": ("cards: [3,\n  99]\n", 2, "no card 99"),
    "a card written out under cards": ("cards:\n  - 3\n  - {type: A, delict: murder}\n", 3,
                                       "a card is given by its number, not a mapping"),
    "unknown top-level key": ("title: t\nclue: []\n", 2, "unknown key 'clue'"),
    "solution with an unknown location": ("solution:\n  Kirn: murder\n  Nowhere: arrest\n", 3,
                                          "unknown location"),
}


@pytest.mark.parametrize("name", BAD_FILES)
def test_bad_puzzle_files_name_the_file_and_line(tmp_path, name):
    text, line, message = BAD_FILES[name]
    path = tmp_path / "bad.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(BadInput) as error:
        load_puzzle(path)
    assert error.value.line == line
    assert message in str(error.value)
    assert str(error.value).startswith(f"{path}:{line}: ")


@pytest.mark.parametrize("name", BAD_FILES)
def test_bad_puzzle_files_exit_2_with_one_line_and_no_traceback(tmp_path, name, capfd):
    import subprocess
    import sys

    path = tmp_path / "bad.yaml"
    path.write_text(BAD_FILES[name][0], encoding="utf-8")
    result = subprocess.run([sys.executable, "-c", "from solver.cli import main; main()", "describe", str(path)],
                            capture_output=True, text=True)
    assert result.returncode == 2
    assert result.stdout == ""
    assert len(result.stderr.strip().splitlines()) == 1
    assert "Traceback" not in result.stderr and str(path) in result.stderr


def test_missing_file_is_bad_input(tmp_path):
    with pytest.raises(BadInput, match="no such file"):
        load_puzzle(tmp_path / "nope.yaml")
