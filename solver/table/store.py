"""A game-state file shared by several writers (the command line, the served page, other devices).

Every change is one read-check-write under a lock on the file: the state is read fresh
after the lock is taken, the change is decided on that state, and the new state is saved
atomically before the lock is released. A writer that decided on an older board names
the version it saw; when the file has changed since, the change is refused with the
current board instead of overwriting the other play.

The version is a digest of the file's bytes: it changes whenever the saved board changes
(an undo that restores a file byte for byte restores its version too, and a change decided
on that version is then decided on the very same board).
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from filelock import FileLock, Timeout

from solver.core.errors import BadInput
from solver.core.yamlio import decode_text, read_input_bytes
from solver.table.errors import NoStateFile
from solver.table.state import GameState, parse_state

LOCK_TIMEOUT = 10.0  # seconds a writer waits for another one to finish


@dataclass(frozen=True)
class Snapshot:
    state: GameState
    version: str


class BoardChanged(Exception):
    """The board changed after the writer looked at it; `current` is the board as it is now."""

    def __init__(self, current: Snapshot):
        super().__init__("the board changed since you looked at it: here is the new one")
        self.current = current


def version_of(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:16]


class StateFile:
    """One game-state file: read a snapshot, or change it under the lock."""

    def __init__(self, path: str | Path, timeout: float = LOCK_TIMEOUT):
        self.path = Path(path)
        self.timeout = timeout
        self._lock = FileLock(self.path.with_name(f".{self.path.name}.lock"), timeout=timeout)

    def read(self) -> Snapshot:
        """The state as saved now, with its version (saves are atomic, so no lock is needed)."""
        if not self.path.exists() and not self.path.is_symlink():
            raise NoStateFile("no such state file", str(self.path))
        data = read_input_bytes(self.path)  # a regular file of bounded size, read once
        return Snapshot(parse_state(decode_text(data, str(self.path)), str(self.path)), version_of(data))

    def version(self) -> str | None:
        """The current version, or None when the file is missing (cheap: no parsing)."""
        try:
            return version_of(read_input_bytes(self.path))
        except BadInput:
            return None

    @contextmanager
    def locked(self) -> Iterator[None]:
        if not self.path.parent.is_dir():
            raise BadInput("cannot write here (no such folder); check the path and that its folder exists",
                           str(self.path))
        try:
            with self._lock:
                yield
        except Timeout:
            raise BadInput(f"another command is changing this state file (waited {self.timeout:g} s); "
                           "try again in a moment", str(self.path)) from None

    @contextmanager
    def change(self, expected_version: str | None = None, reuse_previous: bool = False) -> Iterator[GameState]:
        """Yield the current state to change in place; it is saved when the block ends without error
        and the state differs from the file.

        With `expected_version`, the change is refused (BoardChanged) unless the file still
        holds that version. `reuse_previous` is for an undo (see GameState.save).
        """
        with self.locked():
            snapshot = self.read()
            if expected_version is not None and snapshot.version != expected_version:
                raise BoardChanged(snapshot)
            before = snapshot.state.to_yaml()
            yield snapshot.state
            if snapshot.state.to_yaml() != before:  # nothing changed, nothing written
                snapshot.state.save(self.path, reuse_previous)

    def create(self, state: GameState) -> Snapshot:
        """Write a new game to the file (which must not hold one yet)."""
        with self.locked():
            state.save(self.path)
            return self.read()
