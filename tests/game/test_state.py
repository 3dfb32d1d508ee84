"""The turn by the rulebook through the whole game's State: play, discard, draw; pass; STOP; rule 11
by the co-ordinator; rule 12; the two-player variant's drawing; files; undo."""

from __future__ import annotations

import pytest

from solver.game.actions import Deal, Decline, Discard, Draw, IllegalAction, Pass, PayShuffle, Pick, Play, Stop
from solver.game.game import LOCATION_PILES
from solver.game.playout import FastState
from solver.game.state import TERMINAL, Step
from solver.table.state import REMOVE, Finished, MoveKind, parse_state
from tests.game.deal import FULL_BOOS, FULL_BOOS_TILES, arrange, dealt, full_boos, game, two_player

BLUE = "blue"


def test_a_play_keeps_the_hand_it_draws_one_card_for_the_card_played() -> None:
    # rule 1's example: "Player A plays card No. 11 ... he may keep the fifth (+1)"
    state = arrange(dealt(game()), hands={"Anna": [11, 12, 13, 14]})
    top = state.piles[BLUE][-1]
    state.apply_action(Play(11))
    assert state.table.scores["Anna"] == 1 and 11 in state.table.out_of_game
    assert state.table.markers["break-in"] == {"Oberhausen", "Obermoschel", "Meddersheim", "Lettweiler"}
    assert state.step is Step.DISCARD and state.legal_actions()[-1] == Decline()
    state.apply_action(Decline())
    assert state.step is Step.DRAW and state.mover == "Anna"
    state.apply_action(Draw(BLUE))
    assert state.hands["Anna"] == [12, 13, 14, top] and state.hand_size("Anna") == 5
    assert state.step is Step.PLAY and state.mover == "Ben"


def test_a_play_and_one_more_discard_draw_two() -> None:
    state = arrange(dealt(game()), hands={"Anna": [11, 12, 13, 14]})
    state.apply_action(Play(11))
    state.apply_action(Discard(13))  # "he may additionally discard one card": the step ends with it
    assert state.step is Step.DRAW and state.turn.owed == 2
    move = state.table.history[-1]
    assert move.kind is MoveKind.PLAY and move.out == [11, 13] and state.table.scores["Anna"] == 1
    state.apply_action(Draw(BLUE))
    state.apply_action(Draw("green"))
    assert len(state.hands["Anna"]) == 4 and state.mover == "Ben"


def test_a_pass_discards_any_number_and_draws_as_many_plus_one() -> None:
    # "discard any number of cards from his hand and draw as many cards as he discarded plus one"
    state = arrange(dealt(game()), hands={"Anna": [11, 12, 13, 14]})
    state.apply_action(Pass())
    assert state.step is Step.PASS_DISCARD
    state.apply_action(Discard(12))
    state.apply_action(Discard(14))
    assert state.step is Step.PASS_DISCARD and state.turn.owed == 3
    state.apply_action(Decline())
    move = state.table.history[-1]
    assert move.kind is MoveKind.PASS and move.out == [12, 14] and state.table.turn == "Ben"
    for _ in range(3):
        state.apply_action(Draw(BLUE))
    assert len(state.hands["Anna"]) == 5 and state.hand_size("Anna") == 6  # one more than before
    assert state.mover == "Ben"


def test_a_pass_without_discards_draws_one() -> None:
    state = arrange(dealt(game()), hands={"Anna": [11, 12]})
    state.apply_action(Pass())
    state.apply_action(Decline())
    assert state.turn.owed == 1
    state.apply_action(Draw(BLUE))
    assert len(state.hands["Anna"]) == 3


