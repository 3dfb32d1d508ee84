"""Hints from what the player has found: the next step of the technique ladder, and wrong entries.

Two starting points share the ladder (`solver.solo.techniques`):

- placements known so far (the command line's `hint --known`): a placement no solution has is
  named, else the ladder's steps start from there;
- a player's elimination grid (the solo page): crossed-out and placed cells. A wrong entry is
  counted, never named. Otherwise the hint is the first *real* deduction: the cards that only
  say what is printed on them (a delict's places, a location's delicts, a "not" card) are read
  silently first, and the hint is the first step that narrows the grid beyond that, with every
  card it rests on.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Literal

from solver.core import names
from solver.core.board import Board
from solver.solo.explain import known_state
from solver.solo.puzzle import Puzzle, PuzzleClue
from solver.solo.solve import impossible_placements
from solver.solo.techniques import (
    TECHNIQUE_BY_NAME,
    TECHNIQUES,
    Candidates,
    Contradiction,
    Deduction,
    Technique,
    card_rules_out,
    last_places,
    next_deduction,
    premise_cells,
    read_cards,
    single_card,
    trial_is,
    with_truth,
)

Pair = tuple[str, str]  # (location, delict), display names
Cause = Literal["card", "placed", "crossed"]


# --- from known placements (the command line) -------------------------------------------------

GridStatus = Literal["step", "solved", "stuck", "wrong"]


@dataclass
class KnownHint:
    wrong: list[str] | None  # None: the placements can all be right; else the locations wrong alone
    step: Deduction | None = None  # the asked-for step, when the placements can be right and there is one
    hint: GridHint | None = None  # that step as the grid hints give it (cards it rests on, what it settles)
    status: GridStatus = "step"  # solved or stuck: there is no such step, the hints end after `steps`
    steps: int = 0  # with solved or stuck: how many steps there are from the known placements


def hint_from_known(puzzle: Puzzle, board: Board, known: dict[str, str], step: int = 1) -> KnownHint:
    """Step `step` of the hints from the known placements (location -> delict), or what is wrong.

    The same hints the solo page gives on a grid (`next_step`): the first deduction that narrows
    something beyond the cards' own text, each step applied before the next is sought; past the
    last one, how many there are (solved, or stuck where the techniques stop)."""
    wrong = impossible_placements(puzzle, board, known) if known else None
    if wrong is not None:
        return KnownHint(wrong)
    grid = Grid(frozenset(known.items()))
    for number in range(1, step + 1):
        found = next_step(puzzle, board, grid, support=number == step, solution=puzzle.solution)
        if found.status != "step":
            return KnownHint(None, status=found.status, steps=number - 1)
        if number == step:
            return KnownHint(None, found.step, found)
        grid = Grid(grid.placed | frozenset(found.placements), grid.crossed | frozenset(found.removals))
    raise AssertionError("unreachable: step is at least 1")


# --- from an elimination grid (the solo page) --------------------------------------------------

@dataclass(frozen=True)
class Grid:
    """The player's grid: cells placed (the delict took place there) and cells crossed out."""

    placed: frozenset[Pair] = frozenset()
    crossed: frozenset[Pair] = frozenset()

    def entries(self) -> int:
        return len(self.placed) + len(self.crossed)

    def wrong(self, solution: dict[str, str]) -> list[Pair]:
        """Entries that disagree with the solution (location -> delict), in board order."""
        bad = {pair for pair in self.placed if solution.get(pair[0]) != pair[1]}
        bad |= {pair for pair in self.crossed if solution.get(pair[0]) == pair[1]}
        return _board_order(bad)

    def candidates(self) -> Candidates:
        """What the grid shows: crossed cells removed, a placed delict alone in its row and column."""
        state = known_state(dict(self.placed))
        for location, delict in self.crossed:
            state.masks[names.DELICT_INDEX[delict]] &= ~(1 << names.LOCATION_INDEX[location])
        return state

    def solved(self) -> bool:
        """Every delict placed, each at its own location (one place left is not placed yet)."""
        count = len(names.DELICTS)
        return (len(self.placed) == count and len({location for location, _ in self.placed}) == count
                and len({delict for _, delict in self.placed}) == count)

    def unplaced(self, state: Candidates) -> list[int]:
        """The delicts with one place left in `state` that the grid does not show placed there."""
        return [d for d, mask in enumerate(state.masks) if mask and not mask & (mask - 1)
                and (names.LOCATIONS[mask.bit_length() - 1], names.DELICTS[d]) not in self.placed]

    def ruling(self, pair: Pair) -> Ruling:
        """What on the grid rules out a cell it shows ruled out: a delict placed in its row or column, else a cross."""
        location, delict = pair
        placed = [other for other in _board_order(self.placed)
                  if other != pair and (other[0] == location or other[1] == delict)]
        return Ruling(location, delict, "placed", placed=placed[0]) if placed else Ruling(location, delict, "crossed")


