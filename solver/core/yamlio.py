"""YAML in and out: loading keeps line numbers for error messages, saving is atomic."""

from __future__ import annotations

import contextlib
import errno
import glob
import os
import secrets
import stat
import tempfile
import time
from collections.abc import Callable
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
    mapping.key_lines = {}
    for key_node, _ in node.value:
        key = loader.construct_object(key_node, deep=True)
        if key in mapping.key_lines:  # YAML keeps the last silently: a typo or a pasted block twice
            raise BadInput(f"the key {shown(key)} is given twice in one mapping (first at line "
                           f"{mapping.key_lines[key]}); keep one", None, key_node.start_mark.line + 1)
        mapping.key_lines[key] = key_node.start_mark.line + 1
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


def _construct_str(loader: _LineLoader, node: yaml.ScalarNode) -> str:
    text = str(loader.construct_yaml_str(node))
    if not text.isascii() and any(0xD800 <= ord(char) <= 0xDFFF for char in text):
        raise BadInput("an escape here makes an unpaired surrogate (\\ud800 to \\udfff), which is not text; "
                       "remove it", None, node.start_mark.line + 1)
    return text


for _loader in (_LineLoader, _FastLineLoader):
    _loader.add_constructor("tag:yaml.org,2002:str", _construct_str)
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
        data = _read_at_most(handle, status.st_size, MAX_FILE_BYTES + 1)
    except OSError as error:
        raise BadInput(f"cannot read the file ({error.strerror}); pass a UTF-8 YAML file", str(path)) from None
    finally:
        os.close(handle)
    if len(data) > MAX_FILE_BYTES:  # it grew while being read
        raise BadInput(f"the file has more than {MAX_FILE_BYTES:,} bytes; an input file has at most that",
                       str(path))
    return data


def _read_at_most(handle: int, size: int, limit: int) -> bytes:
    """Up to `limit` bytes of an open file of `size` bytes, in two reads when its size holds (a
    buffered read of `limit` bytes allocates all of them first: 26 of a state file's 31 µs)."""
    chunks, read = [], 0
    wanted = min(size + 1, limit)
    while read < limit:
        chunk = os.read(handle, min(wanted, limit - read))
        if not chunk:
            break
        chunks.append(chunk)
        read += len(chunk)
        wanted = 1 << 16  # it grew while being read
    return b"".join(chunks)


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


class _FastFlowDumper(getattr(yaml, "CSafeDumper", yaml.SafeDumper)):  # type: ignore[misc]
    """_FlowDumper on libyaml's emitter (4x faster): the same text for a mapping (every file this
    program writes), but that it escapes characters beyond the Basic Multilingual Plane (an emoji
    in a name), so those go to _FlowDumper."""


def _represent_list(dumper: yaml.SafeDumper, data: list[Any]) -> yaml.Node:
    flat = all(not isinstance(item, dict | list) for item in data)
    return dumper.represent_sequence("tag:yaml.org,2002:seq", data, flow_style=flat)


class FlowMap(dict[str, Any]):
    """A mapping written on one line: {type: delict, delict: arrest, ...}."""


def _represent_flow_map(dumper: yaml.SafeDumper, data: FlowMap) -> yaml.Node:
    return dumper.represent_mapping("tag:yaml.org,2002:map", dict(data), flow_style=True)


for _dumper in (_FlowDumper, _FastFlowDumper):
    _dumper.add_representer(list, _represent_list)
    _dumper.add_representer(FlowMap, _represent_flow_map)


def dump_yaml(data: Any) -> str:
    plain = _plain(data)
    dumper = _FastFlowDumper if isinstance(plain, dict) and _within_the_bmp(plain) else _FlowDumper
    return yaml.dump(plain, Dumper=dumper, sort_keys=False, allow_unicode=True, width=110)


def dump_yaml_kept_entries(data: dict[str, Any], key: str) -> str:
    """dump_yaml(data), where `key`, the mapping's last key, holds a list of mappings of plain values
    (str, int, bool, None, and lists and plain dicts of them: no FlowMap) written again and again,
    unchanged, as the list grows (a game's history: every save wrote all of it, about 0.2 ms an
    entry): each entry's text is kept, by its repr. A top-level mapping's text is its keys' texts
    one after another, and a block list's text its entries' texts, each as if alone, when one
    emitter writes them all (text beyond the Basic Multilingual Plane anywhere: the plain one)."""
    assert list(data)[-1] == key, "the entries are the mapping's last key"
    entries = data[key]
    assert all(type(entry) is dict for entry in entries), "the entries are plain mappings"
    rest = {name: value for name, value in data.items() if name != key}
    kept = [_kept_entry(key, entry) for entry in entries]
    if not entries or not _within_the_bmp(rest) or not all(within for _, within in kept):
        return dump_yaml(data)
    head = dump_yaml(rest) if rest else ""  # (an empty mapping alone is written "{}")
    return head + f"{key}:\n" + "".join(text for text, _ in kept)


