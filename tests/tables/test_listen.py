"""A server process's LISTEN connection (solver.tables.listen), on a real PostgreSQL server: another
server's move wakes this process's listeners of its table, and a connection lost is opened again,
after which every listener reads its table's version anew."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from solver.tables.service import Lobby
from tests.tables.test_changes import TWO_PEOPLE
from tests.tables.test_service import greedy_code, new_table


def test_the_listen_connection_tells_of_another_server_s_moves_and_comes_back(
        postgres_lobby: Callable[[], Lobby]) -> None:
    import psycopg

    from solver.tables.listen import conninfo, listen_for_moves

    here, elsewhere = postgres_lobby(), postgres_lobby()
    table, _ = new_table(elsewhere, TWO_PEOPLE)

    async def scenario() -> None:
        listening = asyncio.Event()
        task = asyncio.create_task(listen_for_moves(here.engine, here.changes, listening))
        try:
            with here.changes.listening(table) as listener:
                await asyncio.wait_for(listening.wait(), 30)
                code = greedy_code(elsewhere.snapshot(table))
                await asyncio.to_thread(elsewhere.act, table, 0, code, 0)
                while listener.latest != 1:
                    await asyncio.wait_for(listener.wait(), 30)
                listener.reread = False
                with psycopg.connect(conninfo(here.engine), autocommit=True) as admin:  # the connection is lost
                    admin.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                                  "WHERE query LIKE 'LISTEN %' AND pid <> pg_backend_pid()")
                while not listener.reread:
                    await asyncio.wait_for(listener.wait(), 30)  # back, and every listener reads again
        finally:
            task.cancel()

    asyncio.run(scenario())
