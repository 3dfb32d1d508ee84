"""Hypothesis strategies for solutions and clues."""

from __future__ import annotations

from hypothesis import strategies as st

from solver.core import names
from solver.core.cards import DelictClue, DistrictClue, GroupClue, LocationClue, NotClue

delicts = st.sampled_from(names.DELICTS)
locations = st.sampled_from(names.LOCATIONS)

solutions = st.permutations(names.LOCATIONS).map(lambda perm: dict(zip(names.DELICTS, perm, strict=True)))


def _distinct(elements, size):
    return st.lists(elements, min_size=size, max_size=size, unique=True).map(tuple)


clues = st.one_of(
    st.builds(DelictClue, delicts, _distinct(locations, 4)),
    st.builds(NotClue, delicts, st.integers(1, 4).flatmap(lambda k: _distinct(locations, k))),
    st.builds(GroupClue, st.sampled_from(list(names.GROUPS)), st.sampled_from(list(names.DIRECTIONS))),
    st.builds(DistrictClue, _distinct(delicts, 2), st.sampled_from(["same", "adjoining"])),
    st.builds(LocationClue, locations, _distinct(delicts, 4)),
)


@st.composite
def true_clues(draw, solution: dict[str, str]):
    """A clue that holds for `solution` (delict -> location), of any type."""
    at = {location: delict for delict, location in solution.items()}
    kind = draw(st.sampled_from(["delict", "not", "group", "location"]))
    if kind == "delict":
        delict = draw(delicts)
        others = draw(_distinct(locations.filter(lambda loc: loc != solution[delict]), 3))
        return DelictClue(delict, tuple(sorted((*others, solution[delict]))))
    if kind == "not":
        delict = draw(delicts)
        return NotClue(delict, draw(_distinct(locations.filter(lambda loc: loc != solution[delict]), 2)))
    if kind == "location":
        location = draw(locations)
        others = draw(_distinct(delicts.filter(lambda d: d != at[location]), 3))
        return LocationClue(location, tuple(sorted((*others, at[location]))))
    delict = draw(delicts)
    directions = [d for d, districts in names.DIRECTIONS.items()
                  if names.DISTRICT_OF_LOCATION[solution[delict]] in districts]
    return GroupClue(names.GROUP_OF_DELICT[delict], draw(st.sampled_from(directions)))
