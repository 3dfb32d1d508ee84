"""The companion's commands through the real entry point: output, JSON, exit codes, files."""

from __future__ import annotations

import json
import math

import pytest

RULE_4_STATE = """\
players: [Anna, Ben, Carl]
turn: Ben
markers:
  break-in: [Oberhausen, Obermoschel, Meisenheim, Lettweiler]
"""


@pytest.fixture
def game(tmp_path):
    path = tmp_path / "game.yaml"
    path.write_text(RULE_4_STATE, encoding="utf-8")
    return path


def test_new_game_then_show(run, tmp_path):
    path = tmp_path / "new.yaml"
    code, out, _ = run("game", "new", path, "--players", "Anna", "Ben", "Carl")
    assert code == 0 and "Anna starts" in out
    code, out, _ = run("game", "show", path, "--json")
    shown = json.loads(out)
    assert shown["players"] == ["Anna", "Ben", "Carl"] and shown["count"] == math.factorial(16)
    code, _, err = run("game", "new", path, "--players", "X", "Y")
    assert code == 2 and "--force" in err


def test_check_json_for_the_rule_4_example(run, game):
    code, out, _ = run("check", game, "38", "--json")
    verdict = json.loads(out)
    assert code == 0 and verdict["playable"] and verdict["points"] == 4
    assert {p["location"] for p in verdict["effect"]["placed"]} == {"Boos", "Meddersheim", "Hundsbach"}
    assert {p["location"] for p in verdict["effect"]["removed"]} == {"Lettweiler", "Obermoschel"}


def test_check_a_written_out_clue_and_exit_code(run, game):
    clue = '{"type": "district", "delicts": ["arrest", "robbers ball"], "relation": "same"}'
    code, out, _ = run("check", game, "--clue", clue, "--json", "--exit-code")
    verdict = json.loads(out)
    assert code == 1 and verdict["playable"] is False and verdict["rule"] == 16


def test_check_group_card_gives_each_choice(run, game):
    code, out, _ = run("check", game, "27", "--json")
    assert code == 1  # no choice is playable: check exits 1 (docs/formats.md, exit codes)
    verdict = json.loads(out)
    assert set(verdict["choices"]) == {"robbery", "extortion", "murder", "highway robbery"}
    assert verdict["playable"] is False and verdict["choices"]["murder"]["rule"] == 13


def test_play_then_undo_restores_the_file(run, game):
    original = game.read_text(encoding="utf-8")
    code, out, _ = run("play", game, "38")
    assert code == 0 and "Ben now has 4" in out and "Carl's turn" in out
    code, out, _ = run("game", "show", game, "--json")
    shown = json.loads(out)
    assert shown["scores"]["Ben"] == 4 and shown["out_of_game"] == [38] and shown["turn"] == "Carl"
    code, out, _ = run("undo", game)
    assert code == 0 and game.read_text(encoding="utf-8") == original  # the file as it was, byte for byte
    code, out, _ = run("game", "show", game, "--json")
    shown = json.loads(out)
    assert shown["scores"]["Ben"] == 0 and shown["turn"] == "Ben"
    assert shown["markers"] == {"break-in": ["Oberhausen", "Lettweiler", "Obermoschel", "Meisenheim"]}
    assert (game.parent / "game.yaml.prev").exists()
    code, _, err = run("undo", game)
    assert code == 1 and "nothing to undo" in err


def test_undo_twice_walks_back_the_move_stack(run, game):
    run("play", game, "38")
    run("play", game, "3")
    assert run("undo", game)[0] == 0 and run("undo", game)[0] == 0
    _, out, _ = run("game", "show", game, "--json")
    shown = json.loads(out)
    assert shown["turn"] == "Ben" and set(shown["scores"].values()) == {0} and shown["out_of_game"] == []


def test_an_unplayable_card_is_refused_and_the_file_untouched(run, game):
    before = game.read_text(encoding="utf-8")
    code, _, err = run("play", game, "--clue", '{"type": "A", "delict": "break-in", '
                       '"locations": ["Kirn", "Boos", "Simmern", "Herrstein"]}')
    assert code == 1 and "rule 4" in err
    assert game.read_text(encoding="utf-8") == before


