"""`serve --workers N`: the same app in N processes sharing one listening socket, on one PostgreSQL
database (docs/table.md, "Hosting a club").

uvicorn's own supervisor binds the socket once, starts the N worker processes (fresh interpreters,
not forks), starts a new one when one dies and stops them all on Ctrl-C or SIGTERM. Each worker
builds its app from `ServeOptions` (plain values: paths, the join token, the database URL) with
`worker_app`, its own engine and its own LISTEN connection; the parent has brought the schema up to
date before, so that two workers never race to migrate it. The kernel hands each new connection to
one of the workers; a table's moves are ordered by the database (one transaction checked against
the table's version), and told to the pages of every worker by NOTIFY.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from starlette.applications import Starlette

    from solver.web.app import TableConfig


@dataclass(frozen=True)
class ServeOptions:
    """What every worker serves, as plain values a new process can be given."""

    state_path: Path | None
    deck_path: Path | None
    board_path: Path | None
    token: str | None
    join_url: str | None
    hosts: frozenset[str]
    db_url: str | None
    workers: int = 1

    def config(self) -> TableConfig:
        """The app's configuration, its lobby on an engine of this process's own."""
        from solver.tables.db import connect_database
        from solver.tables.service import Lobby
        from solver.web.app import TableConfig

        lobby = Lobby(connect_database(self.db_url)) if self.db_url else None
        return TableConfig(state_path=self.state_path, deck_path=self.deck_path, board_path=self.board_path,
                           token=self.token, join_url=self.join_url, hosts=self.hosts, lobby=lobby,
                           workers=self.workers)


def worker_app(options: ServeOptions) -> Starlette:
    """The app of one worker process (uvicorn calls it as the app's factory)."""
    from solver.web.app import create_app

    return create_app(options.config())


def serve_workers(options: ServeOptions, host: str, port: int) -> bool:
    """Run the workers until stopped; True when Ctrl-C (not a SIGTERM) stopped them."""
    import uvicorn
    from uvicorn.supervisors import Multiprocess

    class Supervisor(Multiprocess):
        interrupted = False

        def handle_int(self) -> None:
            self.interrupted = True
            super().handle_int()

    config = uvicorn.Config(functools.partial(worker_app, options), factory=True, host=host, port=port,
                            workers=options.workers, log_level="warning", timeout_graceful_shutdown=1)
    supervisor = Supervisor(config, sockets=[config.bind_socket()])
    supervisor.run()
    return supervisor.interrupted
