"""Bit masks (solver.core.bits): the words round-trip, for 16 locations and for wider card hands."""

from hypothesis import given
from hypothesis import strategies as st

from solver.core import names
from solver.core.bits import FULL, N, bit, indices, location_mask, mask_of, union

index_sets = st.sets(st.integers(0, N - 1))
masks = st.integers(0, FULL)


def test_sixteen_locations_and_delicts():
    assert N == len(names.LOCATIONS) == len(names.DELICTS)
    assert FULL == mask_of(range(N)) == 0xFFFF
    assert indices(FULL) == list(range(N))
    assert [bit(i) for i in range(3)] == [1, 2, 4]


@given(index_sets)
def test_indices_of_mask_of_is_the_sorted_set(chosen):
    assert indices(mask_of(chosen)) == sorted(chosen)


@given(masks)
def test_mask_of_indices_is_the_mask(mask):
    found = indices(mask)
    assert mask_of(found) == mask
    assert len(found) == mask.bit_count()
    assert all(mask & bit(i) for i in found)


@given(st.lists(st.integers(0, N - 1)))
def test_repeats_are_harmless(listed):
    assert mask_of(listed) == mask_of(set(listed)) == union(bit(i) for i in listed)


@given(st.lists(masks))
def test_union_is_or(many):
    expected = 0
    for mask in many:
        expected |= mask
    assert union(many) == expected
    assert set(indices(union(many))) == {i for mask in many for i in indices(mask)}


@given(st.sets(st.integers(0, 63)))
def test_any_width(chosen):
    assert indices(mask_of(chosen)) == sorted(chosen)


@given(st.sets(st.sampled_from(names.LOCATIONS)))
def test_location_mask_uses_the_name_indices(locations):
    assert indices(location_mask(locations)) == sorted(names.LOCATION_INDEX[loc] for loc in locations)
