"""Benchmark: the lobby under load, 100 tables of 4 seats played at once, on SQLite served by one
process beside PostgreSQL served by two worker processes, with the same move made in-process, in
one run.

Each table has two people (seats 0 and 1), played by scripted clients over HTTP, and two bots (a
greedy one and a random one) that the server plays after each person's move. Every seat has its
table's event stream open (`GET /api/tables/{id}/events`: the people's pages, and two watchers in
the bots' seats), so each move is told to four pages. A person's client fetches its view on each
event, as a page does; when it is to move, it thinks (a pause, `--think` seconds on average), then
sends one of its legal actions at random with the view's version. One acknowledged move in twenty
is sent again at once, as a double click or a retry would: it must be refused (409), never applied
twice.

  round trip     - from just before a move's request is written to its answer read (the answer
                   comes after the bots' moves that follow it)
  to the others  - from the same moment to the event that tells its version reaching each of the
                   other three seats' streams (PostgreSQL: through NOTIFY, whichever worker each
                   connection reached)
  in-process     - the same kind of move made by calling Lobby.act directly on the same kind of
                   database (a table of the same seats, no HTTP, no other load)
  memory a table - the servers' resident memory (every worker's) after the run less before the
                   tables were made, divided by the tables

At the end the moves are read from each database: every acknowledged move must be in its table's
history exactly once (lost: acknowledged but not there; doubled: a resend acknowledged, or a
person's move in the history that was never acknowledged).

The servers are `schinderhannes serve --lobby` (SQLite, durable: a transaction is synced) and
`schinderhannes serve --db postgresql+psycopg://... --workers 2` on a throwaway PostgreSQL server
started here from Debian's binaries as the tests start theirs (tests/tables/conftest.py), with its
default durability (fsync on). The clients speak HTTP/1.1 themselves on kept-alive connections.

    python bench/bench_tables.py [--seconds 60] [--tables 100] [--think 5] [--quick]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import psutil

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sqlalchemy import create_engine, select  # noqa: E402

from bench.loopback import free_port  # noqa: E402
from solver.tables.db import open_database  # noqa: E402
from solver.tables.params import params_from_request  # noqa: E402
from solver.tables.schema import MOVES  # noqa: E402
from solver.tables.service import Lobby  # noqa: E402
from tests.tables.conftest import PostgresServer, postgres_bin  # noqa: E402

SEATS = {"seats": [{"name": "Anna"}, {"name": "Ben"}, {"name": "Carl", "bot": "greedy"},
                   {"name": "Dora", "bot": "random"}]}
PEOPLE = (0, 1)
RESEND_SHARE = 0.05
IDLE_SECONDS = 4.0  # a client's connection idle this long is opened again (the server closes it at 5)


# ----- the servers ------------------------------------------------------------------------------

@contextlib.contextmanager
def postgres() -> Iterator[PostgresServer]:
    """A throwaway PostgreSQL server, durable as by default (fsync on), in a temporary folder."""
    import itertools
    import pwd

    bin_folder = postgres_bin()
    if bin_folder is None:
        raise SystemExit("PostgreSQL's binaries (initdb, pg_ctl) are not installed: apt-get install postgresql")
    folder = Path(tempfile.mkdtemp(prefix="bench-pg-"))
    as_user, user = [], pwd.getpwuid(os.getuid()).pw_name
    if os.getuid() == 0:  # initdb refuses root: the server runs as the postgres user
        owner = pwd.getpwnam("postgres")
        os.chown(folder, owner.pw_uid, owner.pw_gid)
        as_user, user = ["runuser", "-u", "postgres", "--"], "postgres"
    server = PostgresServer(bin_folder, folder, free_port(), user, as_user, itertools.count())
    data = folder / "data"
    server.run("initdb", "-D", str(data), "-U", user, "--auth=trust", "-E", "UTF8")
    options = f"-c listen_addresses=127.0.0.1 -p {server.port} -k {folder} -c max_connections=200"
    server.run("pg_ctl", "-D", str(data), "-o", options, "-l", str(folder / "log"), "-w", "-t", "60", "start")
    try:
        yield server
    finally:
        server.run("pg_ctl", "-D", str(data), "-m", "fast", "-w", "stop")
        shutil.rmtree(folder, ignore_errors=True)


@contextlib.contextmanager
def serving(folder: Path, *args: str) -> Iterator[tuple[str, psutil.Process]]:
    port = free_port()
    process = subprocess.Popen([sys.executable, "-c", "from solver.cli import main; main()", "serve", *args,
                                "--port", str(port), "--no-browser"], cwd=folder, stdout=subprocess.DEVNULL,
                               env={**os.environ, "PYTHONPATH": str(ROOT)})
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(url + "/api/tables", timeout=2).status_code == 200:
                    break
            time.sleep(0.2)
        else:
            raise SystemExit(f"the server ({' '.join(args)}) did not start")
        yield url, psutil.Process(process.pid)
    finally:
        process.terminate()
        process.wait(30)


def resident(process: psutil.Process) -> int:
    """The resident memory of a server: its process and every worker."""
    return sum(each.memory_info().rss for each in [process, *process.children(recursive=True)])


# ----- the clients ------------------------------------------------------------------------------

class Connection:
    """One kept-alive HTTP/1.1 connection: a request written, its answer read by its Content-Length
    (an event stream, by its chunks)."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, host: str):
        self.reader, self.writer, self.host = reader, writer, host
        self.used = time.monotonic()

    async def refresh(self) -> None:
        """A new connection when this one has been idle long enough for the server to close it
        (uvicorn's keep-alive is 5 s), as a browser opens one."""
        if time.monotonic() - self.used > IDLE_SECONDS:
            self.close()
            host, port = self.host.rsplit(":", 1)
            self.reader, self.writer = await asyncio.open_connection(host, int(port))

    @classmethod
    async def open(cls, url: str) -> Connection:
        host = url.removeprefix("http://")
        name, port = host.rsplit(":", 1)
        reader, writer = await asyncio.open_connection(name, int(port))
        return cls(reader, writer, host)

    async def request(self, method: str, path: str, document: object = None,
                      token: str | None = None) -> tuple[int, Any]:
        body = b"" if document is None else json.dumps(document).encode()
        head = f"{method} {path} HTTP/1.1\r\nhost: {self.host}\r\ncontent-length: {len(body)}\r\n"
        if document is not None:
            head += "content-type: application/json\r\n"
        if token:
            head += f"authorization: Bearer {token}\r\n"
        self.writer.write(head.encode() + b"\r\n" + body)
        status, headers = await self.head()
        answer = json.loads(await self.reader.readexactly(int(headers[b"content-length"])))
        self.used = time.monotonic()
        return status, answer

    async def head(self) -> tuple[int, dict[bytes, bytes]]:
        lines = (await self.reader.readuntil(b"\r\n\r\n")).split(b"\r\n")
        return int(lines[0].split()[1]), dict(line.lower().split(b": ", 1) for line in lines[1:] if line)

    async def versions(self, path: str) -> Any:
        """The versions an event stream tells, as they come (a chunked answer of `event:`/`data:` lines)."""
        self.writer.write(f"GET {path} HTTP/1.1\r\nhost: {self.host}\r\n\r\n".encode())
        await self.head()
        pending = b""
        while size := int(await self.reader.readline(), 16):
            pending += (await self.reader.readexactly(size + 2))[:-2]
            *events, pending = pending.split(b"\r\n\r\n")
            for event in events:
                for line in event.split(b"\r\n"):
                    if line.startswith(b"data:"):
                        yield json.loads(line[5:])["version"]

    def close(self) -> None:
        self.writer.close()


