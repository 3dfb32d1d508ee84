"""The docs tell the truth: every ```console block of README.md and docs/*.md runs as written.

Each block runs in a fresh temporary folder (holding links to the repository's `puzzles/` and
`data/`), its `$ schinderhannes ...` lines in order. A line followed by output lines must print
that first line first (`...` stands for any text); every command must exit 0, or 1 (a negative
answer) where the block shows what it prints. A block preceded by an HTML comment
`<!-- not run: why -->` (one that starts a server, opens a browser) is skipped, and counted.
"""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass, field
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
NOT_RUN = re.compile(r"<!--\s*not run:[^>]*-->\s*$")


@dataclass
class Command:
    line: int
    text: str  # after the `$ `
    expected: list[str] = field(default_factory=list)  # the output lines shown after it


@dataclass
class Block:
    document: Path
    line: int
    skipped: bool
    commands: list[Command]

    @property
    def name(self) -> str:
        return f"{self.document.name}:{self.line}"


def console_blocks(document: Path) -> list[Block]:
    lines = document.read_text(encoding="utf-8").splitlines()
    blocks: list[Block] = []
    index = 0
    while index < len(lines):
        if lines[index].strip() != "```console":
            index += 1
            continue
        before = [line for line in lines[:index] if line.strip()]
        skipped = bool(before) and bool(NOT_RUN.search(before[-1]))
        block = Block(document, index + 1, skipped, [])
        index += 1
        while index < len(lines) and lines[index].strip() != "```":
            text = lines[index]
            if text.startswith("$ "):
                block.commands.append(Command(index + 1, text[2:]))
            elif block.commands:
                block.commands[-1].expected.append(text)
            index += 1
        blocks.append(block)
        index += 1
    return blocks


BLOCKS = [block for document in DOCUMENTS for block in console_blocks(document)]


def test_the_docs_have_console_blocks_and_skip_only_marked_ones():
    run_blocks = [block for block in BLOCKS if not block.skipped]
    skipped = [block for block in BLOCKS if block.skipped]
    assert run_blocks, "no console block found"
    assert len(skipped) <= 2, f"blocks not run: {[block.name for block in skipped]}"  # a server, a browser
    for block in BLOCKS:
        assert block.commands, f"{block.name}: a console block without a `$ ` line"


def _matches(expected: str, found: str) -> bool:
    pattern = ".*".join(re.escape(part) for part in expected.strip().split("..."))
    return re.fullmatch(pattern, found.strip()) is not None


@pytest.mark.parametrize("block", [block for block in BLOCKS if not block.skipped], ids=lambda block: block.name)
def test_console_block_runs_as_written(block: Block, run, tmp_path, monkeypatch):
    for folder in ("puzzles", "data"):
        (tmp_path / folder).symlink_to(ROOT / folder, target_is_directory=True)
    monkeypatch.chdir(tmp_path)
    for command in block.commands:
        where = f"{block.document.name}:{command.line}: {command.text}"
        words = shlex.split(command.text, comments=True)
        assert words and words[0] == "schinderhannes", f"{where}: not a schinderhannes command"
        code, out, err = run(*words[1:])
        shown = (out or err).splitlines()
        first = shown[0] if shown else ""
        assert code in (0, 1), f"{where}: exit code {code}: {err.strip()}"
        if command.expected:
            assert _matches(command.expected[0], first), f"{where}: printed {first!r}, the doc shows " \
                                                         f"{command.expected[0]!r}"
        else:
            assert code == 0, f"{where}: exit code 1 ({first!r}); show the output in the doc"
