"""Exact odds: for every delict and location, how many solutions put the delict there.

Clue sets (odds_of_clues) go the count's own way, walked back (backward.py): a set
propagation settles is read off; otherwise the sparse DP's or the keyed DP's forward pass
is recorded and one backward pass over it gives all 256 cells, for about the work of the
count. The keyed DP's other plans (two halves met in the middle, or the free delicts after
dense vectors; rare) have no backward pass there and take the reference way instead.

The reference way (reference_odds, the earlier path, and the tests' cross-check with
pinned_odds): a subset DP forward over the delicts and one backward, met at each delict
(the permanent's minors: odds_of_masks, for a game board, goes this way too). Delicts tied
by district clues are a unit, placed in one step with each of its joint placements; a
group clue is a signed sum of plain masks for its members (inclusion-exclusion), so the
delicts a group clue (or a unit across groups) binds form a segment placed once per signed
term. Past caps on the terms or placements, pinned_odds counts each cell with its delict
pinned there (count_reduced): one count per cell.

May import `solver.core`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import cache
from itertools import combinations, product
from typing import Any

import numpy as np
from numpy.typing import NDArray

from solver.core import names
from solver.core.bits import FULL
from solver.core.bits import N as SIZE
from solver.core.board import Board
from solver.core.cards import Clue
from solver.counting import Reduced, count_reduced, reduce_clues
from solver.counting.arrays import distinct_with_inverse
from solver.counting.backward import keyed_odds, sparse_odds
from solver.counting.costs import MOST_PLACEMENTS, MOST_TERMS
from solver.counting.dense import _layers
from solver.counting.reduce import live_group_clues, shrunk_masks

Table = tuple[tuple[int, ...], ...]
Ints = NDArray[np.int64]  # location sets, locations, or counts: all int64



@dataclass(frozen=True)
class Odds:
    """The exact number of solutions, and per delict and location how many put it there.

    counts[d][l]: delicts and locations indexed as names.DELICTS and names.LOCATIONS. Every
    row and every column sums to total (a solution places each delict once and fills each
    location once)."""

    total: int
    counts: Table

    def to_dict(self) -> dict[str, Any]:
        """{"total": N, "odds": {location: {delict: {"count": n, "probability": p}}}}; odds null when N is 0."""
        if self.total == 0:
            return {"total": 0, "odds": None}
        return {"total": self.total,
                "odds": {location: {delict: {"count": self.count(delict, location),
                                             "probability": float(self.probability(delict, location))}
                                    for delict in names.DELICTS}
                         for location in names.LOCATIONS}}

    def count(self, delict: str, location: str) -> int:
        return self.counts[names.DELICT_INDEX[delict]][names.LOCATION_INDEX[location]]

    def probability(self, delict: str, location: str) -> Fraction:
        """The share of the solutions that put `delict` at `location`."""
        return self._share(self.count(delict, location))

    def fractions(self) -> tuple[tuple[Fraction, ...], ...]:
        """Every cell's share of the solutions, exactly; a ValueError when there are none."""
        return tuple(tuple(self._share(cell) for cell in row) for row in self.counts)

    def floats(self) -> tuple[tuple[float, ...], ...]:
        """Every cell's share as the nearest float; a ValueError when there are no solutions."""
        return tuple(tuple(float(share) for share in row) for row in self.fractions())

    def _share(self, cell: int) -> Fraction:
        if not self.total:
            raise ValueError("no solution: the odds are undefined")
        return Fraction(cell, self.total)


def odds_of_masks(masks: Sequence[int]) -> Odds:
    """The odds on plain masks: delict d on a location of masks[d] (state_masks gives a board's)."""
    if len(masks) != SIZE:
        raise ValueError(f"need {SIZE} masks, got {len(masks)}")
    allowed = [mask & FULL for mask in masks]
    if not all(allowed):
        return _no_solution()
    singles: list[Item] = [_Single(d, allowed[d]) for d in _by_size(range(SIZE), allowed)]
    return _odds([_Segment(list(range(SIZE)), [(1, singles)])])


def odds_of_clues(clues: Iterable[Clue], board: Board) -> Odds:
    """The odds on this board over every solution σ that satisfies all the clues."""
    return odds_of_reduced(reduce_clues(clues, board))


def odds_of_reduced(reduced: Reduced) -> Odds:
    """The odds of a reduced clue set by the count's own DP and a backward pass over it
    (backward.py); on the keyed plans that has none, the reference way (reference_odds)."""
    return odds_and_path(reduced)[0]


