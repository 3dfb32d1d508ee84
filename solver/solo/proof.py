"""A silent proof by deduction: the technique ladder's reasoning without its sentences.

The candidates are a bitmask of locations per delict, as in `techniques`. Propagation
applies, until nothing changes: every card that restricts delicts one by one (once, at
the start), district-card partners (a delict keeps only places with a partner place
left for the other), group cards (the one member left that fits the direction goes
there) and singles (a delict with one place takes it; a place only one delict fits
holds it). A trial supposes one delict at one of its places: when propagation then
runs into a contradiction, the place is ruled out. Each step only removes candidates
no solution has, so when every delict is left with one place and every card holds
there, that assignment is the only solution: proven without a search. Closed sets
have no rule of their own: trials find what they rule out in practice (every bundled
puzzle, and each of some 770 generated hard and expert ones the ladder solves, is
proven here), though not always (a few contradictions only closed sets see are left
"open", for the search).

`prove` stops where trials find nothing more, or after TRIAL_BUDGET fruitless trials in
a row ("open"); then a search decides (`solve.solve_puzzle` asks CP-SAT). `find_solution`
completes the proof into a search (branching on the delict with the fewest places):
exact, for questions such as "has any solution these placements" without CP-SAT.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Literal, assert_never

from solver.core import names
from solver.core.bits import FULL, N, byte_tables, location_mask
from solver.core.board import Board
from solver.core.cards import Clue, DelictClue, DistrictClue, GroupClue, LocationClue, NotClue
from solver.core.semantics import holds, unary_keeps

Assignment = tuple[int, ...]  # delict index -> location index
Tie = tuple[int, int, tuple[list[int], list[int]]]  # two delicts, and the partner places by low and high byte


@dataclass(frozen=True)
class Rules:
    """A clue set compiled for propagation."""

    allowed: tuple[int, ...]  # per delict: the places the one-by-one cards leave
    ties: tuple[Tie, ...]  # district cards
    groups: tuple[tuple[tuple[int, ...], int], ...]  # group cards: the members, the places in the direction


ProofStatus = Literal["unique", "none", "open"]


@dataclass
class Proof:
    status: ProofStatus  # unique: proven by deduction; none: a contradiction; open: trials find no more
    masks: list[int]  # the candidates where the proof stopped
    solution: Assignment | None = None  # with unique


def compile_rules(clues: Sequence[Clue], board: Board) -> Rules:
    allowed = [FULL] * N
    ties: list[Tie] = []
    groups = []
    for clue in clues:
        match clue:
            case DelictClue() | NotClue() | LocationClue():
                allowed = [mask & keep for mask, keep in zip(allowed, unary_keeps(clue), strict=True)]
            case DistrictClue((first, second), relation):
                ties.append((names.DELICT_INDEX[first], names.DELICT_INDEX[second], _partner_bytes(board, relation)))
            case GroupClue(group, direction):
                members = tuple(names.DELICT_INDEX[d] for d in names.GROUPS[group])
                groups.append((members, _direction_mask(board, direction)))
            case _:
                assert_never(clue)
    return Rules(tuple(allowed), tuple(ties), tuple(groups))


@cache
def _partner_bytes(board: Board, relation: str) -> tuple[list[int], list[int]]:
    """The places joined to any place of a mask, looked up by the mask's low and its high byte."""
    near = [0] * N
    for i, j in board.joined_pairs[relation]:
        near[i] |= 1 << j
    return byte_tables(near)


@cache
def _direction_mask(board: Board, direction: str) -> int:
    return location_mask(loc for loc in names.LOCATIONS if board.in_direction(loc, direction))


def shrink_in_place(masks: list[int], rules: Rules) -> bool:
    """Shrink the candidates in place until nothing changes; False on a contradiction."""
    while True:
        changed = False
        for first, second, (low, high) in rules.ties:
            for here, there in ((first, second), (second, first)):
                other = masks[there]
                support = low[other & 255] | high[other >> 8]
                mask = masks[here]
                if mask & ~support:
                    mask &= support
                    if not mask:
                        return False
                    masks[here] = mask
                    changed = True
        for members, inside in rules.groups:
            able = [d for d in members if masks[d] & inside]
            if not able:
                return False
            if len(able) == 1 and masks[able[0]] & ~inside:
                masks[able[0]] &= inside
                changed = True
        once = twice = 0
        for mask in masks:
            twice |= once & mask
            once |= mask
        if once != FULL:
            return False  # a place no delict fits
        alone = once & ~twice  # places only one delict fits
        taken = 0  # places of delicts with one place left
        for d in range(N):
            mask = masks[d]
            if mask & alone and mask & ~alone:
                mask &= alone
                if mask & (mask - 1):
                    return False  # the only delict for two places
                masks[d] = mask
                changed = True
            if not mask & (mask - 1):
                if not mask or taken & mask:
                    return False  # a delict with no place left, or two delicts with the same one place
                taken |= mask
        for d in range(N):
            mask = masks[d]
            if mask & (mask - 1) and mask & taken:
                mask &= ~taken
                if not mask:
                    return False
                masks[d] = mask
                changed = True
        if not changed:
            return True


