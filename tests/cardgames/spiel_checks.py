"""OpenSpiel peer checks that both card games' registrations must pass."""

from __future__ import annotations

import math
import random
from typing import Any

import pytest


def assert_mccfr_runs_clean(game: Any, python_iterations: int, seed: int = 0) -> None:
    """Outcome-sampling MCCFR, Python and C++, leaves finite regrets, and the average policies
    along a sampled game are distributions over the legal actions."""
    import numpy as np
    import pyspiel
    from open_spiel.python.algorithms import outcome_sampling_mccfr

    np.random.seed(seed)
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
    for _ in range(python_iterations):
        solver.iteration()
    values = [v for table in solver._infostates.values() for row in table for v in row]
    assert values and all(math.isfinite(v) for v in values)
    native = pyspiel.OutcomeSamplingMCCFRSolver(game, seed=seed)
    for _ in range(100):
        native.run_iteration()
    policy = native.average_policy()
    python_policy = solver.average_policy()
    rng = random.Random(seed + 1)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(actions, probs)[0])
            continue
        for probabilities in (dict(policy.get_state_policy(state)), python_policy.action_probabilities(state)):
            assert sorted(probabilities) == state.legal_actions()
            assert all(math.isfinite(p) and p >= 0 for p in probabilities.values())
            assert sum(probabilities.values()) == pytest.approx(1.0)
        state.apply_action(rng.choice(state.legal_actions()))