@dataclass
class Load:
    round_trips: list[float] = field(default_factory=list)
    to_others: list[float] = field(default_factory=list)
    acknowledged: list[tuple[int, int, int, int]] = field(default_factory=list)  # table, seq, seat, action
    resends_refused: int = 0
    doubled: int = 0  # resends acknowledged
    refused: dict[int, int] = field(default_factory=dict)
    sent_at: dict[tuple[int, int], tuple[float, int]] = field(default_factory=dict)  # (table, version): time, seat
    stopping: bool = False
    failed: int = 0  # clients and pages that stopped on an error (a connection lost, an answer cut short)


async def watch(url: str, table: int, seat: int, load: Load, told: asyncio.Event | None,
                latest: list[int]) -> None:
    """One seat's page: its table's event stream, each version timed against the move that made it."""
    connection = await Connection.open(url)
    try:
        seen = -1
        async for version in connection.versions(f"/api/tables/{table}/events"):
            now = time.perf_counter()
            for moved in range(seen + 1, version + 1):
                sent = load.sent_at.get((table, moved))
                if sent is not None and sent[1] != seat and not load.stopping:
                    load.to_others.append(now - sent[0])
            seen = max(seen, version)
            latest[0] = seen
            if told is not None:
                told.set()
    finally:
        connection.close()


