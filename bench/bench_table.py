"""Benchmark: table mode served over loopback, next to the same work done in-process.

  check round trip  - POST /api/check {"card": 38} on the rulebook's rule 4 board, through a real
                      uvicorn server and an HTTP client with keep-alive; baseline: the same check
                      called in-process (load the state file, check, build the JSON), and the
                      same round trip to a route that does nothing (what HTTP alone costs). Both
                      servers run in processes of their own, as `serve` does (a server thread in
                      the client's interpreter would make each answer wait for the other's turn
                      at the interpreter lock); the check in-process and the two round trips are
                      timed in turn, one of each after another, so that all three meet the machine
                      as it is then (caches taken by the others, a change in its speed). The check
                      in-process is also timed on its own, back to back, beside them
  change to a page  - from POST /api/play to the `state` event reaching a second client on /api/events
  page drawn        - from opening / in Chromium to the board drawn with its markers (needs Playwright
                      and Chromium; skipped without them)

Goals: check p95 <= 30 ms and within 2x of in-process; a change reaches another page within 1 s.

    python bench/bench_table.py [--checks 1000] [--changes 20] [--pages 5]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import httpx

from bench.loopback import free_port
from solver.core.board import load_board
from solver.core.deck import load_deck
from solver.core.yamlio import dump_yaml
from solver.documents.table import check_document
from solver.table.cardref import numbered_card
from solver.table.state import load_state, new_game
from solver.web.events import PAGE_GAP_SECONDS

ROOT = Path(__file__).resolve().parent.parent
SERVED = """
import sys, uvicorn
from pathlib import Path
from solver.web.app import TableConfig, create_app
uvicorn.run(create_app(TableConfig(state_path=Path(sys.argv[2]))), host="127.0.0.1", port=int(sys.argv[1]),
            log_level="warning")
"""
FLOOR = """
import sys, uvicorn
from starlette.applications import Starlette
from starlette.responses import JSONResponse
from starlette.routing import Route

async def nothing(request):
    return JSONResponse({})

uvicorn.run(Starlette(routes=[Route("/nothing", nothing, methods=["POST"])]), host="127.0.0.1",
            port=int(sys.argv[1]), log_level="warning")