def test_the_remove_one_marker_card_as_rule_6s_example() -> None:
    # "the break-in markers lie on the locations Oberhausen and Meisenheim. Player B plays the
    # 'Remove one marker' card and takes the break-in marker from the location Meisenheim ... (+1, +1, total +2)"
    state = arrange(dealt(game()), markers={"break-in": ["Oberhausen", "Meisenheim"]})
    state.apply_action(Pass())
    state.apply_action(Decline())
    state.apply_action(Draw(BLUE))
    assert state.mover == "Ben" and Play(REMOVE, "break-in@Meisenheim") in state.legal_actions()
    before = list(state.hands["Ben"])
    state.apply_action(Play(REMOVE, "break-in@Meisenheim"))
    assert state.table.scores["Ben"] == 2 and state.table.tiles == {"break-in": "Oberhausen"}
    assert not state.holds_remove("Ben")
    state.apply_action(Decline())
    state.apply_action(Draw(BLUE))  # a card played: one drawn, the hand's size kept
    assert len(state.hands["Ben"]) == len(before) + 1 and state.hand_size("Ben") == len(before) + 1


def test_a_card_the_rules_refuse_is_refused_with_the_rule() -> None:
    # rule 13's example: card 18 as jailbreak would need 8 markers
    state = arrange(dealt(game()), hands={"Anna": [18, 12]})
    before, done = state.table.to_dict(), list(state.actions)
    with pytest.raises(IllegalAction) as refused:
        state.apply_action(Play(18, "jailbreak"))
    assert refused.value.fact is not None and refused.value.fact.rule == 13
    assert refused.value.verdict is not None and not refused.value.verdict.playable
    assert state.table.to_dict() == before and state.actions == done
    assert all(not (isinstance(a, Play) and a.card == 18) for a in state.legal_actions())
    with pytest.raises(IllegalAction, match="not in Anna's hand"):
        state.apply_action(Play(11))
    with pytest.raises(IllegalAction, match="discarded"):
        state.apply_action(Discard(12))
    with pytest.raises(IllegalAction, match="drawn"):
        state.apply_action(Draw(BLUE))
    assert state.table.to_dict() == before


def test_the_coordinator_takes_dead_top_cards_off_the_piles() -> None:
    # rule 11's example: the break-in tile lies on Oberhausen; "If the Location card Oberhausen lies on
    # top of one of the draw piles, it must be removed. The same applies to the card No. 11"
    state = arrange(dealt(game()), hands={"Anna": [12]}, tiles={"break-in": "Oberhausen", "arrest": "Meddersheim"},
                    piles={LOCATION_PILES[0]: [60, 71], "yellow": [5, 11], "orange": [7, 6]})
    state.apply_action(Pass())
    state.apply_action(Decline())
    state.apply_action(Draw("green"))
    assert 71 in state.table.out_of_game and 11 in state.table.out_of_game
    assert state.piles[LOCATION_PILES[0]] == [60] and state.piles["yellow"] == [5]
    assert state.table.history[-1].kind is MoveKind.DRAWPILE
    # only the top cards are checked: card 7 (arrest, pinpointed: dead) under the live card 6 stays
    assert state.piles["orange"] == [7, 6] and 7 not in state.table.out_of_game


def test_the_coordinator_looks_again_at_the_new_top_card() -> None:
    state = arrange(dealt(game()), hands={"Anna": [12]}, tiles={"break-in": "Oberhausen"},
                    piles={LOCATION_PILES[0]: [60, 11, 71]})
    state.apply_action(Pass())
    state.apply_action(Decline())
    state.apply_action(Draw("green"))
    assert state.piles[LOCATION_PILES[0]] == [60]


def test_stop_after_a_turn_each_other_player_in_order() -> None:
    # rule 3's board: break-in and highway robbery on Oberhausen and Boos; murder can only be on Simmern
    board = {"break-in": ["Oberhausen", "Boos"], "highway robbery": ["Oberhausen", "Boos"],
             "murder": ["Boos", "Simmern"]}
    state = arrange(dealt(game()), hands={"Anna": [9]}, markers=board)
    state.apply_action(Play(9))
    state.apply_action(Decline())
    state.apply_action(Draw(BLUE))
    assert state.step is Step.STOP and state.mover == "Ben"
    assert state.legal_actions() == [Stop("Ben"), Decline()]
    with pytest.raises(IllegalAction):
        state.apply_action(Stop("Carl"))
    state.apply_action(Decline())
    assert state.mover == "Carl"
    state.apply_action(Stop("Carl"))
    assert state.table.scores["Carl"] == 2 and state.table.tiles["murder"] == "Simmern"  # +1, and rule 7's +1
    assert state.table.history[-1].kind is MoveKind.STOP
    assert state.step is Step.PLAY and state.mover == "Ben"


