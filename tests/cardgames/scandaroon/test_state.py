"""The engine, one test per rule statement of the rulebook (quoted in the comments)."""

import random

import pytest

from solver.cardgames.api import CHANCE, IllegalAction
from solver.cardgames.scandaroon.game import ScandaroonGame
from solver.cardgames.scandaroon.state import ScandaroonState
from solver.core.errors import BadInput

from .helpers import act, card, conserved, deck, position, reason


def started(players: int, seed: int = 0) -> ScandaroonState:
    state = ScandaroonGame(deck(), players).new_initial_state()
    state.resolve_chance(random.Random(seed))
    return state


# -- Setup -----------------------------------------------------------------------------------

@pytest.mark.parametrize("players", [3, 4])
def test_setup_deals_five_cards_each_and_reveals_a_trump(players):
    # "deals 5 cards face down to each player"; "the top card is turned over ... trump"
    state = started(players)
    assert [len(h) for h in state.hands] == [5] * players
    assert len(state.draw_pile) == 51 - 5 * players
    assert state.trump in deck().symbols.trump_cards and state.trump == state.trump_card
    assert state.current_player() == state.start_player
    assert conserved(state)


def test_starting_player_is_chosen_by_lot():
    # "a starting player is determined by lot"
    state = ScandaroonGame(deck(), 4).new_initial_state()
    state.apply_action(state.legal_actions()[0])  # the trump card
    assert state.current_player() == CHANCE
    assert state.chance_outcomes() == [(s, 0.25) for s in range(4)]


@pytest.mark.parametrize("players", [2, 5])
def test_three_to_four_players(players):
    with pytest.raises(BadInput, match="3 to 4 players"):
        ScandaroonGame(deck(), players)


# -- 1. Bring a card into play ------------------------------------------------------------------

def test_new_cards_go_to_the_right_of_the_last_card():
    # "New cards must be added to the right of the last card in the row."
    state = position(hands={0: ["Scribe", "Emir"]})
    act(state, "play Emir", "pass", "pass", "play Scribe")
    assert state.rows[0] == [card("Emir"), card("Scribe")]


def test_only_attach_anywhere_cards_go_into_other_rows():
    # "If the active player has a card with an 'attach anywhere' symbol, they can add it to
    # the row of cards of any other player"
    state = position(hands={0: ["Scribe", "Rival Poet"]}, rows={1: ["Emir"]})
    assert "attach-anywhere" in reason(state, "play Scribe to P2")
    act(state, "play Rival Poet to P2")
    assert state.rows[1] == [card("Emir"), card("Rival Poet")]
    assert state.final_values()[card("Emir")] == 4 - 2  # its effect works in that row


def test_end_card_closes_a_row_also_for_attach_anywhere():
    # "If the card at the far right of a row is such an end card, no more cards can be added"
    state = position(hands={0: ["Scribe", "Pirate"]}, rows={0: ["Sultan"], 1: ["Emir"]})
    assert "end card" in reason(state, "play Scribe")
    assert "end card" in reason(state, "play Pirate")
    act(state, "play Pirate to P2")
    assert state.rows[1][-1] == card("Pirate")
    state.current = 0
    state.hands[0].append(card("Beggar"))
    assert "end card" in reason(state, "play Beggar to P2")


def test_attach_anywhere_into_a_passed_row_is_allowed():
    # passed rows are "not immune, however, to effect cards" (our reading: cards may still
    # be attached; only abilities and action stones cannot reach them)
    state = position(hands={0: ["Beggar"]}, rows={1: ["Emir"]}, passed=[1])
    act(state, "play Beggar to P2")
    assert state.final_values()[card("Emir")] == 3


# -- 2. Use the ability of a card in the row ---------------------------------------------------

def test_ability_is_used_from_own_row_and_the_card_discarded():
    # "the active player must remove the ability card ... and place it on the discard pile"
    state = position(hands={0: ["Night Thief"]}, rows={1: ["Caravanserai"]})
    assert "not in your row" in reason(state, "use Night Thief")
    state = position(rows={0: ["Night Thief"], 1: ["Caravanserai"]})
    act(state, "use Night Thief", "target Caravanserai")
    assert state.rows == [[], [], []]
    assert card("Night Thief") in state.discard and card("Caravanserai") in state.discard
    assert state.current_player() == 1


def test_remove_respects_its_condition_and_scope():
    state = position(rows={0: ["Night Thief", "Scribe"], 1: ["Sultan", "Janissary"]})
    act(state, "use Night Thief")
    assert state.legal_actions() == [state.string_to_action(0, "target Janissary")]
    assert "finish the ability" in reason(state, "target Sultan")
    assert "finish the ability" in reason(state, "pass")


