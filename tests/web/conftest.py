"""Fixtures for the page tests: the app served by uvicorn on a free loopback port, and pages in a browser.

The server runs in a background thread of the test process on a temporary state file; the
browser is Debian's Chromium driven by Playwright. Without Playwright, uvicorn or Chromium
the page tests are skipped, with the reason; under CI (the environment variable CI set) such a
skip is a failure instead, so that a CI run without a browser cannot pass. Every page fails its
test on a JavaScript error or a console error, except the HTTP error statuses the test says it
provokes.

With SCHINDERHANNES_SHOTS=FOLDER set, `shot(page, name)` saves screenshots there.
"""

from __future__ import annotations

import os
import re
import shutil
import socket
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from solver.core.yamlio import dump_yaml
from solver.table.state import new_game

# Generous waits: tests never assert on wall-clock time (a busy CI machine is slow, not wrong);
# how fast a change reaches another page is measured by bench/bench_table.py.
WAIT_MS = 20_000

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
HTTP_ERROR = re.compile(r"Failed to load resource: the server responded with a status of (\d+)")


def browser_tests_required() -> bool:
    """Whether the page tests must run (CI set and not "0" or "false"): then a skip fails."""
    return os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")


def _skip_reason(report: pytest.TestReport | pytest.CollectReport) -> str:
    longrepr = report.longrepr
    return str(longrepr[2]) if isinstance(longrepr, tuple) and len(longrepr) == 3 else str(longrepr)


def _fail_the_skip(report: pytest.TestReport | pytest.CollectReport) -> None:
    if report.skipped and browser_tests_required() and not hasattr(report, "wasxfail"):
        reason = _skip_reason(report)
        report.outcome = "failed"
        report.longrepr = f"CI is set, so the browser tests must run, but this was skipped: {reason}"


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    outcome = yield
    _fail_the_skip(outcome.get_result())  # type: ignore[attr-defined]


@pytest.hookimpl(hookwrapper=True)
def pytest_make_collect_report(collector: pytest.Collector) -> Iterator[None]:
    outcome = yield
    _fail_the_skip(outcome.get_result())  # type: ignore[attr-defined]


def write_state(path: Path, markers: dict[str, list[str]] | None = None, players: tuple[str, ...] = ("Anna", "Ben"),
                **extra: Any) -> Path:
    """A new game's state file with markers (and any other keys) written straight into it."""
    data = new_game(list(players)).to_dict()
    data["markers"] = markers or {}
    data.update(extra)
    path.write_text(dump_yaml(data), encoding="utf-8")
    return path


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@dataclass
class Served:
    url: str
    state_path: Path | None


@pytest.fixture
def serve(tmp_path: Path) -> Iterator[Callable[..., Served]]:
    """serve(state_path, token=None) starts the app in a thread; every server stops when the test ends."""
    uvicorn = pytest.importorskip("uvicorn")
    from solver.web.app import TableConfig, create_app

    servers: list[tuple[Any, threading.Thread]] = []

    def start(state_path: Path | None = None, token: str | None = None) -> Served:
        app = create_app(TableConfig(state_path=state_path, token=token, folder=tmp_path))
        port = free_port()
        config = uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning", lifespan="off",
                                timeout_graceful_shutdown=1)
        server = uvicorn.Server(config)
        thread = threading.Thread(target=server.run, daemon=True)
        thread.start()
        deadline = time.monotonic() + 10
        while not server.started:
            if time.monotonic() > deadline or not thread.is_alive():
                raise RuntimeError("the test server did not start")
            time.sleep(0.02)
        servers.append((server, thread))
        return Served(f"http://127.0.0.1:{port}", state_path)

    yield start
    for server, _ in servers:
        server.should_exit = True
    for _, thread in servers:
        thread.join(timeout=5)


@pytest.fixture(scope="module")  # not the session's: Playwright's loop would stay running for the async tests after
def browser() -> Iterator[Any]:
    pytest.importorskip("playwright")
    executable = shutil.which("chromium")
    if executable is None:
        pytest.skip("Chromium is not installed")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=executable)
        yield launched
        launched.close()


@dataclass
class Watched:
    """A page and what went wrong on it."""

    page: Any
    allowed: set[int]
    problems: list[str] = field(default_factory=list)

    def console(self, message: Any) -> None:
        if message.type != "error":
            return
        status = HTTP_ERROR.search(message.text)
        if status and int(status.group(1)) in self.allowed:
            return
        self.problems.append(f"console error: {message.text} ({message.location.get('url')})")


@pytest.fixture
def open_page(browser: Any, serve: Callable[..., Served]) -> Iterator[Callable[..., Any]]:
    """open_page(url, viewport, allow=(409,)) opens a page in a fresh browser context and waits for the board."""
    watched: list[Watched] = []
    contexts: list[Any] = []

    def open_(url: str, viewport: dict[str, int] = PHONE, allow: tuple[int, ...] = (), wait: str = ".location") -> Any:
        context = browser.new_context(viewport=viewport)
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(WAIT_MS)
        watch = Watched(page, set(allow))
        page.on("console", watch.console)
        page.on("pageerror", lambda error: watch.problems.append(f"page error: {error}"))
        watched.append(watch)
        page.goto(url)
        if wait:
            page.wait_for_selector(wait)
        return page

    yield open_
    for context in contexts:
        context.close()
    problems = [problem for watch in watched for problem in watch.problems]
    assert not problems, "\n".join(problems)


def shot(page: Any, name: str) -> None:
    """Save a full-page screenshot when SCHINDERHANNES_SHOTS names a folder."""
    folder = os.environ.get("SCHINDERHANNES_SHOTS")
    if folder:
        size = page.viewport_size
        page.screenshot(path=str(Path(folder) / f"{name}-{size['width']}.png"), full_page=True)


def local_client(config: Any, raise_server_exceptions: bool = True) -> Any:
    """The app under Starlette's test client, addressed as a browser on this machine addresses it
    (`Host: localhost`) and sending JSON bodies as the page does."""
    from starlette.testclient import TestClient

    from solver.web.app import create_app

    return TestClient(create_app(config), raise_server_exceptions=raise_server_exceptions,
                      base_url="http://localhost", headers={"content-type": "application/json"})
