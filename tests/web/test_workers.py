"""`serve --workers N` (solver.web.workers): what a worker process is given survives the trip to a
new interpreter, a worker's app serves the lobby on the database its parent migrated, and what one
process would keep in memory is refused with one line. (Two workers serving one port on PostgreSQL:
tests/tables/test_processes.py.)"""

from __future__ import annotations

import functools
import pickle
from pathlib import Path

import pytest

pytest.importorskip("httpx")

from starlette.testclient import TestClient

from solver.tables.db import open_database
from solver.web.guard import LOOPBACK_HOSTS
from solver.web.workers import ServeOptions, worker_app


def options(tmp_path: Path, workers: int) -> ServeOptions:
    url = f"sqlite:///{tmp_path / 'tables.sqlite'}"
    open_database(url).dispose()  # migrated by the parent, as `serve` does
    return ServeOptions(state_path=None, deck_path=None, board_path=None, token=None, join_url=None,
                        hosts=LOOPBACK_HOSTS, db_url=url, workers=workers)


def client(served: ServeOptions) -> TestClient:
    return TestClient(worker_app(served), base_url="http://localhost",
                      headers={"content-type": "application/json"})


def test_a_worker_is_given_plain_values_and_serves_the_lobby(tmp_path: Path) -> None:
    factory = pickle.loads(pickle.dumps(functools.partial(worker_app, options(tmp_path, 2))))
    with TestClient(factory(), base_url="http://localhost") as served:
        created = served.post("/api/tables", json={"seats": [{"name": "Anna"}, {"name": "Ben", "bot": "greedy"}]})
        assert created.status_code == 201
        assert [table["table"] for table in served.get("/api/tables").json()["tables"]] == [1]


@pytest.mark.parametrize(("path", "body"), [
    ("/api/puzzles", "cards: [1, 2]\n"),
    ("/api/games", '{"players": ["Anna", "Ben"]}'),
])
def test_with_several_workers_what_one_process_keeps_is_refused(tmp_path: Path, path: str, body: str,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # where a new game's file is made
    kind = "application/yaml" if path == "/api/puzzles" else "application/json"
    with client(options(tmp_path, 2)) as served:
        answer = served.post(path, content=body, headers={"content-type": kind})
        assert answer.status_code == 400 and "several worker processes" in answer.json()["error"]
    with client(options(tmp_path, 1)) as served:  # one process keeps them
        answer = served.post(path, content=body, headers={"content-type": kind})
        assert "several worker processes" not in answer.text
