"""Exact counting of the solutions σ (delict -> location bijections) that satisfy a set of clues.

Unary clues (delict, not, location) reduce to a 16-bit mask of allowed locations per
delict; the count is then the permanent of a 0/1 matrix, computed by a DP over subsets of
locations, one popcount layer at a time (spec performance.md, "Counting exactly").
Every partial count is a number of partial assignments, so it is at most 16! < 2^53:
int64 is exact throughout, and so are float64 weights where numpy sums with bincount.

count_clues: reduce the clues (reduce_clues), shrink the masks (_propagate), then the
sparse DP over reachable partial placements for tight sets (count_sparse), else the dense
subset DP with district-clue units and group clues as signed branches (count_branched).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from itertools import combinations
from math import comb

import numpy as np

from solver import names
from solver.board import Board
from solver.cards import Clue, DelictClue, DistrictClue, GroupClue, LocationClue, NotClue

SIZE = 16
FULL = (1 << SIZE) - 1


@cache
def _layers() -> tuple[list[np.ndarray], np.ndarray]:
    """The masks of each popcount layer, ascending, and every mask's position in its layer."""
    masks = np.arange(1 << SIZE, dtype=np.int64)
    popcount = np.zeros(1 << SIZE, dtype=np.int64)
    for bit in range(SIZE):
        popcount += (masks >> bit) & 1
    layers = [np.flatnonzero(popcount == k) for k in range(SIZE + 1)]
    position = np.zeros(1 << SIZE, dtype=np.int64)
    for layer in layers:
        position[layer] = np.arange(len(layer))
    return layers, position


@cache
def _single_steps(layer: int) -> list[tuple[np.ndarray, np.ndarray]]:
    """For each location l: positions in `layer` of masks without l, and of mask | l one layer up."""
    layers, position = _layers()
    masks = layers[layer]
    steps = []
    for bit in range(SIZE):
        source = np.flatnonzero((masks >> bit) & 1 == 0)
        steps.append((source, position[masks[source] | (1 << bit)]))
    return steps


SPARSE_LAYER = 8  # a layer with at most 1/SPARSE_LAYER of its states reached is stepped from those alone


def _place_one(dp: np.ndarray, layer: int, allowed: int) -> np.ndarray:
    """Place one more delict on any free location of `allowed`: dp over layer -> dp over layer + 1."""
    new = np.zeros(comb(SIZE, layer + 1), dtype=np.int64)
    present = np.flatnonzero(dp)
    if len(present) * SPARSE_LAYER <= len(dp):
        # Few states reached (tight clues): step only those. Every partial count is < 2^53,
        # so the float weights of bincount stay exact.
        layers, position = _layers()
        bits = LOCATION_BITS[_locations(allowed)]
        masks = layers[layer][present][:, None]
        free = (masks & bits[None, :]) == 0
        rows, cols = np.nonzero(free)
        target = position[masks[rows, 0] | bits[cols]]
        summed = np.bincount(target, weights=dp[present][rows].astype(np.float64), minlength=len(new))
        return summed.astype(np.int64)
    for bit, (source, target) in enumerate(_single_steps(layer)):
        if allowed >> bit & 1:
            new[target] += dp[source]
    return new


def count_assignments(allowed: Sequence[int]) -> int:
    """The number of bijections delict -> location with delict d on a location of mask allowed[d].

    The permanent of the 16x16 0/1 matrix whose row d is the bit mask allowed[d].
    """
    if len(allowed) != SIZE:
        raise ValueError(f"need {SIZE} masks, got {len(allowed)}")
    if any(mask & FULL == 0 for mask in allowed):
        return 0
    dp = np.ones(1, dtype=np.int64)
    for layer, mask in enumerate(sorted(mask & FULL for mask in allowed)):
        dp = _place_one(dp, layer, mask)
        if not dp.any():
            return 0
    return int(dp[0])


# ---------------------------------------------------------------------------
# Any clue set: the component DP.
#
# Delicts tied together by district clues (and by the group clues of their group) form a
# unit. A unit's joint placements are enumerated as numpy rows and reduced to a table
# {set of locations used: number of ways}; the subset DP then places whole units. A group
# clue whose unit would get too large to enumerate is instead removed by inclusion-exclusion:
# "some delict of g in X" = all placements - placements with every delict of g outside X.
# count_clues now uses count_branched (further down); this path (count_units_ie) stays as
# an independent cross-check in the tests, and its unit enumeration is shared.

ROW_LIMIT = 200_000
LOCATION_BITS = 1 << np.arange(SIZE, dtype=np.int64)


