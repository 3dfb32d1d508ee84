"""The JSON API of the multiplayer board: the same questions and plays as the command line.

Reads take a snapshot of the state file; every change is one read-check-write under the
file's lock (`solver.table.store`), refused with 409 when the page's `version` is stale.
"""

from __future__ import annotations

import asyncio
import io
import json
import re
import threading
from collections import OrderedDict
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from solver.core import names
from solver.core.deck import CARD_NUMBERS, Deck
from solver.core.errors import BadInput
from solver.core.yamlio import FileExists
from solver.decks.entered import Entry, check_confirm, check_entry, confirm_card, enter_card
from solver.documents import table as documents
from solver.documents.table import state_document
from solver.table import deduce, rules
from solver.table.cardref import CardRef, card_from_request
from solver.table.errors import ChoiceNeeded, GameGoesOn, Refused
from solver.table.state import VARIANT_KEYS, GameState, Variant, new_game
from solver.table.store import MustWait, Snapshot, StateFile, TableStore
from solver.web.bodies import json_object
from solver.web.events import ChangeFeed, FeedResponse

if TYPE_CHECKING:
    from solver.web.app import TableConfig

_KEPT_DOCUMENTS = 8


class StateDocuments:
    """The state documents of the last few snapshots, by the snapshot itself (never changed once
    read or saved): every change refused as stale (409) answers the same current board, and so
    does every page reading it, and its document costs far more than sending it."""

    def __init__(self) -> None:
        self._kept: OrderedDict[int, tuple[Snapshot, dict[str, Any]]] = OrderedDict()
        self._lock = threading.Lock()

    def __call__(self, snapshot: Snapshot) -> dict[str, Any]:
        with self._lock:
            kept = self._kept.get(id(snapshot))
        if kept is not None and kept[0] is snapshot:
            return kept[1]
        document = state_document(snapshot)
        with self._lock:
            self._kept[id(snapshot)] = (snapshot, document)  # the snapshot held: its id is not reused meanwhile
            while len(self._kept) > _KEPT_DOCUMENTS:
                self._kept.popitem(last=False)
        return document


state_json = StateDocuments()


class NotPlayable(Exception):
    def __init__(self, document: dict[str, Any]):
        super().__init__(document.get("reason", "not playable"))
        self.document = document


def board_document(config: TableConfig) -> dict[str, Any]:
    """The board's geometry, the game's names and how the page shows them."""
    from solver.core import vocabulary

    board = config.the_board()
    graph = board.graph
    return {
        "locations": [{"name": name, "district": board.district(name), "position": graph.nodes[name]["position"]}
                      for name in names.LOCATIONS],
        "paths": [{"between": [a, b], "bridge": bool(data.get("bridge")),
                   "provenance": data.get("provenance", "reconstructed")}
                  for a, b, data in graph.edges(data=True)],
        "groups": [{"name": group, "colour": names.GROUP_COLOURS[group], "delicts": list(delicts)}
                   for group, delicts in names.GROUPS.items()],
        "districts": {code: names.DISTRICT_NAMES[code] for code in names.DISTRICTS},
        "source": board.source,
        "vocabulary": vocabulary.document(),
    }


CARD_KEYS = {"card", "clue", "choose", "player", "more"}
BODY_KEYS: dict[str, set[str]] = {  # what each route's body may hold: any other key is refused
    "check": CARD_KEYS,
    "play": CARD_KEYS | {"discard", "version"},
    "undo": {"version"},
    "redo": {"version"},
    "pass": {"version", "discard", "player"},
    "stop": {"taker", "version"},
    "hand": {"cards", "player"},
    "drawpile": {"cards", "take_out", "version"},
    "end": {"cards", "version"},
    "enter": {"clue", "confirm"},
    "games": {"players", "replace", *VARIANT_KEYS},
}


async def _body(request: Request, route: str) -> dict[str, Any]:
    return await json_object(request, '{"card": 38}', BODY_KEYS[route])