def test_play_group_card_needs_a_choice_only_when_ambiguous(run, tmp_path):
    path = tmp_path / "g.yaml"
    path.write_text("players: [Anna, Ben]\nmarkers:\n  highway robbery: [Boos, Meddersheim, Hundsbach]\n",
                    encoding="utf-8")
    code, out, _ = run("play", path, "27", "--choose", "highway_robbery")
    assert code == 0 and "pinpoints highway robbery on Boos" in out and "+3" in out


def test_remove_card_with_a_choice(run, tmp_path):
    path = tmp_path / "r.yaml"
    path.write_text("players: [Anna, Ben]\nmarkers:\n  break-in: [Oberhausen, Meisenheim]\n", encoding="utf-8")
    code, _, err = run("play", path, "remove")
    assert code == 2 and "--choose" in err
    code, out, _ = run("play", path, "remove", "--choose", "break-in@Meisenheim")
    assert code == 0 and "Anna now has 2" in out
    code, out, _ = run("check", path, "remove", "--player", "Anna", "--json")
    assert json.loads(out)["rule"] == 6 and not json.loads(out)["playable"]


def test_hand_ranks_legal_plays(run, game):
    code, out, _ = run("hand", game, "38", "3", "27", "--json")
    assert code == 0
    ranked = json.loads(out)
    assert [entry["points"] for entry in ranked["plays"]] == sorted(
        (entry["points"] for entry in ranked["plays"]), reverse=True)
    assert ranked["plays"][0]["card"]["label"] == "card 38"
    assert {entry["choice"] for entry in ranked["not_playable"] if entry["card"]["label"] == "card 27"} == {
        "robbery", "extortion", "murder", "highway robbery"}


def test_stop_lists_and_takes(run, tmp_path):
    path = tmp_path / "s.yaml"
    path.write_text("players: [Anna, Ben]\nmarkers:\n  break-in: [Oberhausen, Boos]\n"
                    "  highway robbery: [Oberhausen, Boos]\n  beehive theft: [Boos, Simmern, Kirn]\n",
                    encoding="utf-8")
    code, out, _ = run("stop", path, "--json")
    found = json.loads(out)
    assert [(f["delict"], f["location"]) for f in found["removable"]] == [("beehive theft", "Boos")]
    code, out, _ = run("stop", path, "--take", "Ben")
    assert code == 0 and "Ben takes them: +1" in out
    code, out, _ = run("stop", path, "--json")
    assert json.loads(out)["removable"] == []


def test_stop_reports_rule_9(run, tmp_path):
    path = tmp_path / "c.yaml"
    path.write_text("players: [Anna, Ben]\nmarkers:\n  break-in: [Oberhausen, Boos]\n"
                    "  murder: [Oberhausen, Boos]\n  robbery: [Oberhausen, Boos]\n", encoding="utf-8")
    code, out, _ = run("stop", path)
    assert code == 0
    assert "rule 9" in out and "break-in" in out and "murder" in out and "robbery" in out


def test_drawpile_rule_11_example(run, tmp_path):
    path = tmp_path / "d.yaml"
    path.write_text("players: [Anna, Ben]\ntiles:\n  break-in: Oberhausen\n", encoding="utf-8")
    code, out, _ = run("drawpile", path, "11", "3", "--take-out", "--json")
    assert code == 0
    result = json.loads(out)
    assert [card["dead"] for card in result["cards"]] == [True, False]
    assert result["taken_out"] == [11]


def test_bad_state_files_exit_2_with_one_line(run, tmp_path):
    path = tmp_path / "bad.yaml"
    path.write_text("players: [Anna]\nmarkers:\n  break-in: [Oberhausen]\ntiles:\n  murder: Oberhausen\n",
                    encoding="utf-8")
    code, out, err = run("check", path, "11")
    assert code == 2 and out == "" and err.count("\n") == 1
    assert "bad.yaml" in err and "under the murder tile" in err and "Traceback" not in err


def test_unknown_card_text_says_how_to_supply_it(run, game, tmp_path):
    deck = tmp_path / "deck.yaml"
    deck.write_text("cards:\n  - {number: 5, type: A}\n", encoding="utf-8")
    code, _, err = run("check", game, "5", "--deck", deck)
    assert code == 2 and "--clue" in err and "--deck" in err


