"""Solo puzzle files: cards by number and clues written out, with an optional solution."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from solver.core import names
from solver.core.cards import Clue, parse_clue
from solver.core.deck import Deck, load_deck
from solver.core.errors import BadInput, control_character
from solver.core.yamlio import FlowMap, dump_yaml, line_of, load_yaml, parse_yaml

TOP_LEVEL_KEYS = ("title", "cards", "clues", "solution", "difficulty", "seed", "notes")


@dataclass(frozen=True)
class PuzzleClue:
    """One clue of a puzzle, with the label a person knows it by ("card 11" or "clue 3")."""

    label: str
    clue: Clue
    card: int | None = None


@dataclass
class Puzzle:
    clues: list[PuzzleClue]
    solution: dict[str, str] = field(default_factory=dict)  # location -> delict, partial
    title: str | None = None
    source: str = "puzzle"
    extra: dict[str, object] = field(default_factory=dict)

    def to_yaml(self) -> str:
        data: dict[str, object] = {}
        if self.title:
            data["title"] = self.title
        data.update(self.extra)
        cards = [entry.card for entry in self.clues if entry.card is not None]
        if cards:
            data["cards"] = cards
        written = [FlowMap(entry.clue.to_dict()) for entry in self.clues if entry.card is None]
        if written:
            data["clues"] = written
        if self.solution:
            data["solution"] = dict(self.solution)
        return dump_yaml(data)


def load_puzzle(path: str | Path, deck: Deck | None = None) -> Puzzle:
    """A puzzle file, or a bundled puzzle by name (`box-4`, `Tutorial_1`): see `puzzle_path`."""
    path = puzzle_path(path)
    return _puzzle(load_yaml(path), str(path), deck)


# The order of the bundled puzzles: tutorials first, then by difficulty, the box's puzzles last.
SERIES = ("tutorial", "easy", "medium", "hard", "expert", "box")


def bundled_puzzles() -> dict[str, Path]:
    """name -> file of every bundled puzzle, in SERIES order and by number within a series."""
    from solver.core.paths import PUZZLES_DIR

    found = {path.stem: path for path in PUZZLES_DIR.glob("*.yaml")}
    return {name: found[name] for name in sorted(found, key=series_order)}


def series_order(name: str) -> tuple[int, str, int]:
    series, _, number = name.rpartition("-")
    known = SERIES.index(series) if series in SERIES else len(SERIES)
    return (known, series, int(number) if number.isdigit() else 0)


def _name_key(text: str) -> str:
    """Names compare without case, separators or a .yaml ending: `Box_4`, `box 4`, `box4.yaml` are box-4."""
    text = str(text).strip()
    for ending in (".yaml", ".yml"):
        if text.lower().endswith(ending):
            text = text[: -len(ending)]
    return names.fold(text).replace(" ", "")


def puzzle_path(text: str | Path) -> Path:
    """The file PUZZLE names: an existing file, else a bundled puzzle by its name (forgiving).

    A name that is neither is BadInput naming the nearest bundled puzzles; a path with a folder in it
    that does not exist stays a missing file.
    """
    path = Path(text)
    if path.exists() or len(path.parts) > 1:
        return path
    bundled = bundled_puzzles()
    by_key = {_name_key(name): file for name, file in bundled.items()}
    if _name_key(str(text)) in by_key:
        return by_key[_name_key(str(text))]
    from solver.core.errors import NoSuchPuzzle, did_you_mean

    hint = did_you_mean(_name_key(str(text)), {_name_key(name): name for name in bundled}, most=3, tries=6)
    raise NoSuchPuzzle(f"no such file, nor a bundled puzzle of that name ({hint or 'bundled: ' + ', '.join(bundled)})",
                       str(text))


def parse_puzzle(text: str, source: str, deck: Deck | None = None) -> Puzzle:
    """A puzzle from a puzzle file's text (e.g. an upload); `source` names it in error messages."""
    return _puzzle(parse_yaml(text, source), source, deck)


def _puzzle(data: object, file: str, deck: Deck | None) -> Puzzle:
    if data is None:
        data = {}
    if not isinstance(data, dict):
        raise BadInput("a puzzle file is a mapping with `cards:` and/or `clues:`", file)
    unknown = [key for key in data if key not in TOP_LEVEL_KEYS]
    if unknown:
        raise BadInput(
            f"unknown key {unknown[0]!r}; a puzzle has {', '.join(TOP_LEVEL_KEYS)}",
            file, line_of(data, unknown[0]),
        )
    clues = _card_clues(data, file, deck) + _written_clues(data, file)
    solution = _solution(data, file)
    extra = {key: data[key] for key in ("difficulty", "seed", "notes") if key in data}
    title = data.get("title")
    if title is not None and (char := control_character(str(title))) is not None:
        raise BadInput(f"the title may not hold {char}, which is not printable text; write it as plain text",
                       file, line_of(data, "title"))
    return Puzzle(clues, solution, str(title) if title is not None else None, file, extra)


def _card_clues(data: dict, file: str, deck: Deck | None) -> list[PuzzleClue]:
    numbers = data.get("cards") or []
    if not isinstance(numbers, list):
        raise BadInput("`cards:` must be a list of card numbers", file, line_of(data, "cards"))
    if not numbers:
        return []
    cards = deck or load_deck()
    found = []
    for index, number in enumerate(numbers):
        try:
            found.append(PuzzleClue(f"card {number}", cards.clue(number), number))
        except BadInput as error:
            raise error.located(file, line_of(numbers, index)) from None
    return found


def _written_clues(data: dict, file: str) -> list[PuzzleClue]:
    entries = data.get("clues") or []
    if not isinstance(entries, list):
        raise BadInput("`clues:` must be a list of clues", file, line_of(data, "clues"))
    found = []
    for index, entry in enumerate(entries):
        try:
            found.append(PuzzleClue(f"clue {index + 1}", parse_clue(entry)))
        except BadInput as error:
            raise error.located(file, line_of(entries, index)) from None
    return found


def _solution(data: dict, file: str) -> dict[str, str]:
    given = data.get("solution") or {}
    if not isinstance(given, dict):
        raise BadInput("`solution:` maps locations to delicts", file, line_of(data, "solution"))
    solution: dict[str, str] = {}
    for location, delict in given.items():
        line = line_of(given, location)
        try:
            place, what = names.resolve("location", location), names.resolve("delict", delict)
        except BadInput as error:
            raise error.located(file, line) from None
        if what in solution.values():
            raise BadInput(f"the solution places {what} twice", file, line)
        solution[place] = what
    return solution
