"""Benchmark: the search bot's time per decision beside the greedy bot's, in whole games.

Four-player games, the search bot in one seat (rotating) against three greedy bots, one process;
each decision of the search bot and of the greedy bots is timed. The search bot's turn-opening
decisions (a card or a pass: the ones it searches) are reported apart from its cheap ones.

    python bench/bench_search.py [--games 8] [--worlds 16] [--budget 0.8]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from solver.game.actions import Action
from solver.game.bots import GreedyBot, play_game
from solver.game.game import Game
from solver.game.search import SearchBot, Strength
from solver.game.state import State

NAMES = ("Anna", "Ben", "Carl", "Dora")


def timed(bot: Callable[[State], Action], into: list[float]) -> Callable[[State], Action]:
    def decide(state: State) -> Action:
        started = time.perf_counter()
        action = bot(state)
        into.append(time.perf_counter() - started)
        return action

    return decide


def line(label: str, times: list[float]) -> str:
    ordered = sorted(times)
    if not ordered:
        return f"{label:<22} no decisions"
    p50, p95 = ordered[len(ordered) // 2], ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))]
    return (f"{label:<22} {len(ordered):>6} {p50 * 1e3:>9.1f} {p95 * 1e3:>9.1f} {ordered[-1] * 1e3:>9.1f} "
            f"{statistics.fmean(ordered) * 1e3:>9.1f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=8)
    parser.add_argument("--worlds", type=int, default=Strength.worlds)
    parser.add_argument("--budget", type=float, default=Strength.budget)
    args = parser.parse_args()
    game = Game(NAMES)
    strength = Strength(worlds=args.worlds, budget=args.budget)
    searched: list[float] = []  # the turn-opening decisions the search bot searched
    cheap: list[float] = []
    greedy: list[float] = []
    for seed in range(args.games):
        bot = SearchBot(seed, strength)

        def search(state: State, bot: SearchBot = bot) -> Action:
            started = time.perf_counter()
            action = bot(state)
            (searched if bot.searched else cheap).append(time.perf_counter() - started)
            return action

        bots = [timed(GreedyBot(), greedy) for _ in NAMES]
        bots[seed % len(NAMES)] = search
        play_game(game, bots, seed)
    print(f"{args.games} games of 4 players, search (worlds {args.worlds}, budget {args.budget} s) "
          f"against 3 greedy, one process")
    print(f"{'decisions':<22} {'count':>6} {'p50 ms':>9} {'p95 ms':>9} {'max ms':>9} {'mean ms':>9}")
    print(line("search, searched", searched))
    print(line("search, all", searched + cheap))
    print(line("greedy", greedy))


if __name__ == "__main__":
    main()
