"""Odds next to the count of the same clue set: bench_count.py's hard mixes and the slowest sets of
its hunt (a shorter run of it by default), each timed in the same run.

    python bench/bench_odds.py [--seeds 2] [--search 300] [--climb 100] [--slowest 6]

Prints per set the best of three counts (count_clues), the best of --runs odds (odds_of_clues),
their ratio, and which odds path ran (the segmented DP, or pinned counts past its limits); then
the worst ratio. Goal: odds <= 2x the count, every set.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.bench_count import WORST_CASES, best_time, keyed_time, search, worst_case
from solver.core.board import load_board
from solver.counting import count_clues, reduce_clues
from solver.counting import odds as odds_module
from solver.counting.keyed import warm_tables

GOAL = 2.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=2, help="seeds per hard mix of bench_count.py")
    parser.add_argument("--search", type=int, default=300, help="random sets of the hunt (bench_count --search)")
    parser.add_argument("--climb", type=int, default=100, help="its hill-climbing steps")
    parser.add_argument("--slowest", type=int, default=6, help="the hunt's slowest sets timed for odds")
    parser.add_argument("--runs", type=int, default=1, help="odds runs per set, the best shown")
    args = parser.parse_args()
    board = load_board()
    count_clues([], board)
    warm_tables()
    odds_module.odds_of_clues([], board)
    sets = [(f"{label} #{seed}", worst_case(seed, *shape, board))
            for label, shape in WORST_CASES.items() for seed in range(args.seeds)]
    if args.search:
        found, _ = search(args.search, args.climb, 0, board, keyed_time)
        slowest = sorted(found, key=lambda row: -row[0])[:args.slowest]
        sets += [(f"hunt, slowest {number}", row[3]) for number, row in enumerate(slowest, 1)]
    print(f"odds next to the count of the same set (ms, count best of 3, odds best of {args.runs}); goal <= {GOAL}x")
    print(f"{'set':<22}{'count':>8}{'odds':>10}{'ratio':>8}  path")
    worst = ("", 0.0)
    for label, clues in sets:
        count = best_time(lambda c=clues: count_clues(c, board), 3)
        odds = best_time(lambda c=clues: odds_module.odds_of_clues(c, board), args.runs)
        path = "segments" if odds_module._segments(reduce_clues(clues, board)) is not None else "pinned"
        ratio = odds / count
        worst = max(worst, (label, ratio), key=lambda pair: pair[1])
        print(f"{label:<22}{count * 1000:>8.1f}{odds * 1000:>10.1f}{ratio:>7.1f}x  {path}", flush=True)
    print(f"worst odds/count ratio: {worst[1]:.1f}x ({worst[0]}); goal <= {GOAL}x: "
          f"{'met' if worst[1] <= GOAL else 'NOT met'}")


if __name__ == "__main__":
    main()
