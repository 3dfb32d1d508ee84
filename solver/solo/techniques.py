"""Human-style deduction techniques, from simple to hard: the one ladder that drives
the explainer, the hints and the puzzle grader.

The state is a candidate matrix: for each delict, the bitmask of locations it may
still be at. Every technique returns the next deduction it can make (or None): which
(delict, location) pairs it rules out, the cards it used, and a sentence why.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cache, lru_cache, partial
from typing import TypeVar, assert_never

from solver.core import names
from solver.core.bits import FULL, N, bit, byte_tables, indices, location_mask, mask_of, union
from solver.core.board import Board
from solver.core.cards import DelictClue, DistrictClue, GroupClue, LocationClue, NotClue
from solver.core.matching import every_candidate_matched
from solver.core.semantics import holds, unary_masks
from solver.solo.puzzle import PuzzleClue

T = TypeVar("T")


def places(mask: int) -> str:
    return _join([names.LOCATIONS[i] for i in indices(mask)])


def _join(items: Sequence[str], word: str = "or") -> str:
    return ", ".join(items[:-1]) + f" {word} " + items[-1] if len(items) > 1 else "".join(items)


def the(delict_index: int) -> str:
    return f"the {names.DELICTS[delict_index]}"


class Contradiction(Exception):
    """The candidates admit no solution; the message says why; `steps` led there."""

    steps: list[Deduction]

    def __init__(self, reason: str):
        super().__init__(reason)
        self.steps = []


@dataclass(eq=False)
class Deduction:
    technique: str
    cards: list[str]
    removals: list[tuple[int, int]]  # (delict, location) pairs ruled out
    # The reason, or how to word it from values taken when the step was found: worded once, when
    # first asked (most steps a trial takes are never shown, only how many there were).
    said: str | Callable[[], str]
    chain: list[str] = field(default_factory=list)  # a trial's steps up to its contradiction
    # What the reason takes as already ruled out, as (delicts, locations) bitmask rectangles: every
    # cell of a rectangle is gone ("the horse theft can only be in Kirn": the horse theft anywhere else).
    premise: tuple[tuple[int, int], ...] = ()

    @property
    def reason(self) -> str:
        if not isinstance(self.said, str):
            self.said = self.said()
        return self.said

    def _fields(self) -> tuple:
        return self.technique, self.cards, self.removals, self.reason, self.chain, self.premise

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Deduction) and self._fields() == other._fields()

    __hash__ = None  # type: ignore[assignment]  # mutable, as a dataclass with eq


def premise_cells(deduction: Deduction) -> list[tuple[int, int]]:
    """The (delict, location) cells the deduction's reason takes as ruled out, by delict then location."""
    return sorted({(d, loc) for delicts, locations in deduction.premise
                   for d in indices(delicts) for loc in indices(locations)})


def card_rules_out(entry: PuzzleClue, board: Board, delict: int, location: int) -> bool:
    """Whether the card, read on its own, leaves the delict no place at the location."""
    keeps = _unary_mask(entry.clue, board)
    return keeps is not None and not keeps[delict] >> location & 1


@dataclass
class Candidates:
    masks: list[int]
    spent: set[int] = field(default_factory=set)  # clues that restrict delicts one by one, fully applied
    _holders: tuple[tuple[int, ...], list[int]] | None = field(default=None, repr=False, compare=False)
    # Per delict, its location in an assignment every card holds for, within these candidates (see
    # `with_truth`): the ladder's steps are sound, so it stays within them, and a trial's case that
    # supposes one of its placements never reaches a contradiction (it is not run).
    truth: tuple[int, ...] | None = field(default=None, compare=False)

    @classmethod
    def everything(cls) -> Candidates:
        return cls([FULL] * N)

    def copy(self) -> Candidates:
        return Candidates(list(self.masks), set(self.spent), truth=self.truth)

    def restrict(self, delict: int, mask: int) -> None:
        """Keep only the locations of `mask` for the delict."""
        self.masks[delict] &= mask

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

    def apply(self, deduction: Deduction) -> None:
        masks = self.masks
        for delict, location in deduction.removals:
            masks[delict] &= ~(1 << location)
        self.check()

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


def with_truth(state: Candidates, solution: dict[str, str] | None, clues: Sequence[PuzzleClue],
               board: Board) -> Candidates:
    """The candidates, knowing `solution` (location -> delict) when it places every delict, every card
    holds for it and it is within them; else as they are."""
    if not solution or len(solution) != N:
        return state
    where = {delict: location for location, delict in solution.items()}
    if len(where) != N or not all(holds(entry.clue, where, board) for entry in clues):
        return state
    truth = tuple(names.LOCATION_INDEX[where[delict]] for delict in names.DELICTS)
    if all(state.masks[d] >> location & 1 for d, location in enumerate(truth)):
        state.truth = truth
    return state


