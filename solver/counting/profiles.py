"""Free delicts without a subset DP: only how many of their locations lie in each class counts.

A location's class is its set of direction bits (on the bundled board, its quarter of the
map), cut further by the free delicts' masks: two locations share a class when they have
the same directions and every free delict may take both or neither. A free delict is a
single item (no district clue ties it) whose allowed locations are whole classes. Placing
free delicts on a set F of locations, the group clues see only each member's class, and
the ways depend on F through its profile alone (how many of its locations lie in each
class): the number of ways to give each free delict a class, c_q of them to class q, times
Π c_q! (the order of the c_q delicts on the c_q locations of class q in F).

free_profiles picks the free delicts: broadest masks first, while the profiles stay within
PROFILE_LIMIT; a delict on few locations (FREE_FEWEST) costs little placed exactly and is
left to the other items unless its mask cuts no class. keyed._run_free is count_keyed's
keyed DP over profiles instead of location sets: one step per free delict (place_free),
each vector holding only the profiles of as many locations as are left (_layer); by_profile
and reached.to_profiles sum the other items' ways per profile of the locations they left.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from math import factorial

import numpy as np

from solver.core.bits import FULL, N
from solver.counting.costs import FREE_FEWEST, PROFILE_LIMIT
from solver.counting.dense import _layers, popcounts

Vectors = dict[int, np.ndarray]
RUNS_AS_SLICES = 12  # a shift of fewer runs than this is added slice by slice (measured: 8-12 best)


@dataclass(frozen=True)
class Profiles:
    """The classes of locations (masks), and the mixed-radix index of a profile."""

    classes: tuple[int, ...]
    strides: tuple[int, ...]
    size: int  # number of profiles

    def is_free(self, mask: int) -> bool:
        """A mask made of whole classes."""
        return all(mask & cls in (0, cls) for cls in self.classes)




@lru_cache(maxsize=256)
def profiles_of(dir_bits: tuple[int, ...], masks: tuple[int, ...] = ()) -> Profiles:
    """Locations grouped by their direction bits and by which of `masks` (the free delicts'
    allowed locations) hold them: each mask is then a union of classes."""
    by_sign: dict[tuple[int, ...], int] = {}
    for location, bits in enumerate(dir_bits):
        sign = (bits, *(mask >> location & 1 for mask in masks))
        by_sign[sign] = by_sign.get(sign, 0) | 1 << location
    classes = tuple(by_sign[sign] for sign in sorted(by_sign))
    strides, size = [], 1
    for cls in classes:
        strides.append(size)
        size *= cls.bit_count() + 1
    return Profiles(classes, tuple(strides), size)


def free_profiles(dir_bits: tuple[int, ...], masks: list[int]) -> tuple[Profiles, list[int]]:
    """The profiles of the classes the given masks refine, and which masks (by index) are
    free in them: broadest first, every mask that keeps the profiles within PROFILE_LIMIT
    and either refines no class or has FREE_FEWEST locations or more."""
    chosen: tuple[int, ...] = ()
    free = []
    for index in sorted(range(len(masks)), key=lambda i: -masks[i].bit_count()):
        trial = chosen if masks[index] in chosen else tuple(sorted((*chosen, masks[index])))
        size = profiles_of(dir_bits, trial).size
        refines = size > profiles_of(dir_bits, chosen).size
        if size <= PROFILE_LIMIT and (masks[index].bit_count() >= FREE_FEWEST or not refines):
            chosen = trial
            free.append(index)
    return profiles_of(dir_bits, chosen), free


@lru_cache(maxsize=64)
def _digits(profiles: Profiles) -> np.ndarray:
    """Per profile index, the count in each class (profiles x classes)."""
    index = np.arange(profiles.size)
    pairs = zip(profiles.classes, profiles.strides, strict=True)
    return np.stack([(index // stride) % (cls.bit_count() + 1) for cls, stride in pairs], axis=1)


@lru_cache(maxsize=64)
def _totals(profiles: Profiles) -> np.ndarray:
    """Per profile index, its number of locations."""
    return _digits(profiles).sum(axis=1)


@lru_cache(maxsize=1024)
def _layer(profiles: Profiles, left: int) -> tuple[np.ndarray, np.ndarray]:
    """The profiles of `left` locations in all (their indices), and per profile index its
    position among them (-1 for the other profiles): keyed._run_free's vectors hold only
    the profiles of as many locations as are left."""
    members = np.flatnonzero(_totals(profiles) == left)
    position = np.full(profiles.size, -1, dtype=np.int64)
    position[members] = np.arange(len(members))
    return members, position


def layer_width(profiles: Profiles, left: int) -> int:
    """The number of profiles of `left` locations."""
    return len(_layer(profiles, left)[0])


@lru_cache(maxsize=1024)
def _shifts(profiles: Profiles, left: int) -> list[tuple[np.ndarray, np.ndarray]]:
    """Per class: the profiles of `left` locations with one or more in it (positions in
    their layer), and the same profiles with one fewer there (positions in theirs)."""
    members, _ = _layer(profiles, left)
    _, below = _layer(profiles, left - 1)
    digits = _digits(profiles)[members]
    steps = []
    for column, stride in enumerate(profiles.strides):
        more = np.flatnonzero(digits[:, column] > 0)
        steps.append((below[members[more] - stride], more))
    return steps


Shift = tuple[int, list[tuple[slice, slice]] | None, np.ndarray, np.ndarray]


@lru_cache(maxsize=1024)
def _shift_runs(profiles: Profiles, left: int) -> list[Shift]:
    """_shifts per class, with its class, and as slices when both position lists are a few runs
    of consecutive positions (a class of a large stride): a slice adds in place, where index
    arrays gather and scatter every row (a class of stride 1 breaks at every digit: arrays)."""
    moves: list[Shift] = []
    for cls, (fewer, more) in zip(profiles.classes, _shifts(profiles, left), strict=True):
        breaks = (np.flatnonzero((np.diff(fewer) != 1) | (np.diff(more) != 1)) + 1).tolist()
        runs: list[tuple[slice, slice]] | None = None
        if not len(fewer):
            runs = []
        elif len(breaks) < RUNS_AS_SLICES:
            runs = [(slice(int(fewer[start]), int(fewer[end - 1]) + 1), slice(int(more[start]), int(more[end - 1]) + 1))
                    for start, end in zip([0, *breaks], [*breaks, len(fewer)], strict=True)]
        moves.append((cls, runs, fewer, more))
    return moves


@lru_cache(maxsize=64)
def _arrangements(profiles: Profiles) -> np.ndarray:
    """Per profile, Π c_q!: the ways to order c_q delicts on c_q locations of each class."""
    digits = _digits(profiles)
    table = np.array([factorial(k) for k in range(N + 1)], dtype=np.int64)
    return np.prod(table[digits], axis=1)


def profile_index(profiles: Profiles, sets: np.ndarray) -> np.ndarray:
    """The profile of each set of locations."""
    counts = popcounts()
    index = np.zeros(len(sets), dtype=np.int64)
    for cls, stride in zip(profiles.classes, profiles.strides, strict=True):
        index += stride * counts[sets & cls]
    return index


@lru_cache(maxsize=256)
def _complement_profile(profiles: Profiles, layer: int) -> np.ndarray:
    """Per set of locations in `layer`, the profile index of the other locations."""
    layers, _ = _layers()
    return profile_index(profiles, FULL ^ layers[layer])


def arrangements(profiles: Profiles, left: int) -> np.ndarray:
    """Per profile of `left` locations, Π c_q! (see _arrangements)."""
    return _arrangements(profiles)[_layer(profiles, left)[0]]


def positions(profiles: Profiles, free_sets: np.ndarray, left: int) -> np.ndarray:
    """The position of each set's profile among the profiles of `left` locations (each set has that many)."""
    return _layer(profiles, left)[1][profile_index(profiles, free_sets)]


def place_free(vector: np.ndarray, mask: int, profiles: Profiles, into: np.ndarray, left: int) -> None:
    """Add to `into` (over the profiles of left - 1 locations) the profiles left after one
    more free delict takes a location of a class of `mask` from `vector` (over the profiles
    of `left` locations); the profiles are the first axis."""
    for cls, runs, fewer, more in _shift_runs(profiles, left):
        if not mask & cls:
            continue
        if runs is None:
            into[fewer] += vector.take(more, axis=0)
        else:
            for target, source in runs:
                into[target] += vector[source]


def by_profile(vectors: Vectors, layer: int, profiles: Profiles) -> Vectors:
    """Keyed vectors over location sets of `layer` to keyed vectors over the profiles of the
    locations left, each times its arrangements (Π c_q!: which free delict of those given
    class q takes which of its c_q locations)."""
    left = N - layer
    _, position = _layer(profiles, left)
    index = position[_complement_profile(profiles, layer)]
    weights = arrangements(profiles, left)
    # every sum is a number of partial placements, < 16! < 2^53: float weights stay exact
    return {
        key: np.bincount(index, weights=vector, minlength=len(weights)).astype(np.int64) * weights
        for key, vector in vectors.items()
    }