def odds_and_path(reduced: Reduced) -> tuple[Odds, str]:
    """odds_of_reduced, and the way it went: "settled" (propagation placed every delict),
    "sparse" or "keyed" (backward.py), or "reference"."""
    allowed = shrunk_masks(list(reduced.allowed), reduced)
    if allowed is None:
        return _no_solution(), "settled"
    if all(_single(mask) for mask in allowed):
        # every delict settled: propagation keeps district clues true, so only group clues can fail
        total = int(live_group_clues(allowed, reduced, reduced.group_dirs) is not None)
        return Odds(total, _freeze([[total * (mask >> loc & 1) for loc in range(SIZE)] for mask in allowed])), "settled"
    found, path = sparse_odds(reduced, allowed), "sparse"
    if found is None:
        found, path = keyed_odds(reduced, allowed), "keyed"
    if found is None:
        return reference_odds(reduced), "reference"
    return Odds(found[0], _freeze(found[1].tolist())), path


def reference_odds(reduced: Reduced) -> Odds:
    """The odds by the segmented DP, or pinned counts past its limits: the way before
    backward.py, kept for the plans it has no backward pass of, and as a cross-check."""
    if not all(mask & FULL for mask in reduced.allowed):
        return _no_solution()
    segments = _segments(reduced)
    if segments is None:
        return pinned_odds(reduced)
    return _odds(segments)


def pinned_odds(reduced: Reduced) -> Odds:
    """Each cell by an exact count with its delict pinned to its location: any clue set.

    A cell outside its delict's mask is 0 without counting; a delict with one location left,
    or a location only one delict may take, holds in every solution."""
    total = count_reduced(reduced)
    allowed = [mask & FULL for mask in reduced.allowed]
    cells = [[0] * SIZE for _ in range(SIZE)]
    if total:
        takers = [sum(1 << d for d in range(SIZE) if allowed[d] >> loc & 1) for loc in range(SIZE)]
        for d in range(SIZE):
            for loc in _locations(allowed[d]):
                if _single(allowed[d]) or _single(takers[loc]):
                    cells[d][loc] = total
                    continue
                pinned = tuple(1 << loc if other == d else mask for other, mask in enumerate(allowed))
                cells[d][loc] = count_reduced(replace(reduced, allowed=pinned))
    return Odds(total, _freeze(cells))


@dataclass(frozen=True)
class _Single:
    delict: int
    mask: int

    @property
    def delicts(self) -> list[int]:
        return [self.delict]


@dataclass(frozen=True)
class _Unit:
    """Delicts tied by district clues: where each goes in each joint placement, and which
    of the distinct location sets that placement fills."""

    delicts: list[int]
    where: Ints  # placements x delicts: location indices
    set_of: Ints  # placements: index into sets
    sets: list[int]  # the distinct location sets
    ways: list[int]  # placements per set


Item = _Single | _Unit
Variant = tuple[int, list[Item]]  # a signed term: its sign, and its items in the order placed


@dataclass
class _Segment:
    """Delicts placed together: once per signed term of the group clues that bind them."""

    delicts: list[int]
    variants: list[Variant]
    backward: Ints | None = field(default=None, repr=False)  # kept when one variant


Ties = dict[int, list[tuple[int, list[int]]]]  # delict -> (partner, per location: its partner's locations)


def _segments(reduced: Reduced) -> list[_Segment] | None:
    """The segments of a clue set: the delicts a group clue still open binds, with those
    district clues tie to them; and all the others in one segment of one term. None past
    MOST_TERMS or MOST_PLACEMENTS."""
    allowed = [mask & FULL for mask in reduced.allowed]
    options = _group_options(reduced, allowed)
    ties = _ties(reduced)
    parent = list(range(SIZE))

    def find(d: int) -> int:
        while parent[d] != d:
            d = parent[d]
        return d

    links = [(a, b) for a, b, _ in reduced.pairs]
    links += [(members[0], other) for members in options for other in members[1:]]
    for a, b in links:
        parent[find(a)] = find(b)
    joined: dict[int, list[int]] = {}
    for d in range(SIZE):
        joined.setdefault(find(d), []).append(d)
    grouped = [delicts for delicts in joined.values() if any(members[0] in delicts for members in options)]
    plain = [d for delicts in joined.values() if delicts not in grouped for d in delicts]
    segments = []
    budget = [MOST_PLACEMENTS]
    for delicts in [plain] * bool(plain) + grouped:
        choices = [group_options for members, group_options in options.items() if members[0] in delicts]
        number = 1
        for group_options in choices:
            number *= len(group_options)
        if number > MOST_TERMS:
            return None
        variants: list[Variant] = []
        for picked in product(*choices):  # the plain delicts: one term, of sign 1
            sign, masks = 1, list(allowed)
            for factor, members, barred in picked:
                sign *= factor
                for d in members:
                    masks[d] &= ~barred
            items = _items(delicts, masks, ties, budget)
            if items is None:
                return None
            variants.append((sign, items))
        segments.append(_Segment(delicts, variants))
    return segments