def test_rule_12_the_piles_used_up_and_no_playable_card_ends_the_game() -> None:
    state = dealt(game())
    hands = {"Anna": [12], "Ben": [11], "Carl": [13]}
    state = arrange(state, hands=hands, piles={name: [] for name in state.piles},
                    tiles={"break-in": "Oberhausen"})
    state.apply_action(Play(12))  # extortion: places its markers; Ben's card 11 is dead
    assert not state.is_terminal()
    state.apply_action(Decline())  # nothing to draw: the turn ends
    assert state.mover == "Ben"
    # Ben passes with the piles used up: he draws nothing
    hands_before = len(state.hands["Ben"])
    state.apply_action(Pass())
    state.apply_action(Decline())
    assert len(state.hands["Ben"]) == hands_before
    while not state.is_terminal():
        plays = [a for a in state.legal_actions() if isinstance(a, Play) and a.card != REMOVE]
        state.apply_action(plays[0] if plays else (Pass() if state.step is Step.PLAY else Decline()))
    assert state.table.finished is Finished.PILES_USED_UP and state.current_player() == TERMINAL
    assert state.winners() == [p for p in state.game.players
                               if state.table.scores[p] == max(state.table.scores.values())]
    with pytest.raises(IllegalAction, match="over"):
        state.apply_action(Pass())


def test_tied_leaders_all_win() -> None:
    state = dealt(game())
    assert state.winners() == ["Anna", "Ben", "Carl"]  # 0 points each


def test_two_player_drawing_takes_one_of_the_top_five_and_keeps_the_order() -> None:
    # "From this pile they take the top 5 cards and ... choose 1 card ... The remaining four cards are
    # put back on the pile (the order must not be changed)."
    state = two_player().new_initial_state(0)
    while state.is_chance_node():
        state.apply_action(state.sample_chance())
    pile = list(state.piles[BLUE])
    assert {a for a in state.legal_actions() if isinstance(a, Pick) and a.pile == BLUE} == {
        Pick(BLUE, depth) for depth in range(5)}
    with pytest.raises(IllegalAction):
        state.apply_action(Draw(BLUE))
    with pytest.raises(IllegalAction, match="top 5"):
        state.apply_action(Pick(BLUE, 5))
    state.apply_action(Pick(BLUE, 2))
    assert state.hands["Anna"] == [pile[-3]] and state.piles[BLUE] == pile[:-3] + pile[-2:]
    assert state.mover == "Ben"


def test_two_player_turn_up_to_three_cards_one_pick_then_up_to_two_blind() -> None:
    # "Per turn a player may play 1 to 3 cards. At the end of the turn he may draw 1 info card ...
    # Afterwards he may additionally discard up to 2 info cards and draw the same number of cards
    # face down (without a preview)."
    state = arrange(dealt(two_player()), hands={"Anna": [11, 3, 9, 12, 13, 14]})
    for card in (11, 3, 9):
        state.apply_action(Play(card))
    assert state.step is Step.PICK and state.table.turn == "Ben"  # the third card ends the turn
    top = state.piles[BLUE][-1]
    state.apply_action(Pick(BLUE, 0))
    assert state.hands["Anna"] == [12, 13, 14, top] and state.step is Step.PICK_DISCARD
    state.apply_action(Discard(12))
    state.apply_action(Discard(13))  # the second discard ends the step
    assert state.step is Step.DRAW and state.turn.owed == 2
    assert state.table.history[-1].out == [9, 12, 13]
    state.apply_action(Draw("green"))
    state.apply_action(Draw("green"))
    assert len(state.hands["Anna"]) == 4 and state.mover == "Ben"


