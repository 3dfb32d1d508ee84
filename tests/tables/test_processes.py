"""Several server processes on one PostgreSQL database (solver.tables.listen, solver.web.workers): a
move made through one process reaches the event streams opened on another (LISTEN/NOTIFY: no page
polls), moves racing through two processes for one version leave every acknowledged move in the
history exactly once and the others refused with 409, and `serve --workers 2` serves one port from
two processes."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

import pytest

httpx = pytest.importorskip("httpx")
psutil = pytest.importorskip("psutil")

from sqlalchemy import create_engine, select  # noqa: E402

from solver.tables.schema import MOVES  # noqa: E402
from tests.tables.conftest import PostgresServer, _free_port  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
WAIT_SECONDS = 60  # generous: a busy machine is slow, not wrong
TWO_PEOPLE = {"seats": [{"name": "Anna"}, {"name": "Ben"}]}


@contextmanager
def server(url: str, *more: str) -> Iterator[tuple[subprocess.Popen[str], str]]:
    """`schinderhannes serve --db URL` in a process of its own, answering on its address."""
    port = _free_port()
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    process = subprocess.Popen([sys.executable, "-c", "from solver.cli import main; main()", "serve", "--db", url,
                                "--port", str(port), "--no-browser", *more],
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env=env)
    address = f"http://127.0.0.1:{port}"
    try:
        _wait_until_served(process, address)
        yield process, address
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGINT)
            process.wait(WAIT_SECONDS)


def _wait_until_served(process: subprocess.Popen[str], address: str) -> None:
    deadline = time.monotonic() + WAIT_SECONDS
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise AssertionError(f"the server stopped: {process.stderr.read() if process.stderr else ''}")
        try:
            if httpx.get(address + "/api/tables", timeout=5).status_code == 200:
                return
        except httpx.TransportError:
            pass
        time.sleep(0.1)
    raise AssertionError(f"{address} did not answer within {WAIT_SECONDS} s")


def seat(token: str) -> dict[str, str]:
    return {"authorization": f"Bearer {token}"}


def versions(lines: Iterator[str]) -> Iterator[int]:
    """The versions an event stream tells, as they come, for WAIT_SECONDS at most (the stream's pings,
    every 15 seconds, let a stream that tells nothing be given up on)."""
    deadline = time.monotonic() + WAIT_SECONDS
    for line in lines:
        if line.startswith("data:"):
            yield json.loads(line.removeprefix("data:"))["version"]
        if time.monotonic() > deadline:
            raise AssertionError(f"no new version told within {WAIT_SECONDS} s")


def told_up_to(lines: Iterator[str], version: int) -> list[int]:
    told: list[int] = []
    for told_now in versions(lines):
        told.append(told_now)
        if told_now >= version:
            return told
    raise AssertionError(f"the stream ended after {told}")


@pytest.fixture
def database(postgres: PostgresServer) -> str:
    return postgres.new_database()


def test_a_move_through_one_process_reaches_a_stream_on_another(database: str) -> None:
    with server(database) as (_, first), server(database) as (_, second):
        created = httpx.post(first + "/api/tables", json=TWO_PEOPLE, timeout=WAIT_SECONDS).json()
        table, token = created["table"], created["seats"][0]["token"]
        view = httpx.get(f"{first}/api/tables/{table}", headers=seat(token), timeout=WAIT_SECONDS).json()
        with httpx.stream("GET", f"{second}/api/tables/{table}/events", timeout=WAIT_SECONDS) as stream:
            lines = stream.iter_lines()
            assert next(versions(lines)) == 0
            moved = httpx.post(f"{first}/api/tables/{table}/actions", headers=seat(token), timeout=WAIT_SECONDS,
                               json={"action": view["legal"][0]["action"], "version": 0})
            assert moved.status_code == 200 and moved.json()["version"] == 1
            assert told_up_to(lines, 1) == [1]  # told by the first process's NOTIFY: the second never polls


def _race(addresses: list[str], table: int, token: str, version: int, codes: list[int]) -> list[httpx.Response]:
    """The same seat sends one move through each process at once, all decided on `version`."""
    answers: list[httpx.Response | None] = [None] * len(addresses)
    start = threading.Barrier(len(addresses))

    def send(index: int) -> None:
        start.wait()
        answers[index] = httpx.post(f"{addresses[index]}/api/tables/{table}/actions", headers=seat(token),
                                    json={"action": codes[index], "version": version}, timeout=WAIT_SECONDS)

    threads = [threading.Thread(target=send, args=(index,)) for index in range(len(addresses))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(WAIT_SECONDS)
    assert all(answer is not None for answer in answers)
    return [answer for answer in answers if answer is not None]


def test_moves_racing_through_two_processes_are_each_in_the_history_once(database: str) -> None:
    with server(database) as (_, first), server(database) as (_, second):
        created = httpx.post(first + "/api/tables", json=TWO_PEOPLE, timeout=WAIT_SECONDS).json()
        table, tokens = created["table"], {s["seat"]: s["token"] for s in created["seats"]}
        acknowledged: list[tuple[int, int, int]] = []  # (seq, seat, action) of each move answered 200
        refused = 0
        for turn in range(12):
            mover = httpx.get(f"{first}/api/tables/{table}", timeout=WAIT_SECONDS).json()["to_move"]
            view = httpx.get(f"{(first, second)[turn % 2]}/api/tables/{table}", headers=seat(tokens[mover]),
                             timeout=WAIT_SECONDS).json()
            version, codes = view["version"], [entry["action"] for entry in view["legal"]]
            answers = _race([first, second], table, tokens[mover], version, [codes[0], codes[-1]])
            statuses = sorted(answer.status_code for answer in answers)
            assert statuses == [200, 409], [answer.text for answer in answers]
            for index, answer in enumerate(answers):
                if answer.status_code == 200:
                    acknowledged.append((version + 1, mover, [codes[0], codes[-1]][index]))
                else:
                    refused += 1
                    assert "version" in answer.json()["error"] and answer.json()["view"]["version"] > version
        assert refused == 12
        history = _history(database, table)
        assert [seq for seq, _, _ in history] == list(range(1, len(acknowledged) + 1))
        for move in acknowledged:
            assert history.count(move) == 1
        assert len(history) == len(acknowledged)  # no bots here: every move in the history was acknowledged


def _history(database: str, table: int) -> list[tuple[int, int, int]]:
    engine = create_engine(database)
    try:
        with engine.connect() as connection:
            rows = connection.execute(select(MOVES.c.seq, MOVES.c.seat, MOVES.c.action)
                                      .where(MOVES.c.table_id == table).order_by(MOVES.c.seq)).all()
    finally:
        engine.dispose()
    return [(row.seq, row.seat, row.action) for row in rows]


def _workers_of(process: subprocess.Popen[str]) -> list[Any]:
    return [child for child in psutil.Process(process.pid).children()
            if "multiprocessing" in " ".join(child.cmdline()) and "spawn_main" in " ".join(child.cmdline())]


def test_serve_with_two_workers_serves_one_port_from_two_processes(database: str) -> None:
    with server(database, "--workers", "2") as (process, address):
        deadline = time.monotonic() + WAIT_SECONDS
        while len(_workers_of(process)) < 2 and time.monotonic() < deadline:
            time.sleep(0.1)
        assert len(_workers_of(process)) == 2
        created = httpx.post(address + "/api/tables", json=TWO_PEOPLE, timeout=WAIT_SECONDS).json()
        table, token = created["table"], created["seats"][0]["token"]
        view = httpx.get(f"{address}/api/tables/{table}", headers=seat(token), timeout=WAIT_SECONDS).json()
        with ExitStack() as streams:  # six connections, which the kernel spreads over the workers
            lines = [streams.enter_context(httpx.stream("GET", f"{address}/api/tables/{table}/events",
                                                        timeout=WAIT_SECONDS)).iter_lines() for _ in range(6)]
            assert [next(versions(each)) for each in lines] == [0] * 6
            moved = httpx.post(f"{address}/api/tables/{table}/actions", headers=seat(token), timeout=WAIT_SECONDS,
                               json={"action": view["legal"][0]["action"], "version": 0})
            assert moved.status_code == 200
            assert [told_up_to(each, 1) for each in lines] == [[1]] * 6
        process.send_signal(signal.SIGINT)
        assert process.wait(WAIT_SECONDS) == 130