def _true(state: Candidates, d: int, location: int) -> bool:
    """Whether supposing the delict at the location is the known solution's placement (see `truth`)."""
    return state.truth is not None and state.truth[d] == location


def _removals(delict: int, mask: int) -> list[tuple[int, int]]:
    return [(delict, location) for location in indices(mask)]


# --- level 1: one card alone -------------------------------------------------------

@cache
def _unary_mask(clue, board: Board) -> tuple[int, ...] | None:
    """For a card that restricts delicts one by one: the locations each delict keeps."""
    keeps = unary_masks(clue)
    if keeps is not None or not isinstance(clue, DistrictClue):
        return keeps
    masks = [FULL] * N
    first, second = clue.delicts
    reachable = mask_of(a for a, _ in board.joined_pairs[clue.relation])
    masks[names.DELICT_INDEX[first]] = masks[names.DELICT_INDEX[second]] = reachable
    return tuple(masks)


@cache
def _unary_cuts(clue, board: Board) -> tuple[tuple[int, int], ...] | None:
    """`_unary_mask` as (delict, locations kept) for the delicts the card restricts, in order."""
    keeps = _unary_mask(clue, board)
    return None if keeps is None else tuple((d, keep) for d, keep in enumerate(keeps) if keep != FULL)


def _card_sentence(entry: PuzzleClue, removed: dict[int, int], state: Candidates) -> str:
    clue = entry.clue
    label = entry.label.capitalize()
    match clue:
        case LocationClue():
            return f"{label}: {clue.sentence()[:-1]}, so no other delict is there."
        case DistrictClue():
            kind = "across a river" if clue.relation == "adjoining" else "inside its district"
            gone = union(removed.values())
            who = " and ".join(the(d) for d in removed)
            where = _join([names.LOCATIONS[i] for i in indices(gone)], "and")
            return (f"{label}: {clue.sentence()[:-1]}. {where} {'has' if gone.bit_count() == 1 else 'have'} "
                    f"no path {kind}, so {who} cannot be there.")
        case DelictClue() | NotClue() | GroupClue():
            (d, mask), = removed.items()
            keep = state.masks[d] & ~mask
            if isinstance(clue, DelictClue) and set(indices(keep)) == {names.LOCATION_INDEX[loc]
                                                                       for loc in clue.locations}:
                return f"{label}: {clue.sentence()}"
            if not keep:
                return f"{label}: {clue.sentence()[:-1]}, so no place is left for {the(d)}."
            return f"{label}: {clue.sentence()[:-1]}, so {the(d)} can only be in {places(keep)}."
        case _:
            assert_never(clue)


def single_card(state: Candidates, clues: Sequence[PuzzleClue], board: Board) -> Deduction | None:
    if len(state.spent) >= len(clues) and state.spent.issuperset(range(len(clues))):
        return None  # every card read (a trial's cases, once the cards are read)
    for index, (entry, cuts) in enumerate(zip(clues, _cuts_of(clues, board), strict=True)):
        if index in state.spent:
            continue
        if cuts is None:
            state.spent.add(index)
            continue
        removed = {d: state.masks[d] & ~keep for d, keep in cuts if state.masks[d] & ~keep}
        state.spent.add(index)  # once applied, a one-by-one restriction never yields anything new
        if removed:
            return _card_deduction(entry, removed, state)
    return None


def _card_deduction(entry: PuzzleClue, removed: dict[int, int], state: Candidates) -> Deduction:
    removals = [pair for d, mask in removed.items() for pair in _removals(d, mask)]
    return Deduction("card", [entry.label], removals, _card_sentence(entry, removed, state))


def read_cards(state: Candidates, clues: Sequence[PuzzleClue], board: Board) -> tuple[list[int], Deduction | None]:
    """Read the cards that only say what is printed on them, as `single_card` steps would one after
    another while each is such a reading, in one pass: every unread card that restricts delicts one
    by one, in the cards' order, applied to `state`. A district card needs the board: the pass stops
    before the first one that would rule something out (left unread, it is the next card step).
    Returns the indices of the cards that ruled something out, in the order read, and the first of
    them as its step (None when none did); a Contradiction as `Candidates.apply` raises it."""
    read: list[int] = []
    first: Deduction | None = None
    masks, spent = state.masks, state.spent
    for index, (entry, cuts) in enumerate(zip(clues, _cuts_of(clues, board), strict=True)):
        if index in spent:
            continue
        if cuts is None:
            spent.add(index)
            continue
        removed = {d: masks[d] & ~keep for d, keep in cuts if masks[d] & ~keep}
        if removed and isinstance(entry.clue, DistrictClue):
            break
        spent.add(index)
        if not removed:
            continue
        if first is None:
            first = _card_deduction(entry, removed, state)
        read.append(index)
        for d, gone in removed.items():
            state.restrict(d, ~gone)
        state.check()
    return read, first


