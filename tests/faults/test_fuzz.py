"""The input fuzzers: mutated puzzle, state, deck, board and Scandaroon files, `--clue` strings and
trick cards. Every case must end in a value or in bad input (BadInput: one line, exit code 2),
never in another exception (a traceback), and none may hang.

A seeded sample runs with the suite; a longer run is on demand: `pytest -m fuzz -s`
(FUZZ_CASES=N sets its size). Both print the figures: cases tried, tracebacks, hangs over 5 s.
"""

from __future__ import annotations

import os
import random
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from solver.core.errors import BadInput

ROOT = Path(__file__).resolve().parents[2]
HANG_SECONDS = 5.0
TOKENS = [
    "&a ", "*a", "!!float ", "!!python/object:os.system ", "!tag ", "[", "]", "{", "}", "[[[[[[[[", ": ", "- ",
    "? ", ",", "'", '"', "\t", "\x00", "\x07", "\ufeff", ".inf", "-.inf", ".nan", "-1", "0", "1e999",
    "9" * 4400, "0x1F", "0o17", "2020-02-30", "2001-12-14t21:59:43.10-05:00", "~", "null", "yes", "no",
    "<<: {a: 1}", "---\n", "...\n", "%YAML 1.1\n", "|\n", ">\n", "é", "😀", "\\", "#", "x" * 300, "\n", "  ",
]


def _state_text() -> str:
    from solver.core.board import load_board
    from solver.core.deck import load_deck
    from solver.table.rules import pass_turn, play
    from solver.table.state import new_game

    state, board, deck = new_game(["Anna", "Ben", "Carl"]), load_board(), load_deck()
    for number in (11, 38, 5, 60, 23, 70):
        try:
            play(state, deck.card(number), board, number)
        except Exception:  # a card the board refuses: pass instead
            pass_turn(state)
    return state.to_yaml()


def _files() -> dict[str, str]:
    return {
        "puzzle": (ROOT / "puzzles" / "tutorial-1.yaml").read_text(encoding="utf-8"),
        "state": _state_text(),
        "deck": (ROOT / "data" / "deck.yaml").read_text(encoding="utf-8"),
        "board": (ROOT / "data" / "board.yaml").read_text(encoding="utf-8"),
        "scandaroon-deck": (ROOT / "data" / "scandaroon-deck.yaml").read_text(encoding="utf-8"),
        "symbols": (ROOT / "data" / "scandaroon-symbols.yaml").read_text(encoding="utf-8"),
    }


def _load_state_and_undo(path: Path) -> object:
    from solver.table.state import load_state

    state = load_state(path)
    while state.history:
        state.pop()
    return state


def _loaders() -> dict[str, Callable[[Path], object]]:
    from solver.cardgames.scandaroon.deck import load_deck as scandaroon_deck
    from solver.cardgames.scandaroon.symbols import load_symbols
    from solver.core.board import load_board
    from solver.core.deck import load_deck
    from solver.solo.puzzle import load_puzzle

    return {"puzzle": load_puzzle, "state": _load_state_and_undo, "deck": load_deck, "board": load_board,
            "scandaroon-deck": scandaroon_deck, "symbols": load_symbols}


def mutate(text: str, rng: random.Random) -> str:
    """A few random edits: a token inserted, a line dropped, doubled or swapped, a character changed,
    the text cut short."""
    for _ in range(rng.randint(1, 4)):
        lines = text.split("\n")
        kind = rng.randrange(6)
        at = rng.randrange(len(lines))
        if kind == 0:
            line = lines[at]
            cut = rng.randint(0, len(line))
            lines[at] = line[:cut] + rng.choice(TOKENS) + line[cut:]
        elif kind == 1 and len(lines) > 1:
            del lines[at]
        elif kind == 2:
            lines.insert(at, lines[at])
        elif kind == 3:
            other = rng.randrange(len(lines))
            lines[at], lines[other] = lines[other], lines[at]
        elif kind == 4 and lines[at]:
            cut = rng.randrange(len(lines[at]))
            lines[at] = lines[at][:cut] + chr(rng.randrange(32, 0x250)) + lines[at][cut + 1:]
        else:
            return "\n".join(lines)[: rng.randrange(len(text) + 1)]
        text = "\n".join(lines)
    return text


