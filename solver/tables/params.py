"""A digital table's parameters: its seats in turn order (a name each, and the bot that plays it or
none for a person), the rule parameters of `solver.game.game.Rules`, the deck it is dealt from (the bundled one, or an
uploaded deck, `solver.tables.decks`, named in the JSON by its digest), the seed of its shuffles and
bots, and the bound on its turns. Stored as JSON on the table's row; the seed never leaves it."""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from solver.core.board import Board, load_board
from solver.core.deck import Deck, load_deck
from solver.core.errors import BadInput, did_you_mean
from solver.game.bots import BOTS, MAX_TURNS
from solver.game.game import Game, Rules
from solver.table.state import Variant
from solver.tables.decks import BUNDLED, TableDeck

CREATE_KEYS = {"seats", "variant", "alternative_piles", "first_draws_abc", "deck"}
SEAT_KEYS = {"name", "bot"}
MAX_NAME = 40


@dataclass(frozen=True)
class SeatSpec:
    """One seat: who sits there, and the bot that plays it (None: a person, who joins by a token)."""

    name: str
    bot: str | None = None

    @property
    def kind(self) -> str:
        return "bot" if self.bot else "human"


@dataclass(frozen=True)
class TableParams:
    seats: tuple[SeatSpec, ...]
    rules: Rules
    seed: int
    max_turns: int = MAX_TURNS
    deck: TableDeck | None = None  # None: the bundled deck

    @property
    def deck_name(self) -> str:
        return self.deck.name if self.deck is not None else BUNDLED

    @property
    def players(self) -> list[str]:
        return [seat.name for seat in self.seats]

    def game(self) -> Game:
        """The game these parameters deal (BadInput for bad names or counts)."""
        deck, board = _bundled()
        return Game(self.players, self.rules, self.deck.deck if self.deck is not None else deck, board)

    def to_json(self) -> dict[str, Any]:
        return {"seats": [{"name": s.name, "bot": s.bot} for s in self.seats],
                "variant": self.rules.variant.to_dict(), "alternative_piles": self.rules.alternative_piles,
                "first_draws_abc": self.rules.first_draws_abc, "seed": self.seed, "max_turns": self.max_turns,
                **({"deck": self.deck.digest} if self.deck is not None else {})}

    @classmethod
    def from_json(cls, data: dict[str, Any], decks: Callable[[str], TableDeck] | None = None) -> TableParams:
        """The parameters of `to_json`; `decks` finds an uploaded deck by its digest."""
        digest = data.get("deck")
        deck = None
        if digest is not None:
            if decks is None:
                raise BadInput("this table is dealt from an uploaded deck, and no deck store was given")
            deck = decks(str(digest))
        rules = Rules(Variant.from_dict(data["variant"]), bool(data["alternative_piles"]),
                      bool(data["first_draws_abc"]))
        seats = tuple(SeatSpec(str(s["name"]), s["bot"]) for s in data["seats"])
        return cls(seats, rules, int(data["seed"]), int(data["max_turns"]), deck)


def params_from_request(data: dict[str, Any], seed: int,
                        decks: Callable[[str], TableDeck | None] | None = None,
                        deck_names: Callable[[], list[str]] | None = None) -> TableParams:
    """A new table's parameters from a request, `{"seats": [{"name": "Anna"}, {"name": "Ben", "bot":
    "greedy"}], "variant": {...}, "alternative_piles": false, "first_draws_abc": false, "deck":
    "bundled"}`; BadInput, one line, for anything else. `decks` finds an uploaded deck by its name
    (None: no such deck), `deck_names` lists them for the message. The seed is the server's, never
    the request's."""
    unknown = sorted(set(data) - CREATE_KEYS)
    if unknown:
        raise BadInput(f"unknown key {unknown[0]!r}; a new table takes {', '.join(sorted(CREATE_KEYS))}")
    raw_seats = data.get("seats")
    if not isinstance(raw_seats, list) or not raw_seats:
        raise BadInput('seats is a list of seats in turn order, e.g. [{"name": "Anna"}, {"name": "Ben", '
                       '"bot": "greedy"}]')
    seats = tuple(_seat(raw, index) for index, raw in enumerate(raw_seats))
    if all(seat.bot for seat in seats):
        raise BadInput("a table needs at least one seat for a person (a seat without a bot)")
    variant = data.get("variant", {})
    if not isinstance(variant, dict):
        raise BadInput('variant is an object of rule parameters, e.g. {"last_delict_points": 1}')
    rules = Rules(Variant.from_dict(variant), _flag(data, "alternative_piles"), _flag(data, "first_draws_abc"))
    deck = _deck(data.get("deck", BUNDLED), decks, deck_names)
    params = TableParams(seats, rules, seed, deck=deck)
    params.game()  # bad names, a bad count of players, the variant's two players: bad input now
    return params


def _seat(raw: object, index: int) -> SeatSpec:
    if not isinstance(raw, dict) or not isinstance(raw.get("name"), str):
        raise BadInput(f'seat {index} is an object with a name, e.g. {{"name": "Anna"}} or '
                       f'{{"name": "Ben", "bot": "greedy"}}')
    unknown = sorted(set(raw) - SEAT_KEYS)
    if unknown:
        raise BadInput(f"seat {index}: unknown key {unknown[0]!r}; a seat takes name and bot")
    name, bot = raw["name"].strip(), raw.get("bot")
    if len(name) > MAX_NAME:
        raise BadInput(f"seat {index}: a name has at most {MAX_NAME} characters")
    if bot is not None and bot not in BOTS:
        raise BadInput(f"seat {index}: no bot {str(bot)[:30]!r}; the bots are {', '.join(sorted(BOTS))} "
                       "(or none, for a person)")
    return SeatSpec(name, bot)


def _deck(raw: object, decks: Callable[[str], TableDeck | None] | None,
          deck_names: Callable[[], list[str]] | None) -> TableDeck | None:
    """The deck a request names: None for the bundled one; BadInput naming the nearest decks."""
    if not isinstance(raw, str):
        raise BadInput(f'deck is the name of a deck (the options\' decks), e.g. "{BUNDLED}"')
    if raw == BUNDLED:
        return None
    found = decks(raw) if decks is not None else None
    if found is not None:
        return found
    names = [BUNDLED, *(deck_names() if deck_names is not None else [])]
    hint = did_you_mean(raw, names) or "the decks are " + ", ".join(repr(name) for name in names)
    raise BadInput(f"no deck {raw[:40]!r}; {hint}")


def _flag(data: dict[str, Any], key: str) -> bool:
    value = data.get(key, False)
    if not isinstance(value, bool):
        raise BadInput(f"{key} is true or false, not {str(value)[:30]!r}")
    return value


@functools.cache
def _bundled() -> tuple[Deck, Board]:
    """The bundled deck and board, read once for every table."""
    return load_deck(), load_board()
