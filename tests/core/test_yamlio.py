"""YAML in and out: line numbers, error messages, and atomic saves."""

from __future__ import annotations

import errno
import os
import stat
import time
from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from solver.core import yamlio
from solver.core.errors import BadInput
from solver.core.yamlio import (
    FlowMap,
    dump_yaml,
    dump_yaml_kept_entries,
    line_of,
    load_yaml,
    previous_version,
    save_atomic,
)

DATA = Path(__file__).resolve().parents[2] / "data"


def test_mappings_and_sequences_remember_their_lines(tmp_path):
    path = tmp_path / "p.yaml"
    path.write_text("title: t\ncards:\n  - 11\n  - 38\nsolution:\n  Boos: murder\n", encoding="utf-8")
    data = load_yaml(path)
    assert data == {"title": "t", "cards": [11, 38], "solution": {"Boos": "murder"}}
    assert (line_of(data, "title"), line_of(data, "cards"), line_of(data, "solution")) == (1, 2, 5)
    assert (line_of(data["cards"], 0), line_of(data["cards"], 1)) == (3, 4)
    assert line_of(data["solution"]) == 6
    assert line_of("not loaded") is None


@pytest.mark.parametrize("name", ["deck.yaml", "board.yaml", "box-puzzles.yaml"])
def test_the_fast_parser_reads_what_the_pure_python_parser_reads(name):
    """libyaml is used when present; its values and line numbers equal the pure-Python parser's."""
    text = (DATA / name).read_text(encoding="utf-8")
    fast = yaml.load(text, Loader=yamlio._FastLineLoader)
    pure = yaml.load(text, Loader=yamlio._LineLoader)
    assert fast == pure

    def lines(node):
        if isinstance(node, dict):
            return [node.line, node.key_lines, *(lines(value) for value in node.values())]
        if isinstance(node, list):
            return [node.line, node.item_lines, *(lines(value) for value in node)]
        return None

    assert lines(fast) == lines(pure)


@pytest.mark.parametrize(
    ("text", "line", "words"),
    [
        ("clues:\n  - {type: delict, delict: murder\n", 2, "expected ',' or '}'"),
        ("a: [1, 2\nb: 3\n", 2, "expected ',' or ']'"),
        ("x:\n  - 1\n - 2\n", 3, "expected <block end>"),
        ("\tx: 1\n", 1, "found character '\\t'"),
    ],
)
def test_syntax_errors_name_the_file_the_line_and_the_problem(tmp_path, text, line, words):
    path = tmp_path / "bad.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(BadInput) as caught:
        load_yaml(path)
    message = str(caught.value)
    assert message.startswith(f"{path}:{line}: YAML syntax error")
    assert words in message


def test_missing_and_unreadable_files_are_bad_input(tmp_path):
    with pytest.raises(BadInput, match="no such file"):
        load_yaml(tmp_path / "nowhere.yaml")
    (tmp_path / "latin1.yaml").write_bytes("title: M\xfchle\n".encode("latin-1"))
    with pytest.raises(BadInput, match="UTF-8"):
        load_yaml(tmp_path / "latin1.yaml")


def test_dump_writes_plain_lists_and_flow_maps_on_one_line():
    text = dump_yaml({"cards": (11, 38), "clues": [FlowMap(type="delict", delict="arrest")]})
    assert text == "cards: [11, 38]\nclues:\n- {type: delict, delict: arrest}\n"


def test_save_atomic_keeps_the_previous_version(tmp_path):
    path = tmp_path / "state.yaml"
    save_atomic(path, "first\n")
    save_atomic(path, "second\n")
    assert path.read_text(encoding="utf-8") == "second\n"
    assert previous_version(path).read_text(encoding="utf-8") == "first\n"


def test_a_failed_save_leaves_the_file_and_no_temporary(tmp_path, monkeypatch):
    path = tmp_path / "state.yaml"
    save_atomic(path, "kept\n")

    def refuse(*_):
        raise OSError("disk full")

    monkeypatch.setattr(yamlio.os, "replace", refuse)
    with pytest.raises(OSError, match="disk full"):
        save_atomic(path, "lost\n")
    assert path.read_text(encoding="utf-8") == "kept\n"
    # no temporary left; a .prev, where the failure left one, is the file as it was
    assert sorted(p.name for p in tmp_path.iterdir() if p.name != "state.yaml.prev") == ["state.yaml"]
    assert not previous_version(path).exists() or previous_version(path).read_text(encoding="utf-8") == "kept\n"


def test_saving_into_a_missing_folder_is_bad_input(tmp_path):
    with pytest.raises(BadInput, match="cannot write here") as caught:
        save_atomic(tmp_path / "missing" / "state.yaml", "x\n")
    assert caught.value.file == str(tmp_path / "missing" / "state.yaml")


# ----- the save path ---------------------------------------------------------------------------


