"""Exact counting, kept as a thin alias of the solver.counting package (its public API only).

The code lives in solver/counting: dense (subset DP), reduce (clues -> masks and ties),
sparse, branched and units (the cross-check). Constants such as SPARSE_STATE_LIMIT live in
their module (solver.counting.sparse): patch them there, not here.
"""

from solver.counting import (
    FULL,
    SIZE,
    Reduced,
    count_assignments,
    count_branched,
    count_clues,
    count_reduced,
    count_sparse,
    count_units_ie,
    reduce_clues,
    state_masks,
)

__all__ = [
    "FULL",
    "SIZE",
    "Reduced",
    "count_assignments",
    "count_branched",
    "count_clues",
    "count_reduced",
    "count_sparse",
    "count_units_ie",
    "reduce_clues",
    "state_masks",
]
