"""YAML in and out: line numbers, error messages, and atomic saves."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from solver.core import yamlio
from solver.core.errors import BadInput
from solver.core.yamlio import FlowMap, dump_yaml, line_of, load_yaml, previous_version, save_atomic

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
    assert sorted(p.name for p in tmp_path.iterdir()) == ["state.yaml", "state.yaml.prev"]


def test_saving_into_a_missing_folder_is_bad_input(tmp_path):
    with pytest.raises(BadInput, match="cannot write here") as caught:
        save_atomic(tmp_path / "missing" / "state.yaml", "x\n")
    assert caught.value.file == str(tmp_path / "missing" / "state.yaml")


def test_save_atomic_respects_the_umask_and_keeps_an_existing_mode(tmp_path):
    import os
    import stat

    path = tmp_path / "state.yaml"
    old = os.umask(0o027)
    try:
        save_atomic(path, "first\n")
        assert stat.S_IMODE(path.stat().st_mode) == 0o640
        path.chmod(0o604)
        save_atomic(path, "second\n")
        assert stat.S_IMODE(path.stat().st_mode) == 0o604
    finally:
        os.umask(old)
