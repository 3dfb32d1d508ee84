"""`schinderhannes scandaroon deck|simulate|play`."""

import json


def test_deck_json_is_one_document(run):
    code, out, _ = run("scandaroon", "deck", "--json")
    data = json.loads(out)
    assert code == 0 and len(data["cards"]) == 51 and data["provenance"] == "reconstructed"


def test_deck_lists_cards(run):
    result = run("scandaroon", "deck")
    assert result.exit_code == 0 and "Sultan [7 turban] (END)" in result.output


def test_bad_deck_is_exit_2_with_one_line(run, tmp_path):
    path = tmp_path / "deck.yaml"
    path.write_text("cards:\n  - {name: A, value: 1, symbols: [mon]}\n")
    code, out, err = run("scandaroon", "deck", "--deck", str(path))
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and "deck.yaml:2" in err and "'moon'" in err
    assert "Traceback" not in err


def test_unknown_bot_is_exit_2(run):
    code, _, err = run("scandaroon", "simulate", "--games", "1", "--bots", "gready")
    assert code == 2 and "did you mean 'greedy'" in err


def test_simulate_json_is_reproducible_and_independent_of_jobs(run):
    args = ["simulate", "--games", "6", "--players", "3", "--seed", "4", "--json"]
    code, out, _ = run("scandaroon", *args)
    first = json.loads(out)
    assert code == 0 and first["games"] == 6 and len(first["seats"]) == 3
    assert [s["bot"] for s in first["seats"]] == ["greedy", "random", "greedy"]
    assert all(0 <= s["ci95"][0] <= s["win_rate"] <= s["ci95"][1] <= 1 for s in first["seats"])
    _, again, _ = run("scandaroon", *args, "--jobs", "2")
    assert json.loads(again)["seats"] == first["seats"]


def test_simulate_text_shows_progress_and_win_rates(run):
    result = run("scandaroon", "simulate", "--games", "3", "--bots", "random")
    assert result.exit_code == 0 and "win rate" in result.output and "95% CI" in result.output


def test_play_refuses_illegal_moves_with_the_reason(run):
    # "pass" many times ends the game; the first inputs are refused
    moves = "play Nonsense\nuse Sultan\n99\n" + "pass\n" * 8
    result = run("scandaroon", "play", "--seed", "1", "--bots", "random", input=moves)
    assert result.exit_code == 0, result.output
    assert "refused: cannot read 'play Nonsense'" in result.output
    assert "refused: Sultan is not in your row" in result.output
    assert "refused: no menu key 99" in result.output
    assert "your hand (P1)" in result.output and "winner:" in result.output


def test_play_by_menu_key_and_quit(run):
    result = run("scandaroon", "play", "--seed", "2", "--players", "4", input="0\nquit\n")
    assert result.exit_code == 0 and "0 pass" in result.output and "P1 passes" in result.output
    assert "game abandoned" in result.output


def test_simulate_text_counts_players_from_one(run):
    result = run("scandaroon", "simulate", "--games", "2", "--players", "3", "--no-progress")
    assert [line.split()[0] for line in result.output.splitlines()[1:4]] == ["P1", "P2", "P3"]
    assert "seat" not in result.output


def test_play_ends_cleanly_at_the_end_of_the_input(run):
    # Ctrl-D at the prompt: the game is left as with `quit`, exit code 0, nothing on stderr
    result = run("scandaroon", "play", "--seed", "2", input="0\n")
    assert result.exit_code == 0 and result.stderr == ""
    assert result.output.rstrip().endswith("game abandoned") and "P1 passes" in result.output


def test_simulate_rotate_gives_each_bot_a_rating(run):
    code, out, _ = run("scandaroon", "simulate", "--games", "5", "--players", "3", "--bots",
                       "greedy,random,random", "--rotate", "--json")
    document = json.loads(out)
    assert code == 0 and document["games"] == 6 and document["rotate"] is True
    assert [bot["bot"] for bot in document["by_bot"]] == ["greedy", "random", "random"]
    for bot in document["by_bot"]:
        low, high = bot["rating"]["ci95"]
        assert low < bot["rating"]["mu"] < high
    text = run("scandaroon", "simulate", "--games", "3", "--players", "3", "--rotate", "--no-progress")
    assert "P1 rotating" in text.output and "bot 1 greedy: wins" in text.output and "rating" in text.output