def _flag(data: dict[str, Any], key: str) -> bool:
    """A yes/no of the body: `true` or `false` (or absent: false), never a string or a number."""
    value = data.get(key, False)
    if not isinstance(value, bool):
        raise BadInput(f"`{key}` is true or false, not {json.dumps(value)[:40]}")
    return value


def _version(data: dict[str, Any]) -> str:
    version = data.get("version")
    if not isinstance(version, str):
        raise BadInput('a change names the version of the board it was decided on: {"version": "...", ...}')
    return version


def _optional_text(data: dict[str, Any], key: str) -> str | None:
    value = data.get(key)
    if value is not None and not isinstance(value, str):
        raise BadInput(f"`{key}` is text, not {type(value).__name__}")
    return value


class EnteredCards(Protocol):
    """Where a lobby table keeps the cards it entered (`solver.tables.companion.CompanionStore`)."""

    def deck(self, base: Deck) -> Deck: ...

    def enter(self, check: Callable[[Deck], Entry], base: Deck) -> Entry: ...


CARD_NUMBER = re.compile(r"[0-9]{1,3}")  # ASCII digits only: str.isdigit also takes '²'


class TableRoutes:
    """The table's routes on the board of `store` (by default the served state file's). A lobby's
    companion table (`table`, its id) is served by the same routes on its row in the database, told
    to its pages through the lobby's notifications instead of the state file's change feed."""

    def __init__(self, config: TableConfig, feed: ChangeFeed | None,
                 store: Callable[[], TableStore] | None = None, table: int | None = None,
                 entered: EnteredCards | None = None):
        self.config = config
        self.entered = entered
        self.new_games = threading.Lock()
        self.changing = asyncio.Lock()  # this server's changes of the served file, in the order they came
        self.feed = feed
        self.store: Callable[[], TableStore] = store or config.state_file
        self.table = table

    async def changed(self, work: Callable[..., dict[str, Any]], *args: Any) -> Response:
        """Run a change of the board off the event loop, then tell the change feed at once."""
        try:
            return JSONResponse(await run_in_threadpool(work, *args))
        finally:
            if self.feed is not None:
                self.feed.poke()

    async def change(self, work: Callable[[TableStore, dict[str, Any]], dict[str, Any]],
                     data: dict[str, Any]) -> Response:
        """A change through `store.change`, one at a time: each waits on the event loop for the one
        before it, is then refused there when the board read last shows it stale (no thread, no lock:
        most changes of a busy table lose the race), else is made off it. Queued in threads instead,
        every change decided on the board being changed would wake a thread of its own, only to be
        refused. A lobby's table is always changed off the event loop (its board is in the database)."""
        if self.table is not None:
            return await self.changed(work, self.store(), data)
        async with self.changing:
            try:
                return JSONResponse(work(self.config.state_file(wait=False), data))
            except MustWait:
                return await self.changed(work, self.config.state_file(), data)

    def deck(self) -> Deck:
        """The deck in use; at a lobby table, with the cards it entered laid over it (read from the
        database: call it off the event loop)."""
        if self.entered is not None:
            return self.entered.deck(self.config.deck())
        return self.config.deck()

    def card(self, data: dict[str, Any]) -> CardRef:
        return card_from_request(data, self.deck())

    def _player(self, snapshot: Snapshot, data: dict[str, Any]) -> str:
        player = _optional_text(data, "player")
        if player is None:
            return snapshot.state.turn
        return resolve_player(player, snapshot.state.players)

    def verdict_document(self, snapshot: Snapshot, data: dict[str, Any]) -> dict[str, Any]:
        ref = self.card(data)
        player = self._player(snapshot, data)
        return documents.check_document(snapshot.state, ref, self.config.the_board(), player,
                                        _flag(data, "more"), _optional_text(data, "choose"))[1]

    # ----- endpoints ---------------------------------------------------------------------------

    async def session(self, request: Request) -> Response:
        """What the page needs before anything else: is a game open, how others join."""
        if self.table is not None:
            return JSONResponse({"game": f"table {self.table}", "join": None, "table": self.table})
        path = self.config.state_path
        return JSONResponse({"game": path.name if path else None, "join": self.config.join_url})

    async def join_code(self, request: Request) -> Response:
        if self.config.join_url is None or self.table is not None:
            raise HTTPException(404, "this table has no join address: it is served on this machine only")
        import segno

        buffer = io.BytesIO()
        segno.make(self.config.join_url, error="m").save(buffer, kind="svg", scale=5, border=2)
        return Response(buffer.getvalue(), media_type="image/svg+xml")

    async def board(self, request: Request) -> Response:
        return JSONResponse(board_document(self.config))

    async def state(self, request: Request) -> Response:
        store = self.store()
        snapshot = store.last_read()  # the board read already: no thread
        if snapshot is None:
            snapshot = await run_in_threadpool(store.read)
        return JSONResponse(state_json(snapshot))

    async def check(self, request: Request) -> Response:
        data = await _body(request, "check")
        snapshot = self.store().last_read()
        if snapshot is not None:  # the board read already: a check is a fraction of a millisecond, here
            return JSONResponse(self.verdict_document(snapshot, data))
        return JSONResponse(await run_in_threadpool(self._check, data))  # reading the file: off the loop

    def _check(self, data: dict[str, Any]) -> dict[str, Any]:
        return self.verdict_document(self.store().read(), data)

    async def play(self, request: Request) -> Response:
        data = await _body(request, "play")
        return await self.change(self._play, data)

    def _play(self, store: TableStore, data: dict[str, Any]) -> dict[str, Any]:
        ref = self.card(data)
        choice = _optional_text(data, "choose")
        discard = _numbers(data, "discard")
        with store.change(_version(data)) as state:
            player = self._player(Snapshot(state, ""), data)
            verdict, chosen = rules.play(state, ref.card, self.config.the_board(), ref.record, choice, player,
                                         _flag(data, "more"), discard)
            if not verdict.playable:
                raise NotPlayable(documents.card_verdict_document(verdict, ref))
        return {**documents.play_document(state, verdict, ref, player, chosen), "state": state_json(_left(store))}

    async def undo(self, request: Request) -> Response:
        data = await _body(request, "undo")
        return await self.change(self._undo, data)

    def _undo(self, store: TableStore, data: dict[str, Any]) -> dict[str, Any]:
        with store.change(_version(data), reuse_previous=True) as state:
            if not state.history:
                raise BadInput("nothing to undo")
            move = state.pop()
        return {**documents.undo_document(state, move), "state": state_json(_left(store))}

    async def redo(self, request: Request) -> Response:
        data = await _body(request, "redo")
        return await self.change(self._redo, data)

    def _redo(self, store: TableStore, data: dict[str, Any]) -> dict[str, Any]:
        with store.change(_version(data), reuse_previous=True) as state:
            move = store.redo(state)
        return {**documents.redo_document(state, move), "state": state_document(_left(store))}

    async def pass_turn(self, request: Request) -> Response:
        return await self.change(self._pass, await _body(request, "pass"))

    def _pass(self, store: TableStore, data: dict[str, Any]) -> dict[str, Any]:
        discard = _numbers(data, "discard")
        with store.change(_version(data)) as state:
            move = rules.pass_turn(state, self._player(Snapshot(state, ""), data), discard)
        return {**documents.pass_document(state, move), "state": state_json(_left(store))}

    async def stop(self, request: Request) -> Response:
        snapshot = await run_in_threadpool(self.store().read)
        return JSONResponse(await run_in_threadpool(documents.stop_document, snapshot.state, self.config.the_board()))

    async def take_stop(self, request: Request) -> Response:
        return await self.change(self._take_stop, await _body(request, "stop"))

    def _take_stop(self, store: TableStore, data: dict[str, Any]) -> dict[str, Any]:
        taker = _optional_text(data, "taker")
        if taker is None:
            raise BadInput('STOP names who takes the markers: {"taker": "Ben", "version": "..."}')
        with store.change(_version(data)) as state:
            found = documents.stop_document(state, self.config.the_board())
            move = deduce.take_stop(state, self.config.the_board(), resolve_player(taker, state.players))
        taken = documents.take_stop_document(found, state, move) if move is not None else found
        return {**taken, "state": state_json(_left(store))}

    async def hand(self, request: Request) -> Response:
        data = await _body(request, "hand")
        snapshot = await run_in_threadpool(self.store().read)
        return JSONResponse(await run_in_threadpool(self._hand, snapshot, data))

    def _hand(self, snapshot: Snapshot, data: dict[str, Any]) -> dict[str, Any]:
        refs = self._cards(data)
        return documents.hand_document(snapshot.state, refs, self.config.the_board(), self._player(snapshot, data))

    async def drawpile(self, request: Request) -> Response:
        return await self.change(self._drawpile, await _body(request, "drawpile"))

    def _drawpile(self, store: TableStore, data: dict[str, Any]) -> dict[str, Any]:
        refs = self._cards(data)
        board = self.config.the_board()
        take_out = _flag(data, "take_out")
        with store.change(_version(data) if take_out else None) as state:
            results = [documents.dead_document(state, ref, board) for ref in refs]
            move = deduce.take_out_dead(state, [(ref.number, ref.card) for ref in refs if ref.number is not None],
                                        board) if take_out else None
        return {**documents.drawpile_document(results, move), "state": state_json(_left(store))}

    async def end(self, request: Request) -> Response:
        return await self.change(self._end, await _body(request, "end"))

    def _end(self, store: TableStore, data: dict[str, Any]) -> dict[str, Any]:
        refs = self._cards(data, allow_empty=True)
        with store.change(_version(data)) as state:
            try:
                rules.end_game(state, [ref.card for ref in refs], self.config.the_board(), [ref.number for ref in refs])
            except GameGoesOn as going:
                ref = refs[going.index]
                raise NotPlayable({**documents.goes_on_document(going.verdict, ref),
                                   "error": f"the game goes on: {ref.label} is playable"}) from None
        return {**documents.end_document(state), "state": state_json(_left(store))}

    def _cards(self, data: dict[str, Any], allow_empty: bool = False) -> list[CardRef]:
        cards = data.get("cards", [])
        if not isinstance(cards, list) or (not cards and not allow_empty):
            raise BadInput('name the cards: {"cards": [38, "remove", {"clue": {...}}]}')
        deck = self.deck()
        return [card_from_request(entry if isinstance(entry, dict) else {"card": entry}, deck) for entry in cards]

    async def odds(self, request: Request) -> Response:
        snapshot = await run_in_threadpool(self.store().read)
        return JSONResponse(await run_in_threadpool(documents.odds_document, snapshot))

    async def card_text(self, request: Request) -> Response:
        number = _card_number(request)
        deck = self.deck() if self.entered is None else await run_in_threadpool(self.deck)
        return JSONResponse(documents.card_document(deck.card(number)))

    async def enter(self, request: Request) -> Response:
        data = await _body(request, "enter")
        number = _card_number(request)
        return await self.changed(self._enter, number, data)

    def _enter(self, number: int, data: dict[str, Any]) -> dict[str, Any]:
        if self.entered is not None:
            return self._enter_here(self.entered, number, data)
        where = self.config.entered_path()
        if where is None:
            raise BadInput("open or start a game first: entered cards are kept beside its state file")
        board = self.config.the_board()
        with self.config.state_file().locked():  # one writer at a time for the files of this game
            if _flag(data, "confirm"):
                entry = confirm_card(where, number, self.deck(), board)
            elif "clue" in data:
                entry = enter_card(where, number, data["clue"], self.deck(), board)
            else:
                raise BadInput('enter a card with {"clue": {...}}, or confirm its text with {"confirm": true}')
        return {**documents.card_document(entry.card), "warnings": entry.warnings}

    def _enter_here(self, entered: EnteredCards, number: int, data: dict[str, Any]) -> dict[str, Any]:
        """A lobby table: the same checks, the entry kept in the table's rows (a new version of it)."""
        board = self.config.the_board()
        confirm = _flag(data, "confirm")
        if not confirm and "clue" not in data:
            raise BadInput('enter a card with {"clue": {...}}, or confirm its text with {"confirm": true}')

        def check(deck: Deck) -> Entry:
            if confirm:
                return check_confirm(number, deck, board)
            return check_entry(number, data["clue"], deck, board)

        entry = entered.enter(check, self.config.deck())
        return {**documents.card_document(entry.card), "warnings": entry.warnings}

    async def new_game(self, request: Request) -> Response:
        data = await _body(request, "games")
        return await self.changed(self._new_game, data)

    def _new_game(self, data: dict[str, Any]) -> dict[str, Any]:
        if self.config.workers > 1 and self.table is None:
            raise BadInput("this server runs several worker processes, and a game begun here would be served by "
                           "one of them only: begin it with `schinderhannes game new GAME.yaml` and serve it as "
                           "`serve GAME.yaml`, or play it as a table of the lobby")
        players = data.get("players")
        if not isinstance(players, list) or not all(isinstance(p, str) and p.strip() for p in players):
            raise BadInput('a new game names its players: {"players": ["Anna", "Ben"]}')
        variant = Variant.from_dict({key: data[key] for key in VARIANT_KEYS if key in data})
        state = new_game([p.strip() for p in players], variant)  # every parameter checked before a write
        replace = _flag(data, "replace")
        if self.table is not None:
            return self._new_game_here(state, replace)
        with self.new_games:  # one new game at a time: the open game is looked at, then replaced
            self._refuse_replacing(replace)
            path, snapshot = _create_game(self.config.folder, state)
            self.config.state_path = path  # served only once its file is written
        return {**documents.new_game_document(str(path), state), "state": state_json(snapshot)}

    def _new_game_here(self, new: GameState, replace: bool) -> dict[str, Any]:
        """A lobby's companion table: a new game of its players ("play again") replaces its board, as
        one change of its row (so an undo does not bring the old game back: the new one has no move to
        undo)."""
        store = self.store()
        current = store.read()
        if new.players != current.state.players:
            raise BadInput(f"a new game at table {self.table} is played by its players, "
                           f"{', '.join(current.state.players)}: for others, make a table in the lobby")
        if current.state.finished is None and not replace:
            raise GameOpen(current)
        with store.change(current.version) as state:
            state.__dict__.update(new.__dict__)
        return {**documents.new_game_document(f"table {self.table}", new), "state": state_json(_left(store))}

    def _refuse_replacing(self, replace: bool) -> None:
        """A game that goes on is replaced only when the request says so: GameOpen (409) otherwise."""
        path = self.config.state_path
        if path is None or replace or not (path.exists() or path.is_symlink()):
            return
        try:
            snapshot = StateFile(path).read()
        except BadInput:
            return  # an unreadable game is no game to keep
        if snapshot.state.finished is None:
            raise GameOpen(snapshot)

    async def count(self, request: Request) -> Response:
        snapshot = await run_in_threadpool(self.store().read)
        return JSONResponse(await run_in_threadpool(documents.count_document, snapshot))

    async def events(self, request: Request) -> Response:
        assert self.feed is not None, "a lobby table's feed is the lobby's"
        return FeedResponse(self.feed)


