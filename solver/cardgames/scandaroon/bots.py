"""Bots for Scandaroon: random (the shared RandomBot) and greedy.

The greedy bot looks one action ahead (following through its own open choices, e.g. the
target of an ability) and takes the action that most improves its margin in the current
round: its score minus the best opponent score, plus half its scoring-pile total. It passes
when nothing improves the margin.
"""

from __future__ import annotations

import random

from solver.cardgames.bots import RandomBot
from solver.cardgames.scandaroon.state import ScandaroonState


def margin(state: ScandaroonState, seat: int) -> float:
    scores = state.scores
    others = max(s for i, s in enumerate(scores) if i != seat)
    return scores[seat] - others + 0.5 * state.pile_totals()[seat]


class GreedyBot:
    name = "greedy"

    def __init__(self, seed: int | None = None, rng: random.Random | None = None):
        self.rng = rng or random.Random(seed)

    def step(self, state: ScandaroonState) -> int:
        seat = state.current_player()
        base = margin(state, seat)
        best_value, best = None, []
        for action in state.legal_actions():
            value = self._value_after(state, seat, action)
            if best_value is None or value > best_value + 1e-9:
                best_value, best = value, [action]
            elif abs(value - best_value) <= 1e-9:
                best.append(action)
        if state.pending() is None and best_value <= base + 1e-9:
            return state.game.actions.PASS  # nothing improves the margin: pass (and be protected)
        return self.rng.choice(best)

    def _value_after(self, state: ScandaroonState, seat: int, action: int) -> float:
        twin = state.clone(keep_log=False)
        twin.apply_action_unchecked(action)
        if twin.current_player() == seat and twin.pending() is not None:
            return max(self._value_after(twin, seat, a) for a in twin.legal_actions())
        return margin(twin, seat)


BOTS = {"random": RandomBot, "greedy": GreedyBot}


def make_bot(name: str, seed: int):
    from solver.core.errors import BadInput, suggest

    if name not in BOTS:
        raise BadInput(f"unknown bot {name!r}; {suggest(name, list(BOTS))}")
    return BOTS[name](seed)
