"""The ASGI application: the page, its static files, the JSON API, the change feed, the join token.

Every answer of the API is JSON. Bad input is 400 with a one-line `error`; a play on a
board that changed since the page looked at it is 409 with the current state; a card
that is not playable is 422 with the verdict. Every route is listed in `docs/table.md`.
"""

from __future__ import annotations

import contextlib
import gc
import hmac
import os
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from solver.core.board import Board, load_board
from solver.core.deck import Deck
from solver.core.errors import BadInput
from solver.decks.entered import entered_path, table_deck
from solver.table.store import BoardChanged, StateFile
from solver.tables.errors import NoSuchTable
from solver.tables.schema import COMPANION
from solver.web import lobby_api, solo_api, table_api
from solver.web.events import ChangeFeed
from solver.web.guard import LOOPBACK_HOSTS, OriginGuard

if TYPE_CHECKING:
    from solver.tables.service import Lobby

STATIC = Path(__file__).parent / "static"
TOKEN_COOKIE = "schinderhannes_token"


@dataclass
class TableConfig:
    """What one server serves: a state file (or none yet), the deck and board files it uses."""

    state_path: Path | None = None
    deck_path: Path | None = None
    board_path: Path | None = None
    token: str | None = None  # required on every request when set
    join_url: str | None = None  # the address other devices open (with the token), off loopback
    folder: Path = field(default_factory=Path.cwd)  # where new games are created
    hosts: frozenset[str] = LOOPBACK_HOSTS  # the names requests may address this server by (`Host`)
    board: Board | None = None
    lobby: Lobby | None = None  # the tables played together (`serve --lobby`), under /api/tables
    workers: int = 1  # the processes serving (`serve --workers`): what one keeps in memory, the others lack
    _deck: tuple[object, Deck] | None = None

    def the_board(self) -> Board:
        if self.board is None:
            self.board = load_board(self.board_path)
        return self.board

    def deck(self) -> Deck:
        """The deck in use with the cards this table entered laid over it (read again when a file changed)."""
        entered = self.entered_path()
        key = (self.deck_path, _stamp(self.deck_path), entered, _stamp(entered))
        if self._deck is None or self._deck[0] != key:
            self._deck = (key, table_deck(self.deck_path, entered))
        return self._deck[1]

    def entered_path(self) -> Path | None:
        return entered_path(self.state_path) if self.state_path else None

    def state_file(self, wait: bool = True) -> StateFile:
        if self.state_path is None:
            raise BadInput("no game is open: start a new game first")
        return StateFile(self.state_path, wait=wait)


def _stamp(path: Path | None) -> tuple[int, int] | None:
    if path is None:
        return None
    try:
        stat = os.stat(path)
    except OSError:
        return None
    return stat.st_mtime_ns, stat.st_size


class TokenGate:
    """Refuses (403) every request that does not carry the join token, in the query or a cookie."""

    def __init__(self, app: ASGIApp, token: str | None):
        self.app, self.token = app, token

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if self.token is None or scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        request = Request(scope)
        given = request.query_params.get("token") or request.cookies.get(TOKEN_COOKIE) or ""
        if not hmac.compare_digest(given.encode(), self.token.encode()):
            response: Response = JSONResponse(
                {"error": "this table needs its join token: open the link the server printed (or scan its QR code)"},
                status_code=403)
            await response(scope, receive, send)
            return

        async def send_with_cookie(message: Message) -> None:
            if message["type"] == "http.response.start" and request.query_params.get("token"):
                cookie = f"{TOKEN_COOKIE}={self.token}; Path=/; SameSite=Strict; HttpOnly".encode()
                message["headers"] = [*message.get("headers", []), (b"set-cookie", cookie)]
            await send(message)

        await self.app(scope, receive, send_with_cookie)


async def _bad_input(request: Request, error: Exception) -> Response:
    assert isinstance(error, BadInput)
    return JSONResponse({"error": str(error)}, status_code=400)


async def _board_changed(request: Request, error: Exception) -> Response:
    assert isinstance(error, BoardChanged)
    return JSONResponse({"error": str(error), "state": table_api.state_json(error.current)}, status_code=409)


async def _http_error(request: Request, error: Exception) -> Response:
    assert isinstance(error, HTTPException)
    return JSONResponse({"error": error.detail}, status_code=error.status_code)


async def _internal_error(request: Request, error: Exception) -> Response:
    # a bug, not bad input: still one JSON line, never a traceback page
    return JSONResponse({"error": f"internal error ({type(error).__name__}); please report it"}, status_code=500)


async def _page(request: Request) -> Response:
    return FileResponse(STATIC / "index.html")


async def _lobby_page(request: Request) -> Response:
    return FileResponse(STATIC / "lobby.html")


def _seat_page(lobby: Lobby) -> Any:
    async def page(request: Request) -> Response:
        """A companion table's page is the table page, on that table's routes; a digital table's is the
        same file for every table and seat: the seat's token stays in the address's #, never sent (and
        for no table: its page says so)."""
        table = int(request.path_params["table"])
        try:
            kind = await run_in_threadpool(lobby.kind, table)
        except NoSuchTable:
            kind = None
        return FileResponse(STATIC / ("index.html" if kind == COMPANION else "seat.html"))

    return page


def _page_routes(config: TableConfig) -> list[Route]:
    """`/`: the table page; with the lobby and no state file, the lobby. The lobby's pages beside."""
    if config.lobby is None:
        return [Route("/", _page)]
    return [Route("/", _lobby_page if config.state_path is None else _page),
            Route("/lobby", _lobby_page), Route("/board", _page),
            Route("/tables/{table:int}", _seat_page(config.lobby))]


def _settle(config: TableConfig) -> None:
    """Load what every request uses, then take all that is loaded out of the garbage collector's
    sight: a full collection would otherwise walk every object of the libraries, the board and
    the deck, tens of milliseconds during which no request is answered."""
    with contextlib.suppress(BadInput):  # a bad file is the request's bad input, as ever
        config.the_board()
        config.deck()
    gc.collect()
    gc.freeze()


def create_app(config: TableConfig) -> Starlette:
    """The app; its `state.feed` is the change feed, to `close()` when the server stops."""
    feed = ChangeFeed(lambda: config.state_path)
    routes = [
        *_page_routes(config),
        *table_api.routes(config, feed),
        *solo_api.routes(config),
        *(lobby_api.routes(config.lobby, config.join_url) if config.lobby else []),
        *(table_api.companion_routes(config) if config.lobby else []),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    handlers: dict[Any, Any] = {
        BadInput: _bad_input,
        BoardChanged: _board_changed,
        HTTPException: _http_error,
        Exception: _internal_error,
        **table_api.EXCEPTION_HANDLERS,
        **lobby_api.EXCEPTION_HANDLERS,
    }
    # the guard is the outermost: a request from another site is refused before anything else looks at it
    middleware = [Middleware(OriginGuard, hosts=config.hosts), Middleware(TokenGate, token=config.token)]
    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        _settle(config)
        async with contextlib.AsyncExitStack() as stack:
            if config.lobby is not None:
                await stack.enter_async_context(lobby_api.lifespan(config.lobby))
            yield

    app = Starlette(routes=routes, exception_handlers=handlers, middleware=middleware, lifespan=lifespan)
    app.state.feed = feed
    return app
