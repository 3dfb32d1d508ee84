"""Benchmark: exact counting (solver.counting) next to CP-SAT enumeration on the same clue sets.

Run `python bench/bench_count.py [--cap SECONDS]`. Not a test: prints one table per run.
Enumeration is capped per instance; a capped enumeration is reported as "> cap", never as a count.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from solver import names
from solver.board import load_board
from solver.counting import count_clues
from tests.enumerate_reference import enumerate_count
from tests.test_count import _true_clue


def instances(seed: int, kinds: str, count: int, board, max_district: int = 8):
    rng = random.Random(seed)
    for _ in range(count):
        where = dict(zip(names.DELICTS, rng.sample(names.LOCATIONS, 16), strict=True))
        clues, districts = [], 0
        for _ in range(rng.randint(10, 20)):
            kind = rng.choice(kinds)
            if kind == "C":
                if districts == max_district:
                    kind = "A"
                districts += kind == "C"
            clues.append(_true_clue(rng, kind, where, board))
        yield clues


WORST_CASES = {  # label: (district clues, group clues, district clues must join two groups)
    "1 C + 16 B": (1, 16, False),
    "4 C + 4 B": (4, 4, False),
    "5 Cx + 16 B": (5, 16, True),
    "8 C + 4 B": (8, 4, False),
    "8 C + 16 B": (8, 16, False),
}


def worst_case(seed: int, districts: int, groups: int, across: bool, board):
    """District (C) and group (B) clues only, true for a hidden solution: the counter's hard case."""
    rng = random.Random(seed)
    where = dict(zip(names.DELICTS, rng.sample(names.LOCATIONS, 16), strict=True))
    clues = []
    while len(clues) < districts:
        clue = _true_clue(rng, "C", where, board)
        first, second = clue.delicts
        if not across or names.GROUP_OF_DELICT[first] != names.GROUP_OF_DELICT[second]:
            clues.append(clue)
    return clues + [_true_clue(rng, "B", where, board) for _ in range(groups)]


def timed(function, repeat: int = 1):
    best, result = float("inf"), None
    for _ in range(repeat):
        start = time.perf_counter()
        result = function()
        best = min(best, time.perf_counter() - start)
    return result, best


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--cap", type=float, default=3.0, help="seconds per CP-SAT enumeration")
    parser.add_argument("--worst", type=int, default=20, help="seeded instances per worst-case row (0: skip)")
    args = parser.parse_args()
    board = load_board()
    count_clues([], board)  # warm the layer tables once, as a long-running process would
    empty, seconds = timed(lambda: count_clues([], board), repeat=5)
    print(f"empty clue set: {empty:,} in {seconds * 1000:.1f} ms (best of 5)")
    print(f"{'set':<8}{'n':>4}{'count ms med':>14}{'count ms max':>14}{'enum done':>11}"
          f"{'enum s med':>12}{'ratio med':>11}{'ratio min':>11}")
    suites = {"unary": ("AAADDN", 1), "mixed": ("AADDNCCCB", 2)}
    for label, (kinds, seed) in suites.items():
        ours, enum_times, ratios, capped = [], [], [], 0
        for clues in instances(seed, kinds, 25, board):
            exact, seconds = timed(lambda clues=clues: count_clues(clues, board), repeat=3)
            ours.append(seconds)
            (found, complete), enum_seconds = timed(lambda clues=clues: enumerate_count(clues, board, seconds=args.cap))
            if not complete:
                capped += 1
                continue
            if found != exact:
                raise SystemExit(f"MISMATCH: count {exact} vs enumeration {found}: {clues}")
            enum_times.append(enum_seconds)
            ratios.append(enum_seconds / seconds)
        done = f"{len(enum_times)}/{len(ours)}"
        enum_median = f"{statistics.median(enum_times):.3f}" if enum_times else f"> {args.cap}"
        ratio_median = f"{statistics.median(ratios):.0f}x" if ratios else "-"
        ratio_min = f"{min(ratios):.0f}x" if ratios else "-"
        print(f"{label:<8}{len(ours):>4}{statistics.median(ours) * 1000:>14.1f}{max(ours) * 1000:>14.1f}"
              f"{done:>11}{enum_median:>12}{ratio_median:>11}{ratio_min:>11}")
        if capped:
            print(f"         {capped} enumerations hit the {args.cap} s cap (reported as > cap, not counted)")
    if args.worst:
        print(f"worst cases, count only (counts far beyond enumeration), {args.worst} seeds each:")
        print(f"{'set':<14}{'count ms med':>14}{'count ms max':>14}")
        for label, (districts, groups, across) in WORST_CASES.items():
            sets = [worst_case(seed, districts, groups, across, board) for seed in range(args.worst)]
            times = [timed(lambda clues=clues: count_clues(clues, board))[1] for clues in sets]
            print(f"{label:<14}{statistics.median(times) * 1000:>14.1f}{max(times) * 1000:>14.1f}")


if __name__ == "__main__":
    main()
