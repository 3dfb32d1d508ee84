import json

import pytest

from solver.core import names
from solver.core.cards import DistrictClue
from solver.core.paths import PUZZLES_DIR
from solver.core.semantics import as_delict_map, holds
from solver.solo.explain import explain_puzzle
from solver.solo.generate import DEFAULT_TYPES, Options, generate, grade, is_minimal, target_level
from solver.solo.model import PuzzleModel
from solver.solo.puzzle import load_puzzle

SHIPPED = sorted(p for d in ("easy", "medium", "hard", "expert") for p in PUZZLES_DIR.glob(f"{d}-*.yaml"))


def _check_proven(puzzle, board, difficulty):
    clues = [entry.clue for entry in puzzle.clues]
    model = PuzzleModel(clues, board)
    assert model.is_unique()
    assert is_minimal(model, range(len(clues)))
    assert grade(clues, board) == target_level(difficulty)
    assert all(holds(clue, as_delict_map(puzzle.solution), board) for clue in clues)


@pytest.mark.parametrize("difficulty", ["easy", "medium"])
def test_generated_puzzles_are_unique_minimal_and_graded(board, difficulty):
    puzzle = generate(11, board, Options(difficulty=difficulty))
    _check_proven(puzzle, board, difficulty)
    assert puzzle.extra["difficulty"] == difficulty and puzzle.extra["seed"] == 11
    assert explain_puzzle(puzzle, board).difficulty == difficulty


def test_the_same_seed_gives_the_same_puzzle(board):
    assert generate(5, board, Options("easy")).to_yaml() == generate(5, board, Options("easy")).to_yaml()
    assert generate(5, board, Options("easy")).to_yaml() != generate(6, board, Options("easy")).to_yaml()


def test_a_given_partial_solution_is_kept(board):
    given = {"Kirn": "murder", "Boos": "arrest"}
    puzzle = generate(3, board, Options("easy", given=given))
    assert all(puzzle.solution[location] == delict for location, delict in given.items())


def test_options_for_authors(board):
    puzzle = generate(1, board, Options("medium", types=(*DEFAULT_TYPES["medium"], "C"), needs_district=True,
                                        min_cards=10, max_cards=30))
    assert any(isinstance(entry.clue, DistrictClue) for entry in puzzle.clues)
    assert 10 <= len(puzzle.clues) <= 30


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.stem)
def test_shipped_generated_puzzles_are_unique_minimal_and_graded(board, path):
    puzzle = load_puzzle(path)
    _check_proven(puzzle, board, puzzle.extra["difficulty"])
    assert len(puzzle.solution) == len(names.LOCATIONS)


def test_three_shipped_puzzles_per_difficulty():
    for difficulty in ("easy", "medium", "hard", "expert"):
        assert len(list(PUZZLES_DIR.glob(f"{difficulty}-*.yaml"))) >= 3


def test_generate_command_writes_a_puzzle(run, tmp_path):
    out = tmp_path / "p.yaml"
    result = run("generate", "--seed", "2", "--difficulty", "easy", "-o", str(out))
    assert result.exit_code == 0
    assert load_puzzle(out).extra["difficulty"] == "easy"


def test_generate_rejects_bad_options(run):
    result = run("generate", "--types", "A,X")
    assert result.exit_code != 0


@pytest.mark.parametrize(("args", "words"), [
    (["--given", "Kirn=murder", "--given", "Kirn=arrest"], "--given names Kirn twice"),
    (["--count", "0", "-o", "out"], "'--count': 0 is not in the range"),
    (["--print", "sheet.docx"], "cannot print to '.docx'"),
    (["--count", "2", "-o", "out", "--print", "docx"], "cannot print to '.docx'"),
])
def test_bad_options_are_refused_before_any_work(run, args, words):
    code, out, err = run("generate", *args)
    assert code == 2 and out == "" and words in err


@pytest.mark.parametrize("cards", ["30-10", "0-10", "ten"])
def test_a_card_range_out_of_order_is_bad_input_not_a_search(run, cards):
    code, out, err = run("generate", "--cards", cards)
    assert code == 2 and out == ""
    assert err.startswith("error: --cards") and len(err.splitlines()) == 1


def test_giving_up_says_why_and_what_to_change(board):
    from solver.solo.generate import GenerationFailed, Options, generate

    seen: list[str | None] = []
    options = Options(difficulty="easy", min_cards=40, max_cards=60, max_tries=12)
    with pytest.raises(GenerationFailed) as failed:
        generate(3, board, options, seen.append)
    assert len(seen) == 12 and None not in seen  # the progress callback saw every attempt
    message = str(failed.value)
    assert message.startswith("no easy puzzle for seed 3 in 12 attempts: ")
    assert "cards" in message and message.endswith(", or allow more tries")
    assert "--" not in message  # the library names no flag: the command does (below)


def test_the_time_limit_bounds_the_search(board):
    from solver.solo.generate import GenerationFailed, Options, generate

    seen: list[str | None] = []
    with pytest.raises(GenerationFailed, match="stopped after the time limit of"):
        generate(3, board, Options(difficulty="easy", min_cards=40, time_limit=1e-9), seen.append)
    assert len(seen) == 1


def test_generate_command_explains_a_give_up(run):
    result = run("generate", "--seed", "3", "--difficulty", "easy", "--cards", "40-60", "--max-tries", "5")
    assert result.exit_code == 1
    assert "no easy puzzle for seed 3 in 5 attempts" in result.stderr and "--cards" in result.stderr
    assert result.stderr.rstrip().endswith(", or allow more --max-tries")


def test_generate_json_reports_the_puzzle(run, tmp_path):
    out = tmp_path / "p.yaml"
    result = run("generate", "--seed", "2", "--difficulty", "easy", "-o", out, "--json")
    document = json.loads(result.output)
    assert result.exit_code == 0 and document["file"] == str(out) and document["difficulty"] == "easy"
    assert document["seed"] == 2 and document["cards"] == len(load_puzzle(out).clues)
    assert document["puzzle"]["solution"] == load_puzzle(out).solution
