"""Benchmark: the search bot's time per decision beside the greedy bot's, in whole games.

Four-player games, the search bot in one seat (rotating) against three greedy bots, one process;
each decision of the search bot and of the greedy bots is timed, in wall-clock and in CPU time
(the search bot's budget is CPU time: on a busy machine the wall clock runs ahead of it). The
search bot's turn-opening decisions (a card or a pass: the ones it searches) are reported apart
from its cheap ones.

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


Times = list[tuple[float, float]]  # (wall-clock, CPU) seconds of each decision


def timed(bot: Callable[[State], Action], into: Callable[[], Times]) -> Callable[[State], Action]:
    """`bot`, each decision's times kept in the list `into()` names once it has decided."""
    def decide(state: State) -> Action:
        wall, cpu = time.perf_counter(), time.process_time()
        action = bot(state)
        into().append((time.perf_counter() - wall, time.process_time() - cpu))
        return action

    return decide


def quantiles(values: list[float]) -> str:
    ordered = sorted(values)
    p50, p95 = ordered[len(ordered) // 2], ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))]
    return f"{p50 * 1e3:>8.1f} {p95 * 1e3:>8.1f} {ordered[-1] * 1e3:>8.1f}"


def line(label: str, times: Times) -> str:
    if not times:
        return f"{label:<18} no decisions"
    walls, cpus = [wall for wall, _ in times], [cpu for _, cpu in times]
    return f"{label:<18} {len(times):>6} {quantiles(walls)}  {quantiles(cpus)} {statistics.fmean(cpus) * 1e3:>8.1f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=8)
    parser.add_argument("--worlds", type=int, default=Strength.worlds)
    parser.add_argument("--budget", type=float, default=Strength.budget)
    args = parser.parse_args()
    game = Game(NAMES)
    strength = Strength(worlds=args.worlds, budget=args.budget)
    searched: Times = []  # the turn-opening decisions the search bot searched
    cheap: Times = []
    greedy: Times = []
    for seed in range(args.games):
        bot = SearchBot(seed, strength)
        bots = [timed(GreedyBot(), lambda: greedy) for _ in NAMES]
        bots[seed % len(NAMES)] = timed(bot, lambda bot=bot: searched if bot.searched else cheap)
        play_game(game, bots, seed)
    print(f"{args.games} games of 4 players, search (worlds {args.worlds}, budget {args.budget} CPU s) "
          f"against 3 greedy, one process; milliseconds per decision")
    print(f"{'':<18} {'':>6} {'wall-clock':^26}  {'CPU':^26}")
    print(f"{'decisions':<18} {'count':>6} {'p50':>8} {'p95':>8} {'max':>8}  {'p50':>8} {'p95':>8} {'max':>8} "
          f"{'mean':>8}")
    print(line("search, searched", searched))
    print(line("search, all", searched + cheap))
    print(line("greedy", greedy))


if __name__ == "__main__":
    main()
