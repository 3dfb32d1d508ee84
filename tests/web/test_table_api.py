"""The table API through Starlette's test client: every endpoint, every bad-input path, never a 500."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from starlette.testclient import TestClient

from solver.web.app import TableConfig
from tests.web.conftest import local_client, write_state

RULE_4_MARKERS = {"break-in": ["Oberhausen", "Obermoschel", "Meisenheim", "Lettweiler"]}


@pytest.fixture
def game(tmp_path: Path) -> Path:
    return write_state(tmp_path / "game.yaml", RULE_4_MARKERS)


@pytest.fixture
def client(game: Path) -> Iterator[TestClient]:
    with local_client(TableConfig(state_path=game, folder=game.parent), raise_server_exceptions=False) as test_client:
        yield test_client


def version(client: TestClient) -> str:
    return str(client.get("/api/state").json()["version"])


def test_state_carries_the_board_and_a_version(client: TestClient) -> None:
    state = client.get("/api/state").json()
    assert sorted(state["markers"]["break-in"]) == sorted(RULE_4_MARKERS["break-in"])
    assert state["turn"] == "Anna"
    assert len(state["version"]) == 16
    assert "break-in" not in state["supply"]


def test_board_geometry(client: TestClient) -> None:
    board = client.get("/api/board").json()
    assert len(board["locations"]) == 16
    assert {"between", "bridge", "provenance"} <= set(board["paths"][0])
    assert [group["colour"] for group in board["groups"]] == ["blue", "yellow", "orange", "green"]


def test_check_is_exactly_check_json_with_the_card_it_used(client: TestClient, run: Any, game: Path) -> None:
    answer = client.post("/api/check", json={"card": 38}).json()
    _code, out, _ = run("check", str(game), "38", "--json")
    import json

    assert answer == json.loads(out)
    assert answer["playable"] and answer["points"] == 4  # the rulebook's rule 4 example
    assert answer["card"]["provenance"] == "printed"


def test_play_applies_the_card_and_changes_the_version(client: TestClient) -> None:
    before = version(client)
    answer = client.post("/api/play", json={"card": 38, "version": before})
    assert answer.status_code == 200
    body = answer.json()
    assert body["played"]["points"] == 4
    assert body["state"]["scores"]["Anna"] == 4
    assert body["state"]["version"] != before
    assert client.get("/api/state").json()["markers"]["highway robbery"] == ["Boos", "Meddersheim", "Hundsbach"]


def test_a_play_on_a_stale_board_is_refused_with_the_new_board(client: TestClient) -> None:
    stale = version(client)
    assert client.post("/api/play", json={"card": 38, "version": stale}).status_code == 200
    answer = client.post("/api/play", json={"card": 11, "version": stale})
    assert answer.status_code == 409
    assert answer.json()["state"]["scores"]["Anna"] == 4
    assert answer.json()["error"].startswith("the board changed")


def test_a_card_that_is_not_playable_is_422_with_the_verdict(client: TestClient) -> None:
    answer = client.post("/api/play", json={"card": 18, "version": version(client)})  # rule 13 for every choice
    assert answer.status_code == 422
    assert answer.json()["playable"] is False
    assert isinstance(answer.json()["rule"], int)


def test_redo_plays_the_undone_move_again(client: TestClient, game: Path) -> None:
    client.post("/api/play", json={"card": 38, "version": version(client)})
    after_play = game.read_bytes()
    undone = client.post("/api/undo", json={"version": version(client)}).json()
    assert undone["redo"]["card"] == 38 and undone["redo"]["words"] == "Anna's play of card 38 (4 points)"
    stale = client.post("/api/redo", json={"version": "0" * 16})
    assert stale.status_code == 409
    redone = client.post("/api/redo", json={"version": version(client)})
    assert redone.status_code == 200 and redone.json()["redone"]["card"] == 38
    assert redone.json()["state"]["scores"]["Anna"] == 4 and game.read_bytes() == after_play
    again = client.post("/api/redo", json={"version": version(client)})
    assert again.status_code == 400 and again.json()["error"].startswith("nothing to redo")


def test_group_card_gives_a_verdict_per_delict(client: TestClient) -> None:
    answer = client.post("/api/check", json={"card": 27}).json()
    assert set(answer["choices"]) == {"robbery", "extortion", "murder", "highway robbery"}


def test_undo_restores_the_board(client: TestClient, game: Path) -> None:
    original = game.read_bytes()
    client.post("/api/play", json={"card": 38, "version": version(client)})
    answer = client.post("/api/undo", json={"version": version(client)})
    assert answer.status_code == 200
    assert game.read_bytes() == original
    assert client.post("/api/undo", json={"version": version(client)}).status_code == 400


def test_count_is_exact(client: TestClient) -> None:
    answer = client.get("/api/count").json()
    assert isinstance(answer["count"], int) and answer["count"] > 0


def test_new_game_from_the_page(tmp_path: Path) -> None:
    with local_client(TableConfig(folder=tmp_path), raise_server_exceptions=False) as fresh:
        assert fresh.get("/api/state").status_code == 400
        answer = fresh.post("/api/games", json={"players": ["Anna", "Ben", "Carl"]})
        assert answer.status_code == 200
        assert Path(answer.json()["file"]).parent == tmp_path
        assert fresh.get("/api/state").json()["players"] == ["Anna", "Ben", "Carl"]


def test_entering_a_card_replaces_the_reconstruction_for_page_and_cli(client: TestClient, game: Path,
                                                                      run: Any) -> None:
    assert client.get("/api/cards/4").json()["reconstructed"] is True
    clue = {"type": "delict", "delict": "horse theft", "locations": ["Kirn", "Boos", "Simmern", "Meddersheim"]}
    answer = client.post("/api/cards/4", json={"clue": clue})
    assert answer.status_code == 200
    assert answer.json()["provenance"] == "entered"
    assert client.post("/api/check", json={"card": 4}).json()["card"]["provenance"] == "entered"
    assert (game.parent / "game.cards.yaml").exists()


def test_a_printed_card_entered_differently_is_refused(client: TestClient) -> None:
    clue = {"type": "district", "delicts": ["murder", "break-in"], "relation": "same"}
    answer = client.post("/api/cards/38", json={"clue": clue})
    assert answer.status_code == 400
    assert "rulebook prints card 38" in answer.json()["error"]


def test_pass_moves_the_turn_and_takes_discards_out(client: TestClient) -> None:
    answer = client.post("/api/pass", json={"version": version(client), "discard": [5, 6]})
    assert answer.status_code == 200
    assert answer.json()["state"]["turn"] == "Ben"
    assert answer.json()["state"]["out_of_game"] == [5, 6]


def test_check_with_a_choice_judges_that_choice(client: TestClient) -> None:
    whole = client.post("/api/check", json={"card": 25}).json()
    one = client.post("/api/check", json={"card": 25, "choose": "murder"}).json()
    assert set(whole["choices"]) == {"robbery", "extortion", "murder", "highway robbery"}
    assert one["choices"] == {} and one["rule"] == 13 and not one["playable"]
    answer = client.post("/api/check", json={"card": 25, "choose": "mud"})
    assert answer.status_code == 400 and "murder" in answer.json()["error"]


def test_a_play_discards_one_more_card_at_most(client: TestClient) -> None:
    # "he may additionally discard one card from his hand"
    before = client.get("/api/state").json()
    answer = client.post("/api/play", json={"card": 5, "discard": [6, 7], "version": version(client)})
    assert answer.status_code == 400
    assert "may discard one more card after a play" in answer.json()["error"]
    assert client.get("/api/state").json() == before


def test_stop_lists_and_takes_what_deduction_removes(tmp_path: Path) -> None:
    # two delicts on the same two locations: rule 3's deduction removes a third delict's marker there
    markers = {"break-in": ["Oberhausen", "Boos"], "highway robbery": ["Oberhausen", "Boos"],
               "murder": ["Boos", "Kirn"]}
    game = write_state(tmp_path / "stop.yaml", markers)
    with local_client(TableConfig(state_path=game), raise_server_exceptions=False) as table:
        found = table.get("/api/stop").json()
        assert {"delict": "murder", "location": "Boos"} in [
            {k: f[k] for k in ("delict", "location")} for f in found["removable"]]
        # murder keeps one marker, on Kirn: its tile follows (rule 7), a point more than the markers
        assert found["points"] == len(found["removable"]) + 1
        state = table.get("/api/state").json()
        assert found["takers"] == state["players"]  # nobody has moved yet: anyone may call it
        stale = version(table)
        taken = table.post("/api/stop", json={"taker": "ben", "version": stale})
        assert taken.status_code == 200
        assert taken.json()["taken_by"] == "Ben" and taken.json()["points"] == found["points"]
        assert table.post("/api/stop", json={"taker": "Ben", "version": stale}).status_code == 409


def test_the_player_who_overlooked_it_is_not_offered_the_stop(tmp_path: Path) -> None:
    # "If a player has ended his turn and has overlooked that ... another player may call STOP"
    markers = {"break-in": ["Oberhausen", "Boos"], "highway robbery": ["Oberhausen", "Boos"],
               "beehive theft": ["Boos", "Trifthütte", "Thiergarten", "Simmern"]}  # rule 3 frees Boos
    game = write_state(tmp_path / "stop.yaml", markers)
    with local_client(TableConfig(state_path=game), raise_server_exceptions=False) as table:
        passed = table.post("/api/pass", json={"version": version(table)})  # and overlooked the marker
        assert passed.status_code == 200
        mover = passed.json()["passed"]["player"]
        found = table.get("/api/stop").json()
        assert found["removable"] and mover not in found["takers"]
        assert found["takers"][0] == table.get("/api/state").json()["turn"]


def test_hand_ranks_the_legal_plays(client: TestClient) -> None:
    answer = client.post("/api/hand", json={"cards": [38, 18, "remove"]}).json()
    assert answer["plays"][0]["card"]["number"] == 38 and answer["plays"][0]["points"] == 4
    assert all(entry["playable"] is False for entry in answer["not_playable"])


def test_drawpile_names_dead_cards_and_takes_them_out(tmp_path: Path) -> None:
    game = write_state(tmp_path / "dead.yaml", {}, tiles={"break-in": "Oberhausen"})
    with local_client(TableConfig(state_path=game), raise_server_exceptions=False) as table:
        answer = table.post("/api/drawpile", json={"cards": [11, 38]}).json()
        assert [entry["dead"] for entry in answer["cards"]] == [True, False]  # rule 11's example: card 11
        taken = table.post("/api/drawpile", json={"cards": [11], "take_out": True, "version": version(table)})
        assert taken.json()["taken_out"] == [11]


def test_end_refused_while_a_hand_card_is_playable(client: TestClient) -> None:
    answer = client.post("/api/end", json={"cards": [38], "version": version(client)})
    assert answer.status_code == 422
    ended = client.post("/api/end", json={"cards": [], "version": version(client)})
    assert ended.status_code == 200
    assert ended.json()["state"]["outcome"]["winners"] == ["Anna", "Ben"]


def test_a_group_card_without_a_choice_lists_the_options(tmp_path: Path) -> None:
    markers = {"murder": ["Kirn", "Boos", "Oberhausen"], "robbery": ["Simmern", "Hundsbach"]}
    game = write_state(tmp_path / "group.yaml", markers)
    with local_client(TableConfig(state_path=game), raise_server_exceptions=False) as table:
        answer = table.post("/api/play", json={"card": 27, "version": version(table)})
        assert answer.status_code == 400
        assert set(answer.json()["options"]) == {"murder", "robbery"}
        chosen = table.post("/api/play", json={"card": 27, "choose": "murder", "version": version(table)})
        assert chosen.status_code == 200 and chosen.json()["played"]["choice"] == "murder"


BAD_REQUESTS = [
    ("post", "/api/check", b"{not json", 400),
    ("post", "/api/check", b"[1, 2]", 400),
    ("post", "/api/check", b"{}", 400),
    ("post", "/api/check", b'{"card": 99}', 400),
    ("post", "/api/check", b'{"card": "x"}', 400),
    ("post", "/api/check", b'{"card": 38, "clue": {}}', 400),
    ("post", "/api/check", b'{"clue": {"type": "delict"}}', 400),
    ("post", "/api/check", b'{"clue": {"type": "delict", "delict": "murdr", "locations": []}}', 400),
    ("post", "/api/check", b'{"card": 38, "player": "Zed"}', 400),
    ("post", "/api/check", b'{"card": 38, "player": 7}', 400),
    ("post", "/api/play", b'{"card": 38}', 400),
    ("post", "/api/play", b'{"card": 38, "version": 3}', 400),
    ("post", "/api/play", b'{"card": 27, "version": "x", "choose": "nobody"}', 409),
    ("post", "/api/undo", b"{}", 400),
    ("get", "/api/cards/abc", b"", 400),
    ("post", "/api/cards/4", b'{"clue": {"type": "group", "group": "green", "direction": "north"}}', 400),
    ("post", "/api/games", b'{"players": "Anna"}', 400),
    ("post", "/api/games", b'{"players": ["Anna", "Anna"]}', 400),
    ("post", "/api/games", b'{"players": ["A", "B"], "last_delict_points": 3}', 400),
    ("post", "/api/pass", b'{"version": "x", "discard": "5"}', 400),
    ("post", "/api/stop", b'{"version": "x"}', 400),
    ("post", "/api/hand", b'{"cards": []}', 400),
    ("post", "/api/hand", b'{"cards": 38}', 400),
    ("post", "/api/drawpile", b'{"cards": [99]}', 400),
    ("post", "/api/end", b'{"cards": [38]}', 400),
    ("post", "/api/play", b'{"card": ' + b"7" * 4400 + b"}", 400),  # more digits than Python reads
    ("post", "/api/play", b"{\"card\": {\"clue\": " + b"[" * 900 + b"]" * 900 + b"}}", 400),
    ("get", "/api/nothing", b"", 404),
    ("put", "/api/state", b"", 405),
]


@pytest.mark.parametrize(("method", "path", "body", "status"), BAD_REQUESTS)
def test_bad_input_is_one_json_line(client: TestClient, method: str, path: str, body: bytes, status: int) -> None:
    answer = client.request(method, path, content=body or None)
    assert answer.status_code == status
    error = answer.json()["error"]
    assert isinstance(error, str) and "\n" not in error and "Traceback" not in error


def test_the_join_token_is_required_when_set(game: Path) -> None:
    with local_client(TableConfig(state_path=game, token="s3cret")) as guarded:
        assert guarded.get("/api/state").status_code == 403
        assert guarded.get("/").status_code == 403
        assert guarded.get("/api/state?token=wrong").status_code == 403
        assert guarded.get("/api/state?token=s3cret").status_code == 200
        assert guarded.get("/api/state").status_code == 200  # the cookie the first answer set


def test_the_session_says_whether_a_game_is_open_and_how_to_join(game: Path, tmp_path: Path) -> None:
    with local_client(TableConfig(folder=tmp_path)) as empty:
        assert empty.get("/api/session").json() == {"game": None, "join": None}
        assert empty.get("/api/join.svg").status_code == 404
    config = TableConfig(state_path=game, token="s3cret", join_url="http://192.0.2.7:8765/?token=s3cret")
    with local_client(config) as joined:
        assert joined.get("/api/session?token=s3cret").json() == {"game": "game.yaml", "join": config.join_url}
        code = joined.get("/api/join.svg")
        assert code.status_code == 200 and code.headers["content-type"].startswith("image/svg+xml")
        assert b"<svg" in code.content


def test_odds_are_exact_shares_and_null_when_no_assignment_agrees(client: TestClient, tmp_path: Path) -> None:
    answer = client.get("/api/odds").json()
    cells = answer["odds"]["Oberhausen"]
    assert answer["total"] == sum(cell["count"] for cell in cells.values())
    assert cells["break-in"]["count"] * 4 == answer["total"]  # break-in on one of its 4 markers, evenly
    careless = write_state(tmp_path / "careless.yaml", {"murder": ["Kirn"], "robbery": ["Kirn"]})
    with local_client(TableConfig(state_path=careless), raise_server_exceptions=False) as table:
        nothing = table.get("/api/odds")
        assert nothing.status_code == 200 and nothing.json()["total"] == 0 and nothing.json()["odds"] is None


def test_the_server_starts_with_what_it_loaded_out_of_the_collectors_sight(game: Path) -> None:
    import gc

    gc.unfreeze()
    try:
        with local_client(TableConfig(state_path=game, folder=game.parent)) as started:
            assert gc.get_freeze_count() > 0  # the board, the deck, the libraries: never walked by a full collection
            assert started.post("/api/check", json={"card": 38}).status_code == 200
    finally:
        gc.unfreeze()


def test_a_change_by_another_writer_is_seen_by_the_next_request(client: TestClient, game: Path) -> None:
    """The server answers from the board it read last only while the file is still that one: a save
    by another process (here: the file saved without this server's store) is read at once."""
    from solver.table.rules import pass_turn
    from solver.table.state import load_state

    before = version(client)
    assert client.post("/api/check", json={"card": 38}).status_code == 200  # the board read, kept
    state = load_state(game)
    pass_turn(state)
    state.save(game)
    assert version(client) != before and client.get("/api/state").json()["turn"] == "Ben"
    refused = client.post("/api/play", json={"card": 38, "version": before})
    assert refused.status_code == 409 and refused.json()["state"]["turn"] == "Ben"


def test_a_stale_change_is_refused_without_the_lock(client: TestClient, game: Path) -> None:
    """A play on a board the server has read since is refused at once: even while another writer
    holds the file's lock, it never waits for it."""
    from solver.table.store import StateFile

    stale = version(client)
    assert client.post("/api/play", json={"card": 38, "version": stale}).status_code == 200
    with StateFile(game, timeout=0.1).locked():  # the lock held; a change that waited for it would fail
        refused = client.post("/api/undo", json={"version": stale})
    assert refused.status_code == 409 and refused.json()["state"]["scores"]["Anna"] == 4



def test_changes_decided_on_one_board_wait_in_turn_and_only_the_first_takes_a_thread(
        game: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Ten plays decided on the same board, all at once: one is applied, and the nine queued behind it
    are refused on the event loop with the board it left, none of them waking a thread to be refused."""
    import asyncio

    import httpx

    from solver.web import table_api
    from solver.web.app import create_app

    threads: list[str] = []
    to_thread = table_api.run_in_threadpool

    async def counted(work: Any, *args: Any) -> Any:
        threads.append(work.__name__)
        return await to_thread(work, *args)

    monkeypatch.setattr(table_api, "run_in_threadpool", counted)

    async def play_ten() -> list[httpx.Response]:
        transport = httpx.ASGITransport(app=create_app(TableConfig(state_path=game, folder=game.parent)))
        async with httpx.AsyncClient(transport=transport, base_url="http://localhost") as page:
            seen = (await page.get("/api/state")).json()["version"]
            threads.clear()
            return await asyncio.gather(*(page.post("/api/play", json={"card": 38, "version": seen})
                                          for _ in range(10)))

    answers = asyncio.run(play_ten())
    assert sorted(answer.status_code for answer in answers) == [200] + [409] * 9
    left = {answer.json()["state"]["version"] for answer in answers}
    assert len(left) == 1 and threads == ["_play"]


# ----- the same routes at a lobby's companion table, under /api/tables/{table} -------------------------


@pytest.fixture
def lobby_client(tmp_path: Path) -> Iterator[TestClient]:
    from solver.tables.db import open_database
    from solver.tables.service import Lobby

    lobby = Lobby(open_database(f"sqlite:///{tmp_path / 'tables.sqlite'}"))
    with local_client(TableConfig(folder=tmp_path, lobby=lobby), raise_server_exceptions=False) as test_client:
        yield test_client
    lobby.engine.dispose()


def companion(client: TestClient, folder: Path) -> str:
    """A companion table imported from the rule 4 example's state file: its routes' prefix."""
    text = write_state(folder / "box.yaml", RULE_4_MARKERS).read_text()
    imported = client.post("/api/tables/import", content=text, headers={"content-type": "application/yaml"})
    assert imported.status_code == 201
    return f"/api/tables/{imported.json()['table']}"


def test_a_companion_table_of_the_lobby_plays_undoes_and_redoes_on_its_row(lobby_client: TestClient,
        tmp_path: Path) -> None:
    at = companion(lobby_client, tmp_path)
    state = lobby_client.get(f"{at}/state").json()
    assert state["version"] == "0" and state["turn"] == "Anna"
    assert lobby_client.post(f"{at}/check", json={"card": 38}).json()["points"] == 4
    played = lobby_client.post(f"{at}/play", json={"card": 38, "version": "0"})
    assert played.status_code == 200 and played.json()["state"]["scores"]["Anna"] == 4
    assert played.json()["state"]["version"] == "1"
    assert lobby_client.get(f"{at}/state").json()["scores"]["Anna"] == 4  # saved: read back from the row
    undone = lobby_client.post(f"{at}/undo", json={"version": "1"}).json()
    assert undone["undone"]["card"] == 38 and undone["state"]["scores"]["Anna"] == 0
    redone = lobby_client.post(f"{at}/redo", json={"version": "2"})
    assert redone.status_code == 200 and redone.json()["state"]["scores"]["Anna"] == 4
    again = lobby_client.post(f"{at}/redo", json={"version": "3"})
    assert again.status_code == 400 and again.json()["error"].startswith("nothing to redo")
    exported = lobby_client.get(f"{at}/export").text
    assert "Anna: 4" in exported  # the state file exported is the board as played


def test_a_change_decided_on_an_old_version_of_a_lobby_table_is_refused(lobby_client: TestClient,
        tmp_path: Path) -> None:
    at = companion(lobby_client, tmp_path)
    assert lobby_client.post(f"{at}/play", json={"card": 38, "version": "0"}).status_code == 200
    stale = lobby_client.post(f"{at}/pass", json={"version": "0"})
    assert stale.status_code == 409 and stale.json()["error"].startswith("the board changed")
    assert stale.json()["state"]["version"] == "1" and stale.json()["state"]["scores"]["Anna"] == 4
    assert lobby_client.get(f"{at}/state").json()["turn"] == "Ben"  # the play stands, the pass was never made


def test_a_lobby_table_s_routes_refuse_what_is_not_a_companion_table_s(lobby_client: TestClient,
        tmp_path: Path) -> None:
    at = companion(lobby_client, tmp_path)
    assert lobby_client.get("/api/tables/99/state").status_code == 404
    digital = lobby_client.post("/api/tables", json={"seats": [{"name": "Anna"}, {"name": "Ben", "bot": "greedy"}]})
    refused = lobby_client.get(f"/api/tables/{digital.json()['table']}/state")
    assert refused.status_code == 400 and "digital table" in refused.json()["error"]
    assert lobby_client.get(f"{at}/session").json() == {"game": f"table {at.rsplit('/', 1)[1]}", "join": None,
                                                        "table": int(at.rsplit("/", 1)[1])}


def test_a_card_entered_at_a_lobby_table_is_kept_in_its_rows_and_laid_over_its_deck(lobby_client: TestClient,
        tmp_path: Path) -> None:
    at = companion(lobby_client, tmp_path)
    before = lobby_client.get(f"{at}/state").json()["version"]
    assert lobby_client.get(f"{at}/cards/4").json()["reconstructed"] is True
    clue = {"type": "delict", "delict": "horse theft", "locations": ["Kirn", "Boos", "Simmern", "Meddersheim"]}
    answer = lobby_client.post(f"{at}/cards/4", json={"clue": clue})
    assert answer.status_code == 200 and answer.json()["provenance"] == "entered"
    shown = lobby_client.get(f"{at}/cards/4").json()
    assert shown["provenance"] == "entered" and shown["reconstructed"] is False
    assert lobby_client.post(f"{at}/check", json={"card": 4}).json()["card"]["provenance"] == "entered"
    after = lobby_client.get(f"{at}/state").json()["version"]
    assert int(after) == int(before) + 1  # the table's other devices read it again
    stale = lobby_client.post(f"{at}/play", json={"card": 38, "version": before})
    assert stale.status_code == 409  # a play decided before the entry is judged again
    assert not list(tmp_path.glob("*.cards.yaml"))  # kept in the database, not beside a file
    other = companion(lobby_client, tmp_path)
    assert lobby_client.get(f"{other}/cards/4").json()["reconstructed"] is True  # that table's own, only


def test_a_bad_entry_at_a_lobby_table_is_refused_with_nothing_saved(lobby_client: TestClient,
                                                                     tmp_path: Path) -> None:
    at = companion(lobby_client, tmp_path)
    before = lobby_client.get(f"{at}/state").json()["version"]
    printed = lobby_client.get(f"{at}/cards/38").json()
    wrong = {"type": "district", "delicts": ["murder", "break-in"], "relation": "same"}
    refused = lobby_client.post(f"{at}/cards/38", json={"clue": wrong})
    assert refused.status_code == 400 and "rulebook prints card 38" in refused.json()["error"]
    group = lobby_client.post(f"{at}/cards/4", json={"clue": {"type": "group", "group": "green",
                                                               "direction": "north"}})
    assert group.status_code == 400 and "\n" not in group.json()["error"]
    assert lobby_client.post(f"{at}/cards/4", json={}).status_code == 400
    assert lobby_client.get(f"{at}/cards/38").json() == printed
    assert lobby_client.get(f"{at}/state").json()["version"] == before
    assert lobby_client.post("/api/tables/99/cards/4", json={"confirm": True}).status_code == 404


def test_a_digital_table_is_dealt_from_the_cards_the_companion_tables_entered(tmp_path: Path) -> None:
    from solver.tables.db import open_database
    from solver.tables.service import Lobby

    lobby = Lobby(open_database(f"sqlite:///{tmp_path / 'tables.sqlite'}"))
    with local_client(TableConfig(folder=tmp_path, lobby=lobby), raise_server_exceptions=False) as lobby_client:
        _dealt_from_the_entered_cards(lobby_client, lobby, tmp_path)
    lobby.engine.dispose()


def _dealt_from_the_entered_cards(lobby_client: TestClient, lobby: Any, tmp_path: Path) -> None:
    decks = [deck["name"] for deck in lobby_client.get("/api/tables/options").json()["decks"]]
    assert "entered" not in decks  # no card entered yet
    seats = [{"name": "Anna"}, {"name": "Ben", "bot": "greedy"}]
    assert lobby_client.post("/api/tables", json={"seats": seats, "deck": "entered"}).status_code == 400
    at = companion(lobby_client, tmp_path)
    clue = {"type": "delict", "delict": "horse theft", "locations": ["Kirn", "Boos", "Simmern", "Meddersheim"]}
    assert lobby_client.post(f"{at}/cards/4", json={"clue": clue}).status_code == 200
    decks = [deck["name"] for deck in lobby_client.get("/api/tables/options").json()["decks"]]
    assert "entered" in decks
    created = lobby_client.post("/api/tables", json={"seats": seats, "deck": "entered"})
    assert created.status_code == 201, created.text
    table = created.json()["table"]
    params = lobby._params(table)
    assert params.deck is not None and params.deck.deck.cards[4].provenance == "entered"
    frozen = params.deck.digest
    second = companion(lobby_client, tmp_path)
    bundled = lobby_client.get(f"{second}/cards/4").json()["clue"]
    assert bundled != lobby_client.get(f"{at}/cards/4").json()["clue"]
    assert lobby_client.post(f"{second}/cards/4", json={"confirm": True}).status_code == 200  # the later entry
    later = lobby_client.post("/api/tables", json={"seats": seats, "deck": "entered"}).json()["table"]
    dealt = lobby._params(later).deck
    assert dealt is not None and dealt.digest != frozen and dealt.deck.cards[4].provenance == "entered"
    assert dealt.deck.cards[4].clue.to_dict() == lobby_client.get(f"{second}/cards/4").json()["clue"]
    assert lobby._params(table).deck.digest == frozen  # the first table keeps the deck it was dealt from
    assert "entered" not in [deck["name"] for deck in lobby_client.get("/api/tables/decks").json()["decks"]]


def test_a_new_game_at_a_lobby_table_replaces_its_board_as_one_change(lobby_client: TestClient,
                                                                        tmp_path: Path) -> None:
    at = companion(lobby_client, tmp_path)
    refused = lobby_client.post(f"{at}/games", json={"players": ["Anna", "Ben"]})
    assert refused.status_code == 409 and refused.json()["state"]["version"] == "0"  # the game goes on
    others = lobby_client.post(f"{at}/games", json={"players": ["Anna", "Cleo"], "replace": True})
    assert others.status_code == 400 and "make a table in the lobby" in others.json()["error"]
    new = lobby_client.post(f"{at}/games", json={"players": ["Anna", "Ben"], "replace": True})
    assert new.status_code == 200 and new.json()["state"]["scores"] == {"Anna": 0, "Ben": 0}
    assert new.json()["state"]["version"] == "1" and new.json()["state"]["markers"] == {}
    assert lobby_client.post(f"{at}/undo", json={"version": "1"}).status_code == 400  # nothing to undo


def test_the_lobby_creates_an_empty_companion_table(lobby_client: TestClient) -> None:
    created = lobby_client.post("/api/tables", json={"kind": "companion", "players": ["Anna", " Ben "],
                                                     "last_delict_points": 1})
    assert created.status_code == 201 and created.json()["kind"] == "companion"
    at = f"/api/tables/{created.json()['table']}"
    state = lobby_client.get(f"{at}/state").json()
    assert state["players"] == ["Anna", "Ben"] and state["scores"] == {"Anna": 0, "Ben": 0}
    assert state["variant"]["last_delict_points"] == 1
    bad = lobby_client.post("/api/tables", json={"kind": "companion", "players": []})
    assert bad.status_code == 400 and "names its players" in bad.json()["error"]
    unknown = lobby_client.post("/api/tables", json={"kind": "companion", "players": ["A", "B"], "deck": 1})
    assert unknown.status_code == 400 and "unknown key 'deck'" in unknown.json()["error"]


def test_the_page_of_a_companion_table_is_the_table_page(lobby_client: TestClient,
        tmp_path: Path) -> None:
    at = companion(lobby_client, tmp_path)
    page = lobby_client.get(f"/tables/{at.rsplit('/', 1)[1]}")
    assert page.status_code == 200 and "/static/table.js" in page.text
    digital = lobby_client.post("/api/tables", json={"seats": [{"name": "Anna"}, {"name": "Ben", "bot": "greedy"}]})
    assert "/static/seat.js" in lobby_client.get(f"/tables/{digital.json()['table']}").text
    assert "/static/seat.js" in lobby_client.get("/tables/99").text  # its page says there is no such table