def test_passed_rows_are_immune_to_abilities():
    # "In that case the cards of their row of cards are also immune to the abilities"
    state = position(rows={0: ["Night Thief"], 1: ["Scribe"], 2: ["Poet"]}, passed=[1, 2])
    assert "no valid target" in reason(state, "use Night Thief")
    state.passed[2] = False
    act(state, "use Night Thief")
    assert state.legal_actions() == [state.string_to_action(0, "target Poet")]


def test_strengthen_puts_markers_that_leave_with_the_card():
    state = position(rows={0: ["Alchemist", "Emir"], 1: ["Tax Collector"]}, trump="turban")
    act(state, "use Alchemist", "target Emir")
    assert state.current_values()[card("Emir")] == 7
    assert state.final_values()[card("Emir")] == 14
    act(state, "use Tax Collector")
    # conditions compare nominal values: the strengthened Emir (nominal 4) is still <= 4
    assert state.legal_action_strings() == ["target Emir"]
    act(state, "target Emir")
    assert card("Emir") not in state.boosts


def test_swap_between_rows():
    state = position(rows={0: ["Smuggler", "Scribe"], 1: ["Sultan", "Poet"]})
    act(state, "use Smuggler")
    assert state.legal_action_strings() == ["target Scribe"]
    act(state, "target Scribe")
    assert sorted(state.legal_action_strings()) == ["target Poet", "target Sultan"]
    act(state, "target Sultan")
    assert state.rows[0] == [card("Sultan")] and state.rows[1] == [card("Scribe"), card("Poet")]


def test_swap_within_own_row_changes_positions():
    state = position(rows={0: ["Eunuch", "Scribe", "Pilot", "Poet"]})
    act(state, "use Eunuch", "target Scribe", "target Poet")
    assert state.rows[0] == [card("Poet"), card("Pilot"), card("Scribe")]


def test_change_the_trump_including_no_trump():
    # "Some cards can change the current trump"
    state = position(rows={0: ["Moon Priestess"]}, trump="moon")
    act(state, "use Moon Priestess")
    assert "trump moon" not in state.legal_action_strings()
    assert "trump no trump" in state.legal_action_strings()
    act(state, "trump no trump")
    assert state.trump is None and state.trump_card == "moon"


def test_draw_ability_draws_from_the_draw_pile():
    state = position(rows={0: ["Courier"]})
    act(state, "use Courier")
    assert state.current_player() == CHANCE
    state.resolve_chance(random.Random(1))
    assert len(state.hands[0]) == 2 and state.current_player() == 1
    assert conserved(state)


# -- 3. The action stone --------------------------------------------------------------------------

def test_moon_adds_four_to_the_scoring_pile_once_per_game():
    # "[Crescent moon] Increase the active player's scoring pile by 4 points."
    # "Each player owns an action stone, which they can use once per game."
    state = position(hands={0: ["Date Seller", "Silk Merchant"]})
    act(state, "stone Date Seller")
    assert state.pile_totals()[0] == 4 and card("Date Seller") in state.discard
    state.current = 0
    assert "already used" in reason(state, "stone Silk Merchant")


def test_star_exchanges_up_to_three_hand_cards():
    # "[Four-pointed star] ... chooses up to 3 of their hand cards, places them on the discard
    # pile, and draws the same number of cards"
    state = position(hands={0: ["Navigator", "Scribe", "Poet", "Emir", "Sultan"]})
    act(state, "stone Navigator", "target Scribe", "target Poet")
    act(state, "done")
    state.resolve_chance(random.Random(0))
    assert len(state.hands[0]) == 4
    assert card("Scribe") not in state.hands[0] and card("Emir") in state.hands[0]
    state2 = position(hands={0: ["Navigator", "Scribe", "Poet", "Emir", "Sultan"]})
    act(state2, "stone Navigator", "target Scribe", "target Poet", "target Emir")
    assert state2.current_player() == CHANCE  # a fourth card cannot be chosen


def test_lamp_protects_a_card_from_abilities_but_not_effects_or_trump():
    # "[Lamp] ... This card is now immune to abilities and also cannot be discarded to use
    # its own abilities. Its value can, however, still be changed by an effect or ... doubled."
    state = position(hands={0: ["Scribe"], 1: ["Astronomer"]},
                     rows={1: ["Caravanserai"], 2: ["Night Thief"]}, trump="moon")
    act(state, "stone Scribe", "target Caravanserai", "play Astronomer")
    assert state.protected == {card("Caravanserai"): 0}
    assert state.final_values()[card("Caravanserai")] == (3 + 1) * 2
    act(state, "use Night Thief")
    assert state.legal_action_strings() == ["target Astronomer"]


