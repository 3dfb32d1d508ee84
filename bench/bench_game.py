"""Benchmark: whole games of Schinderhannes between bots, through the checked engine (solver.game).

  random games  - full games between random bots (uniform over the legal actions), games a second
  greedy games  - full games between greedy bots (the hand advisor's best play), games a second
  per action    - the time of one legal_actions() + apply_action() step, p50 and p95

There is no separate fast playout path yet: these are the checked engine's figures, the
baseline a fast path would be measured against.

    python bench/bench_game.py [--games 60] [--players 3]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from solver.game.bots import BOTS, play_game
from solver.game.game import Game

NAMES = ("Anna", "Ben", "Carl", "Dora")


def games_per_second(game: Game, bot: str, games: int) -> tuple[float, list[int]]:
    started = time.perf_counter()
    turns = []
    for seed in range(games):
        state = play_game(game, [BOTS[bot](seed + seat) for seat in range(game.num_players())], seed)
        turns.append(state.turn.turns)
    return games / (time.perf_counter() - started), turns


def step_times(game: Game, games: int) -> list[float]:
    """Each step of random games: the legal actions listed and one applied."""
    found = []
    for seed in range(games):
        state = game.new_initial_state(seed)
        bots = [BOTS["random"](seed + seat) for seat in range(game.num_players())]
        while not state.is_terminal():
            started = time.perf_counter()
            if state.is_chance_node():
                state.apply_action(state.legal_actions()[0])
            else:
                state.apply_action(bots[state.current_player()](state))
            found.append(time.perf_counter() - started)
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--players", type=int, default=3, choices=(2, 3, 4))
    args = parser.parse_args()
    game = Game(NAMES[:args.players])
    print(f"{args.games} games of {args.players} players, the bundled deck, one process")
    print(f"{'bots':<14} {'games/s':>8} {'turns mean':>11} {'turns max':>10}")
    for bot in ("random", "greedy"):
        rate, turns = games_per_second(game, bot, args.games)
        print(f"{bot:<14} {rate:>8.1f} {statistics.fmean(turns):>11.1f} {max(turns):>10}")
    steps = sorted(step_times(game, max(5, args.games // 6)))
    print(f"one step (random bots): p50 {steps[len(steps) // 2] * 1e3:.2f} ms, "
          f"p95 {steps[int(len(steps) * 0.95)] * 1e3:.2f} ms over {len(steps)} steps")
    print("fast playout path: not built yet (the goal: >= 20x the checked engine's random games/s)")


if __name__ == "__main__":
    main()
