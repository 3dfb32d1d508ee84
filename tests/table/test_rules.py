"""Playability and effect of cards (solver.table.rules): each worked example of the rulebook, by rule number."""

from __future__ import annotations

from solver.core import names
from solver.core.cards import DelictClue, DistrictClue, GroupClue, LocationClue, RemoveOneMarker
from solver.table import deduce, wording
from solver.table.rules import check, check_choice
from tests.game_helpers import board, deck, state

CARD_71 = LocationClue("Oberhausen", ("break-in", "imprisonment", "robbery", "hideout"))  # 2 of 4 printed


def test_rule_1_example_card_11_places_four_break_in_markers_and_keeps_the_fifth():
    verdict = check(state(), deck().clue(11), board())
    assert verdict.playable and verdict.rule == 1
    assert sorted(verdict.effect.placed) == [("break-in", loc) for loc in
                                             ("Lettweiler", "Meddersheim", "Oberhausen", "Obermoschel")]
    assert verdict.effect.kept == {"break-in": 1}
    assert verdict.points == 1


def test_rule_2_a_tile_blocks_a_marker_and_the_marker_is_kept():
    verdict = check(state(tiles={"murder": "Oberhausen"}), deck().clue(11), board())
    assert verdict.playable
    assert ("break-in", "Oberhausen") not in verdict.effect.placed
    assert verdict.effect.kept == {"break-in": 2} and verdict.points == 2
    assert "rule 2" in wording.reason(verdict)


def test_rule_3_example_card_3_no_beehive_marker_on_boos():
    board_state = state({"break-in": ["Oberhausen", "Boos"], "highway robbery": ["Oberhausen", "Boos"]})
    verdict = check(board_state, deck().clue(3), board())
    assert verdict.playable
    assert sorted(loc for _, loc in verdict.effect.placed) == ["Simmern", "Thiergarten", "Trifthütte"]
    assert verdict.points == 2
    assert "rule 3" in wording.reason(verdict) and "break-in, highway robbery" in wording.reason(verdict)


def test_rule_3_general_form_three_delicts_on_three_locations():
    tied = ["Oberhausen", "Boos", "Simmern"]
    board_state = state({"break-in": tied, "highway robbery": tied, "murder": tied})
    verdict = check(board_state, deck().clue(3), board())
    assert sorted(loc for _, loc in verdict.effect.placed) == ["Thiergarten", "Trifthütte"]
    assert verdict.points == 3


def test_rule_4_example_card_38_places_highway_robbery_and_removes_two_break_ins():
    board_state = state({"break-in": ["Oberhausen", "Obermoschel", "Meisenheim", "Lettweiler"]})
    verdict = check(board_state, deck().clue(38), board())
    assert verdict.playable
    assert sorted(loc for _, loc in verdict.effect.placed) == ["Boos", "Hundsbach", "Meddersheim"]
    assert sorted(verdict.effect.removed) == [("break-in", "Lettweiler"), ("break-in", "Obermoschel")]
    assert verdict.effect.kept == {"highway robbery": 2}
    assert verdict.points == 4


def test_rule_4_a_card_that_would_remove_every_marker_is_not_playable():
    board_state = state({"break-in": ["Kirn", "Boos"]})
    verdict = check(board_state, deck().clue(11), board())
    assert not verdict.playable and verdict.rule == 4


def test_rule_5_example_card_71_removes_stolen_goods_sold_and_murder_from_oberhausen():
    board_state = state({
        "break-in": ["Oberhausen", "Meisenheim"],
        "stolen goods sold": ["Oberhausen", "Kirn", "Boos"],
        "murder": ["Oberhausen", "Simmern", "Thiergarten"],
    })
    verdict = check(board_state, CARD_71, board())
    assert verdict.playable and verdict.rule == 5
    assert sorted(verdict.effect.removed) == [("murder", "Oberhausen"), ("stolen goods sold", "Oberhausen")]
    assert verdict.effect.placed == [] and verdict.points == 2


def test_rule_5_a_location_card_needs_a_marker_on_its_location():
    verdict = check(state({"break-in": ["Meisenheim", "Kirn"]}), CARD_71, board())
    assert not verdict.playable and verdict.rule == 16


def test_rule_5_update_location_card_pinpoints_a_forced_delict_from_the_supply():
    tiles = {"break-in": "Kirn", "imprisonment": "Boos", "robbery": "Simmern"}
    verdict = check(state(tiles=tiles), CARD_71, board())
    assert verdict.playable
    assert verdict.effect.tiles == [("hideout", "Oberhausen")]
    assert verdict.effect.kept == {"hideout": 4} and verdict.points == 5


def test_rule_6_example_remove_one_marker_then_the_tile():
    board_state = state({"break-in": ["Oberhausen", "Meisenheim"]})
    verdict, choice = check_choice(board_state, RemoveOneMarker(), board(), "break-in@Meisenheim")
    assert verdict.playable and choice == "break-in@Meisenheim"
    assert verdict.effect.removed == [("break-in", "Meisenheim")]
    assert verdict.effect.tiles == [("break-in", "Oberhausen")]
    assert verdict.points == 2


def test_rule_6_each_player_uses_the_remove_card_once():
    board_state = state({"break-in": ["Oberhausen", "Meisenheim"]})
    board_state.remove_one_used.append("Anna")
    verdict = check(board_state, RemoveOneMarker(), board(), "Anna")
    assert not verdict.playable and verdict.rule == 6
    assert check(board_state, RemoveOneMarker(), board(), "Ben").playable


