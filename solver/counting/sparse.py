"""The sparse DP (count_sparse): only the reachable partial placements, for tight clue sets.

count_reduced tries it first and falls back to the dense path (keyed) when it gives up.
traced_sparse is the same DP with its edges kept, which backward.sparse_odds walks back for odds.
"""

from __future__ import annotations

from array import array
from dataclasses import dataclass, field

from solver.core import names
from solver.core.bits import FULL, N
from solver.counting.costs import SPARSE_STATE_LIMIT, SPARSE_TIED_OPTIONS, SPARSE_WORK_LIMIT
from solver.counting.reduce import GROUP_MEMBERS, Reduced, direction_tables, neighbours


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
    for _, options, pair_tests, group_tests, keep_groups, keep_shifts, add_for, later in _sparse_plan(
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


@dataclass
class SparseTrace:
    """The sparse DP's steps, for a backward pass: per step its delict, the ways of the
    states before it, and its number of edges; over all steps in order, per state with
    options its index (in its step) and its options, and per edge (each state's locations
    ascending) its state after."""

    delicts: list[int] = field(default_factory=list)
    ways: list[list[int]] = field(default_factory=list)
    edges: list[int] = field(default_factory=list)
    sources: array = field(default_factory=lambda: array("q"))
    options: array = field(default_factory=lambda: array("q"))
    after: array = field(default_factory=lambda: array("q"))


def traced_sparse(reduced: Reduced, allowed: list[int]) -> tuple[SparseTrace, list[int]] | None:
    """count_sparse's DP with every step's edges kept, and the ways of the states after
    the last; None where count_sparse gives up."""
    limit = SPARSE_STATE_LIMIT
    fewest = sorted(mask.bit_count() for mask in allowed)
    if fewest[0] * fewest[1] * fewest[2] > 4 * limit:
        return None
    keys, ways = [0], [1]
    trace, work = SparseTrace(), 0
    sources, chosen, after = trace.sources.append, trace.options.append, trace.after.append
    for delict, options, pair_tests, group_tests, keep_groups, keep_shifts, add_for, later in _sparse_plan(
        reduced, allowed
    ):
        trace.delicts.append(delict)
        trace.ways.append(ways)
        edges = len(trace.after)
        index_of: dict[int, int] = {}
        grown: list[int] = []
        for index, key in enumerate(keys):
            used = key & FULL
            free = options & ~used
            for shift, table in pair_tests:
                free &= table[key >> shift & 15]
            for shift, need in group_tests:
                free &= need[key >> shift & 15]
            if ~(used | later) & FULL:
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
            if work > SPARSE_WORK_LIMIT:
                return None
            sources(index)
            chosen(free)
            here = ways[index]
            while free:
                low = free & -free
                free ^= low
                grown_key = base | low | add_for[low.bit_length() - 1]
                at = index_of.get(grown_key)
                if at is None:
                    at = index_of[grown_key] = len(grown)
                    grown.append(here)
                else:
                    grown[at] += here
                after(at)
        trace.edges.append(len(trace.after) - edges)
        keys, ways = list(index_of), grown
        if not keys or len(keys) > limit:
            return (trace, []) if not keys else None
    return trace, ways


def _sparse_order(reduced: Reduced, allowed: list[int]) -> list[int]:
    """Fewest options first, where a placed district partner leaves about SPARSE_TIED_OPTIONS."""
    partners: list[set[int]] = [set() for _ in range(N)]
    for a, b, _ in reduced.pairs:
        partners[a].add(b)
        partners[b].add(a)
    counts = [mask.bit_count() for mask in allowed]
    keys = [(count, count, d) for d, count in enumerate(counts)]
    order: list[int] = []
    left = set(range(N))
    while left:
        best = min(left, key=keys.__getitem__)
        order.append(best)
        left.remove(best)
        for partner in partners[best]:
            if partner in left and keys[partner][0] > SPARSE_TIED_OPTIONS:
                keys[partner] = (SPARSE_TIED_OPTIONS, counts[partner], partner)
    return order


def _sparse_plan(reduced: Reduced, allowed: list[int]):
    """Per delict in placing order: the delict, its options, clue tests closing at it, and how the state key moves."""
    order = _sparse_order(reduced, allowed)
    position = {d: i for i, d in enumerate(order)}
    closing_pairs: list[list[tuple[int, int, str]]] = [[] for _ in range(N)]
    needed_until = [-1] * N  # the step of the last district clue each delict is in
    for a, b, relation in reduced.pairs:
        last = max(position[a], position[b])
        closing_pairs[last].append((a, b, relation))
        for x in (a, b):
            needed_until[x] = max(needed_until[x], last)
    dir_bits, need_of = direction_tables(reduced)
    ordered = list(names.DIRECTIONS)
    group_at: dict[int, tuple[int, int, int, list[int]]] = {}  # delict -> shift, demanded, last step, need
    for index, (group, directions) in enumerate(sorted(reduced.group_dirs.items())):
        demanded = sum(1 << ordered.index(direction) for direction in directions)
        last = max(position[d] for d in GROUP_MEMBERS[group])
        for d in GROUP_MEMBERS[group]:
            group_at[d] = (16 + 4 * index, demanded, last, need_of[demanded])
    later_of = [0] * (N + 1)  # locations some delict placed after this step may take
    for step in range(N - 1, -1, -1):
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
                pair_tests.append((slot[b if a == d else a], neighbours(reduced, relation)))
        after = [x for x in (*frontier, d) if needed_until[x] > step]
        keep_shifts = [(slot[x], 32 + 4 * i) for i, x in enumerate(after) if x != d]
        add_for = [0] * N
        if d in after:
            d_shift = 32 + 4 * after.index(d)
            add_for = [location << d_shift for location in range(N)]
        group_tests = []
        keep_groups = 0xFFFF << 16
        if d in group_at:
            shift, demanded, last, need = group_at[d]
            if last == step:
                group_tests.append((shift, need))
                keep_groups &= ~(15 << shift)
            else:
                add_for = [add | (dir_bits[location] & demanded) << shift for location, add in enumerate(add_for)]
        yield d, options, pair_tests, group_tests, keep_groups, keep_shifts, add_for, later_of[step + 1]
        frontier = after
