"""Why the rules decide as they do, as values: one `Fact` per reason a card is refused, per note
on how it was played, per marker STOP may take, per card that can never be played again.

A fact names its kind, the rule it applies and the pieces of the board it is about; it holds no
sentence. `solver.table.wording` words each kind; the JSON documents carry both.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Literal

RuleNumber = Literal[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16]  # the rulebook's numbered rules
Pair = tuple[str, str]  # (delict, location)


class FactKind(StrEnum):
    """Every kind of fact the table's rules state; the value is what the JSON documents say."""

    # a card refused now (rules 4, 6, 11, 13-16)
    TOO_MANY_MARKERS = "too many markers"  # delict, locations: more than 5 open locations (rule 13)
    NO_OPEN_LOCATION = "no open location"  # delict, notes: every candidate closed (rule 14)
    LOCATION_FULL = "location full"  # location, delict: 3 markers there already (rule 15)
    TURN_ENDS_OVERFULL = "turn ends overfull"  # location, count: two-player variant, at the turn's end (rule 15)
    REMOVES_EVERY_MARKER = "removes every marker"  # delict, locations it would remove (rule 4)
    TILE_COVERS_LAST_MARKER = "tile covers last marker"  # delict, tile, location (rule 4)
    NO_MARKER_HAS_PARTNER = "no marker has a partner"  # delict: a district card leaves it none (rule 4)
    FORCED_WITHOUT_MARKER = "forced without marker"  # delict, location (rule 4)
    LAST_DELICT_WITHOUT_MARKER = "last delict without marker"  # delict, location (rule 4)
    CHANGES_NOTHING = "changes nothing"  # (rule 16, in a hand; rule 11 gives the reason)
    DELICT_PINPOINTED = "delict pinpointed"  # delict, location: the card agrees with its tile (rule 16)
    LOCATION_PINPOINTED = "location pinpointed"  # location, tile: the card agrees with its tile (rule 16)
    OUT_OF_GAME = "out of game"  # number: played or discarded already (rule 11)
    TILE_EXCLUDED = "tile excluded"  # delict, location: the card excludes its tile (rule 14)
    TILES_NOT_JOINED = "tiles not joined"  # delicts, locations: two tiles the card would join (rule 14)
    TILE_WITHOUT_NEIGHBOUR = "tile without neighbour"  # delict, location, relation (rule 14)
    TILE_NOT_ON_CARD = "tile not on card"  # tile, location: a location card's tile is none of its four (rule 14)
    ALL_TILED_ELSEWHERE = "all tiled elsewhere"  # a location card's four delicts (rule 14)
    NOT_CLUE_WITHOUT_MARKERS = "not clue without markers"  # delict (rule 16)
    DISTRICT_NEEDS_DELICT = "district needs delict"  # delicts: neither on the board (rule 16)
    LOCATION_NEEDS_MARKER = "location needs marker"  # location (rule 16)
    REMOVE_CARD_USED = "remove card used"  # player (rule 6)
    NO_MARKER_TO_REMOVE = "no marker to remove"  # (rule 6)
    NO_CHOICE_PLAYABLE = "no choice playable"  # the verdict's choices say why each is refused

    # notes on how a card is played
    SKIPS_TILE = "skips tile"  # location, tile: a tile closes it (rule 2)
    SKIPS_RESERVED = "skips reserved"  # location, locations, delicts: other delicts need it (rule 3)
    FORCED = "forced"  # delict, location, pairs: the card's other delicts have tiles (update to type D)
    LAST_DELICT = "last delict"  # delict, location: pinpointed with the last free location (update)

    # deductions (rules 9 and 10), and cards that can never be played again (rule 11; the words
    # cite the rule that would refuse them)
    NO_ASSIGNMENT = "no assignment"  # delicts, locations: too few locations between them (rule 9)
    MARKER_IMPOSSIBLE = "marker impossible"  # delict, location, delicts, locations: the Hall violator (rule 10)
    DEAD_PINPOINTED = "dead: pinpointed"  # delict, location
    DEAD_CONFIRMS_ONLY = "dead: confirms only"  # delict: every marker where the card says
    DEAD_REMOVES_ALL = "dead: removes all"  # delict: no marker where the card says (rule 4)
    DEAD_ALL_TILED = "dead: all tiled"  # delict: every location the card names has a tile (rule 14)
    DEAD_NOT_EXCLUDES_NOTHING = "dead: excludes nothing"  # delict: no marker where a 'not' card excludes it
    DEAD_EVERY_CHOICE = "dead: every choice"  # notes: one fact per choice of a group card
    DEAD_BOTH_PINPOINTED = "dead: both pinpointed"  # delicts
    DEAD_NEVER_JOINED = "dead: never joined"  # delicts (rules 4 and 14)
    DEAD_NEXT_TO_TILE = "dead: next to tile"  # delict, tile: every marker next to the tile already
    DEAD_LOCATION_PINPOINTED = "dead: location pinpointed"  # location, tile
    DEAD_ALL_FOUR_PINPOINTED = "dead: all four pinpointed"  # (rule 14)


