"""Cold start: each command in a fresh interpreter, next to the bare import of CP-SAT's module.

    python bench/bench_cold.py [--runs 5] [--puzzles box-4,easy-1] [--in-process 200]

Prints the median wall time of --runs runs of: `python -c pass`, `import
ortools.sat.python.cp_model` (the baseline), `solve` on every bundled puzzle (its ratio
to the baseline and how it was proven: deduction or search), `count`, `check`, `hint`,
`describe` and `--help`, and whether each loaded OR-Tools. Goals: solve <= 0.6x the
baseline; count, check, hint and describe load no OR-Tools; --help under 0.2 s.

With --in-process N it also times `solve_puzzle` in this process (median of N calls per
puzzle): as `solve` runs it (deduction first), next to the CP-SAT path alone (build, solve,
prove no second solution) on the same puzzle, so that deduction first never makes solving
in-process slower than the search it replaces.

An installed package has its bytecode compiled; so that a run measures starting, not
compiling, the subprocesses get a bytecode cache in a temporary folder
(PYTHONPYCACHEPREFIX), warmed by one run of each command first.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

# runs a command through the real entry point, then lists on stderr the packages it loaded
from tests.commands.test_cold_imports import PROBE  # noqa: E402

GOAL_SOLVE = 0.6
GOAL_HELP = 0.2
GOAL_COUNT_MS = 20.0

# The first count of a fresh process, after the imports the `count` command does first.
COUNT_PROBE = """
import json, sys, time
from solver.core.board import load_board
from solver.counting import count_clues
from solver.solo.puzzle import load_puzzle
board = load_board()
clues = [entry.clue for entry in load_puzzle(sys.argv[1]).clues]
before = set(sys.modules)
start = time.perf_counter()
number = count_clues(clues, board)
seconds = time.perf_counter() - start
print(json.dumps({"seconds": seconds, "count": number, "imported": sorted(set(sys.modules) - before)}))
"""


def timed(argv: list[str], env: dict[str, str]) -> tuple[float, str, str]:
    start = time.perf_counter()
    done = subprocess.run(argv, capture_output=True, text=True, env=env, cwd=ROOT, check=False)
    return time.perf_counter() - start, done.stdout, done.stderr


def median_of(argv: list[str], env: dict[str, str], runs: int) -> tuple[float, str, str]:
    results = [timed(argv, env) for _ in range(runs)]
    seconds = statistics.median(result[0] for result in results)
    return seconds, results[-1][1], results[-1][2]


def main() -> None:
    from solver.solo.puzzle import bundled_puzzles
    from solver.table.state import new_game

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="runs per command; the median is shown")
    parser.add_argument("--puzzles", help="comma-separated bundled puzzle names (default: all)")
    parser.add_argument("--no-bytecode-cache", action="store_true",
                        help="compile every module on every run (as with PYTHONDONTWRITEBYTECODE and no cache)")
    parser.add_argument("--count-sets", type=int, default=6, metavar="K",
                        help="the K slowest hunted clue sets get a count row (0: none)")
    parser.add_argument("--in-process", type=int, default=0, metavar="N",
                        help="also time solve_puzzle in-process, median of N calls per puzzle")
    options = parser.parse_args()
    names = options.puzzles.split(",") if options.puzzles else list(bundled_puzzles())

    cache = tempfile.mkdtemp(prefix="bench-cold-")
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONPYCACHEPREFIX": cache}
    if options.no_bytecode_cache:
        env["PYTHONDONTWRITEBYTECODE"] = "1"
    else:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
    state = Path(cache) / "game.yaml"
    new_game(["Anna", "Ben"]).save(state)

    python = [sys.executable]
    cli = [sys.executable, "-c", PROBE]
    rows: list[tuple[str, list[str]]] = [
        ("python -c pass", [*python, "-c", "pass"]),
        ("import cp_model (baseline)", [*python, "-c", "import ortools.sat.python.cp_model"]),
        *[(f"solve {name}", [*cli, "solve", name, "--json"]) for name in names],
        ("count box-4", [*cli, "count", "box-4"]),
        ("check STATE 11", [*cli, "check", str(state), "11"]),
        ("hint box-4", [*cli, "hint", "box-4"]),
        ("hint box-4 --known", [*cli, "hint", "box-4", "--known", "Kirn=murder", "--known", "Boos=arrest"]),
        ("describe box-4", [*cli, "describe", "box-4"]),
        ("--help", [*cli, "--help"]),
    ]
    for _, argv in rows:  # warm the bytecode cache (and the disk cache)
        timed(argv, env)

    cached = "no bytecode cache: compiled every run" if options.no_bytecode_cache else "bytecode cached, as installed"
    print(f"cold start, median of {options.runs} runs each ({cached})")
    baseline = None
    worst = 0.0
    header = f"{'command':<30} {'seconds':>8} {'x baseline':>10}  {'proof':<9} {'OR-Tools':<8}  goal"
    print(header)
    print("-" * len(header))
    loaded_ortools: dict[str, bool] = {}
    for label, argv in rows:
        seconds, out, err = median_of(argv, env, options.runs)
        if baseline is None and label.startswith("import cp_model"):
            baseline = seconds
        ratio = f"{seconds / baseline:>9.2f}x" if baseline else ""
        ortools = "ortools" in json.loads(err.strip().splitlines()[-1]) if argv[:3] == cli else None
        shown = "" if ortools is None else ("loaded" if ortools else "no")
        proof, goal = "", ""
        if label.startswith("solve"):
            proof = json.loads(out).get("proof", "?")
            assert baseline is not None
            worst = max(worst, seconds / baseline)
            goal = f"<= {GOAL_SOLVE}x: {'met' if seconds / baseline <= GOAL_SOLVE else 'MISSED'}"
        elif label.split()[0] in ("count", "check", "hint", "describe"):
            loaded_ortools[label] = bool(ortools)
            goal = f"no OR-Tools: {'met' if not ortools else 'MISSED'}"
        elif label == "--help":
            goal = f"< {GOAL_HELP} s: {'met' if seconds < GOAL_HELP else 'MISSED'}"
        print(f"{label:<30} {seconds:>8.3f} {ratio:>10}  {proof:<9} {shown:<8}  {goal}", flush=True)
    print("-" * len(header))
    print(f"solve, worst puzzle: {worst:.2f}x the bare cp_model import (goal <= {GOAL_SOLVE}x): "
          f"{'met' if worst <= GOAL_SOLVE else 'MISSED'}")
    clean = not any(loaded_ortools.values())
    print(f"count, check, hint, describe load OR-Tools: {'none of them' if clean else 'SOME DO'} (goal: none)")
    if options.count_sets:
        cold_counts(options.count_sets, options.runs, env, cli, Path(cache))
    if options.in_process:
        in_process(names, options.in_process)


def slowest_sets(k: int) -> list[tuple[str, float, list]]:
    """The k slowest clue sets (warm, best of 3) of bench_count.py's hunt (its defaults: seed 0,
    1500 sets, 300 climbing steps) and of bench_count's hard mixes (seeds 0-4): (label, seconds, clues)."""
    from bench.bench_count import WORST_CASES, keyed_time, search, worst_case
    from solver.core.board import load_board
    from solver.counting import count_clues
    from solver.counting.keyed import warm_tables

    board = load_board()
    count_clues([], board)
    warm_tables()
    hunted = search(1500, 300, 0, board, keyed_time)[0]
    found = [(f"hunt {number}", row[0], row[3]) for number, row in enumerate(hunted)]
    for label, (districts, groups, across) in WORST_CASES.items():
        for seed in range(5):
            clues = worst_case(seed, districts, groups, across, board)
            found.append((f"{label} #{seed}", keyed_time(clues, board)[0], clues))
    return sorted(found, key=lambda row: -row[1])[:k]


