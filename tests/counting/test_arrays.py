"""The counters' array helpers equal what numpy.unique gives, and counting never loads numpy.ma."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from solver.counting.arrays import distinct, distinct_with_inverse

ROOT = Path(__file__).resolve().parents[2]
_ARRAYS = st.lists(st.integers(-2**62, 2**62), max_size=60).map(lambda values: np.array(values, dtype=np.int64))
_SMALL = st.lists(st.integers(0, 5), max_size=60).map(lambda values: np.array(values, dtype=np.int64))


@settings(max_examples=300, deadline=None)
@given(st.one_of(_ARRAYS, _SMALL))
def test_distinct_is_numpy_unique(values):
    assert np.array_equal(distinct(values), np.unique(values))
    found, inverse, counts = distinct_with_inverse(values)
    expected, expected_inverse, expected_counts = np.unique(values, return_inverse=True, return_counts=True)
    assert np.array_equal(found, expected)
    assert np.array_equal(inverse, expected_inverse.reshape(-1)) and np.array_equal(counts, expected_counts)
    assert np.array_equal(found[inverse], values)


PROBE = """
import random, sys
from solver.core import names
from solver.core.board import load_board
from solver.counting import count_clues
from solver.counting.odds import odds_of_clues
from tests.clue_sets import true_clue
board, rng = load_board(), random.Random(3)
where = dict(zip(names.DELICTS, rng.sample(names.LOCATIONS, 16), strict=True))
clues = [true_clue(rng, "C", where, board) for _ in range(6)] + [true_clue(rng, "B", where, board) for _ in range(8)]
count_clues(clues, board)
odds_of_clues(clues, board)
print("numpy.ma" in sys.modules)
"""


def test_a_first_count_and_odds_load_no_numpy_ma():
    # district and group clues: the sets whose counts take the reached-state and keyed paths
    found = subprocess.run([sys.executable, "-c", PROBE], cwd=ROOT, capture_output=True, text=True, check=True)
    assert found.stdout.strip() == "False"
