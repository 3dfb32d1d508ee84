import pytest

from solver.core.cards import (
    DelictClue,
    DistrictClue,
    GroupClue,
    LocationClue,
    NotClue,
    RemoveOneMarker,
    card_type_of_number,
    parse_clue,
)
from solver.core.errors import BadInput


def test_delict_card_11_reads_like_the_printed_card():
    clue = parse_clue({"type": "A", "delict": "break in",
                       "locations": ["Oberhausen", "Obermoschel", "Meddersheim", "Lettweiler"]})
    assert clue == DelictClue("break-in", ("Oberhausen", "Obermoschel", "Meddersheim", "Lettweiler"))
    assert clue.sentence() == "The break-in took place in Oberhausen, Obermoschel, Meddersheim or Lettweiler."


def test_every_type_parses_and_renders():
    cases = [
        ({"type": "group", "group": "green", "direction": "north"}, GroupClue("Felony", "north"),
         "A felony (robbery, extortion, murder or highway robbery) took place in the north."),
        ({"type": "C", "delicts": ["highway robbery", "break-in"], "relation": "adjoining"},
         DistrictClue(("highway robbery", "break-in"), "adjoining"),
         "The highway robbery took place next to the break-in, in an adjoining district."),
        ({"type": "D", "location": "Oberhausen", "delicts": ["break-in", "imprisonment", "robbery", "hideout"]},
         LocationClue("Oberhausen", ("break-in", "imprisonment", "robbery", "hideout")),
         "One of these took place in Oberhausen: break-in, imprisonment, robbery or hideout."),
        ({"type": "not", "delict": "murder", "locations": ["Kirn", "Boos"]},
         NotClue("murder", ("Kirn", "Boos")), "The murder did not take place in Kirn or Boos."),
    ]
    for data, clue, sentence in cases:
        assert parse_clue(data) == clue
        assert clue.sentence() == sentence
        assert parse_clue(clue.to_dict()) == clue


def test_remove_one_marker_card():
    assert "one marker" in RemoveOneMarker().sentence()


@pytest.mark.parametrize("data, message", [
    ({"type": "delict", "delict": "murder", "locations": ["Kirn", "Boos", "Simmern"]}, "exactly 4"),
    ({"type": "district", "delicts": ["murder", "Murder"], "relation": "same"}, "twice"),
    ({"type": "district", "delicts": ["murder", "arrest"], "relation": "near"}, "same` or `adjoining"),
    ({"type": "delict", "delict": "murder", "locations": "Kirn"}, "must be a list"),
    ({"type": "E"}, "unknown clue type"),
    ({"type": "group", "group": "purple", "direction": "north"}, "unknown group"),
    ({"type": "group", "group": "felony"}, "needs direction"),
    ({"type": "group", "group": "felony", "direction": "north", "colour": "x"}, "no field colour"),
    ("murder", "a clue is a mapping"),
])
def test_bad_clues_say_what_to_fix(data, message):
    with pytest.raises(BadInput, match=message):
        parse_clue(data)


@pytest.mark.parametrize("number, letter", [(1, "A"), (16, "A"), (17, "B"), (32, "B"), (33, "C"), (56, "C"),
                                            (57, "D"), (72, "D"), (73, "S"), (76, "S")])
def test_card_type_by_number(number, letter):
    assert card_type_of_number(number) == letter


def test_no_card_77():
    with pytest.raises(BadInput, match="1 to 76"):
        card_type_of_number(77)
