"""A step-by-step deduction a person can follow, from the cards alone.

Runs the technique ladder (solver/techniques.py), restarting from the easiest
technique after every deduction, and records the hardest one used: that is the
puzzle's difficulty. Where the ladder runs out, says so and lets a search decide.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import Literal

from solver.core import names
from solver.core.bits import FULL, bit, indices
from solver.core.board import Board
from solver.solo.puzzle import Puzzle
from solver.solo.techniques import (
    TECHNIQUE_BY_NAME,
    TECHNIQUES,
    Candidates,
    Contradiction,
    Deduction,
    next_deduction,
    with_truth,
)

# solved; unfinished: the ladder ran out; impossible: the cards contradict each other
ExplanationStatus = Literal["solved", "unfinished", "impossible"]


@dataclass
class Explanation:
    steps: list[Deduction] = field(default_factory=list)
    status: ExplanationStatus = "unfinished"
    final: Candidates | None = None
    contradiction: str | None = None

    @property
    def hardest(self) -> str | None:
        if not self.steps:
            return None
        return max((TECHNIQUE_BY_NAME[step.technique] for step in self.steps), key=lambda t: t.level).name

    @property
    def difficulty(self) -> str | None:
        """easy, medium, hard or expert when the ladder solves the puzzle; None otherwise."""
        if self.status != "solved" or self.hardest is None:
            return None
        return TECHNIQUE_BY_NAME[self.hardest].difficulty

    def lines(self) -> list[str]:
        """The explanation for a person: what the cards say on their own under one heading, then
        the deductions, numbered, each with its chain; then how it ends."""
        readings = list(itertools.takewhile(lambda step: step.technique == "card", self.steps))
        shown = []
        if readings:
            shown.append(f"What the {len(readings)} cards say on their own:")
            shown += [f"     {step.reason}" for step in readings]
            shown.append("Deductions:")
        for number, step in enumerate(self.steps[len(readings):], 1):
            shown.append(f"{number:>3}. [{step.technique}] {step.reason}")
            shown += [f"       {letter}) {line}" for letter, line in zip(_letters(), step.chain, strict=False)]
        return shown + self._ending()

    def _ending(self) -> list[str]:
        if self.status == "solved":
            return [f"Solved, using techniques up to '{self.hardest}' (difficulty: {self.difficulty})."]
        if self.status == "impossible":
            return [f"The cards contradict each other: {self.contradiction}."]
        masks = self.final.masks if self.final else []
        remaining = [(names.DELICTS[d], mask) for d, mask in enumerate(masks) if mask.bit_count() > 1]
        width = max((len(delict) for delict, _ in remaining), default=0)
        table = [f"  {delict:<{width}}  {mask.bit_count():>2}: {_open_places(mask)}" for delict, mask in remaining]
        return [f"Human-style steps run out here: {len(remaining)} delicts are still open (places left):",
                *table, "A search (CP-SAT) decides the rest: see the solution below."]

    def open_candidates(self) -> dict[str, list[str]]:
        """Each delict with more than one place left when the ladder stopped -> those places."""
        masks = self.final.masks if self.final else []
        return {names.DELICTS[d]: [names.LOCATIONS[i] for i in indices(mask)]
                for d, mask in enumerate(masks) if mask.bit_count() > 1}


def _open_places(mask: int) -> str:
    """The places a delict has left, short: listed, or past half the board the ones it has not."""
    if mask == FULL:
        return "anywhere"
    if mask.bit_count() <= len(names.LOCATIONS) // 2:
        return ", ".join(names.LOCATIONS[i] for i in indices(mask))
    return "anywhere but " + ", ".join(names.LOCATIONS[i] for i in indices(FULL & ~mask))


def _letters():
    from itertools import count

    for n in count():
        yield chr(ord("a") + n % 26) + ("" if n < 26 else str(n // 26))


def explain_puzzle(puzzle: Puzzle, board: Board, max_steps: int = 500) -> Explanation:
    """The ladder's steps for the puzzle (its solution, when the file has one the cards hold for,
    spares the trials the cases it places: they never reach a contradiction)."""
    return explain_clues(puzzle.clues, board, max_steps, start=with_truth(
        Candidates.everything(), puzzle.solution, puzzle.clues, board))


def explain_clues(clues, board: Board, max_steps: int = 500, ladder=TECHNIQUES,
                  start: Candidates | None = None) -> Explanation:
    """The ladder's steps from `start` (default: nothing known yet)."""
    state = start.copy() if start else Candidates.everything()
    explanation = Explanation()
    try:
        while len(explanation.steps) < max_steps:
            deduction = next_deduction(state, clues, board, ladder)
            if deduction is None:
                break
            explanation.steps.append(deduction)
            state.apply(deduction)
    except Contradiction as why:
        explanation.status, explanation.contradiction = "impossible", str(why)
        explanation.final = state
        return explanation
    explanation.final = state
    explanation.status = "solved" if state.solved() else "unfinished"
    return explanation


def known_state(known: dict[str, str]) -> Candidates:
    """Candidates with each known delict on its location and off every other delict's list."""
    state = Candidates.everything()
    for location, delict in known.items():
        here, d = bit(names.LOCATION_INDEX[location]), names.DELICT_INDEX[delict]
        state.masks = [mask & ~here for mask in state.masks]
        state.masks[d] = here
    return state
