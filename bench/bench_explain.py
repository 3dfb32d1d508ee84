"""Explanations and hints: a full explanation of every bundled puzzle, and the hint from grids
part-way through each (wrong entries included), beside the empty clue set's explanation.

    python bench/bench_explain.py [--runs 5]

Prints per puzzle the median time of `explain_puzzle` over --runs runs (the ladder's caches emptied
before each, as in a fresh process) and the worst hint over its sample grids
(tests/solo/explain_samples.py: the first k steps of the explanation applied, the same with one
wrong entry, and every grid met following the hints from the empty grid), each its best of --runs
passes, a pass asking every grid's hint once, one after another as the served page asks them, with
the ladder's caches emptied before it (a grid's repeat never finds its own work kept). Goals:
every explanation <= 50 ms, every hint <= 20 ms.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from solver.core.board import load_board  # noqa: E402
from solver.solo.explain import explain_clues, explain_puzzle  # noqa: E402
from solver.solo.hints import grid_hint  # noqa: E402
from solver.solo.techniques import clear_caches  # noqa: E402
from tests.solo.explain_samples import puzzles, sample_grids, solution_of  # noqa: E402

GOAL_EXPLAIN = 0.050
GOAL_HINT = 0.020


def median(call, runs: int) -> float:
    """The median of `runs` calls, each with the ladder's caches emptied first (a fresh process's)."""
    times = []
    for _ in range(runs):
        clear_caches()
        start = time.perf_counter()
        call()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def hint_times(puzzle, board, grids, solution, runs: int) -> list[float]:
    """Per grid, the best of `runs` passes over the grids, each grid's hint asked once per pass in
    order, as a page asks them: the ladder's caches are emptied before each pass, never between
    the asks of one pass (a grid asked again in the same pass would find its own work kept)."""
    best = [float("inf")] * len(grids)
    for _ in range(runs):
        clear_caches()
        for index, (_, grid) in enumerate(grids):
            start = time.perf_counter()
            grid_hint(puzzle, board, grid, solution)
            best[index] = min(best[index], time.perf_counter() - start)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    board = load_board()
    baseline = median(lambda: explain_clues([], board), max(args.runs, 20))
    print(f"baseline: explain of the empty clue set {baseline * 1e3:.2f} ms")
    print(f"{'puzzle':<12} {'steps':>5} {'explain ms':>10} {'grids':>5} {'worst hint ms':>13}  worst grid")
    worst_explain, worst_hint = ("", 0.0), ("", 0.0)
    for name, puzzle in puzzles().items():
        solution = solution_of(puzzle, board)
        steps = len(explain_puzzle(puzzle, board).steps)
        explain = median(lambda p=puzzle: explain_puzzle(p, board), args.runs)
        grids = sample_grids(puzzle, board, solution)
        times = hint_times(puzzle, board, grids, solution, args.runs)
        hint, where = max(zip(times, [label for label, _ in grids], strict=True))
        print(f"{name:<12} {steps:>5} {explain * 1e3:>10.1f} {len(grids):>5} {hint * 1e3:>13.2f}  {where}")
        worst_explain = max(worst_explain, (name, explain), key=lambda pair: pair[1])
        worst_hint = max(worst_hint, (f"{name} {where}", hint), key=lambda pair: pair[1])
    explain_ok = worst_explain[1] <= GOAL_EXPLAIN
    hint_ok = worst_hint[1] <= GOAL_HINT
    print(f"worst explanation {worst_explain[1] * 1e3:.1f} ms ({worst_explain[0]}), "
          f"goal <= {GOAL_EXPLAIN * 1e3:.0f} ms: "
          f"{'met' if explain_ok else 'NOT met'}; worst hint {worst_hint[1] * 1e3:.2f} ms ({worst_hint[0]}), "
          f"goal <= {GOAL_HINT * 1e3:.0f} ms: {'met' if hint_ok else 'NOT met'}")


if __name__ == "__main__":
    main()