_KEPT_ENTRIES: dict[tuple[str, str], tuple[str, bool]] = {}  # (key, an entry's repr) -> (its text, within the BMP)
_KEPT_LIMIT = 4096


def _kept_entry(key: str, entry: dict[str, Any]) -> tuple[str, bool]:
    """One entry of the list under `key` as the fast emitter writes it in the list's text (after
    `key:`), and whether it is all of the Basic Multilingual Plane (else the text is not used)."""
    known = (key, repr(entry))  # tells apart what YAML writes apart (1, "1", True, None)
    found = _KEPT_ENTRIES.get(known)
    if found is None:
        within = _within_the_bmp(entry)
        found = (dump_yaml({key: [entry]})[len(key) + 2:] if within else "", within)
        if len(_KEPT_ENTRIES) >= _KEPT_LIMIT:
            _KEPT_ENTRIES.clear()  # a bound, not a policy: the entries of the games going on come back at once
        _KEPT_ENTRIES[known] = found
    return found


def _within_the_bmp(data: Any) -> bool:
    """Whether every text in `data` (keys too) is of the Basic Multilingual Plane."""
    if isinstance(data, str):
        return data.isascii() or max(map(ord, data)) < 0x10000
    if isinstance(data, dict):
        return all(_within_the_bmp(key) and _within_the_bmp(value) for key, value in data.items())
    if isinstance(data, list):
        return all(map(_within_the_bmp, data))
    return True


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


STALE_TEMPORARY_SECONDS = 60  # a temporary file this old was left by a save that was killed


def _umask() -> int:
    """The process's umask, read without changing it where the system allows (Linux)."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("Umask:"):
                    return int(line.split()[1], 8)
    except (OSError, ValueError):
        pass
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def _fsync_folder(folder: Path) -> None:
    """Make a rename in `folder` durable (where the system can open a folder)."""
    try:
        handle = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        os.fsync(handle)
    except OSError:
        pass  # some file systems cannot sync a folder; the rename itself is still atomic
    finally:
        os.close(handle)


def _write_temporary(folder: Path, name: str, data: bytes, mode: int) -> Path:
    """`data` in a new temporary file beside `name`, synced to disk, with `mode`."""
    handle, temporary = tempfile.mkstemp(prefix=f".{name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
            out.flush()
            os.fchmod(out.fileno(), mode)
            os.fsync(out.fileno())
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    return Path(temporary)


_NO_HARD_LINK = frozenset({errno.EXDEV, errno.EPERM, errno.EMLINK, errno.ENOTSUP, errno.EOPNOTSUPP, errno.ENOSYS})


def _link_temporary(target: Path, previous: Path) -> Path | None:
    """A new temporary name beside `previous` for the file `target` (a hard link, no data
    written); None where the file system cannot link it there (another one, no hard links)."""
    for _ in range(100):
        temporary = previous.with_name(f".{previous.name}.{secrets.token_hex(4)}.tmp")
        try:
            os.link(target, temporary)
        except FileExistsError:
            continue
        except OSError as error:
            if error.errno in _NO_HARD_LINK:
                return None
            raise
        return temporary
    return None


_CLEANED: dict[tuple[str, str], float] = {}  # (folder, name) -> when this process last removed its stale temporaries


def _clean_stale_temporaries(folder: Path, name: str) -> None:
    """Remove temporary files of `name` left by saves that were killed: by the first save of it in
    a process, then at most once every STALE_TEMPORARY_SECONDS (listing the folder at every save
    of a busy table cost up to two milliseconds, and a temporary is not stale any sooner)."""
    now = time.time()
    if now - _CLEANED.get((str(folder), name), 0.0) < STALE_TEMPORARY_SECONDS:
        return
    _CLEANED[(str(folder), name)] = now
    for stale in folder.glob(f".{glob.escape(name)}.*.tmp"):
        try:
            if stale.is_file() and not stale.is_symlink() and now - stale.stat().st_mtime > STALE_TEMPORARY_SECONDS:
                stale.unlink()
        except OSError:
            pass


_SAVE_HINTS = {
    errno.ENOSPC: "the disk is full; free some space and try again",
    errno.EDQUOT: "the disk quota is used up; free some space and try again",
    errno.EROFS: "the file system is read-only",
    errno.EACCES: "check that the folder is writable",
    errno.EPERM: "check that the folder is writable",
}


class OutputExists(BadInput):
    """An output would replace a file: the caller says how to allow it."""


def refuse_overwrite(path: str | Path, force: bool) -> None:
    """OutputExists when `path` exists and `force` is not given: an output never replaces a file silently."""
    if not force and (Path(path).exists() or Path(path).is_symlink()):
        raise OutputExists("the file exists", str(path))


def _retired_name(previous: Path) -> Path | None:
    """A second, temporary name for the file at `previous` (a regular file only), so that replacing
    `previous` frees nothing: the file is freed when that name is removed, after the save."""
    try:
        if not stat.S_ISREG(os.lstat(previous).st_mode):
            return None
        return _link_temporary(previous, previous)  # a link swapped in meanwhile: only a name of ours, removed
    except OSError:
        return None  # the file is then freed by the rename itself, as without a second name


def remove_now(path: Path) -> None:
    """Remove a temporary name; one that cannot be removed is left to the stale temporaries' cleaning."""
    with contextlib.suppress(OSError):
        path.unlink(missing_ok=True)


