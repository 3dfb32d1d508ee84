"""Game state files (solver.table.state): load, validate, save atomically, push and pop exactly."""

from __future__ import annotations

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solver.core.errors import BadInput
from solver.core.yamlio import previous_version
from solver.table.rules import check
from solver.table.state import TOP_LEVEL_KEYS, GameState, Move, Variant, load_state, new_game
from tests.game_helpers import board, deck, state

EXAMPLE = """\
players: [Anna, Ben, Carl]
scores: {Anna: 3, Ben: 0, Carl: 5}
turn: Anna
markers:
  break-in: [Oberhausen, Obermoschel, Meisenheim, Lettweiler]
tiles:
  arrest: Meddersheim
remove_one_used: [Ben]
out_of_game: [11, 38]
"""


def write(tmp_path, text: str):
    path = tmp_path / "game.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_the_interfaces_example_loads(tmp_path):
    game = load_state(write(tmp_path, EXAMPLE))
    assert game.players == ["Anna", "Ben", "Carl"] and game.scores["Carl"] == 5
    assert game.markers["break-in"] == {"Oberhausen", "Obermoschel", "Meisenheim", "Lettweiler"}
    assert game.tiles == {"arrest": "Meddersheim"} and game.remove_one_used == ["Ben"]
    assert game.out_of_game == [11, 38]


def test_names_are_forgiving(tmp_path):
    text = EXAMPLE.replace("break-in: [Oberhausen", "Break_In: [oberhausen").replace("Meddersheim", "meddersheim")
    game = load_state(write(tmp_path, text))
    assert "break-in" in game.markers and game.tiles["arrest"] == "Meddersheim"


def test_save_and_load_round_trip(tmp_path):
    path = tmp_path / "game.yaml"
    game = load_state(write(tmp_path, EXAMPLE))
    game.save(path)
    assert load_state(path).to_dict() == game.to_dict()


def test_saving_keeps_the_previous_version(tmp_path):
    path = write(tmp_path, EXAMPLE)
    game = load_state(path)
    game.scores["Ben"] = 7
    game.save(path)
    assert previous_version(path).read_text(encoding="utf-8") == EXAMPLE
    assert load_state(path).scores["Ben"] == 7


@pytest.mark.parametrize(("tile", "words"), [
    ("break-in: Kirn", ["break-in", "both markers and a tile"]),
    ("murder: Oberhausen", ["break-in", "under the murder tile on Oberhausen"]),
])
def test_a_board_against_the_rules_is_bad_input_naming_what(tmp_path, tile, words):
    text = EXAMPLE.replace("arrest: Meddersheim", tile)
    with pytest.raises(BadInput) as caught:
        load_state(write(tmp_path, text))
    assert all(word in str(caught.value) for word in words), str(caught.value)
    assert caught.value.file == str(tmp_path / "game.yaml") and caught.value.line == 5


def test_six_markers_of_a_delict_is_bad_input(tmp_path):
    text = EXAMPLE.replace("Lettweiler]", "Lettweiler, Kirn, Boos]")
    with pytest.raises(BadInput, match="6 markers") as caught:
        load_state(write(tmp_path, text))
    assert caught.value.line == 5


def test_unknown_names_get_suggestions(tmp_path):
    with pytest.raises(BadInput, match="did you mean 'break-in'"):
        load_state(write(tmp_path, EXAMPLE.replace("break-in:", "brake-in:")))


def test_two_tiles_on_one_location_is_bad_input(tmp_path):
    with pytest.raises(BadInput, match="two tiles"):
        load_state(write(tmp_path, EXAMPLE.replace("arrest: Meddersheim", "arrest: Kirn\n  murder: Kirn")))


def test_player_errors(tmp_path):
    with pytest.raises(BadInput, match="not a player"):
        load_state(write(tmp_path, EXAMPLE.replace("turn: Anna", "turn: Dora")))
    with pytest.raises(BadInput, match="1 to 4 players"):
        new_game(["A", "B", "C", "D", "E"])
    with pytest.raises(BadInput, match="exactly 2"):
        new_game(["A", "B", "C"], two_player=True)


