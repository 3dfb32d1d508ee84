"""Info cards as typed clues: parsing from the puzzle-file schema, and English sentences.

Types (docs/formats.md, "Clues"): A delict, B group, C district, D location, and the solo
"not" clue. Each clue is a constraint on the solution σ (delict -> location).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from solver.core import names, vocabulary
from solver.core.errors import BadInput

TYPE_LETTERS = {"delict": "A", "group": "B", "district": "C", "location": "D", "not": "S"}


def _or_list(items: list[str] | tuple[str, ...]) -> str:
    return ", ".join(items[:-1]) + " or " + items[-1] if len(items) > 1 else items[0]


@dataclass(frozen=True)
class DelictClue:
    """Type A: the delict took place at one of these locations."""

    delict: str
    locations: tuple[str, ...]
    kind = "delict"

    def sentence(self) -> str:
        return f"The {self.delict} took place in {_or_list(self.locations)}."

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.kind, "delict": self.delict, "locations": list(self.locations)}


@dataclass(frozen=True)
class NotClue:
    """Solo: the delict did not take place at any of these locations."""

    delict: str
    locations: tuple[str, ...]
    kind = "not"

    def sentence(self) -> str:
        return f"The {self.delict} did not take place in {_or_list(self.locations)}."

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.kind, "delict": self.delict, "locations": list(self.locations)}


@dataclass(frozen=True)
class GroupClue:
    """Type B: some delict of the group took place in the direction."""

    group: str
    direction: str
    kind = "group"

    @property
    def delicts(self) -> tuple[str, ...]:
        return names.GROUPS[self.group]

    def sentence(self) -> str:
        members = _or_list(list(self.delicts))
        return f"{names.title(names.indefinite(self.group))} ({members}) took place in the {self.direction}."

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.kind, "group": self.group, "direction": self.direction}


@dataclass(frozen=True)
class DistrictClue:
    """Type C: the two delicts lie on locations joined by a path, in the same or adjoining districts."""

    delicts: tuple[str, str]
    relation: str
    kind = "district"

    def sentence(self) -> str:
        first, second = self.delicts
        where = "in the same district" if self.relation == "same" else "in an adjoining district"
        return f"The {first} took place next to the {second}, {where}."

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.kind, "delicts": list(self.delicts), "relation": self.relation}


@dataclass(frozen=True)
class LocationClue:
    """Type D: the delict at the location is one of these."""

    location: str
    delicts: tuple[str, ...]
    kind = "location"

    def sentence(self) -> str:
        return f"One of these took place in {self.location}: {_or_list(list(self.delicts))}."

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.kind, "location": self.location, "delicts": list(self.delicts)}


Clue = DelictClue | NotClue | GroupClue | DistrictClue | LocationClue

_TYPE_ALIASES = {"a": "delict", "b": "group", "c": "district", "d": "location", "s": "not"}
_FIELDS = {
    "delict": {"delict", "locations"},
    "not": {"delict", "locations"},
    "group": {"group", "direction"},
    "district": {"delicts", "relation"},
    "location": {"location", "delicts"},
}


def parse_clue(data: object) -> Clue:
    """A clue from the puzzle-file schema; BadInput says what to fix."""
    if not isinstance(data, dict):
        raise BadInput(f"a clue is a mapping like {{type: delict, ...}}, got {data!r}")
    kind = _clue_type(data.get("type"))
    extra = set(data) - _FIELDS[kind] - {"type", "number", "provenance", "text", "known"}
    if extra:
        raise BadInput(
            f"a {kind} clue has no field {', '.join(sorted(map(str, extra)))}; "
            f"its fields are type, {', '.join(sorted(_FIELDS[kind]))}"
        )
    missing = _FIELDS[kind] - set(data)
    if missing:
        raise BadInput(f"a {kind} clue needs {', '.join(sorted(missing))}")
    return _PARSERS[kind](data)


def _clue_type(value: object) -> str:
    key = str(value).strip().casefold()
    if key in _FIELDS:
        return key
    if key in _TYPE_ALIASES:
        return _TYPE_ALIASES[key]
    raise BadInput(
        f"unknown clue type {value!r}; use delict (A), group (B), district (C), location (D) or not"
    )


def _name_list(data: dict[str, Any], field: str, kind: str, size: int | None) -> tuple[str, ...]:
    values = data[field]
    if not isinstance(values, list):
        raise BadInput(f"`{field}` must be a list of {kind} names, got {values!r}")
    resolved = names.resolve_all(kind, values)
    if len(set(resolved)) != len(resolved):
        twice = sorted({name for name in resolved if resolved.count(name) > 1})
        raise BadInput(f"`{field}` names {', '.join(twice)} twice; each {kind} once")
    if size is not None and len(resolved) != size:
        raise BadInput(f"`{field}` must name exactly {size} {kind}s, it names {len(resolved)}")
    if not resolved:
        raise BadInput(f"`{field}` must name at least one {kind}")
    return tuple(resolved)


def _parse_delict(data: dict[str, Any]) -> DelictClue:
    return DelictClue(names.resolve("delict", data["delict"]), _name_list(data, "locations", "location", 4))


def _parse_not(data: dict[str, Any]) -> NotClue:
    return NotClue(names.resolve("delict", data["delict"]), _name_list(data, "locations", "location", None))


def _parse_group(data: dict[str, Any]) -> GroupClue:
    return GroupClue(names.resolve("group", data["group"]), names.resolve("direction", data["direction"]))


def _parse_district(data: dict[str, Any]) -> DistrictClue:
    first, second = _name_list(data, "delicts", "delict", 2)
    relation = str(data["relation"]).strip().casefold()
    relation = {"adjacent": "adjoining", "neighbouring": "adjoining"}.get(relation, relation)
    if relation not in ("same", "adjoining"):
        raise BadInput(f"relation must be `same` or `adjoining`, got {data['relation']!r}")
    return DistrictClue((first, second), relation)


def _parse_location(data: dict[str, Any]) -> LocationClue:
    return LocationClue(names.resolve("location", data["location"]), _name_list(data, "delicts", "delict", 4))


_PARSERS: dict[str, Callable[[dict[str, Any]], Clue]] = {
    "delict": _parse_delict,
    "not": _parse_not,
    "group": _parse_group,
    "district": _parse_district,
    "location": _parse_location,
}


def card_type_of_number(number: int) -> str:
    """The type letter a card number gives (docs/deck.md, `vocabulary.CARD_RANGES`)."""
    for card_range in vocabulary.CARD_RANGES:
        if card_range.first <= number <= card_range.last:
            return card_range.letter
    raise BadInput(f"there is no card {number}; {vocabulary.numbered_cards()}")


def fits_type(clue: Clue, letter: str) -> bool:
    """Whether a clue may stand on a card of this type (solo cards may carry any clue)."""
    return letter == "S" or TYPE_LETTERS[clue.kind] == letter


@dataclass(frozen=True)
class RemoveOneMarker:
    """The "Remove one marker" card (rule 6): one per player, no number, no clue."""

    kind = "remove"

    def sentence(self) -> str:
        return "Remove any one marker from the board."
