"""Benchmark: solve and prove unique a ~20-card puzzle, in-process, next to baselines.

    python bench/bench_solve.py [--repeat 30]

Rows (same run, same puzzles):
  boolean model   - solver.solo.model.PuzzleModel (x[d][l] booleans), build + solve + prove unique
  integer model   - baseline: 16 IntVars with add_all_different, built fresh, solve, forbid, solve
  warm model      - PuzzleModel built once, uniqueness re-proved with assumptions (the generator's loop)
  explainer       - the human-style ladder solving the same puzzle (no search)
Targets: solve + prove unique < 50 ms median; goal ≈ 5 ms.
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

from ortools.sat.python import cp_model

from solver.core import names
from solver.core.board import load_board
from solver.core.cards import DelictClue, DistrictClue, GroupClue, LocationClue, NotClue
from solver.solo.explain import explain_puzzle
from solver.solo.model import PuzzleModel
from solver.solo.puzzle import load_puzzle

PUZZLES = Path(__file__).resolve().parent.parent / "puzzles"


def integer_model_unique(clues, board) -> bool:
    model = cp_model.CpModel()
    where = [model.new_int_var(0, 15, f"d{d}") for d in range(16)]
    model.add_all_different(where)
    for clue in clues:
        _add_integer(model, where, clue, board)
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    assert solver.solve(model) in (cp_model.OPTIMAL, cp_model.FEASIBLE)
    first = [solver.value(v) for v in where]
    differs = [model.new_bool_var("") for _ in range(16)]
    for d in range(16):
        model.add(where[d] != first[d]).only_enforce_if(differs[d])
    model.add_bool_or(differs)
    return solver.solve(model) == cp_model.INFEASIBLE


def _add_integer(model, where, clue, board) -> None:
    index = names.LOCATION_INDEX
    match clue:
        case DelictClue(delict, locations):
            model.add_allowed_assignments([where[names.DELICT_INDEX[delict]]], [(index[x],) for x in locations])
        case NotClue(delict, locations):
            model.add_forbidden_assignments([where[names.DELICT_INDEX[delict]]], [(index[x],) for x in locations])
        case LocationClue(location, delicts):
            at = [model.new_bool_var("") for _ in delicts]
            for flag, delict in zip(at, delicts, strict=True):
                model.add(where[names.DELICT_INDEX[delict]] == index[location]).only_enforce_if(flag)
            model.add_bool_or(at)
        case GroupClue(group, direction):
            inside = [index[x] for x in names.LOCATIONS if board.in_direction(x, direction)]
            flags = []
            for delict in names.GROUPS[group]:
                flag = model.new_bool_var("")
                model.add_allowed_assignments([where[names.DELICT_INDEX[delict]]], [(x,) for x in inside]
                                              ).only_enforce_if(flag)
                flags.append(flag)
            model.add_bool_or(flags)
        case DistrictClue((first, second), relation):
            pairs = sorted(board.joined_pairs[relation])
            model.add_allowed_assignments([where[names.DELICT_INDEX[first]], where[names.DELICT_INDEX[second]]], pairs)


def timed(function, repeat: int) -> list[float]:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        function()
        times.append((time.perf_counter() - start) * 1000)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=30)
    args = parser.parse_args()
    board = load_board()
    chosen = [p for p in sorted(PUZZLES.glob("*.yaml")) if 17 <= len(load_puzzle(p).clues) <= 24]
    print(f"{len(chosen)} puzzles with 17-24 cards; median / max ms over {args.repeat} runs each\n")
    print(f"{'puzzle':<14}{'cards':>6}{'boolean':>10}{'integer':>10}{'warm':>8}{'explain':>10}")
    medians: dict[str, list[float]] = {"boolean": [], "integer": [], "warm": [], "explain": []}
    for path in chosen:
        puzzle = load_puzzle(path)
        clues = [entry.clue for entry in puzzle.clues]
        warm = PuzzleModel(clues, board)
        rows = {
            "boolean": timed(lambda clues=clues: PuzzleModel(clues, board, switchable=False).is_unique(), args.repeat),
            "integer": timed(lambda clues=clues: integer_model_unique(clues, board), args.repeat),
            "warm": timed(warm.is_unique, args.repeat),
            "explain": timed(lambda puzzle=puzzle: explain_puzzle(puzzle, board), max(3, args.repeat // 10)),
        }
        for key, values in rows.items():
            medians[key].append(statistics.median(values))
        print(f"{path.stem:<14}{len(clues):>6}" + "".join(f"{statistics.median(rows[k]):>{w}.1f}"
                                                           for k, w in (("boolean", 10), ("integer", 10),
                                                                        ("warm", 8), ("explain", 10))))
    print("\nmedian over puzzles (ms): " + ", ".join(f"{k} {statistics.median(v):.1f}" for k, v in medians.items()))
    print("target: solve + prove unique < 50 ms; goal ≈ 5 ms in-process")


if __name__ == "__main__":
    main()