def test_the_previous_version_is_renamed_into_place_never_through_a_planted_link(tmp_path):
    path, elsewhere = tmp_path / "state.yaml", tmp_path / "precious.txt"
    elsewhere.write_text("precious\n", encoding="utf-8")
    save_atomic(path, "first\n")
    previous_version(path).symlink_to(elsewhere)
    save_atomic(path, "second\n")
    assert elsewhere.read_text(encoding="utf-8") == "precious\n"
    assert not previous_version(path).is_symlink()
    assert previous_version(path).read_text(encoding="utf-8") == "first\n"


def test_the_previous_version_is_the_replaced_file_itself_under_a_second_name(tmp_path):
    path = tmp_path / "state.yaml"
    save_atomic(path, "first\n")
    first = path.stat().st_ino
    save_atomic(path, "second\n")
    assert previous_version(path).stat().st_ino == first  # linked, not copied: no second write to sync
    assert previous_version(path).read_text(encoding="utf-8") == "first\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["state.yaml", "state.yaml.prev"]


@pytest.mark.parametrize("failure", [errno.EXDEV, errno.EPERM, errno.EMLINK])
def test_without_hard_links_the_previous_version_is_a_copy(tmp_path, monkeypatch, failure):
    path = tmp_path / "state.yaml"
    save_atomic(path, "first\n")

    def no_link(*_):
        raise OSError(failure, os.strerror(failure))

    monkeypatch.setattr(yamlio.os, "link", no_link)
    save_atomic(path, "second\n")
    assert previous_version(path).read_text(encoding="utf-8") == "first\n"
    assert path.read_text(encoding="utf-8") == "second\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["state.yaml", "state.yaml.prev"]


def test_a_temporary_left_by_a_killed_save_is_removed_then_the_folder_left_alone_a_minute(tmp_path, monkeypatch):
    monkeypatch.setattr(yamlio, "_CLEANED", {})
    path = tmp_path / "state.yaml"
    stale = tmp_path / ".state.yaml.abcd1234.tmp"
    stale.write_text("half a save\n", encoding="utf-8")
    old = time.time() - yamlio.STALE_TEMPORARY_SECONDS - 5
    os.utime(stale, (old, old))
    save_atomic(path, "first\n")
    assert not stale.exists()
    listed: list[str] = []
    monkeypatch.setattr(yamlio.glob, "escape", lambda name: listed.append(name) or name)
    save_atomic(path, "second\n")
    assert listed == []  # not listed again within the minute: nothing can have gone stale meanwhile


def test_a_linked_file_updates_its_target(tmp_path):
    target, link = tmp_path / "real.yaml", tmp_path / "state.yaml"
    target.write_text("first\n", encoding="utf-8")
    link.symlink_to(target)
    save_atomic(link, "second\n")
    assert link.is_symlink() and target.read_text(encoding="utf-8") == "second\n"
    assert previous_version(link).read_text(encoding="utf-8") == "first\n"


def test_a_dangling_link_or_a_folder_is_refused(tmp_path):
    link = tmp_path / "state.yaml"
    link.symlink_to(tmp_path / "gone.yaml")
    with pytest.raises(BadInput, match="link to a file that does not exist"):
        save_atomic(link, "x\n")
    with pytest.raises(BadInput, match="folder"):
        save_atomic(tmp_path, "x\n")


def test_the_mode_is_kept_and_a_new_file_follows_the_umask(tmp_path):
    path = tmp_path / "state.yaml"
    old = os.umask(0o027)
    try:
        save_atomic(path, "first\n")
    finally:
        os.umask(old)
    assert stat.S_IMODE(path.stat().st_mode) == 0o640
    path.chmod(0o604)
    save_atomic(path, "second\n")
    assert stat.S_IMODE(path.stat().st_mode) == 0o604
    assert stat.S_IMODE(previous_version(path).stat().st_mode) == 0o604


def test_a_read_only_file_is_refused_and_kept(tmp_path):
    path = tmp_path / "state.yaml"
    save_atomic(path, "first\n")
    path.chmod(0o444)
    with pytest.raises(BadInput, match="read-only"):
        save_atomic(path, "second\n")
    assert path.read_text(encoding="utf-8") == "first\n"


def test_a_full_disk_names_the_file_and_keeps_it(tmp_path, monkeypatch):
    path = tmp_path / "state.yaml"
    save_atomic(path, "first\n")

    def full(*_: object) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(yamlio.os, "fsync", full)
    with pytest.raises(BadInput, match="disk is full") as caught:
        save_atomic(path, "second\n")
    assert caught.value.file == str(path)
    assert path.read_text(encoding="utf-8") == "first\n"
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


def test_the_file_and_its_folder_are_synced(tmp_path, monkeypatch):
    synced: list[str] = []
    real = os.fsync

    def spy(handle: int) -> None:
        synced.append("folder" if stat.S_ISDIR(os.fstat(handle).st_mode) else "file")
        real(handle)

    monkeypatch.setattr(yamlio.os, "fsync", spy)
    save_atomic(tmp_path / "state.yaml", "first\n")
    assert synced == ["file", "folder"]


