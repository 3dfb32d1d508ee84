"""Redo: the move the last undo took back, played again while nothing else has changed.

No redo list is kept: every save keeps the file it replaces as PATH.prev, so right after an
undo PATH.prev is this very board with the undone move on top. Redo is possible exactly while
that holds (any other change replaces PATH.prev), and it writes PATH.prev's own text back, so a
move, its undo and its redo leave the file byte for byte as the move left it.
"""

from __future__ import annotations

from pathlib import Path

from solver.core.errors import BadInput
from solver.core.yamlio import previous_version, read_text
from solver.table.state import GameState, Move, parse_state


class NothingToRedo(BadInput):
    """No undone move can be redone: nothing was undone, or the board changed since."""


def redoable(state: GameState, path: str | Path) -> Move | None:
    """The move an undo took back from `state` (the file at `path`), while nothing else changed;
    None otherwise."""
    found = _previous(state, path)
    return found.history[-1] if found is not None else None


def redo(state: GameState, path: str | Path) -> Move:
    """Play the undone move again: `state` becomes the board it left (NothingToRedo when there is
    none); saving with `reuse_previous` writes PATH.prev's text back."""
    found = _previous(state, path)
    if found is None:
        raise NothingToRedo("nothing to redo: no move was undone, or the board changed since the undo")
    state.__dict__.update(found.__dict__)
    return state.history[-1]


def redo_from(state: GameState, previous_text: str | None) -> Move:
    """`redo` where the board before the last change is this text (a lobby table keeps it in its row)."""
    found = _one_more(state, previous_text, "the previous board")
    if found is None:
        raise NothingToRedo("nothing to redo: no move was undone, or the board changed since the undo")
    state.__dict__.update(found.__dict__)
    return state.history[-1]


def _previous(state: GameState, path: str | Path) -> GameState | None:
    """PATH.prev's state when it is `state` with one move more on top, else None."""
    previous = previous_version(path)
    if not previous.is_file() or previous.is_symlink():
        return None
    try:
        text = read_text(previous)
    except BadInput:
        return None  # an unreadable previous file redoes nothing
    return _one_more(state, text, str(previous))


def _one_more(state: GameState, text: str | None, where: str) -> GameState | None:
    """The state of `text` when it is `state` with one move more on top, else None."""
    if text is None:
        return None
    try:
        found = parse_state(text, where)
    except BadInput:
        return None  # an unreadable previous board redoes nothing
    if len(found.history) != len(state.history) + 1:
        return None
    trial = found.copy()
    try:
        trial.pop()
    except BadInput:
        return None
    return found if trial.to_dict() == state.to_dict() else None
