"""The card symbols as data: names, aliases, action-stone effect, trump-track role.

The reading shipped in data/scandaroon-symbols.yaml is documented in docs/scandaroon.md.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from solver.core.errors import BadInput, suggest
from solver.core.paths import data_file
from solver.core.yamlio import line_of
from solver.core.yamlio import load_yaml as load

# The four effects of the action stone (rulebook, "3. Play the Action Stone").
STONE_EFFECTS = ("scoring-pile", "exchange", "protect", "steal")
NO_TRUMP = "no trump"
DEFAULT_SYMBOLS = "scandaroon-symbols.yaml"


@dataclass(frozen=True)
class Symbol:
    name: str
    aliases: tuple[str, ...]
    trump_card: bool
    no_trump_follows: bool
    action_stone: str


@dataclass(frozen=True)
class SymbolSet:
    symbols: tuple[Symbol, ...]
    provenance: str = ""
    source: str = ""

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(s.name for s in self.symbols)

    @property
    def trump_cards(self) -> tuple[str, ...]:
        """The symbols that have a trump card (the trump pile)."""
        return tuple(s.name for s in self.symbols if s.trump_card)

    def get(self, name: str) -> Symbol:
        return self.symbols[self.index(name)]

    def index(self, name: str) -> int:
        for i, symbol in enumerate(self.symbols):
            if symbol.name == name:
                return i
        raise KeyError(name)

    def resolve(self, word: str) -> str | None:
        """The symbol called `word` (its name or an alias, any case), or None."""
        wanted = str(word).strip().lower()
        for symbol in self.symbols:
            if wanted == symbol.name.lower() or wanted in (a.lower() for a in symbol.aliases):
                return symbol.name
        return None

    def all_names(self) -> list[str]:
        return [n for s in self.symbols for n in (s.name, *s.aliases)]

    def stone_effects_of(self, card_symbols: tuple[str, ...]) -> tuple[str, ...]:
        """Action-stone effects a discarded card allows: one per symbol; all four for none."""
        if not card_symbols:
            return STONE_EFFECTS
        effects = [self.get(s).action_stone for s in card_symbols]
        return tuple(e for e in STONE_EFFECTS if e in effects)


def load_symbols(path: str | Path | None = None) -> SymbolSet:
    """Load and validate a symbols file (default: the bundled reading)."""
    path = Path(path) if path else data_file(DEFAULT_SYMBOLS)
    data = load(path)
    return parse_symbols(data, str(path))


def parse_symbols(data: object, file: str = "<symbols>") -> SymbolSet:
    """Validate a symbols file's raw YAML."""
    if not isinstance(data, dict) or not isinstance(data.get("symbols"), list):
        raise BadInput("a symbols file is a mapping with a 'symbols:' list", file, line_of(data))
    unknown = set(data) - {"symbols", "provenance"}
    if unknown:
        key = sorted(unknown)[0]
        raise BadInput(
            f"unknown key {key!r}; {suggest(key, ['symbols', 'provenance'])}", file, line_of(data, key)
        )
    fields = ("name", "aliases", "trump_card", "no_trump_follows", "action_stone")
    symbols: list[Symbol] = []
    seen: set[str] = set()
    for entry in data["symbols"]:
        line = line_of(entry)
        if not isinstance(entry, dict) or not isinstance(entry.get("name"), str):
            raise BadInput("each symbol is a mapping with a 'name:'", file, line)
        name = entry["name"].strip().lower()
        for key in entry:
            if key not in fields:
                raise BadInput(
                    f"symbol {name!r}: unknown key {key!r}; {suggest(key, fields)}",
                    file,
                    line_of(entry, key),
                )
        stone = entry.get("action_stone")
        if stone not in STONE_EFFECTS:
            raise BadInput(
                f"symbol {name!r}: action_stone {stone!r} is not an effect; "
                f"{suggest(stone, STONE_EFFECTS)}",
                file,
                line_of(entry, "action_stone"),
            )
        aliases = entry.get("aliases") or []
        if not isinstance(aliases, list):
            raise BadInput(f"symbol {name!r}: aliases is a list", file, line_of(entry, "aliases"))
        aliases = tuple(str(a).strip().lower() for a in aliases)
        for word in (name, *aliases):
            if word in seen or word == NO_TRUMP:
                raise BadInput(f"symbol name {word!r} is used twice", file, line)
            seen.add(word)
        symbols.append(
            Symbol(
                name=name,
                aliases=aliases,
                trump_card=bool(entry.get("trump_card", True)),
                no_trump_follows=bool(entry.get("no_trump_follows", False)),
                action_stone=stone,
            )
        )
    if not symbols:
        raise BadInput("a symbols file needs at least one symbol", file, line_of(data, "symbols"))
    if not any(s.trump_card for s in symbols):
        raise BadInput("at least one symbol needs a trump card (trump_card: true)", file)
    return SymbolSet(tuple(symbols), str(data.get("provenance", "")), file)
