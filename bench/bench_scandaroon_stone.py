"""Benchmark: how the greedy bot uses its action stone, the margin-only greedy beside it.

Three-player games of three greedy bots, once with the stone judged by the margin alone
(the first greedy, the baseline) and once weighed (`bots.stone_value`), on the same seeds:
the share of stones played, by round and by effect, read from the games' logs. Then the
weighed greedy in one seat (rotating) against two margin-only ones: its sole wins with a
95% Wilson interval (fair share 1/3).

    python bench/bench_scandaroon_stone.py [--games 300]
"""

from __future__ import annotations

import argparse
import random
import re
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from solver.cardgames.scandaroon.bots import GreedyBot
from solver.cardgames.scandaroon.game import ScandaroonGame
from solver.cardgames.scandaroon.state import ScandaroonState
from solver.cardgames.scandaroon.symbols import STONE_EFFECTS
from solver.cardgames.simulate import play_game
from solver.core.stats import game_seed, wilson_interval

PLAYERS = 3
ROUND = re.compile(r"^round (\d+):")
EFFECT = re.compile(r"action stone effect: (\S+)")


class MarginGreedy(GreedyBot):
    weigh_stone = False


def stone_uses(log: list[str]) -> list[tuple[int, str]]:
    """(round, effect) of every action stone in a game's log."""
    uses, round_ = [], 0
    for line in log:
        if found := ROUND.match(line):
            round_ = int(found.group(1))
        elif found := EFFECT.search(line):
            uses.append((round_, found.group(1)))
    return uses


def usage(games: int, weigh: bool) -> Counter[tuple[int, str]]:
    game = ScandaroonGame(players=PLAYERS, keep_log=True)
    kind = GreedyBot if weigh else MarginGreedy
    uses: Counter[tuple[int, str]] = Counter()
    for index in range(games):
        seed = game_seed(0, index)
        state = game.new_initial_state()
        bots = [kind(seed * 31 + seat) for seat in range(PLAYERS)]
        play_game_logged(state, bots, seed)
        uses.update(stone_uses(state.log))
    return uses


def play_game_logged(state: ScandaroonState, bots: list[GreedyBot], seed: int) -> None:
    """Play the game to its end through the checked path (the log is kept)."""
    rng = random.Random(seed)
    while not state.is_terminal():
        if state.is_chance_node():
            state.resolve_chance(rng)
        else:
            state.apply_action(bots[state.current_player()].step(state))


def head_to_head(games: int) -> tuple[int, int]:
    game = ScandaroonGame(players=PLAYERS, keep_log=False)
    wins = 0
    for index in range(games):
        seed, seat = game_seed(1, index), index % PLAYERS
        bots: list[GreedyBot] = [MarginGreedy(seed * 31 + s) for s in range(PLAYERS)]
        bots[seat] = GreedyBot(seed * 31 + seat)
        wins += play_game(game, bots, seed).winner == seat
    return wins, games


def table(label: str, uses: Counter[tuple[int, str]], games: int) -> list[str]:
    total = sum(uses.values())
    rounds = " ".join(f"r{r} {sum(n for (k, _), n in uses.items() if k == r) / max(total, 1):5.0%}"
                      for r in range(1, 5))
    effects = " ".join(f"{e} {sum(n for (_, k), n in uses.items() if k == e) / max(total, 1):4.0%}"
                       for e in STONE_EFFECTS)
    return [f"{label:<22} stones {total / (games * PLAYERS):4.0%} of seats | {rounds} | {effects}"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=300)
    games = parser.parse_args().games
    print(f"{games} games of {PLAYERS} greedy bots; stones by round and by effect (shares of the stones)")
    for line in table("margin only (baseline)", usage(games, False), games):
        print(line)
    for line in table("stone weighed", usage(games, True), games):
        print(line)
    wins, played = head_to_head(games)
    low, high = wilson_interval(wins, played)
    print(f"stone-weighed greedy against 2 margin-only: {wins}/{played} = {wins / played:.1%} "
          f"[{low:.1%}, {high:.1%}] (fair share 33.3%)")


if __name__ == "__main__":
    main()