@pytest.mark.parametrize(("old", "new", "line", "words"), [
    ("scores: {Anna: 3, Ben: 0, Carl: 5}", "scores: Kirn", 2, "`scores:` must be a mapping"),
    ("remove_one_used: [Ben]", "remove_one_used: 3", 8, "`remove_one_used:` must be a list of player names"),
    ("out_of_game: [11, 38]", "out_of_game: {11: 38}", 9, "`out_of_game:` must be a list of card numbers"),
    ("out_of_game: [11, 38]", "variant: [two_player]", 9, "`variant:` must be a mapping"),
    ("out_of_game: [11, 38]", "history: played", 9, "`history:` must be a list"),
    ("players: [Anna, Ben, Carl]", "players: [Anna, {Ben: 1}]", 1, "`players:` must list the players' names"),
])
def test_a_section_of_the_wrong_shape_is_bad_input_at_its_line(tmp_path, old, new, line, words):
    """Found by fuzzing the state commands: these used to end in a traceback."""
    with pytest.raises(BadInput, match=words) as caught:
        load_state(write(tmp_path, EXAMPLE.replace(old, new)))
    assert caught.value.line == line


def test_undo_refuses_a_history_the_board_no_longer_matches(tmp_path):
    """The file edited by hand after a play: undo says so and changes nothing."""
    game = load_state(write(tmp_path, EXAMPLE))
    _play(game, 38)
    game.markers.pop("highway robbery")  # the hand edit: the markers card 38 placed are gone
    before = game.to_dict()
    with pytest.raises(BadInput, match="no longer matches the board"):
        game.pop()
    assert game.to_dict() == before


def _play(game: GameState, number: int, choice: str | None = None) -> Move:
    verdict = check(game, deck().clue(number), board())
    if choice:
        verdict = verdict.choices[choice]
    move = Move("play", game.turn, number, choice, verdict.effect, [number])
    game.push_unchecked(move, end_turn=True)
    return move


def test_push_applies_and_pop_restores_exactly():
    game = state({"highway robbery": ["Boos", "Meddersheim", "Hundsbach"], "murder": ["Boos", "Kirn"]})
    before = game.to_dict()
    _play(game, 27, "highway robbery")
    assert game.tiles == {"highway robbery": "Boos", "murder": "Kirn"}
    assert game.scores["Anna"] == 3 + 2 and game.turn == "Ben" and game.out_of_game == [27]
    game.pop()
    assert game.to_dict() == before


def test_last_delict_ends_the_game():
    from solver.core import names

    tiles = dict(zip(names.DELICTS[:14], names.LOCATIONS[:14], strict=True))
    game = state(tiles=tiles)
    d15, l15 = names.DELICTS[14], names.LOCATIONS[14]
    from solver.core.cards import DelictClue

    verdict = check(game, DelictClue(d15, (l15, "Kirn", "Boos", "Simmern")), board())
    game.push_unchecked(Move("play", "Anna", None, None, verdict.effect), end_turn=True)
    assert game.finished == "all delicts pinpointed"
    assert game.outcome() == ("all delicts pinpointed", ["Anna"])
    game.pop()
    assert game.finished is None and game.outcome() is None


def test_every_move_kind_is_written_as_its_plain_value_and_read_back(tmp_path):
    """The kinds are a StrEnum; the file holds their values, as before (`kind: drawpile`, ...)."""
    from solver.table.state import Finished, MoveKind

    game = state({"break-in": ["Oberhausen", "Boos"]})
    for kind in MoveKind:
        game.push_unchecked(Move(kind, game.turn, out=[10 + len(game.history)]), end_turn=False)
    game.finished = Finished.PILES_USED_UP
    path = tmp_path / "kinds.yaml"
    game.save(path)
    text = path.read_text(encoding="utf-8")
    assert [line.strip() for line in text.splitlines() if "kind:" in line] == [
        "- kind: play", "- kind: stop", "- kind: pass", "- kind: end", "- kind: drawpile", "- kind: shuffle"]
    assert "finished: draw piles used up" in text
    again = load_state(path)
    assert [move.kind for move in again.history] == list(MoveKind)
    assert type(again.history[0].kind) is MoveKind and type(again.finished) is Finished
    assert again.to_yaml() == text


def test_an_unknown_move_kind_in_the_history_is_bad_input_at_its_line(tmp_path):
    text = EXAMPLE + "history:\n  - {kind: juggle, player: Anna}\n"
    with pytest.raises(BadInput, match="unreadable history entry") as caught:
        load_state(write(tmp_path, text))
    assert caught.value.line == 11


