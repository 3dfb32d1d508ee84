"""The lobby's JSON API (docs/table.md, "Tables"): tables created, listed, watched, played, exported
and imported, each seat private.

A seat proves itself with its join token in the `Authorization: Bearer TOKEN` header (a header, not
the address: addresses end up in logs and history). Without it a request is a watcher's and sees
only what every seat sees. The answers are the documents of `solver.documents.lobby`.

A table's event stream waits on the lobby's change notification (`solver.tables.changes`): woken
when a move is committed, through this process or, on PostgreSQL, any other (`lifespan` keeps the
process's LISTEN connection open); it never polls the database.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import secrets
from collections.abc import AsyncIterator
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from sse_starlette.sse import EventSourceResponse
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from solver.core.board import Board, load_board
from solver.core.deck import Deck, load_deck
from solver.core.errors import BadInput, did_you_mean
from solver.decks.upload import checked_deck
from solver.documents.lobby import (
    WATCHER,
    again_document,
    board_at_document,
    created_document,
    deck_document,
    options_document,
    table_view_document,
    tables_document,
)
from solver.table.state import VARIANT_KEYS, Variant
from solver.tables.changes import Listener
from solver.tables.decks import ENTERED, TableDeck, check_size, deck_name
from solver.tables.errors import ActionRefused, NoSuchTable, SeatRefused, StaleVersion
from solver.tables.params import params_from_request
from solver.web.bodies import json_object, read_body

if TYPE_CHECKING:
    from solver.tables.service import Lobby

ACTION_KEYS = {"action", "version"}


def routes(lobby: Lobby, join_url: str | None = None) -> list[Route]:
    api = _LobbyApi(lobby)
    api.join_url = join_url
    return [
        Route("/api/tables", api.tables, methods=["GET", "POST"]),
        Route("/api/tables/options", api.options, methods=["GET"]),
        Route("/api/tables/import", api.import_state, methods=["POST"]),
        Route("/api/tables/decks", api.decks, methods=["GET", "POST"]),
        Route("/api/tables/decks/{name}", api.deck_file, methods=["GET"]),
        Route("/api/tables/{table:int}", api.view, methods=["GET"]),
        Route("/api/tables/{table:int}/actions", api.act, methods=["POST"]),
        Route("/api/tables/{table:int}/events", api.events, methods=["GET"]),
        Route("/api/tables/{table:int}/export", api.export, methods=["GET"]),
        Route("/api/tables/{table:int}/moves/{move:int}", api.board_at, methods=["GET"]),
        Route("/api/tables/{table:int}/again", api.again, methods=["POST"]),
    ]


@contextlib.asynccontextmanager
async def lifespan(lobby: Lobby) -> AsyncIterator[None]:
    """While the server runs: on PostgreSQL, the process's LISTEN connection that tells its event
    streams of the moves made through every process (on SQLite this process makes them all)."""
    if not lobby.notifies:
        yield
        return
    from solver.tables.listen import listen_for_moves

    listening = asyncio.create_task(listen_for_moves(lobby.engine, lobby.changes))
    try:
        yield
    finally:
        listening.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await listening


def _checked(text: str, name: str) -> None:
    """BadInput, one line with the card's line, unless the deck file fits the rulebook."""
    board, printed = _bundled()
    checked_deck(text, name, board, printed)


@functools.cache
def _bundled() -> tuple[Board, Deck]:
    return load_board(), load_deck()


def _file_name(name: str) -> str:
    """A deck's name as a file name (letters, digits, - and _)."""
    return "".join(char if char.isalnum() or char in "-_" else "-" for char in name) or "deck"


def _error(status: int, message: str, **extra: Any) -> JSONResponse:
    return JSONResponse({"error": message, **extra}, status_code=status)


async def _no_such_table(request: Request, error: Exception) -> Response:
    return _error(404, str(error))


async def _seat_refused(request: Request, error: Exception) -> Response:
    return _error(403, str(error))


EXCEPTION_HANDLERS: dict[Any, Any] = {NoSuchTable: _no_such_table, SeatRefused: _seat_refused}


COMPANION_KEYS = {"kind", "players", *VARIANT_KEYS}


