"""Every trick example of the rulebook, with its cards (seats A, B, C, D = 0..3)."""

from solver.cardgames.schadenfreude.cards import mask_of
from solver.cardgames.schadenfreude.trick import illegal_reason, lead_suit, legal_mask, taken_cards, trick_winner
from tests.cardgames.schadenfreude.helpers import cards, names


def winner_and_taken(text):
    played = cards(text)
    position = trick_winner(played)
    return position, names(taken_cards(played, position))


def test_suit_following_example_b_wins_with_red_7():
    # "Player A leads with a red 4 ... B and C play 7 and 9 ... D plays a green 8.
    #  Player B wins the trick with a red 7"
    position, taken = winner_and_taken("r4 r7 r9 g8")
    assert position == 1
    # "takes the card they played as well as any non-Jester cards that did not follow"
    assert taken == ["r7", "g8"]


def test_suit_following_example_players_with_red_must_follow():
    b_hand = mask_of(cards("r7 g2 b5"))
    assert illegal_reason(b_hand, cards("r4"), cards("g2")[0]) is not None
    assert illegal_reason(b_hand, cards("r4"), cards("r7")[0]) is None
    d_hand = mask_of(cards("g8 b1"))  # no red cards: may play anything
    assert legal_mask(d_hand, lead_suit(cards("r4 r7 r9"))) == d_hand


def test_single_suit_example_lone_card_of_lead_suit_wins():
    # "Player A leads with a red 4 but is the only player with red cards left ...
    #  Player A wins the trick"
    position, taken = winner_and_taken("r4 g8 b2 y5")
    assert position == 0
    assert taken == ["r4", "g8", "b2", "y5"]


def test_following_with_a_jester_example_c_wins_with_red_9():
    # "Player D has red cards ... but chooses to instead play the 10 Jester card.
    #  Player C wins the trick with a red 9"
    d_hand = mask_of(cards("r2 J10 g5"))
    assert illegal_reason(d_hand, cards("r4 r7 r9"), cards("J10")[0]) is None
    position, taken = winner_and_taken("r4 r7 r9 J10")
    assert position == 2
    assert taken == ["r9"]  # the Jester counts as the lead suit: discarded


def test_leading_a_jester_example():
    # "Player A leads with the 10 Jester card. Player B can play any card ... a red 7,
    #  which sets the suit. Players C and D have red cards and must follow suit ...
    #  Player C wins the trick."
    assert lead_suit(cards("J10")) is None
    b_hand = mask_of(cards("r7 g1 b3"))
    assert legal_mask(b_hand, lead_suit(cards("J10"))) == b_hand
    c_hand = mask_of(cards("r9 g2"))
    assert illegal_reason(c_hand, cards("J10 r7"), cards("g2")[0]) is not None
    position, _ = winner_and_taken("J10 r7 r9 r4")
    assert position == 2


def test_jesters_are_never_forced():
    # "Players are never forced to play a Jester card": only Jesters + other suits
    hand = mask_of(cards("J0 g3"))
    assert legal_mask(hand, lead_suit(cards("r4"))) == hand


def test_jester_and_following_allowed_side_by_side():
    hand = mask_of(cards("r2 r8 J0 g3"))
    assert names_of(legal_mask(hand, 0)) == ["r2", "r8", "J0"]


def names_of(mask):
    from solver.cardgames.schadenfreude.cards import cards_of

    return names(cards_of(mask))


def test_winning_a_trick_example_all_followed_only_the_winners_card():
    # "would take the red 7 and discard the rest, since they all followed suit. Note that
    #  the Jester card is always considered to be the lead suit." (picture reconstructed)
    assert winner_and_taken("r4 r7 r9 J0") == (1, ["r7"])


def test_winning_a_trick_example_takes_the_off_suit_card_too():
    # "would take the red 7 and the green 3 and discard the rest" (picture reconstructed)
    assert winner_and_taken("r4 r7 r9 g3") == (1, ["r7", "g3"])


def test_off_suit_jester_is_never_taken_unless_it_won():
    assert winner_and_taken("r-3 J10 J0 g5") == (2, ["J0", "g5"])


def test_jester_lead_then_jester_then_standard_card_sets_suit():
    assert lead_suit(cards("J0 J10 b2")) == lead_suit(cards("b2"))
    assert winner_and_taken("J0 J10 b2") == (2, ["b2"])
