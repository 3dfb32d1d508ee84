"""`scandaroon play` fits an 80x24 terminal: every screen (board, hand, menu) is at most
23 lines (the prompt is the 24th) of at most 79 columns, with 4 players."""

import random
import re

import pytest

from solver.cardgames.scandaroon.actions import seat_values
from solver.cardgames.scandaroon.game import ScandaroonGame
from solver.cardgames.scandaroon.play import (
    action_key,
    earned_and_provisional,
    key_to_action,
    parse_move,
    result_line,
    run_play,
    vp_summary,
)
from solver.cardgames.scandaroon.runner import make_bots
from tests.cardgames.scandaroon.helpers import card, position


def _play(seed: int, seat: int, players: int = 4):
    state = ScandaroonGame(players=players).new_initial_state()
    bots = list(make_bots(("greedy", "random", "greedy", "random")[:players], seed))
    out: list[str] = []
    pick = random.Random(seed)

    def read(prompt):
        return action_key(state, seat, pick.choice(state.legal_actions()))

    winners = run_play(state, seat, bots, random.Random(seed), read, out.append)
    return state, winners, out


@pytest.mark.parametrize("seed", range(12))
def test_every_screen_fits_80x24_with_four_players(seed):
    state, winners, out = _play(seed, seed % 4)
    assert state.is_terminal() and winners
    screens = [text for text in out if "your move" in text]
    assert screens
    for text in screens:
        lines = text.split("\n")
        assert len(lines) <= 23, text
        assert lines[0].startswith("round ")  # the board's first line is on screen
        assert lines[-1] != "" and "your move" in "\n".join(lines)
    for text in out:
        for line in text.split("\n"):
            assert len(line) <= 79, line


def test_provisional_vp_are_shown_apart_from_earned_vp():
    state, _, out = _play(3, 1)
    earned, provisional = zip(*earned_and_provisional(state), strict=True)
    assert [e + p for e, p in zip(earned, provisional, strict=True)] == state.total_vp()
    assert any("provisional" in text for text in out)


def test_the_final_summary_breaks_the_vp_down():
    state, winners, out = _play(5, 0)
    table = vp_summary(state, 0)
    assert table[0].split()[:4] == ["final", "VP", "rank", "track"]
    for seat, row in enumerate(table[1:]):
        numbers = [int(x) for x in row.replace("(you)", "").replace("(", " ").replace(")", " ").split()[1:]]
        rank, no_trump, pile_vp, highest, total, pile = numbers
        assert rank + no_trump + pile_vp + highest == total == state.total_vp()[seat]
        assert pile == state.pile_totals()[seat]
    assert "\n".join(table) in "\n".join(out)
    assert out[-1].startswith("winner: ") and winners


RAW_LIST = re.compile(r"\[-?\d+(, -?\d+)*\]")  # [1] or [0, 7, 7]: Python's print of a list


@pytest.mark.parametrize("seed", range(4))
def test_round_and_game_end_name_the_players_never_raw_lists(seed):
    state, winners, out = _play(seed, 1, players=3)
    lines = [line for text in out for line in text.split("\n")]
    for number, scores in enumerate(state.round_scores, start=1):
        # e.g. "round 1 ends with the scores P1 0, P2 7, P3 7"
        assert f"round {number} ends with the scores {seat_values(scores)}" in lines
    assert "game over after round 4" in lines
    assert not [line for line in lines if RAW_LIST.search(line)]
    assert lines[-1] == result_line(winners, 1) and "P" in lines[-1]


def test_the_result_line_names_the_players_from_one():
    assert seat_values([0, 7, 7]) == "P1 0, P2 7, P3 7"
    assert result_line([1], 1) == "winner: P2 (you)"
    assert result_line([1], 0) == "winner: P2"
    assert result_line([0, 2], 2) == "a draw between P1 and P3 (you)"
    assert result_line([0, 1, 3], 2) == "a draw between P1, P2 and P4"


def _menus(seed: int):
    """Every menu shown to seat 0 in a game: the entries (key, text) of each screen."""
    _, _, out = _play(seed, 0, players=3)
    menus = []
    for text in out:
        if "your move" not in text:
            continue
        menu = text.split("your move", 1)[1].split("\n")[1:]
        entries = re.findall(r"(\S+) (.+?)(?=   \S+ |$)", "   ".join(
            line.split(":", 1)[1].strip() if ":" in line else line for line in menu))
        menus.append([(key, what.strip()) for key, what in entries])
    return menus


