"""The silent proof by deduction: never claims more than the exact counter confirms."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver.core import names
from solver.core.bits import FULL, N
from solver.core.paths import PUZZLES_DIR
from solver.counting import count_clues
from solver.solo.explain import explain_puzzle
from solver.solo.model import PuzzleModel
from solver.solo.proof import find_solution, prove, satisfies, to_solution
from solver.solo.puzzle import load_puzzle
from solver.solo.solve import solve_puzzle
from tests.strategies import clues, solutions, true_clues

BUNDLED = sorted(PUZZLES_DIR.glob("*.yaml"))


@pytest.mark.parametrize("path", BUNDLED, ids=lambda p: p.stem)
def test_every_bundled_puzzle_is_proven_by_deduction_with_the_solution_cp_sat_finds(board, path):
    puzzle = load_puzzle(path)
    cards = [entry.clue for entry in puzzle.clues]
    assert explain_puzzle(puzzle, board).status == "solved"  # the ladder solves it: so does the proof
    outcome = solve_puzzle(puzzle, board)
    assert outcome.status == "unique" and outcome.proof == "deduction"
    found = PuzzleModel(cards, board, switchable=False).solutions(limit=2)
    assert len(found) == 1 and outcome.solution == to_solution(found[0])
    assert outcome.disagreements == [] and outcome.count == 1


def _check(cards, board) -> None:
    count = count_clues(cards, board)
    proof = prove(cards, board)
    if proof.status == "unique":
        assert count == 1 and proof.solution is not None and satisfies(cards, proof.solution, board)
    if proof.status == "none":
        assert count == 0
    found = find_solution(cards, board)
    assert (found is None) == (count == 0)
    if found is not None:
        assert satisfies(cards, found, board)


@settings(max_examples=100)
@given(st.lists(clues, max_size=30))
def test_any_clue_set_proof_and_search_agree_with_the_counter(board, cards):
    _check(cards, board)


@settings(max_examples=100)
@given(solutions.flatmap(lambda where: st.tuples(st.just(where), st.lists(true_clues(where), min_size=10,
                                                                              max_size=40))))
def test_true_clue_sets_proven_unique_have_the_hidden_solution(board, drawn):
    where, cards = drawn
    _check(cards, board)
    proof = prove(cards, board)
    if proof.status == "unique":
        assert proof.solution == tuple(names.LOCATION_INDEX[where[d]] for d in names.DELICTS)


@settings(max_examples=100)
@given(st.lists(clues, max_size=12), st.dictionaries(st.integers(0, N - 1), st.integers(0, N - 1), max_size=4))
def test_search_within_pinned_candidates_agrees_with_the_counter(board, cards, pins):
    from solver.core.cards import DelictClue

    start = [FULL] * N
    for d, loc in pins.items():
        start[d] &= 1 << loc
    pinned = [DelictClue(names.DELICTS[d], (names.LOCATIONS[loc],)) for d, loc in pins.items()]
    found = find_solution(cards, board, start)
    assert (found is None) == (count_clues([*cards, *pinned], board) == 0)
    if found is not None:
        assert all(found[d] == loc for d, loc in pins.items())


def test_a_contradiction_is_proven_none_and_cp_sat_names_the_conflict(board):
    from solver.core.cards import DelictClue, NotClue
    from solver.solo.puzzle import Puzzle, PuzzleClue

    places = ("Kirn", "Boos", "Simmern", "Herrstein")
    clues_ = [PuzzleClue("clue 1", DelictClue("murder", places)), PuzzleClue("clue 2", NotClue("murder", places))]
    outcome = solve_puzzle(Puzzle(clues_), board)
    assert outcome.status == "none" and outcome.proof == "deduction" and outcome.conflict == ["clue 1", "clue 2"]