def test_two_player_turn_ended_after_one_card() -> None:
    state = arrange(dealt(two_player()), hands={"Anna": [11, 12]})
    state.apply_action(Play(11))
    assert state.step is Step.PLAY and state.table.cards_this_turn == 1
    state.apply_action(Pass())  # ends the turn
    assert state.step is Step.PICK
    state.apply_action(state.legal_actions()[0])
    state.apply_action(Decline())
    assert state.mover == "Ben" and len(state.hands["Anna"]) == 2


def test_two_player_rule_15_counts_only_at_the_end_of_the_turn() -> None:
    # "Rule No. 15 (maximum of three markers per location) only counts at the end of a player's turn."
    state = full_boos([10, 20])
    assert Play(10) in state.legal_actions()
    state.apply_action(Play(10))
    assert state.table.overfull() == ["Boos has 4 markers; at most 3 at the end of a turn (rule 15)"]
    assert state.legal_actions() == [Play(20, "jailbreak")]  # no Pass: "Only 3 markers ... at the end of a turn"
    with pytest.raises(IllegalAction, match="rule 15"):
        state.apply_action(Pass())
    state.apply_action(Play(20, "jailbreak"))
    assert state.table.overfull() == [] and Pass() in state.legal_actions()
    assert FastState.from_state(state).legal_actions() == state.legal_actions()


def test_two_player_a_card_that_leaves_the_turn_unable_to_end_is_refused() -> None:
    state = full_boos([10, 3])  # card 3 cannot take the fourth marker off Boos
    assert state.legal_actions() == [Pass()] == FastState.from_state(state).legal_actions()
    before = state.table.to_dict()
    with pytest.raises(IllegalAction, match="the turn could not end: Boos has 4 markers"):
        state.apply_action(Play(10))
    assert state.table.to_dict() == before and state.hands["Anna"] == [10, 3]


def test_the_rulebook_game_refuses_a_fourth_marker_at_once() -> None:
    # Rule 15: "If 3 markers already lie on a location, it is not allowed (at that moment) to play a card
    # which requires a further marker to be placed on this location."
    state = arrange(dealt(game(("Anna", "Ben"))), hands={"Anna": [10, 20]}, markers=FULL_BOOS, tiles=FULL_BOOS_TILES)
    state.table.remove_one_used.append("Anna")
    assert Play(10) not in state.legal_actions()


def test_a_finished_game_saves_as_a_state_file_with_hands_and_piles() -> None:
    state = arrange(dealt(game()), hands={"Anna": [11, 12]})
    state.apply_action(Play(11))
    state.apply_action(Decline())
    state.apply_action(Draw(BLUE))
    text = state.table.to_yaml()
    loaded = parse_state(text, "game.yaml")
    assert loaded.hands == state.hands and loaded.piles == state.piles
    assert loaded.to_dict() == state.table.to_dict()
    assert list(state.table.to_dict())[-3:] == ["hands", "piles", "history"]


def test_undo_walks_back_exactly() -> None:
    state = arrange(dealt(game()), hands={"Anna": [11, 12, 13]})
    saved = [(state.table.to_dict(), state.step, state.mover)]
    for action in (Play(11), Discard(12), Draw(BLUE), Draw(BLUE)):
        state.apply_action(action)
        saved.append((state.table.to_dict(), state.step, state.mover))
    saved.pop()
    while saved:
        state.pop()
        assert (state.table.to_dict(), state.step, state.mover) == saved.pop()


