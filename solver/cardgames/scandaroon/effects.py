"""The card vocabulary: lasting effects and one-use abilities, parsed from deck data.

Lasting effect (while the card is in play), on every *other* card that matches:

    effect: {kind: bonus, amount: 2, match: {symbol: moon}, scope: row}

  scope: row (the row the effect card lies in), others (every other row),
         all (every row), adjacent (the cards directly left and right of it).
  match: any of symbol (a name or a list, matches a card bearing one of them),
         min_value / max_value (nominal value bounds), end (true/false),
         anywhere (true/false); empty or missing matches every card.

One-use ability (used as a turn action, then the card goes to the discard pile):

    ability: {kind: remove, match: {max_value: 3}, scope: others}
    ability: {kind: strengthen, amount: 2, match: {}, scope: own}
    ability: {kind: swap, scope: rows}      # one of your cards <-> a card in another row
    ability: {kind: swap, scope: own}       # two cards of your own row change places
    ability: {kind: trump}                  # set the current trump to another symbol or no trump
    ability: {kind: draw, count: 2}         # draw cards from the draw pile

  remove/strengthen scope: own (your row), others (other players' rows), any.

Nominal-0 cards need no entry: by the rulebook their value is the number of cards in
play bearing their symbol (see values.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from solver.core.errors import BadInput, suggest
from solver.core.yamlio import line_of

if TYPE_CHECKING:
    from solver.cardgames.scandaroon.deck import Card
    from solver.cardgames.scandaroon.symbols import SymbolSet

EFFECT_KINDS = ("bonus",)
EFFECT_SCOPES = ("row", "others", "all", "adjacent")
ABILITY_KINDS = ("remove", "strengthen", "swap", "trump", "draw")
TARGET_SCOPES = ("own", "others", "any")
SWAP_SCOPES = ("own", "rows")
MATCH_KEYS = ("symbol", "min_value", "max_value", "end", "anywhere")


@dataclass(frozen=True)
class Match:
    """A condition on a card: all given parts must hold."""

    symbols: tuple[str, ...] | None = None
    min_value: int | None = None
    max_value: int | None = None
    end: bool | None = None
    anywhere: bool | None = None

    def accepts(self, card: Card) -> bool:
        if self.symbols is not None and not any(s in card.symbols for s in self.symbols):
            return False
        if self.min_value is not None and card.value < self.min_value:
            return False
        if self.max_value is not None and card.value > self.max_value:
            return False
        if self.end is not None and card.end != self.end:
            return False
        return not (self.anywhere is not None and card.anywhere != self.anywhere)

    def describe(self) -> str:
        parts = []
        if self.symbols is not None:
            parts.append("/".join(self.symbols))
        if self.min_value is not None and self.max_value is not None:
            parts.append(f"value {self.min_value}-{self.max_value}")
        elif self.min_value is not None:
            parts.append(f"value >= {self.min_value}")
        elif self.max_value is not None:
            parts.append(f"value <= {self.max_value}")
        if self.end is not None:
            parts.append("end" if self.end else "non-end")
        if self.anywhere is not None:
            parts.append("attach-anywhere" if self.anywhere else "own-row")
        return " ".join([*parts, "cards"]) if parts else "cards"

    def to_data(self) -> dict[str, object]:
        data: dict[str, object] = {}
        if self.symbols is not None:
            data["symbol"] = list(self.symbols)
        for key in ("min_value", "max_value", "end", "anywhere"):
            if getattr(self, key) is not None:
                data[key] = getattr(self, key)
        return data


@dataclass(frozen=True)
class Effect:
    """A lasting effect: `amount` extra points on each other matching card in `scope`."""

    amount: int
    match: Match
    scope: str
    kind: str = "bonus"

    def describe(self) -> str:
        where = {
            "row": "in this row",
            "others": "in every other row",
            "all": "in all rows",
            "adjacent": "next to it",
        }[self.scope]
        return f"{self.amount:+d} to other {self.match.describe()} {where}"

    def to_data(self) -> dict[str, object]:
        return {"kind": self.kind, "amount": self.amount, "match": self.match.to_data(),
                "scope": self.scope}


@dataclass(frozen=True)
class Ability:
    """A one-use ability; the card is discarded after use."""

    kind: str
    scope: str = "any"
    match: Match = Match()
    amount: int = 0
    count: int = 0

    def describe(self) -> str:
        rows = {"own": "your row", "others": "another player's row", "any": "any row"}
        if self.kind == "remove":
            return f"remove one {self.match.describe()[:-1]} from {rows[self.scope]}"
        if self.kind == "strengthen":
            return f"put {self.amount:+d} on one {self.match.describe()[:-1]} in {rows[self.scope]}"
        if self.kind == "swap":
            if self.scope == "own":
                return "swap two cards of your row"
            return "swap a card of your row with a card of another row"
        if self.kind == "trump":
            return "change the current trump (another symbol or no trump)"
        return f"draw {self.count} card{'s' if self.count != 1 else ''}"

    def to_data(self) -> dict[str, object]:
        data: dict[str, object] = {"kind": self.kind}
        if self.kind in ("remove", "strengthen"):
            data["match"] = self.match.to_data()
            data["scope"] = self.scope
        if self.kind == "strengthen":
            data["amount"] = self.amount
        if self.kind == "swap":
            data["scope"] = self.scope
        if self.kind == "draw":
            data["count"] = self.count
        return data


# -- parsing ---------------------------------------------------------------------------


class _Where:
    """Where in the file we are, to locate errors: file, card name, line."""

    def __init__(self, file: str, card: str, line: int | None) -> None:
        self.file, self.card, self.line = file, card, line

    def fail(self, message: str, container: object = None, key: object = None) -> BadInput:
        line = line_of(container, key) if container is not None else None
        return BadInput(f"card {self.card!r}: {message}", self.file, line or self.line)


def _int(where: _Where, data: dict[str, Any], key: str, default: int | None = None) -> int | None:
    value = data.get(key, default)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise where.fail(f"{key} must be a whole number, not {value!r}", data, key)
    return value


def _keys(where: _Where, data: object, allowed: tuple[str, ...], what: str) -> dict[str, Any]:
    """`data` (raw YAML), checked to be a mapping with only `allowed` keys."""
    if not isinstance(data, dict):
        raise where.fail(f"{what} must be a mapping like {{kind: ...}}, not {data!r}")
    for key in data:
        if key not in allowed:
            raise where.fail(f"unknown key {key!r} in {what}; {suggest(key, allowed)}", data, key)
    return data


def parse_match(data: object, where: _Where, symbols: SymbolSet) -> Match:
    if data is None:
        return Match()
    data = _keys(where, data, MATCH_KEYS, "match")
    names: tuple[str, ...] | None = None
    if "symbol" in data:
        raw = data["symbol"]
        raw = raw if isinstance(raw, list) else [raw]
        resolved = []
        for word in raw:
            name = symbols.resolve(word)
            if name is None:
                raise where.fail(
                    f"unknown symbol {word!r} in match; {suggest(word, symbols.all_names())}",
                    data, "symbol")
            resolved.append(name)
        names = tuple(resolved)
    for key in ("end", "anywhere"):
        if key in data and not isinstance(data[key], bool):
            raise where.fail(f"{key} must be true or false", data, key)
    return Match(names, _int(where, data, "min_value"), _int(where, data, "max_value"),
                 data.get("end"), data.get("anywhere"))


def parse_effect(data: object, where: _Where, symbols: SymbolSet) -> Effect:
    data = _keys(where, data, ("kind", "amount", "match", "scope"), "effect")
    kind = data.get("kind", "bonus")
    if kind not in EFFECT_KINDS:
        raise where.fail(f"unknown effect kind {kind!r}; {suggest(kind, EFFECT_KINDS)}", data, "kind")
    amount = _int(where, data, "amount")
    if amount is None:
        raise where.fail("a bonus effect needs amount: N (may be negative)", data)
    scope = data.get("scope", "row")
    if scope not in EFFECT_SCOPES:
        raise where.fail(f"unknown effect scope {scope!r}; {suggest(scope, EFFECT_SCOPES)}",
                         data, "scope")
    return Effect(amount, parse_match(data.get("match"), where, symbols), scope, kind)


def parse_ability(data: object, where: _Where, symbols: SymbolSet) -> Ability:
    data = _keys(where, data, ("kind", "amount", "count", "match", "scope"), "ability")
    kind = data.get("kind")
    if kind not in ABILITY_KINDS:
        raise where.fail(f"unknown ability kind {kind!r}; {suggest(kind, ABILITY_KINDS)}",
                         data, "kind")
    allowed = {
        "remove": ("kind", "match", "scope"),
        "strengthen": ("kind", "amount", "match", "scope"),
        "swap": ("kind", "scope"),
        "trump": ("kind",),
        "draw": ("kind", "count"),
    }[kind]
    _keys(where, data, allowed, f"a {kind} ability")
    if kind in ("remove", "strengthen"):
        scope = data.get("scope", "any")
        if scope not in TARGET_SCOPES:
            raise where.fail(f"unknown {kind} scope {scope!r}; {suggest(scope, TARGET_SCOPES)}",
                             data, "scope")
        amount = _int(where, data, "amount", 0) or 0
        if kind == "strengthen" and amount <= 0:
            raise where.fail("strengthen needs amount: N with N > 0", data)
        return Ability(kind, scope, parse_match(data.get("match"), where, symbols), amount=amount)
    if kind == "swap":
        scope = data.get("scope", "rows")
        if scope not in SWAP_SCOPES:
            raise where.fail(f"unknown swap scope {scope!r}; {suggest(scope, SWAP_SCOPES)}",
                             data, "scope")
        return Ability(kind, scope)
    if kind == "draw":
        count = _int(where, data, "count", 1)
        if count is None or count <= 0:
            raise where.fail("draw needs count: N with N > 0", data, "count")
        return Ability(kind, count=count)
    return Ability(kind)


# -- interpreting lasting effects ----------------------------------------------------------


def effect_reaches(effect: Effect, source_row: int, source_pos: int, row: int, pos: int) -> bool:
    """Whether an effect card at (source_row, source_pos) reaches the card at (row, pos)."""
    if source_row == row and source_pos == pos:
        return False  # effects act on the *other* cards in play
    if effect.scope == "all":
        return True
    if effect.scope == "row":
        return row == source_row
    if effect.scope == "others":
        return row != source_row
    return row == source_row and abs(pos - source_pos) == 1  # adjacent
