"""Benchmark: whole games of Schinderhannes between bots, through the checked engine (solver.game.state)
and the fast playout path (solver.game.playout), side by side in one run.

  random games  - full games between random bots (uniform over the legal actions), games a second
  greedy games  - full games between greedy bots (the hand advisor's best play), games a second
  per action    - the time of one step (the bot's choice, which lists the legal actions, and
                  apply_action), p50 and p95, in each engine

Each seed's game is played through the checked engine once and then through the fast path --repeat
times, one after the other, so that a busy machine slows both alike; the ratio is fast games a second
over checked ones (the goal: >= 20x on random games). "same games" counts the seeds whose fast game
ended exactly as the checked one (board, cards, scores, turn: `playout.summary`). On a shared
machine, --cpu times the process's CPU time instead of the wall clock.

    python bench/bench_game.py [--games 60] [--players 3] [--repeat 10] [--cpu]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from solver.game.bots import BOTS, play_game
from solver.game.game import Game
from solver.game.playout import FAST_BOTS, FastState, play_fast, summary

NAMES = ("Anna", "Ben", "Carl", "Dora")
GOAL = 20.0
clock = time.perf_counter


def paired_rates(game: Game, bot: str, games: int, repeat: int) -> tuple[float, float, list[int], int]:
    """Checked and fast games a second over the same seeds, the turns of each game, and how many of the
    fast games ended as the checked ones."""
    checked_time = fast_time = 0.0
    turns, same = [], 0
    seats = range(game.num_players())
    for seed in range(games):
        started = clock()
        state = play_game(game, [BOTS[bot](seed + seat) for seat in seats], seed)
        between = clock()
        for _ in range(repeat):
            fast = play_fast(game, [FAST_BOTS[bot](seed + seat) for seat in seats], seed)
        checked_time += between - started
        fast_time += clock() - between
        turns.append(state.turn.turns)
        same += fast.summary() == summary(state)
    return games / checked_time, games * repeat / fast_time, turns, same


def step_times(new_state: Callable[[int], Any], bots: Callable[[int], list[Any]], games: int) -> list[float]:
    """Each step of random games: the bot's choice (from the legal actions) and its action applied."""
    found = []
    for seed in range(games):
        state, players = new_state(seed), bots(seed)
        while not state.is_terminal():
            started = clock()
            action = state.sample_chance() if state.is_chance_node() else players[state.current_player()](state)
            state.apply_action(action)
            found.append(clock() - started)
    return sorted(found)


def percentiles(steps: list[float]) -> str:
    return f"{steps[len(steps) // 2] * 1e3:.3f} / {steps[int(len(steps) * 0.95)] * 1e3:.3f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--players", type=int, default=3, choices=(2, 3, 4))
    parser.add_argument("--repeat", type=int, default=10, help="fast games played per checked game")
    parser.add_argument("--cpu", action="store_true", help="time CPU time (time.process_time), not the wall clock")
    args = parser.parse_args()
    global clock
    if args.cpu:
        clock = time.process_time
    game = Game(NAMES[:args.players])
    print(f"{args.games} games of {args.players} players, the bundled deck, one process; "
          f"each seed's game {args.repeat} times on the fast path; {'CPU time' if args.cpu else 'wall clock'}")
    print(f"{'bots':<8} {'checked/s':>10} {'fast/s':>9} {'ratio':>7} {'turns mean':>11} {'turns max':>10} "
          f"{'same games':>11}")
    ratios = {}
    for bot in ("random", "greedy"):
        checked, fast, turns, same = paired_rates(game, bot, args.games, args.repeat)
        ratios[bot] = fast / checked
        print(f"{bot:<8} {checked:>10.1f} {fast:>9.1f} {ratios[bot]:>6.1f}x {statistics.fmean(turns):>11.1f} "
              f"{max(turns):>10} {same:>5}/{args.games}")
    sample = max(5, args.games // 6)
    seats = range(args.players)
    checked_steps = step_times(game.new_initial_state, lambda seed: [BOTS["random"](seed + s) for s in seats], sample)
    fast_steps = step_times(lambda seed: FastState.new_initial_state(game, seed),
                            lambda seed: [FAST_BOTS["random"](seed + s) for s in seats], sample)
    print(f"one step (random bots), p50 / p95: checked {percentiles(checked_steps)}, "
          f"fast {percentiles(fast_steps)} over {len(checked_steps)} steps")
    verdict = "met" if ratios["random"] >= GOAL else "NOT met"
    print(f"goal: fast >= {GOAL:.0f}x the checked engine on random games: {verdict} ({ratios['random']:.1f}x)")


if __name__ == "__main__":
    main()
