"""The repository stands on its own: no file refers to documents outside it, to issue numbers or
to paths on a particular machine, and the documentation's links and file names resolve.

The patterns are built from pieces so that this file does not match them itself.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
WALKED = ("solver", "docs", "data", "bench", "tests", "puzzles", ".ci", "README.md", "cli.py", "pyproject.toml")

_SPEC = "sp" + "ec"
_ISSUE = "iss" + "ue"
FORBIDDEN = {
    "a section of an outside document": re.compile(
        r"\b" + _SPEC + r"(ification)?\s*(section|§)|§\s*\d|\bthe " + _SPEC + r"\b|\b" + _SPEC + r"'s\b",
        re.IGNORECASE),
    "a document outside the repository": re.compile("|".join(re.escape(name) for name in (
        "inter" + "faces.md", "perfor" + "mance.md", "STY" + "LE.md", "rule" + "book.txt"))),
    "the shared folder": re.compile(re.escape(".." + "/shared") + r"|\bshared/(" + _SPEC + "|seeds|hooks)\\b"),
    "an issue number": re.compile(r"\b" + _ISSUE + r"s?\s*#?\d+|\(" + _ISSUE + r"|\(#\d+\)", re.IGNORECASE),
    "a path on one machine": re.compile(
        r"(?<![\w.~-])/(" + "|".join(("wo" + "rk", "t" + "mp", "ro" + "ot", "ho" + "me")) + r")/"),
}


def tracked_files() -> list[Path]:
    """Every file git tracks; without git (an unpacked copy), the project's folders walked."""
    try:
        listing = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout
        files = [ROOT / name for name in listing.decode("utf-8").split("\0") if name]
    except (OSError, subprocess.CalledProcessError):
        files = []
    if not files:
        for name in WALKED:
            path = ROOT / name
            files += [path] if path.is_file() else [p for p in sorted(path.rglob("*")) if p.is_file()]
    return [path for path in files if path.is_file()]


def text_of(path: Path) -> str | None:
    """The file's text, or None for a binary file."""
    data = path.read_bytes()
    if b"\0" in data:
        return None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return None


def test_no_file_refers_outside_the_repository():
    found = []
    for path in tracked_files():
        text = text_of(path)
        if text is None:
            continue
        for number, line in enumerate(text.splitlines(), 1):
            for what, pattern in FORBIDDEN.items():
                match = pattern.search(line)
                if match:
                    found.append(f"{path.relative_to(ROOT)}:{number}: {what}: {match.group(0)!r} in {line.strip()!r}")
    assert not found, "replace with a docs/ page, or drop:\n" + "\n".join(found)


@pytest.mark.parametrize(("line", "what"), [
    ("as in " + _SPEC + " section 4", "a section of an outside document"),
    ("see " + "inter" + "faces.md", "a document outside the repository"),
    ("from " + ".." + "/sha" + "red/seeds", "the shared folder"),
    ("see " + "rule" + "book.txt", "a document outside the repository"),
    ("asked in " + _ISSUE + " 12", "an issue number"),
    ("(" + _ISSUE + " 3)", "an issue number"),
    ("in " + "/wo" + "rk/wt/x.txt", "a path on one machine"),
    ("file " + "/t" + "mp/x", "a path on one machine"),
])
def test_the_patterns_catch_what_they_are_for(line, what):
    assert FORBIDDEN[what].search(line)


@pytest.mark.parametrize("line", [
    "bots_spec = 'greedy'", "def _bot_names(spec: str)", "solver/table/rules.py", "data/board.yaml",
    "an issue with the file", "python bench/bench_solve.py", "tmp_path / 'game.yaml'",
])
def test_the_patterns_leave_ordinary_text_alone(line):
    assert not [what for what, pattern in FORBIDDEN.items() if pattern.search(line)]


DOCS = sorted((ROOT / "docs").glob("*.md"))
LINK = re.compile(r"\]\(([^)\s]+)\)")


def _links(path: Path) -> list[str]:
    return [target for target in LINK.findall(path.read_text(encoding="utf-8")) if "://" not in target]


def test_readme_links_the_docs_that_exist():
    readme = ROOT / "README.md"
    targets = {target.split("#")[0] for target in _links(readme)}
    assert {"docs/formats.md", "docs/rules.md"} <= targets
    missing = [target for target in targets if target.startswith("docs/") and not (ROOT / target).is_file()]
    assert not missing, f"README.md links missing pages: {missing}"
    assert {f"docs/{page.name}" for page in DOCS} <= targets, "every docs/ page is linked from README.md"


