"""Solving a solo puzzle: the solution, whether it is unique, and conflicts when none."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from solver.core.board import Board
from solver.core.cards import DelictClue
from solver.solo.model import PuzzleModel, to_solution
from solver.solo.puzzle import Puzzle

SolveStatus = Literal["unique", "multiple", "none"]


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


def solve_puzzle(puzzle: Puzzle, board: Board) -> Outcome:
    model = PuzzleModel([entry.clue for entry in puzzle.clues], board, switchable=False)
    found = model.solutions(limit=2)
    if not found:
        labels = [puzzle.clues[index].label for index in model.core()]
        return Outcome("none", conflict=labels)
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
        pins = _pins(chosen)
        return PuzzleModel([*cards, *pins], board, switchable=False).solve() is not None

    if possible(placements):
        return None
    return [location for location, delict in placements.items() if not possible({location: delict})]
