import pytest

from solver.cardgames.schadenfreude.cards import (
    JESTER_0,
    JESTER_10,
    STANDARD,
    TAROT,
    VALUE,
    cards_of,
    deck_for,
    mask_of,
)
from solver.core.errors import BadInput
from tests.cardgames.schadenfreude.helpers import names


def test_components_50_cards_4_suits_of_12_plus_2_jesters():
    deck = deck_for(4)
    assert len(deck.cards) == 50
    values = sorted(VALUE[c] for c in deck.cards if c < JESTER_0)
    assert values == sorted([-3, -2, -1, 1, 2, 3, 4, 5, 6, 7, 8, 9] * 4)
    assert [VALUE[JESTER_0], VALUE[JESTER_10]] == [0, 10]
    assert names([JESTER_0, JESTER_10]) == ["J0", "J10"]


@pytest.mark.parametrize(
    ("players", "deck_size", "hand", "aside"),
    [(5, 50, 10, 0), (4, 50, 12, 2), (3, 38, 12, 2)],  # rulebook "Setup"
)
def test_setup_deal_by_player_count(players, deck_size, hand, aside):
    deck = deck_for(players)
    assert (len(deck.cards), deck.hand_size, deck.set_aside) == (deck_size, hand, aside)


def test_three_player_cut_removes_minus2_minus1_and_9_of_each_suit():
    removed = set(deck_for(4).cards) - set(deck_for(3).cards)
    assert sorted(names(removed)) == sorted(
        f"{s}{v}" for s in "rgby" for v in (-2, -1, 9)
    )


def test_tarot_mapping_ranks_and_wilds():
    # tarot reference: K -3, Q -2, J -1, A-9 1-9, Fool wild 0, X wild 10
    assert [VALUE[TAROT.parse(n)] for n in ("cK", "cQ", "cJ", "cA", "c9")] == [-3, -2, -1, 1, 9]
    assert TAROT.parse("Fool") == JESTER_0 and TAROT.parse("X") == JESTER_10
    assert TAROT.card_name(STANDARD.parse("r4")) == "c4"


def test_tarot_three_player_cut_is_K_A_to_8_plus_fool_and_x():
    deck = deck_for(3, "tarot")
    expected = {f"{s}{r}" for s in "cosw" for r in "KA2345678"} | {"Fool", "X"}
    assert set(deck.names()) == expected and len(deck.cards) == 38


def test_parse_round_trips_and_is_case_insensitive():
    for card in range(50):
        assert STANDARD.parse(STANDARD.card_name(card)) == card
        assert TAROT.parse(TAROT.card_name(card)) == card
    assert STANDARD.parse("R-3") == STANDARD.parse("r-3")
    assert TAROT.parse("fool") == JESTER_0


def test_unknown_card_is_bad_input_naming_valid_cards():
    with pytest.raises(BadInput) as caught:
        STANDARD.parse("r10")
    assert "'r10'" in str(caught.value) and "J10" in str(caught.value)


def test_player_count_outside_3_to_5_is_bad_input():
    with pytest.raises(BadInput):
        deck_for(6)


def test_masks():
    assert cards_of(mask_of([3, 49, 0])) == [0, 3, 49]


def test_a_person_reads_the_jesters_in_the_rulebooks_words():
    # rulebook: "There are 2 Jester cards: the "0" and the "10"" ... "the 10 Jester card"
    assert [STANDARD.label(c) for c in (JESTER_0, JESTER_10)] == ["0 Jester", "10 Jester"]
    assert STANDARD.label(STANDARD.parse("r7")) == "r7"
    assert STANDARD.parse("10  JESTER") == STANDARD.parse("j10") == JESTER_10
    assert "or the 0 Jester (J0) and the 10 Jester (J10)" in STANDARD.describe()
    assert "or the Jesters Fool (0) and X (10)" in TAROT.describe()
    assert "wild" not in STANDARD.describe() + TAROT.describe()