@dataclass(frozen=True)
class Ruling:
    """A cell a hint's reason takes as ruled out, and what rules it out: cards, each on its own (read
    silently, not yet crossed out on the grid), a delict placed in its row or column, or a cross."""

    location: str
    delict: str
    by: Cause
    cards: tuple[str, ...] = ()  # by card: the labels, in the puzzle's order
    placed: Pair | None = None  # by placed: that placement


@dataclass
class GridHint:
    status: GridStatus  # step: a deduction; stuck: the ladder has nothing more
    wrong: int = 0  # how many entries are wrong (status wrong)
    step: Deduction | None = None
    cards: list[str] = field(default_factory=list)  # labels the step rests on, in the puzzle's order
    removals: list[Pair] = field(default_factory=list)  # cells the step rules out
    placements: list[Pair] = field(default_factory=list)  # cells the step settles
    ruled_out: list[Ruling] = field(default_factory=list)  # what the step's reason takes as ruled out, and why

    @property
    def difficulty(self) -> str | None:
        return TECHNIQUE_BY_NAME[self.step.technique].difficulty if self.step else None

    def message(self) -> str:
        if self.status == "wrong":
            entries = "1 entry" if self.wrong == 1 else f"{self.wrong} entries"
            return (f"Something you entered is wrong ({entries}): no hint builds on it. "
                    "Undo, or use check to find it.")
        if self.status == "solved":
            return "Solved: every delict has its place."
        if self.status == "stuck":
            return ("The human-style techniques find nothing more from here: "
                    "only a search (or the solution) decides the rest.")
        assert self.step is not None
        return self.step.reason


def grid_hint(puzzle: Puzzle, board: Board, grid: Grid, solution: dict[str, str]) -> GridHint:
    """The next real deduction from the grid, or that something entered is wrong, or solved.

    `solution` is the puzzle's (unique) solution: an entry that disagrees with it is wrong."""
    wrong = grid.wrong(solution)
    if wrong:
        return GridHint("wrong", wrong=len(wrong))
    return next_step(puzzle, board, grid, solution=solution)


def next_step(puzzle: Puzzle, board: Board, grid: Grid, support: bool = True,
              solution: dict[str, str] | None = None) -> GridHint:
    """The next real deduction from a grid whose entries can all be right (status step, solved or
    stuck). Without `support`, the step's cards are its own only (no search for the silently read
    cards it rests on: faster, for steps that are only walked past). A `solution` the grid agrees
    with spares the trials the cases it places (they never reach a contradiction)."""
    start = with_truth(grid.candidates(), solution, puzzle.clues, board)
    if start.solved():
        return _last_places(start, grid, puzzle.clues, board)
    try:
        found = _first_real(start, puzzle.clues, board, set())
    except Contradiction:  # cannot happen with a correct grid and a true solution; no step then
        return GridHint("stuck")
    step = found.step or found.first_reading
    if step is None:
        return GridHint("stuck")
    cards = step.cards if found.step is None or not support else _support(start, puzzle.clues, board, found)
    order = {entry.label: index for index, entry in reversed(list(enumerate(puzzle.clues)))}
    cards = sorted(set(cards), key=lambda label: order.get(label, len(order)))
    before = found.state
    if step.technique == "card":  # a card alone: said as the grid shows it, not after the silent readings
        step, before = _card_on_grid(start, puzzle.clues, board, order[step.cards[0]]) or step, start
    removals = _board_order((names.LOCATIONS[loc], names.DELICTS[d]) for d, loc in step.removals)
    read = sorted(set(found.read), key=lambda label: order[label])
    rulings = _rulings(start, grid, step, (cards, read), puzzle.clues, board)
    if step.premise:  # the step follows from what its reason takes as ruled out: the cards that rule it out
        cards = sorted({*step.cards, *(label for ruling in rulings for label in ruling.cards)}, key=order.__getitem__)
    return GridHint("step", step=step, cards=cards, removals=removals, placements=_placements(before, step, grid),
                    ruled_out=rulings)


def _last_places(start: Candidates, grid: Grid, clues: Sequence[PuzzleClue], board: Board) -> GridHint:
    """On a grid that leaves every delict one place: solved when every delict is placed, else the
    step that places those not placed yet."""
    unplaced = grid.unplaced(start)
    if not unplaced:
        return GridHint("solved")
    step = last_places(start, unplaced)
    placements = _board_order((names.LOCATIONS[start.masks[d].bit_length() - 1], names.DELICTS[d]) for d in unplaced)
    return GridHint("step", step=step, placements=placements,
                    ruled_out=_rulings(start, grid, step, ([], []), clues, board))


