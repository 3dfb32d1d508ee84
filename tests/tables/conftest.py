"""Fixtures for the lobby's tests: a database URL for each kind the lobby speaks, SQLite (a file in the
test's folder) and PostgreSQL (a throwaway server of the test session's own, started from the
PostgreSQL binaries with initdb and pg_ctl; a fresh database for each test).

Without the binaries the PostgreSQL tests skip, with one line saying so; under CI (the environment
variable CI set) such a skip is a failure instead, so that a CI run without PostgreSQL cannot pass.
initdb refuses to run as root: as root, the server runs as the `postgres` user (Debian's package
makes it), in a folder it owns.
"""

from __future__ import annotations

import glob
import itertools
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

NEEDED = ("initdb", "pg_ctl")
SKIP_MARK = "PostgreSQL"


def required_under_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    outcome = yield
    report = outcome.get_result()  # type: ignore[attr-defined]
    if report.skipped and required_under_ci() and SKIP_MARK in str(report.longrepr):
        report.outcome = "failed"
        report.longrepr = f"CI is set, so the PostgreSQL tests must run, but this was skipped: {report.longrepr}"


def postgres_bin() -> Path | None:
    """The folder of initdb and pg_ctl: on the PATH, or Debian's /usr/lib/postgresql/N/bin."""
    found = shutil.which("initdb")
    if found and shutil.which("pg_ctl"):
        return Path(found).resolve().parent
    for folder in sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True):
        if all((Path(folder) / name).exists() for name in NEEDED):
            return Path(folder)
    return None


def _has_user(name: str) -> bool:
    try:
        pwd.getpwnam(name)
    except KeyError:
        return False
    return True


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@dataclass
class PostgresServer:
    bin: Path
    folder: Path
    port: int
    user: str
    as_user: list[str]  # the command prefix that runs a binary as the server's user
    counter: itertools.count[int]

    def run(self, name: str, *args: str) -> None:
        subprocess.run([*self.as_user, str(self.bin / name), *args], check=True, capture_output=True, timeout=120)

    def url(self, database: str) -> str:
        return f"postgresql+psycopg://{self.user}@127.0.0.1:{self.port}/{database}"

    def new_database(self) -> str:
        import psycopg

        name = f"lobby_test_{next(self.counter)}"
        with psycopg.connect(f"host=127.0.0.1 port={self.port} user={self.user} dbname=postgres",
                             autocommit=True) as connection:
            connection.execute(f"CREATE DATABASE {name}")
        return self.url(name)


def _start_postgres(bin_folder: Path) -> PostgresServer:
    folder = Path(tempfile.mkdtemp(prefix="lobby-pg-"))
    as_user: list[str] = []
    user = pwd.getpwuid(os.getuid()).pw_name
    if os.getuid() == 0:  # initdb refuses root: run the server as the postgres user, in a folder it owns
        owner = pwd.getpwnam("postgres")
        os.chown(folder, owner.pw_uid, owner.pw_gid)
        as_user, user = ["runuser", "-u", "postgres", "--"], "postgres"
    port = _free_port()
    server = PostgresServer(bin_folder, folder, port, user, as_user, itertools.count())
    data = folder / "data"
    server.run("initdb", "-D", str(data), "-U", user, "--auth=trust", "--no-sync", "-E", "UTF8")
    options = f"-c listen_addresses=127.0.0.1 -p {port} -k {folder} -c fsync=off"
    server.run("pg_ctl", "-D", str(data), "-o", options, "-l", str(folder / "log"), "-w", "-t", "60", "start")
    return server


@pytest.fixture(scope="session")
def postgres() -> Iterator[PostgresServer]:
    bin_folder = postgres_bin()
    if bin_folder is None:
        pytest.skip(f"{SKIP_MARK} binaries (initdb, pg_ctl) not found: the PostgreSQL tests are skipped")
    pytest.importorskip("psycopg", reason=f"{SKIP_MARK}: psycopg is not installed")
    if os.getuid() == 0 and not _has_user("postgres"):
        pytest.skip(f"{SKIP_MARK}: running as root, and there is no postgres user to run the server as")
    server = _start_postgres(bin_folder)
    yield server
    server.run("pg_ctl", "-D", str(server.folder / "data"), "-m", "immediate", "-w", "stop")
    shutil.rmtree(server.folder, ignore_errors=True)


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh, empty database of each kind."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'tables.sqlite'}"
    server: PostgresServer = request.getfixturevalue("postgres")
    return server.new_database()


@pytest.fixture
def open_lobby(database_url: str) -> Iterator[Callable[[], object]]:
    """open_lobby() is a new Lobby on the test's database (call it twice: two servers sharing it)."""
    from solver.tables.db import open_database
    from solver.tables.service import Lobby

    engines = []

    def make() -> Lobby:
        engine = open_database(database_url)
        engines.append(engine)
        return Lobby(engine)

    yield make
    for engine in engines:
        engine.dispose()


@pytest.fixture
def postgres_lobby(postgres: PostgresServer) -> Iterator[Callable[[], object]]:
    """postgres_lobby() is a new Lobby on a fresh PostgreSQL database of the test's (call it twice:
    two servers sharing it)."""
    from solver.tables.db import open_database
    from solver.tables.service import Lobby

    url = postgres.new_database()
    engines = []

    def make() -> Lobby:
        engine = open_database(url)
        engines.append(engine)
        return Lobby(engine)

    yield make
    for engine in engines:
        engine.dispose()