def test_protected_card_cannot_use_its_ability_nor_be_discarded_for_the_stone():
    state = position(hands={0: ["Scribe"], 1: ["Poet"]}, rows={1: ["Courier"]})
    act(state, "stone Scribe", "target Courier")
    assert "protected" in reason(state, "use Courier")
    assert "protected" in reason(state, "stone Courier")


def test_protection_ends_with_the_round():
    # "At the end of the round the action stone is put back into the game box"
    state = position(hands={0: ["Scribe"]}, rows={1: ["Poet"]})
    act(state, "stone Scribe", "target Poet", "pass", "pass", "pass")
    assert state.protected == {} and state.rounds_played() == 1


def test_feather_steals_an_unprotected_card_of_equal_or_lower_value():
    # "[Feather] ... chooses an unprotected card in any row of cards with a value equal to or
    # lower than their discarded card and takes it into their hand"
    state = position(hands={0: ["Calligrapher"]}, rows={1: ["Scribe", "Emir", "Poet"]})
    state.protected[card("Poet")] = 2
    act(state, "stone Calligrapher")
    assert state.legal_action_strings() == ["target Scribe"]
    act(state, "target Scribe")
    assert state.hands[0] == [card("Scribe")] and state.rows[1] == [card("Emir"), card("Poet")]


def test_passed_rows_are_immune_to_unused_action_stones():
    # "immune to the abilities of other cards in play and to action stones not yet used"
    state = position(hands={0: ["Minstrel"]}, rows={1: ["Scribe"]}, passed=[1])
    assert "no action-stone effect" in reason(state, "stone Minstrel")


def test_no_symbol_card_chooses_any_of_the_four_effects():
    # "[No symbol] The player may choose any one of the four effects of the action stone."
    state = position(hands={0: ["Scandaroon Pigeon", "Poet"]}, rows={1: ["Scribe"]})
    act(state, "stone Scandaroon Pigeon")
    assert sorted(state.legal_action_strings()) == [
        "effect exchange", "effect protect", "effect scoring-pile", "effect steal"]
    act(state, "effect steal", "target Scribe")
    assert card("Scribe") in state.hands[0]


def test_two_symbol_card_chooses_between_its_effects():
    # "Cards that show two symbols count as each of these symbols."
    state = position(hands={0: ["Owl"]}, rows={1: ["Scribe"]})
    act(state, "stone Owl")
    assert sorted(state.legal_action_strings()) == ["effect scoring-pile", "effect steal"]


# -- 4. Pass ------------------------------------------------------------------------------------

def test_passed_players_are_skipped_and_round_ends_when_all_passed():
    # "Once a player has passed, they can no longer play cards ... in this round."
    # "As soon as all players have passed, the round ends."
    state = position(hands={0: ["Scribe"], 1: ["Poet"], 2: ["Emir"]})
    act(state, "pass", "play Poet", "play Emir", "pass")
    assert state.current_player() == 2
    act(state, "pass")
    assert state.rounds_played() == 1


def test_illegal_action_raises_with_reason_and_leaves_state_unchanged():
    state = position(hands={0: ["Scribe"]})
    before = state.information_state_string(0)
    with pytest.raises(IllegalAction, match="not in your hand"):
        state.apply_action(state.string_to_action(0, "play Emir"))
    with pytest.raises(IllegalAction):
        state.apply_action(10_000)
    assert state.information_state_string(0) == before


# -- End of the round ----------------------------------------------------------------------------

def end_round(state):
    while state.rounds_played() == 0:
        act(state, "pass")


def test_end_of_round_scoring_piles_rank_vp_and_highest_score():
    state = position(rows={0: ["Sultan"], 1: ["Emir", "Scribe"], 2: ["Poet"]}, trump="feather")
    end_round(state)
    assert state.round_scores == [[7, 5, 2]]
    assert state.piles == [[card("Sultan")], [card("Scribe")], []]
    assert state.rank_track == [3, 2, 1]
    assert state.best_holders == [0] and state.best_score == 7
    assert state.rows == [[], [], []] and card("Emir") in state.discard


def test_no_trump_vp_for_a_round_that_began_no_trump_once_per_player():
    # "If the round began or ended 'no trump', the winner of the round places a VP marker
    # in the 'no trump' VP space ... a player can receive these points only once."
    state = position(rows={0: ["Sultan"]}, trump=None)
    end_round(state)
    assert state.no_trump_winners == {0} and state.vp_breakdown()[0]["no_trump"] == 2
    state.no_trump_winners.add(0)
    assert state.vp_breakdown()[0]["no_trump"] == 2