RULE_OF: dict[FactKind, RuleNumber | None] = {
    FactKind.TOO_MANY_MARKERS: 13, FactKind.NO_OPEN_LOCATION: 14, FactKind.LOCATION_FULL: 15,
    FactKind.TURN_ENDS_OVERFULL: 15, FactKind.REMOVES_EVERY_MARKER: 4, FactKind.TILE_COVERS_LAST_MARKER: 4,
    FactKind.NO_MARKER_HAS_PARTNER: 4, FactKind.FORCED_WITHOUT_MARKER: 4, FactKind.LAST_DELICT_WITHOUT_MARKER: 4,
    FactKind.CHANGES_NOTHING: 16, FactKind.DELICT_PINPOINTED: 16, FactKind.LOCATION_PINPOINTED: 16,
    FactKind.OUT_OF_GAME: 11, FactKind.TILE_EXCLUDED: 14, FactKind.TILES_NOT_JOINED: 14,
    FactKind.TILE_WITHOUT_NEIGHBOUR: 14, FactKind.TILE_NOT_ON_CARD: 14, FactKind.ALL_TILED_ELSEWHERE: 14,
    FactKind.NOT_CLUE_WITHOUT_MARKERS: 16, FactKind.DISTRICT_NEEDS_DELICT: 16, FactKind.LOCATION_NEEDS_MARKER: 16,
    FactKind.REMOVE_CARD_USED: 6, FactKind.NO_MARKER_TO_REMOVE: 6, FactKind.NO_CHOICE_PLAYABLE: None,
    FactKind.SKIPS_TILE: 2, FactKind.SKIPS_RESERVED: 3, FactKind.FORCED: None, FactKind.LAST_DELICT: None,
    FactKind.NO_ASSIGNMENT: 9, FactKind.MARKER_IMPOSSIBLE: 10, FactKind.DEAD_PINPOINTED: 11,
    FactKind.DEAD_CONFIRMS_ONLY: 11, FactKind.DEAD_REMOVES_ALL: 11, FactKind.DEAD_ALL_TILED: 11,
    FactKind.DEAD_NOT_EXCLUDES_NOTHING: 11, FactKind.DEAD_EVERY_CHOICE: 11, FactKind.DEAD_BOTH_PINPOINTED: 11,
    FactKind.DEAD_NEVER_JOINED: 11, FactKind.DEAD_NEXT_TO_TILE: 11, FactKind.DEAD_LOCATION_PINPOINTED: 11,
    FactKind.DEAD_ALL_FOUR_PINPOINTED: 11,
}


@dataclass(frozen=True)
class Fact:
    """One reason, as values: its kind and the pieces of the board it is about (unused ones empty)."""

    kind: FactKind
    delict: str | None = None
    location: str | None = None
    tile: str | None = None  # the delict whose tile lies on `location`
    delicts: tuple[str, ...] = ()
    locations: tuple[str, ...] = ()
    pairs: tuple[Pair, ...] = ()
    count: int | None = None
    relation: str | None = None  # a district card's "same" or "adjoining"
    player: str | None = None
    number: int | None = None  # a card number
    notes: tuple[Fact, ...] = ()

    @property
    def rule(self) -> RuleNumber | None:
        return RULE_OF[self.kind]

    def to_dict(self) -> dict[str, Any]:
        """The fact as JSON: its kind, its rule, and the fields it uses."""
        data: dict[str, Any] = {"kind": self.kind.value, "rule": self.rule}
        for key in ("delict", "location", "tile", "count", "relation", "player", "number"):
            if (value := getattr(self, key)) is not None:
                data[key] = value
        for key in ("delicts", "locations"):
            if value := getattr(self, key):
                data[key] = list(value)
        if self.pairs:
            data["pairs"] = [{"delict": d, "location": loc} for d, loc in self.pairs]
        if self.notes:
            data["notes"] = [note.to_dict() for note in self.notes]
        return data

    def renamed(self, old: str, new: str) -> Fact:
        """The same fact with delict `old` called `new` (so that choices that differ only in their
        delict can be said once, "each")."""
        def swap(name: str | None) -> str | None:
            return new if name == old else name

        return Fact(self.kind, swap(self.delict), self.location, swap(self.tile),
                    tuple(new if d == old else d for d in self.delicts), self.locations,
                    tuple((new if d == old else d, loc) for d, loc in self.pairs), self.count, self.relation,
                    self.player, self.number, tuple(note.renamed(old, new) for note in self.notes))
