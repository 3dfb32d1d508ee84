"""The four box puzzles (rulebook "Solo Game"): their cards after the erratum and official solutions.

Loaded from `data/box-puzzles.yaml` (provenance: printed). Also the facts the rulebook
gives about card 71, whose full text it does not print.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

from solver.core import names
from solver.core.cards import DelictClue, LocationClue
from solver.core.errors import BadInput
from solver.core.paths import data_file
from solver.core.yamlio import dump_yaml, load_yaml

BOX_FILE = data_file("box-puzzles.yaml")


@dataclass(frozen=True)
class BoxPuzzle:
    number: int
    cards: tuple[int, ...]
    solution: dict[str, str]  # location -> delict, the official entries (partial for 1-3)
    before_erratum: tuple[int, ...] = ()

    @property
    def title(self) -> str:
        return f"Box puzzle {self.number} (rulebook, solo game{', with erratum' if self.before_erratum else ''})"

    @property
    def complete(self) -> bool:
        return len(self.solution) == len(names.LOCATIONS)

    def to_yaml(self) -> str:
        """The puzzle file (puzzles/box-N.yaml): its cards by number and the official entries only."""
        return dump_yaml({"title": self.title, "cards": list(self.cards), "solution": dict(self.solution)})


@dataclass(frozen=True)
class PartialCard:
    """A card the rulebook quotes only in part: its location and some delicts on it or not on it."""

    number: int
    location: str
    includes: tuple[str, ...]
    excludes: tuple[str, ...]

    def violations(self, clue: object) -> list[str]:
        """How `clue` contradicts what is known of this card ([] when it fits)."""
        if not isinstance(clue, LocationClue):
            return [f"card {self.number} is a location card for {self.location}"]
        found = []
        if clue.location != self.location:
            found.append(f"card {self.number} names {self.location}, not {clue.location}")
        found += [f"card {self.number} names {d}" for d in self.includes if d not in clue.delicts]
        found += [f"card {self.number} does not name {d}" for d in self.excludes if d in clue.delicts]
        return found


@cache
def box_puzzles(path: str | None = None) -> tuple[BoxPuzzle, ...]:
    data = load_yaml(Path(path) if path else BOX_FILE)
    return tuple(_parse_puzzle(entry) for entry in data["puzzles"])


@cache
def partial_cards(path: str | None = None) -> dict[int, PartialCard]:
    data = load_yaml(Path(path) if path else BOX_FILE)
    found = {}
    for entry in data.get("partial_cards") or []:
        found[entry["number"]] = PartialCard(
            entry["number"], names.resolve("location", entry["location"]),
            tuple(names.resolve_all("delict", entry["includes"])),
            tuple(names.resolve_all("delict", entry["excludes"])),
        )
    return found


def _parse_puzzle(entry: dict) -> BoxPuzzle:
    solution = {names.resolve("location", loc): names.resolve("delict", what)
                for loc, what in entry["solution"].items()}
    if len(set(solution.values())) != len(solution):
        raise BadInput(f"box puzzle {entry['number']}: a delict is placed twice", str(BOX_FILE))
    return BoxPuzzle(entry["number"], tuple(entry["cards"]), solution, tuple(entry.get("before_erratum") or ()))


def pinned(puzzle: BoxPuzzle) -> list[DelictClue]:
    """The official entries as one-location delict clues (to pin them in a model)."""
    return [DelictClue(delict, (location,)) for location, delict in puzzle.solution.items()]