# --- level 1: one candidate left ---------------------------------------------------

def single_candidate(state: Candidates, clues: Sequence[PuzzleClue], board: Board) -> Deduction | None:
    """The first delict (in order) with one place left that another delict may still take, else
    the first location (in order) that only one delict, with other places, may still take."""
    masks = state.masks
    once = twice = singles = 0  # locations some delict may take, two or more may, one alone does
    for mask in masks:
        twice |= once & mask
        once |= mask
        if not mask & (mask - 1):
            singles |= mask
    if crowded := singles & twice:  # the first delict alone on one of them (each is some delict's whole mask)
        d = masks.index(crowded) if not crowded & (crowded - 1) else min(
            masks.index(1 << location) for location in _bits(crowded))
        mask = masks[d]
        location = mask.bit_length() - 1
        others = [(o, location) for o, other in enumerate(masks) if other & mask and o != d]
        return Deduction("single", [], others, partial(_alone_reason, d, location),
                         premise=((1 << d, FULL ^ mask),))
    if only := once & ~twice & ~singles:
        place = only & -only
        location = place.bit_length() - 1
        d = next(o for o, mask in enumerate(masks) if mask & place)
        return Deduction("single", [], _removals(d, masks[d] & ~place),
                         partial(_only_reason, d, location), premise=((FULL ^ (1 << d), place),))
    return None


def _alone_reason(d: int, location: int) -> str:
    return f"{the(d).capitalize()} can only be in {names.LOCATIONS[location]}, so nothing else took place there."


def _only_reason(d: int, location: int) -> str:
    return f"Only {the(d)} can still be in {names.LOCATIONS[location]}, so {the(d)} took place there."


def last_places(state: Candidates, delicts: Sequence[int]) -> Deduction:
    """The delicts with one place left that are not placed yet (nothing else can be there any more):
    a step with nothing to rule out, only the placements to make."""
    settled = [(d, state.masks[d]) for d in delicts]
    said = _join([f"{the(d)} in {places(mask)}" for d, mask in settled], "and")
    one = "Only one place is left" if len(settled) == 1 else "Each of these has only one place left"
    return Deduction("single", [], [], f"{one}: {said}. Every other place is ruled out, so that is where "
                                       f"{'it' if len(settled) == 1 else 'they'} took place.",
                     premise=tuple((1 << d, FULL ^ mask) for d, mask in settled))


# --- level 2: closed sets (rule 3 in general form) ---------------------------------

LARGEST_SET = 4  # people spot closed sets of up to four; larger ones are left to trial and search


def closed_set(state: Candidates, clues: Sequence[PuzzleClue], board: Board) -> Deduction | None:
    """k delicts that fit only into k locations fill them; k locations that only k delicts fit hold them."""
    if _every_candidate_matched(tuple(state.masks)):
        # A closed set rules out only candidates no full assignment uses, and one short of places
        # leaves none: when every candidate is in one, the search would find nothing.
        return None
    return _closed_set_search(state)


@lru_cache(maxsize=1 << 14)
def _every_candidate_matched(masks: tuple[int, ...]) -> bool:
    """`every_candidate_matched`, kept: a hint's checks meet the same candidates again and again."""
    return every_candidate_matched(masks)


def _closed_set_search(state: Candidates) -> Deduction | None:
    """`closed_set`, every group of up to LARGEST_SET looked at in turn."""
    masks = state.masks
    largest = min(LARGEST_SET, sum(1 for mask in masks if mask & (mask - 1)) - 1)
    if largest < 2:
        return None
    holders = state.all_holders()
    naked, hidden = _by_size(masks, largest), _by_size(holders, largest)
    for size in range(2, largest + 1):
        for group, covered in _tight_small(naked[size], size) if len(naked[size]) >= size else ():
            if covered.bit_count() == len(group):  # no contradiction: removals only if another delict fits
                inside = mask_of(group)
                if not any(holders[loc] & ~inside for loc in _bits(covered)):
                    continue
            deduction = _naked(state, group, covered)
            if deduction:
                return deduction
        for group, covered in _tight_small(hidden[size], size) if len(hidden[size]) >= size else ():
            if covered.bit_count() == len(group):
                inside = mask_of(group)
                if not any(masks[d] & ~inside for d in _bits(covered)):
                    continue
            deduction = _hidden(state, group, covered)
            if deduction:
                return deduction
    return None


