"""The change feed: tells every open page when the state file changes, whoever changed it.

One watcher per server looks at the file's size and modification time every POLL_SECONDS
(and at once after a change made through this server), and reads its version only when
they moved, so an idle table costs almost nothing however many pages are open. The file is
read as every other input is (a regular file of bounded size: a pipe or a device put in its
place is reported, never read), in a worker thread, so the event loop keeps answering.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path

from solver.core.errors import BadInput
from solver.core.yamlio import read_input_bytes
from solver.table.store import version_of

POLL_SECONDS = 0.1
PAGE_GAP_SECONDS = 0.25  # at least this between two events to one page: a burst of changes is one event


class ChangeFeed:
    def __init__(self, path_of: Callable[[], Path | None]):
        self.path_of = path_of  # the state file may be chosen after the server started
        self.version: str | None = None
        self.problem: str | None = None  # why the file cannot be read now (a pipe put in its place, ...)
        self._stamp: tuple[str, int, int] | None = None
        self._changed = asyncio.Event()  # set, and replaced by a fresh one, at every new version
        self._poke = asyncio.Event()
        self._watcher: asyncio.Task[None] | None = None
        self._first_look: asyncio.Task[bool] | None = None
        self._looking = asyncio.Lock()  # one look at a time, each in a worker thread

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
        version, self.problem = None, None
        if path and stat:
            try:
                version = version_of(read_input_bytes(path))
            except BadInput as error:
                self.problem = str(error)
        changed, self.version = version != self.version, version
        return changed

    async def _watch(self) -> None:
        while True:
            if await self._look_now():
                changed, self._changed = self._changed, asyncio.Event()
                changed.set()  # wakes every page waiting on this version; later ones wait on the new event
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._poke.wait(), POLL_SECONDS)
            self._poke.clear()

    def poke(self) -> None:
        """Look now: this server just changed the file."""
        self._poke.set()

    async def _look_now(self) -> bool:
        async with self._looking:
            return await asyncio.to_thread(self._look)

    async def _start(self) -> None:
        """Start the one watcher (once, however many pages open at the same moment), after its first look."""
        if self._watcher is None or self._watcher.done():
            loop = asyncio.get_running_loop()
            self._first_look = loop.create_task(self._look_now())
            self._watcher = loop.create_task(self._watch())
        assert self._first_look is not None
        await self._first_look

    async def versions(self, disconnected: Callable[[], Awaitable[bool]]) -> AsyncIterator[str | None]:
        """The current version, then each new one, until the client goes away."""
        await self._start()
        seen = self.version
        yield seen
        while not await disconnected():
            changed = self._changed  # taken before the version is looked at, so no change slips between
            if self.version == seen:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(changed.wait(), 1.0)
            if self.version != seen:
                seen = self.version
                yield seen
                await asyncio.sleep(PAGE_GAP_SECONDS)  # the versions that come meanwhile are told as the last
