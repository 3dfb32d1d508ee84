"""YAML in and out: loading keeps line numbers for error messages, saving is atomic."""

from __future__ import annotations

import os
import shutil
import stat
import tempfile
from pathlib import Path
from typing import Any

import yaml

from solver.core.errors import BadInput


class LineDict(dict[Any, Any]):
    """A YAML mapping that remembers its own line and the line of each key."""

    line: int | None = None
    key_lines: dict[Any, int]

    def line_of(self, key: Any) -> int | None:
        return getattr(self, "key_lines", {}).get(key, self.line)


class LineList(list[Any]):
    """A YAML sequence that remembers its own line and the line of each item."""

    line: int | None = None
    item_lines: list[int]

    def line_of(self, index: int) -> int | None:
        lines = getattr(self, "item_lines", [])
        return lines[index] if index < len(lines) else self.line


class _LineLoader(yaml.SafeLoader):
    pass


try:
    from yaml import CSafeLoader as _FastSafeLoader  # libyaml: about 10x faster
except ImportError:  # PyYAML built without libyaml
    from yaml import SafeLoader as _FastSafeLoader  # type: ignore[assignment]


class _FastLineLoader(_FastSafeLoader):
    pass


def _construct_mapping(loader: _LineLoader, node: yaml.MappingNode) -> LineDict:
    mapping = LineDict(loader.construct_mapping(node, deep=True))
    mapping.line = node.start_mark.line + 1
    mapping.key_lines = {
        loader.construct_object(key, deep=True): key.start_mark.line + 1 for key, _ in node.value
    }
    return mapping


def _construct_sequence(loader: _LineLoader, node: yaml.SequenceNode) -> LineList:
    sequence = LineList(loader.construct_sequence(node, deep=True))
    sequence.line = node.start_mark.line + 1
    sequence.item_lines = [item.start_mark.line + 1 for item in node.value]
    return sequence


for _loader in (_LineLoader, _FastLineLoader):
    _loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)
    _loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_SEQUENCE_TAG, _construct_sequence)


def line_of(container: Any, key: Any = None) -> int | None:
    """The line of `key` in a loaded mapping or sequence (of the container itself without a key)."""
    if isinstance(container, LineDict | LineList):
        return container.line if key is None else container.line_of(key)
    return None


def load_yaml(path: str | Path) -> Any:
    """Parse a YAML file; unreadable or malformed files become BadInput with the line."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise BadInput("no such file; check the path", str(path)) from None
    except (OSError, UnicodeDecodeError) as error:
        raise BadInput(f"cannot read the file ({error}); pass a UTF-8 YAML file", str(path)) from None
    return parse_yaml(text, str(path))


def parse_yaml(text: str, file: str) -> Any:
    """Parse YAML text read from `file` (a name for messages); malformed YAML becomes BadInput with the line."""
    try:
        return yaml.load(text, Loader=_FastLineLoader)
    except yaml.YAMLError:
        pass  # read it again with the pure-Python parser: the same lines, clearer messages
    try:
        return yaml.load(text, Loader=_LineLoader)
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        if error.context_mark and mark and mark.index >= len(text.rstrip()):
            mark = error.context_mark  # at the end of the file: point at what was left open
        line = mark.line + 1 if mark else None
        problem = error.problem or "invalid YAML"
        if error.context:
            problem += f" ({error.context})"
        raise BadInput(f"YAML syntax error: {problem}; fix the YAML at that line", file, line) from None
    except yaml.YAMLError as error:
        raise BadInput(f"YAML error: {error}", file) from None


class _FlowDumper(yaml.SafeDumper):
    """Lists of plain values on one line ([a, b, c]), everything else in block style."""


def _represent_list(dumper: yaml.SafeDumper, data: list[Any]) -> yaml.Node:
    flat = all(not isinstance(item, dict | list) for item in data)
    return dumper.represent_sequence("tag:yaml.org,2002:seq", data, flow_style=flat)


class FlowMap(dict[str, Any]):
    """A mapping written on one line: {type: delict, delict: arrest, ...}."""


def _represent_flow_map(dumper: yaml.SafeDumper, data: FlowMap) -> yaml.Node:
    return dumper.represent_mapping("tag:yaml.org,2002:map", dict(data), flow_style=True)


_FlowDumper.add_representer(list, _represent_list)
_FlowDumper.add_representer(FlowMap, _represent_flow_map)


def dump_yaml(data: Any) -> str:
    return yaml.dump(_plain(data), Dumper=_FlowDumper, sort_keys=False, allow_unicode=True, width=110)


def _plain(data: Any) -> Any:
    if isinstance(data, FlowMap):
        return FlowMap((key, _plain(value)) for key, value in data.items())
    if isinstance(data, dict):
        return {key: _plain(value) for key, value in data.items()}
    if isinstance(data, list | tuple):
        return [_plain(value) for value in data]
    return data


def previous_version(path: str | Path) -> Path:
    return Path(str(path) + ".prev")


def save_atomic(path: str | Path, text: str, keep_previous: bool = True) -> None:
    """Write `text` to `path` via a temporary file and a rename; keep the old file as .prev."""
    path = Path(path)
    try:
        handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent or ".")
    except OSError as error:
        raise BadInput(f"cannot write here ({error.strerror}); check that the folder exists and is writable",
                       str(path)) from None
    try:
        os.chmod(temporary, _mode_for(path))
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        if keep_previous and path.exists():
            shutil.copy2(path, previous_version(path))
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def _mode_for(path: Path) -> int:
    """The mode a saved file gets: the existing file's, else what the user's umask allows (0666 & ~umask)."""
    try:
        return stat.S_IMODE(path.stat().st_mode)
    except OSError:
        return 0o666 & ~_umask()


def _umask() -> int:
    """The process's umask: read from /proc where there is one (setting it, the portable way, would
    briefly change it for every thread, e.g. the table server's)."""
    try:
        for line in Path("/proc/self/status").read_text(encoding="ascii").splitlines():
            if line.startswith("Umask:"):
                return int(line.split()[1], 8)
    except (OSError, ValueError):
        pass
    mask = os.umask(0o022)
    os.umask(mask)
    return mask
