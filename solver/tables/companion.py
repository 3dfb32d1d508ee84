"""A companion table of the lobby as the table API's store: its state file is the table's row.

The same reads and changes as a state file (`solver.table.store.StateFile`), so that the table
API's routes serve both: a read is the row's state and version; a change is one transaction that
moves the row from the version it was decided on to the next (`UPDATE ... WHERE version = n`), so a
change decided on an old version is refused (BoardChanged, with the board as it is now), never
applied twice and never lost. The row keeps the state before its last change as well: what an undo
writes back byte for byte and a redo plays again (a state file keeps it as PATH.prev).

The cards the table entered from the cards in hand are its rows of `entered_cards`, laid over the
server's deck for its checks (a state file keeps them in GAME.cards.yaml); an entry is one
transaction that bumps the table's version too, so that its other devices read the board again.

A change is told as a digital table's move is (`solver.tables.changes`): on PostgreSQL by a NOTIFY
in its own transaction, on SQLite to this process's listeners once it committed.
"""

from __future__ import annotations

import functools
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from typing import TYPE_CHECKING

from sqlalchemy import delete, insert, select, update

from solver.core.deck import Deck
from solver.core.errors import BadInput
from solver.decks.entered import Entry, entries_deck, entry_text, layered
from solver.table.redo import redo_from
from solver.table.state import GameState, Move, parse_state
from solver.table.store import BoardChanged, Snapshot
from solver.tables.changes import notify_statement
from solver.tables.errors import NoSuchTable
from solver.tables.schema import COMPANION, ENTERED_CARDS, OVER, PLAYING, TABLES

if TYPE_CHECKING:
    from solver.tables.service import Lobby

_KEPT = 64  # parsed boards kept, by (table, version): every page reads the same one after a change
_parsed: OrderedDict[tuple[int, int], tuple[str, Snapshot]] = OrderedDict()  # (table, version) -> text, board
_parsed_lock = threading.Lock()


