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
Readers of a file that changed parse it once: the others wait for that parse and share it.
A change always reads the file's bytes afresh under the lock; when they are the very bytes
read last, it changes a copy of that parse instead of parsing them again. After its save, still
under the lock, the board it saved is the one read last (its stamp taken from the file as saved),
so the readers that follow parse nothing. While a change of this process holds the lock, the
readers of this process get the board it was decided on without looking at the file: no other
writer can change it meanwhile, and the new board is not saved until the change is done.

A save leaves the file its PATH.prev replaced to be freed by a thread of this process
(`remove_later`), not by the writer: on ext4 freeing a file waits about as long as a sync, and
nobody waiting on the change needs to wait for that.
"""

from __future__ import annotations

import atexit
import collections
import dataclasses
import errno
import hashlib
import os
import queue
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from solver.core.errors import BadInput
from solver.core.yamlio import create_atomic, decode_text, read_input_bytes, remove_now

if sys.platform != "win32":
    import fcntl
from solver.table.errors import NoStateFile
from solver.table.redo import redo
from solver.table.state import GameState, Move, parse_state

LOCK_TIMEOUT = 10.0  # seconds a writer waits for another one to finish
LOCK_POLL = 0.002  # seconds between two looks at a file lock another process holds
_WRITERS: dict[str, _Queue] = {}  # path -> the queue this process's writers of it wait in
_READERS: dict[str, threading.Lock] = {}  # path -> the lock its readers parse a changed file under, one at a time
_WRITERS_LOCK = threading.Lock()


class _Queue:
    """A lock its waiters get in the order they came: with a plain lock, a writer that has just arrived
    may take it before the ones waiting already, again and again, and one of them waits for seconds."""

    def __init__(self) -> None:
        self._guard = threading.Lock()
        self._waiting: collections.deque[threading.Lock] = collections.deque()
        self._held = False

    def acquire(self, timeout: float) -> bool:
        with self._guard:
            if not self._held:
                self._held = True
                return True
            turn = threading.Lock()
            turn.acquire()
            self._waiting.append(turn)
        if turn.acquire(timeout=timeout):  # released by the writer before: the lock is handed over
            return True
        with self._guard:
            if turn in self._waiting:
                self._waiting.remove(turn)
                return False
            return True  # handed over just as the wait ended

    def release(self) -> None:
        with self._guard:
            if self._waiting:
                self._waiting.popleft().release()
            else:
                self._held = False


def _writers(path: Path) -> _Queue:
    with _WRITERS_LOCK:
        return _WRITERS.setdefault(str(path.resolve()), _Queue())


def _readers(key: str) -> threading.Lock:
    with _WRITERS_LOCK:
        return _READERS.setdefault(key, threading.Lock())


@dataclass(frozen=True)
class Snapshot:
    state: GameState
    version: str


class MustWait(Exception):
    """A change asked of a store that may not wait (`StateFile(..., wait=False)`) needs the lock or a
    fresh read: make it again with a store that may."""


class TableStore(Protocol):
    """Where a table's board is kept, as the table API reads and changes it: a state file
    (`StateFile`), or a companion table's row in the lobby's database (`solver.tables.companion`)."""

    changed: Snapshot | None

    def last_read(self) -> Snapshot | None: ...

    def read(self) -> Snapshot: ...

    def change(self, expected_version: str | None = None,
               reuse_previous: bool = False) -> AbstractContextManager[GameState]: ...

    def redo(self, state: GameState) -> Move: ...


class BoardChanged(Exception):
    """The board changed after the writer looked at it; `current` is the board as it is now."""

    def __init__(self, current: Snapshot):
        super().__init__("the board changed since you looked at it: here is the new one")
        self.current = current


Stamp = tuple[int, int, int, int, int]


@dataclass(frozen=True)
class _Read:
    stamp: Stamp | None
    data: bytes
    snapshot: Snapshot
    held: bool = False  # a change of this process holds the lock: no other writer changes the board it read


_LAST_READ: dict[str, _Read] = {}  # path -> its last read: the file's stamp then, its bytes, their snapshot
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

    def __init__(self, path: str | Path, timeout: float = LOCK_TIMEOUT, wait: bool = True):
        self.path = Path(path)
        self.timeout = timeout
        self.wait = wait  # False: a change is only refused (stale) from the board read last, else MustWait
        self.changed: Snapshot | None = None  # after `change`: the state as it saved it, with its version

    @property
    def lock_path(self) -> Path:
        """The lock every writer of the file takes, beside it (worked out when a change needs it:
        a store is made for every request, most of which only read)."""
        return self.path.with_name(f".{self.path.name}.lock")

    def _last(self) -> _Read | None:
        with _LAST_READ_LOCK:
            return _LAST_READ.get(str(self.path))

    def last_read(self) -> Snapshot | None:
        """The snapshot of the last read, when the file has not changed since (costs one stat), or
        while a change of this process is making it (no stat); else None."""
        last = self._last()
        if last is not None and last.held:
            return last.snapshot
        stamp = _stamp(self.path)
        return last.snapshot if stamp is not None and last is not None and last.stamp == stamp else None

    def held(self) -> Snapshot | None:
        """The board a change of this process holding the lock on this file was decided on, until it
        is done; else None."""
        last = self._last()
        return last.snapshot if last is not None and last.held else None

    def read(self) -> Snapshot:
        """The state as saved now, with its version (saves are atomic, so no lock is needed).

        The snapshot may be shared with other readers of the same unchanged file: read it, do
        not change it (`change` gives a state of its own).
        """
        found = self.last_read()
        if found is not None:
            return found
        with _readers(str(self.path)):  # one parse of a changed file; the readers queued behind it share it
            found = self.last_read()
            if found is not None:
                return found
            before = _stamp(self.path)
            data = self._bytes()
            snapshot = self._snapshot_of(data)
            if before is not None and _stamp(self.path) == before:  # unchanged while it was read
                with _LAST_READ_LOCK:
                    _LAST_READ[str(self.path)] = _Read(before, data, snapshot)
            return snapshot

    def read_fresh(self) -> Snapshot:
        """The state as saved now, from the file's bytes read now."""
        return self._snapshot_of(self._bytes())

    def _bytes(self) -> bytes:
        if not self.path.exists() and not self.path.is_symlink():
            raise NoStateFile("no such state file", str(self.path))
        return read_input_bytes(self.path)  # a regular file of bounded size, read once

    def _snapshot_of(self, data: bytes) -> Snapshot:
        """The snapshot of these bytes: the last read's, when they are its bytes, else parsed (shared: read only)."""
        last = self._last()
        if last is not None and last.data == data:
            return last.snapshot
        return Snapshot(parse_state(decode_text(data, str(self.path)), str(self.path)), version_of(data))

    def version(self) -> str | None:
        """The current version, or None when the file is missing (cheap: no parsing)."""
        try:
            return version_of(read_input_bytes(self.path))
        except BadInput:
            return None

    @contextmanager
    def locked(self) -> Iterator[None]:
        if not self.wait:
            raise MustWait
        if not self.path.parent.is_dir():
            raise BadInput("cannot write here (no such folder); check the path and that its folder exists",
                           str(self.path))
        lock = self.lock_path
        if lock.is_symlink() or (lock.exists() and not lock.is_file()):
            # the lock is opened for writing: never through a link someone planted
            raise BadInput("the lock file beside this state file is a link or not a file; remove it", str(lock))
        busy = BadInput(f"another command is changing this state file (waited {self.timeout:g} s); "
                        "try again in a moment", str(self.path))
        # the writers of this process queue on a lock of their own (in turn), so that one at a time polls the file's
        # lock (which other processes share) and a writer is woken the moment the one before it is done
        deadline = time.monotonic() + self.timeout
        in_process = _writers(self.path)
        if not in_process.acquire(timeout=self.timeout):
            raise busy
        try:
            try:
                release = _take_file_lock(lock, deadline)
            except _Busy:
                raise busy from None
            except OSError as error:
                raise BadInput(f"cannot take the lock beside this state file ({error.strerror})", str(lock)) from None
            try:
                yield
            finally:
                release()
        finally:
            in_process.release()

    @contextmanager
    def change(self, expected_version: str | None = None, reuse_previous: bool = False) -> Iterator[GameState]:
        """Yield the current state to change in place; it is saved when the block ends without error
        and the state differs from the file.

        With `expected_version`, the change is refused (BoardChanged) unless the file still
        holds that version. `reuse_previous` is for an undo (see GameState.save). Afterwards
        `changed` is the board this change left, with its version (another writer may have
        changed the file since); its state is then shared with the readers: read it, do not
        change it.

        A store that may not wait refuses a stale change from the board read last (one stat)
        and raises MustWait for everything else, before yielding anything.
        """
        if expected_version is not None:  # refused at once when stale, without queueing for the lock
            seen = self.read() if self.wait else self.last_read()
            if seen is None:
                raise MustWait
            if seen.version != expected_version:
                raise BoardChanged(seen)
        if not self.wait:
            raise MustWait
        with self.locked():
            stamp = _stamp(self.path)
            data = self._bytes()  # read afresh under the lock
            version = version_of(data)
            if expected_version is not None and version != expected_version:
                raise BoardChanged(self._snapshot_of(data))
            with self._holding(stamp if _stamp(self.path) == stamp else None, data) as board:
                state = board.state.copy()  # of its own: the board is shared with the readers
                yield state
                self.changed = Snapshot(state, version)
                if state != board.state:  # nothing changed, nothing written (the moves compared by identity first)
                    data = state.save(self.path, reuse_previous, retire=remove_later).encode("utf-8")
                    self.changed = Snapshot(state, version_of(data))
                    self._remember(data, self.changed)

    @contextmanager
    def _holding(self, stamp: Stamp | None, data: bytes) -> Iterator[Snapshot]:
        """While a change goes on under the lock, the readers of this process get the board of `data`
        (read under the lock, yielded: read it, do not change it) without looking at the file: until
        the change is saved it is the board, and the save touches the file (a second name for .prev,
        the rename) before it is done."""
        key, read = str(self.path), _Read(stamp, data, self._snapshot_of(data), held=True)
        with _LAST_READ_LOCK:
            _LAST_READ[key] = read
        try:
            yield read.snapshot
        finally:
            with _LAST_READ_LOCK:
                last = _LAST_READ.get(key)
                if last is not None and last.held:  # not saved: the board read is the file's still
                    _LAST_READ[key] = dataclasses.replace(last, held=False)

    def _remember(self, data: bytes, snapshot: Snapshot) -> None:
        """Under the lock, after a save of `data`: its snapshot is the read of the file as it is now,
        when the file holds those bytes (a writer that takes no lock may have replaced it)."""
        stamp = _stamp(self.path)
        try:
            found = read_input_bytes(self.path)
        except BadInput:
            return
        if stamp is not None and found == data and _stamp(self.path) == stamp:
            with _LAST_READ_LOCK:
                _LAST_READ[str(self.path)] = _Read(stamp, data, snapshot)

    def redo(self, state: GameState) -> Move:
        """Within `change(..., reuse_previous=True)`: play the move the last undo took back again."""
        return redo(state, self.path)

    def create(self, state: GameState, overwrite: bool = False) -> Snapshot:
        """Write a new game to the file, which must not exist yet (FileExists, nothing written);
        with `overwrite`, over the game there (kept as PATH.prev)."""
        with self.locked():
            if overwrite:
                state.save(self.path)
            else:
                create_atomic(self.path, state.to_yaml())
            return self.read()


