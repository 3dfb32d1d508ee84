"""Benchmark: the Scandaroon search bot against two greedy bots, beside greedy in its seat.

Three-player games; in game i the search bot sits in seat i % 3 and greedy bots fill the
other seats. The baseline plays the same seeds with greedy in that seat too (three greedy
bots: that seat's fair share). Wins are sole wins (a draw is no win), with a 95% Wilson
interval; each decision of the search bot is timed in CPU time (p50/p95/max).

    python bench/bench_scandaroon_search.py [--games 400] [--iterations 150] [--jobs 2]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from solver.cardgames.scandaroon.bots import GreedyBot
from solver.cardgames.scandaroon.game import ScandaroonGame
from solver.cardgames.scandaroon.search import ITERATIONS, SearchBot
from solver.cardgames.scandaroon.state import ScandaroonState
from solver.cardgames.simulate import play_game
from solver.core.stats import game_seed, wilson_interval

PLAYERS = 3


class Timed:
    """A bot whose decisions' CPU times are kept in `times`."""

    def __init__(self, bot: SearchBot) -> None:
        self.bot, self.name, self.times = bot, bot.name, list[float]()

    def step(self, state: ScandaroonState) -> int:
        start = time.process_time()
        action = self.bot.step(state)
        self.times.append(time.process_time() - start)
        return action


def one_game(args: tuple[int, int, bool]) -> tuple[bool, float, list[float]]:
    """(the seat under test won alone, its return, its decision times) for game `index`."""
    index, iterations, baseline = args
    seed = game_seed(0, index)
    seat = index % PLAYERS
    game = ScandaroonGame(players=PLAYERS, keep_log=False)
    bots: list[GreedyBot | Timed] = [GreedyBot(seed * 31 + s) for s in range(PLAYERS)]
    timed = None
    if not baseline:
        timed = bots[seat] = Timed(SearchBot(seed * 31 + seat, iterations))
    result = play_game(game, bots, seed)
    return result.winner == seat, result.returns[seat], timed.times if timed else []


def report(label: str, results: list[tuple[bool, float, list[float]]]) -> str:
    wins = sum(won for won, _, _ in results)
    low, high = wilson_interval(wins, len(results))
    share = statistics.fmean(r for _, r, _ in results)
    return (f"{label:<22} {wins:>5}/{len(results):<5} {wins / len(results):>6.1%} "
            f"[{low:.1%}, {high:.1%}]  mean return {share:.3f}")


def quantiles(values: list[float]) -> str:
    ordered = sorted(values)
    p50, p95 = ordered[len(ordered) // 2], ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))]
    return f"p50 {p50 * 1e3:.0f} ms, p95 {p95 * 1e3:.0f} ms, max {ordered[-1] * 1e3:.0f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--iterations", type=int, default=ITERATIONS)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    with Pool(args.jobs) as pool:
        baseline = pool.map(one_game, [(i, args.iterations, True) for i in range(args.games)])
        searched = []
        for result in pool.imap(one_game, [(i, args.iterations, False) for i in range(args.games)]):
            searched.append(result)
            if len(searched) % 25 == 0:  # a run cut short still tells what it finished
                print(report("  so far", searched), file=sys.stderr, flush=True)
    times = [t for _, _, ts in searched for t in ts]
    print(f"{args.games} games of {PLAYERS} players, the seat under test rotating, against 2 greedy")
    print(f"{'seat under test':<22} {'wins':>11} {'rate':>6} 95% interval")
    print(report("greedy (baseline)", baseline))
    print(report(f"search ({args.iterations} sims)", searched))
    print(f"search CPU per decision ({len(times)} decisions with a choice or not): {quantiles(times)}")


if __name__ == "__main__":
    main()
