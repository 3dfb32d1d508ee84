"""A seat is private, proven over HTTP: a whole digital game (seat 0 a person driven by this test
choosing among its legal actions, three greedy bots) is played through the lobby's API, and every byte
seat 0's client receives is kept. Each answer is checked against the game as it stood at the
answer's version, replayed independently from the table's seed and stored moves:

- every view is exactly what `seat_view_document` gives for seat 0 at that version;
- no card number held by another seat at that moment, nor any card of a pile below the backs it
  shows, nor another seat's discard appears where card numbers appear (`card`, `cards`, `number`,
  `taken_out`) or as a number in the log's texts;
- the table's seed appears in no answer, and a pile shows no more backs than its top one.

A watcher's answers are checked the same way, with every hand hidden from it.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("httpx")

from sqlalchemy import select
from starlette.testclient import TestClient

from solver.documents.lobby import seat_view_document
from solver.game.observation import visible_depth
from solver.table.state import MoveKind
from solver.tables.db import open_database
from solver.tables.params import TableParams
from solver.tables.replay import Replayed, apply_move, start
from solver.tables.schema import MOVES, TABLES
from solver.tables.service import Lobby
from solver.web.app import TableConfig, create_app

CARD_KEYS = frozenset({"card", "cards", "number", "taken_out"})
SEATS = [{"name": "Anna"}, {"name": "Ben", "bot": "greedy"}, {"name": "Carl", "bot": "greedy"},
         {"name": "Dora", "bot": "greedy"}]


class Recorder:
    """One client's every answer, in order: status, bytes, and the JSON when it is JSON."""

    def __init__(self, client: TestClient, token: str | None = None) -> None:
        self.client, self.token = client, token
        self.received: list[tuple[int, bytes]] = []

    def _headers(self) -> dict[str, str]:
        return {"authorization": f"Bearer {self.token}"} if self.token else {}

    def get(self, path: str) -> Any:
        response = self.client.get(path, headers=self._headers())
        self.received.append((response.status_code, response.content))
        return response

    def post(self, path: str, body: dict[str, Any]) -> Any:
        response = self.client.post(path, json=body, headers=self._headers())
        self.received.append((response.status_code, response.content))
        return response


class Truth:
    """The table's game replayed from its seed and stored moves, brought forward to any version."""

    def __init__(self, lobby: Lobby, table: int) -> None:
        self.lobby, self.table = lobby, table
        with lobby.engine.connect() as connection:
            params = connection.execute(select(TABLES.c.params).where(TABLES.c.id == table)).scalar_one()
        self.params = TableParams.from_json(params)
        self.replayed = start(self.params)

    def at(self, version: int) -> Replayed:
        assert version >= self.replayed.version, "the answers come in the order of their versions"
        with self.lobby.engine.connect() as connection:
            moves = connection.execute(select(MOVES.c.seat, MOVES.c.action).where(
                MOVES.c.table_id == self.table, MOVES.c.seq > self.replayed.version, MOVES.c.seq <= version)
                .order_by(MOVES.c.seq)).all()
        for seat, code in moves:
            apply_move(self.replayed, seat, code)
        assert self.replayed.version == version
        return self.replayed


def hidden_from(replayed: Replayed, seat: int | None) -> set[int]:
    """The cards `seat` (None: a watcher) may not know by number now: the other hands, the piles
    below their visible backs, the other seats' discards."""
    state = replayed.state
    me = state.game.players[seat] if seat is not None else None
    hidden = {n for player, cards in state.hands.items() if player != me for n in cards}
    depth = visible_depth(state.game)
    hidden |= {n for cards in state.piles.values() for n in cards[:-depth]}
    hidden |= {n for move in state.table.history for n in move.out
               if move.kind is not MoveKind.DRAWPILE and n != move.card and move.player != me}
    return hidden


def card_values(value: Any, key: str | None = None) -> Iterator[int]:
    """Every int found under a key that carries card numbers, at any depth."""
    if isinstance(value, dict):
        for inner_key, inner in value.items():
            yield from card_values(inner, inner_key)
    elif isinstance(value, list):
        for inner in value:
            yield from card_values(inner, key)
    elif isinstance(value, int) and not isinstance(value, bool) and key in CARD_KEYS:
        yield value


def text_numbers(text: str, pile_names: list[str]) -> set[int]:
    """The numbers a log text names (pile names such as `locations 1` are names, not numbers)."""
    for name in sorted(pile_names, key=len, reverse=True):
        text = text.replace(name, "")
    words = (word.strip("(),;:") for word in text.replace("=", " ").split())
    return {int(word) for word in words if word.isdigit()}


