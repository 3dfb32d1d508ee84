"""The reference semantics (docs/formats.md, "Clues"): what each clue means for a complete solution."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings

from solver.core import names
from solver.core.cards import DelictClue, DistrictClue, GroupClue, LocationClue, NotClue
from solver.core.semantics import as_delict_map, holds, unary_masks
from tests.strategies import clues, solutions

# A complete solution: the official one of box puzzle 4 (delict -> location).
WHERE = as_delict_map({
    "Antes Mühle": "robbers' ball", "Bärenbach": "arrest", "Boos": "jailbreak", "Griebelschied": "beehive theft",
    "Hahnmühle": "hideout", "Herrstein": "donkey theft", "Hundsbach": "sheep theft", "Kirn": "murder",
    "Lettweiler": "show of power", "Meddersheim": "horse theft", "Meisenheim": "highway robbery",
    "Oberhausen": "imprisonment", "Obermoschel": "robbery", "Simmern": "extortion", "Thiergarten": "break-in",
    "Trifthütte": "stolen goods sold",
})


def test_as_delict_map_turns_a_puzzle_file_solution_around():
    assert WHERE["murder"] == "Kirn" and len(WHERE) == 16 and set(WHERE) == set(names.DELICTS)


@pytest.mark.parametrize(("clue", "expected"), [
    (DelictClue("murder", ("Kirn", "Boos", "Simmern", "Herrstein")), True),
    (DelictClue("murder", ("Boos", "Simmern", "Herrstein", "Lettweiler")), False),
    (NotClue("murder", ("Boos", "Simmern")), True),
    (NotClue("murder", ("Kirn",)), False),
    (LocationClue("Kirn", ("arrest", "murder", "robbery", "hideout")), True),
    (LocationClue("Kirn", ("arrest", "extortion", "robbery", "hideout")), False),
    # group cards: some member in the direction; a district lies in two directions (NW: north and west)
    (GroupClue("Felony", "north"), True),    # murder in Kirn (NW), extortion in Simmern (NE)
    (GroupClue("Felony", "west"), True),     # murder in Kirn
    (GroupClue("Crime", "west"), True),      # robbers' ball in Antes Mühle (SW)
    (GroupClue("Livestock theft", "east"), False),  # Griebelschied, Herrstein, Hundsbach, Meddersheim: all west
    # district cards: joined by a path, in the same district or across a river
    (DistrictClue(("hideout", "murder"), "same"), True),             # Hahnmühle–Kirn (box 4, card 33)
    (DistrictClue(("hideout", "murder"), "adjoining"), False),
    (DistrictClue(("highway robbery", "horse theft"), "adjoining"), True),   # Meisenheim–Meddersheim, printed
    (DistrictClue(("arrest", "robbers' ball"), "same"), True),       # Bärenbach–Antes Mühle (box 4, card 48)
    (DistrictClue(("murder", "imprisonment"), "adjoining"), False),  # Kirn and Oberhausen: no path
])
def test_each_clue_type_true_and_false(board, clue, expected):
    assert holds(clue, WHERE, board) is expected


def test_rule_4_example_card_38(board):
    """Card 38: the highway robbery next to the break-in, across a river (Boos–Oberhausen is printed)."""
    card_38 = DistrictClue(("highway robbery", "break-in"), "adjoining")
    where = {**WHERE, "break-in": "Oberhausen", "highway robbery": "Boos"}
    assert holds(card_38, where, board)
    assert not holds(DistrictClue(("highway robbery", "break-in"), "same"), where, board)
    assert not holds(card_38, {**where, "break-in": "Lettweiler"}, board)  # no bridge from Lettweiler


def test_something_that_is_not_a_clue_is_rejected(board):
    with pytest.raises(AssertionError, match="murder in Kirn"):
        holds("murder in Kirn", WHERE, board)


@settings(max_examples=200, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(clue=clues, where=solutions)
def test_unary_masks_hold_exactly_where_the_clue_does(board, clue, where):
    """A card's masks say the same as the card: it holds iff every delict is inside its mask."""
    keeps = unary_masks(clue)
    if isinstance(clue, DistrictClue | GroupClue):
        assert keeps is None
        return
    assert keeps is not None
    inside = all(keeps[d] >> names.LOCATION_INDEX[where[delict]] & 1 for d, delict in enumerate(names.DELICTS))
    assert inside == holds(clue, where, board)