def _numbers(data: dict[str, Any], key: str) -> tuple[int, ...]:
    values = data.get(key, [])
    if not isinstance(values, list) or not all(isinstance(v, int) and not isinstance(v, bool) for v in values):
        raise BadInput(f"`{key}` is a list of card numbers")
    return tuple(values)


def _card_number(request: Request) -> int:
    text = request.path_params["number"]
    if not CARD_NUMBER.fullmatch(text):
        raise BadInput(f"{text!r} is not a card number; info cards are numbered "
                       f"{CARD_NUMBERS[0]} to {CARD_NUMBERS[-1]}")
    return int(text)


def _left(store: TableStore) -> Snapshot:
    """The board a change through `store` left: what its answer shows, whatever came after it."""
    assert store.changed is not None, "asked after a change"
    return store.changed


def _create_game(folder: Path, state: GameState) -> tuple[Path, Snapshot]:
    """A new file for the game, `game-DATE-TIME.yaml` (then -2, -3, ...), created exclusively:
    a name another writer took in the meantime is never overwritten."""
    stamp = datetime.now().strftime("%Y-%m-%d-%H%M")
    for suffix in ["", *(f"-{n}" for n in range(2, 100))]:
        path = folder / f"game-{stamp}{suffix}.yaml"
        try:
            return path, StateFile(path).create(state)
        except FileExists:
            continue
    raise BadInput("too many games started this minute in this folder", str(folder))


