"""The lobby's tables in SQLAlchemy Core; the migrations in `migrations/` create exactly these (tested).

A digital table is its parameters (the players, which seats are bots, the rules, the seed) and its
moves, each the int of a decision (solver.game.encoding); its game is replayed from them. A
companion table is a state file's text. An uploaded deck is its deck file's text, under the
SHA-256 of that text (`decks`), which a digital table's parameters name; so is the deck of the
cards entered at the companion tables (`entered_cards`), frozen when a table is dealt from it. `version` counts the
moves; the primary key (table, seq) of `moves` makes a second writer of the same move lose cleanly.
"""

from __future__ import annotations

from sqlalchemy import (
    JSON,
    CheckConstraint,
    Column,
    DateTime,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    Text,
)

DIGITAL, COMPANION = "digital", "companion"
PLAYING, OVER = "playing", "over"
HUMAN, BOT = "human", "bot"

metadata = MetaData()

TABLES = Table(
    "tables", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("kind", String(16), nullable=False),
    Column("created", DateTime(timezone=True), nullable=False),
    Column("params", JSON, nullable=True),  # a digital table's parameters, the seed among them: never served
    Column("state", Text, nullable=True),  # a companion table's state file
    Column("version", Integer, nullable=False),
    Column("status", String(16), nullable=False),
    Column("next_table", Integer, nullable=True),  # "play again": the table the same seats went on to
    Column("previous_state", Text, nullable=True),  # a companion table's state file before its last change
    CheckConstraint("kind IN ('digital', 'companion')", name="tables_kind"),
    CheckConstraint("status IN ('playing', 'over')", name="tables_status"),
)

SEATS = Table(
    "seats", metadata,
    Column("table_id", Integer, ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("name", String(80), nullable=False),
    Column("kind", String(8), nullable=False),
    Column("bot", String(16), nullable=True),
    Column("token_hash", String(64), nullable=True),  # sha256 of the seat's join token; humans only
    CheckConstraint("kind IN ('human', 'bot')", name="seats_kind"),
)

MOVES = Table(
    "moves", metadata,
    Column("table_id", Integer, ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
    Column("seq", Integer, primary_key=True),
    Column("action", Integer, nullable=False),
    Column("seat", Integer, nullable=False),
    Column("at", DateTime(timezone=True), nullable=False),
)

DECKS = Table(
    "decks", metadata,
    Column("digest", String(64), primary_key=True),  # the SHA-256 of the text, hex
    Column("name", String(80), nullable=False, unique=True),
    Column("text", Text, nullable=False),  # the deck file as uploaded: public card texts, no pile order
    Column("created", DateTime(timezone=True), nullable=False),
    Column("origin", String(16), nullable=True),  # None: uploaded; "entered": frozen from ENTERED_CARDS
)

ENTERED_CARDS = Table(
    "entered_cards", metadata,
    Column("table_id", Integer, ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
    Column("number", Integer, primary_key=True),
    Column("entry", Text, nullable=False),  # the card as one deck file entry, JSON (solver.decks.entered)
    Column("provenance", String(16), nullable=False),
    Column("entered", DateTime(timezone=True), nullable=False),
)
