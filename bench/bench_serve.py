"""Benchmark: the served table under load, beside the quiet round trip of the same check, in one run.

  quiet       - one client, POST /api/check {"card": 38} back to back on the rulebook's rule 4 board
  paced       - 40 clients, each sending a check or a change every 100 ms (about 400 requests a
                second), while 200 pages hold the change feed (/api/events) open
  saturation  - the same 40 clients back to back, the 200 pages still listening

A change is a play of card 38 when the board a client last saw has no move, else an undo of
it, each decided on that board's version (so most lose the race: 409, refused, never applied).
Every acknowledged change must be in the history exactly once: each acknowledgement answers a
board with one move more (a play) or one fewer (an undo) than the board it was decided on, and
at the end the history holds (plays acknowledged - undos acknowledged) moves.

The server, the measured clients and the listening pages are three processes on loopback, so that
none waits on another's interpreter; every client and page has a connection of its own, opened
(and every page listening) before the clock starts. A round trip is timed from just before the
request is written to just after its answer is read and decoded: what the person at that device
waits on. The clients speak HTTP/1.1 themselves, a request written and its answer read by its
Content-Length on one kept-alive connection, quiet and loaded alike: httpx's async client took
about as much CPU a request as the server's answer (ten times this client's), so that the load generator
competed with the server for the machine's two cores, and 40 clients on one loop waited on each
other's parsing, neither of which a person at a device of their own waits on. The pages read their
event streams the same way. Goals: paced p99 <= 10x the quiet round trip (its p50); the slowest
request under saturation < 1 s; 0 lost or doubled changes. Beside each load, the server's own CPU
time a request (from /proc, every thread): unlike a latency, the machine's other work does not
inflate it. And the server's side of each load, measured in its process around the app: the app's own
time for checks and for changes (what neither the HTTP parsing nor the event loop's queue adds), and
how late the event loop ran a 1 ms sleep (how long something else held it).

With --history N the game has N earlier moves (a late game), so that every save writes them too.

    python bench/bench_serve.py [--seconds 10] [--clients 40] [--streams 200] [--history 0]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import multiprocessing
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from multiprocessing import Process, Queue
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.loopback import free_port  # noqa: E402
from solver.core.yamlio import dump_yaml  # noqa: E402
from solver.table.state import new_game  # noqa: E402

RULE_4 = {"break-in": ["Oberhausen", "Obermoschel", "Meisenheim", "Lettweiler"]}
SERVER = """
import sys, uvicorn
from pathlib import Path
from bench.bench_serve import Probe
from solver.web.app import TableConfig, create_app
state = Path(sys.argv[1])
uvicorn.run(Probe(create_app(TableConfig(state_path=state, folder=state.parent))), host="127.0.0.1",
            port=int(sys.argv[2]), log_level="warning", backlog=2048)
