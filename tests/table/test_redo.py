"""Redo: the undone move again, from PATH.prev, exactly while nothing else has changed."""

from __future__ import annotations

from pathlib import Path

import pytest

from solver.table import rules
from solver.table.redo import NothingToRedo, redo, redoable
from solver.table.state import new_game
from solver.table.store import StateFile
from tests.game_helpers import board, deck


def _played(path: Path) -> bytes:
    store = StateFile(path)
    store.create(new_game(["Anna", "Ben"]))
    with store.change() as state:
        rules.play(state, deck().clue(11), board(), 11)
    return path.read_bytes()


def test_undo_then_redo_leaves_the_file_as_the_move_left_it(tmp_path: Path) -> None:
    path = tmp_path / "game.yaml"
    after_play = _played(path)
    store = StateFile(path)
    with store.change(reuse_previous=True) as state:
        undone = state.pop()
    assert redoable(store.read().state, path) == undone
    with store.change(reuse_previous=True) as state:
        assert redo(state, path).card == 11
    assert path.read_bytes() == after_play
    assert redoable(store.read().state, path) is None  # redone: nothing left to redo


def test_nothing_to_redo_after_another_change(tmp_path: Path) -> None:
    path = tmp_path / "game.yaml"
    _played(path)
    store = StateFile(path)
    with store.change(reuse_previous=True) as state:
        state.pop()
    with store.change() as state:
        rules.pass_turn(state)
    with pytest.raises(NothingToRedo), store.change(reuse_previous=True) as state:
        redo(state, path)
    assert store.read().state.history[-1].kind.value == "pass"


def test_nothing_to_redo_in_a_new_game(tmp_path: Path) -> None:
    path = tmp_path / "game.yaml"
    StateFile(path).create(new_game(["Anna", "Ben"]))
    assert redoable(StateFile(path).read().state, path) is None
