"""What a puzzle generation asks for: plain data, cheap to import (no solver behind it), so a
command can state the work and hand it to workers without importing the generator itself."""

from __future__ import annotations

from dataclasses import dataclass, field

# Card types drawn on by default: the pools that reach each grade most often.
DEFAULT_TYPES = {
    "easy": ("A", "D"),
    "medium": ("A", "B", "D"),
    "hard": ("A", "C", "D"),
    "expert": ("A", "B", "C", "D"),
}


@dataclass(frozen=True)
class Options:
    difficulty: str = "medium"
    types: tuple[str, ...] | None = None  # A, B, C, D, S ("not" clues); None: DEFAULT_TYPES[difficulty]
    min_cards: int = 1
    max_cards: int = 60
    needs_district: bool = False
    given: dict[str, str] = field(default_factory=dict)  # location -> delict the solution must have
    max_tries: int = 200
    time_limit: float | None = None  # seconds before giving up (checked after each attempt)