def cold_counts(k: int, runs: int, env: dict[str, str], cli: list[str], folder: Path) -> None:
    from solver.solo.puzzle import Puzzle, PuzzleClue

    sets = [("empty clue set", 0.0, []), *slowest_sets(k)]
    probe = [sys.executable, "-c", COUNT_PROBE]
    print(f"\nfirst count of a fresh process (ms, median of {runs} processes), the empty clue set's as baseline; "
          f"the {k} slowest sets of bench_count.py's hunt and of bench_count's hard mixes (warm ms beside)")
    header = (f"{'set':<22} {'warm':>6} {'first':>7} {'- empty':>8} {'imported':>8} "
              f"{'count FILE s':>12} {'- empty':>8}  goal")
    print(header)
    print("-" * len(header))
    empty_first = empty_cli = 0.0
    worst, imports = 0.0, []
    for number, (label, warm, clues) in enumerate(sets):
        path = folder / f"count-{number}.yaml"
        path.write_text(Puzzle([PuzzleClue(f"clue {i}", clue) for i, clue in enumerate(clues, 1)]).to_yaml()
                        if clues else "clues: []\n")
        firsts, imported = [], []
        for _ in range(runs):
            _, out, _ = timed([*probe, str(path)], env)
            result = json.loads(out)
            firsts.append(result["seconds"])
            imported = result["imported"]
        first = statistics.median(firsts) * 1000
        wall = median_of([*cli, "count", str(path)], env, runs)[0]
        if not clues:
            empty_first, empty_cli = first, wall
        over = first - empty_first
        if clues:
            worst = max(worst, over)
        imports += imported
        goal = "" if not clues else f"<= +{GOAL_COUNT_MS:.0f} ms: {'met' if over <= GOAL_COUNT_MS else 'MISSED'}"
        print(f"{label:<22} {warm * 1000:>6.1f} {first:>7.1f} {over:>+8.1f} {len(imported):>8} "
              f"{wall:>12.3f} {wall - empty_cli:>+8.3f}  {goal}", flush=True)
    print("-" * len(header))
    print(f"first count, worst set: {worst:+.1f} ms over the empty set's (goal <= +{GOAL_COUNT_MS:.0f} ms): "
          f"{'met' if worst <= GOAL_COUNT_MS else 'MISSED'}; modules imported inside a first count: "
          f"{', '.join(sorted(set(imports))) or 'none'}")