Term = tuple[int, tuple[int, ...], int]  # sign, the group's members, the locations barred to them


def _group_options(reduced: Reduced, allowed: list[int]) -> dict[tuple[int, ...], list[Term]]:
    """Per group with a clue still open: its signed terms (sign, members, locations barred).

    "Some member of g lies in each demanded direction" is Σ_{T ⊆ demanded} (-1)^|T|
    [no member in a direction of T]. A direction some member's mask keeps to always holds
    and is dropped; a term that leaves a member no location counts 0 and is left out."""
    group_names = list(names.GROUPS)
    found = {}
    for group, directions in sorted(reduced.group_dirs.items()):
        members = tuple(names.DELICT_INDEX[d] for d in names.GROUPS[group_names[group]])
        open_dirs = [
            inside for inside in (reduced.direction_mask[direction] for direction in sorted(directions))
            if all(allowed[d] & ~inside for d in members)
        ]
        if not open_dirs:
            continue
        terms = []
        for size in range(len(open_dirs) + 1):
            for subset in combinations(open_dirs, size):
                barred = 0
                for inside in subset:
                    barred |= inside
                if all(allowed[d] & ~barred for d in members):
                    terms.append(((-1) ** size, members, barred))
        found[members] = terms
    return found


def _ties(reduced: Reduced) -> Ties:
    ties: Ties = {}
    for a, b, relation in reduced.pairs:
        table = reduced.joined[relation]
        joined = [sum(1 << other for other in range(SIZE) if table[loc, other]) for loc in range(SIZE)]
        ties.setdefault(a, []).append((b, joined))
        if b != a:
            ties.setdefault(b, []).append((a, joined))  # joined tables are symmetric
    return ties


def _items(delicts: list[int], masks: list[int], ties: Ties, budget: list[int]) -> list[Item] | None:
    """A segment's delicts as items: units of tied delicts first, then single delicts."""
    items: list[Item] = []
    seen: set[int] = set()
    for start in delicts:
        if start in seen or start not in ties:
            continue
        unit = [start]
        seen.add(start)
        for d in unit:  # breadth first: each delict after one it is tied to
            for partner, _ in ties[d]:
                if partner not in seen:
                    seen.add(partner)
                    unit.append(partner)
        placed = _place_unit(unit, masks, ties, budget[0])
        if placed is None:
            return None
        budget[0] -= len(placed.where)
        items.append(placed)
    singles = [d for d in delicts if d not in seen]
    return items + [_Single(d, masks[d]) for d in _by_size(singles, masks)]


def _place_unit(unit: list[int], masks: list[int], ties: Ties, limit: int) -> _Unit | None:
    """Every joint placement of the unit on distinct locations of its masks that keeps its
    ties; None past `limit` placements."""
    found: list[tuple[int, ...]] = []
    position = {d: i for i, d in enumerate(unit)}
    where: list[int] = []

    def extend(used: int) -> bool:
        if len(where) == len(unit):
            found.append(tuple(where))
            return len(found) <= limit
        d = unit[len(where)]
        free = masks[d] & ~used
        for partner, joined in ties.get(d, []):
            if partner == d:
                free &= sum(1 << loc for loc in range(SIZE) if joined[loc] >> loc & 1)
            elif position[partner] < len(where):
                free &= joined[where[position[partner]]]
        for loc in _locations(free):
            where.append(loc)
            going = extend(used | 1 << loc)
            where.pop()
            if not going:
                return False
        return True

    if not extend(0):
        return None
    placed = np.array(found, dtype=np.int64).reshape(len(found), len(unit))
    set_masks = (np.int64(1) << placed).sum(axis=1)
    sets, set_of, ways = distinct_with_inverse(set_masks)
    return _Unit(unit, placed, set_of.reshape(-1), sets.tolist(), ways.tolist())


