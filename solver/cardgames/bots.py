"""The bot protocol: a bot picks one of the current player's legal actions."""

from __future__ import annotations

import random
from typing import Protocol

from solver.cardgames.api import GameState


class Bot(Protocol):
    name: str

    def step(self, state: GameState) -> int:
        """An action from state.legal_actions() for state.current_player()."""
        ...


class RandomBot:
    """Uniformly random among the legal actions."""

    name = "random"

    def __init__(self, seed: int | None = None, rng: random.Random | None = None):
        self.rng = rng or random.Random(seed)

    def step(self, state: GameState) -> int:
        return self.rng.choice(state.legal_actions())


class ScriptedBot:
    """Plays a fixed list of actions in order (for tests and transcripts)."""

    name = "scripted"

    def __init__(self, actions: list[int]):
        self.actions = list(actions)

    def step(self, state: GameState) -> int:
        if not self.actions:
            raise RuntimeError("scripted bot ran out of actions")
        return self.actions.pop(0)