def _by_size(masks: Sequence[int], largest: int) -> list[tuple[tuple[int, int], ...]]:
    """Per size 2..largest, the (position, mask) of the masks with two to `size` bits, in order (what
    `_tight_groups` looks among; the entries for sizes 0 and 1 are not used)."""
    items = tuple((position, mask) for position, mask in enumerate(masks) if 1 < mask.bit_count() <= largest)
    found = [items] * (largest + 1)
    for size in range(largest - 1, 1, -1):
        items = tuple(item for item in items if item[1].bit_count() <= size)
        found[size] = items
    return found


@cache
def _bits(mask: int) -> tuple[int, ...]:
    return tuple(indices(mask))


def _tight_groups(items: list[tuple[int, int]], size: int):
    """Groups of `size` items whose masks together cover at most `size` bits (pruned as they grow),
    in lexicographic order of their positions."""
    small = tuple((item, mask) for item, mask in items if mask.bit_count() <= size)
    if size <= 4:
        return _tight_small(small, size)

    def extend(start: int, chosen: tuple[int, ...], covered: int):
        if len(chosen) == size:
            yield chosen, covered
            return
        for position in range(start, len(small)):
            item, mask = small[position]
            grown = covered | mask
            if grown.bit_count() <= size:
                yield from extend(position + 1, (*chosen, item), grown)

    return extend(0, (), 0)


@lru_cache(maxsize=1 << 14)
def _tight_small(small: tuple[tuple[int, int], ...], size: int) -> tuple[tuple[tuple[int, ...], int], ...]:
    """The tight groups of 2 to 4 items, kept: the ladder meets the same open items again and
    again (in one trial after another)."""
    items = list(small)
    found = _tight_pairs(items) if size == 2 else _tight_triples(items) if size == 3 else _tight_quadruples(items)
    return tuple(found)


def clear_caches() -> None:
    """Forget the tight groups kept (benchmarks time the ladder as a fresh process runs it)."""
    _tight_small.cache_clear()
    _every_candidate_matched.cache_clear()


def _tight_pairs(small: list[tuple[int, int]]) -> list[tuple[tuple[int, ...], int]]:
    found: list[tuple[tuple[int, ...], int]] = []
    for i, (a, mask_a) in enumerate(small):
        for b, mask_b in small[i + 1:]:
            covered = mask_a | mask_b
            if covered.bit_count() <= 2:
                found.append(((a, b), covered))
    return found


def _tight_triples(small: list[tuple[int, int]]) -> list[tuple[tuple[int, ...], int]]:
    found: list[tuple[tuple[int, ...], int]] = []
    count = len(small)
    for i in range(count):
        a, mask_a = small[i]
        for j in range(i + 1, count):
            b, mask_b = small[j]
            ab = mask_a | mask_b
            if ab.bit_count() > 3:
                continue
            for c, mask_c in small[j + 1:]:
                covered = ab | mask_c
                if covered.bit_count() <= 3:
                    found.append(((a, b, c), covered))
    return found


def _tight_quadruples(small: list[tuple[int, int]]) -> list[tuple[tuple[int, ...], int]]:
    found: list[tuple[tuple[int, ...], int]] = []
    count = len(small)
    for i in range(count):
        a, mask_a = small[i]
        for j in range(i + 1, count):
            b, mask_b = small[j]
            ab = mask_a | mask_b
            if ab.bit_count() > 4:
                continue
            for k in range(j + 1, count):
                c, mask_c = small[k]
                abc = ab | mask_c
                if abc.bit_count() > 4:
                    continue
                for e, mask_e in small[k + 1:]:
                    covered = abc | mask_e
                    if covered.bit_count() <= 4:
                        found.append(((a, b, c, e), covered))
    return found


def _naked(state: Candidates, group: tuple[int, ...], covered: int) -> Deduction | None:
    if covered.bit_count() < len(group):
        raise Contradiction(f"{_join([names.DELICTS[d] for d in group], 'and')} fit only into {places(covered)}")
    removals = [(o, loc) for o in range(N) if o not in group for loc in indices(state.masks[o] & covered)]
    if not removals:
        return None
    def said() -> str:
        who = _join([names.DELICTS[d] for d in group], "and")
        return (f"{who.capitalize()} can only be in {places(covered)}: {len(group)} delicts for "
                f"{len(group)} locations, so no other delict is there (rule 3).")

    return Deduction("closed-set", [], removals, said, premise=((mask_of(group), FULL ^ covered),))


