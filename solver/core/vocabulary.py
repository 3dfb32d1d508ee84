"""How the game's names are shown: colours, letters, abbreviations, card ranges, labels.

The single definition of everything the pages, the printed sheets and the board pictures show
beside the names of `solver.core.names`: each group colour's palette, the solo grid's district
shadings, the group letters, the delicts' short labels, the card number ranges and types, the
provenance wording, the solo techniques' labels and the rules' short titles. The pages receive
it as `document()` (served in `/api/board`, docs/formats.md "The vocabulary document").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from solver.core import names


@dataclass(frozen=True)
class Colours:
    """One group colour in every role it plays.

    fill, ink, tint: a marker chip on the table page, the text on it, a pale background.
    light, pale, deep: the solo grid's column header, its cells, a placed mark.
    swatch, hatch: the printed sheet's light swatch and its matplotlib hatch pattern, so that a
    black-and-white print still tells the groups apart.
    """

    fill: str
    ink: str
    tint: str
    light: str
    pale: str
    deep: str
    swatch: str
    hatch: str


# One entry per colour name of names.GROUP_COLOURS.
PALETTE: dict[str, Colours] = {
    "blue": Colours("#2d6cc0", "#ffffff", "#dce8f8", "#bcd6f3", "#f2f7fd", "#245f9e", "#bcd7f5", "////"),
    "yellow": Colours("#f3cc2f", "#1b1b1b", "#fbf1c4", "#f7e38b", "#fffbea", "#8a6d00", "#fff0a0", "..."),
    "orange": Colours("#ee8427", "#1b1b1b", "#fbe0c8", "#ffcb9e", "#fff5ec", "#b4560f", "#ffd0a0", "xxx"),
    "green": Colours("#2f8a45", "#ffffff", "#d6efdc", "#bfe2b3", "#f2f9ef", "#2f7a25", "#c4e8bc", "---"),
}

# The solo grid's row shadings, one per district in the grid's order: greys, warm in the north and
# cool in the south, light and dark alternating. Greys, because the group columns have the hues: a
# district row must not look like a group's column (the board picture's own district colours would).
DISTRICT_SHADES: dict[str, str] = {"NW": "#ece8e1", "NE": "#d8d2c8", "SW": "#e6e8eb", "SE": "#d2d6dc"}

# The letter on every chip and in the sheet's key: L(ivestock theft), C(rime), I(mprisonment/Jailbreak), F(elony).
GROUP_LETTERS: dict[str, str] = {
    "Livestock theft": "L", "Crime": "C", "Imprisonment/Jailbreak": "I", "Felony": "F",
}
# The solo grid's group headers, where the full name does not fit.
GROUP_SHORT: dict[str, str] = {
    "Livestock theft": "Livestock", "Crime": "Crime", "Imprisonment/Jailbreak": "Prison", "Felony": "Felony",
}

# Marker labels on the table page: readable in black and white with the group's letter.
ABBREVIATIONS: dict[str, str] = {
    "donkey theft": "DON", "sheep theft": "SHP", "horse theft": "HRS", "beehive theft": "BEE",
    "break-in": "BRK", "robbers' ball": "BALL", "stolen goods sold": "GDS", "show of power": "SHOW",
    "arrest": "ARR", "jailbreak": "JAIL", "imprisonment": "PRIS", "hideout": "HIDE",
    "robbery": "ROB", "extortion": "EXT", "murder": "MUR", "highway robbery": "HWY",
}
# The solo grid's column labels: the shortest words that still read as the delict.
SHORT_NAMES: dict[str, str] = {
    "donkey theft": "donkey", "sheep theft": "sheep", "horse theft": "horse", "beehive theft": "beehive",
    "break-in": "break-in", "robbers' ball": "robbers' ball", "stolen goods sold": "goods sold",
    "show of power": "show of power", "arrest": "arrest", "jailbreak": "jailbreak", "imprisonment": "prison",
    "hideout": "hideout", "robbery": "robbery", "extortion": "extortion", "murder": "murder",
    "highway robbery": "highway",
}


@dataclass(frozen=True)
class CardRange:
    """The numbers of one card type (docs/deck.md): the type follows from the number."""

    letter: str
    kind: str  # the clue type its cards carry
    first: int
    last: int
    at_table: bool  # played in the multiplayer game (the solo cards are not)

    @property
    def numbers(self) -> range:
        return range(self.first, self.last + 1)

    @property
    def name(self) -> str:
        return f"{self.kind} card"


CARD_RANGES: tuple[CardRange, ...] = (
    CardRange("A", "delict", 1, 16, True),
    CardRange("B", "group", 17, 32, True),
    CardRange("C", "district", 33, 56, True),
    CardRange("D", "location", 57, 72, True),
    CardRange("S", "solo", 73, 76, False),
)
FIRST_CARD = CARD_RANGES[0].first
LAST_CARD = CARD_RANGES[-1].last
CARD_NUMBERS = range(FIRST_CARD, LAST_CARD + 1)
LAST_TABLE_CARD = max(card_range.last for card_range in CARD_RANGES if card_range.at_table)
TABLE_CARD_NUMBERS = range(FIRST_CARD, LAST_TABLE_CARD + 1)
RANGE_OF_LETTER: dict[str, CardRange] = {card_range.letter: card_range for card_range in CARD_RANGES}


def card_span(first: int = FIRST_CARD, last: int = LAST_CARD, dash: str = " to ") -> str:
    """`1 to 76`, `73-76`: a span of card numbers in words."""
    return f"{first}{dash}{last}"


def numbered_cards() -> str:
    """The sentence every 'no such card' message ends with."""
    return f"info cards are numbered {card_span()}"


# Where a card's (or a path's) text comes from, as the page says it.
PROVENANCES: dict[str, str] = {
    "printed": "the rulebook prints this card",
    "derived": "derived from the rulebook",
    "reconstructed": "reconstructed by this project",
    "user": "your own deck file",
    "entered": "entered at this table",
    "written": "written out for this play",
    "rulebook": "rule 6 of the rulebook",
}

# The solo techniques (solver.solo.techniques) as a hint names them.
TECHNIQUES: dict[str, str] = {
    "card": "a card and the board", "single": "one place left", "closed-set": "closed set",
    "group": "group card", "partner": "district partners", "trial": "trial and contradiction",
}

# The bundled puzzle series (solver.solo.puzzle.SERIES) and uploads, as the puzzle list heads them.
PUZZLE_SERIES: dict[str, str] = {
    "tutorial": "Tutorials", "easy": "Easy", "medium": "Medium", "hard": "Hard", "expert": "Expert",
    "box": "From the game box", "upload": "Uploaded",
}

# Short titles of the rulebook's rules 1-16, as docs/rules.md applies them.
RULE_TITLES: dict[int, str] = {
    1: "placing markers",
    2: "no marker on a tile",
    3: "no room left",
    4: "removing markers",
    5: "location cards",
    6: "Remove one marker",
    7: "the last marker becomes a tile",
    8: "rule 8 (not applied in docs/rules.md)",
    9: "a careless board",
    10: "STOP",
    11: "no new information",
    12: "the end of the game",
    13: "more than 5 locations",
    14: "contradicts the board",
    15: "3 markers a location",
    16: "(currently) unplayable cards",
}


def colours_of(group: str) -> Colours:
    return PALETTE[names.GROUP_COLOURS[group]]


def document() -> dict[str, Any]:
    """The vocabulary as JSON (docs/formats.md, "The vocabulary document")."""
    return {
        "groups": [{"name": group, "colour": names.GROUP_COLOURS[group], "letter": GROUP_LETTERS[group],
                    "short": GROUP_SHORT[group], "delicts": list(delicts)}
                   for group, delicts in names.GROUPS.items()],
        "palette": {colour: vars(entry) for colour, entry in PALETTE.items()},
        "district_shades": dict(DISTRICT_SHADES),
        "delicts": {delict: {"abbreviation": ABBREVIATIONS[delict], "short": SHORT_NAMES[delict]}
                    for delict in names.DELICTS},
        "cards": {
            "first": FIRST_CARD, "last": LAST_CARD, "last_at_table": LAST_TABLE_CARD,
            "types": [{"letter": r.letter, "kind": r.kind, "name": r.name, "first": r.first, "last": r.last,
                       "at_table": r.at_table} for r in CARD_RANGES],
        },
        "provenances": dict(PROVENANCES),
        "techniques": dict(TECHNIQUES),
        "puzzle_series": dict(PUZZLE_SERIES),
        "rules": {str(number): title for number, title in RULE_TITLES.items()},
    }
