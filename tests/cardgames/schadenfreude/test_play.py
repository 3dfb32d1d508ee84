"""`schadenfreude play` as a person reads it in an 80-column terminal."""

import random

import pytest

from solver.cardgames.schadenfreude.game import SchadenfreudeGame
from solver.cardgames.schadenfreude.play import play_game


def _game(players: int, seed: int, typed: list[str], notation: str = "standard"):
    """A whole game: the person types `typed` first, then a random legal card each turn."""
    state = SchadenfreudeGame(players, notation).new_initial_state()
    pick = random.Random(seed)

    def read(prompt: str) -> str:
        if typed:
            return typed.pop(0)
        return pick.choice(state.game.card_names(state.legal_actions()))

    out: list[str] = []
    play_game(players, 0, "random", read=read, write=out.append, seed=seed, state=state, notation=notation)
    return state, [line for text in out for line in text.split("\n")]


@pytest.mark.parametrize(("players", "notation"), [(3, "standard"), (4, "tarot"), (5, "standard")])
def test_every_line_fits_80_columns_and_is_broken_between_words(players, notation):
    state, lines = _game(players, players, ["zz", "hand", "help"], notation)
    assert state.is_terminal()
    assert all(len(line) <= 79 for line in lines), max(lines, key=len)
    refusal = lines.index(next(line for line in lines if line.startswith("refused: unknown card 'zz'")))
    # the long refusal goes on over lines that start with an indent and end at a word
    assert lines[refusal + 1].startswith("    ")
    words = " ".join(" ".join(lines[refusal:refusal + 3]).split())
    assert "followed by a rank" in words
