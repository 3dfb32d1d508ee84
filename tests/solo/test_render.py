"""The solution table: one row per location, in district order, differences marked."""

from __future__ import annotations

from solver.core import names
from solver.solo.render import solution_table


def _solution(shift: int = 0) -> dict[str, str]:
    return {location: names.DELICTS[(index + shift) % 16] for index, location in enumerate(names.LOCATIONS)}


def test_one_row_per_location_with_district_delict_and_group_colour(board):
    lines = solution_table(_solution(), board).splitlines()
    assert lines[0].split() == ["location", "district", "delict", "group"]
    assert set(lines[1]) <= {"-", " "}
    assert len(lines) == 2 + 16
    for line, location in zip(lines[2:], names.LOCATIONS, strict=True):
        delict = _solution()[location]
        assert line.startswith(location)
        assert board.district(location) in line
        assert delict in line  # the display name, as every command prints it
        assert line.endswith(names.GROUP_COLOURS[names.GROUP_OF_DELICT[delict]])


def test_a_second_solution_stands_beside_the_first_with_differences_marked(board):
    first = _solution()
    second = dict(first)
    a, b = names.LOCATIONS[0], names.LOCATIONS[5]
    second[a], second[b] = first[b], first[a]
    lines = solution_table(first, board, second).splitlines()
    assert "second solution" in lines[0]
    marked = [line.split()[0] for line in lines[2:] if line.endswith("*")]
    assert marked == [a, b]
    assert first[b] in lines[2]  # the swapped delict shows in the second column
