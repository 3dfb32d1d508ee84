"""The change feed: tells every open page when the state file changes, whoever changed it.

One watcher per server looks at the file's size and modification time every POLL_SECONDS
(and at once after a change made through this server), and reads its version only when
they moved, so an idle table costs almost nothing however many pages are open. The file is
read as every other input is (a regular file of bounded size: a pipe or a device put in its
place is reported, never read), in a worker thread, so the event loop keeps answering. A look
that one stat settles (the file is still the one its board was read from, or a change of this
server is saving it) is made on the event loop: no thread to wake for each change and each poll.

The watcher tells the pages itself, at most once every PAGE_GAP_SECONDS (a burst of changes
is one event, with the latest version), and wakes them PAGES_PER_TURN at a time, letting the
event loop answer requests between two batches: telling 200 pages at once would hold every
request behind 200 writes. Each page is a small stream of its own (`FeedResponse`), not a
generic event-stream response, whose extra tasks and timeouts for every event cost more than
the write itself.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import os
import time
from collections.abc import Callable
from pathlib import Path

from starlette.responses import Response
from starlette.types import Receive, Scope, Send

from solver.core.errors import BadInput
from solver.core.yamlio import read_input_bytes
from solver.table.store import StateFile, version_of

POLL_SECONDS = 0.1
PAGE_GAP_SECONDS = 0.25  # at least this between two events to one page: a burst of changes is one event
PAGES_PER_TURN = 20  # pages woken in one turn of the event loop
PING_SECONDS = 15.0  # a comment line this often keeps proxies from closing an idle stream
HEADERS = [(b"content-type", b"text/event-stream; charset=utf-8"), (b"cache-control", b"no-store"),
           (b"connection", b"keep-alive"), (b"x-accel-buffering", b"no")]
PING = b": ping\r\n\r\n"


@functools.lru_cache(maxsize=4)  # one event, however many pages it is told to
def state_event(version: str | None) -> bytes:
    return b"event: state\r\ndata: " + json.dumps({"version": version}).encode() + b"\r\n\r\n"


class Page:
    """One open stream: woken by the watcher when it has something to tell."""

    def __init__(self) -> None:
        self.wake = asyncio.Event()
        self.seen: str | None = None
        self.told_at: float | None = None  # when it was last told a version (monotonic)
        self.ping = False
        self.gone = False


class ChangeFeed:
    def __init__(self, path_of: Callable[[], Path | None]):
        self.path_of = path_of  # the state file may be chosen after the server started
        self.version: str | None = None
        self.problem: str | None = None  # why the file cannot be read now (a pipe put in its place, ...)
        self.pages: set[Page] = set()
        self.closing = False  # set by `close`: the server is stopping
        self._stamp: tuple[str, int, int] | None = None
        self._poke = asyncio.Event()
        self._watcher: asyncio.Task[None] | None = None
        self._first_look: asyncio.Task[bool] | None = None
        self._looking = asyncio.Lock()  # one look at a time (a read of the file in a worker thread)

    def _look(self, on_the_loop: bool = False) -> bool | None:
        """Read the version when the file's stamp moved; True when the version changed. On the event
        loop (`on_the_loop`), only a stat: None when the version needs the file read (in a thread)."""
        path = self.path_of()
        held = StateFile(path).held() if path else None
        if held is not None:  # a change of this server is saving the file: its board is the board until then
            self._stamp, self.problem = None, None  # looked at again when the change pokes the feed, done
            return self._now(held.version)
        try:
            stat = os.stat(path) if path else None
        except OSError:
            stat = None
        stamp = (str(path), stat.st_mtime_ns, stat.st_size) if stat else None
        if stamp == self._stamp:
            return False
        known = StateFile(path).last_read() if path and stat else None
        if known is None and path and stat and on_the_loop:
            return None
        self._stamp, self.problem = stamp, None
        if known is not None or not (path and stat):
            return self._now(known.version if known else None)
        assert path is not None
        changed = self._now(self._version_of(path))
        if changed and self.version:
            with contextlib.suppress(BadInput):  # every page asks for the new board now: parse it once, first
                StateFile(path).read()
        return changed

    def _now(self, version: str | None) -> bool:
        """The version is now `version`: whether that is a change."""
        changed, self.version = version != self.version, version
        return changed

    def _version_of(self, path: Path) -> str | None:
        try:
            return version_of(read_input_bytes(path))
        except BadInput as error:
            self.problem = str(error)
            return None

    async def _watch(self) -> None:
        pinged = time.monotonic()
        while not self.closing:
            if await self._look_now():
                await self._tell(self.pages)
                await asyncio.sleep(PAGE_GAP_SECONDS)  # the versions that come meanwhile are told as the last
            if time.monotonic() - pinged >= PING_SECONDS:
                pinged = time.monotonic()
                for page in self.pages:
                    page.ping = True
                await self._tell(self.pages)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._poke.wait(), POLL_SECONDS)
            self._poke.clear()
        for page in self.pages:
            page.gone = True
        await self._tell(self.pages)

    def close(self) -> None:
        """End every stream (within POLL_SECONDS): the server is stopping. Only sets a flag, so a
        signal handler may call it."""
        self.closing = True

    async def _tell(self, pages: set[Page]) -> None:
        """Wake every page, a batch per turn of the event loop."""
        for count, page in enumerate(list(pages), 1):
            page.wake.set()
            if count % PAGES_PER_TURN == 0:
                await asyncio.sleep(0)

    def poke(self) -> None:
        """Look now: this server just changed the file."""
        self._poke.set()

    async def _look_now(self) -> bool:
        """A look: on the event loop when a stat tells (the board read last is the file's), else in a thread."""
        async with self._looking:
            quick = self._look(on_the_loop=True)
            return quick if quick is not None else bool(await asyncio.to_thread(self._look))

    async def _start(self) -> None:
        """Start the one watcher (once, however many pages open at the same moment), after its first look."""
        if self._watcher is None or self._watcher.done():
            loop = asyncio.get_running_loop()
            self._first_look = loop.create_task(self._look_now())
            self._watcher = loop.create_task(self._watch())
        assert self._first_look is not None
        await self._first_look

    async def follow(self, page: Page, send: Send) -> None:
        """Tell `page` the current version, then each new one (and the pings), until it is gone."""
        await self._start()
        page.wake.set()
        while True:
            await page.wake.wait()
            page.wake.clear()
            if page.gone or self.closing:
                return
            if page.ping:
                page.ping = False
                await send({"type": "http.response.body", "body": PING, "more_body": True})
            if page.told_at is None or self.version != page.seen:
                await self._tell_page(page, send)

    async def _tell_page(self, page: Page, send: Send) -> None:
        # only a page opened just before a broadcast is woken sooner than the gap: it waits out the rest
        if page.told_at is not None and (wait := page.told_at + PAGE_GAP_SECONDS - time.monotonic()) > 0:
            await asyncio.sleep(wait)
        page.seen, page.told_at = self.version, time.monotonic()
        await send({"type": "http.response.body", "body": state_event(page.seen), "more_body": True})


class FeedResponse(Response):
    """The event stream of one page: `state` events from the feed until the page goes away."""

    def __init__(self, feed: ChangeFeed):
        super().__init__(status_code=200)
        self.feed = feed

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        await send({"type": "http.response.start", "status": 200, "headers": HEADERS})
        if scope["method"] == "HEAD":  # headers only: a stream would never end
            await send({"type": "http.response.body", "body": b"", "more_body": False})
            return
        page = Page()
        self.feed.pages.add(page)
        gone = asyncio.get_running_loop().create_task(_until_gone(receive, page))
        try:
            await self.feed.follow(page, send)
        finally:
            self.feed.pages.discard(page)
            gone.cancel()
        await send({"type": "http.response.body", "body": b"", "more_body": False})  # a page gone: nothing sent


async def _until_gone(receive: Receive, page: Page) -> None:
    while (await receive())["type"] != "http.disconnect":
        pass
    page.gone = True
    page.wake.set()