@pytest.mark.parametrize(("old", "new", "line", "words"), [
    ("out_of_game: [11, 38]", "out_of_game: [11, 38]\ncards_this_turn: two", 10, "`cards_this_turn:` must be a whole"),
    ("out_of_game: [11, 38]", "variant:\n  last_delict_points: five", 10, "last_delict_points is 5"),
])
def test_malformed_numbers_are_bad_input_at_their_line(tmp_path, old, new, line, words):
    with pytest.raises(BadInput, match=words) as caught:
        load_state(write(tmp_path, EXAMPLE.replace(old, new)))
    assert caught.value.line == line


@pytest.mark.parametrize(("entry", "words"), [
    ("played 38", "a history entry must be a mapping"),
    ("{kind: play}", "it has no `player:`"),
    ("{kind: play, player: Anna, effect: {kept: [3]}}", "kept must be a mapping"),
    ("{kind: play, player: Anna, effect: {placed: [Kirn]}}", "`placed:` holds 'Kirn'"),
    ("{kind: play, player: Anna, out: [eleven]}", "must be a whole number"),
    ("{kind: play, player: Anna, card: [38]}", "not a card number"),
    ("{kind: play, player: Anna, finished_before: tomorrow}", "finished_before 'tomorrow'"),
])
def test_a_malformed_history_entry_is_bad_input_at_its_line(tmp_path, entry, words):
    with pytest.raises(BadInput, match="unreadable history entry") as caught:
        load_state(write(tmp_path, EXAMPLE + f"history:\n  - {entry}\n"))
    assert words in caught.value.message and caught.value.line == 11


def test_a_bug_while_loading_is_not_reported_as_bad_input(tmp_path, monkeypatch):
    """Only what the parsers raise for bad input becomes BadInput; anything else is a bug and propagates."""
    import solver.table.state as module

    def broken(data, file):
        raise KeyError("a bug")

    monkeypatch.setattr(module, "_markers", broken)
    with pytest.raises(KeyError):
        load_state(write(tmp_path, EXAMPLE))


@pytest.mark.parametrize("edit", ["tile gone", "score lowered", "card back", "player renamed"])
def test_undo_refuses_each_kind_of_hand_edit(tmp_path, edit):
    game = load_state(write(tmp_path, EXAMPLE.replace("out_of_game: [11, 38]", "out_of_game: [11]")))
    _play(game, 38)
    if edit == "tile gone":
        game.history[-1].effect.tiles.append(("murder", "Kirn"))
    elif edit == "score lowered":
        game.scores["Anna"] = 1
    elif edit == "card back":
        game.out_of_game.remove(38)
    else:
        game.history[-1].player = "Dora"
    before = game.to_dict()
    with pytest.raises(BadInput, match="no longer matches the board"):
        game.pop()
    assert game.to_dict() == before


_SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-2, 80), st.sampled_from(
    ["Anna", "Ben", "play", "remove", "break-in", "Oberhausen", "draw piles used up", "5"]))
_KEYS = st.sampled_from(["kind", "player", "card", "effect", "out", "placed", "tiles", "kept", "delict",
                         "location", "Anna", "break-in", "two_player", "last_delict_points", "turn_before"])
_VALUES = st.recursive(_SCALARS, lambda inner: st.one_of(
    st.lists(inner, max_size=3), st.dictionaries(_KEYS, inner, max_size=4)), max_leaves=10)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.dictionaries(st.sampled_from(TOP_LEVEL_KEYS), _VALUES, max_size=6))
def test_any_yaml_under_the_state_keys_loads_or_is_bad_input(tmp_path_factory, data):
    """Malformed files are BadInput, never another exception (the parsers catch nothing broader)."""
    path = tmp_path_factory.mktemp("fuzz") / "game.yaml"
    path.write_text(yaml.safe_dump({"players": ["Anna", "Ben"], **data}), encoding="utf-8")
    try:
        game = load_state(path)
        while game.history:
            game.pop()
            assert game.problems() == []
    except BadInput:
        pass


# ----- the format version --------------------------------------------------------------------------


def test_a_state_file_carries_its_format_version(tmp_path):
    from solver.table.state import FORMAT, new_game

    path = tmp_path / "game.yaml"
    new_game(["A", "B"]).save(path)
    assert path.read_text(encoding="utf-8").startswith(f"format: {FORMAT}\n")


def test_a_file_from_a_newer_version_is_refused_in_one_line(run, tmp_path):
    path = tmp_path / "game.yaml"
    path.write_text("format: 2\nplayers: [A, B]\n", encoding="utf-8")
    code, out, err = run("game", "show", str(path))
    assert code == 2 and out == ""
    assert "game.yaml:1: this state file has format 2, written by a newer schinderhannes" in err
    assert len(err.splitlines()) == 1
    path.write_text("format: one\nplayers: [A, B]\n", encoding="utf-8")
    assert run("game", "show", str(path)).exit_code == 2


