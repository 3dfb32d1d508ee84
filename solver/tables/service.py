"""The lobby: tables created, listed, watched, played and exported, on the database.

Every move is one transaction checked against the table's version: the table's row is moved from
the version the move was decided on to the next (`UPDATE ... WHERE version = n`) and the move is
inserted as number n + 1 (the primary key (table, seq) refuses a second n + 1), so a move decided
on an old version is refused, never applied twice and never lost. After a person's move the bots
to move make theirs, each its own transaction. Each table's game is kept in memory (`Replayed`) and
brought up to date with the moves it has not seen yet, read from the database before every use, so
several server processes may share one database.

A move is told to the pages listening to its table (`changes`, solver.tables.changes): on
PostgreSQL by a NOTIFY sent in the move's own transaction, which reaches every process sharing the
database; on SQLite, served by one process, straight to this process's listeners once it committed.

An uploaded deck is stored once under the digest of its text (`decks`, solver.tables.decks) and
offered by its name to every table made after; a table's parameters name it by its digest. The deck
`entered` (the cards the companion tables entered, over the bundled ones) is frozen into such a
stored deck when a table is dealt from it.

A seat's join token is made here and given out once; only its SHA-256 is stored. A seat's token at
the next table ("play again") is derived from its own token, and stored (hashed) when it asks.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
import threading
from collections import OrderedDict
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Connection, Engine, exc, insert, select, update

from solver.core.deck import load_deck
from solver.core.errors import BadInput
from solver.decks.deckfile import deck_yaml
from solver.decks.entered import entries_deck, layered
from solver.table.state import Variant, new_game, parse_state
from solver.tables.changes import TableChanges, notify_statement
from solver.tables.decks import ENTERED, TableDeck, check_size, deck_digest, deck_name
from solver.tables.errors import ActionRefused, NoSuchTable, SeatRefused, StaleVersion
from solver.tables.params import SeatSpec, TableParams
from solver.tables.replay import MoveRefused, Replayed, apply_move, bot_move, start
from solver.tables.schema import (
    COMPANION,
    DECKS,
    DIGITAL,
    ENTERED_CARDS,
    HUMAN,
    MOVES,
    OVER,
    PLAYING,
    SEATS,
    TABLES,
)

ENTERED_HEADER = """\
# The bundled deck with the cards entered at this server's companion tables laid over it
# (provenance: entered; of two tables' texts for a card, the most recent), frozen for a table.
"""
CACHED_TABLES = 256  # games kept in memory; an older one is replayed from its moves when asked for again
CACHED_PAST = 128  # games at an earlier move (time travel, the pages' steps through the bots' turns)
MAX_STATE_FILE = 256 * 1024  # characters of an imported state file


@dataclass(frozen=True)
class SeatRow:
    seat: int
    name: str
    kind: str
    bot: str | None


@dataclass(frozen=True)
class TableRow:
    """A table's row and seats, without its game."""

    id: int
    kind: str
    created: datetime
    version: int
    status: str
    seats: tuple[SeatRow, ...]
    next_table: int | None = None  # "play again": the table these seats went on to


@dataclass(frozen=True)
class TableSnapshot:
    """A table at one version: its row, and its game (`replayed`, a digital table) or its state file
    (`state_text`, a companion table). A copy: the table may play on meanwhile."""

    row: TableRow
    replayed: Replayed | None = None
    state_text: str | None = None


@dataclass(frozen=True)
class Created:
    """A new table, and each person's seat with its join token (given out this once)."""

    snapshot: TableSnapshot
    tokens: dict[int, str]


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def again_token(token: str, next_table: int) -> str:
    """A seat's token at the next table: a keyed digest of its token at this one (only its holder
    can make it)."""
    digest = hmac.new(token.encode(), f"play again at table {next_table}".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest).decode().rstrip("=")


class _Lost(Exception):
    """Another writer moved the table first."""


