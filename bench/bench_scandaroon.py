"""Random Scandaroon games per second, checked path next to the unchecked fast path,
and (with pyspiel installed) the same games through the `python_scandaroon` registration.

    python bench/bench_scandaroon.py [--games N]

All numbers come from the same run on the same seeds; compare them, not absolute values.
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


def run_pyspiel(games: int) -> float | None:
    """The same random games through pyspiel (None without pyspiel)."""
    try:
        from solver.cardgames.scandaroon import openspiel
    except ImportError:
        return None
    loaded = {players: openspiel.load_game(players) for players in (3, 4)}
    start = time.perf_counter()
    for seed in range(games):
        rng = random.Random(seed)
        state = loaded[3 + seed % 2].new_initial_state()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
    return games / (time.perf_counter() - start)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per path (same seeds for both)")
    games = parser.parse_args().games
    baseline = run(games, checked=True)
    fast = run(games, checked=False)
    print(f"random games/s  checked (baseline): {baseline:8.1f}")
    print(f"random games/s  unchecked:          {fast:8.1f}  ({fast / baseline:.2f}x)")
    spiel = run_pyspiel(games)
    if spiel is not None:
        print(f"random games/s  through pyspiel:    {spiel:8.1f}  ({spiel / baseline:.2f}x)")
