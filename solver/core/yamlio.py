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


def _construct_int(loader: _LineLoader, node: yaml.ScalarNode) -> int:
    try:
        return int(loader.construct_yaml_int(node))
    except ValueError:  # more digits than Python converts
        raise BadInput(f"the number {shown(node.value)} is too long; write a shorter one",
                       None, node.start_mark.line + 1) from None


def _construct_text(loader: _LineLoader, node: yaml.ScalarNode) -> str:
    """A date or time is kept as the text it was written as (2020-02-30 is no error, just text)."""
    return str(loader.construct_scalar(node))


for _loader in (_LineLoader, _FastLineLoader):
    _loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)
    _loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_SEQUENCE_TAG, _construct_sequence)
    _loader.add_constructor("tag:yaml.org,2002:int", _construct_int)
    _loader.add_constructor("tag:yaml.org,2002:timestamp", _construct_text)


def line_of(container: Any, key: Any = None) -> int | None:
    """The line of `key` in a loaded mapping or sequence (of the container itself without a key)."""
    if isinstance(container, LineDict | LineList):
        return container.line if key is None else container.line_of(key)
    return None


# Limits on what any input file may hold (docs/formats.md, "Limits"): a hostile file is
# refused before it is built, within a fraction of a second and at bounded memory.
MAX_FILE_BYTES = 1_000_000  # the largest bundled file is ~12 KB; a long game's state ~100 KB
MAX_DEPTH = 40  # lists and mappings nested in each other (a state file needs 6)
MAX_ITEMS = 10_000  # entries of one list or mapping
MAX_SHOWN = 80  # characters of a bad value echoed in a message


def shown(value: Any) -> str:
    """repr(value), cut to MAX_SHOWN characters: a bad value is named, never echoed at length."""
    text = repr(value)
    return text if len(text) <= MAX_SHOWN else text[: MAX_SHOWN - 1] + "…"


def read_input_bytes(path: str | Path) -> bytes:
    """The bytes of a regular file of at most MAX_FILE_BYTES; devices, pipes and folders are refused
    without being read (opening does not block on a FIFO, and nothing is read from /dev/zero)."""
    path = Path(path)
    try:
        handle = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except FileNotFoundError:
        raise BadInput("no such file; check the path", str(path)) from None
    except OSError as error:
        raise BadInput(f"cannot read the file ({error.strerror}); pass a UTF-8 YAML file", str(path)) from None
    try:
        status = os.fstat(handle)
        if stat.S_ISDIR(status.st_mode):
            raise BadInput("this is a folder, not a file; pass a YAML file", str(path))
        if not stat.S_ISREG(status.st_mode):
            raise BadInput("not a regular file (a device, pipe or socket); pass a YAML file", str(path))
        if status.st_size > MAX_FILE_BYTES:
            raise BadInput(f"the file has {status.st_size:,} bytes; an input file has at most "
                           f"{MAX_FILE_BYTES:,}", str(path))
        with os.fdopen(handle, "rb", closefd=False) as stream:
            data = stream.read(MAX_FILE_BYTES + 1)
    except OSError as error:
        raise BadInput(f"cannot read the file ({error.strerror}); pass a UTF-8 YAML file", str(path)) from None
    finally:
        os.close(handle)
    if len(data) > MAX_FILE_BYTES:  # it grew while being read
        raise BadInput(f"the file has more than {MAX_FILE_BYTES:,} bytes; an input file has at most that",
                       str(path))
    return data


def read_text(path: str | Path) -> str:
    """A regular UTF-8 file of bounded size as text; anything else is BadInput."""
    return decode_text(read_input_bytes(path), str(path))


