import pytest
from hypothesis import given
from hypothesis import strategies as st

from solver.core import names
from solver.core.errors import BadInput

KINDS = {
    "location": names.LOCATIONS,
    "delict": names.DELICTS,
    "group": tuple(names.GROUPS),
    "direction": tuple(names.DIRECTIONS),
    "district": tuple(names.DISTRICTS),
}
ALL = [(kind, name) for kind, values in KINDS.items() for name in values]


UMLAUT_SPELLINGS = [{}, {"ä": "a", "ü": "u"}, {"ä": "ae", "ü": "ue"}]


@given(
    st.sampled_from(ALL),
    st.sampled_from(UMLAUT_SPELLINGS),
    st.sampled_from([" ", "-", "_", "  "]),
    st.booleans(),
    st.randoms(),
)
def test_any_spelling_resolves_to_the_display_name(entry, umlauts, separator, keep_apostrophe, rnd):
    kind, name = entry
    typed = "".join(umlauts.get(char, char) for char in name)
    typed = typed.replace(" ", separator).replace("-", separator)
    if not keep_apostrophe:
        typed = typed.replace("'", "")
    typed = "".join(char.upper() if rnd.random() < 0.5 else char.lower() for char in typed)
    assert names.resolve(kind, typed) == name


@pytest.mark.parametrize("typed, expected", [
    ("Barenbach", "Bärenbach"), ("Baerenbach", "Bärenbach"), ("BÄRENBACH", "Bärenbach"),
    ("antes_muehle", "Antes Mühle"), ("Antes-Muhle", "Antes Mühle"), ("trifthutte", "Trifthütte"),
])
def test_umlaut_spellings_of_locations(typed, expected):
    assert names.resolve("location", typed) == expected


@pytest.mark.parametrize("typed, expected", [
    ("robbers ball", "robbers' ball"), ("Robbers' Ball", "robbers' ball"), ("break in", "break-in"),
    ("break_in", "break-in"), ("HIGHWAY-ROBBERY", "highway robbery"),
])
def test_delict_spellings(typed, expected):
    assert names.resolve("delict", typed) == expected


@pytest.mark.parametrize("typed, expected", [
    ("green", "Felony"), ("felony", "Felony"), ("Blue", "Livestock theft"),
    ("imprisonment/jailbreak", "Imprisonment/Jailbreak"), ("orange", "Imprisonment/Jailbreak"),
    ("yellow", "Crime"),
])
def test_groups_by_name_or_colour(typed, expected):
    assert names.resolve("group", typed) == expected


def test_directions_and_districts():
    assert names.resolve("direction", "N") == "north"
    assert names.resolve("district", "south-east") == "SE"
    assert names.resolve("district", "nw") == "NW"


def test_unknown_name_lists_the_closest():
    with pytest.raises(BadInput) as error:
        names.resolve("location", "Bärnbach")
    assert "Bärenbach" in str(error.value)
    with pytest.raises(BadInput) as error:
        names.resolve("delict", "murdr")
    assert "'murder'" in str(error.value)


def test_nothing_close_lists_every_valid_name():
    with pytest.raises(BadInput) as error:
        names.resolve("direction", "upwards")
    assert "north" in str(error.value) and "west" in str(error.value)


def test_every_location_in_one_district_and_every_delict_in_one_group():
    assert len(names.LOCATIONS) == len(set(names.LOCATIONS)) == 16
    assert len(names.DELICTS) == len(set(names.DELICTS)) == 16


def test_indefinite_articles():
    assert names.indefinite("Imprisonment/Jailbreak") == "an imprisonment/jailbreak"
    assert names.indefinite("Crime") == "a crime"