"""

RULE_4 = {"break-in": ["Oberhausen", "Obermoschel", "Meisenheim", "Lettweiler"]}


def rule_4_state(folder: Path) -> Path:
    data = new_game(["Anna", "Ben"]).to_dict()
    data["markers"] = RULE_4
    path = folder / "game.yaml"
    path.write_text(dump_yaml(data), encoding="utf-8")
    return path


@contextmanager
def server(code: str, state: Path, ready: str) -> Iterator[str]:
    """A uvicorn server running `code` in a process of its own; yields its address once `ready` answers."""
    port = free_port()
    process = subprocess.Popen([sys.executable, "-c", code, str(port), str(state)], cwd=ROOT,
                               env={**os.environ, "PYTHONPATH": str(ROOT)})
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                httpx.post(base + ready, json={"card": 38}, timeout=1)
                break
            except httpx.HTTPError:
                if time.monotonic() > deadline or process.poll() is not None:
                    raise RuntimeError("the server did not start") from None
                time.sleep(0.05)
        yield base
    finally:
        process.terminate()
        try:
            process.wait(5)
        except subprocess.TimeoutExpired:  # uvicorn waits for an event stream a listener still holds open
            process.kill()
            process.wait()


def p95_of(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]


def summary(values: list[float]) -> str:
    ordered = sorted(values)
    return f"p50 {statistics.median(ordered):6.2f} ms   p95 {p95_of(ordered):6.2f} ms   max {ordered[-1]:6.2f} ms"


def in_turn(works: list[Callable[[], object]], times: int) -> list[list[float]]:
    """Each work timed `times` times (ms), one of each after another."""
    for work in works:  # warm: the first call of each pays its imports and caches
        work()
    found: list[list[float]] = [[] for _ in works]
    for _ in range(times):
        for work, into in zip(works, found, strict=True):
            start = time.perf_counter()
            work()
            into.append((time.perf_counter() - start) * 1000)
    return found


def in_process_check(state_path: Path) -> Callable[[], object]:
    board, deck = load_board(), load_deck()

    def check() -> object:
        state = load_state(state_path)
        ref = numbered_card(38, deck)
        return json.dumps(check_document(state, ref, board)[1])

    return check


def change_latency(base: str, changes: int) -> list[float]:
    """Play and undo card 38 again and again; time each change until the other client hears of it."""
    heard: list[float] = []
    event = threading.Event()
    stop = threading.Event()

    def listen() -> None:
        with httpx.Client(timeout=None) as listener, listener.stream("GET", base + "/api/events") as stream:
            for line in stream.iter_lines():
                if line.startswith("event: state"):
                    heard.append(time.perf_counter())
                    event.set()
                if stop.is_set():
                    return

    threading.Thread(target=listen, daemon=True).start()
    event.wait(5)
    found = []
    with httpx.Client() as client:
        for index in range(changes):
            time.sleep(PAGE_GAP_SECONDS)  # a move at a table, not a burst (a burst is told once a quarter second)
            event.clear()
            version = client.get(base + "/api/state").json()["version"]
            path, body = ("/api/play", {"card": 38}) if index % 2 == 0 else ("/api/undo", {})
            start = time.perf_counter()
            client.post(base + path, json={**body, "version": version}).raise_for_status()
            if event.wait(5):
                found.append((heard[-1] - start) * 1000)
    stop.set()
    return found


def page_drawn(base: str, times: int) -> list[float] | None:
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        return None
    executable = shutil.which("chromium")
    if executable is None:
        return None
    found = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=executable)
        for _ in range(times):
            page = browser.new_page(viewport={"width": 390, "height": 844})
            start = time.perf_counter()
            page.goto(base + "/")
            page.wait_for_selector("svg [data-delict]", timeout=10_000)
            found.append((time.perf_counter() - start) * 1000)
            page.close()
        browser.close()
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--checks", type=int, default=1000)
    parser.add_argument("--changes", type=int, default=20)
    parser.add_argument("--pages", type=int, default=5)
    options = parser.parse_args()
    folder = Path(tempfile.mkdtemp())
    state = rule_4_state(folder)
    with server(FLOOR, state, "/nothing") as floor_base, server(SERVED, state, "/api/check") as base, \
            httpx.Client() as client:
        warm, = in_turn([in_process_check(state)], options.checks)  # on its own, back to back
        local, floor, served_checks = in_turn([
            in_process_check(state),
            lambda: client.post(floor_base + "/nothing", json={"card": 38}).raise_for_status(),
            lambda: client.post(base + "/api/check", json={"card": 38}).raise_for_status(),
        ], options.checks)
        latency = change_latency(base, options.changes)
        drawn = page_drawn(base, options.pages)
    print(f"card check, rule 4 board, {options.checks} times, the three below in turn")
    print(f"  in-process (baseline)   {summary(local)}")
    print(f"  HTTP floor (empty route) {summary(floor)}")
    print(f"  POST /api/check         {summary(served_checks)}")
    print(f"  in-process, on its own  {summary(warm)} (back to back: its caches warm, as no request finds them)")
    ratio = statistics.median(served_checks) / statistics.median(local)
    print(f"  served / in-process     {ratio:.2f}x at the median (goal: p95 <= 30 ms, within 2x)")
    above = statistics.median(served_checks) - statistics.median(floor)
    above_p95 = p95_of(served_checks) - p95_of(floor)
    met = above <= statistics.median(local) and above_p95 <= p95_of(local)
    print(f"  served - HTTP floor     {above:.2f} ms at the median, {above_p95:.2f} ms at p95 (the check's own "
          f"cost when served; goal: at most the in-process check's, p50 and p95: {'met' if met else 'NOT met'}; "
          f"the check on its own: {statistics.median(warm):.2f} and {p95_of(warm):.2f} ms)")
    print(f"change reaching a second client, {len(latency)} changes")
    print(f"  play/undo -> SSE event  {summary(latency)} (goal: within 1 s)")
    if not drawn:
        print("page drawn: skipped (needs playwright and chromium)")
    else:
        print(f"page load to a drawn board, {len(drawn)} loads at 390x844")
        print(f"  open / -> markers drawn {summary(drawn)}")


if __name__ == "__main__":
    main()
