"""Golden full-game transcript: seed 7, 4 players, random bots (OpenSpiel-style
playthrough). Round 1 was checked by hand against the rulebook (trick winners,
taken cards, pair cancellation, points). Regenerate with SCHADENFREUDE_GOLDEN=write after a deliberate change."""

import os
import random
from pathlib import Path

from solver.cardgames.bots import RandomBot
from solver.cardgames.schadenfreude import scoring
from solver.cardgames.schadenfreude.game import SchadenfreudeGame

GOLDEN = Path(__file__).parent / "golden" / "game_seed7_4p.txt"


def transcript(seed: int = 7, players: int = 4) -> str:
    rng, bot = random.Random(seed), RandomBot(seed)
    state = SchadenfreudeGame(players).new_initial_state()
    lines: list[str] = []
    names = state.game.card_names
    while not state.is_terminal():
        if state.is_chance_node():
            state.resolve_chance(rng)
            lines.append(f"round {state.round} leader {state.leader}")
            for seat, hand in enumerate(state.hands):
                lines.append(f"  hand {seat}: {' '.join(names(_cards(hand)))}")
            continue
        rounds = state.rounds_played()
        state.apply_action(bot.step(state))
        if state.rounds_played() > rounds:
            for done in state.last_round_tricks:
                lines.append(f"  trick {' '.join(names(done.cards))} led by {done.leader} -> "
                             f"{done.winner} takes {' '.join(names(done.taken))}")
            piles = [scoring.pile_values(pile) for pile in state.last_round_piles]
            lines.append(f"  piles {piles}")
            lines.append(f"  points {state.last_round_points} scores {state.score_log[-1]}")
    lines.append(f"final {state.scores} winner {state.winner()} returns {state.returns()}")
    return "\n".join(lines) + "\n"


def _cards(mask):
    from solver.cardgames.schadenfreude.cards import cards_of

    return cards_of(mask)


def test_golden_transcript():
    text = transcript()
    if os.environ.get("SCHADENFREUDE_GOLDEN") == "write":
        GOLDEN.write_text(text)
    assert text == GOLDEN.read_text()
