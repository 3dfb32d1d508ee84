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
LOBBY_WRITES = ["/api/tables", "/api/tables/import", "/api/tables/1/actions", "/api/tables/1/again",
                "/api/tables/decks?name=mine"]
LOBBY_READS = ["/api/tables", "/api/tables/1", "/api/tables/1/export", "/api/tables/1/events",
               "/api/tables/options", "/api/tables/1/moves/0", "/tables/1", "/lobby", "/api/tables/decks",
               "/api/tables/decks/mine"]
PAIR = {"seats": [{"name": "Anna"}, {"name": "Ben"}, {"name": "Carl", "bot": "greedy"}]}


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
    # the join link is the address other devices open (a QR code needs it whole), the token after the #
    assert body["seats"][0]["join"] == f"http://localhost/tables/1#seat={tokens[0]}"
    assert body["seats"][0]["qr"].lstrip().startswith("<?xml") and "<svg" in body["seats"][0]["qr"]
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
        assert client.get("/tables/1").status_code == 404 and client.get("/lobby").status_code == 404
        assert client.get("/api/puzzles").status_code == 200


def test_the_lobby_serves_its_pages(client: TestClient) -> None:
    assert "lobby.js" in client.get("/").text  # no state file: the lobby is the front page
    assert "lobby.js" in client.get("/lobby").text and "table.js" in client.get("/board").text
    assert "seat.js" in client.get("/tables/7").text  # one page for every table and seat: no token in it


def test_the_options_name_the_bots_and_the_rules(client: TestClient) -> None:
    options = client.get("/api/tables/options").json()
    assert {"greedy", "random"} <= set(options["bots"]) and options["players"] == {"min": 2, "max": 4}
    assert options["variant"]["last_delict_points"] == 5 and options["decks"] == [{"name": "bundled", "default": True,
                                                                                    "uploaded": False}]


def play_out(client: TestClient, tokens: dict[int, str], table: int = 1) -> dict[str, Any]:
    """Every person's seat plays its eager move until the game is over; the last view."""
    view = client.get(f"/api/tables/{table}").json()
    while view["over"] is None:
        mover = view["to_move"]
        mine = client.get(f"/api/tables/{table}", headers=seat(tokens[mover])).json()
        view = client.post(f"/api/tables/{table}/actions", json={"action": eager(mine), "version": mine["version"]},
                           headers=seat(tokens[mover])).json()
    return view