async def person(url: str, table: int, seat: int, token: str, load: Load, think: float, rng: random.Random) -> None:
    """A person's client: looks at its view whenever its stream tells a new version, moves when to move."""
    told, latest = asyncio.Event(), [-1]
    stream = asyncio.create_task(watch(url, table, seat, load, told, latest))
    connection = await Connection.open(url)
    try:
        while not load.stopping:
            await told.wait()
            told.clear()
            await connection.refresh()
            _, view = await connection.request("GET", f"/api/tables/{table}", token=token)
            if view["over"] is not None:
                return
            if view["to_move"] != seat or not view["legal"]:
                continue
            await asyncio.sleep(rng.uniform(0.4, 1.6) * think)
            if load.stopping:
                return
            await connection.refresh()
            await move(connection, table, seat, token, view, load, rng)
            told.set()  # look again: the bots may have moved on to this seat
    finally:
        stream.cancel()
        connection.close()


async def move(connection: Connection, table: int, seat: int, token: str, view: dict[str, Any], load: Load,
               rng: random.Random) -> None:
    version = view["version"]
    body = {"action": rng.choice(view["legal"])["action"], "version": version}
    start = time.perf_counter()
    load.sent_at[(table, version + 1)] = (start, seat)
    status, _ = await connection.request("POST", f"/api/tables/{table}/actions", body, token)
    load.round_trips.append(time.perf_counter() - start)
    if status != 200:
        load.refused[status] = load.refused.get(status, 0) + 1
        load.sent_at.pop((table, version + 1), None)
        return
    load.acknowledged.append((table, version + 1, seat, body["action"]))
    if rng.random() < RESEND_SHARE:
        again, _ = await connection.request("POST", f"/api/tables/{table}/actions", body, token)
        if again == 409:
            load.resends_refused += 1
        elif again == 200:
            load.doubled += 1


async def warm_up(url: str, times: int = 8) -> None:
    """What every request loads (the engine, the bots, the documents) loaded in each worker before the
    memory is measured: tables made and looked at on fresh connections, which the kernel spreads."""
    for _ in range(times):
        async with httpx.AsyncClient(base_url=url, timeout=120) as http:
            created = (await http.post("/api/tables", json=SEATS)).json()
            token = created["seats"][0]["token"]
            await http.get(f"/api/tables/{created['table']}", headers={"authorization": f"Bearer {token}"})


async def play(url: str, tables: int, seconds: float, think: float, server: psutil.Process) -> tuple[Load, int]:
    """The tables made, every page listening, then `seconds` of play; the load and the memory it took."""
    load = Load()
    await warm_up(url)
    before = resident(server)
    async with httpx.AsyncClient(base_url=url, timeout=120) as http:
        made = [(await http.post("/api/tables", json=SEATS)).json() for _ in range(tables)]
    tasks = []
    for index, created in enumerate(made):
        table, tokens = created["table"], {s["seat"]: s.get("token") for s in created["seats"]}
        for seat in PEOPLE:
            tasks.append(asyncio.create_task(person(url, table, seat, tokens[seat], load, think,
                                                    random.Random(index * 10 + seat))))
        for seat in (2, 3):  # the watchers in the bots' seats
            tasks.append(asyncio.create_task(watch(url, table, seat, load, None, [-1])))
    await asyncio.sleep(seconds)
    load.stopping = True  # no new move; the ones on their way are answered before the count
    await asyncio.sleep(min(10.0, think * 2))
    for task in tasks:
        task.cancel()
    ended = await asyncio.gather(*tasks, return_exceptions=True)
    load.failed = sum(1 for end in ended if isinstance(end, Exception))
    return load, (resident(server) - before) // tables


def check_history(database: str, load: Load) -> tuple[int, int]:
    """(lost, doubled): acknowledged moves not in the history once, and people's moves there unacknowledged."""
    engine = create_engine(database)
    with engine.connect() as connection:
        rows = connection.execute(select(MOVES.c.table_id, MOVES.c.seq, MOVES.c.seat, MOVES.c.action)
                                  .where(MOVES.c.seat.in_(PEOPLE))).all()
    engine.dispose()
    history = Counter(tuple(row) for row in rows)
    acknowledged = set(load.acknowledged)
    lost = sum(1 for move in load.acknowledged if history[move] != 1)
    unacknowledged = sum(1 for move in history if move not in acknowledged)
    return lost, load.doubled + unacknowledged + len(load.acknowledged) - len(acknowledged)