@dataclass(frozen=True)
class Reduced:
    """A clue set on a board, reduced to masks and ties between delicts (indices 0..15)."""

    allowed: tuple[int, ...]
    pairs: tuple[tuple[int, int, str], ...]  # district clues: delict, delict, relation
    group_dirs: dict[int, frozenset[str]]  # group index -> directions its group clues demand
    joined: dict[str, np.ndarray]  # relation -> 16x16 bool, symmetric
    direction_mask: dict[str, int]


GROUP_MEMBERS: tuple[tuple[int, ...], ...] = tuple(
    tuple(names.DELICT_INDEX[d] for d in delicts) for delicts in names.GROUPS.values()
)
GROUP_INDEX = {group: index for index, group in enumerate(names.GROUPS)}
GROUP_OF_DELICT = {delict: group for group, members in enumerate(GROUP_MEMBERS) for delict in members}


def _bits(locations: Iterable[str]) -> int:
    if isinstance(locations, tuple):
        return _bits_of(locations)
    return sum(1 << names.LOCATION_INDEX[location] for location in set(locations))


@lru_cache(maxsize=4096)
def _bits_of(locations: tuple[str, ...]) -> int:
    return sum(1 << names.LOCATION_INDEX[location] for location in set(locations))


def reduce_clues(clues: Iterable[Clue], board: Board) -> Reduced:
    """Unary clues become masks; district and group clues become ties."""
    allowed = [FULL] * SIZE
    pairs: list[tuple[int, int, str]] = []
    group_dirs: dict[int, set[str]] = {}
    for clue in clues:
        match clue:
            case DelictClue(delict, locations):
                allowed[names.DELICT_INDEX[delict]] &= _bits(locations)
            case NotClue(delict, locations):
                allowed[names.DELICT_INDEX[delict]] &= FULL & ~_bits(locations)
            case LocationClue(location, delicts):
                barred = FULL & ~(1 << names.LOCATION_INDEX[location])
                for d in set(names.DELICTS) - set(delicts):
                    allowed[names.DELICT_INDEX[d]] &= barred
            case DistrictClue((first, second), relation):
                pairs.append((names.DELICT_INDEX[first], names.DELICT_INDEX[second], relation))
            case GroupClue(group, direction):
                group_dirs.setdefault(GROUP_INDEX[group], set()).add(direction)
            case _:
                raise TypeError(f"not a clue: {clue!r}")
    joined, direction_mask = _board_tables(board)
    frozen_dirs = {group: frozenset(dirs) for group, dirs in group_dirs.items()}
    return Reduced(tuple(allowed), tuple(pairs), frozen_dirs, joined, direction_mask)


@cache
def _board_tables(board: Board) -> tuple[dict[str, np.ndarray], dict[str, int]]:
    """The board's joined tables and direction masks, built once per board (hashed by identity)."""
    joined = {}
    for relation, found in board.joined_pairs.items():
        table = np.zeros((SIZE, SIZE), dtype=bool)
        for i, j in found:
            table[i, j] = table[j, i] = True
        table.flags.writeable = False
        joined[relation] = table
    direction_mask = {
        direction: _bits(loc for loc in names.LOCATIONS if board.in_direction(loc, direction))
        for direction in names.DIRECTIONS
    }
    return joined, direction_mask


def count_clues(clues: Iterable[Clue], board: Board) -> int:
    """The exact number of solutions σ that satisfy every clue on this board."""
    reduced = reduce_clues(clues, board)
    return count_reduced(reduced)


def count_reduced(reduced: Reduced) -> int:
    """Count a reduced clue set: the sparse DP where it stays small, else signed branches."""
    allowed = _propagate(list(reduced.allowed), reduced)
    if allowed is None:
        return 0
    sparse = count_sparse(reduced, allowed)
    if sparse is not None:
        return sparse
    return count_branched(reduced, allowed)


def count_units_ie(reduced: Reduced, allowed: list[int]) -> int:
    """The previous dense path: group clues enumerated inside units, else inclusion-exclusion.

    Kept as an independent cross-check of `count_branched` (tests only)."""
    by_ie: set[int] = set()
    while True:
        try:
            return _count_with_ie(allowed, reduced, frozenset(by_ie))
        except _TooBig as big:
            by_ie.add(big.group)


class _TooBig(Exception):
    """A unit's enumeration outgrew ROW_LIMIT; `group` is the group clue to take out of it."""

    def __init__(self, group: int):
        super().__init__(group)
        self.group = group


def _neighbours(reduced: Reduced, relation: str) -> list[int]:
    return _neighbour_masks(id(reduced.joined[relation]), reduced.joined[relation])


_NEIGHBOURS: dict[int, tuple[np.ndarray, list[int]]] = {}