def test_the_board_at_any_earlier_move_is_the_watcher_s_view_then(client: TestClient) -> None:
    token = client.post("/api/tables", json=TWO).json()["seats"][0]["token"]
    view = play_out(client, {0: token})
    for move in (0, 5, view["version"] // 2, view["version"]):
        past = client.get(f"/api/tables/1/moves/{move}").json()
        assert past["version"] == move and past["latest"] == view["version"]
        assert past["seat"] is None and past["hand"] is None and past["legal"] == []
        assert len(past["log"]) == move and past["log"] == client.get(f"/api/tables/1/moves/{move}").json()["log"]
    assert client.get("/api/tables/1/moves/0").json()["board"]["markers"] == {}
    assert client.get(f"/api/tables/1/moves/{view['version']}").json()["board"] == view["board"]
    # a seat's token changes nothing: the past is public, told alike to all
    assert client.get("/api/tables/1/moves/5", headers=seat(token)).json()["hand"] is None


@pytest.mark.parametrize("path", ["/api/tables/1/moves/9999", "/api/tables/2/moves/0"])
def test_a_move_not_made_or_a_companion_table_has_no_past_board(client: TestClient, path: str) -> None:
    client.post("/api/tables", json=TWO)
    client.post("/api/tables/import", content=STATE_FILE.encode(), headers={"content-type": "application/yaml"})
    answer = client.get(path)
    assert answer.status_code == 400 and "\n" not in answer.json()["error"]


def test_play_again_leads_each_seat_to_its_own_seat_at_one_next_table(client: TestClient) -> None:
    created = client.post("/api/tables", json=PAIR).json()
    tokens = {s["seat"]: s["token"] for s in created["seats"] if "token" in s}
    early = client.post("/api/tables/1/again", headers=seat(tokens[0]))
    assert early.status_code == 403 and "over" in early.json()["error"]
    play_out(client, tokens)
    assert client.post("/api/tables/1/again").status_code == 403  # a watcher has no seat to take
    anna = client.post("/api/tables/1/again", headers=seat(tokens[0])).json()
    assert client.get("/api/tables/1").json()["next"] == anna["table"] == 2
    assert client.post("/api/tables/1/again", headers=seat(tokens[0])).json() == anna  # asked again: the same
    ben = client.post("/api/tables/1/again", headers=seat(tokens[1])).json()
    assert ben["table"] == 2 and ben["token"] not in (anna["token"], tokens[0], tokens[1])
    assert ben["join"] == f"http://localhost/tables/2#seat={ben['token']}"
    for index, token in ((0, anna["token"]), (1, ben["token"])):
        view = client.get("/api/tables/2", headers=seat(token)).json()
        assert view["seat"] == index and view["status"] == "playing"
    assert [s["bot"] for s in client.get("/api/tables/2").json()["seats"]] == [None, None, "greedy"]
    assert client.get("/api/tables/2", headers=seat(tokens[0])).status_code == 403  # the old token opens no new seat
    assert client.post("/api/tables/1/again", headers=seat("made-up")).status_code == 403


def test_a_seat_not_yet_back_cannot_be_opened_by_anyone(config: TableConfig) -> None:
    assert config.lobby is not None
    with local_client(config) as client:
        created = client.post("/api/tables", json=PAIR).json()
        tokens = {s["seat"]: s["token"] for s in created["seats"] if "token" in s}
        play_out(client, tokens)
        client.post("/api/tables/1/again", headers=seat(tokens[0]))
    # Ben has not asked: his seat at table 2 has no token yet, so no token at all opens it
    from sqlalchemy import select

    from solver.tables.schema import SEATS

    with config.lobby.engine.connect() as connection:
        hashes = dict(connection.execute(select(SEATS.c.seat, SEATS.c.token_hash).where(SEATS.c.table_id == 2)).all())
    assert hashes[0] is not None and hashes[1] is None and hashes[2] is None


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


def test_a_join_link_names_the_address_other_devices_open(tmp_path: Path) -> None:
    """Served to the network (a join token of the server's own), a seat's link is the network address
    with the server's token, then the seat's token after the #."""
    lobby = Lobby(open_database(f"sqlite:///{tmp_path / 'tables.sqlite'}"))
    config = TableConfig(folder=tmp_path, lobby=lobby, token="abc", join_url="http://192.168.1.20:8765/?token=abc")
    with local_client(config) as client:
        created = client.post("/api/tables?token=abc", json=TWO).json()
        token = created["seats"][0]["token"]
        assert created["seats"][0]["join"] == f"http://192.168.1.20:8765/tables/1?token=abc#seat={token}"
        again = client.get("/tables/1?token=abc")
        assert again.status_code == 200 and "seat.js" in again.text
    with local_client(config) as stranger:  # no token of the server's: not even the page
        assert stranger.get("/tables/1").status_code == 403
    lobby.engine.dispose()


YAML = {"content-type": "application/yaml"}


def test_an_uploaded_deck_is_offered_and_a_table_is_dealt_from_it(client: TestClient, config: TableConfig) -> None:
    from tests.tables.test_decks import FLIPPED, custom_deck_text

    text = custom_deck_text()
    uploaded = client.post("/api/tables/decks?name=our box", content=text.encode(), headers=YAML)
    assert uploaded.status_code == 201, uploaded.text
    assert uploaded.json()["name"] == "our box" and uploaded.json()["cards"] == 76
    decks = client.get("/api/tables/options").json()["decks"]
    assert [deck["name"] for deck in decks] == ["bundled", "our box"] and decks[0]["default"]
    assert client.get("/api/tables/decks").json()["decks"][0]["digest"] == uploaded.json()["digest"]
    assert client.get("/api/tables/decks/our box").text == text  # the card texts are public
    created = client.post("/api/tables", json={**TWO, "deck": "our box"})
    assert created.status_code == 201, created.text
    body = created.json()
    assert body["view"]["deck"] == "our box" and "seed" not in json.dumps(body)
    token = body["seats"][0]["token"]
    view = client.get(f"/api/tables/{body['table']}", headers=seat(token)).json()
    assert view["deck"] == "our box"
    assert "relation" not in json.dumps(view["piles"])  # the piles show their backs only
    assert config.lobby is not None  # the game, its hands' verdicts and texts, is dealt from the table's deck
    assert config.lobby.snapshot(body["table"]).replayed.game.clues[FLIPPED].relation == "same"
    finished = play_out(client, {0: token}, body["table"])
    exported = client.get(f"/api/tables/{body['table']}/export")
    assert exported.status_code == 200 and parse_state(exported.text, "export").scores == finished["scores"]
    moved = client.get(f"/api/tables/{body['table']}/moves/1").json()
    assert moved["deck"] == "our box"
    again = client.post(f"/api/tables/{body['table']}/again", json={}, headers=seat(token)).json()
    assert client.get(f"/api/tables/{again['table']}").json()["deck"] == "our box"  # play again: the same deck


def test_a_deck_that_does_not_fit_the_rulebook_is_refused_with_its_line(client: TestClient) -> None:
    from solver.core.deck import DEFAULT_DECK

    text = DEFAULT_DECK.read_text(encoding="utf-8").replace("{number: 5, type: A,", "{number: 5, type: B,")
    refused = client.post("/api/tables/decks?name=mine", content=text.encode(), headers=YAML)
    assert refused.status_code == 400
    error = refused.json()["error"]
    assert error.startswith("mine:") and "card 5 is type A by its number, not B" in error and "\n" not in error
    misspelt = DEFAULT_DECK.read_text(encoding="utf-8").replace("delict: hideout, locations: [Kirn",
                                                                "delict: hidout, locations: [Kirn")
    for query, body, says in [("", text, "with its name"), ("?name=bundled", text, "bundled deck's name"),
                              ("?name=mine", misspelt, "did you mean 'hideout'"),
                              ("?name=mine", "", "empty"), ("?name=mine", "cards: [", "YAML syntax error")]:
        answer = client.post(f"/api/tables/decks{query}", content=body.encode(), headers=YAML)
        assert answer.status_code == 400 and says in answer.json()["error"], answer.text
    assert client.get("/api/tables/options").json()["decks"] == [{"name": "bundled", "default": True,
                                                                  "uploaded": False}]
    assert client.post("/api/tables", json={**TWO, "deck": "mine"}).json()["error"].startswith("no deck 'mine'")
    assert client.get("/api/tables/decks/mine").status_code == 404
