"""Profiles of refined classes (solver.counting.profiles): the partition, the profile index,
and counts through free delicts whose masks cut the quarters, against brute force."""

from __future__ import annotations

import random

import numpy as np
import pytest

from solver.core import names
from solver.core.bits import FULL
from solver.counting import reduce_clues
from solver.counting.profiles import (
    PROFILE_LIMIT,
    _digits,
    _layer,
    free_profiles,
    layer_width,
    place_free,
    profile_index,
    profiles_of,
)
from solver.counting.reduce import direction_tables
from tests.clue_sets import pinned_solution, true_clue
from tests.counting.test_count import _random_clue
from tests.counting.test_reached import _forced
from tests.enumerate_reference import brute_force_count

L, D = names.LOCATIONS, names.DELICTS


def test_free_profiles_keep_each_chosen_mask_a_union_of_classes(board):
    rng = random.Random(2)
    dir_bits = tuple(direction_tables(reduce_clues([], board))[0])
    for _ in range(50):
        masks = [rng.getrandbits(16) | 1 for _ in range(rng.randint(1, 10))]
        profiles, chosen = free_profiles(dir_bits, masks)
        assert profiles.size <= PROFILE_LIMIT
        for index in chosen:
            assert profiles.is_free(masks[index])
    quarters = profiles_of(dir_bits)
    whole = [quarters.classes[0] | quarters.classes[2], FULL, quarters.classes[1]]
    assert free_profiles(dir_bits, whole) == (quarters, [1, 0, 2])


def test_profile_index_counts_each_class(board):
    dir_bits = tuple(direction_tables(reduce_clues([], board))[0])
    profiles = profiles_of(dir_bits, (0b1010_1010_1010_1010,))
    rng = np.random.default_rng(0)
    sets = rng.integers(0, 1 << 16, 200)
    pairs = list(zip(profiles.classes, profiles.strides, strict=True))
    expected = [sum(stride * bin(int(s) & cls).count("1") for cls, stride in pairs) for s in sets]
    assert profile_index(profiles, sets).tolist() == expected


@pytest.mark.parametrize("seed", range(6))
def test_refined_profiles_equal_brute_force(board, seed):
    """Location cards and pinned delicts cut quarters apart: free delicts on refined classes."""
    rng = random.Random(1300 + seed)
    where, pinned, clues = pinned_solution(rng, 8)
    clues += [true_clue(rng, kind, where, board) for kind in "DNCCBBBBBB"]
    clues += [_random_clue(rng, "B") for _ in range(seed % 2)]
    reduced = reduce_clues(clues, board)
    allowed = list(reduced.allowed)  # unpropagated: free delicts keep masks that cut quarters
    count, ran = _forced(reduced, allowed)
    assert count == brute_force_count(clues, board, pinned)
    assert ran == 1 or count == 0


@pytest.mark.parametrize("masks", [(), (0b1010_1010_1010_1010,), (0x00FF, 0x0F0F), (0x1234, 0xF00F, 0x0FF0)])
def test_place_free_moves_each_profile_to_one_fewer_in_a_class_of_the_mask(board, masks):
    """By its definition, profile by profile: whatever slices or index arrays it adds with."""
    dir_bits = tuple(direction_tables(reduce_clues([], board))[0])
    profiles = profiles_of(dir_bits, masks)
    digits = _digits(profiles)
    rng = np.random.default_rng(len(masks))
    for left in range(1, 17):
        vector = rng.integers(0, 1000, (layer_width(profiles, left), 3))
        members, _ = _layer(profiles, left)
        _, below = _layer(profiles, left - 1)
        first, last = profiles.classes[0], profiles.classes[-1]
        for mask in (FULL, *masks, first, last, first | last):
            into = np.zeros((layer_width(profiles, left - 1), 3), dtype=np.int64)
            place_free(vector, mask, profiles, into, left)
            expected = np.zeros_like(into)
            for row, profile in enumerate(members.tolist()):
                for column, (cls, stride) in enumerate(zip(profiles.classes, profiles.strides, strict=True)):
                    if mask & cls and digits[profile, column] > 0:
                        expected[below[profile - stride]] += vector[row]
            assert (into == expected).all()