"""
FIGURES = "/bench/figures"  # answered by the probe around the app, never by the app


class Probe:
    """Around the served app, in the server's process: how long the app took over each request
    (from the call of the app to its answer: what the HTTP parsing and the event loop's queue do
    not add), and how late the event loop ran a 1 ms sleep (what blocked it). GET FIGURES answers
    both, since the last time it was asked, and starts them again."""

    def __init__(self, app: Any) -> None:
        self.app, self.lags, self.times = app, list[float](), dict[str, list[float]]()
        self.probing: asyncio.Task[None] | None = None

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        if self.probing is None:
            self.probing = asyncio.get_running_loop().create_task(self._probe())
        if scope["path"] == FIGURES:
            return await self._figures(send)
        started = time.perf_counter()
        try:
            await self.app(scope, receive, send)
        finally:
            self.times.setdefault(scope["path"], []).append(time.perf_counter() - started)

    async def _probe(self) -> None:
        while True:
            started = time.perf_counter()
            await asyncio.sleep(0.001)
            self.lags.append(time.perf_counter() - started - 0.001)

    async def _figures(self, send: Any) -> None:
        body = json.dumps({"lags": self.lags, "times": self.times}).encode()
        self.lags, self.times = [], {}
        await send({"type": "http.response.start", "status": 200,
                    "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]})
        await send({"type": "http.response.body", "body": body})


def start_server(folder: Path, earlier: int = 0) -> tuple[subprocess.Popen[bytes], str]:
    data = new_game(["Anna", "Ben"]).to_dict()
    data["markers"] = RULE_4
    data["history"] = [_a_play_of_38()] * earlier
    state = folder / "game.yaml"
    state.write_text(dump_yaml(data), encoding="utf-8")
    port = free_port()
    server = subprocess.Popen([sys.executable, "-c", SERVER, str(state), str(port)], cwd=ROOT,
                              env={**os.environ, "PYTHONPATH": str(ROOT)})
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            if httpx.get(url + "/api/state", timeout=1).status_code == 200:
                return server, url
        except httpx.HTTPError:
            time.sleep(0.1)
    server.kill()
    raise RuntimeError("the server did not start")


def _a_play_of_38() -> dict[str, Any]:
    """The history entry of card 38 played on the rule 4 board (a late game's earlier moves, as
    `--history` writes them: the board does not show them, and they are never undone)."""
    from solver.core.board import load_board
    from solver.core.deck import load_deck
    from solver.table.rules import play
    from solver.table.state import parse_state

    game = new_game(["Anna", "Ben"]).to_dict()
    game["markers"] = RULE_4
    state = parse_state(dump_yaml(game), "game.yaml")
    play(state, load_deck().clue(38), load_board(), 38)
    return state.history[-1].to_dict()


EARLIER = 0  # moves in the history before the loads start (--history): the clients play and undo above them


@dataclass
class Load:
    latencies: list[float] = field(default_factory=list)
    change_latencies: list[float] = field(default_factory=list)
    plays: int = 0  # acknowledged
    undos: int = 0
    doubled: int = 0  # acknowledgements whose board is not one move from the board decided on
    statuses: dict[int, int] = field(default_factory=dict)
    events: int = 0
    failed_streams: int = 0
    cpu: float = 0.0  # the server's CPU seconds while the clients ran
    inside: dict[str, list[float]] = field(default_factory=dict)  # the app's own time, by route
    lags: list[float] = field(default_factory=list)  # how late the event loop ran a 1 ms sleep


class Connection:
    """One kept-alive HTTP/1.1 connection to the server: a request written, its answer read by its
    Content-Length (the event stream, by its chunks)."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, host: str):
        self.reader, self.writer, self.host = reader, writer, host

    @classmethod
    async def open(cls, url: str) -> Connection:
        host = url.removeprefix("http://")
        name, port = host.rsplit(":", 1)
        reader, writer = await asyncio.open_connection(name, int(port))
        return cls(reader, writer, host)

    def send(self, method: str, path: str, document: object = None) -> None:
        body = b"" if document is None else json.dumps(document).encode()
        kind = b"content-type: application/json\r\n" if document is not None else b""
        self.writer.write(f"{method} {path} HTTP/1.1\r\nhost: {self.host}\r\n".encode() + kind
                          + f"content-length: {len(body)}\r\n\r\n".encode() + body)

    async def head(self) -> tuple[int, dict[bytes, bytes]]:
        lines = (await self.reader.readuntil(b"\r\n\r\n")).split(b"\r\n")
        headers = dict(line.lower().split(b": ", 1) for line in lines[1:] if line)
        return int(lines[0].split()[1]), headers

    async def request(self, method: str, path: str, document: object = None) -> tuple[int, Any]:
        self.send(method, path, document)
        status, headers = await self.head()
        body = await self.reader.readexactly(int(headers[b"content-length"]))
        return status, json.loads(body)

    async def chunks(self) -> AsyncIterator[bytes]:
        """The chunks of a streamed answer (after its head), until it ends."""
        while size := int(await self.reader.readline(), 16):
            yield (await self.reader.readexactly(size + 2))[:-2]

    async def close(self) -> None:
        self.writer.close()
        with contextlib.suppress(OSError):
            await self.writer.wait_closed()


async def change(client: Connection, seen: dict[str, Any], load: Load) -> None:
    version, moves = seen["version"], seen["moves"]
    started = time.perf_counter()
    async with asyncio.timeout(30):
        if moves:
            status, document = await client.request("POST", "/api/undo", {"version": version})
        else:
            status, document = await client.request("POST", "/api/play", {"card": 38, "version": version})
    load.latencies.append(time.perf_counter() - started)
    load.change_latencies.append(load.latencies[-1])
    load.statuses[status] = load.statuses.get(status, 0) + 1
    state = document.get("state")
    if state is not None:
        seen["version"], seen["moves"] = state["version"], len(state["history"]) - EARLIER
    if status == 200:
        if len(state["history"]) - EARLIER != moves + (-1 if moves else 1):
            load.doubled += 1
        if moves:
            load.undos += 1
        else:
            load.plays += 1


