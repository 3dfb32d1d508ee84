"""The lobby's database: the migrations make exactly the schema the code queries, on SQLite and on
PostgreSQL, and a URL the lobby cannot use is one line of bad input."""

from __future__ import annotations

from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import inspect

from solver.core.errors import BadInput
from solver.tables.db import DEFAULT_FILE, default_url, open_database, upgrade
from solver.tables.schema import metadata


def test_the_migrations_make_exactly_the_schema_of_the_code(database_url: str) -> None:
    engine = open_database(database_url)
    try:
        with engine.connect() as connection:
            assert compare_metadata(MigrationContext.configure(connection), metadata) == []
            assert {"tables", "seats", "moves", "alembic_version"} <= set(inspect(connection).get_table_names())
            assert inspect(connection).get_pk_constraint("moves")["constrained_columns"] == ["table_id", "seq"]
        upgrade(engine)  # once up to date, starting again changes nothing
        with engine.connect() as connection:
            assert compare_metadata(MigrationContext.configure(connection), metadata) == []
    finally:
        engine.dispose()


def test_the_default_database_is_one_sqlite_file_in_the_folder(tmp_path: Path) -> None:
    url = default_url(tmp_path)
    assert url == f"sqlite:///{tmp_path.resolve() / DEFAULT_FILE}"
    open_database(url).dispose()
    assert (tmp_path / DEFAULT_FILE).is_file()


@pytest.mark.parametrize(("url", "says"), [
    ("not a url", "is not a database URL"),
    ("mysql://me@host/db", "SQLite or PostgreSQL"),
    ("postgresql://me:secret@host/db", "postgresql+psycopg://"),
])
def test_a_url_the_lobby_cannot_use_is_one_line_of_bad_input(url: str, says: str) -> None:
    with pytest.raises(BadInput) as refused:
        open_database(url)
    assert says in str(refused.value) and "\n" not in str(refused.value)
    assert "secret" not in str(refused.value)


def test_an_unreachable_database_is_one_line_without_its_password(tmp_path: Path) -> None:
    with pytest.raises(BadInput) as refused:
        open_database("postgresql+psycopg://me:secret@127.0.0.1:1/nothing?connect_timeout=2")
    message = str(refused.value)
    assert message.startswith("cannot open the tables' database") and "\n" not in message
    assert "secret" not in message


def test_sqlite_commits_each_move_to_its_write_ahead_log_synced(tmp_path: Path) -> None:
    engine = open_database(f"sqlite:///{tmp_path / 'tables.sqlite'}")
    try:
        with engine.connect() as connection:
            assert connection.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
            assert connection.exec_driver_sql("PRAGMA synchronous").scalar() == 2  # FULL
    finally:
        engine.dispose()
