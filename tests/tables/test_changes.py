"""Who is told when a table moves (solver.tables.changes): the highest version told wins, a lost
track makes every listener read again; on SQLite the lobby tells its listeners once a move has
committed, on PostgreSQL the move's own transaction sends the NOTIFY, and only when it commits."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

import pytest

from solver.tables.changes import CHANNEL, TableChanges, parse_payload, payload
from solver.tables.errors import StaleVersion
from solver.tables.service import Lobby
from tests.tables.test_service import greedy_code, new_table

TWO_PEOPLE = {"seats": [{"name": "Anna"}, {"name": "Ben"}]}


def test_a_listener_keeps_the_highest_version_told_and_only_its_table_s() -> None:
    async def scenario() -> None:
        changes = TableChanges()
        with changes.listening(1) as one, changes.listening(2) as two:
            changes.moved(1, 5)
            changes.moved(1, 3)  # a notice that comes late changes nothing
            await asyncio.wait_for(one.wait(), 10)
            assert (one.latest, one.reread) == (5, False)
            assert two.latest is None and changes.listener_count(1) == 1
            changes.lost_track()
            await asyncio.wait_for(two.wait(), 10)
            assert two.reread and one.reread
        assert changes.listener_count(1) == 0 and changes.listener_count(2) == 0

    asyncio.run(scenario())


def test_a_payload_names_the_table_and_version() -> None:
    assert parse_payload(payload(12, 345)) == (12, 345)
    assert parse_payload("12") is None and parse_payload("a b") is None and parse_payload("1 2 3") is None


def test_on_sqlite_the_lobby_tells_its_listeners_each_committed_move(tmp_path: object) -> None:
    from solver.tables.db import open_database

    lobby = Lobby(open_database(f"sqlite:///{tmp_path}/tables.sqlite"))
    table, _ = new_table(lobby, TWO_PEOPLE)

    async def scenario() -> None:
        with lobby.changes.listening(table) as listener:
            code = greedy_code(lobby.snapshot(table))
            await asyncio.to_thread(lobby.act, table, 0, code, 0)
            await asyncio.wait_for(listener.wait(), 10)
            assert listener.latest == 1
            with pytest.raises(StaleVersion):
                await asyncio.to_thread(lobby.act, table, 0, code, 0)
            assert listener.latest == 1

    try:
        asyncio.run(scenario())
    finally:
        lobby.engine.dispose()


def test_on_postgresql_a_move_notifies_only_when_it_commits(postgres_lobby: Callable[[], Lobby]) -> None:
    import psycopg

    from solver.tables.listen import conninfo

    lobby = postgres_lobby()
    table, _ = new_table(lobby, TWO_PEOPLE)
    with psycopg.connect(conninfo(lobby.engine), autocommit=True) as listening:
        listening.execute(f"LISTEN {CHANNEL}")
        code = greedy_code(lobby.snapshot(table))
        lobby.act(table, 0, code, 0)
        with pytest.raises(StaleVersion):
            lobby.act(table, 0, code, 0)  # refused: its transaction sends nothing
        told = [notice.payload for notice in listening.notifies(timeout=5)]
    assert told == [payload(table, 1)]
