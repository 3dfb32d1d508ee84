"""The bot protocol: a bot picks one of the current player's legal actions.

`Bot[S]` plays states of type S; a bot for any `CardGameState` (RandomBot) is a `Bot[S]` for
every engine's S. `MakeBot[S]` is what an engine's table of bots holds: a bot class (or
factory) called with a seed."""

from __future__ import annotations

import random
from typing import Protocol

from solver.cardgames.api import CardGameState, StateT_contra


class Bot(Protocol[StateT_contra]):
    name: str

    def step(self, state: StateT_contra) -> int:
        """An action from state.legal_actions() for state.current_player()."""
        ...


class MakeBot(Protocol[StateT_contra]):
    """A bot class or factory: a new bot from a seed (None: unseeded)."""

    def __call__(self, seed: int | None = None) -> Bot[StateT_contra]: ...


class RandomBot:
    """Uniformly random among the legal actions."""

    name = "random"

    def __init__(self, seed: int | None = None, rng: random.Random | None = None) -> None:
        self.rng = rng or random.Random(seed)

    def step(self, state: CardGameState) -> int:
        return self.rng.choice(state.legal_actions())
