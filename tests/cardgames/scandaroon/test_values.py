"""Rulebook, "Scoring": nominal, current and final values; effects; nominal-0 cards."""

from solver.cardgames.scandaroon.values import current_values, final_values, row_scores

from .helpers import small_deck

CARDS = [
    {"name": "Three", "value": 3, "symbols": ["moon"]},  # 0
    {"name": "Plus Two Row", "value": 1, "symbols": ["star"],  # 1
     "effect": {"amount": 2, "match": {"symbol": "moon"}, "scope": "row"}},
    {"name": "Plus One All", "value": 1, "symbols": ["star"],  # 2
     "effect": {"amount": 1, "match": {"symbol": "star"}, "scope": "all"}},
    {"name": "Minus Others", "value": 2, "symbols": ["turban"],  # 3
     "effect": {"amount": -1, "scope": "others"}},
    {"name": "Neighbour", "value": 2, "symbols": ["feather"],  # 4
     "effect": {"amount": 1, "scope": "adjacent"}},
    {"name": "Moon Zero", "value": 0, "symbols": ["moon"]},  # 5
    {"name": "Moon Star", "value": 2, "symbols": ["moon", "star"]},  # 6
    {"name": "Blank", "value": 4, "symbols": []},  # 7
    {"name": "Small", "value": 1, "symbols": ["moon"],  # 8
     "effect": {"amount": 1, "match": {"max_value": 2, "end": False}, "scope": "row"}},
]
DECK = small_deck(CARDS)


def test_example_3_nominal_current_final():
    # "Nominal value: 3; Current value: 5; Final value: 10 (if this symbol is trump)."
    rows = [[0, 1]]
    assert DECK[0].value == 3
    assert current_values(DECK, rows)[0] == 5
    assert final_values(DECK, rows, {}, "moon")[0] == 10
    assert final_values(DECK, rows, {}, "star")[0] == 5


def test_effects_act_on_other_cards_not_on_themselves():
    # "its nominal value taking into account all effects of the other cards in play"
    values = current_values(DECK, [[2, 1]])
    assert values[2] == 1  # +1 to star cards does not raise itself
    assert values[1] == 2  # but raises the other star card


def test_effect_scopes_row_all_others_adjacent():
    rows = [[1, 0, 4, 7], [0 + 6], [3]]
    values = current_values(DECK, rows)
    assert values[0] == 3 + 2 + 1 - 1  # +2 row moon, +1 adjacent, -1 from another row
    assert values[6] == 2 - 1  # moon card in another row: row effect does not reach it
    assert values[7] == 4 + 1 - 1  # adjacent to Neighbour
    assert values[1] == 1 - 1  # not adjacent to Neighbour (two places away)
    assert values[3] == 2  # Minus Others spares its own row


def test_match_conditions():
    values = current_values(DECK, [[8, 4, 0]])
    assert values[4] == 2 + 1  # value <= 2, not an end card
    assert values[0] == 3 + 1  # value 3 is not matched by Small, but Neighbour is adjacent


def test_effects_last_only_while_in_play():
    # "lasting effects ... that last as long as the cards remain in play"
    assert current_values(DECK, [[0, 1]])[0] == 5
    assert current_values(DECK, [[0]])[0] == 3


def test_nominal_zero_counts_its_symbol_in_all_rows():
    # "The value of such a card depends on how many cards with this symbol are in play."
    assert current_values(DECK, [[5]])[5] == 1
    assert current_values(DECK, [[5, 0], [6]])[5] == 3  # the two-symbol card counts as moon
    assert current_values(DECK, [[5, 0], [6], [8]])[5] == 4  # a card comes into play
    assert current_values(DECK, [[5], [6]])[5] == 2  # ... or leaves it


def test_two_symbol_card_is_doubled_by_either_trump():
    # "Cards that show two symbols count as each of these symbols."
    assert final_values(DECK, [[6]], {}, "moon")[6] == 4
    assert final_values(DECK, [[6]], {}, "star")[6] == 4
    assert final_values(DECK, [[6]], {}, "turban")[6] == 2


def test_no_trump_doubles_nothing_and_blank_card_never_doubles():
    assert final_values(DECK, [[0, 7]], {}, None) == {0: 3, 7: 4}
    assert all(final_values(DECK, [[7]], {}, t)[7] == 4 for t in ("moon", "star", "turban"))


def test_strengthen_markers_add_to_current_value_and_are_doubled():
    assert current_values(DECK, [[0]], {0: 3})[0] == 6
    assert final_values(DECK, [[0]], {0: 3}, "moon")[0] == 12


def test_score_is_sum_of_final_values_of_the_row():
    # "Each player calculates their points by adding up the final values of all cards"
    assert row_scores(DECK, [[0, 1], [7], []], {}, "moon") == [10 + 1, 4, 0]
