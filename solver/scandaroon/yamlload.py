"""Load YAML keeping line numbers, so deck and symbol errors can name the line."""

from __future__ import annotations

import difflib
from pathlib import Path
from typing import Any

import yaml

from solver.errors import BadInput


class Mapping(dict):
    """A YAML mapping that remembers the line it starts on and the line of each key."""

    line: int | None = None
    key_lines: dict

    def line_of(self, key: Any) -> int | None:
        return getattr(self, "key_lines", {}).get(key, self.line)


class _Loader(yaml.SafeLoader):
    pass


def _mapping(loader: _Loader, node: yaml.MappingNode) -> Mapping:
    result = Mapping(loader.construct_mapping(node, deep=True))
    result.line = node.start_mark.line + 1
    result.key_lines = {
        loader.construct_object(key, deep=True): key.start_mark.line + 1 for key, _ in node.value
    }
    return result


_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _mapping)


def load(path: str | Path) -> Any:
    """Parse a YAML file; unreadable or malformed files become BadInput."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise BadInput("no such file; check the path", str(path)) from None
    except (OSError, UnicodeDecodeError) as error:
        raise BadInput(f"cannot read the file ({error}); pass a UTF-8 YAML file", str(path)) from None
    try:
        return yaml.load(text, Loader=_Loader)
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        problem = error.problem or "invalid YAML"
        raise BadInput(
            f"YAML syntax error: {problem}; fix the YAML at that line",
            str(path),
            mark.line + 1 if mark else None,
        ) from None
    except yaml.YAMLError as error:
        raise BadInput(f"YAML error: {error}", str(path)) from None


def line_of(container: Any, key: Any = None) -> int | None:
    if isinstance(container, Mapping):
        return container.line if key is None else container.line_of(key)
    return None


def suggest(word: Any, valid: list[str] | tuple[str, ...]) -> str:
    """'valid: a, b, c (did you mean 'b'?)' — the nearest valid names for an error message."""
    close = difflib.get_close_matches(str(word), [str(v) for v in valid], n=2, cutoff=0.5)
    text = "valid: " + ", ".join(str(v) for v in valid)
    if close:
        text += " (did you mean " + " or ".join(repr(c) for c in close) + "?)"
    return text
