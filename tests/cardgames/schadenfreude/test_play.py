"""`schadenfreude play` as a person reads it in an 80-column terminal."""

import random
import re

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


@pytest.mark.parametrize("seed", range(3))
def test_the_jesters_are_called_as_the_rulebook_calls_them(seed):
    # 5 players: every card is dealt, so both Jesters are played in every round
    _, lines = _game(5, seed, [])
    text = "\n".join(lines)
    assert re.search(r"(?<!1)0 Jester", text) and "10 Jester" in text
    assert not re.search(r"\bJ10?\b|\bwild", text, re.IGNORECASE), text


def test_a_jester_is_typed_as_shown_or_by_its_short_name():
    from solver.cardgames.schadenfreude.state import SchadenfreudeState
    from tests.cardgames.schadenfreude.helpers import cards

    hands = [cards("r4 J10 J0"), cards("r7 g2 g3"), cards("r9 b2 b3")]
    for typed in ("10 jester", "J10"):
        state = SchadenfreudeState.from_hands(hands, leader=0)
        out: list[str] = []
        answers = [typed, "q"]
        play_game(3, 0, "random", read=lambda prompt, answers=answers: answers.pop(0),
                  write=out.append, seed=1, state=state)
        text = "\n".join(out)
        assert "your hand: r4, 0 Jester, 10 Jester" in text
        assert state.tricks[0].cards[0] == cards("J10")[0], text
        assert "refused" not in text


def _unwrapped(lines: list[str]) -> list[str]:
    """The lines as written before wrapping (a continuation line starts with 4 spaces)."""
    whole: list[str] = []
    for line in lines:
        if line.startswith("    ") and whole:
            whole[-1] += " " + line.strip()
        else:
            whole.append(line)
    return whole


@pytest.mark.parametrize("seed", range(3))
def test_piles_and_round_ends_are_worded_by_player_never_raw_lists(seed):
    state, wrapped = _game(4, seed, [])
    lines = _unwrapped(wrapped)
    assert not [line for line in lines if re.search(r"\[.*\]", line)]
    names = ["you", "player 2", "player 3", "player 4"]
    for number, after in enumerate(state.score_log[1:], start=1):
        index = lines.index(next(line for line in lines if line.startswith(f"-- round {number} over;")))
        assert lines[index - 1].lstrip().startswith(tuple(names))  # who took the round's last trick
        scores = ", ".join(f"{name} {score}" for name, score in zip(names, after, strict=True))
        assert lines[index + 1] == f"   scores: {scores}"
    # a player and their number stay on one line
    assert not [line for line in wrapped if re.search(r", (you|player \d)$", line)]
    assert any(re.fullmatch(r"  player 2 +score +\d+   pile (\(empty\)|(-?\d+ )+= -?\d+)", line) for line in lines)


@pytest.mark.parametrize("seed", range(3))
def test_each_round_says_who_leads_it_and_why(seed):
    state, wrapped = _game(4, seed, [])
    lines = _unwrapped(wrapped)
    names = ["you", "player 2", "player 3", "player 4"]
    leads = [line for line in lines if re.match(r"(you|player \d) leads? (the first trick|round \d+)", line)]
    assert len(leads) == state.rounds_played() and "the first trick." in leads[0]
    for number, line in enumerate(leads[1:], start=2):
        assert re.fullmatch(rf"({'|'.join(names)}) leads? round {number} \((the lowest score|"
                            r"the lowest score not shared; tied lower scores are passed over|"
                            r"drawn by lot: every score is shared)\)\.", line), line
    # the leader's line comes right after the scores of the round before
    for number in range(1, state.rounds_played()):
        index = lines.index(next(line for line in lines if line.startswith(f"-- round {number} over;")))
        assert lines[index + 2] == leads[number]


def test_you_are_spoken_to_as_you():
    text = "\n".join(_game(3, 7, [])[1] + _game(4, 8, [])[1])
    assert re.search(r"\byou (win|take|lead)\b", text)
    assert not re.search(r"\byou (takes|wins|leads|plays)\b", text)


def test_tarot_piles_show_the_tarot_ranks():
    _, lines = _game(4, 2, [], "tarot")
    piles = [line.split("pile ", 1)[1] for line in lines if " pile " in line and "(empty)" not in line]
    assert piles and all(re.fullmatch(r"((K|Q|J|A|[2-9]|Fool|X) )+= -?\d+", pile) for pile in piles), piles
    assert any(re.match(r"K ", pile) for pile in piles)