def _neighbour_masks(key: int, table: np.ndarray) -> list[int]:
    """Per location, the mask of locations the table joins it to (cached per table object)."""
    hit = _NEIGHBOURS.get(key)
    if hit is not None and hit[0] is table:
        return hit[1]
    masks = [int((table[location].astype(np.int64) * LOCATION_BITS).sum()) for location in range(SIZE)]
    _NEIGHBOURS[key] = (table, masks)
    return masks


def _propagate(allowed: list[int], reduced: Reduced) -> list[int] | None:
    """Shrink masks without losing a solution; None when some delict has no location left.

    Arc consistency on district clues (a delict keeps only locations with a partner left),
    and the bijection's singles: a delict with one location takes it from every other
    delict; a location only one delict may take pins that delict."""
    neighbours = {relation: _neighbours(reduced, relation) for relation in {rel for _, _, rel in reduced.pairs}}
    allowed = [mask & FULL for mask in allowed]
    changed = True
    while changed:
        changed = False
        for first, second, relation in reduced.pairs:
            table = neighbours[relation]
            for a, b in ((first, second), (second, first)):
                support, rest = 0, allowed[b]
                while rest:
                    low = rest & -rest
                    rest ^= low
                    support |= table[low.bit_length() - 1]
                if allowed[a] & ~support:
                    allowed[a] &= support
                    changed = True
                if not allowed[a]:
                    return None
        once, twice = 0, 0
        for mask in allowed:
            twice |= once & mask
            once |= mask
        if once != FULL:
            return None  # a location no delict can take
        singles = once & ~twice
        taken = 0  # locations of delicts with one location left
        for d, mask in enumerate(allowed):
            if mask & singles and mask & ~singles:
                mask = allowed[d] = mask & singles
                changed = True
            if not mask & (mask - 1):
                if taken & mask:
                    return None  # two delicts need the same location
                taken |= mask
        for d, mask in enumerate(allowed):
            if mask & (mask - 1) and mask & taken:
                allowed[d] = mask & ~taken
                changed = True
                if not allowed[d]:
                    return None
    return allowed


def _locations(mask: int) -> list[int]:
    return [bit for bit in range(SIZE) if mask >> bit & 1]


def _ie_terms(group: int, directions: frozenset[str], reduced: Reduced) -> dict[int, int]:
    """barred locations -> coefficient: Σ over subsets T of the directions, (-1)^|T|, bar ∪T."""
    terms: dict[int, int] = {}
    for size in range(len(directions) + 1):
        for subset in combinations(sorted(directions), size):
            barred = 0
            for direction in subset:
                barred |= reduced.direction_mask[direction]
            terms[barred] = terms.get(barred, 0) + (-1) ** size
    return {barred: coeff for barred, coeff in terms.items() if coeff and barred != FULL}


def _count_with_ie(allowed: list[int], reduced: Reduced, by_ie: frozenset[int]) -> int:
    terms: list[tuple[int, list[int]]] = [(1, allowed)]
    for group in sorted(by_ie):
        expanded = []
        for barred, coeff in _ie_terms(group, reduced.group_dirs[group], reduced).items():
            for sign, masks in terms:
                masks = list(masks)
                for delict in GROUP_MEMBERS[group]:
                    masks[delict] &= ~barred
                expanded.append((sign * coeff, masks))
        terms = expanded
    tied = {g: dirs for g, dirs in reduced.group_dirs.items() if g not in by_ie}
    return sum(sign * _count_units(masks, reduced, tied) for sign, masks in terms)


def _count_units(allowed: list[int], reduced: Reduced, tied: dict[int, frozenset[str]]) -> int:
    """Count with masks, district ties and the group clues in `tied` enumerated inside units."""
    if any(mask == 0 for mask in allowed):
        return 0
    tied = _live_group_clues(allowed, reduced, tied)
    if tied is None:
        return 0
    halves: list[list[tuple[int, np.ndarray, np.ndarray]]] = [[], []]
    for unit in sorted(_units(reduced, tied), key=len, reverse=True):
        if len(unit) == 1:
            placements, counts = LOCATION_BITS[_locations(allowed[unit[0]])], np.ones(1, np.int64)
            counts = np.ones(len(placements), np.int64)
        else:
            placements, counts = _enumerate_unit(unit, allowed, reduced, tied)
        if len(placements) == 0:
            return 0
        smaller = min(halves, key=lambda half: sum(size for size, _, _ in half))
        smaller.append((len(unit), placements, counts))
    return _meet(_run(halves[0]), _run(halves[1]))


def _run(items: list[tuple[int, np.ndarray, np.ndarray]]) -> tuple[np.ndarray, int]:
    """The subset DP over some units: ways to place them on each set of locations."""
    dp, layer = np.ones(1, dtype=np.int64), 0
    for size, placements, counts in items:
        if size == 1:
            dp = _place_one(dp, layer, int(np.bitwise_or.reduce(placements)))
        else:
            dp = _place_unit(dp, layer, size, placements, counts)
        layer += size
    return dp, layer


