"""A companion table's row as the table API's store (solver.tables.companion), on SQLite and on a
real PostgreSQL server: a change is one transaction checked against the row's version, saved before
it is told, told to the listeners of this process (SQLite) or of every process (PostgreSQL)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

import pytest

from solver.core.errors import BadInput
from solver.table import rules
from solver.table.state import new_game
from solver.table.store import BoardChanged
from solver.tables.companion import CompanionStore
from solver.tables.errors import NoSuchTable
from solver.tables.service import Lobby
from tests.tables.conftest import PostgresServer
from tests.tables.test_service import new_table


def new_companion(lobby: Lobby) -> int:
    return lobby.create_companion(["Anna", "Ben"]).row.id


def test_a_change_is_saved_as_the_next_version_and_told(open_lobby: Callable[[], Lobby]) -> None:
    lobby = open_lobby()
    table = new_companion(lobby)
    store = CompanionStore(lobby, table)
    assert store.read().version == "0" and store.read().state.turn == "Anna"

    async def scenario() -> None:
        with lobby.changes.listening(table) as listener:
            with store.change("0") as state:
                rules.pass_turn(state, "Anna", ())
            if not lobby.notifies:  # on PostgreSQL the NOTIFY reaches a LISTEN connection, not tested here
                await asyncio.wait_for(listener.wait(), 30)
                assert listener.latest == 1

    asyncio.run(scenario())
    assert store.changed is not None and store.changed.version == "1"
    again = CompanionStore(open_lobby(), table).read()  # another server on the same database sees it
    assert again.version == "1" and again.state.turn == "Ben"
    assert lobby.version(table) == 1 and "turn: Ben" in lobby.export_state(table)


def test_a_change_decided_on_an_old_version_is_refused_and_never_applied(open_lobby: Callable[[], Lobby]) -> None:
    here, elsewhere = open_lobby(), open_lobby()
    table = new_companion(here)
    with CompanionStore(elsewhere, table).change("0") as state:
        rules.pass_turn(state, "Anna", ())
    with pytest.raises(BoardChanged) as refused, CompanionStore(here, table).change("0") as state:
        rules.pass_turn(state, state.turn, ())
    assert refused.value.current.version == "1" and refused.value.current.state.turn == "Ben"
    assert CompanionStore(here, table).read().state.turn == "Ben" and here.version(table) == 1


def test_a_change_that_fails_writes_nothing_and_an_unchanged_board_no_version(
        open_lobby: Callable[[], Lobby]) -> None:
    lobby = open_lobby()
    table = new_companion(lobby)
    store = CompanionStore(lobby, table)
    with pytest.raises(BadInput), store.change("0") as state:
        rules.pass_turn(state, "Anna", ())
        raise BadInput("refused after the change was made in memory")
    with store.change("0"):
        pass
    assert lobby.version(table) == 0 and store.read().state.turn == "Anna"


def test_undo_writes_the_board_back_byte_for_byte_and_redo_plays_it_again(open_lobby: Callable[[], Lobby]) -> None:
    lobby = open_lobby()
    table = new_companion(lobby)
    store = CompanionStore(lobby, table)
    first = lobby.export_state(table)
    with store.change("0") as state:
        rules.pass_turn(state, "Anna", ())
    passed = lobby.export_state(table)
    with store.change("1", reuse_previous=True) as state:
        state.pop()
    assert lobby.export_state(table) == first
    with store.change("2", reuse_previous=True) as state:
        store.redo(state)
    assert lobby.export_state(table) == passed and lobby.version(table) == 3


def test_a_digital_table_or_none_is_no_companion_board(open_lobby: Callable[[], Lobby]) -> None:
    lobby = open_lobby()
    digital, _ = new_table(lobby)
    with pytest.raises(BadInput, match="digital table"):
        CompanionStore(lobby, digital).read()
    with pytest.raises(NoSuchTable):
        CompanionStore(lobby, 99).read()


def test_the_notice_of_a_change_reaches_another_server_s_listeners(postgres_lobby: Callable[[], Lobby]) -> None:
    from solver.tables.listen import listen_for_moves

    here, elsewhere = postgres_lobby(), postgres_lobby()
    table = new_companion(elsewhere)

    async def scenario() -> None:
        listening = asyncio.Event()
        task = asyncio.create_task(listen_for_moves(here.engine, here.changes, listening))
        try:
            with here.changes.listening(table) as listener:
                await asyncio.wait_for(listening.wait(), 30)
                await asyncio.to_thread(_pass, elsewhere, table)
                while listener.latest != 1:
                    await asyncio.wait_for(listener.wait(), 30)
        finally:
            task.cancel()

    asyncio.run(scenario())
    assert CompanionStore(here, table).read().state.turn == "Ben"


def _pass(lobby: Lobby, table: int) -> None:
    with CompanionStore(lobby, table).change("0") as state:
        rules.pass_turn(state, "Anna", ())


def test_a_new_companion_table_is_an_empty_board_for_its_players(open_lobby: Callable[[], Lobby]) -> None:
    lobby = open_lobby()
    snapshot = lobby.create_companion(["Anna", "Ben"])
    assert snapshot.row.kind == "companion" and [seat.name for seat in snapshot.row.seats] == ["Anna", "Ben"]
    assert snapshot.state_text == new_game(["Anna", "Ben"]).to_yaml()
    with pytest.raises(BadInput):
        lobby.create_companion(["Anna", "Anna"])


def test_two_servers_on_one_postgresql_play_the_same_companion_board(postgres: PostgresServer) -> None:
    """The table API's routes of two servers sharing a database: a play through one is on the other's
    board, and a change the other decided before it is refused."""
    pytest.importorskip("httpx")
    from solver.tables.db import open_database
    from solver.web.app import TableConfig
    from tests.web.conftest import local_client

    url = postgres.new_database()
    lobbies = [Lobby(open_database(url)), Lobby(open_database(url))]
    try:
        with local_client(TableConfig(lobby=lobbies[0]), raise_server_exceptions=False) as one, \
                local_client(TableConfig(lobby=lobbies[1]), raise_server_exceptions=False) as other:
            table = one.post("/api/tables", json={"kind": "companion", "players": ["Anna", "Ben"]}).json()["table"]
            at = f"/api/tables/{table}"
            assert other.get(f"{at}/state").json()["version"] == "0"
            assert one.post(f"{at}/pass", json={"version": "0"}).status_code == 200
            seen = other.get(f"{at}/state").json()
            assert seen["version"] == "1" and seen["turn"] == "Ben"
            stale = other.post(f"{at}/pass", json={"version": "0"})
            assert stale.status_code == 409 and stale.json()["state"]["turn"] == "Ben"
            assert one.post(f"{at}/undo", json={"version": "1"}).status_code == 200
            assert other.get(f"{at}/state").json()["turn"] == "Anna"
    finally:
        for lobby in lobbies:
            lobby.engine.dispose()
