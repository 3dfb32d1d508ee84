"""The checked calls that change a game state (solver.table.rules and deduce): each refuses what the
rules forbid with a typed error carrying values, and each move undoes byte for byte."""

from __future__ import annotations

import pytest

from solver.core.cards import DelictClue, RemoveOneMarker
from solver.core.errors import BadInput
from solver.table import deduce
from solver.table.errors import (
    ChoiceNeeded,
    GameGoesOn,
    GameOver,
    NotYourTurn,
    PlayOn,
    Refused,
    StateConflict,
    TooManyDiscards,
    TurnCannotEnd,
)
from solver.table.rules import end_game, pass_turn, pay_shuffle, play, rank_hand
from solver.table.state import REMOVE, Finished, GameState, MoveKind, Variant, load_state, new_game
from tests.game_helpers import board, deck, state

RULE_4 = {"break-in": ["Oberhausen", "Obermoschel", "Meisenheim", "Lettweiler"]}
TWO_GROUP_CHOICES = {"highway robbery": ["Boos", "Meddersheim", "Hundsbach"], "robbery": ["Kirn", "Obermoschel"]}
RULE_3 = {"break-in": ["Oberhausen", "Boos"], "highway robbery": ["Oberhausen", "Boos"],
          "beehive theft": ["Boos", "Simmern", "Kirn"]}


# ----- play ---------------------------------------------------------------------------------------


def test_play_pushes_the_card_and_the_discard():
    game = state(RULE_4)
    verdict, choice = play(game, deck().clue(38), board(), 38, discard=[44])
    assert verdict.playable and choice is None
    assert game.out_of_game == [38, 44] and game.scores["Anna"] == 4 and game.turn == "Ben"
    assert game.history[-1].kind is MoveKind.PLAY


def test_a_play_discards_one_card_at_most_and_a_pass_any_number():
    # "he may additionally discard one card from his hand"; a pass: "discard any number of cards"
    game = state(RULE_4)
    with pytest.raises(TooManyDiscards, match="one more card after a play") as caught:
        play(game, deck().clue(38), board(), 38, discard=[44, 12])
    assert caught.value.limit == 1 and game.history == [] and game.out_of_game == []
    with pytest.raises(BadInput, match="card 5 is discarded twice"):
        pass_turn(game, discard=[5, 5])
    pass_turn(game, discard=[44, 12, 13])
    assert game.out_of_game == [44, 12, 13]


def test_the_two_player_variant_discards_up_to_two():
    # "Afterwards he may additionally discard up to 2 info cards"
    game = new_game(["Anna", "Ben"], Variant.two_player())
    with pytest.raises(TooManyDiscards, match="up to 2"):
        pass_turn(game, discard=[44, 12, 13])
    pass_turn(game, discard=[44, 12])
    assert game.out_of_game == [44, 12]


def test_play_refuses_out_of_turn_and_after_the_game():
    game = state(RULE_4)
    with pytest.raises(NotYourTurn) as caught:
        play(game, deck().clue(38), board(), 38, player="Ben")
    assert (caught.value.turn, caught.value.player) == ("Anna", "Ben")
    with pytest.raises(BadInput, match="'Dora' is not a player"):
        play(game, deck().clue(38), board(), 38, player="Dora")
    game.finished = Finished.PILES_USED_UP
    with pytest.raises(GameOver) as over:
        play(game, deck().clue(38), board(), 38)
    assert over.value.finished is Finished.PILES_USED_UP and isinstance(over.value, Refused)
    assert game.history == []


def test_play_on_only_in_the_two_player_variant_and_at_most_three_cards():
    with pytest.raises(PlayOn) as caught:
        play(state(RULE_4), deck().clue(38), board(), 38, more=True)
    assert caught.value.variant is False
    game = state(players=("Anna", "Ben"), two_player=True)
    play(game, deck().clue(11), board(), 11, more=True)
    play(game, deck().clue(3), board(), 3, more=True)
    with pytest.raises(PlayOn) as third:
        play(game, deck().clue(12), board(), 12, more=True)
    assert third.value.variant is True and len(game.history) == 2


