"""The lobby's database: SQLite in one file by default (in write-ahead-log mode, each commit synced),
PostgreSQL (psycopg 3) when given its URL; the schema is brought up to date by the Alembic
migrations on every start (`open_database`)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import Engine, create_engine, event, exc
from sqlalchemy.engine import make_url

from solver.core.errors import BadInput

DEFAULT_FILE = "schinderhannes-tables.sqlite"
MIGRATIONS = Path(__file__).parent / "migrations"
SQLITE_WAIT_SECONDS = 30  # a writer waits this long for another's transaction before giving up
SCHEMES = ("sqlite", "postgresql+psycopg")


def default_url(folder: Path) -> str:
    """The SQLite file beside the server: `schinderhannes-tables.sqlite` in `folder`."""
    return f"sqlite:///{(folder / DEFAULT_FILE).resolve()}"


def open_database(url: str) -> Engine:
    """The engine for `url`, its schema migrated to the newest revision; BadInput (one line) for a
    URL this program does not speak or a database it cannot reach."""
    engine = _engine(url)
    try:
        upgrade(engine)
    except exc.OperationalError as error:
        engine.dispose()
        reason = str(error.orig).strip().splitlines()[0] if error.orig else type(error).__name__
        raise BadInput(f"cannot open the tables' database {shown_url(url)}: {reason}") from None
    return engine


def connect_database(url: str) -> Engine:
    """The engine for `url` as it is, without migrating it: a server's worker process, whose parent
    brought the schema up to date (once, so that two workers never race to migrate it)."""
    return _engine(url)


def serve_alone(url: str) -> Callable[[], None] | None:
    """On SQLite, claim the file for this server (one server per file: the pages of a server are
    told of its own moves only); what releases the claim, None for PostgreSQL. BadInput (one line)
    when another server holds the file."""
    from filelock import FileLock, Timeout

    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite" or not parsed.database or parsed.database == ":memory:":
        return None
    claim = FileLock(f"{parsed.database}.server-lock", timeout=0)
    try:
        claim.acquire()
    except Timeout:
        raise BadInput(f"another server serves the tables of {parsed.database} (one server a file, since it "
                       "tells its own pages of its moves); stop it, or host the tables on PostgreSQL "
                       "for several processes") from None
    return claim.release


def is_postgresql(url: str) -> bool:
    """Whether `url` names a PostgreSQL database (of any spelling: a wrong one is refused on opening)."""
    try:
        return make_url(url).get_backend_name() in ("postgresql", "postgres")
    except exc.ArgumentError:
        return False


def upgrade(engine: Engine) -> None:
    """Apply every migration the database has not had yet (none when it is up to date)."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "head")


def shown_url(url: str) -> str:
    """The URL with its password hidden, for messages."""
    try:
        return make_url(url).render_as_string(hide_password=True)
    except exc.ArgumentError:
        return repr(url[:80])


def _engine(url: str) -> Engine:
    try:
        parsed = make_url(url)
    except exc.ArgumentError:
        raise BadInput(f"{url[:80]!r} is not a database URL; give sqlite:///FILE or "
                       "postgresql+psycopg://USER@HOST/NAME") from None
    scheme = parsed.drivername
    if scheme in ("postgresql", "postgres", "postgresql+psycopg2"):
        fixed = parsed.set(drivername="postgresql+psycopg").render_as_string(hide_password=True)
        raise BadInput(f"the tables speak PostgreSQL through psycopg 3: write {shown_url(url)} as {fixed}")
    if scheme not in SCHEMES:
        raise BadInput(f"the tables' database is SQLite or PostgreSQL ({', '.join(SCHEMES)}), not {scheme!r}")
    if scheme == "sqlite":
        return _sqlite(url)
    return create_engine(url, pool_pre_ping=True)


def _sqlite(url: str) -> Engine:
    engine = create_engine(url, connect_args={"timeout": SQLITE_WAIT_SECONDS})

    @event.listens_for(engine, "connect")
    def _pragmas(connection: Any, record: Any) -> None:
        cursor = connection.cursor()
        cursor.execute("PRAGMA foreign_keys = ON")
        # write-ahead log: a commit is one sync of the log (the rollback journal took several, and
        # blocked the readers meanwhile); FULL: that sync is done before the commit returns
        cursor.execute("PRAGMA journal_mode = WAL")
        cursor.execute("PRAGMA synchronous = FULL")
        cursor.close()

    return engine
