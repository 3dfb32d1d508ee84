"""`scandaroon play` fits an 80x24 terminal: every screen (board, hand, menu) is at most
23 lines (the prompt is the 24th) of at most 79 columns, with 4 players."""

import random

import pytest

from solver.cardgames.scandaroon.game import ScandaroonGame
from solver.cardgames.scandaroon.play import earned_and_provisional, run_play, vp_summary
from solver.cardgames.scandaroon.runner import make_bots


def _play(seed: int, seat: int):
    state = ScandaroonGame(players=4).new_initial_state()
    bots = list(make_bots(("greedy", "random", "greedy", "random"), seed))
    out: list[str] = []
    pick = random.Random(seed)

    def read(prompt):
        return str(pick.randrange(1, len(state.legal_actions()) + 1))

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