@pytest.mark.parametrize(("number", "discard", "error", "words"), [
    (38, [11], StateConflict, "card 11 is already out of the game"),
    (11, [], StateConflict, "card 11 is already out of the game"),
    (38, [100], BadInput, "there is no card 100"),
    (38, [38], BadInput, "card 38 is played and discarded too"),
    (38, [5, 5], TooManyDiscards, "a player may discard one more card after a play"),
])
def test_play_checks_the_cards_it_takes_out(number, discard, error, words):
    game = state(RULE_4)
    game.out_of_game.append(11)
    before = game.to_dict()
    with pytest.raises(error, match=words):
        play(game, deck().clue(number), board(), number, discard=discard)
    assert game.to_dict() == before


def test_a_missing_choice_carries_the_playable_options():
    game = state(TWO_GROUP_CHOICES)
    with pytest.raises(ChoiceNeeded) as caught:
        play(game, deck().clue(27), board(), 27)
    assert caught.value.options == ("robbery", "highway robbery") and caught.value.given is None
    assert "--choose" not in caught.value.message and game.history == []


@pytest.mark.parametrize(("card", "choice", "words"), [
    (27, "donkey theft", "not in this card's group"),
    ("remove", "break-in", "DELICT@LOCATION"),
    ("remove", "murder@Kirn", "there is no murder marker on Kirn"),
])
def test_a_wrong_choice_carries_the_cards_options(card, choice, words):
    game = state(TWO_GROUP_CHOICES)
    clue = RemoveOneMarker() if card == "remove" else deck().clue(card)
    with pytest.raises(ChoiceNeeded, match=words) as caught:
        play(game, clue, board(), card, choice)
    assert caught.value.given == choice and "--choose" not in caught.value.message
    expected = 4 if card == 27 else 5  # the group's delicts, the markers on the board
    assert len(caught.value.options) == expected


def test_the_remove_card_is_recorded_as_used_whatever_the_record():
    game = state({"break-in": ["Oberhausen", "Meisenheim"]})
    verdict, _ = play(game, RemoveOneMarker(), board(), None, "break-in@Meisenheim")
    assert verdict.playable and game.history[-1].card == REMOVE and game.remove_one_used == ["Anna"]


# ----- pass ---------------------------------------------------------------------------------------


def test_pass_moves_the_turn_and_takes_the_discards_out():
    game = state(RULE_4)
    move = pass_turn(game, discard=[44])
    assert move.kind is MoveKind.PASS and move.player == "Anna" and game.turn == "Ben"
    assert game.out_of_game == [44]
    with pytest.raises(NotYourTurn):
        pass_turn(game, "Carl")
    with pytest.raises(StateConflict, match="card 44 is already out"):
        pass_turn(game, discard=[44])


def test_pass_refuses_an_overfull_turn_end_and_a_finished_game():
    game = state(players=("Anna", "Ben"), two_player=True)
    for number in (11, 3):
        play(game, deck().clue(number), board(), number, more=True)
    game.markers = {**game.markers, **{d: frozenset({"Oberhausen", "Kirn"})
                                       for d in ("murder", "robbery", "arrest")}}
    with pytest.raises(TurnCannotEnd) as caught:
        pass_turn(game)
    assert caught.value.overfull and "Oberhausen has 4 markers" in caught.value.reason
    game = state(RULE_4)
    end_game(game, [], board())
    with pytest.raises(GameOver):
        pass_turn(game)


# ----- the end of the game (rule 12) -----------------------------------------------------------------


def test_end_game_names_a_playable_hand_card_else_ends():
    game = state(tiles={"break-in": "Oberhausen"})
    with pytest.raises(GameGoesOn) as caught:
        end_game(game, [deck().clue(11), deck().clue(3)], board())
    assert caught.value.index == 1 and caught.value.verdict.playable and game.history == []
    move = end_game(game, [deck().clue(11)], board())
    assert move.kind is MoveKind.END and game.finished is Finished.PILES_USED_UP
    assert game.outcome() == (Finished.PILES_USED_UP, ["Anna", "Ben", "Carl"])
    with pytest.raises(GameOver):
        end_game(game, [], board())
    game.pop()
    assert game.finished is None and game.history == []


# ----- STOP (rule 10) and dead cards (rule 11) --------------------------------------------------------


def test_take_stop_credits_a_player_and_checks_the_name():
    game = state(RULE_3)
    with pytest.raises(BadInput, match="'Dora' is not a player"):
        deduce.take_stop(game, board(), "Dora")
    move = deduce.take_stop(game, board(), "Ben")
    assert move.kind is MoveKind.STOP and game.scores["Ben"] == 1 and game.turn == "Anna"
    assert deduce.take_stop(game, board(), "Ben") is None