def _meet(first: tuple[np.ndarray, int], second: tuple[np.ndarray, int]) -> int:
    """Join two halves: the first on a set of locations, the second on all the others."""
    (dp, layer), (other, _) = first, second
    layers, position = _layers()
    complement = position[FULL ^ layers[layer]]
    return int((dp * other[complement]).sum())


def _live_group_clues(
    allowed: list[int], reduced: Reduced, tied: dict[int, frozenset[str]]
) -> dict[int, frozenset[str]] | None:
    """Drop group clues the masks already make true; None when one can no longer hold."""
    live = {}
    for group, directions in tied.items():
        members = [allowed[d] for d in GROUP_MEMBERS[group]]
        open_dirs = set()
        for direction in directions:
            inside = reduced.direction_mask[direction]
            if not any(mask & inside for mask in members):
                return None
            if not any(mask & ~inside == 0 for mask in members):
                open_dirs.add(direction)
        if open_dirs:
            live[group] = frozenset(open_dirs)
    return live


def _units(reduced: Reduced, tied: dict[int, frozenset[str]]) -> list[list[int]]:
    """Delicts tied together by district clues or by a group clue still to be enumerated."""
    parent = list(range(SIZE))

    def find(x: int) -> int:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    links = [(a, b) for a, b, _ in reduced.pairs]
    for group in tied:
        first, *rest = GROUP_MEMBERS[group]
        links += [(first, other) for other in rest]
    for a, b in links:
        parent[find(a)] = find(b)
    units: dict[int, list[int]] = {}
    for delict in range(SIZE):
        units.setdefault(find(delict), []).append(delict)
    return list(units.values())