def _clue_text(rng: random.Random) -> str:
    base = rng.choice(["{type: delict, delict: murder, locations: [Kirn, Boos, Simmern, Hundsbach]}",
                       '{"type": "district", "district": "NW"}', "{type: not, delict: arrest, location: Kirn}"])
    return mutate(base, rng) if rng.random() < 0.8 else "".join(rng.choice(TOKENS) for _ in range(rng.randint(1, 6)))


def _trick(rng: random.Random) -> tuple[str, ...]:
    cards = ["r4", "r7", "J10", "g8", "Fool", "c4", "cA", "sK", "y1", "b12", "W", "x", "", "r99", "J0", "🙂"]
    return tuple(mutate(rng.choice(cards), rng) if rng.random() < 0.3 else rng.choice(cards)
                 for _ in range(rng.randint(2, 6)))


@dataclass
class Figures:
    cases: int = 0
    tracebacks: list[str] = field(default_factory=list)
    hangs: list[str] = field(default_factory=list)
    slowest: float = 0.0

    def run(self, name: str, case: Callable[[], object]) -> None:
        self.cases += 1
        start = time.perf_counter()
        try:
            case()
        except BadInput as error:
            assert "\n" not in str(error), f"{name}: a message on two lines: {error}"
        except Exception:
            self.tracebacks.append(f"{name}:\n{traceback.format_exc()}")
        took = time.perf_counter() - start
        self.slowest = max(self.slowest, took)
        if took > HANG_SECONDS:
            self.hangs.append(f"{name}: {took:.1f} s")

    def report(self, label: str) -> str:
        return (f"{label}: {self.cases} cases, {len(self.tracebacks)} tracebacks, "
                f"{len(self.hangs)} hangs over {HANG_SECONDS:g} s (slowest {self.slowest:.2f} s)")


def fuzz(cases_per_kind: int, seed: int, folder: Path) -> Figures:
    from solver.commands.game import parse_card
    from solver.commands.schadenfreude import parse_trick
    from solver.core.deck import load_deck

    figures, rng, deck = Figures(), random.Random(seed), load_deck()
    loaders = _loaders()
    for kind, text in _files().items():
        for index in range(cases_per_kind):
            path = folder / f"{kind}-{index}.yaml"
            path.write_text(mutate(text, rng), encoding="utf-8", errors="surrogatepass")
            figures.run(f"{kind} #{index} ({path})", lambda path=path, kind=kind: loaders[kind](path))
    for _ in range(cases_per_kind):
        clue = _clue_text(rng)
        figures.run(f"--clue {clue[:80]!r}", lambda clue=clue: parse_card(None, clue, deck))
        trick = _trick(rng)
        figures.run(f"trick {trick!r}", lambda trick=trick: parse_trick(trick, "auto"))
    return figures


def test_a_seeded_sample_of_fuzzed_inputs_gives_no_traceback(tmp_path):
    figures = fuzz(40, seed=2024, folder=tmp_path)  # 8 kinds x 40 = 320 cases
    print(figures.report("fuzz sample"))
    assert not figures.tracebacks, figures.tracebacks[0]


@pytest.mark.fuzz
def test_a_long_fuzz_run(tmp_path):
    per_kind = int(os.environ.get("FUZZ_CASES", "500"))
    figures = fuzz(per_kind, seed=int(os.environ.get("FUZZ_SEED", "1")), folder=tmp_path)
    print(figures.report("fuzz run"))
    assert not figures.tracebacks, "\n".join(figures.tracebacks[:3])
    assert not figures.hangs, figures.hangs