def test_two_player_variant_more_cards_a_turn(run, tmp_path):
    path = tmp_path / "two.yaml"
    run("game", "new", path, "--players", "Anna", "Ben", "--two-player-variant")
    code, out, _ = run("play", path, "11", "--more")
    assert code == 0 and "Anna's turn" in out
    code, out, _ = run("play", path, "3")
    assert code == 0 and "Ben's turn" in out
    code, _, err = run("play", path, "12", "--more", "--player", "Anna")
    assert code == 2 and "Ben's turn" in err


def test_game_end_when_no_hand_card_is_playable(run, tmp_path):
    path = tmp_path / "end.yaml"
    path.write_text("players: [Anna, Ben]\nscores: {Anna: 2, Ben: 5}\ntiles:\n  break-in: Oberhausen\n",
                    encoding="utf-8")
    code, _, err = run("game", "end", path, "11", "3")
    assert code == 1 and "card 3 is playable" in err
    code, out, _ = run("game", "end", path, "11")
    assert code == 0 and "winner Ben" in out
    code, _, err = run("play", path, "3")
    assert code == 1 and "game is over" in err


def test_count_a_state_exactly(run, game):
    code, out, _ = run("count", game, "--json")
    # break-in on 4 locations, then 15! for the rest
    counted = json.loads(out)
    assert code == 0 and counted["count"] == 4 * math.factorial(15) and set(counted) == {"count", "version"}


def test_count_a_state_says_assignments_not_solutions(run, game):
    code, out, _ = run("count", game)
    assert code == 0 and out == "5,230,697,472,000 assignments agree with the board (5230697472000)\n"


def test_check_with_a_choice_judges_that_choice(run, game):
    # card 25 (type B): each of its delicts would need 8 markers (rule 13)
    code, out, _ = run("check", game, "25", "--choose", "murder", "--json")
    assert code == 1 and json.loads(out)["rule"] == 13 and json.loads(out)["choices"] == {}
    code, _, err = run("check", game, "25", "--choose", "mud")
    assert code == 2 and "did you mean 'murder'?" in err


def test_the_draw_pile_check_says_a_text_is_reconstructed(run, game):
    code, out, err = run("drawpile", game, "25")
    assert code == 0 and "may still be played" in out
    assert "the text of card 25 is reconstructed" in err


def test_two_player_variant_rule_15_at_the_end_of_the_turn(run, tmp_path):
    path = tmp_path / "full.yaml"
    path.write_text(
        "players: [Anna, Ben]\nvariant: {two_player: true}\nmarkers:\n"
        "  break-in: [Oberhausen, Kirn]\n  stolen goods sold: [Oberhausen, Boos]\n  murder: [Oberhausen, Simmern]\n",
        encoding="utf-8")
    code, _, err = run("play", path, "12")
    assert code == 1 and "rule 15" in err
    code, out, _ = run("play", path, "12", "--more")
    assert code == 0 and "Anna's turn" in out
    code, _, err = run("game", "pass", path)
    assert code == 1 and "Oberhausen has 4 markers" in err
    code, _, _ = run("play", path, "remove", "--choose", "murder@Oberhausen")
    assert code == 0


@pytest.mark.parametrize(("extra", "where"), [
    ("cards_this_turn: two\n", "game.yaml:5: `cards_this_turn:`"),
    ("variant: {last_delict_points: five}\n", "game.yaml:5: last_delict_points"),
    ("history:\n  - {kind: play, player: Ben, effect: {kept: [3]}}\n", "game.yaml:6: unreadable history entry"),
])
def test_a_malformed_state_file_is_one_line_naming_the_line(run, game, extra, where):
    game.write_text(RULE_4_STATE + extra, encoding="utf-8")
    code, out, err = run("game", "show", game)
    assert code == 2 and out == "" and err.count("\n") == 1
    assert where in err and "Traceback" not in err


def test_undo_after_a_hand_edit_is_one_line(run, game):
    run("play", game, "38")
    game.write_text(game.read_text(encoding="utf-8").replace("Ben: 4", "Ben: 1"), encoding="utf-8")
    code, out, err = run("undo", game)
    assert code == 2 and out == "" and err.count("\n") == 1 and "no longer matches the board" in err