def _companion_request(body: dict[str, Any]) -> tuple[list[str], Variant]:
    """A new companion table's players and variant: `{"kind": "companion", "players": ["Anna", "Ben"],
    "last_delict_points": 5, ...}` (the variant's keys as a new game at the table takes them)."""
    unknown = sorted(set(body) - COMPANION_KEYS)
    if unknown:
        raise BadInput(f"unknown key {unknown[0]!r}; a new companion table takes {', '.join(sorted(COMPANION_KEYS))}")
    players = body.get("players")
    if not isinstance(players, list) or not players or not all(isinstance(p, str) and p.strip() for p in players):
        raise BadInput('a companion table names its players: {"kind": "companion", "players": ["Anna", "Ben"]}')
    return [p.strip() for p in players], Variant.from_dict({key: body[key] for key in VARIANT_KEYS if key in body})


def _bearer(request: Request) -> str | None:
    """The seat's token from `Authorization: Bearer TOKEN`; None without the header."""
    header = request.headers.get("authorization")
    if header is None:
        return None
    scheme, _, token = header.strip().partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise SeatRefused("send a seat's join token as the header Authorization: Bearer TOKEN")
    return token.strip()


class _LobbyApi:
    def __init__(self, lobby: Lobby) -> None:
        self.lobby = lobby
        self.join_url: str | None = None

    async def tables(self, request: Request) -> Response:
        if request.method == "GET":
            every = request.query_params.get("all") in ("1", "true")
            rows = await run_in_threadpool(self.lobby.tables, not every)
            return JSONResponse(tables_document(rows))
        body = await json_object(request, '{"seats": [{"name": "Anna"}, {"name": "Ben", "bot": "greedy"}]}')
        if body.get("kind") == "companion":
            snapshot = await run_in_threadpool(self.lobby.create_companion, *_companion_request(body))
            return JSONResponse(table_view_document(snapshot, WATCHER), status_code=201)
        params = await run_in_threadpool(params_from_request, body, secrets.randbits(63), self._deck_named,
                                         self.lobby.deck_names)
        created = await run_in_threadpool(self.lobby.create_table, params)
        return JSONResponse(created_document(created, *self._join_base(request)), status_code=201)

    def _deck_named(self, name: str) -> TableDeck | None:
        """A new table's deck by its name; `entered` is frozen now, as it stands (BadInput before any
        card was entered)."""
        if name != ENTERED:
            return self.lobby.deck_named(name)
        frozen = self.lobby.freeze_entered()
        if frozen is None:
            raise BadInput(f"no card was entered at this server's companion tables yet: the deck {ENTERED!r} "
                           "is offered once one is")
        return frozen

    async def options(self, request: Request) -> Response:
        names = await run_in_threadpool(self.lobby.deck_names)
        entered = await run_in_threadpool(self.lobby.any_entered)
        return JSONResponse(options_document(names, entered))

    async def decks(self, request: Request) -> Response:
        """GET: the uploaded decks. POST ?name=NAME with a deck file's YAML: upload it, checked as
        `deck verify` checks it (400, one line, nothing saved, when it does not fit the rulebook)."""
        if request.method == "GET":
            names = await run_in_threadpool(self.lobby.deck_names)
            found = [deck for name in names if (deck := await run_in_threadpool(self.lobby.deck_named, name))]
            return JSONResponse({"decks": [deck_document(deck) for deck in found]})
        name = deck_name(request.query_params.get("name"))
        raw = await read_body(request)
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise BadInput("the deck file is not UTF-8 text; send the YAML file itself", name) from None
        check_size(text, name)
        await run_in_threadpool(_checked, text, name)
        deck = await run_in_threadpool(self.lobby.save_deck, name, text)
        return JSONResponse(deck_document(deck), status_code=201)

    async def deck_file(self, request: Request) -> Response:
        """An uploaded deck's file (public: card texts, no pile order), to use with --deck FILE."""
        name = str(request.path_params["name"])
        deck = await run_in_threadpool(self.lobby.deck_named, name)
        if deck is None:
            names = await run_in_threadpool(self.lobby.deck_names)
            hint = did_you_mean(name, names) or "the decks are in GET /api/tables/decks"
            return _error(404, f"there is no uploaded deck {name[:40]!r}; {hint}")
        headers = {"content-disposition": f'attachment; filename="{_file_name(deck.name)}.yaml"'}
        return Response(deck.text, media_type="application/yaml", headers=headers)

    async def board_at(self, request: Request) -> Response:
        table, move = int(request.path_params["table"]), int(request.path_params["move"])
        latest = await run_in_threadpool(self.lobby.version, table)
        snapshot = await run_in_threadpool(self.lobby.snapshot_at, table, move)
        return JSONResponse(board_at_document(snapshot, latest))

    async def again(self, request: Request) -> Response:
        table = int(request.path_params["table"])
        token = _bearer(request)
        if token is None:
            raise SeatRefused("only a seat plays again: send its join token as the header Authorization: Bearer TOKEN")
        following, new_token = await run_in_threadpool(self.lobby.play_again, table, token)
        return JSONResponse(again_document(following, new_token, *self._join_base(request)))

    def _join_base(self, request: Request) -> tuple[str, str]:
        """Where a join link points: the address other devices open (the server's join address, with
        its join token) when it has one, else the address this request came to."""
        if self.join_url:
            parts = urlsplit(self.join_url)
            return f"{parts.scheme}://{parts.netloc}", f"?{parts.query}" if parts.query else ""
        return str(request.base_url).rstrip("/"), ""

    async def import_state(self, request: Request) -> Response:
        raw = await read_body(request)
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise BadInput("the state file is not UTF-8 text; send the YAML file itself") from None
        if not text.strip():
            raise BadInput("the body is empty: send a state file's YAML text (players: and the board)")
        snapshot = await run_in_threadpool(self.lobby.import_companion, text)
        return JSONResponse(table_view_document(snapshot, WATCHER), status_code=201)

    async def view(self, request: Request) -> Response:
        table, seat = await self._seat(request, required=False)
        snapshot = await run_in_threadpool(self.lobby.snapshot, table)
        return JSONResponse(table_view_document(snapshot, seat))

    async def act(self, request: Request) -> Response:
        table, seat = await self._seat(request, required=True)
        assert seat is not None
        body = await json_object(request, '{"action": 690, "version": 12}', ACTION_KEYS)
        code, version = body.get("action"), body.get("version")
        if not isinstance(code, int) or isinstance(code, bool):
            raise BadInput('action is the int of a legal action (the view\'s "legal"), e.g. {"action": 690, '
                           '"version": 12}')
        if not isinstance(version, int) or isinstance(version, bool):
            raise BadInput("version is the table's version the action was decided on (the view's \"version\")")
        try:
            snapshot = await run_in_threadpool(self.lobby.act, table, seat, code, version)
        except (StaleVersion, ActionRefused) as refused:
            status = 409 if isinstance(refused, StaleVersion) else 422
            return _error(status, str(refused), view=table_view_document(refused.current, seat))
        return JSONResponse(table_view_document(snapshot, seat))

    async def export(self, request: Request) -> Response:
        table = int(request.path_params["table"])
        text = await run_in_threadpool(self.lobby.export_state, table)
        headers = {"content-disposition": f'attachment; filename="table-{table}.yaml"'}
        return Response(text, media_type="application/yaml", headers=headers)

    async def events(self, request: Request) -> Response:
        table = int(request.path_params["table"])
        await run_in_threadpool(self.lobby.version, table)  # 404 for no such table, before the stream opens
        return EventSourceResponse(self._versions(request, table))

    async def _versions(self, request: Request, table: int) -> AsyncIterator[dict[str, str]]:
        """The table's version, then each new one, until the client goes away (the stream is then
        cancelled): public, so every seat and watcher re-fetches its own view on each. A burst of
        moves told before the stream could send is one event, with the latest version."""
        with self.lobby.changes.listening(table) as listener:  # listening before reading: no move slips by
            told: int | None = None
            version = await run_in_threadpool(self.lobby.version, table)
            while True:
                if told is None or version > told:
                    told = version
                    yield {"event": "version", "data": f'{{"version": {version}}}'}
                await listener.wait()
                version = await self._told(listener, table, told)

    async def _told(self, listener: Listener, table: int, told: int) -> int:
        """The version a listener was woken with: the highest told, or read again when notices may
        have been missed."""
        if listener.reread:
            listener.reread = False
            return await run_in_threadpool(self.lobby.version, table)
        return max(told, listener.latest or 0)

    async def _seat(self, request: Request, required: bool) -> tuple[int, int | None]:
        table = int(request.path_params["table"])
        token = _bearer(request)
        if token is None:
            if required:
                raise SeatRefused("only a seat may act: send its join token as the header Authorization: Bearer TOKEN")
            return table, WATCHER
        return table, await run_in_threadpool(self.lobby.seat_of, table, token)
