"""A game-state file shared by several writers (the command line, the served page, other devices).

Every change is one read-check-write under a lock on the file: the state is read fresh
after the lock is taken, the change is decided on that state, and the new state is saved
atomically before the lock is released. A writer that decided on an older board names
the version it saw; when the file has changed since, the change is refused with the
current board instead of overwriting the other play.

The version is a digest of the file's bytes: it changes whenever the saved board changes
(an undo that restores a file byte for byte restores its version too, and a change decided
on that version is then decided on the very same board).

A read of a file whose stamp (device, inode, size, modification and change times) is the one
last read returns the snapshot read then, without reading, hashing and parsing it again; any
save, by this process or another writer, replaces the file (a new inode) and so its stamp.
A change always reads the file afresh under the lock.
"""

from __future__ import annotations

import hashlib
import os
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from filelock import FileLock, Timeout

from solver.core.errors import BadInput
from solver.core.yamlio import create_atomic, decode_text, read_input_bytes
from solver.table.errors import NoStateFile
from solver.table.state import GameState, parse_state

LOCK_TIMEOUT = 10.0  # seconds a writer waits for another one to finish
LOCK_POLL = 0.002  # seconds between two looks at a file lock another process holds
_WRITERS: dict[str, threading.Lock] = {}  # path -> the lock this process's writers of it queue on
_WRITERS_LOCK = threading.Lock()


def _writers(path: Path) -> threading.Lock:
    with _WRITERS_LOCK:
        return _WRITERS.setdefault(str(path.resolve()), threading.Lock())


@dataclass(frozen=True)
class Snapshot:
    state: GameState
    version: str


class BoardChanged(Exception):
    """The board changed after the writer looked at it; `current` is the board as it is now."""

    def __init__(self, current: Snapshot):
        super().__init__("the board changed since you looked at it: here is the new one")
        self.current = current


Stamp = tuple[int, int, int, int, int]
_LAST_READ: dict[str, tuple[Stamp, Snapshot]] = {}  # path -> the stamp and snapshot of its last read
_LAST_READ_LOCK = threading.Lock()


def _stamp(path: Path) -> Stamp | None:
    try:
        found = os.stat(path)
    except OSError:
        return None
    return found.st_dev, found.st_ino, found.st_size, found.st_mtime_ns, found.st_ctime_ns


def version_of(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:16]


class StateFile:
    """One game-state file: read a snapshot, or change it under the lock."""

    def __init__(self, path: str | Path, timeout: float = LOCK_TIMEOUT):
        self.path = Path(path)
        self.timeout = timeout
        self.changed: Snapshot | None = None  # after `change`: the state as it saved it, with its version
        self._lock = FileLock(self.path.with_name(f".{self.path.name}.lock"), timeout=timeout,
                              poll_interval=LOCK_POLL)

    def last_read(self) -> Snapshot | None:
        """The snapshot of the last read, when the file has not changed since (costs one stat); else None."""
        key, stamp = str(self.path), _stamp(self.path)
        with _LAST_READ_LOCK:
            last = _LAST_READ.get(key)
        return last[1] if stamp is not None and last is not None and last[0] == stamp else None

    def read(self) -> Snapshot:
        """The state as saved now, with its version (saves are atomic, so no lock is needed).

        The snapshot may be shared with other readers of the same unchanged file: read it, do
        not change it (`change` gives a state of its own).
        """
        key, before = str(self.path), _stamp(self.path)
        with _LAST_READ_LOCK:
            last = _LAST_READ.get(key)
        if before is not None and last is not None and last[0] == before:
            return last[1]
        snapshot = self.read_fresh()
        if before is not None and _stamp(self.path) == before:  # unchanged while it was read
            with _LAST_READ_LOCK:
                _LAST_READ[key] = (before, snapshot)
        return snapshot

    def read_fresh(self) -> Snapshot:
        """The state as saved now, read, hashed and parsed from the file's bytes."""
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
        lock = Path(self._lock.lock_file)
        if lock.is_symlink() or (lock.exists() and not lock.is_file()):
            # the lock is opened for writing (and truncated): never through a link someone planted
            raise BadInput("the lock file beside this state file is a link or not a file; remove it", str(lock))
        busy = BadInput(f"another command is changing this state file (waited {self.timeout:g} s); "
                        "try again in a moment", str(self.path))
        # the writers of this process queue on a lock of their own, so that one at a time polls the file's
        # lock (which other processes share) and a writer is woken the moment the one before it is done
        in_process = _writers(self.path)
        if not in_process.acquire(timeout=self.timeout):
            raise busy
        try:
            try:
                self._lock.acquire()
            except Timeout:
                raise busy from None
            except OSError as error:
                raise BadInput(f"cannot take the lock beside this state file ({error.strerror})", str(lock)) from None
            try:
                yield
            finally:
                self._lock.release()
        finally:
            in_process.release()

    @contextmanager
    def change(self, expected_version: str | None = None, reuse_previous: bool = False) -> Iterator[GameState]:
        """Yield the current state to change in place; it is saved when the block ends without error
        and the state differs from the file.

        With `expected_version`, the change is refused (BoardChanged) unless the file still
        holds that version. `reuse_previous` is for an undo (see GameState.save). Afterwards
        `changed` is the board this change left, with its version (another writer may have
        changed the file since).
        """
        if expected_version is not None:  # refused at once when stale, without queueing for the lock
            seen = self.read()
            if seen.version != expected_version:
                raise BoardChanged(seen)
        with self.locked():
            snapshot = self.read_fresh()
            if expected_version is not None and snapshot.version != expected_version:
                raise BoardChanged(snapshot)
            before = snapshot.state.to_dict()
            yield snapshot.state
            self.changed = snapshot
            if snapshot.state.to_dict() != before:  # nothing changed, nothing written
                text = snapshot.state.save(self.path, reuse_previous)
                self.changed = Snapshot(snapshot.state, version_of(text.encode("utf-8")))

    def create(self, state: GameState, overwrite: bool = False) -> Snapshot:
        """Write a new game to the file, which must not exist yet (FileExists, nothing written);
        with `overwrite`, over the game there (kept as PATH.prev)."""
        with self.locked():
            if overwrite:
                state.save(self.path)
            else:
                create_atomic(self.path, state.to_yaml())
            return self.read()
