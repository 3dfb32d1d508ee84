"""Checks that both card games' observers must pass (no pyspiel needed)."""

from __future__ import annotations

import random
from typing import Any


def assert_strings_do_not_alias(game: Any, games: int, seed: int = 0) -> int:
    """Over `games` random games: two decision states with the same information-state
    string, or the same observation string, for the player to move have the same legal
    actions (solvers and search key on these strings). Returns the states checked."""
    rng = random.Random(seed)
    seen: dict[tuple[str, str], tuple[int, ...]] = {}
    checked = 0
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(state.sample_chance_outcome(rng))
                continue
            legal = tuple(state.legal_actions())
            for kind, text in (("information state", state.information_state_string()),
                               ("observation", state.observation_string())):
                before = seen.setdefault((kind, text), legal)
                assert before == legal, (
                    f"two states share the {kind} string but not their legal actions:\n{text}\n"
                    f"legal {before} and {legal}")
            checked += 1
            state.apply_action(rng.choice(legal))
    return checked
