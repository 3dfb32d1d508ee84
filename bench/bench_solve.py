"""Benchmark: solve and prove unique every bundled puzzle, in-process, next to a minimal CP-SAT model.

    python bench/bench_solve.py [--repeat 30] [--wall]

Columns (same run, same puzzles; the timed calls take turns, so load on the machine hits them alike):
  ours     - solver.solo.model.PuzzleModel(switchable=False) built and uniqueness proven: clues reduced
             to propagated masks, only the booleans still open made (no CP-SAT when propagation decides)
  minimal  - baseline: a minimal CP-SAT model built fresh each time: 16 IntVars, add_all_different, one
             constraint per clue; uniqueness by one enumeration stopped at the second solution (1 worker,
             default presolve, a CpModel made as ours is). Measured: about twice as fast as
             solving, forbidding the solution and solving again, so it is the stricter baseline.
  ratio    - ours / minimal: of the medians, and of the maxima
  solve    - solver.solo.solve.solve_puzzle end to end in-process (whatever engine it uses; what the
             `solve` command runs) and its ratio of medians to minimal
  warm     - a switchable PuzzleModel built once, uniqueness re-proven with assumptions (the generator's loop)
  explain  - the human-style ladder solving the same puzzle (no search)
Goal: ours ≤ 1.5× minimal on every bundled puzzle, at the median and at the worst.
Times are milliseconds of this process's CPU time (time.process_time: the work is single-threaded,
and time the machine gives to other processes does not count); --wall takes wall-clock time instead.
On a busy machine compare the ratios, not the times.
"""

from __future__ import annotations

import argparse
import gc
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

from ortools.sat.python import cp_model

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from solver.core import names
from solver.core.board import load_board
from solver.core.cards import DelictClue, DistrictClue, GroupClue, LocationClue, NotClue
from solver.solo.explain import explain_puzzle
from solver.solo.model import PuzzleModel, new_cp_model
from solver.solo.puzzle import load_puzzle
from solver.solo.solve import solve_puzzle

PUZZLES = Path(__file__).resolve().parent.parent / "puzzles"
GOAL = 1.5


class _StopAtSecond(cp_model.CpSolverSolutionCallback):
    def __init__(self) -> None:
        super().__init__()
        self.found = 0

    def on_solution_callback(self) -> None:
        self.found += 1
        if self.found == 2:
            self.stop_search()


def minimal_model_unique(clues, board) -> bool:
    """The baseline: a minimal integer model of the puzzle, built fresh, uniqueness proven."""
    model = new_cp_model()
    where = [model.new_int_var(0, 15, f"d{d}") for d in range(16)]
    model.add_all_different(where)
    for clue in clues:
        _add_integer(model, where, clue, board)
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.enumerate_all_solutions = True
    counter = _StopAtSecond()
    solver.solve(model, counter)
    return counter.found == 1


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
                model.add(where[names.DELICT_INDEX[delict]] != index[location]).only_enforce_if(~flag)
            model.add_bool_or(at)
        case GroupClue(group, direction):
            inside = [int(board.in_direction(x, direction)) for x in names.LOCATIONS]
            flags = []
            for delict in names.GROUPS[group]:
                flag = model.new_bool_var("")
                model.add_element(where[names.DELICT_INDEX[delict]], inside, flag)
                flags.append(flag)
            model.add_bool_or(flags)
        case DistrictClue((first, second), relation):
            pairs = sorted(board.joined_pairs[relation])
            model.add_allowed_assignments([where[names.DELICT_INDEX[first]], where[names.DELICT_INDEX[second]]], pairs)


def timed_in_turns(functions: dict[str, Callable[[], object]], repeat: int,
                   clock: Callable[[], float] = time.process_time) -> dict[str, list[float]]:
    """Milliseconds per call, the functions called in turn `repeat` times (the order rotating)."""
    times: dict[str, list[float]] = {key: [] for key in functions}
    keys = list(functions)
    for round_ in range(repeat):
        for key in keys[round_ % len(keys):] + keys[:round_ % len(keys)]:
            start = clock()
            functions[key]()
            times[key].append((clock() - start) * 1000)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=30)
    parser.add_argument("--wall", action="store_true", help="wall-clock time instead of CPU time")
    args = parser.parse_args()
    clock = time.perf_counter if args.wall else time.process_time
    board = load_board()
    paths = sorted(PUZZLES.glob("*.yaml"))
    print(f"{len(paths)} bundled puzzles; {'wall-clock' if args.wall else 'CPU'} milliseconds "
          f"(median / max over {args.repeat} runs each), ratio = ours / minimal\n")
    header = (f"{'puzzle':<12}{'cards':>6}{'ours':>14}{'minimal':>14}{'ratio med':>10}{'ratio max':>10}"
              f"{'solve':>8}{'ratio':>7}{'warm':>7}{'explain':>9}")
    print(header)
    median_ratios, max_ratios, solve_ratios = [], [], []
    for path in paths:
        puzzle = load_puzzle(path)
        clues = [entry.clue for entry in puzzle.clues]
        warm = PuzzleModel(clues, board)
        assert PuzzleModel(clues, board, switchable=False).is_unique() and minimal_model_unique(clues, board)
        gc.collect()
        times = timed_in_turns({
            "ours": lambda clues=clues: PuzzleModel(clues, board, switchable=False).is_unique(),
            "minimal": lambda clues=clues: minimal_model_unique(clues, board),
            "solve": lambda puzzle=puzzle: solve_puzzle(puzzle, board),
            "warm": warm.is_unique,
        }, args.repeat, clock)
        explain = timed_in_turns({"explain": lambda puzzle=puzzle: explain_puzzle(puzzle, board)},
                                 max(3, args.repeat // 10), clock)["explain"]
        med = {key: statistics.median(values) for key, values in times.items()}
        top = {key: max(values) for key, values in times.items()}
        median_ratios.append(med["ours"] / med["minimal"])
        max_ratios.append(top["ours"] / top["minimal"])
        solve_ratios.append(med["solve"] / med["minimal"])
        print(f"{path.stem:<12}{len(clues):>6}"
              f"{med['ours']:>7.2f} /{top['ours']:>5.1f}{med['minimal']:>7.2f} /{top['minimal']:>5.1f}"
              f"{median_ratios[-1]:>9.2f}×{max_ratios[-1]:>9.2f}×"
              f"{med['solve']:>8.2f}{solve_ratios[-1]:>6.2f}×{med['warm']:>7.2f}{statistics.median(explain):>9.1f}")
    worst = max(median_ratios)
    worst_max = max(max_ratios)
    print(f"\nours / minimal: median over puzzles {statistics.median(median_ratios):.2f}×, "
          f"worst puzzle {worst:.2f}× ({paths[median_ratios.index(worst)].stem}), "
          f"worst ratio of maxima {worst_max:.2f}× ({paths[max_ratios.index(worst_max)].stem})")
    print(f"solve_puzzle / minimal: median {statistics.median(solve_ratios):.2f}×, worst {max(solve_ratios):.2f}×")
    holds = "holds" if max(worst, worst_max) <= GOAL else "MISSED"
    print(f"goal: ours ≤ {GOAL}× minimal on every puzzle, median and worst: {holds}")


if __name__ == "__main__":
    main()
