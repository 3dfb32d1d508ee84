"""Random Scandaroon games per second, checked path next to the unchecked fast path.

    python bench/bench_scandaroon.py [--games N]

Both numbers come from the same run on the same seeds; compare them, not absolute values.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from solver.cardgames.scandaroon.deck import load_deck
from solver.cardgames.scandaroon.game import ScandaroonGame


def run(games: int, checked: bool) -> float:
    deck = load_deck()
    start = time.perf_counter()
    for seed in range(games):
        rng = random.Random(seed)
        state = ScandaroonGame(deck, 3 + seed % 2, keep_log=False).new_initial_state()
        while not state.is_terminal():
            action = rng.choice(state.legal_actions())
            if checked:
                state.apply_action(action)
            else:
                state.apply_action_unchecked(action)
    return games / (time.perf_counter() - start)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per path (same seeds for both)")
    games = parser.parse_args().games
    baseline = run(games, checked=True)
    fast = run(games, checked=False)
    print(f"random games/s  checked (baseline): {baseline:8.1f}")
    print(f"random games/s  unchecked:          {fast:8.1f}  ({fast / baseline:.2f}x)")