def decode_text(data: bytes, file: str) -> str:
    """UTF-8 bytes as text; a byte that is not UTF-8 is BadInput with its line."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        raise BadInput(f"byte {data[error.start]:#04x} is not UTF-8; save the file as UTF-8 text",
                       file, line) from None


def load_yaml(path: str | Path) -> Any:
    """Parse a YAML file; unreadable, oversized or malformed files become BadInput with the line."""
    return parse_yaml(read_text(path), str(path))


def _line_at(text: str, position: int) -> int:
    return text.count("\n", 0, position) + 1


_STANDARD_TAG = "tag:yaml.org,2002:"


def _check_events(text: str, file: str, loader: type[Any]) -> None:
    """Refuse anchors and aliases, explicit tags, deep nesting and huge collections, from the
    parser's events alone: nothing is built, so an alias bomb costs no memory."""
    counts: list[int] = []
    limits: list[int] = []
    for event in yaml.parse(text, Loader=loader):
        if not isinstance(event, yaml.NodeEvent):
            if isinstance(event, yaml.CollectionEndEvent):
                counts.pop()
                limits.pop()
            continue
        line = event.start_mark.line + 1 if event.start_mark else None
        if isinstance(event, yaml.AliasEvent) or event.anchor is not None:
            raise BadInput("YAML anchors and aliases (&name, *name) are not accepted; write the value out",
                           file, line)
        tag = getattr(event, "tag", None)
        if tag not in (None, "!"):
            tag = "!!" + tag.removeprefix(_STANDARD_TAG) if tag.startswith(_STANDARD_TAG) else tag
            raise BadInput(f"YAML tags ({shown(tag)[1:-1]}) are not accepted; write the plain value "
                           "(in quotes to keep it text)", file, line)
        if counts:
            counts[-1] += 1
            if counts[-1] > limits[-1]:
                raise BadInput(f"a list or mapping with more than {MAX_ITEMS:,} entries; "
                               "an input file has at most that many in one", file, line)
        if isinstance(event, yaml.CollectionStartEvent):
            if len(counts) >= MAX_DEPTH:
                raise BadInput(f"lists and mappings nested more than {MAX_DEPTH} deep; "
                               "an input file has at most that", file, line)
            counts.append(0)
            limits.append(2 * MAX_ITEMS if isinstance(event, yaml.MappingStartEvent) else MAX_ITEMS)


def parse_yaml(text: str, file: str) -> Any:
    """Parse YAML text read from `file` (a name for messages); malformed YAML becomes BadInput with the line.

    The loader is safe and bounded: anchors, aliases and tags are refused, nesting and
    collection sizes are limited, dates stay text and numbers too long to convert are refused.
    """
    try:
        return _parse(text, file)
    except BadInput as error:
        raise error.located(file) from None


def _parse(text: str, file: str) -> Any:
    if len(text) > MAX_FILE_BYTES:
        raise BadInput(f"the text has {len(text):,} characters; an input has at most {MAX_FILE_BYTES:,}", file)
    if "\x00" in text:
        raise BadInput("a NUL character is not allowed in YAML; remove it", file, _line_at(text, text.index("\x00")))
    try:
        _check_events(text, file, _FastLineLoader)
        return yaml.load(text, Loader=_FastLineLoader)
    except yaml.YAMLError:
        pass  # read it again with the pure-Python parser: the same lines, clearer messages
    try:
        _check_events(text, file, _LineLoader)
        return yaml.load(text, Loader=_LineLoader)
    except yaml.reader.ReaderError as error:
        character = f"#x{error.character:04x}" if isinstance(error.character, int) else shown(error.character)
        raise BadInput(f"the character {character} is not allowed in YAML; remove it", file,
                       _line_at(text, error.position)) from None
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        if error.context_mark and mark and mark.index >= len(text.rstrip()):
            mark = error.context_mark  # at the end of the file: point at what was left open
        line = mark.line + 1 if mark else None
        problem = " ".join((error.problem or "invalid YAML").split())
        if error.context:
            problem += f" ({' '.join(error.context.split())})"
        raise BadInput(f"YAML syntax error: {problem}; fix the YAML at that line", file, line) from None
    except yaml.YAMLError as error:
        raise BadInput(f"YAML error: {' '.join(str(error).split())[:200]}", file) from None


def check_depth(data: Any, what: str, limit: int = MAX_DEPTH) -> Any:
    """`data` (e.g. parsed JSON) when its lists and mappings nest at most `limit` deep, else BadInput."""
    stack = [(data, 0)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict | list):
            if depth >= limit:
                raise BadInput(f"{what} nests lists and mappings more than {limit} deep; at most that")
            values = item.values() if isinstance(item, dict) else item
            stack.extend((value, depth + 1) for value in values)
    return data


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