def test_no_trump_vp_for_a_round_that_ended_no_trump():
    state = position(rows={0: ["Chamberlain", "Sultan"]}, trump="turban")
    act(state, "use Chamberlain", "trump no trump")
    end_round(state)
    assert state.no_trump_winners == {0}


def test_no_no_trump_vp_for_a_trump_round():
    state = position(rows={0: ["Sultan"]}, trump="moon")
    end_round(state)
    assert state.no_trump_winners == set()


# -- Start of the next round ------------------------------------------------------------------------

def test_next_round_start_player_deal_and_sixth_card_for_last_place():
    # "Each player has 5 hand cards (except the player who lost the last round and therefore
    # receives a 6th hand card)"; "the number of hand cards is merely topped up"
    state = position(hands={0: ["Scribe", "Poet"]}, rows={0: ["Sultan"], 1: ["Emir"]},
                     trump="moon", start=2)
    end_round(state)
    state.resolve_chance(random.Random(3))
    assert state.round == 2
    assert state.start_player == 1  # left of the single winner P1
    assert [len(h) for h in state.hands] == [5, 5, 6]  # P3 scored 0: last place
    assert card("Scribe") in state.hands[0]  # players keep their hand cards


def test_draw_pile_is_not_reshuffled_before_round_2():
    # "At the start of rounds 2 and 4, the starting player takes (only) the draw pile"
    state = position(rows={0: ["Sultan"], 1: ["Emir", "Scribe"]})
    end_round(state)
    assert card("Emir") in state.discard and card("Emir") not in state.draw_pile


def test_draw_pile_is_reshuffled_with_the_discard_pile_before_round_3_only():
    # "At the start of the 3rd round (and only then!) ... shuffling the old draw pile
    # together with the discard pile"
    state = position(rows={0: ["Sultan"], 1: ["Emir", "Scribe"]}, round_=2)
    end_round(state)
    assert state.round == 3 and state.discard == [] and card("Emir") in state.draw_pile
    state = position(rows={0: ["Sultan"], 1: ["Emir", "Scribe"]}, round_=3)
    end_round(state)
    assert state.round == 4 and card("Emir") in state.discard


def test_after_a_turban_round_comes_a_no_trump_round():
    # "If the turban was trump in the previous round, the next round is a 'no trump' round."
    state = position(rows={0: ["Sultan"]}, trump="turban")
    end_round(state)
    assert state.trump is None and state.began_no_trump
    assert "reveal_trump" not in [e[0] for e in state.queue]


def test_otherwise_the_next_trump_card_is_revealed():
    # "the old trump card is placed at the bottom of the trump pile and the next card is
    # revealed"
    state = position(rows={0: ["Sultan"]}, trump="moon")
    end_round(state)
    while state.queue and state.queue[0][0] != "reveal_trump":
        state.apply_action(state.legal_actions()[0])
    names = {deck().symbols.names[a] for a in state.legal_actions()}
    assert names == {"turban", "star", "feather"}


def test_after_a_no_trump_round_a_new_card_is_revealed():
    state = position(rows={0: ["Sultan"]}, trump=None)
    state.trump_revealed = ["turban"]
    end_round(state)
    state.resolve_chance(random.Random(0))
    assert state.trump in {"moon", "star", "feather"}


# -- End of the game ------------------------------------------------------------------------------

def test_game_ends_after_round_4_with_vp_and_returns():
    # "At the end of the fourth round, each player's VP are added up"
    state = position(rows={0: ["Sultan"], 1: ["Emir"]}, round_=4)
    state.rank_track = [3, 6, 0]
    end_round(state)
    assert state.is_terminal() and state.legal_actions() == []
    assert state.vp_breakdown()[0] == {"rank": 6, "no_trump": 0, "scoring_pile": 3,
                                       "highest_score": 2}
    assert state.total_vp() == [11, 9, 1]
    assert state.returns() == [1.0, 0.0, 0.0] and state.winner() == 0


def test_legal_actions_agree_with_illegal_reason_in_random_games():
    rng = random.Random(5)
    for game in range(6):
        state = ScandaroonGame(deck(), 3 + game % 2).new_initial_state()
        steps = 0
        while not state.is_terminal():
            legal = state.legal_actions()
            assert legal == sorted(legal)
            if steps % 5 == 0 and not state.is_chance_node():
                for action in range(state.num_distinct_actions()):
                    assert (state.illegal_reason(action) is None) == (action in legal)
            state.apply_action(rng.choice(legal))
            steps += 1