_RETIRED: queue.SimpleQueue[Path] = queue.SimpleQueue()  # names `remove_later` was given, not removed yet
_REMOVER: list[threading.Thread] = []


def remove_later(path: Path) -> None:
    """Remove the temporary name `path` soon, in this process's remover thread (started on first use);
    those left when the process ends are removed as it exits."""
    with _WRITERS_LOCK:
        if not _REMOVER:
            _REMOVER.append(threading.Thread(target=_remove_retired, name="retired names", daemon=True))
            _REMOVER[0].start()
    _RETIRED.put(path)


def _remove_retired() -> None:
    while True:
        remove_now(_RETIRED.get())


@atexit.register
def _remove_the_rest() -> None:
    while True:
        try:
            remove_now(_RETIRED.get_nowait())
        except queue.Empty:
            return


class _Busy(Exception):
    """Another process held the file's lock until the deadline."""


def _take_file_lock(lock: Path, deadline: float) -> Callable[[], None]:
    """Take the exclusive lock on `lock` that every process writing the state file takes, by the
    deadline (else _Busy); returns what releases it. flock(2), as filelock takes it on this system,
    in two system calls (filelock's bookkeeping costs a third of a millisecond a turn); filelock
    where there is no flock."""
    if sys.platform == "win32":
        from filelock import FileLock, Timeout

        held = FileLock(lock, timeout=max(0.0, deadline - time.monotonic()), poll_interval=LOCK_POLL)
        try:
            held.acquire()
        except Timeout:
            raise _Busy from None
        return held.release
    handle = os.open(lock, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | os.O_CLOEXEC, 0o644)  # never through a link
    try:
        while not _flock_now(handle):
            if time.monotonic() >= deadline:
                raise _Busy
            time.sleep(LOCK_POLL)
    except BaseException:
        os.close(handle)
        raise
    return lambda: _unlock(handle)


def _flock_now(handle: int) -> bool:
    try:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError as error:
        if error.errno in (errno.EAGAIN, errno.EACCES):
            return False
        raise
    return True


def _unlock(handle: int) -> None:
    try:
        fcntl.flock(handle, fcntl.LOCK_UN)
    finally:
        os.close(handle)