def _odds(segments: list[_Segment]) -> Odds:
    """Backward over the segments (each term's vector summed by sign), then forward, where
    each term meets the backward vector of what follows it."""
    sizes = [len(segment.delicts) for segment in segments]
    after = [_unit_vector(0)]  # after[i]: the backward vector of the segments after segment i
    layer = 0
    for segment, size in zip(segments[:0:-1], sizes[:0:-1], strict=True):
        merged = np.zeros(1 << SIZE, dtype=np.int64)
        for sign, items in segment.variants:
            vector = _run(items[::-1], after[-1], layer)
            merged += sign * vector
            if len(segment.variants) == 1:
                segment.backward = vector
        layer += size
        after.append(_only_layer(merged, layer))
    after.reverse()
    cells = [[0] * SIZE for _ in range(SIZE)]
    before, layer = _unit_vector(0), 0
    for segment, size, behind in zip(segments, sizes, after, strict=True):
        merged = np.zeros(1 << SIZE, dtype=np.int64)
        for sign, items in segment.variants:
            forward = _run(items, before, layer)
            backward = segment.backward
            if backward is None:
                backward = _run(items[::-1], behind, SIZE - layer - size)
            _meet(items, forward, backward, layer, sign, cells)
            merged += sign * forward
        layer += size
        before = _only_layer(merged, layer)
    return Odds(int(before[FULL]), _freeze(cells))


def _run(items: Sequence[Item], start: Ints, layer: int) -> Ints:
    """Place the items after `start` (its entries all on sets of size `layer`): entry S of
    the result, for |S| past `layer`, counts the ways the items up to there fill exactly S.

    The items' sizes add up, so each size belongs to one prefix of items and one array holds
    them all. An entry counts partial assignments, at most 16! < 2^63: int64 is exact."""
    dp = start.copy()
    for item in items:
        if isinstance(item, _Single):
            for loc, source in _moves(layer, item.mask):
                dp[source | 1 << loc] += dp[source]
        else:
            for locations, ways in zip(item.sets, item.ways, strict=True):
                source = _disjoint(layer, locations)
                dp[source | locations] += dp[source] * ways
        layer += len(item.delicts)
    return dp


def _meet(items: Sequence[Item], forward: Ints, backward: Ints, layer: int, sign: int,
          cells: list[list[int]]) -> None:
    """Add sign x the solutions with each item's delicts at each location: forward before the
    item, times backward after it. Each product counts distinct solutions, so sums stay <= 16!."""
    for item in items:
        if isinstance(item, _Single):
            row = cells[item.delict]
            for loc, source in _moves(layer, item.mask):
                row[loc] += sign * int(np.dot(forward[source], backward[FULL ^ (source | 1 << loc)]))
        else:
            per_set = np.array([
                np.dot(forward[source], backward[FULL ^ (source | locations)])
                for locations in item.sets for source in [_disjoint(layer, locations)]
            ], dtype=np.int64)
            completions = per_set[item.set_of]  # per placement: the solutions that extend it
            for column, d in enumerate(item.delicts):
                counts = np.zeros(SIZE, dtype=np.int64)
                np.add.at(counts, item.where[:, column], completions)
                for loc, count in enumerate(counts.tolist()):
                    cells[d][loc] += sign * count
        layer += len(item.delicts)


@cache
def _steps(layer: int) -> tuple[Ints, ...]:
    """Per location l: the location sets of size `layer` without l."""
    inside = _layers()[0][layer]
    return tuple(inside[(inside >> bit) & 1 == 0] for bit in range(SIZE))


def _moves(layer: int, mask: int) -> list[tuple[int, Ints]]:
    steps = _steps(layer)
    return [(loc, steps[loc]) for loc in _locations(mask)]


def _disjoint(layer: int, locations: int) -> Ints:
    inside = _layers()[0][layer]
    disjoint: Ints = inside[(inside & locations) == 0]
    return disjoint


def _unit_vector(at: int) -> Ints:
    vector = np.zeros(1 << SIZE, dtype=np.int64)
    vector[at] = 1
    return vector


def _only_layer(vector: Ints, layer: int) -> Ints:
    """The vector's entries on sets of size `layer`; the summed terms leave others behind."""
    kept = np.zeros(1 << SIZE, dtype=np.int64)
    sets = _layers()[0][layer]
    kept[sets] = vector[sets]
    return kept


def _no_solution() -> Odds:
    return Odds(0, _freeze([[0] * SIZE for _ in range(SIZE)]))


def _by_size(delicts: Iterable[int], masks: Sequence[int]) -> list[int]:
    return sorted(delicts, key=lambda d: masks[d].bit_count())


def _locations(mask: int) -> list[int]:
    return [bit for bit in range(SIZE) if mask >> bit & 1]


def _single(mask: int) -> bool:
    return mask != 0 and not mask & (mask - 1)


def _freeze(cells: list[list[int]]) -> Table:
    return tuple(tuple(row) for row in cells)