def _hidden(state: Candidates, group: tuple[int, ...], covered: int) -> Deduction | None:
    inside = mask_of(group)
    if covered.bit_count() < len(group):
        raise Contradiction(f"only {_join([names.DELICTS[d] for d in indices(covered)], 'and')} "
                            f"can be in {places(inside)}")
    removals = [(d, loc) for d in indices(covered) for loc in indices(state.masks[d] & ~inside)]
    if not removals:
        return None
    def said() -> str:
        where = _join([names.LOCATIONS[loc] for loc in group], "and")
        return (f"Only {_join([names.DELICTS[d] for d in indices(covered)], 'and')} can still be in {where}: "
                f"{len(group)} locations for {len(group)} delicts, so these delicts are nowhere else.")

    return Deduction("closed-set", [], removals, said, premise=((FULL ^ covered, inside),))


# --- levels 2 and 3: reasoning with group and district cards -----------------------

def group_direction(state: Candidates, clues: Sequence[PuzzleClue], board: Board) -> Deduction | None:
    """The first group card (in order) with one member left that fits its direction."""
    for entry in _of_kind(clues, GroupClue):
        if deduction := _group_direction(state, entry, board):
            return deduction
    return None


def district_partners(state: Candidates, clues: Sequence[PuzzleClue], board: Board) -> Deduction | None:
    """The first district card (in order) that cuts one of its delicts to the places with a path
    to the other's: first delict first."""
    masks = state.masks
    for entry, ends in _partners_of(clues, board):
        for here, there, (low, high) in ends:
            at = masks[there]
            reachable = low[at & 255] | high[at >> 8]
            if cut := masks[here] & ~reachable:
                return _partner_deduction(entry, here, there, masks[here] & reachable, (cut, at, reachable))
    return None


_Ends = tuple[tuple[int, int, tuple[list[int], list[int]]], ...]


def _partners_of(clues: Sequence[PuzzleClue], board: Board) -> list[tuple[PuzzleClue, _Ends]]:
    """The district cards, in order, each with its (here, there, partner tables) both ways round."""
    def build() -> list[tuple[PuzzleClue, _Ends]]:
        found: list[tuple[PuzzleClue, _Ends]] = []
        for entry in _of_kind(clues, DistrictClue):
            assert isinstance(entry.clue, DistrictClue)
            tables = _partner_tables(board.joined_pairs[entry.clue.relation])
            first, second = (names.DELICT_INDEX[d] for d in entry.clue.delicts)
            found.append((entry, ((first, second, tables), (second, first, tables))))
        return found

    return _kept_for(clues, ("partners", board), build)


_KEPT: dict[tuple[int, object], tuple[Sequence[PuzzleClue], int, object]] = {}


def _kept_for(clues: Sequence[PuzzleClue], what: object, build: Callable[[], T]) -> T:
    """`build()`, kept for the last few lists of cards (the ladder reads the same list step after
    step), by the list's identity and length and by `what` names what was built from it."""
    kept = _KEPT.get((id(clues), what))
    if kept is not None and kept[0] is clues and kept[1] == len(clues):
        return kept[2]  # type: ignore[return-value]  # stored by this function, from the same build
    found = build()
    if len(_KEPT) >= 16:
        _KEPT.clear()
    _KEPT[(id(clues), what)] = (clues, len(clues), found)
    return found


def _of_kind(clues: Sequence[PuzzleClue], kind: type) -> list[PuzzleClue]:
    """The entries whose card is of `kind`, in order."""
    return _kept_for(clues, kind, lambda: [entry for entry in clues if isinstance(entry.clue, kind)])


def _cuts_of(clues: Sequence[PuzzleClue], board: Board) -> list[tuple[tuple[int, int], ...] | None]:
    """Per card, in order, its `_unary_cuts` (looked up once per list, not hashed card by card)."""
    return _kept_for(clues, board, lambda: [_unary_cuts(entry.clue, board) for entry in clues])


@cache
def _partner_tables(pairs: frozenset[tuple[int, int]]) -> tuple[list[int], list[int]]:
    """The partners of a set of locations, by its low and its high byte (byte_tables)."""
    near = [mask_of(b for a, b in pairs if a == location) for location in range(N)]
    return byte_tables(near)