def _place_unit(
    dp: np.ndarray, layer: int, size: int, placements: np.ndarray, counts: np.ndarray
) -> np.ndarray:
    """Place a whole unit: each of its location sets, times its ways, on every disjoint state."""
    layers, _ = _layers()
    present = np.flatnonzero(dp)
    masks, values = layers[layer][present], dp[present]
    new = np.zeros(1 << SIZE, dtype=np.int64)
    chunk = max(1, 1_000_000 // max(len(masks), 1))
    for start in range(0, len(placements), chunk):
        block, ways = placements[start:start + chunk], counts[start:start + chunk]
        rows, cols = np.nonzero((masks[:, None] & block[None, :]) == 0)
        np.add.at(new, masks[rows] | block[cols], values[rows] * ways[cols])
    return new[layers[layer + size]]


@dataclass
class _Rows:
    """Partial placements of a unit: used locations, frontier delicts' locations, ways."""

    masks: np.ndarray
    locations: np.ndarray  # rows x frontier
    counts: np.ndarray
    frontier: list[int]
    sig: np.ndarray | None = None  # per row: 4 direction bits per signed group slot (count_branched)
    sig_bits: int = 0

    def keep(self, selected: np.ndarray) -> None:
        self.masks, self.locations, self.counts = (
            self.masks[selected], self.locations[selected], self.counts[selected]
        )
        if self.sig is not None:
            self.sig = self.sig[selected]


def _enumerate_unit(
    unit: list[int], allowed: list[int], reduced: Reduced, tied: dict[int, frozenset[str]]
) -> tuple[np.ndarray, np.ndarray]:
    """Every set of locations the unit can occupy, with its number of joint placements."""
    inside = set(unit)
    partners = {d: [(b if a == d else a, rel) for a, b, rel in reduced.pairs if d in (a, b)] for d in unit}
    groups = {g for g in tied if set(GROUP_MEMBERS[g]) <= inside}
    rows = _Rows(np.zeros(1, np.int64), np.zeros((1, 0), np.int64), np.ones(1, np.int64), [])
    placed: set[int] = set()
    for delict in _unit_order(unit, allowed, partners, groups):
        _extend(rows, delict, allowed[delict], partners[delict], reduced)
        placed.add(delict)
        group = names_group(delict)
        if group in groups and set(GROUP_MEMBERS[group]) <= placed:
            _check_group(rows, group, tied[group], reduced)
        pending = [
            d for d in rows.frontier
            if any(p not in placed for p, _ in partners[d])
            or (names_group(d) in groups and not set(GROUP_MEMBERS[names_group(d)]) <= placed)
        ]
        _aggregate(rows, pending)
        if len(rows.masks) > ROW_LIMIT and groups:
            raise _TooBig(min(groups))
    return rows.masks, rows.counts


def names_group(delict: int) -> int:
    return GROUP_OF_DELICT[delict]


def _unit_order(
    unit: list[int], allowed: list[int], partners: dict[int, list], groups: set[int]
) -> list[int]:
    """Most constrained first, then always the delict with most ties to those already placed."""
    order: list[int] = []
    left = set(unit)
    while left:
        def score(d: int) -> tuple[int, int]:
            ties = sum(p in order for p, _ in partners[d])
            if names_group(d) in groups:
                ties += sum(m in order for m in GROUP_MEMBERS[names_group(d)])
            return (-ties, allowed[d].bit_count())

        best = min(sorted(left), key=score)
        order.append(best)
        left.remove(best)
    return order


def _extend(rows: _Rows, delict: int, mask: int, partners: list, reduced: Reduced) -> None:
    """Place `delict` on every free allowed location its placed district partners accept."""
    ok = (rows.masks[:, None] & LOCATION_BITS[None, :]) == 0
    ok &= (mask >> np.arange(SIZE) & 1).astype(bool)[None, :]
    for partner, relation in partners:
        if partner in rows.frontier:
            ok &= reduced.joined[relation][rows.locations[:, rows.frontier.index(partner)]]
    index, location = np.nonzero(ok)
    rows.keep(index)
    rows.masks = rows.masks | LOCATION_BITS[location]
    rows.locations = np.column_stack([rows.locations, location])
    rows.frontier = [*rows.frontier, delict]


def _check_group(rows: _Rows, group: int, directions: frozenset[str], reduced: Reduced) -> None:
    used = np.zeros(len(rows.masks), np.int64)
    for member in GROUP_MEMBERS[group]:
        used |= LOCATION_BITS[rows.locations[:, rows.frontier.index(member)]]
    ok = np.ones(len(rows.masks), bool)
    for direction in directions:
        ok &= (used & reduced.direction_mask[direction]) != 0
    rows.keep(ok)


def _aggregate(rows: _Rows, pending: list[int]) -> None:
    """Forget the locations of delicts with no tie left, and merge rows that became equal."""
    columns = [rows.frontier.index(d) for d in pending]
    rows.locations, rows.frontier = rows.locations[:, columns], pending
    base = SIZE + rows.sig_bits
    if base + 4 * len(pending) > 63 or len(rows.masks) == 0:
        return
    key = rows.masks.copy()
    if rows.sig is not None:
        key |= rows.sig << SIZE
    for column in range(len(pending)):
        key |= rows.locations[:, column] << (base + 4 * column)
    order = np.argsort(key, kind="stable")
    key = key[order]
    starts = np.flatnonzero(np.concatenate([[True], key[1:] != key[:-1]]))
    counts = np.add.reduceat(rows.counts[order], starts)
    rows.keep(order[starts])
    rows.counts = counts


def state_masks(markers: dict[str, Iterable[str]], tiles: dict[str, str]) -> list[int]:
    """Allowed locations per delict on a game board (spec section 4, rule 10).

    A tile pins its delict; markers bound theirs; a delict in the supply may go to any
    location without a tile.
    """
    tiled = _bits(tiles.values())
    allowed = []
    for delict in names.DELICTS:
        if delict in tiles:
            allowed.append(_bits([tiles[delict]]))
        elif delict in markers:
            allowed.append(_bits(markers[delict]) & ~tiled)
        else:
            allowed.append(FULL & ~tiled)
    return allowed


SPARSE_STATE_LIMIT = 600  # measured: past a few hundred partial placements the dense DP is faster
SPARSE_WORK_LIMIT = 6000  # placements tried in all before giving up (caps the time lost, ≈ 1-2 ms)


def count_sparse(reduced: Reduced, allowed: list[int], limit: int | None = None) -> int | None:
    """Exact count by a DP over only the reachable partial placements, or None past `limit` states.

    Fast where clues are tight (small counts), where the dense 2^16 DP pays its fixed cost.
    A state is one int: the locations used (bits 0-15); per group clue, the demanded
    directions its placed members cover (4 bits each from bit 16); and, 4 bits each from
    bit 32, where each placed delict with a pending district clue is. A clue closes at its
    last delict, where it narrows that delict's options: a district clue to the locations
    joined to its partner, a group clue to the directions its other members left uncovered."""
    limit = SPARSE_STATE_LIMIT if limit is None else limit
    work_limit = max(SPARSE_WORK_LIMIT, 4 * limit) if limit != SPARSE_STATE_LIMIT else SPARSE_WORK_LIMIT
    fewest = sorted(mask.bit_count() for mask in allowed)
    if fewest[0] * fewest[1] * fewest[2] > 4 * limit:
        return None  # three steps in, the states would already be past the limit
    states: dict[int, int] = {0: 1}
    work = 0
    for options, pair_tests, group_tests, keep_groups, keep_shifts, add_for, later in _sparse_plan(
        reduced, allowed
    ):
        grown: dict[int, int] = {}
        get = grown.get
        for key, ways in states.items():
            used = key & FULL
            free = options & ~used
            for shift, table in pair_tests:
                free &= table[key >> shift & 15]
            for shift, need in group_tests:
                free &= need[key >> shift & 15]
            if ~(used | later) & FULL:
                # a free location no later delict can take: only this delict can fill it
                need = FULL & ~(used | later)
                if need & (need - 1):
                    continue
                free &= need
            if not free:
                continue
            base = used | (key & keep_groups)
            for source, target in keep_shifts:
                base |= (key >> source & 15) << target
            work += free.bit_count()
            if work > work_limit:
                return None
            while free:
                low = free & -free
                free ^= low
                grown_key = base | low | add_for[low.bit_length() - 1]
                grown[grown_key] = get(grown_key, 0) + ways
        states = grown
        if not states:
            return 0
        if len(states) > limit:
            return None
    return sum(states.values())


SPARSE_TIED_OPTIONS = 2  # a delict whose district partner is placed has about this many options


def _sparse_order(reduced: Reduced, allowed: list[int]) -> list[int]:
    """Fewest options first, where a placed district partner leaves about SPARSE_TIED_OPTIONS."""
    partners: list[set[int]] = [set() for _ in range(SIZE)]
    for a, b, _ in reduced.pairs:
        partners[a].add(b)
        partners[b].add(a)
    counts = [mask.bit_count() for mask in allowed]
    keys = [(count, count, d) for d, count in enumerate(counts)]
    order: list[int] = []
    left = set(range(SIZE))
    while left:
        best = min(left, key=keys.__getitem__)
        order.append(best)
        left.remove(best)
        for partner in partners[best]:
            if partner in left and keys[partner][0] > SPARSE_TIED_OPTIONS:
                keys[partner] = (SPARSE_TIED_OPTIONS, counts[partner], partner)
    return order


def _sparse_plan(reduced: Reduced, allowed: list[int]):
    """Per delict in placing order: options, clue tests closing at it, and how the state key moves."""
    order = _sparse_order(reduced, allowed)
    position = {d: i for i, d in enumerate(order)}
    closing_pairs: list[list[tuple[int, int, str]]] = [[] for _ in range(SIZE)]
    needed_until = [-1] * SIZE  # the step of the last district clue each delict is in
    for a, b, relation in reduced.pairs:
        last = max(position[a], position[b])
        closing_pairs[last].append((a, b, relation))
        for x in (a, b):
            needed_until[x] = max(needed_until[x], last)
    dir_bits, need_of = _direction_tables(tuple(reduced.direction_mask[direction] for direction in names.DIRECTIONS))
    ordered = list(names.DIRECTIONS)
    group_at: dict[int, tuple[int, int, int, list[int]]] = {}  # delict -> shift, demanded, last step, need
    for index, (group, directions) in enumerate(sorted(reduced.group_dirs.items())):
        demanded = sum(1 << ordered.index(direction) for direction in directions)
        last = max(position[d] for d in GROUP_MEMBERS[group])
        for d in GROUP_MEMBERS[group]:
            group_at[d] = (16 + 4 * index, demanded, last, need_of[demanded])
    later_of = [0] * (SIZE + 1)  # locations some delict placed after this step may take
    for step in range(SIZE - 1, -1, -1):
        later_of[step] = later_of[step + 1] | allowed[order[step]]
    frontier: list[int] = []
    for step, d in enumerate(order):
        slot = {x: 32 + 4 * i for i, x in enumerate(frontier)}
        options = allowed[d]
        pair_tests = []
        for a, b, relation in closing_pairs[step]:
            if a == b:  # a delict joined to itself: never
                options = 0
            else:
                pair_tests.append((slot[b if a == d else a], _neighbours(reduced, relation)))
        after = [x for x in (*frontier, d) if needed_until[x] > step]
        keep_shifts = [(slot[x], 32 + 4 * i) for i, x in enumerate(after) if x != d]
        add_for = [0] * SIZE
        if d in after:
            d_shift = 32 + 4 * after.index(d)
            add_for = [location << d_shift for location in range(SIZE)]
        group_tests = []
        keep_groups = 0xFFFF << 16
        if d in group_at:
            shift, demanded, last, need = group_at[d]
            if last == step:
                group_tests.append((shift, need))
                keep_groups &= ~(15 << shift)
            else:
                add_for = [add | (dir_bits[location] & demanded) << shift for location, add in enumerate(add_for)]
        yield options, pair_tests, group_tests, keep_groups, keep_shifts, add_for, later_of[step + 1]
        frontier = after


# ---------------------------------------------------------------------------
# Group clues by signed branches (count_branched).
#
# "For each demanded direction some member of g is there" equals
# Σ_{T ⊆ demanded} (-1)^|T| [every member of g outside ∪T] (terms with ∪T = all locations
# vanish). The subset DP is linear in its vector, so at a group's first delict the vector
# is split into one copy per term (scaled by its coefficient), the group's delicts are
# placed in each copy with the term's locations barred, and the copies are summed after
# the group's last delict. Units of delicts tied by district clues are enumerated once;
# each joint placement remembers which directions the signed groups' members used, so a
# term keeps exactly the placements that avoid its directions.


@dataclass
class _Item:
    """Delicts placed together: a single delict (mask) or a unit's joint placements."""

    delicts: list[int]
    groups: list[int]  # signed groups with members here; sig slot = position in this list
    mask: int = 0
    placements: np.ndarray | None = None
    counts: np.ndarray | None = None
    sig: np.ndarray | None = None


def _direction_bits(reduced: Reduced) -> list[int]:
    """Per location, a bit per direction (names.DIRECTIONS order) it lies in."""
    return _direction_tables(tuple(reduced.direction_mask[direction] for direction in names.DIRECTIONS))[0]


@lru_cache(maxsize=64)
def _direction_tables(masks: tuple[int, ...]) -> tuple[list[int], list[list[int]]]:
    """Direction bits per location; and per demanded set of directions and covered set, the
    locations the last member of a group must take: inside every demanded direction not covered."""
    bits = [sum(1 << i for i, mask in enumerate(masks) if mask >> loc & 1) for loc in range(SIZE)]
    need = []
    for demanded in range(16):
        row = []
        for covered in range(16):
            inside = FULL
            for i, mask in enumerate(masks):
                if demanded >> i & 1 and not covered >> i & 1:
                    inside &= mask
            row.append(inside)
        need.append(row)
    return bits, need


def _signed_terms(directions: frozenset[str], reduced: Reduced) -> list[tuple[int, int, int]]:
    """(direction bits of T, locations barred, coefficient) for the non-vanishing terms."""
    terms: dict[int, list[int]] = {}
    ordered = list(names.DIRECTIONS)
    for size in range(len(directions) + 1):
        for subset in combinations(sorted(directions), size):
            barred, bits = 0, 0
            for direction in subset:
                barred |= reduced.direction_mask[direction]
                bits |= 1 << ordered.index(direction)
            entry = terms.setdefault(barred, [bits, 0])
            entry[1] += (-1) ** size
    return [(bits, barred, coeff) for barred, (bits, coeff) in terms.items() if coeff and barred != FULL]


def count_branched(reduced: Reduced, allowed: list[int]) -> int:
    """Exact count: units tied by district clues in the subset DP, group clues as signed branches."""
    if any(mask == 0 for mask in allowed):
        return 0
    live = _live_group_clues(allowed, reduced, reduced.group_dirs)
    if live is None:
        return 0
    terms = {group: _signed_terms(directions, reduced) for group, directions in live.items()}
    dir_bits = np.array(_direction_bits(reduced), dtype=np.int64)
    items: list[_Item] = []
    for unit in _units(reduced, {}):
        groups = sorted({GROUP_OF_DELICT[d] for d in unit} & live.keys())
        if len(unit) == 1:
            items.append(_Item(unit, groups, mask=allowed[unit[0]]))
            continue
        slots = {d: groups.index(GROUP_OF_DELICT[d]) for d in unit if GROUP_OF_DELICT[d] in live}
        placements, counts, sig = _enumerate_signed(unit, allowed, reduced, slots, len(groups), dir_bits)
        if len(placements) == 0:
            return 0
        items.append(_Item(unit, groups, placements=placements, counts=counts, sig=sig))
    halves: list[list[_Item]] = [[], []]
    for block in sorted(_blocks(items), key=lambda b: sum(len(i.delicts) for i in b), reverse=True):
        smaller = min(halves, key=lambda half: sum(len(item.delicts) for item in half))
        smaller.extend(_block_order(block))
    return _meet(_run_signed(halves[0], terms), _run_signed(halves[1], terms))


def _blocks(items: list[_Item]) -> list[list[_Item]]:
    """Items sharing a signed group, joined: a group opens and closes inside one block."""
    blocks: list[list[_Item]] = []
    for item in items:
        joined = [b for b in blocks if any(set(item.groups) & set(i.groups) for i in b)]
        merged = [item]
        for b in joined:
            merged = b + merged
            blocks.remove(b)
        blocks.append(merged)
    return blocks


def _block_order(block: list[_Item]) -> list[_Item]:
    """Few groups open at a time: prefer items opening no new group and closing groups; big first."""
    order: list[_Item] = []
    left = sorted(block, key=lambda i: -len(i.delicts))
    open_groups: set[int] = set()
    while left:
        best = min(left, key=lambda item, now=frozenset(open_groups): _order_score(item, left, now))
        left.remove(best)
        order.append(best)
        open_groups |= set(best.groups)
    return order


def _order_score(item: _Item, left: list[_Item], open_groups: frozenset[int]) -> tuple[int, int, int]:
    rest = [i for i in left if i is not item]
    closes = sum(all(g not in i.groups for i in rest) for g in item.groups)
    return (len(set(item.groups) - open_groups), -closes, -len(item.delicts))


def _run_signed(items: list[_Item], terms: dict[int, list[tuple[int, int, int]]]) -> tuple[np.ndarray, int]:
    """The subset DP over some items with signed branches per open group; all groups close.

    A branch is (coefficient, vector); branches opened together share one vector until a
    placement tells them apart, and equal placements of a shared vector are made once."""
    one = np.ones(1, dtype=np.int64)
    branches: dict[tuple[tuple[int, int, int], ...], tuple[int, np.ndarray]] = {(): (1, one)}
    layer = 0
    remaining: dict[int, int] = {}
    for item in items:
        for group in item.groups:
            remaining[group] = remaining.get(group, 0) + 1
    opened: list[int] = []  # groups in the order their term sits in a branch key
    for item in items:
        for group in item.groups:
            if group not in opened:
                opened.append(group)
                branches = {
                    (*key, term): (coeff * term[2], dp)
                    for key, (coeff, dp) in branches.items() for term in terms[group]
                }
        grown = {}
        made: dict[tuple[int, object], np.ndarray] = {}
        where = [opened.index(group) for group in item.groups]
        filters: dict[tuple[int, ...], tuple[np.ndarray, bytes]] = {}
        for key, (coeff, dp) in branches.items():
            if item.placements is None:
                mask = item.mask
                for index in where:
                    mask &= ~key[index][1]
                pattern: object = mask
                if (id(dp), pattern) not in made:
                    made[id(dp), pattern] = _place_one(dp, layer, mask)
            else:
                term_bits = tuple(key[index][0] for index in where)
                if term_bits not in filters:
                    ok = np.ones(len(item.placements), bool)
                    for slot, bits in enumerate(term_bits):
                        ok &= (item.sig >> (4 * slot)) & bits == 0
                    filters[term_bits] = ok, ok.tobytes()
                ok, pattern = filters[term_bits]
                if (id(dp), pattern) not in made:
                    made[id(dp), pattern] = (
                        _place_unit(dp, layer, len(item.delicts), item.placements[ok], item.counts[ok])
                        if ok.any() else None
                    )
            placed = made[id(dp), pattern]
            if placed is not None:
                grown[key] = (coeff, placed)  # a branch with no placement left is 0: dropped
        branches, layer = grown, layer + len(item.delicts)
        if not branches:  # every branch is 0: so is the half
            total = sum(len(i.delicts) for i in items)
            return np.zeros(comb(SIZE, total), dtype=np.int64), total
        for group in item.groups:
            remaining[group] -= 1
            if remaining[group] == 0:
                where = opened.index(group)
                opened.pop(where)
                summed: dict[tuple, tuple[int, np.ndarray]] = {}
                for key, (coeff, dp) in branches.items():
                    short = key[:where] + key[where + 1:]
                    value = dp * coeff
                    summed[short] = (1, summed[short][1] + value if short in summed else value)
                branches = summed
    assert not opened and len(branches) == 1
    coeff, dp = branches[()]
    return dp * coeff, layer


def _enumerate_signed(
    unit: list[int], allowed: list[int], reduced: Reduced, slots: dict[int, int], n_slots: int, dir_bits: np.ndarray
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """A unit's location sets and ways, split by the directions its signed-group members use."""
    partners = {d: [(b if a == d else a, rel) for a, b, rel in reduced.pairs if d in (a, b)] for d in unit}
    rows = _Rows(np.zeros(1, np.int64), np.zeros((1, 0), np.int64), np.ones(1, np.int64), [],
                 np.zeros(1, np.int64), 4 * n_slots)
    placed: set[int] = set()
    for delict in _unit_order(unit, allowed, partners, set()):
        _extend(rows, delict, allowed[delict], partners[delict], reduced)
        if delict in slots:
            rows.sig = rows.sig | (dir_bits[rows.locations[:, -1]] << (4 * slots[delict]))
        placed.add(delict)
        pending = [d for d in rows.frontier if any(p not in placed for p, _ in partners[d])]
        _aggregate(rows, pending)
    return rows.masks, rows.counts, rows.sig
