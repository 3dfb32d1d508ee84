"""Writes tests/solo/golden/explain.json.gz (gzip, deterministic): every bundled puzzle's explanation
document and the hint document of each sample grid (tests/solo/explain_samples.py). Run once before changing the ladder:

    PYTHONPATH=. python3 tests/solo/record_golden.py
"""

from __future__ import annotations

import gzip
import json
from pathlib import Path

from solver.core.board import load_board
from solver.documents.solo import explain_document, hint_document
from solver.solo.explain import explain_puzzle
from solver.solo.hints import grid_hint
from tests.solo.explain_samples import grid_key, puzzles, sample_grids, solution_of

GOLDEN = Path(__file__).parent / "golden" / "explain.json.gz"


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


if __name__ == "__main__":
    GOLDEN.parent.mkdir(exist_ok=True)
    text = json.dumps(documents(), indent=0, ensure_ascii=False, sort_keys=True) + "\n"
    GOLDEN.write_bytes(gzip.compress(text.encode(), mtime=0))
    print(GOLDEN)