def _rulings(start: Candidates, grid: Grid, step: Deduction, cards: tuple[Sequence[str], Sequence[str]],
             clues: Sequence[PuzzleClue], board: Board) -> list[Ruling]:
    """What rules out each cell the step's reason takes as ruled out, in board order. A cell the grid
    shows ruled out: the grid's own reason. Any other was read off the cards silently: the hint's
    cards (`cards[0]`) that rule it out on their own, else the first of the cards read (`cards[1]`)
    that does (a hint without its supporting cards)."""
    entries = {entry.label: entry for entry in clues}
    rulings = []
    for d, loc in premise_cells(step):
        pair = (names.LOCATIONS[loc], names.DELICTS[d])
        if not start.masks[d] >> loc & 1:
            rulings.append(grid.ruling(pair))
            continue
        by = [label for label in cards[0] if card_rules_out(entries[label], board, d, loc)]
        by = by or [label for label in cards[1] if card_rules_out(entries[label], board, d, loc)][:1]
        rulings.append(Ruling(*pair, "card", tuple(by)))
    return sorted(rulings, key=lambda ruling: (names.LOCATION_INDEX[ruling.location],
                                               names.DELICT_INDEX[ruling.delict]))


@dataclass
class _Found:
    step: Deduction | None  # the first real deduction
    first_reading: Deduction | None  # the first card read silently (the hint when nothing else is left)
    read: list[str]  # labels of the cards read silently, in the order read
    state: Candidates  # the candidates the real deduction was found in


def _card_on_grid(start: Candidates, clues: Sequence[PuzzleClue], board: Board, index: int) -> Deduction | None:
    """What card `index` alone rules out of the grid's candidates."""
    state = start.copy()
    state.spent |= set(range(len(clues))) - {index}
    return single_card(state, clues, board)


def _first_real(start: Candidates, clues: Sequence[PuzzleClue], board: Board, unreadable: set[int],
                ladder: Sequence[Technique] = TECHNIQUES) -> _Found:
    """Read cards silently until the ladder's step is a real deduction (cards in `unreadable` stay unread).

    The ladder starts with a card alone, so its steps are readings for as long as a card that only
    says what is printed on it rules something out: they are read in one pass (`read_cards`), and
    the ladder's next step is the real one (a district card's, or a harder technique's)."""
    assert ladder[0].name == "card"
    state = start.copy()
    state.spent |= unreadable
    read, first_reading = read_cards(state, clues, board)
    labels = [clues[index].label for index in read]
    return _Found(next_deduction(state, clues, board, ladder), first_reading, labels, state)


def _support(start: Candidates, clues: Sequence[PuzzleClue], board: Board, found: _Found) -> list[str]:
    """The step's own cards and the silently read cards it rests on: a card stays in when, left
    unread, the ladder no longer reaches the same step (a deletion loop, like a conflict's core)."""
    assert found.step is not None
    if found.step.technique == "card":  # a district card alone: rests on nothing else
        return list(found.step.cards)
    index = {entry.label: position for position, entry in enumerate(clues)}
    needed = list(dict.fromkeys(found.read))
    left_out: set[int] = set()
    # Only a step of the same technique can be the same step: where the ladder up to it finds
    # nothing, the full ladder's step is a harder technique's, so the harder ones are not run.
    rung = next(number for number, technique in enumerate(TECHNIQUES) if technique.name == found.step.technique)
    ladder = TECHNIQUES[:rung + 1]
    for label in list(needed):
        trying = left_out | {index[label]}
        if found.step.technique == "trial":  # the easier techniques find nothing, and the same trial wins
            reached = _first_real(start, clues, board, trying, TECHNIQUES[:-1])
            same = reached.step is None and trial_is(reached.state, clues, board, found.step)
        else:
            again = _first_real(start, clues, board, trying, ladder).step
            same = again is not None and _same(again, found.step)
        if same:
            left_out = trying
            needed.remove(label)
    return [*found.step.cards, *needed]


def _same(again: Deduction, step: Deduction) -> bool:
    """The same step (with fewer cards read it may rule out more, never less)."""
    return (again.technique, again.reason) == (step.technique, step.reason) and set(step.removals) <= set(
        again.removals)


def _placements(before: Candidates, step: Deduction, grid: Grid) -> list[Pair]:
    """Cells the step settles that the grid does not show placed. A single: its subject (the delict
    whose one place it clears, or the one delict left for a place). Any other step: each delict it
    leaves with one place."""
    after = before.copy()
    for d, loc in step.removals:
        after.masks[d] &= ~(1 << loc)
    settled: set[tuple[int, int]] = set()
    if step.technique == "single":
        cleared = {loc for _, loc in step.removals}
        subject = [(d, loc) for loc in cleared for d in range(len(before.masks)) if before.masks[d] == 1 << loc]
        settled = set(subject) if len(cleared) == 1 and subject else {
            (d, after.masks[d].bit_length() - 1) for d, _ in step.removals}
    else:
        settled = {(d, after.masks[d].bit_length() - 1) for d, _ in step.removals
                   if after.masks[d] and not after.masks[d] & (after.masks[d] - 1)}
    pairs = {(names.LOCATIONS[loc], names.DELICTS[d]) for d, loc in settled}
    return _board_order(pairs - grid.placed)


def _board_order(pairs: Iterable[Pair]) -> list[Pair]:
    return sorted(set(pairs), key=lambda pair: (names.LOCATION_INDEX[pair[0]], names.DELICT_INDEX[pair[1]]))