class CompanionStore:
    """The board of companion table `table_id`: read it, or change it in one checked transaction."""

    def __init__(self, lobby: Lobby, table_id: int) -> None:
        self.lobby = lobby
        self.table_id = table_id
        self.changed: Snapshot | None = None  # after `change`: the board it left, with its version
        self._previous: str | None = None  # within `change`: the row's board before its last change

    def last_read(self) -> Snapshot | None:
        """Always read: the row's version is one query, and another process may have changed it."""
        return None

    def read(self) -> Snapshot:
        with self.lobby.engine.connect() as connection:
            row = connection.execute(select(TABLES.c.kind, TABLES.c.state, TABLES.c.version)
                                     .where(TABLES.c.id == self.table_id)).first()
        if row is None:
            raise NoSuchTable(f"there is no table {self.table_id}")
        self._companion(row.kind)
        return self._snapshot(str(row.state), int(row.version))

    def _companion(self, kind: str) -> None:
        if kind != COMPANION:
            raise BadInput(f"table {self.table_id} is a digital table: its moves go to "
                           f"/api/tables/{self.table_id}/actions")

    def _snapshot(self, text: str, version: int) -> Snapshot:
        """The board of this text at this version, parsed once (shared: read it, do not change it); kept
        with its text, so that another database's table of the same number is never taken for it."""
        key = (self.table_id, version)
        with _parsed_lock:
            found = _parsed.get(key)
        if found is not None and found[0] == text:
            return found[1]
        snapshot = Snapshot(parse_state(text, f"table {self.table_id}"), str(version))
        with _parsed_lock:
            _parsed[key] = (text, snapshot)
            while len(_parsed) > _KEPT:
                _parsed.popitem(last=False)
        return snapshot

    @contextmanager
    def change(self, expected_version: str | None = None, reuse_previous: bool = False) -> Iterator[GameState]:
        """Yield the board to change in place; written, as the next version, when the block ends without
        error and the board differs. BoardChanged when the row is no longer at `expected_version`
        (when given) or another writer changed it meanwhile. `reuse_previous`: an undo, which writes
        the board before the last change back when it is this very board."""
        with self.lobby.locked(self.table_id), self.lobby.engine.begin() as connection:
            row = connection.execute(select(TABLES.c.kind, TABLES.c.state, TABLES.c.previous_state,
                                            TABLES.c.version).where(TABLES.c.id == self.table_id)).first()
            if row is None:
                raise NoSuchTable(f"there is no table {self.table_id}")
            self._companion(row.kind)
            text, version = str(row.state), int(row.version)
            if expected_version is not None and expected_version != str(version):
                raise BoardChanged(self._snapshot(text, version))
            state = parse_state(text, f"table {self.table_id}")
            before = state.to_dict()
            self._previous = row.previous_state
            yield state
            self.changed = self._snapshot(text, version)
            if state.to_dict() == before:
                return  # nothing changed, nothing written
            new_text = state.to_yaml()
            previous = row.previous_state
            if reuse_previous and previous is not None and previous != new_text:
                try:
                    if parse_state(previous, "the previous board").to_dict() == state.to_dict():
                        new_text = previous
                except BadInput:
                    pass  # an unreadable previous board is simply not reused
            moved = connection.execute(
                update(TABLES).where(TABLES.c.id == self.table_id, TABLES.c.version == version)
                .values(state=new_text, previous_state=text, version=version + 1,
                        status=OVER if state.finished is not None else PLAYING))
            if moved.rowcount != 1:
                raise BoardChanged(self.read())
            if self.lobby.notifies:
                connection.execute(notify_statement(self.table_id, version + 1))  # sent only if this commits
            self.changed = Snapshot(state, str(version + 1))
        if self.changed.version != str(version) and not self.lobby.notifies:
            self.lobby.changes.moved(self.table_id, version + 1)

    def redo(self, state: GameState) -> Move:
        """Within `change(..., reuse_previous=True)`: play the move the last undo took back again."""
        return redo_from(state, self._previous)

    # ----- the cards entered at this table ------------------------------------------------------

    def deck(self, base: Deck) -> Deck:
        """`base` with the cards this table entered laid over it."""
        with self.lobby.engine.connect() as connection:
            texts = tuple(connection.execute(select(ENTERED_CARDS.c.entry)
                                             .where(ENTERED_CARDS.c.table_id == self.table_id)
                                             .order_by(ENTERED_CARDS.c.number)).scalars())
        if not texts:
            return base
        return layered(base, _overlay(texts, self.table_id),
                       f"{base.source} with the cards entered at table {self.table_id}")

    def enter(self, check: Callable[[Deck], Entry], base: Deck) -> Entry:
        """Check an entry against this table's deck (`check`: BadInput refuses it, nothing saved), then
        keep it, replacing the table's earlier entry of that card, as one transaction that moves the
        table to its next version (the board is the same: its pages read it, and the card, again)."""
        with self.lobby.locked(self.table_id):
            self.read()  # no such table, or a digital one: refused before the check
            entry = check(self.deck(base))
            card = entry.card
            with self.lobby.engine.begin() as connection:
                connection.execute(delete(ENTERED_CARDS).where(ENTERED_CARDS.c.table_id == self.table_id,
                                                               ENTERED_CARDS.c.number == card.number))
                connection.execute(insert(ENTERED_CARDS).values(
                    table_id=self.table_id, number=card.number, entry=entry_text(card),
                    provenance=card.provenance or "entered", entered=datetime.now(UTC)))
                connection.execute(update(TABLES).where(TABLES.c.id == self.table_id)
                                   .values(version=TABLES.c.version + 1))
                version = int(connection.execute(select(TABLES.c.version)
                                                 .where(TABLES.c.id == self.table_id)).scalar_one())
                if self.lobby.notifies:
                    connection.execute(notify_statement(self.table_id, version))
        if not self.lobby.notifies:
            self.lobby.changes.moved(self.table_id, version)
        return entry


@functools.lru_cache(maxsize=64)
def _overlay(texts: tuple[str, ...], table_id: int) -> Deck:
    return entries_deck(texts, f"the cards entered at table {table_id}")