def test_a_clone_goes_its_own_way_and_chance_deals_one_card_at_a_time() -> None:
    state = game().new_initial_state(4)
    outcomes = state.chance_outcomes()
    assert [a for a, _ in outcomes] == state.legal_actions() == [Deal(n) for n in sorted(state.piles["blue"])]
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)
    copy = state.clone()
    copy.apply_action(copy.sample_chance())
    assert copy.game is state.game and copy.actions != state.actions
    state.apply_action(state.sample_chance())
    assert state.actions == copy.actions  # the same seed draws the same card
    state.apply_action(state.chance_outcomes()[-1][0])
    assert len(state.chance_outcomes()) == len(outcomes) - 2
    assert dealt(game()).chance_outcomes() == []


def test_a_fork_plays_on_like_a_clone_but_pops_only_to_where_it_was_forked() -> None:
    import random

    state = dealt(game(), seed=3)
    for _ in range(12):
        state.apply_action(random.Random(len(state.actions)).choice(state.legal_actions()))
    before = (state.table.to_dict(), {p: list(c) for p, c in state.hands.items()}, state.step, len(state.actions))
    fork, clone = state.fork(), state.clone()
    assert fork.game is state.game and fork.rng.getstate() == state.rng.getstate()
    for twin in (fork, clone):
        rng = random.Random(1)
        while not twin.is_terminal():
            twin.apply_action(rng.choice(twin.legal_actions()))
    assert fork.actions == clone.actions and fork.table.to_dict() == clone.table.to_dict()
    assert (state.table.to_dict(), state.hands, state.step, len(state.actions)) == before
    while True:  # the fork undoes its own actions, down to where it was forked
        try:
            fork.pop()
        except IndexError:
            break
    assert fork.table.to_dict() == state.table.to_dict() and fork.hands == state.hands


def test_two_player_a_point_shuffles_a_pile_before_or_after_drawing() -> None:
    # "In return for paying 1 victory point, the active player may shuffle 1 draw pile before or
    # after drawing cards."
    state = arrange(dealt(two_player()), hands={"Anna": [11, 12, 13]})
    state.apply_action(Play(11))  # +1: a point to pay with
    state.apply_action(Pass())  # ends the turn: the pick
    assert state.step is Step.PICK and PayShuffle(BLUE) in state.legal_actions()
    before = sorted(state.piles[BLUE])
    saved = (state.table.to_dict(), state.step, state.mover)
    state.apply_action(PayShuffle(BLUE))
    assert state.table.scores["Anna"] == 0 and state.table.history[-1].kind is MoveKind.SHUFFLE
    assert state.is_chance_node() and {a for a, _ in state.chance_outcomes()} == {Deal(n) for n in before}
    while state.is_chance_node():
        state.apply_action(state.sample_chance())
    assert state.step is Step.PICK and state.mover == "Anna" and sorted(state.piles[BLUE]) == before
    assert not any(isinstance(a, PayShuffle) for a in state.legal_actions())  # once a turn
    state.apply_action(Pick(BLUE, 0))
    state.apply_action(Discard(12))  # the discard joins the turn's move, under the point paid
    assert state.table.history[-1].kind is MoveKind.SHUFFLE and 12 in state.table.history[-2].out
    assert sum(m.effect.points for m in state.table.history) == state.table.scores["Anna"]
    while (state.table.to_dict(), state.step, state.mover) != saved:
        state.pop()
    assert state.step is Step.PICK and state.table.scores["Anna"] == 1


def test_two_player_no_point_no_shuffle() -> None:
    state = arrange(dealt(two_player()), hands={"Anna": [12]})
    state.apply_action(Pass())
    assert state.table.scores["Anna"] == 0 and not any(isinstance(a, PayShuffle) for a in state.legal_actions())
    with pytest.raises(IllegalAction, match="by a player with a point"):
        state.apply_action(PayShuffle(BLUE))


def test_undo_keeps_one_copy_of_the_generator_while_no_chance_moved_it() -> None:
    state = arrange(dealt(game()), hands={"Anna": [11, 12, 13]})
    for action in (Play(11), Discard(12)):
        state.apply_action(action)
    assert state._undo[-1].rng is state._undo[-2].rng  # a generator's state is about 20 KB
    state.pop()
    state.pop()
    assert state.hands["Anna"] == [11, 12, 13]
