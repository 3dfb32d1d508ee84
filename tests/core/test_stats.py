"""The simulations' statistics (solver.core.stats)."""

import pytest

from solver.core.stats import game_seed, wilson_interval


def test_wilson_interval_known_values():
    # 50 of 100: the Wilson 95% interval is 0.4038..0.5962.
    low, high = wilson_interval(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-4)
    assert high == pytest.approx(0.5962, abs=1e-4)
    assert wilson_interval(0, 10)[0] == 0.0
    assert wilson_interval(0, 0) == (0.0, 1.0)


def test_each_game_has_its_own_seed():
    assert len({game_seed(7, index) for index in range(1000)}) == 1000
    assert game_seed(7, 3) == game_seed(7, 3) != game_seed(8, 3)