class GameOpen(Exception):
    """A new game was asked for while `current` goes on: the page asks before it replaces it."""

    def __init__(self, current: Snapshot):
        super().__init__("a game is open and goes on; to start a new one anyway, send \"replace\": true")
        self.current = current


def resolve_player(given: str, players: list[str]) -> str:
    """A player's name as the table typed it: any case, surrounding spaces ignored."""
    from solver.core import names

    if given in players:
        return given
    found = [player for player in players if names.fold(player) == names.fold(given)]
    if len(found) != 1:
        raise BadInput(f"{given!r} is not a player; players: {', '.join(players)}")
    return found[0]


async def _game_open(request: Request, error: Exception) -> Response:
    assert isinstance(error, GameOpen)
    return JSONResponse({"error": str(error), "state": state_json(error.current)}, status_code=409)


async def _not_playable(request: Request, error: Exception) -> Response:
    assert isinstance(error, NotPlayable)
    return JSONResponse(error.document, status_code=422)


async def _refused(request: Request, error: Exception) -> Response:
    assert isinstance(error, Refused)
    return JSONResponse({"error": error.reason}, status_code=422)


async def _choice_needed(request: Request, error: Exception) -> Response:
    assert isinstance(error, ChoiceNeeded)
    return JSONResponse({"error": error.message, "options": list(error.options)}, status_code=400)