def test_a_group_card_without_a_choice_names_the_option_and_the_choices(run, tmp_path):
    path = tmp_path / "g.yaml"
    path.write_text("players: [Anna, Ben]\nmarkers:\n  highway robbery: [Boos, Meddersheim, Hundsbach]\n"
                    "  robbery: [Kirn, Obermoschel]\n", encoding="utf-8")
    code, _, err = run("play", path, "27")
    assert code == 2 and "pass --choose with one of robbery; highway robbery" in err
    code, _, err = run("play", path, "remove", "--choose", "robbery")
    assert code == 2 and "--choose 'break-in@Meisenheim'" in err


def test_pass_with_a_discard_that_is_no_card_leaves_the_file_loadable(run, game):
    """This used to write out_of_game: [100], and the file no longer loaded."""
    before = game.read_text(encoding="utf-8")
    code, out, err = run("game", "pass", game, "--discard", "100")
    assert code == 2 and out == "" and err.count("\n") == 1 and "there is no card 100" in err
    assert game.read_text(encoding="utf-8") == before
    code, out, _ = run("game", "pass", game, "--discard", "44")
    assert code == 0 and "Ben passes; Carl's turn" in out
    code, _, err = run("game", "pass", game, "--discard", "44")
    assert code == 2 and "game.yaml: card 44 is already out of the game" in err


def test_game_end_twice_and_pass_after_the_end_are_refused(run, tmp_path):
    path = tmp_path / "end.yaml"
    path.write_text("players: [Anna, Ben]\ntiles:\n  break-in: Oberhausen\n", encoding="utf-8")
    assert run("game", "end", path, "11")[0] == 0
    for command in (("game", "end", path), ("game", "pass", path)):
        code, _, err = run(*command)
        assert code == 1 and "refused: the game is over (draw piles used up)" in err


def test_drawpile_take_out_of_cards_already_out_records_nothing(run, tmp_path):
    path = tmp_path / "d.yaml"
    path.write_text("players: [Anna, Ben]\ntiles:\n  break-in: Oberhausen\n", encoding="utf-8")
    run("drawpile", path, "11", "--take-out")
    code, out, _ = run("drawpile", path, "11", "--take-out")
    assert code == 0 and "out of the game: 11" in out
    assert run("undo", path)[0] == 0
    code, _, err = run("undo", path)
    assert code == 1 and "nothing to undo" in err


def test_check_names_the_card_text_it_used_and_where_it_came_from(run, game):
    code, out, err = run("check", game, "38", "--json")
    assert code == 0
    card = json.loads(out)["card"]
    assert card == {"label": "card 38", "number": 38, "text": card["text"], "provenance": "printed",
                    "reconstructed": False,
                    "printed": "In the adjoining district the highway robbery took place next to the break-in"}
    assert "highway robbery" in card["text"] and err == ""


def test_a_verdict_on_a_reconstructed_text_says_so_on_stderr(run, game):
    code, out, err = run("check", game, "4")
    assert code == 0 and out.startswith("card 4:")
    assert "reconstructed, not the printed card" in err and len(err.strip().splitlines()) == 1


def test_clue_takes_the_yaml_flow_form_of_puzzle_files(run, game):
    as_yaml = run("check", game, "--clue", "{type: district, delicts: [highway robbery, break-in], "
                                           "relation: adjoining}", "--json")
    as_json = run("check", game, "--clue", '{"type": "C", "delicts": ["highway robbery", "break-in"], '
                                           '"relation": "adjoining"}', "--json")
    assert as_yaml.exit_code == as_json.exit_code == 0
    assert json.loads(as_yaml.output)["points"] == json.loads(as_json.output)["points"] == 4
    code, _, err = run("check", game, "--clue", "{type: [unclosed")
    assert code == 2 and "--clue is neither JSON nor YAML" in err


def test_cards_entered_beside_the_state_are_used_by_the_command_line(run, game):
    entered = game.with_name("game.cards.yaml")
    entered.write_text("cards:\n- {number: 4, type: A, provenance: entered,\n"
                       "   clue: {type: delict, delict: horse theft, locations: [Kirn, Boos, Simmern, Meddersheim]}}\n",
                       encoding="utf-8")
    code, out, err = run("check", game, "4", "--json")
    card = json.loads(out)["card"]
    assert code == 0 and card["provenance"] == "entered" and "horse theft" in card["text"]
    assert err == ""  # an entered card is not a reconstruction


