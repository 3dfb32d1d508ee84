"""A card as a player names it, with the text used and where that text came from."""

from __future__ import annotations

import pytest

from solver.core.cards import RemoveOneMarker
from solver.core.errors import BadInput
from solver.table.cardref import card_from_request, is_remove, numbered_card, remove_card, written_card


def test_a_numbered_card_carries_its_deck_provenance(deck) -> None:
    assert numbered_card(38, deck).to_dict()["provenance"] == "printed"
    reconstructed = numbered_card(4, deck)
    assert reconstructed.reconstructed and reconstructed.record == 4 and reconstructed.number == 4


def test_the_remove_card_and_written_clues(deck) -> None:
    assert isinstance(remove_card().card, RemoveOneMarker) and remove_card().number is None
    assert all(is_remove(text) for text in ("remove", "R", "remove-one-marker", " Remove one marker "))
    written = written_card({"type": "not", "delict": "murder", "locations": ["Kirn", "Boos"]})
    assert written.provenance == "written" and written.record == written.card.to_dict()


@pytest.mark.parametrize("request_body", [{}, {"card": 38, "clue": {}}, {"card": 0}, {"card": True}, {"card": "x"}])
def test_a_request_names_exactly_one_valid_card(deck, request_body) -> None:
    with pytest.raises(BadInput):
        card_from_request(request_body, deck)
