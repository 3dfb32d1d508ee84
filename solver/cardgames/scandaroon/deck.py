"""The deck as data: load data/scandaroon-deck.yaml (or a user's file), validate it.

Every error is a BadInput naming the file, the line, the card and the nearest valid
names. See docs/scandaroon.md for the file format and how to enter the real deck.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from solver.cardgames.scandaroon.effects import Ability, Effect, _Where, parse_ability, parse_effect
from solver.cardgames.scandaroon.symbols import SymbolSet, load_symbols, parse_symbols
from solver.core.errors import BadInput, suggest
from solver.core.paths import data_file
from solver.core.yamlio import line_of
from solver.core.yamlio import load_yaml as load

DEFAULT_DECK = "scandaroon-deck.yaml"
RULEBOOK_DECK_SIZE = 51  # "Deck of 51 cards"
CARD_KEYS = ("name", "value", "symbols", "end", "anywhere", "effect", "ability", "copies",
             "provenance", "note")
TOP_KEYS = ("title", "provenance", "notes", "symbols", "cards")


@dataclass(frozen=True)
class Card:
    id: int
    name: str
    value: int  # the nominal value
    symbols: tuple[str, ...]
    end: bool = False
    anywhere: bool = False
    effect: Effect | None = None
    ability: Ability | None = None
    provenance: str = ""

    def describe(self) -> str:
        """One line, as on a player aid."""
        flags = []
        if self.end:
            flags.append("END")
        if self.anywhere:
            flags.append("attach anywhere")
        symbols = "+".join(self.symbols) if self.symbols else "no symbol"
        text = f"{self.name} [{self.value} {symbols}]"
        if flags:
            text += " (" + ", ".join(flags) + ")"
        if self.value == 0:
            text += f" worth the number of {'/'.join(self.symbols)} cards in play"
        if self.effect:
            text += f": {self.effect.describe()}"
        if self.ability:
            text += f": ability - {self.ability.describe()}"
        return text

    def to_data(self) -> dict[str, object]:
        data: dict[str, object] = {"id": self.id, "name": self.name, "value": self.value,
                      "symbols": list(self.symbols), "end": self.end, "anywhere": self.anywhere}
        if self.effect:
            data["effect"] = self.effect.to_data()
        if self.ability:
            data["ability"] = self.ability.to_data()
        data["provenance"] = self.provenance
        return data


@dataclass(frozen=True)
class Deck:
    cards: tuple[Card, ...]
    symbols: SymbolSet
    provenance: str = ""
    title: str = ""
    source: str = ""

    def __len__(self) -> int:
        return len(self.cards)

    def __getitem__(self, card_id: int) -> Card:
        return self.cards[card_id]

    def by_name(self, name: str) -> Card:
        wanted = name.strip().lower()
        for card in self.cards:
            if card.name.lower() == wanted:
                return card
        raise BadInput(f"no card called {name!r}; {suggest(name, [c.name for c in self.cards])}")

    def to_data(self) -> dict[str, object]:
        return {"title": self.title, "provenance": self.provenance, "source": self.source,
                "symbols": list(self.symbols.names), "cards": [c.to_data() for c in self.cards]}


def load_deck(path: str | Path | None = None, symbols_path: str | Path | None = None,
              rulebook_checks: bool = True) -> Deck:
    """Load a deck file (default: the bundled reconstructed deck) and validate it."""
    path = Path(path) if path else data_file(DEFAULT_DECK)
    data = load(path)
    symbols = None
    if isinstance(data, dict) and isinstance(data.get("symbols"), list):
        symbols = parse_symbols({"symbols": data["symbols"]}, str(path))
    elif isinstance(data, dict) and isinstance(data.get("symbols"), str) and not symbols_path:
        symbols = load_symbols(path.parent / data["symbols"])
    if symbols is None:
        symbols = load_symbols(symbols_path)
    return parse_deck(data, symbols, str(path), rulebook_checks)


def parse_deck(data: object, symbols: SymbolSet, file: str = "<deck>", rulebook_checks: bool = True) -> Deck:
    """Validate a deck file's raw YAML against `symbols`."""
    if not isinstance(data, dict) or not isinstance(data.get("cards"), list):
        raise BadInput("a deck file is a mapping with a 'cards:' list", file, line_of(data))
    for key in data:
        if key not in TOP_KEYS:
            raise BadInput(f"unknown key {key!r}; {suggest(key, TOP_KEYS)}", file, line_of(data, key))
    cards: list[Card] = []
    names: set[str] = set()
    for number, entry in enumerate(data["cards"], start=1):
        for card in _parse_card(entry, number, symbols, file, len(cards)):
            if card.name.lower() in names:
                raise BadInput(f"card {card.name!r}: the name is used twice; names must be unique",
                               file, line_of(entry))
            names.add(card.name.lower())
            cards.append(card)
    deck = Deck(tuple(cards), symbols, str(data.get("provenance", "")), str(data.get("title", "")),
                file)
    if rulebook_checks:
        check_rulebook(deck, file, line_of(data, "cards"))
    return deck