def test_stale_temporary_files_are_cleaned(tmp_path):
    path = tmp_path / "state.yaml"
    stale, fresh = tmp_path / ".state.yaml.abc123.tmp", tmp_path / ".state.yaml.def456.tmp"
    for left in (stale, fresh):
        left.write_text("half", encoding="utf-8")
    old = time.time() - 2 * yamlio.STALE_TEMPORARY_SECONDS
    os.utime(stale, (old, old))
    save_atomic(path, "x\n")
    assert not stale.exists() and fresh.exists()  # a fresh one may be another writer's


# ----- the fast emitter: what it writes reads back as the data, and the files are as they were ----


_TEXT = st.text(alphabet=st.characters(max_codepoint=0xFFFF, exclude_categories=("Cs",)), max_size=12)
_VALUES = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(-10**6, 10**6), _TEXT,
              st.sampled_from(["yes", "no", "null", "~", "0x1F", "1e3", "a: b", "- a", "#", "'", '"', "é", "ß"])),
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(_TEXT, inner, max_size=4)),
    max_leaves=20)


@settings(max_examples=500, deadline=None)
@given(st.dictionaries(_TEXT, _VALUES, max_size=6))
def test_what_the_fast_emitter_writes_reads_back_as_the_data(data):
    assert yaml.safe_load(dump_yaml(data)) == data


def test_the_fast_emitter_writes_the_files_as_the_plain_one_did():
    from solver.core.board import load_board
    from solver.core.deck import load_deck
    from solver.core.yamlio import _FlowDumper, _plain
    from solver.table.rules import play
    from solver.table.state import new_game

    game, board, deck = new_game(["Anna", "Bärbel", "Carl"]), load_board(), load_deck()
    for number in (11, 38, 5, 60, 23, 70, 3):
        play(game, deck.clue(number), board, number, choice="break-in" if number == 23 else None)
    assert len(game.history) > 3
    root = Path(__file__).resolve().parents[2]
    documents = [game.to_dict(), *(load_yaml(path) for path in sorted((root / "puzzles").glob("*.yaml"))),
                 *(load_yaml(path) for path in sorted((root / "data").glob("*.yaml")))]
    for document in documents:
        plain = yaml.dump(_plain(document), Dumper=_FlowDumper, sort_keys=False, allow_unicode=True, width=110)
        assert dump_yaml(document) == plain


_ANY_TEXT = st.text(alphabet=st.characters(exclude_categories=("Cs",)), max_size=12)  # emoji too
_ANY_VALUES = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(-10**6, 10**6), _ANY_TEXT,
              st.sampled_from(["yes", "no", "null", "~", "0x1F", "1e3", "a: b", "- a", "#", "'", '"', "😀",
                               "x" * 130])),
    lambda inner: st.one_of(st.lists(inner, max_size=30), st.dictionaries(_ANY_TEXT, inner, max_size=4)),
    max_leaves=40)


@settings(max_examples=500, deadline=None)
@given(st.dictionaries(_ANY_TEXT, _ANY_VALUES, max_size=5),
       st.lists(st.dictionaries(_ANY_TEXT, _ANY_VALUES, max_size=5), max_size=6))
def test_kept_entries_are_written_as_the_whole_mapping_is(head, entries):
    """Emoji (the plain emitter), long texts and lists (folded at the width), an empty list; asked
    twice, the second time from the entries' kept texts."""
    data = {**{key: value for key, value in head.items() if key != "history"}, "history": entries}
    assert dump_yaml_kept_entries(data, "history") == dump_yaml(data)
    assert dump_yaml_kept_entries(data, "history") == dump_yaml(data)


def test_kept_entries_tell_apart_what_yaml_writes_apart():
    for value in (1, "1", True, "true", None, "null", 1.5, "1.5"):
        data = {"history": [{"card": value}]}
        assert dump_yaml_kept_entries(data, "history") == dump_yaml(data)


def test_text_beyond_the_bmp_is_written_as_is():
    assert dump_yaml({"players": ["Carl 😀"]}) == "players: [Carl 😀]\n"


@pytest.mark.parametrize(("text", "line", "words"), [
    ("players: [Anna, Ben]\nturn: Anna\nplayers: [Mallory]\n", 3, "the key 'players' is given twice"),
    ("markers:\n  murder: [Kirn]\n  murder: [Boos]\n", 3, "the key 'murder' is given twice"),
    ('title: "Bad \\ud800 title"\n', 1, "unpaired surrogate"),
])
def test_duplicate_keys_and_unpaired_surrogates_are_refused_at_their_line(text, line, words):
    with pytest.raises(BadInput) as caught:
        yamlio.parse_yaml(text, "f.yaml")
    assert words in caught.value.message and caught.value.line == line