def save_atomic(path: str | Path, text: str | bytes, keep_previous: bool = True,
                retire: Callable[[Path], None] = remove_now) -> None:
    """Write `text` to `path` so that a crash at any moment leaves the old or the new file, whole.

    The text goes to a temporary file beside the file, synced to disk, then renamed over
    it, and the folder is synced. With `keep_previous`, the file being replaced is kept
    as PATH.prev before the file itself is replaced, so PATH.prev is never newer than PATH:
    a second name of that very file (its data was synced when it was saved), linked in
    under a temporary name and renamed over PATH.prev (never written through a link planted
    there); a copy written as the new file is, where the file system has no hard links.
    A symbolic link at PATH is kept: the file it points to is updated. The file keeps its
    mode (a new one gets 0666 less the umask); a read-only file is refused.

    The PATH.prev being replaced is first given a temporary second name, which `retire` is given
    once the save is done (by default it is removed there and then): on ext4, freeing a file (the
    last name of its inode removed) waits about as long as a sync, so a caller that answers
    someone after the save can remove it after the answer. A temporary name a killed process
    left is removed as every stale temporary is.
    """
    path = Path(path)
    target = Path(os.path.realpath(path)) if path.is_symlink() else path
    folder = target.parent
    if path.is_symlink() and not target.exists():
        raise BadInput("this is a link to a file that does not exist; remove the link or point it at a file",
                       str(path))
    if target.is_dir():
        raise BadInput("this is a folder, not a file; give a file name", str(path))
    if not folder.is_dir():
        raise BadInput("cannot write here (no such folder); check that the folder exists and is writable",
                       str(path))
    try:
        old_status = target.stat() if target.exists() else None
    except OSError as error:
        raise BadInput(f"cannot read the file ({error.strerror})", str(path)) from None
    if old_status is not None and not stat.S_ISREG(old_status.st_mode):
        raise BadInput("not a regular file (a device, pipe or socket); give a file name", str(path))
    if old_status is not None and not old_status.st_mode & stat.S_IWUSR:
        raise BadInput("the file is read-only; make it writable (chmod u+w) to change it", str(path))
    mode = stat.S_IMODE(old_status.st_mode) if old_status else 0o666 & ~_umask()
    temporaries: list[Path] = []
    retired: Path | None = None
    try:
        _clean_stale_temporaries(folder, target.name)
        data = text.encode("utf-8") if isinstance(text, str) else text
        temporaries.append(_write_temporary(folder, target.name, data, mode))
        if keep_previous and old_status is not None:
            previous = previous_version(path)
            backup = _link_temporary(target, previous) or _write_temporary(
                previous.parent, previous.name, target.read_bytes(), mode)
            temporaries.append(backup)
            retired = _retired_name(previous)
            os.replace(backup, previous)  # replaces a link planted at .prev, never writes through it
            temporaries.remove(backup)
            if previous.parent != folder:
                _fsync_folder(previous.parent)
        os.replace(temporaries[0], target)
        temporaries.clear()
        _fsync_folder(folder)
    except BaseException as error:
        if retired is not None:
            remove_now(retired)
        if isinstance(error, OSError):
            raise _save_error(error, path, "the file is unchanged") from None
        raise
    finally:
        for temporary in temporaries:
            temporary.unlink(missing_ok=True)
    if retired is not None:
        retire(retired)


def _save_error(error: OSError, path: Path, kept: str) -> Exception:
    """A failed save as bad input with what to do, where the user can do something (a full disk)."""
    if error.errno in _SAVE_HINTS:
        return BadInput(f"cannot save ({error.strerror}); {kept}: {_SAVE_HINTS[error.errno]}", str(path))
    return error


class FileExists(BadInput):
    """`create_atomic` found a file (or a link) at the path already: nothing was written."""


def create_atomic(path: str | Path, text: str) -> None:
    """Write a new file at `path`, whole or not at all, and only if nothing is there yet.

    The text goes to a synced temporary file that is then linked in place: the link fails when
    the name exists (FileExists), so two writers can never both think they created it.
    """
    path = Path(path)
    folder = path.parent
    if not folder.is_dir():
        raise BadInput("cannot write here (no such folder); check that the folder exists and is writable", str(path))
    temporary: Path | None = None
    try:
        temporary = _write_temporary(folder, path.name, text.encode("utf-8"), 0o666 & ~_umask())
        os.link(temporary, path)
        _fsync_folder(folder)
    except FileExistsError:
        raise FileExists("the file exists already", str(path)) from None
    except OSError as error:
        raise _save_error(error, path, "nothing was written") from None
    finally:
        if temporary is not None:
            temporary.unlink(missing_ok=True)