def test_take_out_dead_takes_only_dead_cards_not_yet_out():
    game = state(tiles={"break-in": "Oberhausen"})
    oberhausen = deck().clue(11)
    move = deduce.take_out_dead(game, [(11, oberhausen), (3, deck().clue(3))], board())
    assert move.kind is MoveKind.DRAWPILE and move.out == [11] and game.out_of_game == [11]
    assert game.turn == "Anna" and game.scores == {"Anna": 0, "Ben": 0, "Carl": 0}
    assert deduce.take_out_dead(game, [(11, oberhausen)], board()) is None  # out already: no empty move
    assert len(game.history) == 1


# ----- the hand advisor ------------------------------------------------------------------------------


def test_rank_hand_orders_every_way_to_play_by_points():
    game = state(TWO_GROUP_CHOICES)
    hand = [deck().clue(27), RemoveOneMarker(), DelictClue("robbery", ("Kirn", "Boos", "Simmern", "Herrstein"))]
    ranking = rank_hand(game, hand, board(), "Ben")
    points = [found.verdict.points for found in ranking.plays]
    assert points == sorted(points, reverse=True) and all(f.verdict.playable for f in ranking.plays)
    assert {(f.card, f.choice) for f in ranking.refused} >= {(0, "extortion"), (0, "murder")}
    assert {f.choice for f in ranking.plays if f.card == 1} == {
        "highway robbery@Boos", "highway robbery@Meddersheim", "highway robbery@Hundsbach",
        "robbery@Kirn", "robbery@Obermoschel"}
    assert game.history == []


# ----- undo restores the file byte for byte after each kind of move ---------------------------------


def _stop(game: GameState) -> None:
    deduce.take_stop(game, board(), "Ben")


MOVES = {
    MoveKind.PLAY: lambda game: play(game, RemoveOneMarker(), board(), REMOVE, "beehive theft@Kirn"),
    MoveKind.STOP: _stop,
    MoveKind.PASS: lambda game: pass_turn(game, discard=[44, 12]),
    MoveKind.END: lambda game: end_game(game, [], board()),
    MoveKind.DRAWPILE: lambda game: deduce.take_out_dead(  # rule 4 forbids the second card: dead
        game, [(3, deck().clue(3)), (11, DelictClue("break-in", ("Kirn", "Simmern", "Herrstein", "Antes Mühle")))],
        board()),
    MoveKind.SHUFFLE: lambda game: pay_shuffle(game, "blue", game.turn),
}
TWO_PLAYER_MOVES = {MoveKind.SHUFFLE}  # the kinds only the two-player variant has


@pytest.mark.parametrize("kind", list(MoveKind))
def test_undo_restores_the_file_byte_for_byte(tmp_path, kind):
    assert set(MOVES) == set(MoveKind)
    path = tmp_path / "game.yaml"
    two = {"players": ("Anna", "Ben"), "two_player": True} if kind in TWO_PLAYER_MOVES else {}
    game = state(RULE_3, **two)
    game.scores[game.players[-1]] = 3
    pass_turn(game)  # a move below, so the stack is not empty after the undo
    game.save(path)
    before = path.read_bytes()
    game = load_state(path)
    MOVES[kind](game)
    assert game.history[-1].kind is kind
    game.save(path)
    assert path.read_bytes() != before
    game = load_state(path)
    game.pop()
    game.save(path)
    assert path.read_bytes() == before


def test_undo_reuses_a_hand_written_previous_file(tmp_path):
    path = tmp_path / "game.yaml"
    text = "players: [Anna, Ben, Carl]   # our game\nmarkers:\n  break-in: [Oberhausen, Obermoschel, Meisenheim, " \
           "Lettweiler]\n"
    path.write_text(text, encoding="utf-8")
    game = load_state(path)
    play(game, deck().clue(38), board(), 38)
    game.save(path)
    game = load_state(path)
    game.pop()
    game.save(path, reuse_previous=True)
    assert path.read_text(encoding="utf-8") == text


def test_cards_per_turn_alone_plays_on_without_moving_rule_15():
    game = state(RULE_4, players=("Anna", "Ben", "Carl"), variant=Variant(cards_per_turn=3))
    play(game, deck().clue(38), board(), 38, more=True)
    assert game.turn == "Anna" and game.cards_this_turn == 1
