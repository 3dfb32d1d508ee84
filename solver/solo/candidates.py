"""The ladder's state: for each delict, the bitmask of locations it may still be at; and what
changed since each technique last found nothing in it (so that a technique looks again only where
something changed, `Watch`).

The techniques live in solver/solo/techniques.py; this module is the state they read and narrow.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from solver.core import names
from solver.core.bits import FULL, N, indices, mask_of, union

if TYPE_CHECKING:
    from solver.solo.techniques import Deduction

# The group cards' positions (a bitmask), the district cards', and per delict the cards that read it.
CardPositions = tuple[int, int, tuple[int, ...]]


def the(delict_index: int) -> str:
    return f"the {names.DELICTS[delict_index]}"


class Contradiction(Exception):
    """The candidates admit no solution; the message says why; `steps` led there."""

    steps: list[Deduction]

    def __init__(self, reason: str):
        super().__init__(reason)
        self.steps = []


@dataclass
class Watch:
    """What narrowed since each technique last found nothing, up to date with the masks `seen`.

    `quiet`: per technique that looks at delicts and locations (closed sets, singles), the delicts
    and the locations (bitmasks) whose candidates narrowed since it found nothing. `unread`: the
    card positions (of `clues` on `board`) whose technique has to read them again: a card reads only
    its own delicts' candidates, so one that found nothing finds nothing again until they change
    (`positions`: the group cards', the district cards', and per delict the cards that read it)."""

    seen: tuple[int, ...]
    quiet: dict[str, list[int]] = field(default_factory=dict)
    clues: object = None
    board: object = None
    positions: CardPositions = (0, 0, ())
    unread: int = 0

    def copy(self) -> Watch:
        return Watch(self.seen, {technique: list(changed) for technique, changed in self.quiet.items()},
                     self.clues, self.board, self.positions, self.unread)

    def narrowed(self, delicts: int, locations: int) -> None:
        for changed in self.quiet.values():
            changed[0] |= delicts
            changed[1] |= locations
        readers = self.positions[2]
        if readers:
            while delicts:
                low = delicts & -delicts
                self.unread |= readers[low.bit_length() - 1]
                delicts ^= low


@dataclass
class Candidates:
    masks: list[int]
    spent: set[int] = field(default_factory=set)  # clues that restrict delicts one by one, fully applied
    _holders: tuple[tuple[int, ...], list[int]] | None = field(default=None, repr=False, compare=False)
    _watch: Watch | None = field(default=None, repr=False, compare=False)

    @classmethod
    def everything(cls) -> Candidates:
        return cls([FULL] * N)

    def copy(self) -> Candidates:
        copied = Candidates(list(self.masks), set(self.spent))
        if self._holders is not None:
            copied._holders = (self._holders[0], list(self._holders[1]))
        if self._watch is not None:
            copied._watch = self._watch.copy()
        return copied

    # --- what changed since a technique found nothing -------------------------------------

    def _watching(self) -> Watch:
        """The watch, up to date with the masks: a new one when they changed behind apply's back."""
        key = tuple(self.masks)
        if self._watch is None or self._watch.seen != key:
            self._watch = Watch(key)
        return self._watch

    def quiet(self, technique: str) -> None:
        """Note that `technique` finds nothing in these candidates."""
        self._watching().quiet[technique] = [0, 0]

    def changed_since_quiet(self, technique: str) -> list[int] | None:
        """The delicts and the locations (bitmasks) whose candidates narrowed since `technique` last
        found nothing, or None when it has not (or the masks changed otherwise than by `apply` and
        `restrict`): then the technique looks at everything. Not to be changed."""
        watch = self._watch
        if watch is None or watch.seen != tuple(self.masks):
            return None
        return watch.quiet.get(technique)

    def unread_cards(self, clues: Any, board: object,
                     positions: Callable[[Any], CardPositions]) -> tuple[int, CardPositions]:
        """The card positions of `clues` to read again (every card the first time), and what
        `positions(clues)` says (the first time it is asked): the group cards' positions, the
        district cards', and per delict the positions of the cards that read it."""
        watch = self._watching()
        if watch.clues is not clues or watch.board is not board:
            watch.clues, watch.board, watch.positions = clues, board, positions(clues)
            watch.unread = watch.positions[0] | watch.positions[1]
        return watch.unread, watch.positions

    def card_idle(self, position: int) -> None:
        """Card `position` found nothing in these candidates (after `unread_cards`)."""
        assert self._watch is not None
        self._watch.unread &= ~(1 << position)

    def _narrowed(self, before: tuple[int, ...], delicts: int, locations: int) -> None:
        watch = self._watch
        if watch is None:
            return
        if watch.seen != before:
            self._watch = None
            return
        watch.narrowed(delicts, locations)
        watch.seen = tuple(self.masks)

    # --- narrowing --------------------------------------------------------------------------

    def restrict(self, delict: int, mask: int) -> None:
        """Keep only the locations of `mask` for the delict (the holders kept follow)."""
        masks, kept = self.masks, self._holders
        before = tuple(masks)
        gone = masks[delict] & ~mask
        if kept is not None and kept[0] == before:
            holders = kept[1]
            rest = gone
            while rest:
                low = rest & -rest
                holders[low.bit_length() - 1] &= ~(1 << delict)
                rest ^= low
            masks[delict] &= mask
            self._holders = (tuple(masks), holders)
        else:
            masks[delict] &= mask
        if gone:
            self._narrowed(before, 1 << delict, gone)

    def apply(self, deduction: Deduction) -> None:
        masks, kept = self.masks, self._holders
        before = tuple(masks)
        delicts = locations = 0
        for delict, location in deduction.removals:
            masks[delict] &= ~(1 << location)
            delicts |= 1 << delict
            locations |= 1 << location
        if kept is not None and kept[0] == before:  # the holders kept follow the removals
            holders = kept[1]
            for delict, location in deduction.removals:
                holders[location] &= ~(1 << delict)
            self._holders = (tuple(masks), holders)
        if delicts:
            self._narrowed(before, delicts, locations)
        self.check()

    # --- reading ----------------------------------------------------------------------------

    def holders(self, location: int) -> int:
        """Bitmask of delicts that may still be at `location`."""
        return mask_of(d for d in range(N) if self.masks[d] >> location & 1)

    def all_holders(self) -> list[int]:
        """Per location, the bitmask of delicts that may still be there (not to be changed: the
        list is kept for the same masks)."""
        key = tuple(self.masks)
        if self._holders is not None and self._holders[0] == key:
            return self._holders[1]
        holders = [0] * N
        for d, mask in enumerate(self.masks):
            delict = 1 << d
            while mask:
                low = mask & -mask
                holders[low.bit_length() - 1] |= delict
                mask ^= low
        self._holders = (key, holders)
        return holders

    def check(self) -> None:
        masks = self.masks
        if all(masks) and union(masks) == FULL:
            return
        for d, mask in enumerate(self.masks):
            if not mask:
                raise Contradiction(f"no place is left for {the(d)}")
        for location in range(N):
            if not self.holders(location):
                raise Contradiction(f"no delict is left for {names.LOCATIONS[location]}")

    def solved(self) -> bool:
        return all(mask & (mask - 1) == 0 for mask in self.masks)

    def assignment(self) -> tuple[int, ...]:
        return tuple(indices(mask)[0] for mask in self.masks)