def test_an_older_file_is_read_and_upgraded_on_save_with_the_old_one_kept(run, tmp_path):
    path = tmp_path / "game.yaml"
    old = "players: [A, B]\nscores: {A: 0, B: 0}\nturn: A\n"
    path.write_text(old, encoding="utf-8")
    assert run("game", "show", str(path)).exit_code == 0
    assert run("play", str(path), "11").exit_code == 0
    assert path.read_text(encoding="utf-8").startswith("format: 1\n")
    assert (tmp_path / "game.yaml.prev").read_text(encoding="utf-8") == old
    assert run("undo", str(path)).exit_code == 0
    assert path.read_text(encoding="utf-8") == old  # byte for byte, from the .prev


# ----- the variant's named parameters --------------------------------------------------------------


def test_the_two_player_variant_sets_both_of_its_parameters(tmp_path):
    game = load_state(write(tmp_path, "players: [Anna, Ben]\nvariant: {two_player: true}\n"))
    assert game.variant == Variant(cards_per_turn=3, rule_15_at_turn_end=True, last_delict_points=5)
    assert game.variant.is_two_player and game.to_dict()["variant"] == {
        "cards_per_turn": 3, "rule_15_at_turn_end": True, "last_delict_points": 5}


def test_each_variant_parameter_works_alone(tmp_path):
    game = load_state(write(tmp_path, "players: [Anna, Ben, Carl]\nvariant: {cards_per_turn: 3}\n"))
    assert game.variant.cards_per_turn == 3 and not game.variant.rule_15_at_turn_end
    assert not game.variant.is_two_player  # a house rule for three: no two-player check
    game = load_state(write(tmp_path, "players: [Anna]\nvariant: {rule_15_at_turn_end: true}\n"))
    assert game.variant.rule_15_at_turn_end and game.variant.cards_per_turn == 1


@pytest.mark.parametrize(("variant", "line", "words"), [
    ("variant:\n  two_players: true", 3, "unknown variant key 'two_players'; did you mean 'two_player'?"),
    ("variant:\n  two_player: 'no'", 3, "variant two_player is true or false, not 'no'"),
    ("variant:\n  rule_15_at_turn_end: 1", 3, "variant rule_15_at_turn_end is true or false"),
    ("variant:\n  cards_per_turn: 2", 3, "variant cards_per_turn is 1, or 3"),
    ("variant:\n  two_player: true\n  cards_per_turn: 1", 3, "two_player contradicts cards_per_turn"),
])
def test_a_bad_variant_is_refused_at_its_line(tmp_path, variant, line, words):
    path = write(tmp_path, f"players: [Anna, Ben]\n{variant}\n")
    with pytest.raises(BadInput) as caught:
        load_state(path)
    assert words in caught.value.message and caught.value.line == line


@pytest.mark.parametrize("players", [["Anna", "Bärbel", "Carl"], ["Anna", "Carl 😀"]])
def test_a_state_is_written_as_its_whole_mapping_is_however_often_its_moves_were_written(players):
    """The moves' texts are kept from one save to the next (solver.core.yamlio.dump_yaml_kept_entries)."""
    from solver.core.yamlio import dump_yaml
    from solver.table.rules import play

    game = new_game(players)
    assert game.to_yaml() == dump_yaml(game.to_dict())
    for number in (11, 38, 5, 60, 23, 70, 3):
        play(game, deck().clue(number), board(), number, choice="break-in" if number == 23 else None)
        assert game.to_yaml() == dump_yaml(game.to_dict())
    assert len(game.history) > 3
    while game.history:
        game.pop()
        assert game.to_yaml() == dump_yaml(game.to_dict())


def test_a_copy_is_a_board_of_its_own_sharing_the_moves_pushed():
    from solver.table.rules import play

    game = new_game(["Anna", "Ben"])
    for number in (11, 38, 5):
        play(game, deck().clue(number), board(), number)
    moves, markers = len(game.history), dict(game.markers)
    twin = game.copy()
    assert moves and twin == game and all(a is b for a, b in zip(twin.history, game.history, strict=True))
    while twin.history:
        twin.pop()
    assert len(game.history) == moves and game.markers == markers and not twin.markers
    assert game.copy(stack=False).history == []
