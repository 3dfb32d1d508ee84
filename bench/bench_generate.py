"""Benchmark: puzzle generation per difficulty on one core, next to a baseline.

    python bench/bench_generate.py [--puzzles 6]

Per difficulty: median seconds per puzzle and puzzles/s on one core (this process),
and the share of explanation steps that use each technique. Baseline, same run:
the plain recipe without the ladder in the loop - remove clues while CP-SAT proves
the puzzle unique, then grade - timed per minimal puzzle, with how often it lands on
the wanted grade. Target: a medium puzzle in under 1 s median; goal 0.5 s.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections import Counter

from solver.core.board import load_board
from solver.solo.explain import explain_puzzle
from solver.solo.generate import DEFAULT_TYPES, Options, candidate_clues, generate, grade, random_solution, target_level
from solver.solo.model import PuzzleModel
from solver.solo.techniques import DIFFICULTIES, TECHNIQUES


def baseline_minimal(seed: int, board, difficulty: str) -> int | None:
    """Remove clues while CP-SAT proves uniqueness; return the grade of the minimal puzzle."""
    rng = random.Random(seed)
    pool = candidate_clues(random_solution(rng, {}), board, rng, DEFAULT_TYPES[difficulty])
    model = PuzzleModel(pool, board)
    active = list(range(len(pool)))
    for index in list(active):
        trial = [i for i in active if i != index]
        if model.is_unique(trial):
            active = trial
    return grade([pool[i] for i in active], board)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--puzzles", type=int, default=6, help="puzzles per difficulty")
    args = parser.parse_args()
    board = load_board()
    print(f"{args.puzzles} puzzles per difficulty, one core\n")
    header = f"{'difficulty':<11}{'median s':>9}{'max s':>8}{'puzzles/s':>10}{'baseline s':>11}{'baseline hits':>14}"
    print(header + "   technique share of steps")
    for difficulty in DIFFICULTIES:
        times, steps = [], Counter()
        for seed in range(1, args.puzzles + 1):
            start = time.perf_counter()
            puzzle = generate(seed, board, Options(difficulty))
            times.append(time.perf_counter() - start)
            steps.update(step.technique for step in explain_puzzle(puzzle, board).steps)
        base_times, hits = [], 0
        for seed in range(1, args.puzzles + 1):
            start = time.perf_counter()
            hits += baseline_minimal(seed, board, difficulty) == target_level(difficulty)
            base_times.append(time.perf_counter() - start)
        total = sum(steps.values())
        share = " ".join(f"{t.name} {100 * steps[t.name] / total:.0f}%" for t in TECHNIQUES if steps[t.name])
        print(f"{difficulty:<11}{statistics.median(times):>9.2f}{max(times):>8.2f}{len(times) / sum(times):>10.2f}"
              f"{statistics.median(base_times):>11.2f}{hits:>8}/{args.puzzles:<5}   {share}")
    print("\nbaseline s: time per minimal puzzle of the plain recipe; baseline hits: how many landed on the grade")
    print("target: medium < 1 s median on one core; goal 0.5 s")


if __name__ == "__main__":
    main()