@pytest.mark.parametrize("seed", range(3))
def test_menu_keys_stay_the_same_from_turn_to_turn(seed):
    menus = _menus(seed)
    assert len(menus) > 4
    meaning: dict[str, str] = {}
    for entries in menus:
        assert entries
        for key, what in entries:
            assert meaning.setdefault(key, what) == what, (key, what, meaning[key])
    assert meaning.get("0") == "pass"  # pass always has the key 0
    assert all(entries[-1] == ("0", "pass") for entries in menus if ("0", "pass") in entries)


def test_every_legal_action_is_shown_with_its_key_and_the_key_plays_it():
    from solver.cardgames.scandaroon.play import screen

    state = position(hands={0: ["Pirate", "Sultan"], 1: ["Poet"], 2: ["Emir"]}, rows={0: ["Scribe"], 2: ["Qadi"]})
    legal = state.legal_actions()
    shown = screen(state, 0, legal)
    pirate, sultan = card("Pirate"), card("Sultan")
    assert f"p{pirate} Pirate" in shown and f"p{pirate}>2 Pirate to P2" in shown
    assert f"p{sultan} Sultan" in shown and f"s{sultan} Sultan" in shown and "0 pass" in shown
    for action in legal:
        key = action_key(state, 0, action)
        assert key in shown.split() and key_to_action(state, 0, key) == action
        assert parse_move(state, 0, key.upper(), legal) == action
    assert key_to_action(state, 0, f"p{pirate}>1") == key_to_action(state, 0, f"p{pirate}")


def test_a_number_alone_is_refused_with_an_example_key():
    state = position(hands={0: ["Sultan"], 1: ["Poet"], 2: ["Emir"]})
    message = parse_move(state, 0, "2", state.legal_actions())
    assert isinstance(message, str) and message.startswith("no menu key 2")
    assert f"(e.g. p{card('Sultan')})" in message and "0 passes" in message


def _recorded(seed: int, seat: int, players: int = 3):
    """A whole game with every prompt recorded next to what was written before it."""
    state = ScandaroonGame(players=players).new_initial_state()
    bots = list(make_bots(("greedy", "random", "greedy")[:players], seed))
    out: list[str] = []
    prompts: list[tuple[str, int]] = []
    pick = random.Random(seed)

    def read(prompt):
        prompts.append((prompt, len(out)))
        if state.is_terminal() or state.current_player() != seat:
            return ""
        return action_key(state, seat, pick.choice(state.legal_actions()))

    run_play(state, seat, bots, random.Random(seed), read, out.append)
    return state, out, prompts


@pytest.mark.parametrize("seed", range(4))
def test_the_game_pauses_at_every_round_end_with_the_end_on_screen(seed):
    _, out, prompts = _recorded(seed, seed % 3)
    pauses = [(prompt, at) for prompt, at in prompts if "is over; Enter starts round" in prompt]
    assert [p for p, _ in pauses] == [f"round {r} is over; Enter starts round {r + 1} ('quit' leaves) >"
                                      for r in (1, 2, 3)]
    for number, (_, at) in enumerate(pauses, start=1):
        last = out[at - 1].split("\n")
        assert last[-1].startswith(f"VP after round {number} (earned +provisional): ")
        ends = [line for line in last if line.startswith(f"round {number} ends with the scores")]
        assert ends, last


@pytest.mark.parametrize("seed", range(4))
def test_the_first_screen_says_the_trump_and_the_moves_before_it(seed):
    _, out, prompts = _recorded(seed, 2)
    first = out[prompts[0][1] - 1].split("\n")
    assert first[0].startswith("round 1/4") and len(first) <= 23
    news = first[first.index(next(line for line in first if line.startswith("since your last turn"))):]
    assert any(re.fullmatch(r"  round 1: (\w+ is trump|no trump)", line) for line in news), first
    assert any(line.endswith("is the starting player (by lot)") for line in news)


def test_the_reconstructed_deck_is_said_to_be_one():
    _, out, _ = _recorded(0, 0)
    assert out[0].split("\n")[1] == "deck: reconstructed, not the real cards ('scandaroon deck' lists them)."