def in_process(names: list[str], calls: int) -> None:
    from solver.core.board import load_board
    from solver.solo.puzzle import load_puzzle
    from solver.solo.solve import search_puzzle, solve_puzzle

    def median_ms(work) -> float:
        work()  # warm
        times = []
        for _ in range(calls):
            start = time.perf_counter()
            work()
            times.append(time.perf_counter() - start)
        return statistics.median(times) * 1000

    board = load_board()
    print(f"\nin-process, median of {calls} calls (ms): solve_puzzle (deduction first) next to the CP-SAT path alone")
    print(f"{'puzzle':<12} {'solve_puzzle':>12} {'CP-SAT path':>12} {'ratio':>6}  proof")
    ratios = []
    for name in names:
        puzzle = load_puzzle(name)
        ours = median_ms(lambda puzzle=puzzle: solve_puzzle(puzzle, board))
        search = median_ms(lambda puzzle=puzzle: search_puzzle(puzzle, board))
        ratios.append(ours / search)
        print(f"{name:<12} {ours:>12.3f} {search:>12.3f} {ours / search:>6.2f}  {solve_puzzle(puzzle, board).proof}")
    print(f"solve_puzzle / CP-SAT path: median {statistics.median(ratios):.2f}, worst {max(ratios):.2f} "
          "(goal: below 1, deduction first never slower)")


if __name__ == "__main__":
    main()
