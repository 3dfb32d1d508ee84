"""Golden full-game transcript: seed 7, 4 players, random bots (an OpenSpiel-style playthrough).

A regression record, not a hand-checked game: any change to the rules engine that alters play shows up
here. Regenerate with SCANDAROON_GOLDEN=write after a deliberate change, and read the diff."""

import os
import random
from pathlib import Path

from solver.cardgames.bots import RandomBot
from solver.cardgames.scandaroon.game import ScandaroonGame

GOLDEN = Path(__file__).parent / "golden" / "game_seed7_4p.txt"


def transcript(seed: int = 7, players: int = 4) -> str:
    rng, bot = random.Random(seed), RandomBot(seed)
    state = ScandaroonGame(players=players).new_initial_state()
    lines: list[str] = []
    rounds = state.rounds_played()
    while not state.is_terminal():
        if state.is_chance_node():
            state.resolve_chance(rng)
            continue
        player = state.current_player()
        action = bot.step(state)
        lines.append(f"{player}: {state.action_to_string(player, action)}")
        state.apply_action(action)
        if state.rounds_played() > rounds:
            rounds = state.rounds_played()
            lines.append(f"end of round {rounds}: VP {state.total_vp()} scores {state.score_history()[-1]}")
    lines.append(f"final VP {state.total_vp()} winners {state.game_winners()} returns {state.returns()}")
    return "\n".join(lines) + "\n"


def test_golden_transcript():
    text = transcript()
    if os.environ.get("SCANDAROON_GOLDEN") == "write":
        GOLDEN.write_text(text, encoding="utf-8")
    assert text == GOLDEN.read_text(encoding="utf-8")


def test_the_transcript_is_reproducible():
    assert transcript(seed=3) == transcript(seed=3)
