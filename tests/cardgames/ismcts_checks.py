"""OpenSpiel's ISMCTS against the project's bots, in a plain game loop (pyspiel needed)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any


def ismcts_plays_whole_games(game: Any, engine_bots: Callable[[int], dict[int, Any]], games: int,
                             simulations: int = 10) -> list[list[float]]:
    """OpenSpiel's ISMCTSBot (its defaults: consistent action sets, a new world sampled
    by `resample_from_infostate` for every simulation) in seat 0; the other seats are
    the engine's own bots, given the engine state. Returns each game's returns."""
    import numpy as np
    from open_spiel.python.algorithms import ismcts, mcts

    results = []
    for seed in range(games):
        rng = np.random.RandomState(seed)
        evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
        searcher = ismcts.ISMCTSBot(game, evaluator, 1.4, max_simulations=simulations, random_state=rng)
        bots, chance = engine_bots(seed), random.Random(seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(chance.choices(actions, probs)[0])
            elif state.current_player() == 0:
                state.apply_action(searcher.step(state))
            else:
                state.apply_action(bots[state.current_player()].step(state.inner))
        results.append(state.returns())
    return results
