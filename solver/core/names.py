"""The game's vocabulary, and what users may type for it.

Every name a user types goes through `resolve`: any case, umlauts as ä / a / ae,
`-` `_` and space alike, apostrophes optional. Unknown names are errors that list
the closest valid names. Output always uses the display names below.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from functools import cache

from solver.core.errors import BadInput, did_you_mean

# Rulebook, "The game board and compass directions": two rivers make four districts.
DISTRICTS: dict[str, tuple[str, ...]] = {
    "NW": ("Griebelschied", "Hahnmühle", "Kirn", "Herrstein"),
    "NE": ("Simmern", "Thiergarten", "Trifthütte", "Boos"),
    "SW": ("Meddersheim", "Bärenbach", "Antes Mühle", "Hundsbach"),
    "SE": ("Oberhausen", "Lettweiler", "Obermoschel", "Meisenheim"),
}
DISTRICT_NAMES: dict[str, str] = {
    "NW": "north-west", "NE": "north-east", "SW": "south-west", "SE": "south-east",
}
LOCATIONS: tuple[str, ...] = tuple(name for names in DISTRICTS.values() for name in names)

# Rulebook, "The four delict groups".
GROUPS: dict[str, tuple[str, ...]] = {
    "Livestock theft": ("donkey theft", "sheep theft", "horse theft", "beehive theft"),
    "Crime": ("break-in", "robbers' ball", "stolen goods sold", "show of power"),
    "Imprisonment/Jailbreak": ("arrest", "jailbreak", "imprisonment", "hideout"),
    "Felony": ("robbery", "extortion", "murder", "highway robbery"),
}
GROUP_COLOURS: dict[str, str] = {
    "Livestock theft": "blue", "Crime": "yellow",
    "Imprisonment/Jailbreak": "orange", "Felony": "green",
}
DELICTS: tuple[str, ...] = tuple(name for names in GROUPS.values() for name in names)

# Compass directions on the cards: two districts each.
DIRECTIONS: dict[str, tuple[str, str]] = {
    "north": ("NW", "NE"), "south": ("SW", "SE"), "west": ("NW", "SW"), "east": ("NE", "SE"),
}

KINDS = ("location", "delict", "group", "direction", "district")

_UMLAUTS = {"ä": "a", "ö": "o", "ü": "u", "ß": "ss"}
_UMLAUTS_LONG = {"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss"}


def fold(text: str, umlauts: dict[str, str] = _UMLAUTS) -> str:
    """The comparison key of a name: case, separators and apostrophes folded away."""
    text = unicodedata.normalize("NFC", str(text)).casefold()
    text = "".join(umlauts.get(char, char) for char in text)
    text = re.sub(r"['’`´]", "", text)
    return re.sub(r"[\s_\-]+", " ", text).strip()


def _aliases(kind: str) -> dict[str, list[str]]:
    """display name -> extra spellings accepted for it (beyond folding)."""
    if kind == "location":
        return {name: [] for name in LOCATIONS}
    if kind == "delict":
        return {name: [] for name in DELICTS}
    if kind == "group":
        groups: dict[str, list[str]] = {name: [GROUP_COLOURS[name]] for name in GROUPS}
        groups["Livestock theft"].append("livestock")
        groups["Imprisonment/Jailbreak"] += ["imprisonment jailbreak", "imprisonment"]
        return groups
    if kind == "direction":
        return {name: [name[0]] for name in DIRECTIONS}
    if kind == "district":
        return {
            code: [DISTRICT_NAMES[code], DISTRICT_NAMES[code].replace("-", "")]
            for code in DISTRICTS
        }
    raise ValueError(f"unknown kind of name: {kind}")


@cache
def _table(kind: str) -> dict[str, str]:
    table: dict[str, str] = {}
    for name, extra in _aliases(kind).items():
        for spelling in (name, *extra):
            table[fold(spelling)] = name
            table[fold(spelling, _UMLAUTS_LONG)] = name
    table.update({fold(key).replace("/", " "): name for key, name in list(table.items())})
    return table


def resolve(kind: str, text: object) -> str:
    """The display name of `text` as a `kind` of name, or a BadInput listing the closest."""
    if not isinstance(text, str):
        raise BadInput(f"expected a {kind} name, got {text!r}; {valid_names_hint(kind)}")
    table = _table(kind)
    key = fold(text)
    if key in table:
        return table[key]
    raise BadInput(f"unknown {kind} {text!r}; {suggestions(kind, text)}")


def suggestions(kind: str, text: str) -> str:
    return did_you_mean(fold(text), _table(kind), most=3, tries=8) or valid_names_hint(kind)


def valid_names_hint(kind: str) -> str:
    return f"valid {kind} names: " + ", ".join(_aliases(kind))


def resolve_all(kind: str, texts: Iterable[object]) -> list[str]:
    return [resolve(kind, text) for text in texts]


# Integer indices used inside the solver: locations and delicts are 0..15.
LOCATION_INDEX = {name: index for index, name in enumerate(LOCATIONS)}
DELICT_INDEX = {name: index for index, name in enumerate(DELICTS)}
GROUP_OF_DELICT = {delict: group for group, delicts in GROUPS.items() for delict in delicts}
DISTRICT_OF_LOCATION = {
    location: code for code, locations in DISTRICTS.items() for location in locations
}


def title(name: str) -> str:
    """Display a delict at the start of a sentence or table cell: 'Robbers' ball'."""
    return name[:1].upper() + name[1:]


def indefinite(noun: str) -> str:
    """'a crime', 'an imprisonment/jailbreak': the noun in lower case with its article."""
    noun = noun.lower()
    return f"{'an' if noun[:1] in 'aeiou' else 'a'} {noun}"