ENDPOINTS: list[tuple[str, str, list[str]]] = [  # (path under /api, handler, methods)
    ("/session", "session", ["GET"]),
    ("/join.svg", "join_code", ["GET"]),
    ("/board", "board", ["GET"]),
    ("/state", "state", ["GET"]),
    ("/check", "check", ["POST"]),
    ("/play", "play", ["POST"]),
    ("/undo", "undo", ["POST"]),
    ("/redo", "redo", ["POST"]),
    ("/count", "count", ["GET"]),
    ("/odds", "odds", ["GET"]),
    ("/pass", "pass_turn", ["POST"]),
    ("/stop", "stop", ["GET"]),
    ("/stop", "take_stop", ["POST"]),
    ("/hand", "hand", ["POST"]),
    ("/drawpile", "drawpile", ["POST"]),
    ("/end", "end", ["POST"]),
    ("/cards/{number}", "card_text", ["GET"]),
    ("/cards/{number}", "enter", ["POST"]),
    ("/games", "new_game", ["POST"]),
]


def routes(config: TableConfig, feed: ChangeFeed) -> list[Route]:
    """The served state file's table, under /api."""
    table = TableRoutes(config, feed)
    return [*(Route(f"/api{path}", getattr(table, name), methods=methods) for path, name, methods in ENDPOINTS),
            Route("/api/events", table.events)]


def companion_routes(config: TableConfig) -> list[Route]:
    """The same table routes for each companion table of the lobby, under /api/tables/{table}, on its
    row in the database (`solver.tables.companion`); its change feed is the lobby's
    /api/tables/{table}/events."""
    from solver.tables.companion import CompanionStore

    lobby = config.lobby
    assert lobby is not None

    def handler(name: str) -> Callable[[Request], Any]:
        async def handle(request: Request) -> Response:
            table = int(request.path_params["table"])
            at_table = TableRoutes(config, None, lambda: CompanionStore(lobby, table), table,
                                   CompanionStore(lobby, table))
            answer: Response = await getattr(at_table, name)(request)
            return answer

        return handle

    return [Route(f"/api/tables/{{table:int}}{path}", handler(name), methods=methods)
            for path, name, methods in ENDPOINTS]


EXCEPTION_HANDLERS = {GameOpen: _game_open, NotPlayable: _not_playable, Refused: _refused, ChoiceNeeded: _choice_needed}
