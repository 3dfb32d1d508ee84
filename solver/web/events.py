"""The change feed: tells every open page when the state file changes, whoever changed it.

One watcher per server looks at the file's size and modification time every POLL_SECONDS
(and at once after a change made through this server), and reads its version only when
they moved, so an idle table costs almost nothing however many pages are open.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path

from solver.table.store import version_of

POLL_SECONDS = 0.1


class ChangeFeed:
    def __init__(self, path_of: Callable[[], Path | None]):
        self.path_of = path_of  # the state file may be chosen after the server started
        self.version: str | None = None
        self._stamp: tuple[str, int, int] | None = None
        self._changed = asyncio.Condition()
        self._poke = asyncio.Event()
        self._watcher: asyncio.Task[None] | None = None

    def _look(self) -> bool:
        """Read the version when the file's stamp moved; True when the version changed."""
        path = self.path_of()
        try:
            stat = os.stat(path) if path else None
        except OSError:
            stat = None
        stamp = (str(path), stat.st_mtime_ns, stat.st_size) if stat else None
        if stamp == self._stamp:
            return False
        self._stamp = stamp
        try:
            version = version_of(path.read_bytes()) if path and stat else None
        except OSError:
            version = None
        changed, self.version = version != self.version, version
        return changed

    async def _watch(self) -> None:
        while True:
            if self._look():
                async with self._changed:
                    self._changed.notify_all()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._poke.wait(), POLL_SECONDS)
            self._poke.clear()

    def poke(self) -> None:
        """Look now: this server just changed the file."""
        self._poke.set()

    def _start(self) -> None:
        if self._watcher is None or self._watcher.done():
            self._look()
            self._watcher = asyncio.get_running_loop().create_task(self._watch())

    async def versions(self, disconnected: Callable[[], Awaitable[bool]]) -> AsyncIterator[str | None]:
        """The current version, then each new one, until the client goes away."""
        self._start()
        seen = self.version
        yield seen
        while not await disconnected():
            async with self._changed:
                try:
                    await asyncio.wait_for(self._changed.wait(), 1.0)
                except TimeoutError:
                    continue
            if self.version != seen:
                seen = self.version
                yield seen