def _partner_deduction(entry: PuzzleClue, here: int, there: int, keep: int,
                       masks: tuple[int, int, int]) -> Deduction:
    """The district card's step: `here` cut by `cut` to `keep`, `there` being only at `at`."""
    assert isinstance(entry.clue, DistrictClue)
    cut, at, reachable = masks
    kind = "across a river" if entry.clue.relation == "adjoining" else "in the same district"
    return Deduction("partner", [entry.label], _removals(here, cut),
                     partial(_partner_reason, entry.label, kind, (here, there), (cut, keep, at, reachable)),
                     premise=((1 << there, FULL ^ at),))


def _partner_reason(label: str, kind: str, delicts: tuple[int, int], masks: tuple[int, int, int, int]) -> str:
    """Why `here` is cut to `keep` by the district card: `there` is only at `at`, next to `reachable`."""
    here, there = delicts
    cut, keep, at, reachable = masks
    it = "it" if at.bit_count() == 1 else "these"
    known = (f"{label.capitalize()}: {the(here)} must be next to {the(there)} {kind}. "
             f"{the(there).capitalize()} can only be in {places(at)}; ")
    if cut.bit_count() <= keep.bit_count():
        nobody = "it has no" if it == "it" else "none of these has a"
        return known + f"{nobody} path {kind} to {places(cut)}, so {the(here)} is not there."
    if keep:
        return known + f"{_next_to(reachable, it, kind)}, so {the(here)} can only be in {places(keep)}."
    return known + f"{_next_to(reachable, it, kind)}, and {the(here)} {_in_none(reachable)}."


def _next_to(reachable: int, it: str, kind: str) -> str:
    found = [names.LOCATIONS[i] for i in indices(reachable)]
    if not found:
        return f"no place is next to {it} {kind}"
    if len(found) == 1:
        return f"the only place next to {it} {kind} is {found[0]}"
    return f"the places next to {it} {kind} are {_join(found, 'and')}"


def _in_none(places_mask: int) -> str:
    count = places_mask.bit_count()
    return "cannot be there" if count == 1 else "can be in neither" if count == 2 else "can be in none of them"


def _group_direction(state: Candidates, entry: PuzzleClue, board: Board) -> Deduction | None:
    clue = entry.clue
    if not isinstance(clue, GroupClue):
        return None
    direction = _direction_mask(board, clue.direction)
    members = [names.DELICT_INDEX[d] for d in clue.delicts]
    able = [d for d in members if state.masks[d] & direction]
    if not able:
        raise Contradiction(f"{entry.label}: no {clue.group.lower()} can still be in the {clue.direction}")
    if len(able) == 1 and state.masks[able[0]] & ~direction:
        d = able[0]
        outside = state.masks[d] & ~direction

        def said() -> str:
            others = _join([the(o) for o in members if o != d], "and")
            return (f"{entry.label.capitalize()}: {names.indefinite(clue.group)} took place in the "
                    f"{clue.direction}; {others} can no longer be there, so {the(d)} is in the {clue.direction}, "
                    f"not in {places(outside)}.")

        others_mask = mask_of(o for o in members if o != d)
        return Deduction("group", [entry.label], _removals(d, outside), said, premise=((others_mask, direction),))
    return None


@cache
def _direction_mask(board: Board, direction: str) -> int:
    return location_mask(loc for loc in names.LOCATIONS if board.in_direction(loc, direction))


# --- level 4: a contradiction found by trying one case -----------------------------

SHORT_ENOUGH = 3  # a trial whose contradiction comes this quickly is shown without looking further


def trial(state: Candidates, clues: Sequence[PuzzleClue], board: Board, shortest: bool = True) -> Deduction | None:
    """Suppose one delict at one location; if the easier techniques then reach a contradiction,
    the supposition is false. The explainer shows the failing trial with the shortest chain (the
    first case, in `_cases` order, whose chain has at most SHORT_ENOUGH steps; else the first of
    the shortest); the grader (shortest=False) takes the first."""
    if not shortest:
        return trial_in_order(state, clues, board, shortest=False)
    return _race(state, clues, board)


def _cases(state: Candidates) -> list[tuple[int, int]]:
    """The cases a trial supposes, in order: the delicts with fewest places first, each at its places."""
    open_delicts = sorted((d for d in range(N) if state.masks[d] & (state.masks[d] - 1)),
                          key=lambda d: state.masks[d].bit_count())
    return [(d, location) for d in open_delicts for location in indices(state.masks[d])]


