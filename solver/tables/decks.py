"""The decks this server's tables are dealt from: the bundled one, and the decks hosts uploaded.

An uploaded deck is kept whole, as the text of its deck file (the format `schinderhannes deck
verify` checks, docs/deck.md), in the `decks` table under the SHA-256 of that text; a table's
parameters name it by that digest, so its game is replayed from the very cards it was dealt. A
name, once given, stays its deck's; the same text uploaded again is the same deck. A deck's card
texts are public (every seat may read every card); a table's pile order is not in them.
"""

from __future__ import annotations

import functools
import hashlib
import unicodedata
from dataclasses import dataclass

from solver.core.deck import Deck, parse_deck
from solver.core.errors import BadInput

BUNDLED = "bundled"  # the name of the bundled deck, the default
ENTERED = "entered"  # the bundled deck with the cards the companion tables entered (solver.tables.service)
MAX_DECK_NAME = 40
MAX_DECK_FILE = 64 * 1024  # characters of a deck file (the bundled one has about 12 000)


@dataclass(frozen=True)
class TableDeck:
    """An uploaded deck: the name the lobby offers it by, the SHA-256 of its text, the text."""

    name: str
    digest: str
    text: str

    @property
    def deck(self) -> Deck:
        """The cards (read once per text)."""
        return _parsed(self.text, self.name)


def deck_digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def deck_name(raw: object) -> str:
    """A new deck's name, checked: 1 to 40 characters of text, not the bundled deck's."""
    if not isinstance(raw, str) or not raw.strip():
        raise BadInput("a deck is uploaded with its name, e.g. POST /api/tables/decks?name=my-cards")
    name = " ".join(raw.split())
    if len(name) > MAX_DECK_NAME:
        raise BadInput(f"a deck's name has at most {MAX_DECK_NAME} characters")
    if any(unicodedata.category(char) in ("Cc", "Cs") for char in name):
        raise BadInput("a deck's name holds a control character; give it a name of plain text")
    if name.lower() == BUNDLED:
        raise BadInput(f"{BUNDLED!r} is the bundled deck's name; give your deck another")
    if name.lower().split(" ")[0] == ENTERED:
        raise BadInput(f"{ENTERED!r} names the cards this server's tables entered; give your deck another name")
    return name


@functools.lru_cache(maxsize=32)
def _parsed(text: str, name: str) -> Deck:
    return parse_deck(text, name)


def check_size(text: str, name: str) -> None:
    if len(text) > MAX_DECK_FILE:
        raise BadInput(f"the deck file has more than {MAX_DECK_FILE // 1024} KB", name)
    if not text.strip():
        raise BadInput("the deck file is empty: send the YAML text of a deck file (`cards:`)", name)