def test_rule_7_example_card_27_highway_robbery_pinpointed_on_boos():
    board_state = state({"highway robbery": ["Boos", "Meddersheim", "Hundsbach"]})
    verdict = check(board_state, deck().clue(27), board())
    chosen = verdict.choices["highway robbery"]
    assert chosen.playable
    assert sorted(chosen.effect.removed) == [("highway robbery", "Hundsbach"), ("highway robbery", "Meddersheim")]
    assert chosen.effect.replaced == [("highway robbery", "Boos")]
    assert chosen.effect.tiles == [("highway robbery", "Boos")]
    assert chosen.points == 3


def test_rule_7_a_tile_removes_other_markers_on_its_location():
    board_state = state({"highway robbery": ["Boos", "Meddersheim"], "murder": ["Boos", "Kirn", "Simmern"]})
    verdict = check(board_state, DelictClue("highway robbery", ("Boos", "Kirn", "Simmern", "Herrstein")), board())
    assert verdict.effect.tiles == [("highway robbery", "Boos")]
    assert ("murder", "Boos") in verdict.effect.removed
    assert verdict.points == 3


def test_rule_16_a_card_in_hand_that_changes_nothing_is_not_playable():
    # rule 11's example: card 11 "no longer provides any new information"; in a hand, such a card
    # is one of rule 16's "(currently) unplayable cards"
    board_state = state({"break-in": ["Oberhausen", "Obermoschel"]})
    verdict = check(board_state, deck().clue(11), board())
    assert not verdict.playable and verdict.rule == 16


def test_rule_11_the_same_card_on_a_draw_pile_is_taken_out():
    # "The same applies to the card No. 11 with the information for the break-in"
    board_state = state(tiles={"break-in": "Oberhausen"})
    found = deduce.never_playable(board_state, deck().clue(11), board())
    assert found is not None and found.rule == 11


def test_rule_13_example_card_18_jailbreak_needs_eight_markers():
    verdict = check(state(), deck().clue(18), board())
    assert not verdict.playable
    assert verdict.choices["jailbreak"].rule == 13 and not verdict.choices["jailbreak"].playable


def test_rule_13_example_card_18_playable_once_three_eastern_locations_are_tiled():
    tiles = {"donkey theft": "Simmern", "sheep theft": "Boos", "horse theft": "Lettweiler"}
    verdict = check(state(tiles=tiles), deck().clue(18), board())
    jailbreak = verdict.choices["jailbreak"]
    assert jailbreak.playable and len(jailbreak.effect.placed) == 5 and jailbreak.points == 0


def test_rule_14_example_card_48_contradicts_the_arrest_tile_on_meddersheim():
    verdict = check(state(tiles={"arrest": "Meddersheim"}), deck().clue(48), board())
    assert not verdict.playable and verdict.rule == 14


def test_rule_14_a_delict_card_contradicting_its_tile():
    verdict = check(state(tiles={"break-in": "Kirn"}), deck().clue(11), board())
    assert not verdict.playable and verdict.rule == 14


def test_rule_15_example_card_12_oberhausen_is_full():
    board_state = state({
        "break-in": ["Oberhausen", "Kirn"], "stolen goods sold": ["Oberhausen", "Boos"],
        "murder": ["Oberhausen", "Simmern"],
    })
    verdict = check(board_state, deck().clue(12), board())
    assert not verdict.playable and verdict.rule == 15 and "Oberhausen" in wording.reason(verdict)


def test_rule_15_two_player_variant_checks_only_at_the_end_of_the_turn():
    markers = {"break-in": ["Oberhausen", "Kirn"], "stolen goods sold": ["Oberhausen", "Boos"],
               "murder": ["Oberhausen", "Simmern"]}
    board_state = state(markers, players=("Anna", "Ben"), two_player=True)
    assert check(board_state, deck().clue(12), board(), end_of_turn=False).playable
    at_end = check(board_state, deck().clue(12), board(), end_of_turn=True)
    assert not at_end.playable and at_end.rule == 15


def test_rule_16_district_card_needs_one_of_its_delicts_on_the_board():
    verdict = check(state(), deck().clue(48), board())
    assert not verdict.playable and verdict.rule == 16


def test_district_card_filters_both_delicts_when_both_have_markers():
    board_state = state({"arrest": ["Antes Mühle", "Oberhausen", "Kirn"], "robbers' ball": ["Bärenbach", "Boos"]})
    verdict = check(board_state, DistrictClue(("arrest", "robbers' ball"), "same"), board())
    assert verdict.playable
    assert sorted(verdict.effect.removed) == [("arrest", "Kirn"), ("arrest", "Oberhausen"),
                                              ("robbers' ball", "Boos")]
    assert sorted(verdict.effect.tiles) == [("arrest", "Antes Mühle"), ("robbers' ball", "Bärenbach")]


def test_update_last_but_one_delict_also_settles_the_last_delict():
    order = list(names.DELICTS)
    tiles = {d: loc for d, loc in zip(order[:14], names.LOCATIONS[:14], strict=True)}
    last_two = dict(zip(order[14:], names.LOCATIONS[14:], strict=True))
    (d15, l15), (d16, l16) = last_two.items()
    card = DelictClue(d15, (l15, "Griebelschied", "Kirn", "Boos"))
    five = check(state(tiles=tiles), card, board())
    assert five.effect.tiles == [(d15, l15), (d16, l16)]
    assert five.effect.kept == {d15: 4, d16: 5} and five.points == 10
    one = check(state(tiles=tiles, last_delict_points=1), card, board())
    assert one.effect.kept == {d15: 4, d16: 1} and one.points == 6


def test_group_card_gives_a_verdict_for_each_delict():
    verdict = check(state(), GroupClue("Felony", "north"), board())
    assert set(verdict.choices) == set(names.GROUPS["Felony"])
    assert not verdict.playable