def trial_in_order(state: Candidates, clues: Sequence[PuzzleClue], board: Board,
                   shortest: bool = True) -> Deduction | None:
    """`trial`, each case run in turn (the grader's way; with `shortest`, what `_race` finds faster)."""
    best: tuple[int, int, Contradiction] | None = None
    for d, location in _cases(state):
        trying = state.copy()
        trying.restrict(d, bit(location))
        # Only a shorter chain than the best one's can replace it: a trial still going after as
        # many steps is cut there (it ends in no contradiction, or one no shorter: never chosen).
        limit = len(steps_so_far(best[2])) if shortest and best is not None else None
        try:
            apply_ladder(trying, clues, board, TECHNIQUES[:-1], limit)
        except Contradiction as why:
            if best is None or len(steps_so_far(why)) < len(steps_so_far(best[2])):
                best = (d, location, why)
            if not shortest or len(steps_so_far(why)) <= SHORT_ENOUGH:
                return _trial_deduction(*best)
    return _trial_deduction(*best) if best else None


@dataclass
class _Case:
    """A case of a trial being run: its candidates and the steps taken so far."""

    order: int  # its place among the cases (`_cases`)
    d: int
    location: int
    state: Candidates
    steps: list[Deduction]

    def advance(self, clues: Sequence[PuzzleClue], board: Board, steps: int) -> Contradiction | None:
        """Take up to `steps` more steps: the contradiction reached (with every step since the
        supposition), else None."""
        try:
            self.steps += apply_ladder(self.state, clues, board, TECHNIQUES[:-1], steps)
        except Contradiction as why:
            why.steps = self.steps + why.steps
            return why
        return None


def _race(state: Candidates, clues: Sequence[PuzzleClue], board: Board) -> Deduction | None:
    """The shortest trial without running any case further than it could still win: first each
    case in turn to SHORT_ENOUGH + 1 steps (the first with a chain of at most SHORT_ENOUGH wins at
    once); then the cases still going one step at a time, together, each dropped once it can no
    longer fail sooner than the best so far (or as soon, coming before it); the best then wins.

    A case's steps are the same however they are taken in turns: the ladder reads only the
    candidates (`apply_ladder` picks up where it stopped)."""
    going: list[_Case] = []
    best: tuple[int, int, _Case, Contradiction] | None = None  # (chain length, order, case, why)
    for order, (d, location) in enumerate(_cases(state)):
        if _true(state, d, location):
            continue  # never a contradiction
        case = _Case(order, d, location, state.copy(), [])
        case.state.restrict(d, bit(location))
        why = case.advance(clues, board, SHORT_ENOUGH + 1)
        if why is not None:
            if len(why.steps) <= SHORT_ENOUGH:
                return _trial_deduction(d, location, why)
            best = best or (len(why.steps), order, case, why)  # in order: a later one is never better here
        elif len(case.steps) == SHORT_ENOUGH + 1:  # else the ladder ran out: no contradiction
            going.append(case)
    taken = SHORT_ENOUGH + 1  # steps every case still going has taken: its chain, if any, is no shorter
    while going:
        still: list[_Case] = []
        for case in going:
            if best is not None and (taken, case.order) > best[:2]:
                continue  # it fails, if at all, no sooner, and comes after the best
            why = case.advance(clues, board, 1)
            if why is not None:
                found = (len(why.steps), case.order, case, why)
                best = found if best is None or found[:2] < best[:2] else best
            elif len(case.steps) > taken:
                still.append(case)
        going, taken = still, taken + 1
    return _trial_deduction(best[2].d, best[2].location, best[3]) if best else None


def trial_is(state: Candidates, clues: Sequence[PuzzleClue], board: Board, step: Deduction) -> bool:
    """Whether `trial(state, ...)` would give the same step as `step` (a trial's: the same
    technique and reason, the same removal), without trying every case to its end: the case
    itself first, to exactly its chain's length; then the cases before it may not fail as soon
    (within SHORT_ENOUGH steps, or at all within as many steps), nor the cases after it sooner."""
    (d, location), = step.removals
    steps = len(step.chain) - 1
    mask = state.masks[d]
    if not mask & (mask - 1) or not mask >> location & 1:
        return False
    why = _try(state, d, location, clues, board, steps)
    if why is None or len(steps_so_far(why)) != steps or _trial_deduction(d, location, why).reason != step.reason:
        return False
    open_delicts = sorted((o for o in range(N) if state.masks[o] & (state.masks[o] - 1)),
                          key=lambda o: state.masks[o].bit_count())
    cases = [(o, place) for o in open_delicts for place in indices(state.masks[o])]
    position = cases.index((d, location))
    earlier = SHORT_ENOUGH if steps <= SHORT_ENOUGH else steps  # a case before it fails within this: it wins
    for o, place in cases[:position]:
        if _true(state, o, place):
            continue  # never a contradiction
        if _try(state, o, place, clues, board, earlier) is not None:
            return False
    if steps <= SHORT_ENOUGH:  # the first case within SHORT_ENOUGH wins, whatever comes after
        return True
    for o, place in cases[position + 1:]:
        if _true(state, o, place):
            continue
        if _try(state, o, place, clues, board, steps - 1) is not None:
            return False
    return True