# ----- in-process -------------------------------------------------------------------------------

def in_process(database: str, moves: int) -> list[float]:
    """Lobby.act called directly: a person's move and the bots' that follow, on tables of the same seats."""
    lobby = Lobby(open_database(database))
    rng, times = random.Random(1), []
    try:
        snapshot = None
        while len(times) < moves:
            if snapshot is None or snapshot.replayed is None or snapshot.replayed.state.is_terminal():
                snapshot = lobby.create_table(params_from_request(SEATS, rng.randrange(2**62))).snapshot
            replayed = snapshot.replayed
            assert replayed is not None
            seat = replayed.mover_seat()
            assert seat is not None
            start = time.perf_counter()
            snapshot = lobby.act(snapshot.row.id, seat, rng.choice(replayed.legal_codes()), replayed.version)
            times.append(time.perf_counter() - start)
    finally:
        lobby.engine.dispose()
    return times


# ----- the report -------------------------------------------------------------------------------

def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else float("nan")


def ms(values: list[float]) -> str:
    return f"{percentile(values, 0.5) * 1000:8.1f} / {percentile(values, 0.99) * 1000:8.1f}"


def ratio(values: list[float], baseline: list[float]) -> str:
    return f"{statistics.median(values) / statistics.median(baseline):.2f}" if values and baseline else "-"


@dataclass
class Result:
    name: str
    load: Load
    memory: int
    inproc: list[float]
    lost: int
    doubled: int


def report(results: list[Result], seconds: float, tables: int) -> None:
    print(f"\n{tables} tables x 4 seats (2 people over HTTP, 2 bots), {seconds:.0f} s of play; "
          f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(f"{'':34}" + "".join(f"{r.name:>24}" for r in results))
    rows = [
        ("moves acknowledged", [f"{len(r.load.acknowledged)}" for r in results]),
        ("round trip p50 / p99 (ms)", [ms(r.load.round_trips) for r in results]),
        ("to the other seats p50 / p99 (ms)", [ms(r.load.to_others) for r in results]),
        ("in-process p50 / p99 (ms)", [ms(r.inproc) for r in results]),
        ("round trip p50 / in-process p50", [ratio(r.load.round_trips, r.inproc) for r in results]),
        ("memory a table (KB)", [f"{r.memory / 1024:.0f}" for r in results]),
        ("resends refused 409", [f"{r.load.resends_refused}" for r in results]),
        ("other refusals", [json.dumps(r.load.refused) for r in results]),
        ("clients or pages failed", [f"{r.load.failed}" for r in results]),
        ("lost / doubled", [f"{r.lost} / {r.doubled}" for r in results]),
    ]
    for name, values in rows:
        print(f"{name:34}" + "".join(f"{value:>24}" for value in values))


def run(name: str, database: str, inproc_database: str, serve_args: list[str], folder: Path,
        args: argparse.Namespace) -> Result:
    print(f"{name}: in-process moves ...", file=sys.stderr)
    inproc = in_process(inproc_database, args.inproc)
    print(f"{name}: {args.tables} tables for {args.seconds:.0f} s ...", file=sys.stderr)
    with serving(folder, *serve_args) as (url, server):
        load, memory = asyncio.run(play(url, args.tables, args.seconds, args.think, server))
    lost, doubled = check_history(database, load)
    return Result(name, load, memory, inproc, lost, doubled)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=60.0, help="how long the tables are played")
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--think", type=float, default=5.0, help="a person's pause before a move, on average (s)")
    parser.add_argument("--inproc", type=int, default=300, help="moves made in-process")
    parser.add_argument("--quick", action="store_true", help="20 seconds of play, 100 moves in-process")
    args = parser.parse_args()
    if args.quick:
        args.seconds, args.inproc = 20.0, 100
    folder = Path(tempfile.mkdtemp(prefix="bench-tables-"))
    try:
        sqlite = f"sqlite:///{folder / 'schinderhannes-tables.sqlite'}"
        inproc_sqlite = f"sqlite:///{folder / 'in-process.sqlite'}"
        results = [run("SQLite, 1 process", sqlite, inproc_sqlite, ["--lobby"], folder, args)]
        with postgres() as server:
            database, inproc_database = server.new_database(), server.new_database()
            results.append(run("PostgreSQL, 2 workers", database, inproc_database,
                               ["--db", database, "--workers", "2"], folder, args))
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    report(results, args.seconds, args.tables)


if __name__ == "__main__":
    main()
