import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def test_trick_json_contract_from_interfaces_md(run):
    result = run("schadenfreude", "trick", "r4", "r7", "J10", "g8", "--json")
    assert result.exit_code == 0
    data = json.loads(result.output)
    assert data["winner"] == 1 and data["winning_card"] == "r7"
    assert data["taken"] == ["r7", "g8"] and data["lead_suit"] == "r"


def test_trick_text_counts_cards_from_one_and_calls_the_jesters_by_name(run):
    result = run("schadenfreude", "trick", "r4", "r7", "J10", "g8")
    assert result.output.splitlines() == ["lead suit r; card 2 (r7) wins the trick", "takes: r7, g8",
                                          "discarded: r4, 10 Jester"]


def test_trick_tarot_notation(run):
    data = json.loads(run("schadenfreude", "trick", "Fool", "c4", "cA", "sK", "--json").output)
    assert data == {"winner": 2, "winning_card": "cA", "taken": ["cA", "sK"],
                    "lead_suit": "c", "discarded": ["Fool", "c4"]}


@pytest.mark.parametrize(
    ("cards", "message"),
    [(["r4", "r4", "g1"], "appears twice"),
     (["r4", "r10", "g1"], "unknown card 'r10'"),
     (["r4", "r9", "g1"], "not in the 3-player deck"),
     (["r4", "g1"], "3 to 5 cards")],
)
def test_trick_bad_input(run, cards, message):
    code, out, err = run("schadenfreude", "trick", *cards, "--json")
    assert code == 2 and out == "" and message in err and len(err.strip().splitlines()) == 1


def test_bad_input_is_one_stderr_line_and_exit_2_through_the_real_command():
    done = subprocess.run([sys.executable, "cli.py", "schadenfreude", "trick", "r4", "x9", "g1"],
                          cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and done.stdout == ""
    assert len(done.stderr.strip().splitlines()) == 1 and "x9" in done.stderr


def test_simulate_json_and_plot(run, tmp_path):
    png = tmp_path / "rates.png"
    result = run("schadenfreude", "simulate", "--players", "3", "--games", "30", "--bots", "heuristic,random,random",
                 "--seed", "2", "--no-progress", "--json", "--plot", str(png))
    data = json.loads(result.output)
    assert data["games"] == 30 and data["bots"] == ["heuristic", "random", "random"]
    assert sum(s["wins"] for s in data["seats"]) + data["no_winner"] == 30
    low, high = data["seats"][0]["ci95"]
    assert 0 <= low <= data["seats"][0]["win_rate"] <= high <= 1
    assert data["rounds"]["min"] >= 1
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_simulate_text_output_names_intervals_and_rounds(run):
    result = run("schadenfreude", "simulate", "--games", "20", "--no-progress", "--seed", "1")
    assert "95% CI" in result.output and "rounds per game: mean" in result.output
    lines = result.output.splitlines()
    assert lines[1].split()[0] == "player" and [line.split()[0] for line in lines[2:6]] == ["1", "2", "3", "4"]


def test_play_refuses_illegal_moves_with_the_reason_then_plays_on(run):
    # seed 3: the first bot leads b8; the person holds b6 and must follow suit
    result = run("schadenfreude", "play", "--seed", "3", "--bots", "random", input="zz\nr-3\ng-3\nb6\nq\n")
    out = result.output
    assert "your hand: r-3, r1, r3, g-1, b6, y-3, y2, y3, y4, y7, 0 Jester, 10 Jester" in out
    assert "refused: unknown card 'zz'" in out
    assert ("refused: r-3 does not follow suit: the lead suit is b and you hold b6 "
            "(a Jester may always be played instead)") in " ".join(out.split())  # over two lines
    assert "refused: g-3 is not in your hand" in out
    assert "game abandoned" in out
    assert "score area" in out and "trick:" in out


def test_play_a_whole_game_by_always_typing_the_first_legal_card():
    from solver.cardgames.schadenfreude.game import SchadenfreudeGame
    from solver.cardgames.schadenfreude.play import play_game

    state = SchadenfreudeGame(3).new_initial_state()

    def read(prompt):
        return state.game.card_names(state.legal_actions())[0]

    lines: list[str] = []
    play_game(3, 1, "random", read=read, write=lines.append, seed=5, state=state)
    assert state.is_terminal()
    assert lines[-1].startswith(("winner:", "nobody wins"))
    assert not any(line.startswith("refused") for line in lines)


def test_play_counts_players_from_one_and_agrees_in_number(run):
    result = run("schadenfreude", "play", "--seed", "3", "--bots", "random", "--seat", "2",
                 input="help\nq\n")
    out = result.output
    assert "you are player 2, the others are random bots" in out
    assert "(s)" not in out and "seat" not in out
    assert "player 4 leads the first trick." in out and "player 4 plays" in out
    assert run("schadenfreude", "play", "--seat", "0").exit_code == 2


def test_tarot_play_prompt_and_three_player_error_speak_tarot(run):
    result = run("schadenfreude", "play", "--seed", "3", "--deck", "tarot", input="help\nq\n")
    assert "(e.g. c7 or X)" in result.output and "(e.g. r7" not in result.output
    result = run("schadenfreude", "trick", "--deck", "tarot", "cQ", "c4", "c7")
    assert result.exit_code == 2
    assert "without the Q, J and 9 of each suit" in result.output + (result.stderr or "")


def test_the_applet_is_for_three_to_five_players(run):
    assert run("schadenfreude", "applet", "--players", "2").exit_code == 2
    assert run("schadenfreude", "applet", "--players", "6").exit_code == 2


def test_play_ends_cleanly_at_the_end_of_the_input(run):
    # Ctrl-D at the prompt: the game is left as with `q`, exit code 0, nothing on stderr
    result = run("schadenfreude", "play", "--seed", "3", input="zz\n")
    assert result.exit_code == 0 and result.stderr == ""
    assert result.output.rstrip().endswith("game abandoned") and "interrupted" not in result.output


def test_play_at_the_end_of_the_input_through_the_real_command():
    done = subprocess.run([sys.executable, "cli.py", "schadenfreude", "play", "--seed", "3"], cwd=ROOT,
                          stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and done.stderr == ""
    assert done.stdout.splitlines()[-1] == "game abandoned"


def test_play_ctrl_c_is_still_an_interrupt(run, monkeypatch):
    def interrupted(prompt):
        raise KeyboardInterrupt

    monkeypatch.setattr("solver.cardgames.terminal.read_line", interrupted)
    result = run("schadenfreude", "play", "--seed", "3")
    assert result.exit_code == 130 and "interrupted" in result.stderr


def test_simulate_rotate_rates_each_bot(run):
    result = run("schadenfreude", "simulate", "--players", "3", "--games", "10", "--bots", "heuristic,random,random",
                 "--rotate", "--no-progress", "--json")
    data = json.loads(result.output)
    assert data["games"] == 12 and data["rotate"] is True and data["bots"] == ["heuristic", "random", "random"]
    assert [seat["bot"] for seat in data["seats"]] == [None, None, None]
    assert sum(bot["wins"] for bot in data["by_bot"]) + data["no_winner"] == 12
    assert all(set(bot["rating"]) == {"mu", "sigma", "ci95", "ordinal"} for bot in data["by_bot"])
