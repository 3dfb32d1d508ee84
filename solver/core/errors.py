"""Bad input is a value with a place and a fix, never a traceback."""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any


@dataclass
class BadInput(ValueError):
    """Input a user can correct: names the file, the line where known, and the fix."""

    message: str
    file: str | None = None
    line: int | None = None

    def __post_init__(self) -> None:
        self.message = one_line(self.message)

    def __str__(self) -> str:
        where = ""
        if self.file:
            where = f"{self.file}:{self.line}: " if self.line else f"{self.file}: "
        return where + self.message

    def located(self, file: str | None = None, line: int | None = None) -> BadInput:
        """The same error, with a file and line filled in where still missing."""
        return BadInput(self.message, self.file or file, self.line or line)


class NoSuchPuzzle(BadInput):
    """A puzzle named that is neither a file nor a bundled puzzle."""


MAX_MESSAGE = 400  # characters of a message; a bad value in it is cut to about 80
_LONG_VALUE = re.compile(r"\S{81,}")
# a value shown with repr(), spaces and all (an apostrophe inside a word, "robbers' ball", opens nothing)
_LONG_QUOTED = re.compile("(?<!\\w)'[^'\\n]{80,}'(?!\\w)|(?<!\\w)\"[^\"\\n]{80,}\"(?!\\w)")


def one_line(message: str) -> str:
    """A message on one line of at most MAX_MESSAGE characters, a quoted value or any run without
    spaces in it cut to 80 characters: an error names a bad value, it never echoes it at length."""
    message = _LONG_QUOTED.sub(lambda found: found.group(0)[:78] + "…" + found.group(0)[0], message)
    message = _LONG_VALUE.sub(lambda found: found.group(0)[:79] + "…", message)
    message = " ".join(message.split())
    return message if len(message) <= MAX_MESSAGE else message[: MAX_MESSAGE - 1] + "…"


def did_you_mean(
    word: str, spellings: Iterable[str] | Mapping[str, str], most: int = 2, tries: int | None = None
) -> str:
    """The words "did you mean 'a' or 'b'?" naming the valid names nearest `word`; "" if none is near.

    `spellings` are the valid names, or a mapping from each accepted spelling to the name
    it stands for (then the nearest `tries` spellings are compared and their names named once).
    """
    table = spellings if isinstance(spellings, Mapping) else {s: s for s in spellings}
    close = difflib.get_close_matches(word, list(table), n=tries or most, cutoff=0.5)
    found = list(dict.fromkeys(table[spelling] for spelling in close))[:most]
    return "did you mean " + " or ".join(repr(name) for name in found) + "?" if found else ""


def suggest(word: Any, valid: Sequence[Any]) -> str:
    """'valid: a, b, c (did you mean 'b'?)' — the nearest valid names for an error message."""
    text = "valid: " + ", ".join(str(v) for v in valid)
    hint = did_you_mean(str(word), [str(v) for v in valid])
    return f"{text} ({hint})" if hint else text


def control_character(text: str) -> str | None:
    """The first control character in `text` (an escape, a bell, a newline: what a terminal
    would obey when the text is printed), written as an escape (`\\x1b`), or None."""
    import unicodedata

    found = next((char for char in text if unicodedata.category(char) in ("Cc", "Cs")), None)
    return None if found is None else repr(found)[1:-1]
