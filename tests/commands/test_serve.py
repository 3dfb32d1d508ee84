"""`schinderhannes serve` as a person starts it: the address first, the join token off loopback, Ctrl-C."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextmanager
def serving(*args: str) -> Iterator[tuple[subprocess.Popen[str], str]]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    process = subprocess.Popen([sys.executable, "-c", "from solver.cli import main; main()", "serve", *args,
                                "--no-browser"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    try:
        assert process.stdout is not None
        first = process.stdout.readline().strip()
        yield process, first
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGINT)
            process.wait(10)


def get(url: str) -> tuple[int, dict[str, object]]:
    for _ in range(100):
        try:
            with urllib.request.urlopen(url, timeout=5) as answer:
                return answer.status, json.loads(answer.read())
        except urllib.error.HTTPError as error:
            return error.code, json.loads(error.read())
        except urllib.error.URLError:
            import time

            time.sleep(0.1)  # the server is still starting
    raise AssertionError(f"no answer from {url}")


@pytest.fixture
def state(tmp_path: Path) -> Path:
    from solver.table.state import new_game

    path = tmp_path / "game.yaml"
    new_game(["Anna", "Ben"]).save(path)
    return path


def test_serve_prints_the_address_first_and_stops_cleanly_on_ctrl_c(state: Path) -> None:
    port = free_port()
    before = state.read_bytes()
    with serving(str(state), "--port", str(port)) as (process, first):
        assert first == f"http://127.0.0.1:{port}/"
        status, body = get(first + "api/state")
        assert status == 200 and body["players"] == ["Anna", "Ben"]
        process.send_signal(signal.SIGINT)
        assert process.wait(10) == 130  # stopped by Ctrl-C, like every command (docs/formats.md)
    assert state.read_bytes() == before


def test_off_loopback_every_request_needs_the_join_token(state: Path) -> None:
    port = free_port()
    with serving(str(state), "--port", str(port), "--host", "0.0.0.0") as (_, first):
        assert "?token=" in first
        token = first.split("?token=")[1]
        status, body = get(f"http://127.0.0.1:{port}/api/state")
        assert status == 403 and "token" in str(body["error"])
        status, _ = get(f"http://127.0.0.1:{port}/api/state?token={token}")
        assert status == 200


def test_a_missing_state_file_is_bad_input(tmp_path: Path, run: object) -> None:
    code, out, err = run("serve", str(tmp_path / "nothing.yaml"), "--no-browser")  # type: ignore[operator]
    assert code == 2 and out == ""
    assert "no such state file" in err and "\n" not in err.strip()


def test_a_port_left_in_time_wait_is_free_to_serve_again():
    import socket

    from solver.commands.serve import _port_free

    listener = socket.socket()
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind(("127.0.0.1", 0))
    listener.listen()
    port = listener.getsockname()[1]
    client = socket.create_connection(("127.0.0.1", port))
    served, _ = listener.accept()
    served.close()  # the server's side closes first: its port is left in TIME_WAIT, as after Ctrl-C
    listener.close()
    client.close()
    assert _port_free("127.0.0.1", port)


def test_serve_lobby_keeps_its_tables_in_a_sqlite_file_in_the_folder(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    port = free_port()
    monkeypatch.chdir(tmp_path)
    with serving("--lobby", "--port", str(port)) as (process, first):
        status, body = get(first + "api/tables")
        assert status == 200 and body == {"tables": []}
        process.send_signal(signal.SIGINT)
        assert process.wait(10) == 130
        assert process.stderr is not None and "schinderhannes-tables.sqlite" in process.stderr.read()
    assert (tmp_path / "schinderhannes-tables.sqlite").is_file()


def test_a_database_the_lobby_cannot_use_is_one_line(run: object) -> None:
    code, out, err = run("serve", "--db", "mysql://me:secret@host/db", "--no-browser")  # type: ignore[operator]
    assert code == 2 and out == ""
    assert "SQLite or PostgreSQL" in err and "\n" not in err.strip() and "secret" not in err


@pytest.mark.parametrize("args", [["--lobby"], ["--db", "sqlite:///tables.sqlite"], []])
def test_several_workers_need_the_tables_on_postgresql(run: object, args: list[str]) -> None:
    code, out, err = run("serve", *args, "--workers", "2", "--no-browser")  # type: ignore[operator]
    assert code == 2 and out == ""
    assert "--workers 2 needs the tables on PostgreSQL" in err and "\n" not in err.strip()


def test_behind_a_reverse_proxy_the_public_name_is_served_with_the_join_token(state: Path) -> None:
    port = free_port()
    with serving(str(state), "--port", str(port), "--public-url", "https://club.example/") as (_, first):
        assert first.startswith("https://club.example/?token=")
        token = first.split("?token=")[1]

        def status(host: str, token: str = "") -> int:
            request = urllib.request.Request(f"http://127.0.0.1:{port}/api/state?token={token}", headers={"host": host})
            try:
                with urllib.request.urlopen(request, timeout=5) as answer:
                    return int(answer.status)
            except urllib.error.HTTPError as error:
                return error.code

        get(f"http://127.0.0.1:{port}/api/state")  # started
        assert status("club.example", token) == 200
        assert status("club.example") == 403  # the join token, as off loopback
        assert status("evil.example", token) == 421


def test_a_public_url_is_an_address(run: object) -> None:
    code, out, err = run("serve", "--public-url", "club.example", "--no-browser")  # type: ignore[operator]
    assert code == 2 and out == ""
    assert "--public-url takes the address people open" in err and "\n" not in err.strip()


def test_one_server_a_sqlite_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A second server on the same file would not tell the first one's pages of its moves: refused."""
    monkeypatch.chdir(tmp_path)
    with serving("--lobby", "--port", str(free_port())) as (_, first):
        get(first + "api/tables")
        second = subprocess.run([sys.executable, "-c", "from solver.cli import main; main()", "serve", "--lobby",
                                 "--port", str(free_port()), "--no-browser"], capture_output=True, text=True,
                                timeout=60, env={**os.environ, "PYTHONPATH": str(ROOT)})
        assert second.returncode == 2 and second.stdout == ""
        assert "another server serves the tables of" in second.stderr and "\n" not in second.stderr.strip()
    with serving("--lobby", "--port", str(free_port())) as (_, again):  # once it stopped, the file is free
        assert get(again + "api/tables")[0] == 200
