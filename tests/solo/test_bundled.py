"""The bundled puzzles are all different: no two share their clues or their hidden solution."""

from itertools import combinations

import pytest

from solver.core.paths import PUZZLES_DIR
from solver.solo.puzzle import load_puzzle
from solver.solo.solve import solve_puzzle

BUNDLED = sorted(PUZZLES_DIR.glob("*.yaml"))


@pytest.fixture(scope="module")
def solved(board):
    found = {}
    for path in BUNDLED:
        puzzle = load_puzzle(path)
        outcome = solve_puzzle(puzzle, board)
        assert outcome.status == "unique", path.stem
        found[path.stem] = (frozenset(entry.clue for entry in puzzle.clues), tuple(sorted(outcome.solution.items())))
    return found


def test_no_two_bundled_puzzles_share_their_clues_or_their_solution(solved):
    assert len(solved) >= 19
    for (first, (clues_1, solution_1)), (second, (clues_2, solution_2)) in combinations(solved.items(), 2):
        assert clues_1 != clues_2, f"{first} and {second} have the same clues"
        assert solution_1 != solution_2, f"{first} and {second} have the same solution"


def test_a_seed_gives_a_different_solution_at_each_difficulty(board):
    from solver.solo.generate import Options, generate

    solutions = [generate(7, board, Options(difficulty)).solution for difficulty in ("easy", "hard")]
    assert solutions[0] != solutions[1]


@pytest.mark.parametrize("path", sorted(PUZZLES_DIR.glob("[emh]*-*.yaml")), ids=lambda p: p.stem)
def test_a_bundled_generated_puzzle_is_what_generate_gives_for_its_seed(board, path):
    from solver.solo.generate import Options, generate

    puzzle = load_puzzle(path)
    again = generate(puzzle.extra["seed"], board, Options(puzzle.extra["difficulty"]))
    assert again.to_yaml() == path.read_text(encoding="utf-8")