async def check(client: Connection, load: Load) -> None:
    started = time.perf_counter()
    async with asyncio.timeout(30):
        status, _ = await client.request("POST", "/api/check", {"card": 38})
    load.latencies.append(time.perf_counter() - started)
    load.statuses[status] = load.statuses.get(status, 0) + 1


async def client_loop(client: Connection, seconds: float, period: float | None, load: Load, seed: int) -> None:
    chance = random.Random(seed)
    state = (await client.request("GET", "/api/state"))[1]
    seen: dict[str, Any] = {"version": state["version"], "moves": len(state["history"]) - EARLIER}
    end = time.monotonic() + seconds
    tick = time.monotonic() + chance.random() * (period or 0)
    while time.monotonic() < end:
        if period is not None:
            await asyncio.sleep(max(0.0, tick - time.monotonic()))
            tick += period
        if chance.random() < 0.2:
            await change(client, seen, load)
        else:
            await check(client, load)


async def listen(url: str, counted: list[int], opened: asyncio.Event, streams: int, first: set[int]) -> None:
    page = await Connection.open(url)
    try:
        page.send("GET", "/api/events")
        await page.head()
        async for chunk in page.chunks():
            if b"event: state" in chunk:
                counted[0] += chunk.count(b"event: state")
                if len(first) < streams:
                    first.add(id(page))
                    if len(first) == streams:
                        opened.set()
    finally:
        await page.close()


async def listen_all(url: str, streams: int, ready: Any, stop: Any) -> tuple[int, int]:
    """(events the pages received after they all were open, pages whose stream failed)."""
    counted, first = [0], set[int]()
    opened = asyncio.Event()
    listeners = [asyncio.create_task(listen(url, counted, opened, streams, first)) for _ in range(streams)]
    if streams:
        await opened.wait()
    counted[0] = 0
    ready.set()
    while not stop.is_set():
        await asyncio.sleep(0.05)
    failed = sum(1 for task in listeners if task.done())
    for task in listeners:
        task.cancel()
    await asyncio.gather(*listeners, return_exceptions=True)
    return counted[0], failed


def pages(url: str, streams: int, ready: Any, stop: Any, events: Queue[tuple[int, int]]) -> None:
    """The pages holding the change feed open, in a process of their own: reading their events
    must not delay the clients whose round trips are measured."""
    events.put(asyncio.run(listen_all(url, streams, ready, stop)))


async def run_load(url: str, clients: int, streams: int, seconds: float, period: float | None, server: int) -> Load:
    load = Load()
    events: Queue[tuple[int, int]] = Queue()
    ready, stop = multiprocessing.Event(), multiprocessing.Event()
    listening = Process(target=pages, args=(url, streams, ready, stop, events))
    listening.start()
    if streams:
        ready.wait(120)  # every page open and told the first version before the clock starts
    measured = [await Connection.open(url) for _ in range(clients)]
    httpx.get(url + FIGURES)  # the figures of this load only
    used = cpu_seconds(server)
    await asyncio.gather(*(client_loop(client, seconds, period, load, seed) for seed, client in enumerate(measured)))
    load.cpu = cpu_seconds(server) - used
    figures = httpx.get(url + FIGURES).json()
    load.inside, load.lags = figures["times"], figures["lags"]
    for client in measured:
        await client.close()
    stop.set()
    load.events, load.failed_streams = events.get()
    listening.join()
    return load


async def quiet(url: str, times: int) -> list[float]:
    """The round trips of one client alone, through the same connection code as the loaded ones."""
    found = []
    client = await Connection.open(url)
    for _ in range(times):
        started = time.perf_counter()
        status, _ = await client.request("POST", "/api/check", {"card": 38})
        found.append(time.perf_counter() - started)
        assert status == 200, status
    await client.close()
    return found