def test_a_played_card_is_out_of_the_game_for_check_hand_and_drawpile(run, game):
    assert run("play", game, "38")[0] == 0
    code, out, _ = run("check", game, "38")
    assert code == 1 and "card 38: not playable (rule 11): already out of the game" in out
    code, out, _ = run("check", game, "38", "--json")
    assert code == 1 and json.loads(out)["playable"] is False and json.loads(out)["rule"] == 11
    code, out, _ = run("hand", game, "38", "remove", "--json")
    refused = json.loads(out)["not_playable"]
    assert code == 0 and [entry["card"]["label"] for entry in refused] == ["card 38"]
    assert all(entry["card"]["label"] != "card 38" for entry in json.loads(out)["plays"])
    code, out, _ = run("drawpile", game, "38", "--json")
    assert code == 0 and json.loads(out)["cards"][0]["dead"] is True


def test_a_card_discarded_twice_is_refused(run, game):
    assert run("game", "pass", game, "--discard", "44")[0] == 0
    code, _, err = run("game", "pass", game, "--discard", "44")
    assert code == 2 and "card 44 is already out of the game" in err
    code, _, err = run("game", "pass", game, "--discard", "45", "--discard", "45")
    assert code == 2 and "discarded twice" in err


def test_check_exits_1_when_the_card_is_not_playable_with_or_without_exit_code(run, game):
    assert run("check", game, "18")[0] == 1
    assert run("check", game, "18", "--exit-code")[0] == 1
    assert run("check", game, "38", "--exit-code")[0] == 0


def test_player_names_are_forgiving(run, game):
    code, _, _ = run("check", game, "38", "--player", "BEN", "--json")
    assert code == 0
    assert run("play", game, "38", "--player", " ben ")[0] == 0
    code, _, err = run("play", game, "3", "--player", "Bert")
    assert code == 2 and "not a player" in err


def test_saved_files_respect_the_umask(run, tmp_path):
    import os
    import stat

    old = os.umask(0o022)
    try:
        path = tmp_path / "new.yaml"
        assert run("game", "new", path, "--players", "Anna", "Ben")[0] == 0
        assert stat.S_IMODE(path.stat().st_mode) == 0o644
    finally:
        os.umask(old)


def test_every_reporting_game_command_takes_json(run, tmp_path):
    path = tmp_path / "j.yaml"
    code, out, _ = run("game", "new", path, "--players", "Anna", "Ben", "--json")
    assert code == 0 and json.loads(out) == {"file": str(path), "players": ["Anna", "Ben"], "turn": "Anna",
                                             "variant": {"cards_per_turn": 1, "rule_15_at_turn_end": False,
                                                         "last_delict_points": 5}}
    code, out, _ = run("play", path, "11", "--json")
    code, out, _ = run("game", "pass", path, "--discard", "44", "--json")
    passed = json.loads(out)
    assert code == 0 and passed["passed"]["player"] == "Ben" and passed["passed"]["out"] == [44]
    assert passed["turn"] == "Anna"
    code, out, _ = run("undo", path, "--json")
    undone = json.loads(out)
    assert code == 0 and undone["undone"]["kind"] == "pass" and undone["undone"]["out"] == [44]
    assert undone["turn"] == "Ben"
    code, out, _ = run("game", "end", path, "3", "--json")
    assert code == 1 and json.loads(out)["over"] is False and json.loads(out)["playable"]["card"]["number"] == 3
    code, out, _ = run("game", "end", path, "11", "--json")
    ended = json.loads(out)
    assert code == 0 and ended["over"] is True and ended["winners"] == ["Anna"] and ended["scores"]["Anna"] == 1
    run("undo", path)
    run("undo", path)
    code, out, _ = run("undo", path, "--json")
    assert code == 1 and json.loads(out)["undone"] is None


def test_verdicts_read_at_a_glance(run, game):
    code, out, _ = run("check", game, "38")
    first, *details = out.splitlines()
    assert first.startswith("card 38: playable +4 (rule 1): places highway robbery on ") and len(first) < 100
    assert first.count("(rule 1)") == 1 and any("(rule 4)" in line for line in details)
    code, out, _ = run("check", game, "27")
    first = out.splitlines()[0]
    assert code == 1 and first == "card 27: not playable (rule 13): no choice is playable"
    assert out.count("rule 13") == 1 and len(out.splitlines()) == 2  # the four choices, said once
    code, out, _ = run("check", game, "remove")
    assert "(rule 6)" in out.splitlines()[0] and "(rule 4)" not in out
    code, out, _ = run("check", game, "--clue", "{type: not, delict: murder, locations: [Kirn, Boos]}")
    assert ".:" not in out and ": :" not in out