@pytest.mark.parametrize("page", [ROOT / "README.md", *DOCS], ids=lambda path: path.name)
def test_relative_links_resolve(page):
    missing = [target for target in _links(page)
               if target.split("#")[0] and not (page.parent / target.split("#")[0]).exists()]
    assert not missing, f"{page.name} links missing files: {missing}"


# a path named in backquotes, e.g. `solver/table/rules.py`; placeholders such as box-N are skipped
NAMED_PATH = re.compile(r"`((?:solver|tests|bench|data|docs|puzzles)/[\w./-]*)`")


@pytest.mark.parametrize("page", [ROOT / "README.md", *DOCS], ids=lambda path: path.name)
def test_files_the_docs_name_exist(page):
    named = NAMED_PATH.findall(page.read_text(encoding="utf-8"))
    missing = [path for path in named if not re.search(r"\b[A-Z]+\b", path) and not (ROOT / path).exists()]
    assert not missing, f"{page.name} names files that do not exist: {missing}"


# ----- one vocabulary: group colours and card numbers are defined in solver/core/vocabulary.py only

VOCABULARY = "solver/core/vocabulary.py"
SOURCE_SUFFIXES = (".py", ".js", ".ts", ".css", ".html")
# A card number as code or text: the last numbers (73, 76, 77 as in range(1, 77)) anywhere; a range
# of card numbers ("17-32", "57–72", "1 to 76"; not "1-16", which as often names rules); the last
# table card compared with or set as a maximum ("<= 72", "max: 72"). 72 points an inch stays.
CARD_NUMBER = re.compile(
    r"(?<![\w.#-])(?:73|76|77)(?![\w.%])"
    r"|(?<![\w.])(?:1|17|33|57|73)\s*(?:-|–|to)\s*(?:32|56|72|76)(?!\d)"
    r"|(?:<=?|>=?|==|max:)\s*72(?!\d)")


def _vocabulary_hexes() -> set[str]:
    """The colours that tell the groups apart (the text colour on them is black or white, as elsewhere)."""
    from solver.core.vocabulary import PALETTE

    return {colour.lower() for entry in PALETTE.values() for role, colour in vars(entry).items()
            if role not in ("hatch", "ink")}


def _drawing_from_the_vocabulary() -> list[tuple[Path, str]]:
    """The source files of solver/ (Python, the pages' scripts, styles and HTML) that must draw from it."""
    found = []
    for path in tracked_files():
        name = path.relative_to(ROOT).as_posix()
        if not name.startswith("solver/") or not name.endswith(SOURCE_SUFFIXES) or name == VOCABULARY:
            continue
        text = text_of(path)
        if text is not None:
            found.append((path, text))
    return found


def test_group_colours_are_defined_only_in_the_vocabulary():
    hexes = _vocabulary_hexes()
    found = [f"{path.relative_to(ROOT)}:{number}: {match.group(0)}"
             for path, text in _drawing_from_the_vocabulary()
             for number, line in enumerate(text.splitlines(), 1)
             for match in re.finditer(r"#[0-9a-fA-F]{6}\b", line) if match.group(0).lower() in hexes]
    assert not found, f"take the group colours from {VOCABULARY} (the pages: --group-COLOUR-ROLE):\n" + "\n".join(found)


def test_card_numbers_are_defined_only_in_the_vocabulary():
    found = [f"{path.relative_to(ROOT)}:{number}: {match.group(0)!r} in {line.strip()!r}"
             for path, text in _drawing_from_the_vocabulary()
             for number, line in enumerate(text.splitlines(), 1)
             for match in [CARD_NUMBER.search(line)] if match]
    assert not found, f"take card numbers and ranges from {VOCABULARY}:\n" + "\n".join(found)


@pytest.mark.parametrize("line", [
    "CARD_NUMBERS = range(1, 77)", "if (number <= 72) return", "max: 72,", "numbered 1 to 76",
    "# 73-76: the solo cards", "57-72 D (location)", "const HIGHEST_CARD = 76;",
])
def test_the_card_number_pattern_catches_card_numbers(line):
    assert CARD_NUMBER.search(line)


@pytest.mark.parametrize("line", [
    "size * 1.22 / 72", "[BOX.height - AREA_TOP - 4, 72, 58]", "rules 1-16", "width: 760px", "0.76",
    "#2d6c76", "rules 13-16",
])
def test_the_card_number_pattern_leaves_other_numbers_alone(line):
    assert not CARD_NUMBER.search(line)
