"""The change feed (`/api/events`) driven directly: what each page is told, and when it ends."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest

from solver.table.store import StateFile
from solver.web import events
from solver.web.events import ChangeFeed, FeedResponse
from tests.web.conftest import write_state

RULE_4_MARKERS = {"break-in": ["Oberhausen", "Obermoschel", "Meisenheim", "Lettweiler"]}
WAIT = 10.0  # seconds a test waits for what the feed must do (a bound on a hang, never a measure)


class FakePage:
    """One page's ASGI side: what the server sent it, and a way to go away."""

    def __init__(self, feed: ChangeFeed, method: str = "GET"):
        self.sent: list[dict[str, Any]] = []
        self.arrived = asyncio.Event()
        self.leave = asyncio.Event()
        self.asked = False
        scope = {"type": "http", "method": method, "path": "/api/events", "headers": []}
        self.task = asyncio.get_running_loop().create_task(FeedResponse(feed)(scope, self.receive, self.send))

    async def receive(self) -> dict[str, Any]:
        if not self.asked:
            self.asked = True
            return {"type": "http.request", "body": b"", "more_body": False}
        await self.leave.wait()
        return {"type": "http.disconnect"}

    async def send(self, message: dict[str, Any]) -> None:
        self.sent.append(message)
        self.arrived.set()

    def versions(self) -> list[str | None]:
        found = []
        for message in self.sent[1:]:
            for line in message["body"].decode().splitlines():
                if line.startswith("data: "):
                    found.append(json.loads(line.removeprefix("data: "))["version"])
        return found

    async def told(self, version: str | None) -> None:
        async def until() -> None:
            while version not in self.versions():
                self.arrived.clear()
                await self.arrived.wait()

        await asyncio.wait_for(until(), WAIT)


def _play(game: Path) -> str:
    from solver.table.rules import pass_turn

    store = StateFile(game)
    with store.change() as state:
        pass_turn(state)
    assert store.changed is not None
    return store.changed.version


@pytest.fixture
def game(tmp_path: Path) -> Path:
    return write_state(tmp_path / "game.yaml", RULE_4_MARKERS)


def test_every_page_is_told_the_version_then_each_change(game: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(events, "PAGES_PER_TURN", 7)  # several batches

    async def scenario() -> None:
        feed = ChangeFeed(lambda: game)
        pages = [FakePage(feed) for _ in range(30)]
        first = StateFile(game).read().version
        for page in pages:
            await page.told(first)
        assert pages[0].sent[0]["status"] == 200
        assert (b"content-type", b"text/event-stream; charset=utf-8") in pages[0].sent[0]["headers"]
        after = _play(game)
        feed.poke()
        for page in pages:
            await page.told(after)
            assert page.versions() == [first, after]
        feed.close()
        await asyncio.wait_for(asyncio.gather(*(page.task for page in pages)), WAIT)
        assert not feed.pages
        assert all(page.sent[-1] == {"type": "http.response.body", "body": b"", "more_body": False} for page in pages)

    asyncio.run(scenario())


def test_a_burst_of_changes_ends_with_the_latest_version(game: Path) -> None:
    async def scenario() -> None:
        feed = ChangeFeed(lambda: game)
        page = FakePage(feed)
        await page.told(StateFile(game).read().version)
        for _ in range(5):
            latest = _play(game)
            feed.poke()
            await asyncio.sleep(0.01)
        await page.told(latest)
        assert page.versions()[-1] == latest
        assert len(page.versions()) == len(set(page.versions()))  # never the same version twice in a row
        feed.close()
        await asyncio.wait_for(page.task, WAIT)

    asyncio.run(scenario())


def test_a_page_that_goes_away_leaves_the_feed(game: Path) -> None:
    async def scenario() -> None:
        feed = ChangeFeed(lambda: game)
        staying, leaving = FakePage(feed), FakePage(feed)
        await leaving.told(StateFile(game).read().version)
        leaving.leave.set()
        await asyncio.wait_for(leaving.task, WAIT)
        assert len(feed.pages) == 1
        after = _play(game)
        feed.poke()
        await staying.told(after)
        assert after not in leaving.versions()
        feed.close()
        await asyncio.wait_for(staying.task, WAIT)

    asyncio.run(scenario())


def test_head_gets_the_headers_and_no_stream(game: Path) -> None:
    async def scenario() -> None:
        feed = ChangeFeed(lambda: game)
        page = FakePage(feed, method="HEAD")
        await asyncio.wait_for(page.task, WAIT)
        assert [message["type"] for message in page.sent] == ["http.response.start", "http.response.body"]
        assert page.sent[1] == {"type": "http.response.body", "body": b"", "more_body": False}
        assert not feed.pages

    asyncio.run(scenario())


def test_a_missing_file_is_told_as_no_version(tmp_path: Path) -> None:
    async def scenario() -> None:
        feed = ChangeFeed(lambda: tmp_path / "none.yaml")
        page = FakePage(feed)
        await page.told(None)
        feed.close()
        await asyncio.wait_for(page.task, WAIT)

    asyncio.run(scenario())


def test_a_change_being_saved_is_announced_only_once_it_is_done(game: Path) -> None:
    """The feed looks while a change of this server holds the lock, its new file renamed in place
    but its folder not synced: the pages are told the board it was decided on, then, once it is
    done and pokes the feed, the new one."""
    from solver.table.rules import pass_turn

    async def scenario() -> None:
        feed = ChangeFeed(lambda: game)
        page = FakePage(feed)
        first = StateFile(game).read().version
        await page.told(first)
        store = StateFile(game)
        with store.change(first) as state:
            pass_turn(state)
            held = StateFile(game).held()
            assert held is not None and held.version == first
            assert await feed._look_now() is False  # nothing new to tell: the board is still `first`
        assert store.changed is not None and StateFile(game).held() is None
        feed.poke()
        await page.told(store.changed.version)
        assert page.versions() == [first, store.changed.version]
        feed.close()
        await asyncio.wait_for(page.task, WAIT)

    asyncio.run(scenario())
