"""Bad input is a value with a place and a fix, never a traceback."""

from __future__ import annotations

import difflib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any


@dataclass
class BadInput(ValueError):
    """Input a user can correct: names the file, the line where known, and the fix."""

    message: str
    file: str | None = None
    line: int | None = None

    def __str__(self) -> str:
        where = ""
        if self.file:
            where = f"{self.file}:{self.line}: " if self.line else f"{self.file}: "
        return where + self.message

    def located(self, file: str | None = None, line: int | None = None) -> BadInput:
        """The same error, with a file and line filled in where still missing."""
        return BadInput(self.message, self.file or file, self.line or line)


def suggest(word: Any, valid: Sequence[Any]) -> str:
    """'valid: a, b, c (did you mean 'b'?)' — the nearest valid names for an error message."""
    close = difflib.get_close_matches(str(word), [str(v) for v in valid], n=2, cutoff=0.5)
    text = "valid: " + ", ".join(str(v) for v in valid)
    if close:
        text += " (did you mean " + " or ".join(repr(c) for c in close) + "?)"
    return text