def _settled(masks: list[int]) -> bool:
    return all(not mask & (mask - 1) for mask in masks)


# Trials in a row that rule nothing out before the proof gives up: a clue set with many solutions
# would try hundreds in vain before the search that decides it anyway.
TRIAL_BUDGET = 64


def _trials(masks: list[int], rules: Rules) -> bool:
    """Rule out every place where a trial fails, until no trial fails (or TRIAL_BUDGET trials in a
    row rule nothing out); False on a contradiction."""
    budget = TRIAL_BUDGET
    progress = True
    while progress and not _settled(masks):
        progress = False
        for d in sorted(range(N), key=lambda d: masks[d].bit_count()):
            mask = masks[d]
            while mask:
                place = mask & -mask
                mask ^= place
                if not masks[d] & place or masks[d] == place:
                    continue
                if not budget:
                    return True
                budget -= 1
                trying = list(masks)
                trying[d] = place
                if not shrink_in_place(trying, rules):
                    masks[d] &= ~place
                    if not shrink_in_place(masks, rules):
                        return False
                    progress = True
                    budget = TRIAL_BUDGET
    return True


def assignment_of(masks: list[int]) -> Assignment:
    return tuple(mask.bit_length() - 1 for mask in masks)


def satisfies(clues: Sequence[Clue], assignment: Assignment, board: Board) -> bool:
    """Every clue holds (solver.core.semantics) for this bijection."""
    if len(set(assignment)) != N:
        return False
    where = {names.DELICTS[d]: names.LOCATIONS[loc] for d, loc in enumerate(assignment)}
    return all(holds(clue, where, board) for clue in clues)


def prove(clues: Sequence[Clue], board: Board, start: Sequence[int] | None = None) -> Proof:
    """Propagation and trials from the cards (and `start`, candidates to begin with)."""
    rules = compile_rules(clues, board)
    masks = [a & b for a, b in zip(rules.allowed, start or [FULL] * N, strict=True)]
    if not shrink_in_place(masks, rules) or not _trials(masks, rules):
        return Proof("none", masks)
    if not _settled(masks):
        return Proof("open", masks)
    solution = assignment_of(masks)
    if not satisfies(clues, solution, board):  # cannot happen: propagation keeps every card true
        raise AssertionError("deduction settled every delict on an assignment that breaks a card")
    return Proof("unique", masks, solution)


def find_solution(clues: Sequence[Clue], board: Board, start: Sequence[int] | None = None) -> Assignment | None:
    """A solution within the candidates `start` (default: all), or None when there is none: exact."""
    rules = compile_rules(clues, board)
    masks = [a & b for a, b in zip(rules.allowed, start or [FULL] * N, strict=True)]
    found = _search(masks, rules)
    if found is not None and not satisfies(clues, found, board):
        raise AssertionError("the search found an assignment that breaks a card")
    return found


def _search(masks: list[int], rules: Rules) -> Assignment | None:
    if not shrink_in_place(masks, rules):
        return None
    open_delicts = [d for d in range(N) if masks[d] & (masks[d] - 1)]
    if not open_delicts:
        return assignment_of(masks)
    d = min(open_delicts, key=lambda d: masks[d].bit_count())
    mask = masks[d]
    while mask:
        place = mask & -mask
        mask ^= place
        trying = list(masks)
        trying[d] = place
        found = _search(trying, rules)
        if found is not None:
            return found
    return None


def to_solution(assignment: Assignment) -> dict[str, str]:
    """delict-index tuple -> {location: delict} in board order."""
    by_location = {loc: d for d, loc in enumerate(assignment)}
    return {names.LOCATIONS[loc]: names.DELICTS[by_location[loc]] for loc in range(N)}
