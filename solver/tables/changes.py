"""Who is told when a table moves: the listeners of each table in this process (the pages' event
streams), woken by the table's id and new version.

In one process on SQLite the lobby tells them itself, once a move's transaction has committed. On
PostgreSQL the move's transaction sends a NOTIFY (`notify_statement`, delivered only if the move
commits) and each server process's one LISTEN connection (`solver.tables.listen`) tells them, so a
move made through any process, or any machine, reaches the pages of all. A table's version only
grows (it counts the moves), so a listener keeps the highest version it was told: a notice that
comes twice or late changes nothing. When the LISTEN connection was lost, every listener is told
to read its table's version again (`lost_track`): what was missed meanwhile is read, not waited for.

A move is told from the thread that made it; a listener is woken on its own event loop.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import Iterator
from contextlib import contextmanager

from sqlalchemy import Select, func, select

CHANNEL = "schinderhannes_tables"  # PostgreSQL's channel; a notice's payload is "TABLE VERSION"


def notify_statement(table_id: int, version: int) -> Select[tuple[object]]:
    """The statement that tells every listening process, within the move's transaction."""
    return select(func.pg_notify(CHANNEL, payload(table_id, version)))


def payload(table_id: int, version: int) -> str:
    return f"{table_id} {version}"


def parse_payload(text: str) -> tuple[int, int] | None:
    """The table and version a notice names; None for a payload this program did not send."""
    parts = text.split()
    if len(parts) != 2 or not all(part.isdigit() for part in parts):
        return None
    return int(parts[0]), int(parts[1])


class Listener:
    """One page's wait for its table's moves, on the event loop it was made on."""

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self._loop = loop
        self._woken = asyncio.Event()
        self.latest: int | None = None  # the highest version told since the listener was made
        self.reread = False  # the version must be read from the database: notices may have been missed

    def tell(self, version: int | None) -> None:
        """From any thread: the table is at `version` now (None: read it again)."""
        with contextlib.suppress(RuntimeError):  # its event loop is closed: the server has stopped
            self._loop.call_soon_threadsafe(self._told, version)

    def _told(self, version: int | None) -> None:
        if version is None:
            self.reread = True
        elif self.latest is None or version > self.latest:
            self.latest = version
        self._woken.set()

    async def wait(self) -> None:
        """Until told something since the last wait."""
        await self._woken.wait()
        self._woken.clear()


class TableChanges:
    """The listeners of each table in this process."""

    def __init__(self) -> None:
        self._listeners: dict[int, set[Listener]] = {}
        self._guard = threading.Lock()

    @contextmanager
    def listening(self, table_id: int) -> Iterator[Listener]:
        """A listener of `table_id` for the duration of the block (made on the running event loop)."""
        listener = Listener(asyncio.get_running_loop())
        with self._guard:
            self._listeners.setdefault(table_id, set()).add(listener)
        try:
            yield listener
        finally:
            with self._guard:
                listeners = self._listeners.get(table_id)
                if listeners is not None:
                    listeners.discard(listener)
                    if not listeners:
                        del self._listeners[table_id]

    def moved(self, table_id: int, version: int) -> None:
        """From any thread: `table_id` is at `version` now; its listeners are woken."""
        for listener in self._of(table_id):
            listener.tell(version)

    def lost_track(self) -> None:
        """Every listener reads its table's version again (notices may have been missed)."""
        with self._guard:
            every = [listener for listeners in self._listeners.values() for listener in listeners]
        for listener in every:
            listener.tell(None)

    def listener_count(self, table_id: int) -> int:
        return len(self._of(table_id))

    def _of(self, table_id: int) -> list[Listener]:
        with self._guard:
            return list(self._listeners.get(table_id, ()))
