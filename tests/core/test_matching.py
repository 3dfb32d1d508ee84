"""The matching on masks against the plain Kuhn's algorithm it replaced (sets and lists),
which tried the same locations in the same order: the same matching, so the same facts; the
reserved locations from one matching against their definition (the deficiency grows without
the location), which took a matching per location."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from solver.core.bits import indices
from solver.core.matching import deficiency, every_candidate_matched, hall_violator, max_matching, reserved_locations

masks = st.lists(st.integers(min_value=0, max_value=0xFFFF), min_size=0, max_size=16)


def reference_matching(allowed: list[int]) -> dict[int, int]:
    owner: dict[int, int] = {}

    def augment(row: int, seen: set[int]) -> bool:
        for location in indices(allowed[row]):
            if location in seen:
                continue
            seen.add(location)
            if location not in owner or augment(owner[location], seen):
                owner[location] = row
                return True
        return False

    for row in sorted(range(len(allowed)), key=lambda r: allowed[r].bit_count()):
        augment(row, set())
    return {row: location for location, row in owner.items()}


@settings(max_examples=500)
@given(masks)
def test_the_same_matching_as_the_reference(allowed: list[int]) -> None:
    assert max_matching(allowed) == reference_matching(allowed)


@given(masks)
def test_a_matching_is_a_matching(allowed: list[int]) -> None:
    matching = max_matching(allowed)
    assert len(set(matching.values())) == len(matching)
    assert all(allowed[row] >> location & 1 for row, location in matching.items())


@given(masks)
def test_the_violator_cannot_be_matched(allowed: list[int]) -> None:
    rows = hall_violator(allowed)
    if deficiency(allowed) == 0:
        assert rows == []
    else:
        reached = 0
        for row in rows:
            reached |= allowed[row]
        assert reached.bit_count() < len(rows)


def test_a_board_with_too_few_locations() -> None:
    assert hall_violator([0b11, 0b11, 0b11, 0b1000]) == [0, 1, 2]
    assert max_matching([0b1, 0b1]) == {0: 0}


def reference_reserved(allowed: list[int]) -> int:
    base = deficiency(allowed)
    reserved = 0
    for location in range(16):
        taken = 1 << location
        if any(mask & taken for mask in allowed) and deficiency([mask & ~taken for mask in allowed]) > base:
            reserved |= taken
    return reserved


@settings(max_examples=1000)
@given(masks)
def test_the_reserved_locations_by_their_definition(allowed: list[int]) -> None:
    assert reserved_locations(allowed) == reference_reserved(allowed)


def test_two_delicts_on_two_locations_reserve_them() -> None:
    assert reserved_locations([0b0011, 0b0011, 0b1100]) == 0b0011  # the third delict has two of its own
    assert reserved_locations([0b011, 0b110]) == 0


def reference_every_candidate_matched(allowed: list[int]) -> bool:
    """Every row matched at once, and each allowed pair in such a matching: the pair forced (its
    location taken from the other rows) leaves no row unmatched."""
    if deficiency(allowed):
        return False
    for row, mask in enumerate(allowed):
        for location in indices(mask):
            forced = [1 << location if other == row else other_mask & ~(1 << location)
                      for other, other_mask in enumerate(allowed)]
            if deficiency(forced):
                return False
    return True


# One to three permutations together (every pair in a perfect matching), now and then a pair more.
near_permutations = st.lists(st.permutations(range(16)), min_size=1, max_size=3).flatmap(
    lambda orders: st.lists(st.integers(0, 0xFFFF), min_size=16, max_size=16).map(
        lambda extra: [sum({1 << order[row] for order in orders}) | (extra[row] & extra[row] >> 4 & extra[row] >> 8
                                                                     & extra[row] >> 12 & 0xF)
                       for row in range(16)]))


@settings(max_examples=500)
@given(st.one_of(masks, near_permutations))
def test_every_candidate_matched_by_its_definition(allowed: list[int]) -> None:
    assert every_candidate_matched(allowed) == reference_every_candidate_matched(allowed)


def test_a_closed_pair_leaves_a_candidate_unmatched() -> None:
    assert every_candidate_matched([0b011, 0b011, 0b100])
    assert not every_candidate_matched([0b011, 0b011, 0b111])  # the third row cannot take 0 or 1
    assert not every_candidate_matched([0b011, 0b011, 0b011])  # three rows, two locations
