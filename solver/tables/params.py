"""A digital table's parameters: its seats in turn order (a name each, and the bot that plays it or
none for a person), the rule parameters of `solver.game.game.Rules`, the seed of its shuffles and
bots, and the bound on its turns. Stored as JSON on the table's row; the seed never leaves it."""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any

from solver.core.board import Board, load_board
from solver.core.deck import Deck, load_deck
from solver.core.errors import BadInput
from solver.game.bots import BOTS, MAX_TURNS
from solver.game.game import Game, Rules
from solver.table.state import Variant

CREATE_KEYS = {"seats", "variant", "alternative_piles", "first_draws_abc"}
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

    @property
    def players(self) -> list[str]:
        return [seat.name for seat in self.seats]

    def game(self) -> Game:
        """The game these parameters deal (BadInput for bad names or counts)."""
        return Game(self.players, self.rules, *_bundled())

    def to_json(self) -> dict[str, Any]:
        return {"seats": [{"name": s.name, "bot": s.bot} for s in self.seats],
                "variant": self.rules.variant.to_dict(), "alternative_piles": self.rules.alternative_piles,
                "first_draws_abc": self.rules.first_draws_abc, "seed": self.seed, "max_turns": self.max_turns}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> TableParams:
        rules = Rules(Variant.from_dict(data["variant"]), bool(data["alternative_piles"]),
                      bool(data["first_draws_abc"]))
        seats = tuple(SeatSpec(str(s["name"]), s["bot"]) for s in data["seats"])
        return cls(seats, rules, int(data["seed"]), int(data["max_turns"]))


def params_from_request(data: dict[str, Any], seed: int) -> TableParams:
    """A new table's parameters from a request, `{"seats": [{"name": "Anna"}, {"name": "Ben", "bot":
    "greedy"}], "variant": {...}, "alternative_piles": false, "first_draws_abc": false}`; BadInput,
    one line, for anything else. The seed is the server's, never the request's."""
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
    params = TableParams(seats, rules, seed)
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


def _flag(data: dict[str, Any], key: str) -> bool:
    value = data.get(key, False)
    if not isinstance(value, bool):
        raise BadInput(f"{key} is true or false, not {str(value)[:30]!r}")
    return value


@functools.cache
def _bundled() -> tuple[Deck, Board]:
    """The bundled deck and board, read once for every table."""
    return load_deck(), load_board()
