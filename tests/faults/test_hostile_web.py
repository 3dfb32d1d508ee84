"""The served table under hostile but fair requests: no request gives a 500, none hangs the server,
and nothing is saved for a request that was not acknowledged (nor lost for one that was).

Run against a real uvicorn server on loopback. The figures (cases tried, 500s, hangs, lost
acknowledgements) are printed with `-s`.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest
import yaml

from tests.web.conftest import Served, write_state
from tests.web.conftest import serve as serve  # the fixture: a real server on loopback

httpx = pytest.importorskip("httpx")

ROOT = Path(__file__).resolve().parents[2]
HANG_SECONDS = 5.0
JSON = {"content-type": "application/json"}
RULE_4 = {"break-in": ["Oberhausen", "Obermoschel", "Meisenheim", "Lettweiler"]}


def _files(folder: Path) -> dict[str, bytes]:
    """What is saved in `folder` (a lock file beside a state file is no saved data)."""
    return {path.name: path.read_bytes() for path in folder.iterdir()
            if path.is_file() and not path.is_symlink() and path.suffix != ".lock"}


def _with_title(title: bytes) -> bytes:
    """A bundled puzzle that has exactly one solution, under another title."""
    text = (ROOT / "puzzles" / "box-1.yaml").read_bytes()
    return b"title: " + title + b"\n" + b"\n".join(line for line in text.splitlines()
                                                 if not line.startswith(b"title"))


HOSTILE: list[tuple[str, str, bytes, dict[str, str]]] = [
    ("GET", "/api/cards/²", b"", {}),
    ("GET", "/api/cards/" + "9" * 5000, b"", {}),
    ("GET", "/api/cards/٣", b"", {}),  # an Arabic-Indic digit: str.isdigit takes it too
    ("POST", "/api/games", b'{"players": ["Ann\\ud800"]}', JSON),
    ("POST", "/api/games", b'{"players": ["\\u001b[2J"]}', JSON),
    ("POST", "/api/games", b'{"players": ["Anna", "anna"]}', JSON),
    ("POST", "/api/games", b'{"players": ["A", "B"], "last_delict_points": true}', JSON),
    ("POST", "/api/games", b'{"players": ["A", "B"], "two_player": "no"}', JSON),
    ("POST", "/api/games", b'{"players": ["A", "B"], "two_players": true}', JSON),
    ("POST", "/api/check", b'{"card": 38, "more": "false"}', JSON),
    ("POST", "/api/check", b'{"card": 38, "x": "="}', JSON),
    ("POST", "/api/check", "\ufeff{\"card\": 38}".encode(), JSON),
    ("POST", "/api/check", '{"card": 38}'.encode("utf-16"), JSON),
    ("POST", "/api/check", b'{"card": 38}', {"content-type": "application/json; charset=utf-16"}),
    ("POST", "/api/play", b'{"players": ["Mallory"], "x": "="}', {"content-type": "text/plain"}),
    ("POST", "/api/drawpile", b'{"cards": [11], "take_out": "yes"}', JSON),
    ("POST", "/api/cards/4", b'{"confirm": 1}', JSON),
    ("POST", "/api/puzzles", _with_title(b'"Bad \\ud800 title"'), {"content-type": "text/yaml"}),
    ("POST", "/api/puzzles", _with_title(b'"\\e[2J"'), {"content-type": "text/yaml"}),
    ("GET", "/api/state", b"", {"host": "evil.example"}),
    ("POST", "/api/undo", b"{}", {**JSON, "origin": "http://evil.example"}),
]


def test_no_hostile_request_gives_a_500_or_saves_anything(serve: Callable[..., Served], tmp_path: Path) -> None:
    game = write_state(tmp_path / "game.yaml", RULE_4)
    served = serve(game)
    before = _files(tmp_path)
    errors, slow = [], []
    with httpx.Client(base_url=served.url, timeout=HANG_SECONDS) as client:
        for method, path, body, headers in HOSTILE:
            started = time.monotonic()
            answer = client.request(method, path, content=body or None, headers=headers)
            if time.monotonic() - started > HANG_SECONDS / 2:
                slow.append(path)
            if not 400 <= answer.status_code < 500 or "\n" in answer.json().get("error", "\n"):
                errors.append((method, path, body[:40], answer.status_code))
        assert client.get("/api/state").status_code == 200  # still serving the same game
    print(f"\nhostile requests: {len(HOSTILE)} cases, {len(errors)} not one 4xx line, {len(slow)} slow")
    assert errors == [] and slow == []
    assert _files(tmp_path) == before  # nothing was saved for any of them


def test_a_lock_file_planted_as_a_link_is_refused_and_never_written_through(
        serve: Callable[..., Served], tmp_path: Path) -> None:
    game = write_state(tmp_path / "game.yaml", RULE_4)
    victim = tmp_path / "victim.txt"
    victim.write_text("precious", encoding="utf-8")
    (tmp_path / ".game.yaml.lock").symlink_to(victim)
    served = serve(game)
    with httpx.Client(base_url=served.url, timeout=HANG_SECONDS) as client:
        version = client.get("/api/state").json()["version"]
        answer = client.post("/api/play", json={"card": 11, "version": version})
        assert answer.status_code == 400 and "lock" in answer.json()["error"]
    assert victim.read_text(encoding="utf-8") == "precious"


def test_concurrent_new_games_overwrite_nothing_acknowledged(serve: Callable[..., Served], tmp_path: Path) -> None:
    served = serve(None)
    answers: list[httpx.Response] = []

    def create(index: int) -> None:
        with httpx.Client(base_url=served.url, timeout=HANG_SECONDS * 4) as client:
            body = {"players": [f"P{index}", "Q"], "replace": True}
            answers.append(client.post("/api/games", json=body))

    threads = [threading.Thread(target=create, args=(index,)) for index in range(20)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    created = [answer.json() for answer in answers if answer.status_code == 200]
    assert len(created) == 20 and all(answer.status_code in (200, 409) for answer in answers)
    files = {path.name for path in tmp_path.glob("game-*.yaml")}
    lost = [game for game in created if Path(game["file"]).name not in files
            or yaml.safe_load(Path(game["file"]).read_text(encoding="utf-8"))["players"] != game["players"]]
    print(f"\nconcurrent creates: {len(answers)} answered, {len(created)} acknowledged, {len(files)} files, "
          f"{len(lost)} lost")
    assert lost == [] and len(files) == len(created)


def test_a_second_new_game_asks_before_it_replaces_the_open_one(serve: Callable[..., Served],
                                                                tmp_path: Path) -> None:
    game = write_state(tmp_path / "game.yaml", RULE_4)
    served = serve(game)
    with httpx.Client(base_url=served.url, timeout=HANG_SECONDS) as client:
        refused = client.post("/api/games", json={"players": ["Mallory", "Eve"]})
        assert refused.status_code == 409 and refused.json()["state"]["players"] == ["Anna", "Ben"]
        assert client.get("/api/state").json()["players"] == ["Anna", "Ben"]
        assert sorted(path.name for path in tmp_path.glob("*.yaml")) == ["game.yaml"]
        replaced = client.post("/api/games", json={"players": ["Mallory", "Eve"], "replace": True})
        assert replaced.status_code == 200 and client.get("/api/state").json()["players"] == ["Mallory", "Eve"]


@pytest.mark.parametrize("swap", ["fifo", "zero", "folder"])
def test_the_change_feed_survives_the_file_becoming_a_pipe_or_a_device(serve: Callable[..., Served],
                                                                       tmp_path: Path, swap: str) -> None:
    game = write_state(tmp_path / "game.yaml", RULE_4)
    served = serve(game)
    with httpx.Client(base_url=served.url, timeout=HANG_SECONDS) as client, \
            client.stream("GET", "/api/events") as events:
        first = next(events.iter_lines())
        assert first.startswith(("event", "data", ":"))
        game.unlink()
        if swap == "fifo":
            os.mkfifo(game)
        elif swap == "zero":
            game.symlink_to("/dev/zero")
        else:
            game.mkdir()
        time.sleep(0.5)  # the feed looks several times meanwhile
        started = time.monotonic()
        answer = client.get("/api/state")
        assert answer.status_code == 400 and "\n" not in answer.json()["error"]
        assert client.get("/api/board").status_code == 200
        assert time.monotonic() - started < HANG_SECONDS


def test_a_full_disk_leaves_the_open_game_served(serve: Callable[..., Served], tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    import errno

    from solver.core import yamlio

    game = write_state(tmp_path / "game.yaml", RULE_4, finished="draw piles used up")
    served = serve(game)

    def full(*_: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(yamlio.os, "link", full)
    with httpx.Client(base_url=served.url, timeout=HANG_SECONDS) as client:
        answer = client.post("/api/games", json={"players": ["Mallory", "Eve"]})
        assert answer.status_code == 400 and "disk is full" in answer.json()["error"]
        assert client.get("/api/state").json()["players"] == ["Anna", "Ben"]  # still the game being played
    assert sorted(path.name for path in tmp_path.glob("*.yaml")) == ["game.yaml"]
