"""Solving a solo puzzle: the solution, whether it is unique, and conflicts when none.

Deduction first (`proof.prove`: the technique ladder's reasoning, silent): a puzzle it
settles is proven unique without a search, and CP-SAT is not even imported. Where the
deduction stops, CP-SAT searches (a second solution, or the proof there is none); a
contradiction proves "none", and CP-SAT names a smallest conflicting set of clues.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from solver.core import names
from solver.core.bits import FULL, N
from solver.core.board import Board
from solver.core.cards import DelictClue
from solver.solo.proof import find_solution, prove, to_solution
from solver.solo.puzzle import Puzzle

SolveStatus = Literal["unique", "multiple", "none"]
ProofKind = Literal["deduction", "search"]  # how the status was proven: without a search, or by CP-SAT


@dataclass
class Outcome:
    status: SolveStatus
    solution: dict[str, str] | None = None  # location -> delict
    second: dict[str, str] | None = None
    count: int = 0  # the exact number of solutions
    conflict: list[str] = field(default_factory=list)  # clue labels of a minimal conflict
    disagreements: list[tuple[str, str, str | None]] = field(default_factory=list)
    # (location, delict the file expects, delict the solver found)
    agreeing: int | None = None  # with several solutions and a file's solution: how many agree with it
    proof: ProofKind = "search"


def solve_puzzle(puzzle: Puzzle, board: Board) -> Outcome:
    cards = [entry.clue for entry in puzzle.clues]
    proof = prove(cards, board)
    if proof.status == "unique":
        assert proof.solution is not None
        solution = to_solution(proof.solution)
        return Outcome("unique", solution, count=1, disagreements=compare(puzzle.solution, solution),
                       proof="deduction")
    if proof.status == "none":
        return Outcome("none", conflict=_conflict(puzzle, board), proof="deduction")
    return search_puzzle(puzzle, board)


def _conflict(puzzle: Puzzle, board: Board) -> list[str]:
    """The labels of a smallest set of clues that cannot all hold (CP-SAT's core, made minimal)."""
    from solver.solo.model import PuzzleModel

    return [puzzle.clues[index].label for index in PuzzleModel([entry.clue for entry in puzzle.clues], board).core()]


def search_puzzle(puzzle: Puzzle, board: Board) -> Outcome:
    """Where deduction stops: CP-SAT finds up to two solutions."""
    from solver.solo.model import PuzzleModel

    model = PuzzleModel([entry.clue for entry in puzzle.clues], board, switchable=False)
    found = model.solutions(limit=2)
    if not found:
        return Outcome("none", conflict=_conflict(puzzle, board))
    solution = to_solution(found[0])
    outcome = Outcome("unique" if len(found) == 1 else "multiple", solution, count=len(found))
    if len(found) > 1:
        from solver.counting import count_clues

        outcome.second = to_solution(found[1])
        cards = [entry.clue for entry in puzzle.clues]
        outcome.count = count_clues(cards, board)
        if puzzle.solution:
            outcome.agreeing = count_clues([*cards, *_pins(puzzle.solution)], board)
            if outcome.agreeing:  # show one the file agrees with, and the other one beside it
                agreeing = PuzzleModel([*cards, *_pins(puzzle.solution)], board, switchable=False).solve()
                assert agreeing is not None
                solution = outcome.solution = to_solution(agreeing)
                if outcome.second == solution:
                    outcome.second = to_solution(found[0])
    outcome.disagreements = compare(puzzle.solution, solution)
    return outcome


def _pins(placements: dict[str, str]) -> list[DelictClue]:
    """Each placement (location -> delict) as a card that allows only that location."""
    return [DelictClue(delict, (location,)) for location, delict in placements.items()]


def compare(expected: dict[str, str], found: dict[str, str]) -> list[tuple[str, str, str | None]]:
    """Each location where the expected (partial) solution differs from the found one."""
    return [(loc, delict, found.get(loc)) for loc, delict in expected.items() if found.get(loc) != delict]


def impossible_placements(puzzle: Puzzle, board: Board, placements: dict[str, str]) -> list[str] | None:
    """None when the puzzle has a solution with all these placements (location -> delict); else the
    locations whose placement no solution has, each checked alone ([] when only together they fail)."""
    cards = [entry.clue for entry in puzzle.clues]

    def possible(chosen: dict[str, str]) -> bool:
        """Some solution has these placements: a search by propagation and branching (exact)."""
        start = [FULL] * N
        for location, delict in chosen.items():
            start[names.DELICT_INDEX[delict]] &= 1 << names.LOCATION_INDEX[location]
        return find_solution(cards, board, start) is not None

    if possible(placements):
        return None
    return [location for location, delict in placements.items() if not possible({location: delict})]