class Lobby:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self._games: OrderedDict[int, Replayed] = OrderedDict()
        self._past: OrderedDict[tuple[int, int], Replayed] = OrderedDict()  # never changed once made
        self._locks: dict[int, threading.Lock] = {}
        self._guard = threading.Lock()
        self.changes = TableChanges()
        self.notifies = engine.dialect.name == "postgresql"  # NOTIFY reaches every process's listeners

    # ----- creating -----------------------------------------------------------------------------

    def create_table(self, params: TableParams) -> Created:
        """A digital table with these parameters; the bots to move first make their moves."""
        replayed = start(params)  # bad parameters are bad input before anything is written
        tokens = {index: secrets.token_urlsafe(24) for index, seat in enumerate(params.seats) if seat.bot is None}
        with self.engine.begin() as connection:
            table_id = self._insert_table(connection, DIGITAL, params=params.to_json())
            connection.execute(insert(SEATS), [_seat_values(table_id, index, seat, tokens.get(index))
                                               for index, seat in enumerate(params.seats)])
        with self._locked(table_id):
            self._remember(table_id, replayed)
            self._advance_bots(table_id)
        return Created(self.snapshot(table_id), tokens)

    def create_companion(self, players: list[str], variant: Variant | None = None) -> TableSnapshot:
        """A companion table with a new empty board for these players (BadInput for bad names)."""
        return self.import_companion(new_game(players, variant).to_yaml())

    def import_companion(self, text: str) -> TableSnapshot:
        """A companion table holding this state file (BadInput, with the line, for a broken one)."""
        if len(text) > MAX_STATE_FILE:
            raise BadInput(f"the state file has more than {MAX_STATE_FILE // 1024} KB")
        state = parse_state(text, "the state file")
        with self.engine.begin() as connection:
            table_id = self._insert_table(connection, COMPANION, state=text,
                                          status=OVER if state.finished is not None else PLAYING)
            connection.execute(insert(SEATS), [_seat_values(table_id, index, SeatSpec(name), None)
                                               for index, name in enumerate(state.players)])
        return self.snapshot(table_id)

    def _insert_table(self, connection: Connection, kind: str, params: dict[str, Any] | None = None,
                      state: str | None = None, status: str = PLAYING) -> int:
        result = connection.execute(insert(TABLES).values(
            kind=kind, created=datetime.now(UTC), params=params, state=state, version=0, status=status))
        key = result.inserted_primary_key
        assert key is not None
        return int(key[0])

    # ----- decks --------------------------------------------------------------------------------

    def save_deck(self, name: str, text: str) -> TableDeck:
        """Keep an uploaded deck file under `name` (the caller checked it fits the rulebook,
        solver.decks.upload); the same text again is the deck kept before, under its first name.
        BadInput when the name is another deck's, or the text no deck file."""
        name = deck_name(name)
        check_size(text, name)
        digest = deck_digest(text)
        found = self._deck_where(DECKS.c.digest == digest)
        if found is not None:
            return found
        _ = TableDeck(name, digest, text).deck  # a text that is no deck file is bad input now
        try:
            with self.engine.begin() as connection:
                connection.execute(insert(DECKS).values(digest=digest, name=name, text=text,
                                                        created=datetime.now(UTC)))
        except exc.IntegrityError:
            found = self._deck_where(DECKS.c.digest == digest)
            if found is not None:  # the same deck, uploaded twice at once
                return found
            raise BadInput(f"there is a deck named {name!r} already, with other cards; give yours another name "
                           "(the decks are in the options)") from None
        return TableDeck(name, digest, text)

    def deck_names(self) -> list[str]:
        """The uploaded decks' names, oldest first (not the entered decks frozen for tables)."""
        with self.engine.connect() as connection:
            return [str(name) for name in connection.execute(
                select(DECKS.c.name).where(DECKS.c.origin.is_(None))
                .order_by(DECKS.c.created, DECKS.c.name)).scalars()]

    def any_entered(self) -> bool:
        """Whether a companion table of this server entered a card."""
        with self.engine.connect() as connection:
            return connection.execute(select(ENTERED_CARDS.c.number).limit(1)).first() is not None

    def freeze_entered(self) -> TableDeck | None:
        """The deck `entered`: the bundled deck with every card entered at this server's companion
        tables laid over it, kept as a stored deck (under the digest of its text, as an upload is) so
        that a table dealt from it keeps these very cards, whatever is entered later. Where tables
        entered different texts for a card, the most recent entry counts. None when no card was entered."""
        with self.engine.connect() as connection:
            texts = list(connection.execute(select(ENTERED_CARDS.c.entry).order_by(
                ENTERED_CARDS.c.entered, ENTERED_CARDS.c.table_id)).scalars())
        if not texts:
            return None
        bundled = load_deck()
        cards = layered(bundled, entries_deck(texts, "the cards entered at this server's tables"), "").cards
        text = deck_yaml(cards, ENTERED_HEADER)
        digest = deck_digest(text)
        found = self._deck_where(DECKS.c.digest == digest)
        if found is not None:
            return found
        name = f"{ENTERED} {digest[:12]}"
        try:
            with self.engine.begin() as connection:
                connection.execute(insert(DECKS).values(digest=digest, name=name, text=text, origin=ENTERED,
                                                        created=datetime.now(UTC)))
        except exc.IntegrityError:  # frozen at once by another table's creation
            pass
        found = self._deck_where(DECKS.c.digest == digest)
        assert found is not None
        return found

    def deck_named(self, name: str) -> TableDeck | None:
        return self._deck_where(DECKS.c.name == name)

    def deck_by_digest(self, digest: str) -> TableDeck:
        found = self._deck_where(DECKS.c.digest == digest)
        if found is None:
            raise NoSuchTable(f"there is no deck {digest[:12]} on this server: the table's deck was deleted")
        return found

    def _deck_where(self, condition: Any) -> TableDeck | None:
        with self.engine.connect() as connection:
            row = connection.execute(select(DECKS.c.name, DECKS.c.digest, DECKS.c.text).where(condition)).first()
        return TableDeck(row.name, row.digest, row.text) if row is not None else None

    # ----- reading ------------------------------------------------------------------------------

    def tables(self, open_only: bool = True) -> list[TableRow]:
        """The tables, newest first; `open_only`: those whose game goes on."""
        query = select(TABLES.c.id, TABLES.c.kind, TABLES.c.created, TABLES.c.version, TABLES.c.status,
                       TABLES.c.next_table)
        if open_only:
            query = query.where(TABLES.c.status == PLAYING)
        with self.engine.connect() as connection:
            rows = connection.execute(query.order_by(TABLES.c.id.desc())).all()
            seats = _seats_by_table(connection, [row.id for row in rows])
        return [TableRow(row.id, row.kind, _aware(row.created), row.version, row.status, seats.get(row.id, ()),
                         row.next_table) for row in rows]

    def snapshot(self, table_id: int) -> TableSnapshot:
        """The table as it is now (the bots owed a move make it first)."""
        with self._locked(table_id):
            row = self._row(table_id)
            if row.kind == COMPANION:
                return TableSnapshot(row, state_text=self._state_text(table_id))
            self._advance_bots(table_id)
            return self._snapshot_now(table_id)

    def kind(self, table_id: int) -> str:
        """The table's kind, digital or companion; NoSuchTable for no table."""
        return str(self._column(table_id, TABLES.c.kind))

    def version(self, table_id: int) -> int:
        """The table's version (its number of moves): one cheap read, for the change feed."""
        return int(self._column(table_id, TABLES.c.version))

    def _column(self, table_id: int, column: Any) -> Any:
        """One column of the table's row, in one read; NoSuchTable for no table."""
        with self.engine.connect() as connection:
            value = connection.execute(select(column).where(TABLES.c.id == table_id)).scalar()
        if value is None:
            raise NoSuchTable(f"there is no table {table_id}")
        return value

    def seat_of(self, table_id: int, token: str) -> int:
        """The seat whose join token this is; SeatRefused for any other token."""
        wanted = token_hash(token)
        with self.engine.connect() as connection:
            found = connection.execute(select(SEATS.c.seat, SEATS.c.token_hash)
                                       .where(SEATS.c.table_id == table_id)).all()
        if not found and not self._exists(table_id):
            raise NoSuchTable(f"there is no table {table_id}")
        for seat, stored in found:
            if stored is not None and hmac.compare_digest(stored, wanted):
                return int(seat)
        raise SeatRefused(f"this token is no seat's at table {table_id}; open the join link you were given")

    def export_state(self, table_id: int) -> str:
        """The table as a state file (hands and piles in it). A digital table's hands and piles are
        private until its game is over: SeatRefused before."""
        snapshot = self.snapshot(table_id)
        if snapshot.state_text is not None:
            return snapshot.state_text
        assert snapshot.replayed is not None
        state = snapshot.replayed.state
        if not state.is_terminal():
            raise SeatRefused("the game goes on: its hands and piles are private until it is over")
        return state.table.to_yaml()

    def snapshot_at(self, table_id: int, version: int) -> TableSnapshot:
        """A digital table as it stood after its first `version` moves (time travel), replayed from
        its parameters; BadInput for a version it has not reached."""
        row = self._row(table_id)
        if row.kind != DIGITAL:
            raise BadInput(f"table {table_id} is a companion table: it has no moves to go back to")
        if not 0 <= version <= row.version:
            raise BadInput(f"table {table_id} has made {row.version} moves: a move number is 0 to {row.version}")
        replayed = self._replayed_at(table_id, version)
        status = OVER if replayed.state.is_terminal() else PLAYING
        return TableSnapshot(replace(row, version=version, status=status), replayed=replayed)

    def _replayed_at(self, table_id: int, version: int) -> Replayed:
        """The game after its first `version` moves: every page at the table asks for the same ones,
        and a stored move never changes, so each is replayed once and kept a while."""
        key = (table_id, version)
        with self._guard:
            found = self._past.get(key)
        if found is not None:
            return found.fork()  # a copy for the caller: the kept one stays as it was
        replayed = start(self._params(table_id))
        with self.engine.connect() as connection:
            moves = connection.execute(select(MOVES.c.seat, MOVES.c.action)
                                       .where(MOVES.c.table_id == table_id, MOVES.c.seq <= version)
                                       .order_by(MOVES.c.seq)).all()
        for seat, code in moves:
            apply_move(replayed, seat, code)
        with self._guard:
            self._past[key] = replayed
            while len(self._past) > CACHED_PAST:
                self._past.popitem(last=False)
        return replayed.fork()

    # ----- playing again ------------------------------------------------------------------------

    def play_again(self, table_id: int, token: str) -> tuple[int, str]:
        """The seat of `token` at the next table of this finished one (made by the first seat that
        asks: the same seats and bots, a new deal): the next table's id and the seat's token there.

        The new token is derived from the seat's own token (`again_token`), which only that seat
        holds, so each seat's device finds its new seat by itself, asking again gives the same token,
        and no seat's new token is ever told to another. Until its seat asks, a seat's token at the
        next table is unset, and no token opens it."""
        seat = self.seat_of(table_id, token)
        row = self._row(table_id)
        if row.kind != DIGITAL or row.status != OVER:
            raise SeatRefused("play again once the game is over (a companion table is played on its own board)")
        following = row.next_table if row.next_table is not None else self._make_next(table_id)
        new_token = again_token(token, following)
        with self.engine.begin() as connection:
            claimed = connection.execute(update(SEATS).where(
                SEATS.c.table_id == following, SEATS.c.seat == seat, SEATS.c.kind == HUMAN,
                (SEATS.c.token_hash.is_(None)) | (SEATS.c.token_hash == token_hash(new_token)))
                .values(token_hash=token_hash(new_token)))
        if claimed.rowcount != 1:
            raise SeatRefused(f"seat {seat} of table {following} was taken by another token")
        return following, new_token

    def _make_next(self, table_id: int) -> int:
        """The next table of a finished one, its human seats not yet claimed; of two seats asking at
        once, one makes it and the other finds it."""
        old = self._params(table_id)
        params = replace(old, seed=secrets.randbits(63))
        replayed = start(params)
        try:
            with self.engine.begin() as connection:
                following = self._insert_table(connection, DIGITAL, params=params.to_json())
                connection.execute(insert(SEATS), [_seat_values(following, index, seat, None)
                                                   for index, seat in enumerate(params.seats)])
                linked = connection.execute(update(TABLES).where(TABLES.c.id == table_id,
                                                                 TABLES.c.next_table.is_(None))
                                            .values(next_table=following))
                if linked.rowcount != 1:
                    raise _Lost
        except _Lost:
            found = self._row(table_id).next_table
            assert found is not None
            return found
        with self._locked(following):
            self._remember(following, replayed)
            self._advance_bots(following)
        return following

    # ----- moving -------------------------------------------------------------------------------

    def act(self, table_id: int, seat: int, code: int, version: int) -> TableSnapshot:
        """Seat `seat` makes move `code`, decided on `version`; then the bots owed a move make theirs.
        StaleVersion when the table moved on since `version`, SeatRefused when another seat is to
        move, ActionRefused when the rules refuse the move."""
        with self._locked(table_id):
            replayed = self._synced(table_id)
            if version != replayed.version:
                raise StaleVersion(f"this was decided on version {version}, but the table is at version "
                                   f"{replayed.version}: here it is now", self._snapshot_now(table_id))
            mover = replayed.mover_seat()
            if mover is None:
                raise ActionRefused(f"the game is over ({replayed.state.end_reason()})", self._snapshot_now(table_id))
            if mover != seat:
                raise SeatRefused(f"it is {replayed.game.players[mover]}'s move: a seat moves only for itself")
            if code not in replayed.legal_codes():
                raise ActionRefused(f"{code} ({replayed.codes.text(code)}) is not legal now; the legal "
                                    "actions are in the view", self._snapshot_now(table_id))
            self._commit(table_id, replayed, seat, code)
            self._advance_bots(table_id)
            return self._snapshot_now(table_id)

    def _advance_bots(self, table_id: int) -> None:
        """While a bot is to move, it moves: each move its own checked transaction."""
        while True:
            replayed = self._synced(table_id)
            code = bot_move(replayed)
            if code is None:
                return
            seat = replayed.mover_seat()
            assert seat is not None
            try:
                self._commit(table_id, replayed, seat, code)
            except StaleVersion:
                continue  # another process moved the bot first: look again

    def _commit(self, table_id: int, replayed: Replayed, seat: int, code: int) -> None:
        """Apply the move to the game in memory and write it, as move `version + 1`, in one
        transaction; when another writer was first, the game in memory is dropped (it is replayed
        from the database) and StaleVersion says so."""
        version = replayed.version
        try:
            apply_move(replayed, seat, code)
        except MoveRefused as error:
            raise ActionRefused(str(error), self._snapshot_now(table_id)) from None
        status = OVER if replayed.state.is_terminal() else PLAYING
        try:
            with self.engine.begin() as connection:
                moved = connection.execute(update(TABLES).where(TABLES.c.id == table_id, TABLES.c.version == version)
                                           .values(version=version + 1, status=status))
                if moved.rowcount != 1:
                    raise _Lost
                connection.execute(insert(MOVES).values(table_id=table_id, seq=version + 1, action=code, seat=seat,
                                                        at=datetime.now(UTC)))
                if self.notifies:
                    connection.execute(notify_statement(table_id, version + 1))  # sent only if this commits
        except (_Lost, exc.IntegrityError):
            self._forget(table_id)
            raise StaleVersion(f"another move was made at version {version} first",
                               self._snapshot_now(table_id)) from None
        except BaseException:
            self._forget(table_id)  # the game in memory is ahead of the database: replay it next time
            raise
        if not self.notifies:
            self.changes.moved(table_id, version + 1)

    # ----- the games in memory ------------------------------------------------------------------

    def _synced(self, table_id: int) -> Replayed:
        """The table's game with every move the database holds (the caller holds the table's lock)."""
        replayed = self._games.get(table_id)
        if replayed is None:
            replayed = start(self._params(table_id))
        with self.engine.connect() as connection:
            moves = connection.execute(select(MOVES.c.seat, MOVES.c.action)
                                       .where(MOVES.c.table_id == table_id, MOVES.c.seq > replayed.version)
                                       .order_by(MOVES.c.seq)).all()
        for seat, code in moves:
            apply_move(replayed, seat, code)  # a stored move was legal when it was made, and is again
        self._remember(table_id, replayed)
        return replayed

    def _snapshot_now(self, table_id: int) -> TableSnapshot:
        replayed = self._synced(table_id)
        row = self._row(table_id)
        return TableSnapshot(row, replayed=replayed.fork())

    def _remember(self, table_id: int, replayed: Replayed) -> None:
        with self._guard:
            self._games[table_id] = replayed
            self._games.move_to_end(table_id)
            while len(self._games) > CACHED_TABLES:
                self._games.popitem(last=False)

    def _forget(self, table_id: int) -> None:
        with self._guard:
            self._games.pop(table_id, None)

    def locked(self, table_id: int) -> AbstractContextManager[None]:
        """The table's lock in this process: its changes here queue on it (a change through another
        process is refused by the row's version instead)."""
        return self._locked(table_id)

    @contextmanager
    def _locked(self, table_id: int) -> Iterator[None]:
        with self._guard:
            lock = self._locks.setdefault(table_id, threading.Lock())
        with lock:
            yield

    # ----- rows ---------------------------------------------------------------------------------

    def _row(self, table_id: int) -> TableRow:
        with self.engine.connect() as connection:
            row = connection.execute(select(TABLES.c.id, TABLES.c.kind, TABLES.c.created, TABLES.c.version,
                                            TABLES.c.status, TABLES.c.next_table)
                                     .where(TABLES.c.id == table_id)).first()
            if row is None:
                raise NoSuchTable(f"there is no table {table_id}")
            seats = _seats_by_table(connection, [table_id]).get(table_id, ())
        return TableRow(row.id, row.kind, _aware(row.created), row.version, row.status, seats, row.next_table)

    def _params(self, table_id: int) -> TableParams:
        with self.engine.connect() as connection:
            params = connection.execute(select(TABLES.c.params).where(TABLES.c.id == table_id)).scalar()
        if params is None:
            raise NoSuchTable(f"there is no digital table {table_id}")
        return TableParams.from_json(params, self.deck_by_digest)

    def _state_text(self, table_id: int) -> str:
        with self.engine.connect() as connection:
            return str(connection.execute(select(TABLES.c.state).where(TABLES.c.id == table_id)).scalar())

    def _exists(self, table_id: int) -> bool:
        with self.engine.connect() as connection:
            return connection.execute(select(TABLES.c.id).where(TABLES.c.id == table_id)).first() is not None


def _seat_values(table_id: int, index: int, seat: SeatSpec, token: str | None) -> dict[str, Any]:
    return {"table_id": table_id, "seat": index, "name": seat.name, "kind": seat.kind, "bot": seat.bot,
            "token_hash": token_hash(token) if token else None}


def _seats_by_table(connection: Connection, ids: list[int]) -> dict[int, tuple[SeatRow, ...]]:
    if not ids:
        return {}
    rows = connection.execute(select(SEATS.c.table_id, SEATS.c.seat, SEATS.c.name, SEATS.c.kind, SEATS.c.bot)
                              .where(SEATS.c.table_id.in_(ids)).order_by(SEATS.c.table_id, SEATS.c.seat)).all()
    found: dict[int, list[SeatRow]] = {}
    for row in rows:
        found.setdefault(row.table_id, []).append(SeatRow(row.seat, row.name, row.kind, row.bot))
    return {key: tuple(value) for key, value in found.items()}


def _aware(moment: datetime) -> datetime:
    """SQLite gives the time back without its zone: it was written in UTC."""
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)
