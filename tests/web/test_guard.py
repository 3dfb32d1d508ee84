"""The door of the local server: another site's page can neither drive it nor read it.

Every route that changes anything, tried as a cross-site page would (a foreign `Origin`, a
form's `text/plain` or form encoding, a foreign `Referer` without `Origin`), is refused before
it acts; every route addressed by a foreign `Host` (DNS rebinding) is refused, reads too.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("httpx")

from starlette.routing import Route

from solver.web.app import TableConfig, create_app
from solver.web.guard import host_name
from tests.web.conftest import local_client, write_state

RULE_4 = {"break-in": ["Oberhausen", "Obermoschel", "Meisenheim", "Lettweiler"]}


def _paths(method: str) -> list[str]:
    app = create_app(TableConfig())
    return sorted({route.path.replace("{number}", "38").replace("{name}", "tutorial-1")
                   for route in app.routes if isinstance(route, Route) and method in (route.methods or ())})


WRITES = _paths("POST")
READS = _paths("GET")
CROSS_SITE = {
    "foreign origin": ({"origin": "http://evil.example", "content-type": "application/json"}, 403),
    "null origin": ({"origin": "null", "content-type": "application/json"}, 403),
    "foreign referer, no origin": ({"referer": "http://evil.example/page", "content-type": "application/json"}, 403),
    "text/plain": ({"content-type": "text/plain"}, 415),
    "form encoding": ({"content-type": "application/x-www-form-urlencoded"}, 415),
    "multipart form": ({"content-type": "multipart/form-data; boundary=x"}, 415),
    "no content type": ({"content-type": ""}, 415),
    "UTF-16 JSON": ({"content-type": "application/json; charset=utf-16"}, 415),
}


@pytest.fixture
def game(tmp_path: Path) -> Path:
    return write_state(tmp_path / "game.yaml", RULE_4)


def test_there_are_write_routes_to_guard() -> None:
    assert {"/api/play", "/api/undo", "/api/games", "/api/cards/38", "/api/puzzles"} <= set(WRITES)


@pytest.mark.parametrize("path", WRITES)
@pytest.mark.parametrize("kind", list(CROSS_SITE))
def test_a_cross_site_write_is_refused_and_changes_nothing(game: Path, path: str, kind: str) -> None:
    headers, status = CROSS_SITE[kind]
    before = {file.name: file.read_bytes() for file in game.parent.iterdir()}
    with local_client(TableConfig(state_path=game, folder=game.parent), raise_server_exceptions=False) as client:
        body = b'{"players": ["Mallory"], "x": "="}'
        answer = client.post(path, content=body, headers=headers)
        assert answer.status_code == status, answer.text
        assert "\n" not in answer.json()["error"]
        assert client.get("/api/state").json()["players"] == ["Anna", "Ben"]  # still the same game
    assert {file.name: file.read_bytes() for file in game.parent.iterdir()} == before


@pytest.mark.parametrize("path", [*READS, *WRITES])
def test_a_foreign_host_is_refused_on_every_route(game: Path, path: str) -> None:
    with local_client(TableConfig(state_path=game, folder=game.parent), raise_server_exceptions=False) as client:
        method: Any = client.get if path in READS else client.post
        answer = method(path, headers={"host": "evil.example"})
        assert answer.status_code == 421 and "evil.example" in answer.json()["error"]
        rebound = method(path, headers={"host": "evil.example:8765"})
        assert rebound.status_code == 421


def test_the_own_page_and_tools_without_an_origin_get_in(game: Path) -> None:
    with local_client(TableConfig(state_path=game, folder=game.parent)) as client:
        assert client.post("/api/check", json={"card": 38}, headers={"origin": "http://localhost"}).status_code == 200
        assert client.post("/api/check", json={"card": 38},
                           headers={"referer": "http://localhost/?token=x"}).status_code == 200
        assert client.post("/api/check", json={"card": 38}).status_code == 200  # the command line, curl
        for host in ("127.0.0.1:8765", "[::1]:8765", "LOCALHOST"):
            assert client.get("/api/state", headers={"host": host}).status_code == 200


def test_the_address_the_server_was_started_on_is_served(game: Path) -> None:
    config = TableConfig(state_path=game, hosts=frozenset({"192.0.2.2"}))
    with local_client(config) as client:
        assert client.get("/api/state", headers={"host": "192.0.2.2:8765"}).status_code == 200
        own = {"host": "192.0.2.2:8765", "origin": "http://192.0.2.2:8765"}
        assert client.post("/api/check", json={"card": 38}, headers=own).status_code == 200
        other = {"host": "192.0.2.2:8765", "origin": "http://192.0.2.3:8765"}
        assert client.post("/api/check", json={"card": 38}, headers=other).status_code == 403


@pytest.mark.parametrize(("netloc", "host"), [("localhost:80", "localhost"), ("[::1]:8765", "::1"),
                                              ("::1", "::1"), ("EXAMPLE.org", "example.org")])
def test_host_names(netloc: str, host: str) -> None:
    assert host_name(netloc) == host
