"""The grids the explanation benchmark and its golden test share: for every bundled puzzle, grids
part-way through its explanation (the first k steps' removals crossed out, the cells they settle
placed), the same grids with one wrong entry, and the grids a player gets by following the hints."""

from __future__ import annotations

from solver.core import names
from solver.core.board import Board
from solver.solo.explain import explain_puzzle
from solver.solo.hints import Grid, grid_hint
from solver.solo.puzzle import Puzzle, bundled_puzzles, load_puzzle
from solver.solo.solve import solve_puzzle
from solver.solo.techniques import Candidates

SAMPLES = 6  # grids part-way through each explanation (k evenly spread over its steps)
WALK = 200  # hints followed from the empty grid, at most


def puzzles() -> dict[str, Puzzle]:
    return {name: load_puzzle(path) for name, path in bundled_puzzles().items()}


def solution_of(puzzle: Puzzle, board: Board) -> dict[str, str]:
    outcome = solve_puzzle(puzzle, board)
    assert outcome.solution is not None
    return dict(outcome.solution)


def _grid_after(steps, k: int) -> Grid:
    state = Candidates.everything()
    crossed: set[tuple[str, str]] = set()
    for step in steps[:k]:
        for d, loc in step.removals:
            state.masks[d] &= ~(1 << loc)
            crossed.add((names.LOCATIONS[loc], names.DELICTS[d]))
    placed = {(names.LOCATIONS[mask.bit_length() - 1], names.DELICTS[d])
              for d, mask in enumerate(state.masks) if mask and not mask & (mask - 1)}
    return Grid(frozenset(placed), frozenset(crossed))


def _with_wrong(grid: Grid, solution: dict[str, str]) -> Grid:
    """The grid with one cell of the solution crossed out (the first not already placed)."""
    for location, delict in sorted(solution.items()):
        if (location, delict) not in grid.placed:
            return Grid(grid.placed, grid.crossed | {(location, delict)})
    return grid


def sample_grids(puzzle: Puzzle, board: Board, solution: dict[str, str]) -> list[tuple[str, Grid]]:
    steps = explain_puzzle(puzzle, board).steps
    ks = sorted({round(i * len(steps) / SAMPLES) for i in range(SAMPLES)})
    grids: list[tuple[str, Grid]] = []
    for k in ks:
        grid = _grid_after(steps, k)
        grids.append((f"explained {k}", grid))
        grids.append((f"explained {k} + wrong", _with_wrong(grid, solution)))
    grid = Grid()
    for number in range(WALK):
        grids.append((f"walked {number}", grid))
        hint = grid_hint(puzzle, board, grid, solution)
        if hint.status != "step":
            break
        grid = Grid(grid.placed | frozenset(hint.placements), grid.crossed | frozenset(hint.removals))
    return grids


def grid_key(grid: Grid) -> dict[str, list[list[str]]]:
    return {"placed": sorted(map(list, grid.placed)), "crossed": sorted(map(list, grid.crossed))}
