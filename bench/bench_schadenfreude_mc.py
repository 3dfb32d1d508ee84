"""Benchmark: `mc-infer` (mc inferring the hands from the play) against three `mc`, which
do not, beside `mc` in the same seat.

Four-player games; in game i the seat under test is i % 4. The baseline plays the same
seeds with mc in that seat too (its fair share, 25%). Wins are sole
wins (nobody may win), with a 95% Wilson interval; each decision of the seat under test
is timed in CPU time.

    python bench/bench_schadenfreude_mc.py [--games 400] [--jobs 2]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from solver.cardgames.schadenfreude.bots import InferringMonteCarloBot, MonteCarloBot
from solver.cardgames.schadenfreude.game import SchadenfreudeGame
from solver.core.stats import game_seed, wilson_interval

PLAYERS = 4


def one_game(args: tuple[int, bool]) -> tuple[bool, list[float]]:
    """(the seat under test won alone, its decision times) for game `index`."""
    index, baseline = args
    seed, seat = game_seed(0, index), index % PLAYERS
    bots = [MonteCarloBot(seed * 7 + s) for s in range(PLAYERS)]
    if not baseline:
        bots[seat] = InferringMonteCarloBot(seed * 7 + seat)
    rng, state, times = random.Random(seed), SchadenfreudeGame(PLAYERS).new_initial_state(), []
    while not state.is_terminal():
        if state.is_chance_node():
            state.resolve_chance(rng)
            continue
        mover = state.current_player()
        start = time.process_time()
        action = bots[mover].step(state)
        if mover == seat:
            times.append(time.process_time() - start)
        state.apply_action(action)
    return state.winner() == seat, times


def report(label: str, results: list[tuple[bool, list[float]]]) -> str:
    wins = sum(won for won, _ in results)
    low, high = wilson_interval(wins, len(results))
    return f"{label:<24} {wins:>5}/{len(results):<5} {wins / len(results):>6.1%} [{low:.1%}, {high:.1%}]"


def quantiles(values: list[float]) -> str:
    ordered = sorted(values)
    p50, p95 = ordered[len(ordered) // 2], ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))]
    return f"p50 {p50 * 1e3:.1f} ms, p95 {p95 * 1e3:.1f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    results: dict[bool, list[tuple[bool, list[float]]]] = {True: [], False: []}
    tasks = [(i, baseline) for i in range(args.games) for baseline in (True, False)]
    with Pool(args.jobs) as pool:  # each deal with and without inference, side by side
        for (_, baseline), result in zip(tasks, pool.imap(one_game, tasks, 2), strict=False):
            results[baseline].append(result)
            if not baseline and len(results[False]) % 50 == 0:  # a run cut short still tells
                print(report("  so far, base", results[True]), file=sys.stderr, flush=True)
                print(report("  so far, inferring", results[False]), file=sys.stderr, flush=True)
    print(f"{args.games} games of {PLAYERS} players, the seat under test rotating, against 3 mc "
          "(which do not infer)")
    print(f"{'seat under test':<24} {'wins':>11} {'rate':>6} 95% interval  CPU per decision")
    for baseline, label in ((True, "mc (baseline)"), (False, "mc-infer")):
        times = [t for _, ts in results[baseline] for t in ts]
        print(f"{report(label, results[baseline])}  {quantiles(times)}")


if __name__ == "__main__":
    main()
