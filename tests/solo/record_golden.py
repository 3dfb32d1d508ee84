"""Writes tests/solo/golden/explain.json.gz (gzip, deterministic): every bundled puzzle's explanation
document and the hint document of each sample grid (tests/solo/explain_samples.py); and
tests/solo/golden/grading.json.gz: the grader's explanation of every bundled puzzle with the ladder
cut at each level (the generator's `solvable_within`). Run once before changing the ladder:

    PYTHONPATH=. python3 tests/solo/record_golden.py
"""

from __future__ import annotations

import gzip
import json
from pathlib import Path

from solver.core.board import load_board
from solver.documents.solo import explain_document, hint_document
from solver.solo.explain import explain_clues, explain_puzzle
from solver.solo.hints import grid_hint
from solver.solo.techniques import GRADING_TECHNIQUES
from tests.solo.explain_samples import grid_key, puzzles, sample_grids, solution_of

GOLDEN = Path(__file__).parent / "golden" / "explain.json.gz"
GRADING = Path(__file__).parent / "golden" / "grading.json.gz"


def documents() -> dict:
    board = load_board()
    recorded = {}
    for name, puzzle in puzzles().items():
        solution = solution_of(puzzle, board)
        recorded[name] = {
            "explanation": explain_document(explain_puzzle(puzzle, board)),
            "hints": [{"grid": label, **grid_key(grid),
                       "hint": hint_document(grid_hint(puzzle, board, grid, solution), puzzle)}
                      for label, grid in sample_grids(puzzle, board, solution)],
        }
    return recorded


def grading_documents() -> dict:
    """Per bundled puzzle and ladder level, the grader's explanation document (its ladder cut there)."""
    board = load_board()
    levels = sorted({technique.level for technique in GRADING_TECHNIQUES})
    return {name: {str(level): explain_document(explain_clues(
        puzzle.clues, board, ladder=[technique for technique in GRADING_TECHNIQUES if technique.level <= level]))
        for level in levels} for name, puzzle in puzzles().items()}


def write(path: Path, recorded: dict) -> None:
    path.parent.mkdir(exist_ok=True)
    text = json.dumps(recorded, indent=0, ensure_ascii=False, sort_keys=True) + "\n"
    path.write_bytes(gzip.compress(text.encode(), mtime=0))
    print(path)


if __name__ == "__main__":
    write(GOLDEN, documents())
    write(GRADING, grading_documents())
