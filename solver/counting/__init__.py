"""Exact counting of the solutions σ (delict -> location bijections) that satisfy a set of clues.

count_clues: reduce the clues (reduce.reduce_clues), shrink the masks (reduce.shrunk_masks);
when that settles every delict only the group clues are left to check; otherwise the
sparse DP over reachable partial placements for tight sets (sparse.count_sparse),
else the subset DP (dense) with district-clue units (rows) and group clues as DP
state (keyed.count_keyed), started over the reached states alone (reached), free delicts
placed last over profiles (profiles). The older
paths, signed branches per group clue (tests/counting/reference_branched.py) and units
with inclusion-exclusion (tests/counting/reference_units.py), stay with the tests as
cross-checks.
count_assignments counts plain masks, such as state_masks gives for a game board.
The paths are chosen by prices and limits fitted on the benchmark, all in `costs`.
Odds (odds.py) take the same paths, their forward passes recorded and walked back (backward.py).

May import `solver.core`.
"""

from __future__ import annotations

from collections.abc import Iterable

from solver.core.board import Board
from solver.core.cards import Clue
from solver.counting.dense import count_assignments
from solver.counting.keyed import count_keyed
from solver.counting.reduce import Reduced, live_group_clues, reduce_clues, shrunk_masks, state_masks
from solver.counting.sparse import count_sparse

__all__ = [
    "Reduced",
    "count_assignments",
    "count_clues",
    "count_keyed",
    "count_reduced",
    "count_sparse",
    "reduce_clues",
    "state_masks",
]


def count_clues(clues: Iterable[Clue], board: Board) -> int:
    """The exact number of solutions σ that satisfy every clue on this board."""
    reduced = reduce_clues(clues, board)
    return count_reduced(reduced)


def count_reduced(reduced: Reduced) -> int:
    """Count a reduced clue set: the sparse DP where it stays small, else the keyed subset DP."""
    allowed = shrunk_masks(list(reduced.allowed), reduced)
    if allowed is None:
        return 0
    if all(not mask & (mask - 1) for mask in allowed):
        # every delict settled: propagation keeps district clues true, so only group clues can fail
        return int(live_group_clues(allowed, reduced, reduced.group_dirs) is not None)
    sparse = count_sparse(reduced, allowed)
    if sparse is not None:
        return sparse
    return count_keyed(reduced, allowed)
