"""Array helpers the counters share.

`distinct` does what `numpy.unique` does for the 1-D integer arrays the counters sort, without
it: `numpy.unique` imports `numpy.ma` on its first call (tens of milliseconds, paid inside the
first count of every command).
"""

from __future__ import annotations

import numpy as np


def distinct(values: np.ndarray) -> np.ndarray:
    """The sorted distinct values of a 1-D array (`numpy.unique(values)`)."""
    ordered = np.sort(values, kind="stable")
    if len(ordered) == 0:
        return ordered
    keep = np.empty(len(ordered), dtype=bool)
    keep[0] = True
    np.not_equal(ordered[1:], ordered[:-1], out=keep[1:])
    return ordered[keep]


def distinct_with_inverse(values: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(the sorted distinct values, for each value the index of its distinct value, how many there
    are of each): `numpy.unique(values, return_inverse=True, return_counts=True)`."""
    order = np.argsort(values, kind="stable")
    ordered = values[order]
    if len(ordered) == 0:
        return ordered, np.zeros(0, dtype=np.intp), np.zeros(0, dtype=np.intp)
    starts = np.empty(len(ordered), dtype=bool)
    starts[0] = True
    np.not_equal(ordered[1:], ordered[:-1], out=starts[1:])
    group = np.cumsum(starts) - 1
    inverse = np.empty(len(values), dtype=np.intp)
    inverse[order] = group
    first = np.flatnonzero(starts)
    counts = np.diff(np.append(first, len(ordered)))
    return ordered[starts], inverse, counts
