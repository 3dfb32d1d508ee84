"""Odds next to the count of the same clue set: bench_count.py's hard mixes and the slowest sets of
its hunt (a shorter run of it by default), each timed in the same run; then every set the hunt found.

    python bench/bench_odds.py [--seeds 2] [--search 300] [--climb 100] [--slowest 6] [--runs 3] [--wall]

Prints per set the best of --runs batches of counts (count_clues) and of odds (odds_of_clues), a
batch repeating its call for at least 10 ms, the two taken in turn, their ratio, and which way
the odds went: "sparse" or "keyed" (the count's own DP, its forward pass
recorded and walked back: solver/counting/backward.py), "settled" (propagation placed every
delict), or "reference" (the segmented DP, or pinned counts past its caps); then the worst
ratio, and the ratios over every set the hunt timed (median, p99, max), with the clues of any set
still over the goal. A set whose ratio comes out over the goal is timed again, CONFIRM_RUNS
batches of each in turn, before it counts against it. Goal: odds <= 2x the
count, every set. Times are the process's CPU time (time.process_time: what other work on a
busy machine takes from it is not counted), or wall time with --wall.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.bench_count import WORST_CASES, keyed_time, search, worst_case
from solver.core.board import load_board
from solver.counting import count_clues, reduce_clues
from solver.counting import odds as odds_module
from solver.counting.keyed import warm_tables

GOAL = 2.0


BATCH = 0.01  # seconds of `clock` a timed batch lasts at least
CONFIRM_RUNS = 9  # batches of each, interleaved, when a set's ratio first comes out over the goal


def batch(call, clock) -> float:
    """The time of one call, from a batch that repeats it until it lasts BATCH seconds of `clock`
    (a single call of a millisecond or less is mostly the clock's and the machine's noise)."""
    calls, start = 0, clock()
    while True:
        call()
        calls += 1
        elapsed = clock() - start
        if elapsed >= BATCH:
            return elapsed / calls


def best_pair(first, second, runs: int, clock) -> tuple[float, float]:
    """The least time of a call of `first` and of `second` over `runs` batches each, taken in turn
    (a batch of one, then of the other), so that a change in the machine's speed meets both."""
    first(), second()  # the caches every later call finds warm
    times_first, times_second = [], []
    for _ in range(runs):
        times_first.append(batch(first, clock))
        times_second.append(batch(second, clock))
    return min(times_first), min(times_second)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=2, help="seeds per hard mix of bench_count.py")
    parser.add_argument("--search", type=int, default=300, help="random sets of the hunt (bench_count --search)")
    parser.add_argument("--climb", type=int, default=100, help="its hill-climbing steps")
    parser.add_argument("--slowest", type=int, default=6, help="the hunt's slowest sets timed for odds")
    parser.add_argument("--runs", type=int, default=3, help="count and odds runs per set, the best shown")
    parser.add_argument("--wall", action="store_true", help="wall time (time.perf_counter) instead of CPU time")
    args = parser.parse_args()
    clock = time.perf_counter if args.wall else time.process_time
    board = load_board()
    count_clues([], board)
    warm_tables()
    odds_module.odds_of_clues([], board)
    sets = [(f"{label} #{seed}", worst_case(seed, *shape, board))
            for label, shape in WORST_CASES.items() for seed in range(args.seeds)]
    found: list = []
    if args.search:
        found, _ = search(args.search, args.climb, 0, board, keyed_time)
        slowest = sorted(found, key=lambda row: -row[0])[:args.slowest]
        sets += [(f"hunt, slowest {number}", row[3]) for number, row in enumerate(slowest, 1)]
    kind = "wall" if args.wall else "CPU"
    print(f"odds next to the count of the same set ({kind} ms, best of {args.runs} each); goal <= {GOAL}x")
    print(f"{'set':<22}{'count':>8}{'odds':>10}{'ratio':>8}  path")
    worst = ("", 0.0)
    for label, clues in sets:
        count, odds, path, first = confirmed_pair(clues, board, args.runs, clock)
        ratio = odds / count
        worst = max(worst, (label, ratio), key=lambda pair: pair[1])
        again = f" ({first:.1f}x at first, timed again: {CONFIRM_RUNS} batches each)" if first > GOAL else ""
        print(f"{label:<22}{count * 1000:>8.1f}{odds * 1000:>10.1f}{ratio:>7.1f}x  {path}{again}", flush=True)
    print(f"worst odds/count ratio: {worst[1]:.1f}x ({worst[0]}); goal <= {GOAL}x: "
          f"{'met' if worst[1] <= GOAL else 'NOT met'}")
    if found:
        every_set(found, board, args.runs, clock)


def timed_pair(clues, board, runs: int, clock) -> tuple[float, float, str]:
    """The best count and odds times of a set, and the odds' way."""
    count, odds = best_pair(lambda: count_clues(clues, board), lambda: odds_module.odds_of_clues(clues, board),
                            runs, clock)
    return count, odds, odds_module.odds_and_path(reduce_clues(clues, board))[1]


def confirmed_pair(clues, board, runs: int, clock) -> tuple[float, float, str, float]:
    """timed_pair, and the ratio it first gave: a set over the goal is timed again with
    CONFIRM_RUNS batches of each (one noisy batch of a millisecond's call must not decide it)."""
    count, odds, path = timed_pair(clues, board, runs, clock)
    first = odds / count
    if first > GOAL:
        count, odds, path = timed_pair(clues, board, CONFIRM_RUNS, clock)
    return count, odds, path, first


def every_set(found: list, board, runs: int, clock) -> None:
    """The ratio over every set the hunt timed: its quantiles, the worst sets, and the ways taken.
    A set whose ratio comes out over the goal is timed again with CONFIRM_RUNS batches of each, in
    turn: one noisy batch of a call of a millisecond must not decide a set (both figures shown)."""
    rows = []
    for row in found:
        count, odds, path, first = confirmed_pair(row[3], board, runs, clock)
        rows.append((odds / count, count, odds, path, first, row[3]))
    ratios = sorted(row[0] for row in rows)
    p99 = ratios[min(len(ratios) - 1, int(0.99 * len(ratios)))]
    paths: dict[str, int] = {}
    for row in rows:
        paths[row[3]] = paths.get(row[3], 0) + 1
    over = sum(ratio > GOAL for ratio in ratios)
    retimed = sum(row[4] > GOAL for row in rows)
    print(f"every set the hunt timed ({len(rows)}): ratio median {statistics.median(ratios):.2f}x, "
          f"p99 {p99:.2f}x, max {ratios[-1]:.2f}x; {over} over {GOAL}x ({retimed} came out over it at first "
          f"and were timed again, {CONFIRM_RUNS} batches each); ways: "
          + ", ".join(f"{path} {number}" for path, number in sorted(paths.items())))
    for ratio, count, odds, path, first, clues in sorted(rows, key=lambda row: row[0])[-3:]:
        again = f"; {first:.2f}x at first" if first > GOAL else ""
        print(f"  {ratio:.2f}x: count {count * 1000:.1f} ms, odds {odds * 1000:.1f} ms ({path}{again})")
        if ratio > GOAL:
            print("    its clues: " + "; ".join(clue.sentence() for clue in clues))


if __name__ == "__main__":
    main()
