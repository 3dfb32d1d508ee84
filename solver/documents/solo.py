"""Every JSON answer about a solo puzzle, built once: `solve`, `solve --explain`, `hint` and `odds`
print these with `--json`, and the served routes under `/api/puzzles/NAME/` return them unchanged
(docs/formats.md, "JSON documents").
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from solver.core import names

if TYPE_CHECKING:
    from solver.core.board import Board
    from solver.counting.odds import Odds
    from solver.solo.explain import Explanation
    from solver.solo.hints import Grid, GridHint, Pair, Ruling
    from solver.solo.puzzle import Puzzle
    from solver.solo.solve import Outcome
    from solver.solo.techniques import Deduction


def solve_document(outcome: Outcome) -> dict[str, Any]:
    """The solution, proven unique or not: `unique`, `multiple` (with a second one) or `none` (with a
    smallest conflicting set of clues), how it was proven, and agreement with the file's solution."""
    def shown(solution: dict[str, str] | None) -> dict[str, str] | None:
        return dict(solution) if solution else None

    document: dict[str, Any] = {"status": outcome.status, "solution": shown(outcome.solution)}
    if outcome.status == "multiple":
        document["second"] = shown(outcome.second)
    if outcome.status == "none":
        document["conflict"] = outcome.conflict
    if outcome.agreeing is not None:
        document["agreeing"] = outcome.agreeing
    if outcome.disagreements:
        document["disagreements"] = [{"location": loc, "expected": want, "found": got}
                                     for loc, want, got in outcome.disagreements]
    document["proof"] = outcome.proof
    return document


def step_document(deduction: Deduction) -> dict[str, Any]:
    """A step of an explanation: technique, cards, reason, chain and the (delict, location) pairs it rules out."""
    return {"technique": deduction.technique, "cards": deduction.cards, "reason": deduction.reason,
            "chain": deduction.chain,
            "removals": [{"delict": names.DELICTS[d], "location": names.LOCATIONS[loc]}
                         for d, loc in deduction.removals]}


def explain_document(explanation: Explanation) -> dict[str, Any]:
    """The step-by-step deduction: every step, the grade, and where it stops when it does."""
    return {"status": explanation.status, "difficulty": explanation.difficulty, "hardest": explanation.hardest,
            "steps": [step_document(step) for step in explanation.steps],
            "open": explanation.open_candidates() if explanation.status == "unfinished" else {},
            "contradiction": explanation.contradiction}


def hint_document(found: GridHint, puzzle: Puzzle) -> dict[str, Any]:
    """A hint from a grid: status and message always; a step's technique, grade, reason, the cards
    it rests on (by label and by clue number), the cells it rules out and the ones it settles, and
    what rules out each cell its reason takes as ruled out (`ruled_out`)."""
    document: dict[str, Any] = {"status": found.status, "message": found.message()}
    if found.status == "wrong":
        document["wrong"] = found.wrong
    if found.step is not None:
        numbers = {entry.label: number for number, entry in reversed(list(enumerate(puzzle.clues, 1)))}
        document.update({
            "technique": found.step.technique, "difficulty": found.difficulty, "reason": found.step.reason,
            "chain": found.step.chain, "cards": found.cards, "clues": [numbers[label] for label in found.cards],
            "removals": [cell(pair) for pair in found.removals],
            "placements": [cell(pair) for pair in found.placements],
            "ruled_out": [ruling_document(ruling, numbers) for ruling in found.ruled_out],
        })
    return document


def ruling_document(ruling: Ruling, numbers: dict[str, int]) -> dict[str, Any]:
    """A cell a hint takes as ruled out and what rules it out: `by` "card" (`cards`, `clues`),
    "placed" (`placed`: the placement in its row or column) or "crossed" (crossed out on the grid)."""
    return {"location": ruling.location, "delict": ruling.delict, "by": ruling.by, "cards": list(ruling.cards),
            "clues": [numbers[label] for label in ruling.cards],
            "placed": cell(ruling.placed) if ruling.placed else None}


def grid_check_document(grid: Grid, solution: dict[str, str], which: bool) -> dict[str, Any]:
    """The grid checked against the solution: how many entries are wrong, solved or not (solved:
    every delict placed, not only left one place), and with `which` the wrong entries themselves."""
    wrong = grid.wrong(solution)
    solved = not wrong and grid.solved()
    if solved:
        message = "Solved: every delict has its place."
    elif wrong:
        message = f"{_entries(len(wrong))} wrong."
    elif (state := grid.candidates()).solved():
        left = len(grid.unplaced(state))
        last = "the last delict" if left == 1 else f"the last {left} delicts"
        message = f"Nothing wrong, and your grid leaves one place for every delict: place {last} to finish."
    else:
        message = f"Nothing wrong so far ({_entries(grid.entries())} entered)."
    document: dict[str, Any] = {"wrong": len(wrong), "entries": grid.entries(), "solved": solved, "message": message}
    if which:
        document["wrong_entries"] = [{**cell(pair), "entry": "placed" if pair in grid.placed else "crossed"}
                                     for pair in wrong]
    return document


def _entries(count: int) -> str:
    return "1 entry" if count == 1 else f"{count} entries"


def cell(pair: Pair) -> dict[str, str]:
    """A cell of the grid: `{"location": ..., "delict": ...}`."""
    return {"location": pair[0], "delict": pair[1]}


def odds_document(odds: Odds) -> dict[str, Any]:
    """Per location and delict, the exact count and share of the solutions; `odds` null when none."""
    return odds.to_dict()


def explained(puzzle: Puzzle, board: Board) -> dict[str, Any]:
    from solver.solo.explain import explain_puzzle

    return explain_document(explain_puzzle(puzzle, board))
