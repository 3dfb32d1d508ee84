"""`schinderhannes serve`: the live board in the browser for everyone at the table."""

from __future__ import annotations

import contextlib
import secrets
import socket
import webbrowser
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from solver.commands.options import board_option, deck_option
from solver.core.errors import BadInput
from solver.web.addresses import lan_addresses

if TYPE_CHECKING:
    from solver.web.workers import ServeOptions

LOOPBACK = ("127.0.0.1", "localhost", "::1")


@click.command()
@click.argument("state_file", metavar="[STATE]", required=False, type=click.Path(dir_okay=False))
@click.option("--port", type=click.IntRange(1, 65535), default=8765, show_default=True, help="The port to serve on.")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="The address to serve on; 0.0.0.0 lets phones on the same network join (with a join token).")
@deck_option
@board_option
@click.option("--no-browser", is_flag=True, help="Do not open a browser window.")
@click.option("--lobby", is_flag=True,
              help="Also serve the lobby of tables played together, with private seats: its page at / (or /lobby).")
@click.option("--db", "db_url", metavar="URL",
              help="The lobby's database (implies --lobby): sqlite:///FILE or postgresql+psycopg://USER@HOST/NAME; "
                   "default: schinderhannes-tables.sqlite in this folder.")
@click.option("--workers", type=click.IntRange(1, 64), default=1, show_default=True,
              help="Server processes sharing the port; more than 1 needs the lobby on PostgreSQL (--db).")
@click.option("--public-url", metavar="URL",
              help="The address people open when a reverse proxy passes requests on to this server, e.g. "
                   "https://club.example/: its name is served, and every request needs the join token.")
def serve(state_file: str | None, port: int, host: str, deck_file: str | None, board_file: str | None,
          no_browser: bool, lobby: bool, db_url: str | None, workers: int, public_url: str | None) -> None:
    """Serve STATE (a game) and the solo puzzles to the browsers at the table.

    The first line printed is the address to open. Every device sees the same board; the
    command line and the page can be used side by side. Ctrl-C stops the server.
    """

    from solver.web.workers import ServeOptions

    state_path = _existing_state(state_file)
    url_of_db = _database_url(db_url, lobby, workers)
    public = _public_name(public_url) if public_url else None
    token = None if host in LOOPBACK and public is None else secrets.token_urlsafe(16)
    url = f"{public_url.rstrip('/')}/?token={token}" if public_url else _url(host, port, token)
    options = ServeOptions(state_path=state_path, deck_path=Path(deck_file) if deck_file else None,
                           board_path=Path(board_file) if board_file else None, token=token,
                           join_url=url if token else None, hosts=_served_names(host) | {public or host},
                           db_url=url_of_db, workers=workers)
    release = _migrate(url_of_db) if url_of_db else None  # once, here: the workers then open it as it is
    try:
        _serve(options, host, port, url, no_browser)
    finally:
        if release is not None:
            release()


def _serve(options: ServeOptions, host: str, port: int, url: str, no_browser: bool) -> None:
    """Print the address (and the join token's QR code), then serve: in one process, or in workers."""
    from solver.web.app import create_app
    from solver.web.workers import serve_workers

    token, workers = options.token, options.workers
    config = options.config()
    config.the_board()  # a bad board file is bad input now, not on the first request
    click.echo(url)
    if token:
        _print_qr(url)
        click.echo("phones on the same network: open the address above or scan the code; "
                   "requests without its token are refused", err=True)
        for other in _other_urls(host, port, token):
            click.echo(f"on another network of this machine: {other}", err=True)
    if not _port_free(host, port):
        raise BadInput(f"port {port} is in use on {host}; pick another with --port")
    if not no_browser:
        webbrowser.open(url)
    if workers > 1:
        if config.lobby is not None:
            config.lobby.engine.dispose()  # each worker opens its own
        click.echo(f"{workers} worker processes", err=True)
        stopped_by_ctrl_c = serve_workers(options, host, port)
    else:
        stopped_by_ctrl_c = _serve_until_stopped(create_app(config), host, port)
    if stopped_by_ctrl_c:
        raise KeyboardInterrupt  # exit code 130, like any command stopped by Ctrl-C


