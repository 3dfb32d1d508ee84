"""A server process's one LISTEN connection to PostgreSQL: every move committed by any process
(its NOTIFY, `solver.tables.changes`) wakes this process's listeners of that table.

The connection is psycopg 3's own, in autocommit (a notice is delivered between transactions),
apart from the engine's pool. When it is lost (the database restarted, the network dropped), it is
opened again after a pause; once it listens again, every listener reads its table's version anew,
since the notices sent meanwhile went to no one. So no notice is waited for in vain, and no page
polls the database.
"""

from __future__ import annotations

import asyncio
import logging

import psycopg
from sqlalchemy import Engine

from solver.tables.changes import CHANNEL, TableChanges, parse_payload

RECONNECT_SECONDS = 1.0  # the pause before opening a lost connection again
log = logging.getLogger(__name__)


def conninfo(engine: Engine) -> str:
    """The libpq address of the engine's database, as psycopg takes it (the password kept)."""
    return engine.url.set(drivername="postgresql").render_as_string(hide_password=False)


async def listen_for_moves(engine: Engine, changes: TableChanges, listening: asyncio.Event | None = None) -> None:
    """Until cancelled: tell `changes` of every move NOTIFY reports, reconnecting when the connection
    is lost. `listening` is set each time the connection listens (again)."""
    address = conninfo(engine)
    while True:
        try:
            await _listen_once(address, changes, listening)
        except psycopg.OperationalError as error:
            reason = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
            log.warning("the tables' LISTEN connection was lost (%s); opening it again", reason)
        await asyncio.sleep(RECONNECT_SECONDS)


async def _listen_once(address: str, changes: TableChanges, listening: asyncio.Event | None) -> None:
    async with await psycopg.AsyncConnection.connect(address, autocommit=True) as connection:
        await connection.execute(f"LISTEN {CHANNEL}")
        changes.lost_track()  # a move made before the LISTEN took effect was told to no one
        if listening is not None:
            listening.set()
        async for notice in connection.notifies():
            told = parse_payload(notice.payload)
            if told is not None:
                changes.moved(*told)
