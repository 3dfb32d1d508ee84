"""The whole game in the terminal against bots: to the end by numbers alone, on 80 columns, quit."""

from __future__ import annotations

import pytest

from solver.game.game import Game
from solver.game.terminal import play_in_terminal


def _play(answers, seed=3):
    shown: list[str] = []
    asked = iter(answers)
    state = play_in_terminal(Game(["You", "Anna", "Ben"]), 0, ["greedy"] * 3, seed,
                             read=lambda prompt: next(asked), write=shown.append)
    return state, "\n".join(shown)


@pytest.mark.parametrize("seed", [3, 11])
def test_a_person_plays_a_whole_game_to_the_end(seed):
    state, text = _play(iter(lambda: "1", None), seed)
    assert state.is_terminal() and state.end_reason() in ("all delicts pinpointed", "draw piles used up")
    assert text.splitlines()[-1].startswith(f"game over ({state.end_reason()}):")
    assert max(len(line) for line in text.splitlines()) <= 80
    assert "Anna plays card" in text and "you play card" in text  # the others' moves and your own
    assert "Remove one marker (rule 6)" in text


def test_a_screen_fits_80_by_24_and_hides_the_other_hands():
    state, text = _play(["1", "1", "q"])
    screens = text.split("your choice")[0]
    last_screen = text.split("\n>")[-1]
    assert len(last_screen.splitlines()) <= 22  # with the prompt and its answer: 24 lines
    others = {n for p in ("Anna", "Ben") for n in state.hands[p]}
    shown_numbers = {int(line.split()[0]) for line in text.splitlines()
                     if line.startswith("  ") and line.split()[0].isdigit()}
    assert not others & shown_numbers and screens


def test_quitting_stops_the_game_and_says_so():
    state, text = _play(["q"])
    assert state.is_terminal() and state.end_reason() == "You stopped the game"
    assert "game over (You stopped the game)" in text


def test_a_wrong_answer_asks_again():
    _, text = _play(["x", "99", "q"])
    assert text.count("type a number from 1 to") == 2