def check_view(view: dict[str, Any], truth: Truth, seat: int | None) -> None:
    replayed = truth.at(view["version"])
    hidden = hidden_from(replayed, seat)
    leaked = set(card_values(view)) & hidden
    assert not leaked, f"version {view['version']}: cards {sorted(leaked)} are not seat {seat}'s to see"
    piles = list(replayed.state.piles)
    for entry in view["log"]:
        assert not text_numbers(entry["text"], piles) & hidden, entry
    assert all(len(pile["backs"]) <= visible_depth(replayed.game) for pile in view["piles"])
    legal = replayed.legal_codes() if seat is not None and seat == replayed.mover_seat() else []
    expected = seat_view_document(replayed.state, seat, replayed.seen, legal,
                                  {code: replayed.codes.text(code) for code in legal},
                                  {code: action for code in legal
                                   if (action := replayed.codes.decode(code, replayed.state.mover)) is not None})
    assert {key: view[key] for key in expected} == json.loads(json.dumps(expected))


def views_in(document: Any) -> Iterator[dict[str, Any]]:
    """The table views an answer holds: itself, or the `view` of a refusal or a new table."""
    if isinstance(document, dict):
        if "log" in document and "version" in document:
            yield document
        if isinstance(document.get("view"), dict):
            yield from views_in(document["view"])


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[TestClient, Lobby]]:
    lobby = Lobby(open_database(f"sqlite:///{tmp_path / 'tables.sqlite'}"))
    client = TestClient(create_app(TableConfig(folder=tmp_path, lobby=lobby)), base_url="http://localhost")
    yield client, lobby
    lobby.engine.dispose()


def play_as_seat_0(anna: Recorder, table: int, rng: random.Random) -> None:
    """Seat 0 plays to the end, picking among its legal actions; a stale and an illegal move on the way."""
    view = anna.get(f"/api/tables/{table}").json()
    moves = 0
    while view["over"] is None:
        assert view["to_move"] == 0, "the bots moved until seat 0 is to move"
        code = rng.choice(view["legal"])["action"]
        if moves == 3:
            assert anna.post(f"/api/tables/{table}/actions", {"action": code, "version": view["version"] - 1}
                             ).status_code == 409
            assert anna.post(f"/api/tables/{table}/actions", {"action": 9999, "version": view["version"]}
                             ).status_code == 422
            assert anna.get(f"/api/tables/{table}/export").status_code == 403
            anna.get("/api/tables")
        answer = anna.post(f"/api/tables/{table}/actions", {"action": code, "version": view["version"]})
        assert answer.status_code == 200, answer.text
        view = answer.json()
        moves += 1
        if moves % 5 == 0:
            view = anna.get(f"/api/tables/{table}").json()
    assert moves > 10


def test_seat_0_receives_nothing_it_may_not_see_in_a_whole_game(served: tuple[TestClient, Lobby]) -> None:
    client, lobby = served
    anna = Recorder(client)
    created = anna.client.post("/api/tables", json={"seats": SEATS})
    anna.received.append((created.status_code, created.content))
    assert created.status_code == 201
    table, anna.token = created.json()["table"], created.json()["seats"][0]["token"]
    assert [s.get("token") is not None for s in created.json()["seats"]] == [True, False, False, False]
    play_as_seat_0(anna, table, random.Random(5))
    truth = Truth(lobby, table)
    seed = str(truth.params.seed).encode()
    checked = 0
    for status, body in anna.received:
        assert seed not in body, "the table's seed is never served"
        document = json.loads(body)
        for view in views_in(document):
            seat = 0 if view["seat"] == 0 else None
            check_view(view, truth, seat)
            checked += 1
        if status != 200 or "tables" in document:
            assert not set(card_values(document)) - {v for view in views_in(document) for v in card_values(view)}
    assert checked > 20


def test_a_watcher_sees_no_hand_at_all(served: tuple[TestClient, Lobby]) -> None:
    client, lobby = served
    created = client.post("/api/tables", json={"seats": SEATS}).json()
    table, token = created["table"], created["seats"][0]["token"]
    anna, watcher = Recorder(client, token), Recorder(client)
    rng = random.Random(9)
    view = anna.get(f"/api/tables/{table}").json()
    for _ in range(25):
        if view["over"] is not None:
            break
        view = anna.post(f"/api/tables/{table}/actions",
                         {"action": rng.choice(view["legal"])["action"], "version": view["version"]}).json()
        watcher.get(f"/api/tables/{table}")
    truth = Truth(lobby, table)
    for status, body in watcher.received:
        assert status == 200
        view = json.loads(body)
        assert view["seat"] is None and view["hand"] is None and view["legal"] == []
        check_view(view, truth, None)
    assert watcher.post(f"/api/tables/{table}/actions", {"action": 690, "version": 0}).status_code == 403
