"""The vocabulary: one palette entry per group colour, card ranges that cover every number once."""

from __future__ import annotations

import itertools
import json

import pytest

from solver.core import names, vocabulary
from solver.core.cards import card_type_of_number
from solver.core.errors import BadInput
from solver.solo.techniques import TECHNIQUES


def test_the_document_is_json_with_every_part():
    document = json.loads(json.dumps(vocabulary.document()))
    assert set(document) == {"groups", "palette", "district_shades", "delicts", "cards", "provenances",
                             "techniques", "puzzle_series", "rules"}
    assert list(document["district_shades"]) == list(names.DISTRICTS)
    assert [group["name"] for group in document["groups"]] == list(names.GROUPS)
    for group in document["groups"]:
        assert set(group) == {"name", "colour", "letter", "short", "delicts"}
        assert group["delicts"] == list(names.GROUPS[group["name"]])
    assert set(document["delicts"]) == set(names.DELICTS)
    assert all(set(entry) == {"abbreviation", "short"} for entry in document["delicts"].values())
    assert set(document["rules"]) == {str(number) for number in range(1, 17)}


def test_every_group_colour_has_a_palette_entry_in_every_role():
    assert set(vocabulary.PALETTE) == set(names.GROUP_COLOURS.values())
    roles = set(vocabulary.document()["palette"]["blue"])
    assert roles == {"fill", "ink", "tint", "light", "pale", "deep", "swatch", "hatch"}
    for entry in vocabulary.PALETTE.values():
        colours = [value for role, value in vars(entry).items() if role != "hatch"]
        assert all(len(colour) == 7 and colour.startswith("#") for colour in colours)
    assert len({entry.hatch for entry in vocabulary.PALETTE.values()}) == len(vocabulary.PALETTE)


def test_letters_and_labels_are_distinct_and_complete():
    assert set(vocabulary.GROUP_LETTERS) == set(vocabulary.GROUP_SHORT) == set(names.GROUPS)
    assert len(set(vocabulary.GROUP_LETTERS.values())) == len(names.GROUPS)
    assert set(vocabulary.ABBREVIATIONS) == set(vocabulary.SHORT_NAMES) == set(names.DELICTS)
    assert len(set(vocabulary.ABBREVIATIONS.values())) == len(names.DELICTS)
    assert set(vocabulary.TECHNIQUES) == {technique.name for technique in TECHNIQUES}


def test_card_ranges_cover_every_number_exactly_once_and_agree_with_the_card_types():
    covered = [number for card_range in vocabulary.CARD_RANGES for number in card_range.numbers]
    assert covered == list(vocabulary.CARD_NUMBERS) == list(range(1, vocabulary.LAST_CARD + 1))
    assert vocabulary.LAST_CARD == 76 and vocabulary.LAST_TABLE_CARD == 72
    for card_range in vocabulary.CARD_RANGES:
        assert {card_type_of_number(number) for number in card_range.numbers} == {card_range.letter}
    for outside in (0, vocabulary.LAST_CARD + 1):
        with pytest.raises(BadInput, match="numbered 1 to 76"):
            card_type_of_number(outside)


def test_the_served_card_types_match_the_ranges():
    cards = vocabulary.document()["cards"]
    assert (cards["first"], cards["last"], cards["last_at_table"]) == (1, 76, 72)
    assert [(entry["letter"], entry["first"], entry["last"]) for entry in cards["types"]] == [
        ("A", 1, 16), ("B", 17, 32), ("C", 33, 56), ("D", 57, 72), ("S", 73, 76)]
    assert [entry["at_table"] for entry in cards["types"]] == [True, True, True, True, False]


def _lab(colour: str) -> tuple[float, float, float]:
    """CIELAB (D65) of a #rrggbb colour."""
    rgb = [int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    r, g, b = (c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb)
    xyz = ((0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047, 0.2126 * r + 0.7152 * g + 0.0722 * b,
           (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883)
    fx, fy, fz = (t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116 for t in xyz)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def _chroma(colour: str) -> float:
    _, a, b = _lab(colour)
    return float((a * a + b * b) ** 0.5)


def test_district_rows_are_greys_that_share_no_colour_with_the_group_columns():
    """The solo grid's rows (districts) against its columns (groups): the columns' header colours
    are hues, the rows' shadings are greys (no hue to mistake for a group's); neighbouring districts
    still tell apart by lightness."""
    shades = vocabulary.DISTRICT_SHADES
    assert set(shades) == set(names.DISTRICTS)
    assert all(_chroma(shade) < 6 for shade in shades.values())
    assert all(_chroma(entry.light) > 15 and _chroma(entry.deep) > 15 for entry in vocabulary.PALETTE.values())
    order = list(names.DISTRICTS)  # the grid's row order
    for upper, lower in itertools.pairwise(order):
        assert abs(_lab(shades[upper])[0] - _lab(shades[lower])[0]) > 5, (upper, lower)
    assert len(set(shades.values())) == len(shades)
