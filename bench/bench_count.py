"""Benchmark: exact counting (solver.counting) next to CP-SAT enumeration on the same clue sets.

Run `python bench/bench_count.py [--cap SECONDS] [--search SETS] [--climb STEPS] [--seed N] [--seeds K]`.
Not a test: prints its tables in one run.
Enumeration is capped per instance; a capped enumeration is reported as "> cap", never as a count.
Besides the random clue sets, the bundled puzzles (one solution each) show the other end: where
enumeration itself takes a millisecond or two, and the ratio is bounded by what reading and
propagating the clues costs before any counting (the "floor" line).

The last table hunts the worst case of the counter (goal: every count ≤ 20 ms in-process, the
worst included): random clue sets weighted to group (B) and district (C) cards, 5-40 clues true
for a hidden solution, then hill climbing (swap, add or drop a clue) from the slowest sets found.
Each set is timed as the best of three runs (a busy machine's preemptions are not the
counter's), next to the previous signed-branch path (tests/counting/reference_branched.py) on
the same sets, in the same run. The slowest of thousands of best-of-three times is as often a
set whose three runs were all preempted as a slow set, and the climb keeps such sets: the
verdict is on the 10 slowest found (FINALISTS), each timed again as the best of 15 runs
(FINAL_REPEAT). The climb adapts to the counter, so further hunts from other seeds (--seeds,
count_clues alone, ≈ 15 s each) look for slow sets the first one missed.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import solver.counting as counting
import solver.counting.keyed as keyed
from solver.core import names
from solver.core.board import load_board
from solver.core.cards import GroupClue
from solver.counting import count_clues, reduce_clues
from solver.counting.keyed import warm_tables
from solver.counting.reduce import shrunk_masks
from solver.solo.puzzle import load_puzzle
from tests.clue_sets import true_clue
from tests.counting.reference_branched import count_reduced_branched
from tests.enumerate_reference import enumerate_count


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
            clues.append(true_clue(rng, kind, where, board))
        yield clues


WORST_CASES = {  # label: (district clues, group clues (None: every true one), district clues join two groups)
    "1 C + 16 B": (1, 16, False),
    "4 C + 4 B": (4, 4, False),
    "5 Cx + 16 B": (5, 16, True),
    "8 C + 4 B": (8, 4, False),
    "8 C + 16 B": (8, 16, False),
    "8 C + 20 B": (8, 20, False),
    "6 Cx + every B": (6, None, True),
}


def worst_case(seed: int, districts: int, groups: int | None, across: bool, board):
    """District (C) and group (B) clues only, true for a hidden solution: the counter's hard case.
    With groups None, every group clue the solution makes true (up to all 16)."""
    rng = random.Random(seed)
    where = dict(zip(names.DELICTS, rng.sample(names.LOCATIONS, 16), strict=True))
    clues = []
    while len(clues) < districts:
        clue = true_clue(rng, "C", where, board)
        first, second = clue.delicts
        if not across or names.GROUP_OF_DELICT[first] != names.GROUP_OF_DELICT[second]:
            clues.append(clue)
    if groups is None:
        return clues + [GroupClue(group, direction) for group in names.GROUPS for direction in names.DIRECTIONS
                        if any(board.in_direction(where[d], direction) for d in names.GROUPS[group])]
    return clues + [true_clue(rng, "B", where, board) for _ in range(groups)]


COUNT_BUCKETS = ((1, 1), (2, 100), (101, 10_000), (10_001, None))


def bundled_puzzles():
    for path in sorted((Path(__file__).resolve().parent.parent / "puzzles").glob("*.yaml")):
        yield [entry.clue for entry in load_puzzle(path).clues]


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
    parser.add_argument("--search", type=int, default=1500, help="random sets in the worst-case hunt (0: skip)")
    parser.add_argument("--climb", type=int, default=300, help="hill-climbing steps after the random sets")
    parser.add_argument("--seed", type=int, default=0, help="seed of the worst-case hunt")
    parser.add_argument("--seeds", type=int, default=8,
                        help="more hunts after it, seeds --seed+1 on, timing count_clues alone (0: none)")
    args = parser.parse_args()
    board = load_board()
    count_clues([], board)  # warm the layer tables once, as a long-running process would
    warm_tables()
    empty, seconds = timed(lambda: count_clues([], board), repeat=5)
    print(f"empty clue set: {empty:,} in {seconds * 1000:.1f} ms (best of 5)")
    suites = {
        "unary": instances(1, "AAADDN", 25, board),
        "mixed": instances(2, "AADDNCCCB", 25, board),
        "puzzles": bundled_puzzles(),
    }
    finished = suite_table(suites, board, args.cap)
    count_table(finished)
    floor_line(board)
    if args.worst:
        worst_table(args.worst, board)
    if args.search:
        hunt(args.search, args.climb, args.seed, board)
        if args.seeds:
            more_hunts(args.search, args.climb, range(args.seed + 1, args.seed + 1 + args.seeds), board)


def suite_table(suites: dict, board, cap: float) -> list[tuple[int, float, float]]:
    """One row per suite; returns (count, our seconds, enumeration seconds) where enumeration finished."""
    print(f"{'set':<8}{'n':>4}{'count ms med':>14}{'count ms max':>14}{'enum done':>11}"
          f"{'enum s med':>12}{'ratio med':>11}{'ratio min':>11}")
    finished = []
    for label, clue_sets in suites.items():
        ours, enum_times, ratios, capped = [], [], [], 0
        for clues in clue_sets:
            exact, seconds = timed(lambda clues=clues: count_clues(clues, board), repeat=5)
            ours.append(seconds)
            (found, complete), enum_seconds = timed(lambda clues=clues: enumerate_count(clues, board, seconds=cap))
            if not complete:
                capped += 1
                continue
            if found != exact:
                raise SystemExit(f"MISMATCH: count {exact} vs enumeration {found}: {clues}")
            enum_times.append(enum_seconds)
            ratios.append(enum_seconds / seconds)
            finished.append((exact, seconds, enum_seconds))
        done = f"{len(enum_times)}/{len(ours)}"
        enum_median = f"{statistics.median(enum_times):.3f}" if enum_times else f"> {cap}"
        ratio_median = f"{statistics.median(ratios):.0f}x" if ratios else "-"
        ratio_min = f"{min(ratios):.0f}x" if ratios else "-"
        print(f"{label:<8}{len(ours):>4}{statistics.median(ours) * 1000:>14.2f}{max(ours) * 1000:>14.2f}"
              f"{done:>11}{enum_median:>12}{ratio_median:>11}{ratio_min:>11}")
        if capped:
            print(f"         {capped} enumerations hit the {cap} s cap (reported as > cap, not counted)")
    return finished


def count_table(finished: list[tuple[int, float, float]]) -> None:
    """Where enumeration finished, the ratio by the number of solutions."""
    print("where enumeration finished, by number of solutions:")
    print(f"{'solutions':<16}{'n':>4}{'count ms med':>14}{'enum ms med':>13}{'ratio med':>11}{'ratio min':>11}")
    for low, high in COUNT_BUCKETS:
        rows = [row for row in finished if row[0] >= low and (high is None or row[0] <= high)]
        if not rows:
            continue
        label = f"{low:,}" if low == high else f"{low:,}-{high:,}" if high else f"> {low - 1:,}"
        ratios = [enum / ours for _, ours, enum in rows]
        print(f"{label:<16}{len(rows):>4}{statistics.median(r[1] for r in rows) * 1000:>14.2f}"
              f"{statistics.median(r[2] for r in rows) * 1000:>13.2f}{statistics.median(ratios):>10.0f}x"
              f"{min(ratios):>10.0f}x")
    slow = [enum / ours for _, ours, enum in finished if enum > 0.1]
    if slow:
        print(f"where enumeration took over 100 ms: {len(slow)} sets, ratio min {min(slow):.0f}x")


def floor_line(board) -> None:
    """What every count pays before counting, on the bundled puzzles, next to 1/100 of their enumeration."""
    floors, hundredths = [], []
    for clues in bundled_puzzles():
        def read_and_propagate(clues=clues):
            reduced = reduce_clues(clues, board)
            return shrunk_masks(list(reduced.allowed), reduced)

        floors.append(timed(read_and_propagate, repeat=5)[1])
        hundredths.append(timed(lambda clues=clues: enumerate_count(clues, board))[1] / 100)
    print(f"floor on the bundled puzzles: reading + propagating the clues alone takes "
          f"{statistics.median(floors) * 1e6:.0f} us median; 1/100 of their enumeration is "
          f"{statistics.median(hundredths) * 1e6:.0f} us median ({min(hundredths) * 1e6:.0f} us at least)")


def worst_table(seeds: int, board) -> None:
    print(f"hard mixes, count only (counts far beyond enumeration), {seeds} seeds each, best of 3;")
    print("baseline: the previous signed-branch path, same sets, same run")
    print(f"{'set':<14}{'ms med':>9}{'ms max':>9}{'baseline med':>14}{'baseline max':>14}")
    for label, (districts, groups, across) in WORST_CASES.items():
        sets = [worst_case(seed, districts, groups, across, board) for seed in range(seeds)]
        new, old = zip(*(pair_times(clues, board) for clues in sets), strict=True)
        print(f"{label:<14}{statistics.median(new) * 1000:>9.1f}{max(new) * 1000:>9.1f}"
              f"{statistics.median(old) * 1000:>14.1f}{max(old) * 1000:>14.1f}")


GOAL_MS = 20.0
FINALISTS = 10  # the slowest sets found, timed again before the verdict
FINAL_REPEAT = 15
HUNT_KINDS = "BBBBBCCCCCADN"  # weighted to group and district cards, with some delict, location, not cards
HARD_STARTS = 60  # sets with every true group clue and a few district clues, also climbed from


def pair_times(clues, board) -> tuple[float, float]:
    """Best of three runs of count_clues and of the baseline on one set; the counts must agree."""
    count, new = timed(lambda: count_clues(clues, board), repeat=3)
    reduced = reduce_clues(clues, board)
    baseline, old = timed(lambda: count_reduced_branched(reduced), repeat=3)
    if count != baseline:
        raise SystemExit(f"MISMATCH: count {count} vs baseline {baseline}: {clues}")
    return new, old


def random_set(rng: random.Random, board):
    """A hidden solution and 5-40 clues true for it."""
    where = dict(zip(names.DELICTS, rng.sample(names.LOCATIONS, 16), strict=True))
    return where, [true_clue(rng, rng.choice(HUNT_KINDS), where, board) for _ in range(rng.randint(5, 40))]


def hard_set(rng: random.Random, board):
    """A hidden solution, every group clue true for it and 2-10 district clues across groups."""
    where = dict(zip(names.DELICTS, rng.sample(names.LOCATIONS, 16), strict=True))
    clues = [GroupClue(group, direction) for group in names.GROUPS for direction in names.DIRECTIONS
             if any(board.in_direction(where[d], direction) for d in names.GROUPS[group])]
    for _ in range(rng.randint(2, 10)):
        clues.append(true_clue(rng, "C", where, board))
    return where, clues


def mutate(rng: random.Random, where: dict[str, str], clues: list, board) -> list:
    """Swap, add or drop one clue (true for the same hidden solution), keeping 5-40 clues."""
    clues = list(clues)
    move = rng.choice(["swap", "add", "drop"])
    if move == "drop" and len(clues) > 5:
        clues.pop(rng.randrange(len(clues)))
    elif move == "add" and len(clues) < 40:
        clues.append(true_clue(rng, rng.choice(HUNT_KINDS), where, board))
    else:
        clues[rng.randrange(len(clues))] = true_clue(rng, rng.choice(HUNT_KINDS), where, board)
    return clues


def quantiles(times: list[float]) -> str:
    ordered = sorted(times)
    p99 = ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]
    return f"{statistics.median(ordered) * 1000:>8.1f}{p99 * 1000:>8.1f}{ordered[-1] * 1000:>9.1f}"


def search(sets: int, steps: int, seed: int, board, times=None) -> tuple[list, list]:
    """Random sets, sets with every true group clue, then hill climbing from the 10 slowest of
    each: (every row, the random rows), a row being (count_clues seconds, baseline seconds, where, clues).
    `times` times one set (pair_times: both paths)."""
    times = times or pair_times
    rng = random.Random(seed)
    found = []
    for _ in range(sets):
        where, clues = random_set(rng, board)
        found.append((*times(clues, board), where, clues))
    random_rows = list(found)
    hard = []
    for _ in range(HARD_STARTS):
        where, clues = hard_set(rng, board)
        hard.append((*times(clues, board), where, clues))
    found += hard
    climbers = sorted(random_rows, key=lambda row: -row[0])[:10] + sorted(hard, key=lambda row: -row[0])[:10]
    for step in range(steps):
        index = step % len(climbers)
        _, _, where, clues = climbers[index]
        changed = mutate(rng, where, clues, board)
        row = (*times(changed, board), where, changed)
        found.append(row)
        if row[0] > climbers[index][0]:
            climbers[index] = row
    return found, random_rows


@contextmanager
def calls_to(module: object, name: str) -> Iterator[list[int]]:
    """How often module.name is called while the context is open (the one item of the list)."""
    real, calls = getattr(module, name), [0]

    def counted(*args, **kwargs):
        calls[0] += 1
        return real(*args, **kwargs)

    setattr(module, name, counted)
    try:
        yield calls
    finally:
        setattr(module, name, real)


def hunt(sets: int, steps: int, seed: int, board) -> None:
    """The hunt, both paths timed: p50/p99/max for both, the worst set."""
    with calls_to(counting, "count_keyed") as keyed_runs, calls_to(keyed, "_run_free") as free_runs:
        found, random_rows = search(sets, steps, seed, board)
    print(f"worst-case hunt: {sets} random sets (kinds {HUNT_KINDS}, 5-40 clues, true for a hidden solution) "
          f"and {HARD_STARTS} with every true group clue and 2-10 district clues, then {steps} hill-climbing "
          f"steps from the 10 slowest of each; ms, best of 3 per set; goal: max <= {GOAL_MS:.0f} ms")
    print(f"{'sets':<28}{'path':<10}{'p50':>8}{'p99':>8}{'max':>9}")
    for label, rows in (("random", random_rows), ("all (+ hard + climbed)", found)):
        print(f"{label:<28}{'keyed':<10}{quantiles([r[0] for r in rows])}")
        print(f"{'':<28}{'baseline':<10}{quantiles([r[1] for r in rows])}")
    found_new = max(row[0] for row in found)
    new, old, _, clues = retimed(found, board)[0]
    verdict = "holds" if new * 1000 <= GOAL_MS else "MISSED"
    print(f"slowest set for count_clues: {new * 1000:.1f} ms, best of {FINAL_REPEAT} over the {FINALISTS} slowest "
          f"found (slowest found: {found_new * 1000:.1f} ms, best of 3; baseline {old * 1000:.1f} ms); "
          f"goal <= {GOAL_MS:.0f} ms {verdict}; its {len(clues)} clues:")
    for clue in clues:
        print(f"  {clue.sentence()}")
    print(f"the keyed DP counted {keyed_runs[0]} times (the sparse DP or propagation the others); of those, "
          f"{free_runs[0]} placed free delicts last over profiles")
    old_worst = max(found, key=lambda row: row[1])
    print(f"slowest set for the baseline: {old_worst[1] * 1000:.1f} ms (count_clues {old_worst[0] * 1000:.1f} ms)")


def retimed(found: list, board) -> list:
    """The FINALISTS slowest rows found, count_clues timed again as the best of FINAL_REPEAT runs
    (their baseline times kept), slowest first."""
    finalists = sorted(found, key=lambda row: -row[0])[:FINALISTS]
    again = [(timed(lambda clues=row[3]: count_clues(clues, board), repeat=FINAL_REPEAT)[1], *row[1:])
             for row in finalists]
    return sorted(again, key=lambda row: -row[0])


def keyed_time(clues, board) -> tuple[float, float]:
    """Best of three runs of count_clues alone (no baseline: 0.0)."""
    return timed(lambda: count_clues(clues, board), repeat=3)[1], 0.0


def more_hunts(sets: int, steps: int, seeds: range, board) -> None:
    """The same hunt from other seeds, count_clues alone: the climb adapts to the counter, so
    each seed finds other slow sets."""
    print(f"more hunts, count_clues alone (the same sets and climb, seeds {seeds.start}-{seeds.stop - 1}):")
    print(f"{'seed':<8}{'p50':>8}{'p99':>8}{'max':>9}{'re-timed':>10}")
    worst = None
    for seed in seeds:
        found, _ = search(sets, steps, seed, board, keyed_time)
        slowest = retimed(found, board)[0]
        print(f"{seed:<8}{quantiles([row[0] for row in found])}{slowest[0] * 1000:>10.1f}")
        if worst is None or slowest[0] > worst[0]:
            worst = slowest
    assert worst is not None
    verdict = "holds" if worst[0] * 1000 <= GOAL_MS else "MISSED"
    print(f"slowest set of these hunts: {worst[0] * 1000:.1f} ms (re-timed: best of {FINAL_REPEAT} over each hunt's "
          f"{FINALISTS} slowest found); goal <= {GOAL_MS:.0f} ms {verdict}; its clues:")
    for clue in worst[3]:
        print(f"  {clue.sentence()}")


if __name__ == "__main__":
    main()