def _try(state: Candidates, d: int, location: int, clues: Sequence[PuzzleClue], board: Board,
         within: int | None) -> Contradiction | None:
    """The contradiction the easier techniques reach with delict d at `location` in at most `within`
    steps (in any number when None), else None."""
    trying = state.copy()
    trying.restrict(d, bit(location))
    try:
        taken = apply_ladder(trying, clues, board, TECHNIQUES[:-1], within)
    except Contradiction as why:
        return why
    if len(taken) == within:  # the next search may still raise one after as many steps: no further
        try:
            next_deduction(trying, clues, board, _UNTIL_A_CONTRADICTION)
        except Contradiction as why:
            why.steps = taken
            return why
    return None


def first_trial(state: Candidates, clues: Sequence[PuzzleClue], board: Board) -> Deduction | None:
    return trial_in_order(state, clues, board, shortest=False)


def _trial_deduction(d: int, location: int, why: Contradiction) -> Deduction:
    steps = steps_so_far(why)
    used = sorted({label for step in steps for label in step.cards})
    where = names.LOCATIONS[location]
    when = {0: "at once", 1: "in one step"}.get(len(steps), f"in {len(steps)} steps")
    reason = f"Suppose {the(d)} were in {where}. Then, {when}, {why}. So {the(d)} is not in {where}."
    return Deduction("trial", used, [(d, location)], reason, [step.reason for step in steps] + [f"{why}."])


def steps_so_far(error: Contradiction) -> list[Deduction]:
    return getattr(error, "steps", [])


def apply_ladder(state: Candidates, clues: Sequence[PuzzleClue], board: Board,
              ladder: Sequence[Technique], limit: int | None = None) -> list[Deduction]:
    """Apply the ladder until nothing changes; a Contradiction carries the steps taken.

    A fully placed state is still run through the ladder: a district or group card it breaks
    shows up as a contradiction. With `limit`, stop after that many steps (a contradiction
    found later would carry at least as many)."""
    steps: list[Deduction] = []
    try:
        state.check()
        while (limit is None or len(steps) < limit) and (
                deduction := next_deduction(state, clues, board, ladder)) is not None:
            steps.append(deduction)
            state.apply(deduction)
    except Contradiction as why:
        why.steps = steps
        raise
    return steps


def next_deduction(state: Candidates, clues: Sequence[PuzzleClue], board: Board,
                   ladder: Sequence[Technique]) -> Deduction | None:
    for technique in ladder:
        deduction = technique.find(state, clues, board)
        if deduction is not None:
            return deduction
    return None


@dataclass(frozen=True)
class Technique:
    name: str
    level: int
    difficulty: str
    description: str
    find: Callable[[Candidates, Sequence[PuzzleClue], Board], Deduction | None]
    contradicts: bool = False  # its search may end in a Contradiction (the others only find steps)


# The ladder, easiest first. The hardest technique a puzzle needs is its difficulty.
TECHNIQUES: tuple[Technique, ...] = (
    Technique("card", 1, "easy", "one card alone", single_card),
    Technique("single", 1, "easy", "a location or delict with one candidate left", single_candidate),
    Technique("closed-set", 2, "medium", "closed sets: k delicts fill k locations (rule 3)", closed_set,
              contradicts=True),
    Technique("group", 2, "medium", "a group card with one member left that fits its direction", group_direction,
              contradicts=True),
    Technique("partner", 3, "hard", "district-card partners: a delict needs a path to the other", district_partners),
    Technique("trial", 4, "expert", "a contradiction found by trying one case", trial),
)
TECHNIQUE_BY_NAME = {technique.name: technique for technique in TECHNIQUES}
# The easier ladder as far as its last technique whose search may end in a contradiction: a search
# that only asks whether one comes needs none of the techniques after it.
_UNTIL_A_CONTRADICTION = TECHNIQUES[:max(rung for rung, technique in enumerate(TECHNIQUES[:-1])
                                         if technique.contradicts) + 1]
DIFFICULTIES = ("easy", "medium", "hard", "expert")
# The same ladder for grading: any failing trial will do, the shortest chain is only for people.
GRADING_TECHNIQUES = (*TECHNIQUES[:-1], Technique("trial", 4, "expert", TECHNIQUES[-1].description, first_trial))