def cpu_seconds(pid: int) -> float:
    """The CPU time (user and system, every thread) process `pid` has used so far: a figure of the
    server's own work, which the machine's other load does not inflate as it does a latency."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def lost_or_doubled(url: str, load: Load, moves_before: int) -> tuple[int, int]:
    history = len(httpx.get(url + "/api/state").json()["history"])
    expected = moves_before + load.plays - load.undos
    return abs(history - expected), load.doubled


def _checks_of(load: Load) -> list[float]:
    changes = set(load.change_latencies)
    return [value for value in load.latencies if value not in changes]


def row(name: str, values: list[float], extra: str = "") -> str:
    ms = [value * 1000 for value in values]
    return (f"{name:<12} {len(ms):>7} {statistics.median(ms):>8.2f} {percentile(ms, 0.99):>8.2f} "
            f"{max(ms):>8.2f}  {extra}")


def inside_line(load: Load) -> str:
    """The server's side of a load: the app's own time for checks and changes, and the event loop's lateness."""
    def ms(values: list[float]) -> str:
        return f"{statistics.median(values) * 1000:.2f} / {percentile(values, 0.99) * 1000:.2f}" if values else "-"

    changes = load.inside.get("/api/play", []) + load.inside.get("/api/undo", [])
    checks = load.inside.get("/api/check", [])
    blocked = [lag for lag in load.lags if lag >= 0.005]
    late = percentile(load.lags, 0.99) * 1000 if load.lags else 0.0
    return (f"{'':<12} in the app, p50 / p99 ms: checks {ms(checks)}, changes {ms(changes)}; "
            f"event loop late p99 {late:.2f} ms, max {max(load.lags, default=0) * 1000:.1f} ms, "
            f"5 ms or more {len(blocked)} times ({sum(blocked) * 1000:.0f} ms)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="how long each load runs")
    parser.add_argument("--clients", type=int, default=40)
    parser.add_argument("--streams", type=int, default=200, help="pages holding /api/events open")
    parser.add_argument("--history", type=int, default=0,
                        help="earlier moves in the game's history (a late game: every save writes them)")
    args = parser.parse_args()
    global EARLIER
    EARLIER = args.history
    with tempfile.TemporaryDirectory() as folder:
        server, url = start_server(Path(folder), args.history)
        try:
            calm = asyncio.run(quiet(url, 300))
            paced = asyncio.run(run_load(url, args.clients, args.streams, args.seconds, 0.1, server.pid))
            paced_faults = lost_or_doubled(url, paced, args.history)
            moves = len(httpx.get(url + "/api/state").json()["history"])
            busy = asyncio.run(run_load(url, args.clients, args.streams, args.seconds, None, server.pid))
            busy_faults = lost_or_doubled(url, busy, moves)
        finally:
            server.terminate()
            server.wait(10)
    print(f"{'load':<12} {'requests':>7} {'p50 ms':>8} {'p99 ms':>8} {'max ms':>8}  changes acknowledged")
    print(row("quiet", calm))
    for name, load, faults in (("paced", paced, paced_faults), ("saturation", busy, busy_faults)):
        rate = len(load.latencies) / args.seconds
        checks = _checks_of(load)
        print(row("  checks", checks))
        print(row("  changes", load.change_latencies))
        pages = f"{load.events} events to {args.streams} pages ({load.failed_streams} streams failed)"
        print(row(name, load.latencies, f"{load.plays} plays, {load.undos} undos; {rate:.0f} requests/s; "
                                        f"{pages}; statuses {load.statuses}; lost {faults[0]}, doubled {faults[1]}"))
        print(f"{'':<12} server CPU {load.cpu:.2f} s, {load.cpu / len(load.latencies) * 1000:.3f} ms a request")
        print(inside_line(load))
    base = statistics.median(calm)
    paced_p99 = percentile(paced.latencies, 0.99)
    slowest = max(busy.latencies)
    faults = sum(paced_faults) + sum(busy_faults)
    verdict = "met" if paced_p99 <= 10 * base else "NOT met"
    print(f"paced p99 / quiet p50: {paced_p99 / base:.1f}x (goal <= 10x): {verdict}")
    print(f"slowest request under saturation: {slowest * 1000:.0f} ms (goal < 1000 ms): "
          f"{'met' if slowest < 1.0 else 'NOT met'}")
    print(f"lost or doubled changes: {faults} (goal 0): {'met' if faults == 0 else 'NOT met'}")


if __name__ == "__main__":
    main()
