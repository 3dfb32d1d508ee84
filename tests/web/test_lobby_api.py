"""The lobby's routes (docs/table.md, "Tables"): their answers, their refusals as one-line errors, the
guard in front of every one of them, the change feed, export and import; and `serve` without
`--lobby` serving no lobby at all."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("httpx")

import httpx
from starlette.testclient import TestClient

from solver.game.encoding import PASS
from solver.table.state import parse_state
from solver.tables.db import open_database
from solver.tables.service import Lobby
from solver.web.app import TableConfig, create_app
from tests.web.conftest import free_port, local_client
from tests.web.test_guard import CROSS_SITE

TWO = {"seats": [{"name": "Anna"}, {"name": "Ben", "bot": "greedy"}]}
STATE_FILE = "players: [Anna, Ben]\nscores: {Anna: 3, Ben: 1}\nmarkers:\n  murder: [Kirn, Boos]\n"
LOBBY_WRITES = ["/api/tables", "/api/tables/import", "/api/tables/1/actions"]
LOBBY_READS = ["/api/tables", "/api/tables/1", "/api/tables/1/export", "/api/tables/1/events"]


@pytest.fixture
def config(tmp_path: Path) -> Iterator[TableConfig]:
    lobby = Lobby(open_database(f"sqlite:///{tmp_path / 'tables.sqlite'}"))
    yield TableConfig(folder=tmp_path, lobby=lobby)
    lobby.engine.dispose()


@pytest.fixture
def client(config: TableConfig) -> Iterator[TestClient]:
    with local_client(config, raise_server_exceptions=False) as test_client:
        yield test_client


def seat(token: str) -> dict[str, str]:
    return {"authorization": f"Bearer {token}"}


def test_a_new_table_answers_its_id_and_each_person_s_token_once(client: TestClient) -> None:
    created = client.post("/api/tables", json={"seats": [{"name": "Anna"}, {"name": "Ben"},
                                                         {"name": "Carl", "bot": "random"}]})
    assert created.status_code == 201
    body = created.json()
    assert body["table"] == 1 and [s["kind"] for s in body["seats"]] == ["human", "human", "bot"]
    tokens = [s.get("token") for s in body["seats"]]
    assert tokens[0] and tokens[1] and tokens[2] is None
    assert body["seats"][0]["join"] == f"/tables/1#seat={tokens[0]}"
    assert body["view"]["seat"] is None and body["view"]["hand"] is None
    listed = client.get("/api/tables").json()["tables"]
    assert [t["table"] for t in listed] == [1] and "token" not in str(listed)
    again = client.get("/api/tables/1", headers=seat(tokens[1])).json()
    assert again["seat"] == 1 and again["player"] == "Ben" and "token" not in again


def test_a_seat_plays_by_its_token_and_the_version(client: TestClient) -> None:
    token = client.post("/api/tables", json=TWO).json()["seats"][0]["token"]
    view = client.get("/api/tables/1", headers=seat(token)).json()
    assert view["to_move"] == 0 and view["legal"] and view["version"] == 0
    code = view["legal"][0]["action"]
    moved = client.post("/api/tables/1/actions", json={"action": code, "version": 0}, headers=seat(token))
    assert moved.status_code == 200 and moved.json()["version"] == 2  # Ben drew by himself
    stale = client.post("/api/tables/1/actions", json={"action": code, "version": 0}, headers=seat(token))
    assert stale.status_code == 409 and stale.json()["view"]["version"] == 2
    illegal = client.post("/api/tables/1/actions", json={"action": 616, "version": 2}, headers=seat(token))
    assert illegal.status_code == 422 and illegal.json()["view"]["seat"] == 0
    assert "not legal now" in illegal.json()["error"]


@pytest.mark.parametrize(("headers", "says"), [
    ({}, "only a seat may act"),
    ({"authorization": "Bearer nope"}, "no seat's"),
    ({"authorization": "Basic abc"}, "Authorization: Bearer"),
])
def test_no_one_acts_without_a_seat_s_token(client: TestClient, headers: dict[str, str], says: str) -> None:
    client.post("/api/tables", json=TWO)
    answer = client.post("/api/tables/1/actions", json={"action": 690, "version": 0}, headers=headers)
    assert answer.status_code == 403 and says in answer.json()["error"]


def test_a_seat_cannot_act_for_another(client: TestClient) -> None:
    tokens = [s["token"] for s in client.post("/api/tables", json={"seats": [{"name": "Anna"}, {"name": "Ben"}]})
              .json()["seats"]]
    answer = client.post("/api/tables/1/actions", json={"action": 690, "version": 0}, headers=seat(tokens[1]))
    assert answer.status_code == 403 and "Anna's move" in answer.json()["error"]


@pytest.mark.parametrize(("path", "body", "status"), [
    ("/api/tables", {"seats": [{"name": "Anna", "bot": "greedy"}, {"name": "Ben", "bot": "greedy"}]}, 400),
    ("/api/tables", {"seats": [{"name": "Anna"}], "colour": "red"}, 400),
    ("/api/tables/1/actions", {"action": "draw", "version": 0}, 400),
    ("/api/tables/1/actions", {"action": 690}, 400),
    ("/api/tables/1/actions", {"action": 690, "version": 0, "more": 1}, 400),
    ("/api/tables/7/actions", {"action": 690, "version": 0}, 404),
])
def test_bad_input_is_one_line(client: TestClient, path: str, body: dict[str, Any], status: int) -> None:
    token = client.post("/api/tables", json=TWO).json()["seats"][0]["token"]
    answer = client.post(path, json=body, headers=seat(token))
    assert answer.status_code == status, answer.text
    assert "\n" not in answer.json()["error"]


def test_no_such_table_is_404(client: TestClient) -> None:
    for path in ("/api/tables/5", "/api/tables/5/export", "/api/tables/5/events"):
        answer = client.get(path)
        assert answer.status_code == 404 and answer.json() == {"error": "there is no table 5"}


def test_a_state_file_is_imported_as_a_companion_table_and_exported_back(client: TestClient) -> None:
    imported = client.post("/api/tables/import", content=STATE_FILE, headers={"content-type": "application/yaml"})
    assert imported.status_code == 201
    body = imported.json()
    assert body["kind"] == "companion" and body["state"]["scores"] == {"Anna": 3, "Ben": 1}
    exported = client.get(f"/api/tables/{body['table']}/export")
    assert exported.status_code == 200 and exported.headers["content-type"].startswith("application/yaml")
    assert exported.text == STATE_FILE
    broken = client.post("/api/tables/import", content="players: [Anna, Anna]\n",
                         headers={"content-type": "application/yaml"})
    assert broken.status_code == 400 and "\n" not in broken.json()["error"]


def test_a_digital_table_is_exported_once_its_game_is_over(client: TestClient) -> None:
    token = client.post("/api/tables", json=TWO).json()["seats"][0]["token"]
    refused = client.get("/api/tables/1/export")
    assert refused.status_code == 403 and "private until it is over" in refused.json()["error"]
    view = client.get("/api/tables/1", headers=seat(token)).json()
    while view["over"] is None:
        view = client.post("/api/tables/1/actions", json={"action": eager(view), "version": view["version"]},
                           headers=seat(token)).json()
    exported = client.get("/api/tables/1/export")
    assert exported.status_code == 200
    state = parse_state(exported.text, "export")
    assert state.scores == view["scores"] and state.hands is not None and state.piles is not None


@pytest.mark.parametrize("path", LOBBY_WRITES)
@pytest.mark.parametrize("kind", list(CROSS_SITE))
def test_the_guard_refuses_a_cross_site_write_to_the_lobby(client: TestClient, config: TableConfig, path: str,
                                                          kind: str) -> None:
    headers, status = CROSS_SITE[kind]
    client.post("/api/tables", json=TWO)
    answer = client.post(path, content=b'{"seats": [{"name": "Mallory"}, {"name": "Eve"}]}', headers=headers)
    assert answer.status_code == status, answer.text
    assert config.lobby is not None and [row.id for row in config.lobby.tables()] == [1]


@pytest.mark.parametrize("path", LOBBY_READS + LOBBY_WRITES)
def test_the_guard_refuses_a_foreign_host_on_every_lobby_route(client: TestClient, path: str) -> None:
    method: Any = client.post if path in LOBBY_WRITES and path not in LOBBY_READS else client.get
    assert method(path, headers={"host": "evil.example"}).status_code == 421


def test_serve_without_a_lobby_serves_no_lobby(tmp_path: Path) -> None:
    with local_client(TableConfig(folder=tmp_path)) as client:
        assert client.get("/api/tables").status_code == 404
        assert client.get("/api/puzzles").status_code == 200


def test_the_change_feed_tells_each_new_version(config: TableConfig) -> None:
    uvicorn = pytest.importorskip("uvicorn")
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(create_app(config), host="127.0.0.1", port=port, log_level="warning",
                                           lifespan="off", timeout_graceful_shutdown=1))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    try:
        deadline = time.monotonic() + 20
        while not server.started and time.monotonic() < deadline:
            time.sleep(0.02)
        with httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=30) as http:
            token = http.post("/api/tables", json=TWO).json()["seats"][0]["token"]
            with http.stream("GET", "/api/tables/1/events") as events:
                lines = events.iter_lines()
                assert list(_until_data(lines, 1)) == ['data: {"version": 0}']
                http.post("/api/tables/1/actions", json={"action": 690, "version": 0}, headers=seat(token))
                told = _versions_until(lines, 2)  # Anna's move, then Ben's (a bot): each told, or the two at once
                assert told in ([1, 2], [2])
    finally:
        server.should_exit = True
        thread.join(timeout=10)


def eager(view: dict[str, Any]) -> int:
    """A card played whenever one is legal (the lowest ints), else the last action (decline, STOP, a draw):
    a game that ends soon."""
    codes = [entry["action"] for entry in view["legal"]]
    return codes[0] if codes[0] < PASS else codes[-1]


def _versions_until(lines: Iterator[str], last: int) -> list[int]:
    """The versions an event stream tells, up to `last`."""
    told: list[int] = []
    while not told or told[-1] < last:
        (line,) = _until_data(lines, 1)
        told.append(json.loads(line.removeprefix("data:"))["version"])
    return told


def _until_data(lines: Iterator[str], count: int) -> Iterator[str]:
    """The next `count` data lines of an event stream."""
    for line in lines:
        if line.startswith("data:"):
            yield line
            count -= 1
            if count == 0:
                return
