"""One document per question: every command's `--json` equals the served route's answer.

A sweep over boards that have tripped the two builders before (cards out of the game after a
pass or a play, a group card, the Remove-one-marker card used, a finished game, the two-player
variant part-way through a turn). Reads are compared as they are; a change is made once on
each of two identical copies of the state file, and the server's answer is the command's
document with the new `state` beside it.
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("httpx")

from starlette.testclient import TestClient

from solver.web.app import TableConfig
from tests.conftest import CliResult
from tests.web.conftest import local_client

RULE_4 = "markers:\n  break-in: [Oberhausen, Obermoschel, Meisenheim, Lettweiler]\n"
BOARDS: dict[str, str] = {
    "rule 4 example": "players: [Anna, Ben, Carl]\nturn: Ben\n" + RULE_4,
    "card 11 discarded by a pass": "players: [Anna, Ben]\nturn: Ben\nout_of_game: [11]\n" + RULE_4,
    "card 27 played": ("players: [Anna, Ben]\nturn: Ben\nout_of_game: [27]\n"
                       "markers:\n  highway robbery: [Boos, Meddersheim, Hundsbach]\n"),
    "remove card used": ("players: [Anna, Ben]\nremove_one_used: [Anna]\n"
                         "markers:\n  break-in: [Oberhausen, Meisenheim]\n  murder: [Kirn, Boos]\n"),
    "a STOP to take": ("players: [Anna, Ben]\nmarkers:\n  break-in: [Oberhausen, Boos]\n"
                       "  highway robbery: [Oberhausen, Boos]\n  beehive theft: [Boos, Simmern, Kirn]\n"),
    "finished": ("players: [Anna, Ben]\nscores: {Anna: 3, Ben: 1}\nfinished: draw piles used up\n"
                 "out_of_game: [11]\n" + RULE_4),
    "two-player variant mid-turn": ("players: [Anna, Ben]\nvariant: {two_player: true}\ncards_this_turn: 1\n"
                                    "markers:\n  break-in: [Oberhausen, Obermoschel, Meisenheim]\n"
                                    "  murder: [Oberhausen, Obermoschel, Boos]\n"
                                    "  robbery: [Oberhausen, Boos]\n"),
}
CARDS = ["11", "27", "38", "3", "18", "44", "remove"]


def _served(card: str) -> int | str:
    return int(card) if card.isdigit() else card


@pytest.fixture(params=list(BOARDS))
def board(request: pytest.FixtureRequest, tmp_path: Path) -> Path:
    path = tmp_path / "cli" / "game.yaml"
    path.parent.mkdir()
    path.write_text(BOARDS[request.param], encoding="utf-8")
    return path


@pytest.fixture
def twin(board: Path) -> Path:
    """A copy of the state file, byte for byte, for the server to change."""
    path = board.parent.parent / "web" / "game.yaml"
    path.parent.mkdir()
    shutil.copyfile(board, path)
    return path


@pytest.fixture
def client(twin: Path) -> Iterator[TestClient]:
    with local_client(TableConfig(state_path=twin, folder=twin.parent), raise_server_exceptions=False) as test_client:
        yield test_client


Run = Callable[..., CliResult]


def _json(result: CliResult) -> Any:
    return json.loads(result[1])


def _version(client: TestClient) -> str:
    return str(client.get("/api/state").json()["version"])


def test_reads_answer_alike(run: Run, board: Path, client: TestClient) -> None:
    for card in CARDS:
        assert _json(run("check", board, card, "--json")) == client.post(
            "/api/check", json={"card": _served(card)}).json(), card
    numbers = [card for card in CARDS if card.isdigit()]
    assert _json(run("hand", board, *CARDS, "--json")) == client.post(
        "/api/hand", json={"cards": [_served(card) for card in CARDS]}).json()
    served = client.post("/api/drawpile", json={"cards": [int(n) for n in numbers]}).json()
    assert _json(run("drawpile", board, *numbers, "--json")) == {k: v for k, v in served.items() if k != "state"}
    assert _json(run("stop", board, "--json")) == client.get("/api/stop").json()
    assert _json(run("count", board, "--json")) == client.get("/api/count").json()
    assert _json(run("odds", board, "--json")) == client.get("/api/odds").json()
    assert _json(run("game", "show", board, "--json")) == {**client.get("/api/state").json(),
                                                          **client.get("/api/count").json()}
    for number in ("4", "27"):
        assert _json(run("cards", number, "--json"))[0] == client.get(f"/api/cards/{number}").json()


def _change(client: TestClient, route: str, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    answer = client.post(route, json={**body, "version": _version(client)})
    return answer.status_code, answer.json()


CHANGES: list[tuple[list[str], str, dict[str, Any]]] = [
    (["play", "38"], "/api/play", {"card": 38}),
    (["play", "11"], "/api/play", {"card": 11}),
    (["play", "27", "--choose", "murder"], "/api/play", {"card": 27, "choose": "murder"}),
    (["play", "remove", "--choose", "break-in@Oberhausen"], "/api/play",
     {"card": "remove", "choose": "break-in@Oberhausen"}),
    (["game", "pass", "--discard", "44"], "/api/pass", {"discard": [44]}),
    (["game", "end", "38", "11"], "/api/end", {"cards": [38, 11]}),
    (["game", "end"], "/api/end", {"cards": []}),
    (["game", "end", "27", "38", "11"], "/api/end", {"cards": [27, 38, 11]}),
    (["stop", "--take", "Ben"], "/api/stop", {"taker": "Ben"}),
    (["drawpile", "11", "27", "3", "--take-out"], "/api/drawpile", {"cards": [11, 27, 3], "take_out": True}),
]


@pytest.mark.parametrize(("command", "route", "body"), CHANGES, ids=[" ".join(c[0]) for c in CHANGES])
def test_changes_answer_alike(run: Run, board: Path, twin: Path, client: TestClient, command: list[str],
                              route: str, body: dict[str, Any]) -> None:
    args = ["game", command[1], board, *command[2:]] if command[0] == "game" else [command[0], board, *command[1:]]
    result = run(*args, "--json")
    status, served = _change(client, route, body)
    if result[0] == 0:
        assert status == 200, served
        assert _json(result) == {k: v for k, v in served.items() if k != "state"}
        assert board.read_bytes() == twin.read_bytes()  # the same change, saved the same way
        assert _json(run("game", "show", board, "--json"))["version"] == served["state"]["version"]
    elif result[1]:  # refused with a document (a card not playable, the game going on)
        assert status == 422
        assert _json(result) == {k: v for k, v in served.items() if k != "error"}
    else:  # refused with one line: the server refuses too, and neither file changed
        assert status in (400, 409, 422), served
        assert board.read_bytes() == twin.read_bytes()


def test_undo_answers_alike(run: Run, board: Path, client: TestClient) -> None:
    played = run("game", "pass", board, "--discard", "44")
    status, _ = _change(client, "/api/pass", {"discard": [44]})
    if played[0] != 0:
        assert status != 200
        return
    status, served = _change(client, "/api/undo", {})
    assert status == 200
    assert _json(run("undo", board, "--json")) == {k: v for k, v in served.items() if k != "state"}


def test_redo_answers_alike(run: Run, board: Path, client: TestClient) -> None:
    played = run("game", "pass", board, "--discard", "44")
    status, _ = _change(client, "/api/pass", {"discard": [44]})
    if played[0] != 0:
        assert status != 200
        return
    assert run("undo", board)[0] == 0 and _change(client, "/api/undo", {})[0] == 200
    status, served = _change(client, "/api/redo", {})
    assert status == 200
    assert _json(run("redo", board, "--json")) == {k: v for k, v in served.items() if k != "state"}


def test_the_four_old_divergences_are_gone(run: Run, tmp_path: Path) -> None:
    path = tmp_path / "g.yaml"
    path.write_text(BOARDS["card 11 discarded by a pass"], encoding="utf-8")
    with local_client(TableConfig(state_path=path, folder=tmp_path)) as client:
        served = client.post("/api/check", json={"card": 11}).json()
        assert served["playable"] is False and served["rule"] == 11 and served["refusal"]["kind"] == "out of game"
        dead = client.post("/api/drawpile", json={"cards": [11]}).json()["cards"][0]
        assert dead["dead"] is True and dead["card"]["label"] == "card 11"
        assert _json(run("drawpile", path, "11", "--json"))["cards"][0] == dead
        version = client.get("/api/state").json()["version"]
        going = client.post("/api/end", json={"cards": [11], "version": version})
        assert going.status_code == 200 and going.json()["over"] is True  # card 11 is gone: it keeps nobody playing
