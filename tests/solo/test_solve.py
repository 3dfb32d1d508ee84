import json

import pytest

from solver.core.board import load_board
from solver.core.cards import DelictClue, NotClue
from solver.core.names import DELICTS
from solver.core.paths import PUZZLES_DIR
from solver.core.semantics import as_delict_map
from solver.solo.puzzle import Puzzle, PuzzleClue, load_puzzle
from solver.solo.solve import impossible_placements, solve_puzzle
from tests.enumerate_reference import enumerate_count
from tests.reference import brute_force

TUTORIALS = sorted(PUZZLES_DIR.glob("tutorial-*.yaml"))


@pytest.mark.parametrize("path", TUTORIALS, ids=lambda p: p.stem)
def test_hand_written_puzzles_are_unique_by_brute_force_and_by_the_solver(board, path):
    puzzle = load_puzzle(path)
    clues = [entry.clue for entry in puzzle.clues]
    found = list(brute_force(clues, board, limit=2))
    assert found == [as_delict_map(puzzle.solution)]
    outcome = solve_puzzle(puzzle, board)
    assert outcome.status == "unique"
    assert outcome.solution == puzzle.solution
    assert outcome.disagreements == []


def test_multiple_solutions_come_with_a_second_one(board):
    puzzle = load_puzzle(TUTORIALS[0])
    outcome = solve_puzzle(Puzzle(puzzle.clues[1:], {}), board)
    assert outcome.status == "multiple"
    assert outcome.second != outcome.solution
    enumerated, complete = enumerate_count([entry.clue for entry in puzzle.clues[1:]], board, limit=10_000)
    assert complete and outcome.count == enumerated > 1


def test_multiple_says_how_many_in_text(run, tmp_path):
    puzzle = load_puzzle(TUTORIALS[0])
    path = tmp_path / "two.yaml"
    path.write_text(Puzzle(puzzle.clues[1:], {}).to_yaml(), encoding="utf-8")
    count = solve_puzzle(load_puzzle(path), load_board()).count
    text = run("solve", str(path))
    assert text.exit_code == 1
    assert f"multiple: {count:,} solutions (counted exactly)" in text.output
    document = json.loads(run("solve", str(path), "--json").output)
    assert set(document) == {"status", "solution", "second", "proof"}  # exactly the keys docs/formats.md lists
    assert document["proof"] == "search"


def test_none_names_a_minimal_conflict(board):
    clues = [PuzzleClue("clue 1", DelictClue("murder", ("Kirn", "Boos", "Simmern", "Herrstein"))),
             PuzzleClue("card 12", DelictClue("extortion", ("Kirn", "Boos", "Simmern", "Herrstein"))),
             PuzzleClue("clue 3", NotClue("murder", ("Kirn", "Boos", "Simmern", "Herrstein")))]
    outcome = solve_puzzle(Puzzle(clues), board)
    assert outcome.status == "none" and outcome.conflict == ["clue 1", "clue 3"]


def test_disagreement_with_the_files_solution_is_reported(board):
    puzzle = load_puzzle(TUTORIALS[0])
    wrong = dict(puzzle.solution)
    first, second = list(wrong)[:2]
    wrong[first], wrong[second] = wrong[second], wrong[first]
    outcome = solve_puzzle(Puzzle(puzzle.clues, wrong), board)
    assert {loc for loc, _, _ in outcome.disagreements} == {first, second}


def test_solve_json_follows_the_interface(run):
    result = run("solve", str(TUTORIALS[0]), "--json")
    document = json.loads(result.output)
    assert result.exit_code == 0
    assert document["status"] == "unique" and len(document["solution"]) == 16
    assert set(document) == {"status", "solution", "proof"}
    assert document["proof"] == "deduction"
    assert set(document["solution"].values()) == set(DELICTS)  # the display names every command prints


def test_solve_prints_a_table(run):
    result = run("solve", str(TUTORIALS[1]))
    assert "location" in result.output and "unique" in result.output and "Antes Mühle" in result.output


def test_impossible_placements_names_each_one_that_fails_alone(board):
    puzzle = load_puzzle(PUZZLES_DIR / "box-4.yaml")
    assert impossible_placements(puzzle, board, {"Kirn": "murder", "Boos": "jailbreak"}) is None
    assert impossible_placements(puzzle, board, {"Kirn": "murder", "Boos": "arrest"}) == ["Boos"]


def test_placements_that_fail_only_together(board):
    """The robbery must be in Kirn or Boos: murder in Kirn is possible, arrest in Boos too, not both."""
    puzzle = Puzzle([PuzzleClue("clue 1", DelictClue("robbery", ("Kirn", "Boos")))])
    assert impossible_placements(puzzle, board, {"Kirn": "murder"}) is None
    assert impossible_placements(puzzle, board, {"Kirn": "murder", "Boos": "arrest"}) == []


def test_a_file_solution_consistent_with_some_of_several_solutions_is_not_a_disagreement(run, tmp_path):
    puzzle = load_puzzle(TUTORIALS[0])
    path = tmp_path / "open.yaml"
    given = dict(list(puzzle.solution.items())[:3])
    path.write_text(Puzzle(puzzle.clues[1:], given).to_yaml(), encoding="utf-8")
    outcome = solve_puzzle(load_puzzle(path), load_board())
    assert outcome.status == "multiple" and outcome.agreeing and 0 < outcome.agreeing <= outcome.count
    assert not outcome.disagreements and all(outcome.solution[loc] == d for loc, d in given.items())
    text = run("solve", str(path))
    assert text.exit_code == 1 and "disagrees" not in text.output
    assert (f"consistent with the file's solution ({outcome.agreeing:,} of {outcome.count:,} solutions)"
            in text.output)
    assert json.loads(run("solve", str(path), "--json").output)["agreeing"] == outcome.agreeing