def check_rulebook(deck: Deck, file: str = "<deck>", line: int | None = None) -> None:
    """What the rulebook itself says about the deck."""
    if len(deck) != RULEBOOK_DECK_SIZE:
        raise BadInput(f"the deck has {len(deck)} cards; the rulebook's deck has "
                       f"{RULEBOOK_DECK_SIZE} (use copies: N for repeated cards)", file, line)
    blank = [c.name for c in deck.cards if not c.symbols]
    if len(blank) != 1:
        raise BadInput(f"{len(blank)} cards without a symbol ({', '.join(blank) or 'none'}); the "
                       "rulebook says there is exactly one", file, line)


def _parse_card(entry: object, number: int, symbols: SymbolSet, file: str, next_id: int) -> list[Card]:
    line = line_of(entry)
    if not isinstance(entry, dict):
        raise BadInput(f"card {number}: each card is a mapping with name, value, symbols", file, line)
    name = entry.get("name")
    if not isinstance(name, str) or not name.strip():
        raise BadInput(f"card {number}: needs a name", file, line)
    name = name.strip()
    where = _Where(file, name, line)
    for key in entry:
        if key not in CARD_KEYS:
            raise where.fail(f"unknown key {key!r}; {suggest(key, CARD_KEYS)}", entry, key)
    value = entry.get("value")
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise where.fail(f"value must be a whole number >= 0 (the nominal value), not {value!r}",
                         entry, "value")
    raw = entry.get("symbols", [])
    raw = [] if raw is None else raw if isinstance(raw, list) else [raw]
    card_symbols = []
    for word in raw:
        symbol = symbols.resolve(word)
        if symbol is None:
            raise where.fail(f"unknown symbol {word!r}; {suggest(word, symbols.all_names())}",
                             entry, "symbols")
        if symbol in card_symbols:
            raise where.fail(f"symbol {symbol!r} is listed twice", entry, "symbols")
        card_symbols.append(symbol)
    if len(card_symbols) > 2:
        raise where.fail("a card shows at most two symbols", entry, "symbols")
    if value == 0 and not card_symbols:
        raise where.fail("a nominal-0 card is worth the count of its symbol, so it needs a symbol",
                         entry, "value")
    for key in ("end", "anywhere"):
        if key in entry and not isinstance(entry[key], bool):
            raise where.fail(f"{key} must be true or false", entry, key)
    if "effect" in entry and "ability" in entry:
        raise where.fail("a card has a lasting effect or an ability, not both", entry, "ability")
    effect = parse_effect(entry["effect"], where, symbols) if entry.get("effect") else None
    ability = parse_ability(entry["ability"], where, symbols) if entry.get("ability") else None
    copies = entry.get("copies", 1)
    if isinstance(copies, bool) or not isinstance(copies, int) or copies < 1:
        raise where.fail(f"copies must be a whole number >= 1, not {copies!r}", entry, "copies")
    provenance = str(entry.get("provenance", ""))
    return [
        Card(next_id + i, name if copies == 1 else f"{name} {i + 1}", value, tuple(card_symbols),
             bool(entry.get("end", False)), bool(entry.get("anywhere", False)), effect, ability,
             provenance)
        for i in range(copies)
    ]