def test_undo_says_1_point(run, game):
    run("play", game, "remove", "--choose", "break-in@Meisenheim")
    code, out, _ = run("undo", game)
    assert code == 0 and out.startswith("undid Ben's play of Remove one marker as break-in@Meisenheim (1 point);")


def test_stop_take_names_every_marker_and_tile_it_credits(run, tmp_path):
    path = tmp_path / "s.yaml"
    path.write_text("players: [Anna, Ben]\nmarkers:\n  break-in: [Oberhausen, Boos]\n"
                    "  highway robbery: [Oberhausen, Boos]\n  beehive theft: [Boos, Simmern]\n", encoding="utf-8")
    code, out, _ = run("stop", path, "--take", "ben")
    assert code == 0
    lines = out.splitlines()
    taken = next(index for index, line in enumerate(lines) if line.startswith("Ben takes them: +2"))
    credits = lines[taken + 1:]
    assert credits == ["  removes beehive theft from Boos: +1",
                       "  pinpoints beehive theft on Simmern, its last marker under the tile: +1"]
    assert sum(int(line.rsplit("+", 1)[1]) for line in credits) == 2


@pytest.mark.parametrize("name", ["\x1b[2J", "Ann\x1b]0;owned\x07", "A\nB"])
def test_control_characters_in_a_name_are_refused_at_the_door(run, tmp_path, name):
    path = tmp_path / "g.yaml"
    code, _, err = run("game", "new", path, "--players", "Anna", name)
    assert code == 2 and "not printable text" in err and "\x1b" not in err and not path.exists()


def test_names_differing_only_in_case_are_one_name(run, tmp_path):
    code, _, err = run("game", "new", tmp_path / "g.yaml", "--players", "Anna", "anna")
    assert code == 2 and "each player name must be different" in err


def test_game_play_against_the_computer_to_the_end_and_saved(run, tmp_path):
    saved = tmp_path / "played.yaml"
    code, out, err = run("game", "play", "--players", "3", "--seed", "4", "--save", saved, input="1\n" * 400)
    assert code == 0 and "game over (" in out and "reconstructed" in err
    code, out, _ = run("game", "show", saved, "--json")
    assert code == 0 and json.loads(out)["finished"] in ("all delicts pinpointed", "draw piles used up")
    code, _, err = run("game", "play", "--players", "2", "--seat", "3")
    assert code == 2 and "--seat 3" in err


def test_redo_plays_the_undone_move_again_while_nothing_else_changed(run, tmp_path):
    path = tmp_path / "game.yaml"
    assert run("game", "new", path, "--players", "Anna", "Ben")[0] == 0
    assert run("play", path, "11")[0] == 0
    after_play = path.read_bytes()
    assert run("undo", path)[0] == 0
    code, out, _ = run("redo", path)
    assert code == 0 and out == "redid Anna's play of card 11 (1 point); Ben's turn\n"
    assert path.read_bytes() == after_play  # byte for byte as the play left it
    code, _, err = run("redo", path)
    assert code == 1 and err.startswith("nothing to redo")
    assert run("undo", path)[0] == 0
    assert run("play", path, "12")[0] == 0  # another change: the undone move is gone for good
    code, _, err = run("redo", path)
    assert code == 1 and "changed since the undo" in err


def test_a_verdict_prints_one_whole_fact_a_line(run, tmp_path):
    # card 71 (Oberhausen): murder leaves Oberhausen for Kirn, its tile follows (rule 7)
    path = tmp_path / "game.yaml"
    path.write_text("players: [Anna, Ben]\nturn: Anna\nscores: {Anna: 0, Ben: 0}\nmarkers:\n"
                    "  murder: [Oberhausen, Kirn]\n  break-in: [Oberhausen, Boos]\n  robbery: [Oberhausen, Simmern]\n",
                    encoding="utf-8")
    code, out, _ = run("check", path, "71")
    assert code == 0
    assert out.splitlines() == [
        "card 71: playable +2 (rule 5): removes murder from Oberhausen (rule 4)",
        "  pinpoints murder on Kirn (rule 7)",
        "  scores the last marker of murder, now under its tile",
    ]
