"""Checking a deck against the rulebook: printed cards, and the box puzzles' official solutions.

For a user's own transcription of the printed cards (docs/deck.md). When a box puzzle does
not come out unique and agreeing with its official entries, the cards most likely
mistyped are those in a minimal conflict with the official solution: with the official
entries pinned, a smallest set of the puzzle's cards that cannot all hold.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal, assert_never

from solver.core import names, vocabulary
from solver.core.board import Board
from solver.core.cards import Clue, DelictClue, DistrictClue, GroupClue, LocationClue, NotClue
from solver.core.deck import Card, Deck
from solver.decks.box import BoxPuzzle, PartialCard, pinned
from solver.solo.model import PuzzleModel, to_solution

CheckStatus = Literal["unique", "multiple", "none", "incomplete"]  # incomplete: cards without text


@dataclass
class PuzzleCheck:
    number: int
    status: CheckStatus
    agrees: bool = False  # unique, and every official entry holds
    suspects: list[int] = field(default_factory=list)  # cards in a minimal conflict with the official entries
    missing: list[int] = field(default_factory=list)
    differing: list[str] = field(default_factory=list)  # locations where two solutions differ (multiple)

    @property
    def ok(self) -> bool:
        return self.status == "unique" and self.agrees

    def to_dict(self) -> dict:
        return {"puzzle": self.number, "status": self.status, "agrees": self.agrees, "ok": self.ok,
                "suspects": self.suspects, "missing": self.missing, "differing": self.differing}


@dataclass
class Verification:
    missing: list[int]  # card numbers without a text
    printed: list[str]  # how the deck differs from the cards the rulebook prints
    puzzles: list[PuzzleCheck]
    shape: list[str] = field(default_factory=list)  # e.g. two A cards naming the same delict

    @property
    def ok(self) -> bool:
        return not (self.missing or self.printed or self.shape) and all(check.ok for check in self.puzzles)

    def likely_mistyped(self) -> list[int]:
        """Suspect cards, those in the conflicts of more puzzles first."""
        counts = Counter(n for check in self.puzzles for n in check.suspects)
        return sorted(counts, key=lambda n: (-counts[n], n))

    def to_dict(self) -> dict:
        return {"ok": self.ok, "missing": self.missing, "printed": self.printed, "shape": self.shape,
                "puzzles": [check.to_dict() for check in self.puzzles],
                "likely_mistyped": self.likely_mistyped()}


def verify_deck(deck: Deck, board: Board, puzzles: Sequence[BoxPuzzle], printed: Mapping[int, Card],
                partial: Mapping[int, PartialCard]) -> Verification:
    missing = [n for n in vocabulary.CARD_NUMBERS if n not in deck.cards or deck.cards[n].clue is None]
    return Verification(missing, printed_differences(deck, printed, partial),
                        [check_puzzle(deck, board, puzzle) for puzzle in puzzles], shape_problems(deck))


def shape_problems(deck: Deck) -> list[str]:
    """The deck names each delict on one A card, each location on one D card, each group×direction on one B card."""
    keys = {
        "A": ("delict", lambda clue: clue.delict),
        "B": ("group and direction", lambda clue: f"{clue.group} {clue.direction}"),
        "D": ("location", lambda clue: clue.location),
    }
    found = []
    for letter, (what, key) in keys.items():
        seen: dict[str, list[int]] = {}
        for card in deck.cards.values():
            if card.letter == letter and card.clue is not None:
                seen.setdefault(key(card.clue), []).append(card.number)
        found += [f"cards {' and '.join(map(str, numbers))} (type {letter}) name the same {what}: {name}"
                  for name, numbers in seen.items() if len(numbers) > 1]
    return found


def printed_differences(deck: Deck, printed: Mapping[int, Card], partial: Mapping[int, PartialCard]) -> list[str]:
    found = []
    for number, card in sorted(printed.items()):
        if card.provenance != "printed" or card.clue is None:
            continue
        mine = deck.cards.get(number)
        if mine is not None and mine.clue is not None and canonical(mine.clue) != canonical(card.clue):
            found.append(f"card {number} is printed in the rulebook as: {card.clue.sentence()} "
                         f"Your deck says: {mine.clue.sentence()}")
    for number, facts in sorted(partial.items()):
        mine = deck.cards.get(number)
        if mine is not None and mine.clue is not None:
            found += [f"{problem} (rulebook)" for problem in facts.violations(mine.clue)]
    return found


def canonical(clue: Clue) -> object:
    """A clue up to the order of its lists (a district card's two delicts in either order)."""
    match clue:
        case DelictClue(delict, locations) | NotClue(delict, locations):
            return (clue.kind, delict, frozenset(locations))
        case LocationClue(location, delicts):
            return (clue.kind, location, frozenset(delicts))
        case DistrictClue(delicts, relation):
            return (clue.kind, frozenset(delicts), relation)
        case GroupClue():
            return clue
        case _:
            assert_never(clue)


def check_puzzle(deck: Deck, board: Board, puzzle: BoxPuzzle) -> PuzzleCheck:
    missing = [n for n in puzzle.cards if n not in deck.cards or deck.cards[n].clue is None]
    if missing:
        return PuzzleCheck(puzzle.number, "incomplete", missing=missing)
    clues = [clue for n in puzzle.cards if (clue := deck.cards[n].clue) is not None]
    pins = pinned(puzzle)
    model = PuzzleModel([*clues, *pins], board)
    cards = list(range(len(clues)))
    pin_indices = list(range(len(clues), len(clues) + len(pins)))
    found = model.solutions(cards, limit=2)
    status: CheckStatus = "none" if not found else "unique" if len(found) == 1 else "multiple"
    check = PuzzleCheck(puzzle.number, status)
    if model.solve([*cards, *pin_indices]) is None:
        check.suspects = sorted(puzzle.cards[i] for i in card_core(model, cards, pin_indices))
        return check
    check.agrees = status == "unique"
    if status == "multiple":
        first, second = (to_solution(solution) for solution in found)
        check.differing = [loc for loc in names.LOCATIONS if first[loc] != second[loc]]
    return check


def card_core(model: PuzzleModel, cards: Sequence[int], pins: Sequence[int]) -> list[int]:
    """A minimal set of card clues that, with all the pins, cannot hold (a deletion loop)."""
    core = list(cards)
    for index in list(core):
        trial = [other for other in core if other != index]
        if model.solve([*trial, *pins]) is None:
            core = trial
    return core