def _public_name(public_url: str) -> str:
    """The host name of the address a reverse proxy serves this server under."""
    from urllib.parse import urlsplit

    from solver.web.guard import host_name

    parts = urlsplit(public_url)
    if parts.scheme not in ("http", "https") or not parts.hostname or parts.query or parts.fragment:
        raise BadInput("--public-url takes the address people open, e.g. https://club.example/, "
                       f"not {public_url[:80]!r}")
    return host_name(parts.netloc)


def _database_url(db_url: str | None, lobby: bool, workers: int) -> str | None:
    """The lobby's database URL (None: no lobby); several workers need PostgreSQL."""
    from solver.tables.db import default_url, is_postgresql

    url = db_url or (default_url(Path.cwd()) if lobby else None)
    if workers > 1 and (url is None or not is_postgresql(url)):
        raise BadInput(f"--workers {workers} needs the tables on PostgreSQL "
                       "(--db postgresql+psycopg://USER@HOST/NAME): SQLite is served by one process")
    return url


def _migrate(url: str) -> Callable[[], None] | None:
    """Claim an SQLite file for this server, then bring the database's schema up to date (BadInput
    when it cannot be opened); what releases the claim."""
    from solver.tables.db import open_database, serve_alone, shown_url

    release = serve_alone(url)
    try:
        open_database(url).dispose()
    except BaseException:
        if release is not None:
            release()
        raise
    click.echo(f"tables: {shown_url(url)}", err=True)
    return release


def _serve_until_stopped(app: Any, host: str, port: int) -> bool:
    """Run uvicorn until it is stopped; True when Ctrl-C (not a SIGTERM) stopped it."""
    import signal

    import uvicorn

    stopped_by: list[int] = []

    class Server(uvicorn.Server):
        def handle_exit(self, sig: int, frame: object) -> None:
            stopped_by.append(sig)
            app.state.feed.close()  # the open event streams (the table pages) end
            super().handle_exit(sig, frame)  # type: ignore[arg-type]

    # a short grace period: a stream still open does not hold Ctrl-C up
    Server(uvicorn.Config(app, host=host, port=port, log_level="warning", timeout_graceful_shutdown=1)).run()
    return signal.SIGINT in stopped_by


def _existing_state(state_file: str | None) -> Path | None:
    if state_file is None:
        return None
    path = Path(state_file)
    if not path.exists():
        raise BadInput("no such state file; start one with `schinderhannes game new STATE --players ...` "
                       "or run `schinderhannes serve` without STATE and start it on the page", state_file)
    from solver.table.state import load_state

    load_state(path)  # refuse a broken file before serving it
    return path


def _url(host: str, port: int, token: str | None, address: str | None = None) -> str:
    """The link to open: on every interface (0.0.0.0), the routed interface's address, or `address`."""
    shown = address or (lan_addresses()[0] if host in ("0.0.0.0", "::") else host)
    if ":" in shown:
        shown = f"[{shown}]"
    return f"http://{shown}:{port}/" + (f"?token={token}" if token else "")


def _other_urls(host: str, port: int, token: str | None) -> list[str]:
    """On every interface, the links by the other interfaces' addresses (another network)."""
    if host not in ("0.0.0.0", "::"):
        return []
    return [_url(host, port, token, address) for address in lan_addresses()[1:]]


def _served_names(host: str) -> frozenset[str]:
    """The names a request may address this server by: loopback, the address it was started on,
    and on every interface (0.0.0.0) this machine's name and network addresses."""
    from solver.web.guard import LOOPBACK_HOSTS

    names = {host}
    if host in ("0.0.0.0", "::"):
        name = socket.gethostname()
        names |= {name, f"{name}.local", *lan_addresses()}
        with contextlib.suppress(OSError):
            names |= {str(info[4][0]) for info in socket.getaddrinfo(name, None)}
    return frozenset(names) | LOOPBACK_HOSTS


def _port_free(host: str, port: int) -> bool:
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        # as uvicorn binds: a port left in TIME_WAIT by a server just stopped is free to serve again
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host, port))
        except OSError:
            return False
    return True


def _print_qr(url: str) -> None:
    import segno

    segno.make(url, error="m").terminal(compact=True)
