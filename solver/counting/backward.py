"""Odds from the count's own DP: its forward pass recorded, then one backward pass.

A cell (delict d at location l) counts the solutions that put d at l. The count's DP is a
chain of linear steps, one per item, from the empty placement to the one number; the
solutions through a step's pair (a state before it, a placement of the item) number
forward(state) x backward(the state after), where backward counts the ways to finish from
a state. So one backward pass over the states the forward pass reached gives every cell at
once, each pair's product credited to the locations its placement gives the item's
delicts (a unit's joint placements are enumerated one by one and tallied per delict and
location, _tallied_item).

sparse_odds walks sparse.count_sparse back; keyed_odds takes count_keyed's plan and walks
it back: the other items over reached states (reached.traced_step), dense vectors per key
(_DenseStep), two halves met in the middle (each finished by the other, _meet_both), and
the free delicts over profiles. The free delicts run over the (key, profile) states they
reach alone (the count's dense grids over profiles are mostly empty).

A free delict is given a class of locations there, not a location. The free delicts cannot
tell a class's locations apart, so from a start with c_q free locations in class q, a free
delict given class q is at each of them in 1/c_q of the ways: its cells need, per start
state, the ways with it in each class. Those come from channels carried along the backward
pass: one per (delict, class), started at the delict's step (the ways to finish after it,
along that class's edges) and moved below it as the ways to finish are. Free delicts of
one group with one mask are interchangeable (one kind: the first placed stands for all).
Two identities spare most channels: in a class of one location, a kind's cells are its
total there, a plain forward x backward meet at its step; and a location's column sums to
the count, so in each class one kind's cells are the count less every other delict's.

Exactness: every value formed counts distinct solutions (a partial count, a way to finish,
or the solutions through a pair: their product), so none exceeds 16! < 2^53, the count of
the empty clue set: int64 never overflows and float64 (in which bincount sums) is exact.

May import `solver.core`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from solver.core.bits import FULL, N, indices
from solver.counting.arrays import distinct, distinct_with_inverse
from solver.counting.costs import DENSE_SUM, ODDS_UNIT_ROWS
from solver.counting.dense import _layers, single_step
from solver.counting.keyed import (
    _WIDTH,
    Setup,
    Vectors,
    _choose,
    _complement,
    _Item,
    _later,
    _make_item,
    _plan,
    _reach,
    _run_reached,
    keyed_setup,
    rest_over_reached,
)
from solver.counting.profiles import Profiles, _arrangements, _digits, _layer, profile_index
from solver.counting.reached import Reached, Trace, to_vectors
from solver.counting.reduce import GROUP_INDEX_OF_DELICT, Reduced
from solver.counting.rows import Rows, extend, unit_order
from solver.counting.sparse import traced_sparse

Cells = np.ndarray  # 16 x 16 int64: delict x location


class _TooMany(Exception):
    """A unit with more joint placements than ODDS_UNIT_ROWS: not tallied one by one."""


def keyed_odds(reduced: Reduced, allowed: list[int]) -> tuple[int, Cells] | None:
    """The total and every cell, by count_keyed's plan and a backward pass over it; None
    where a unit has too many joint placements to tally one by one."""
    try:
        setup = keyed_setup(reduced, allowed, _tallied_item)
    except _TooMany:
        return None
    cells = _no_cells()
    if setup is None:
        return 0, cells
    items, free, slot, demanded, full = setup.items, setup.free, setup.slot, setup.demanded, setup.full
    searched = None
    if free:
        run, searched = rest_over_reached(items, free, full, slot, demanded, traced=True)
        if run is not None:
            assert run.traces is not None  # asked for
            found = _free_last(run.end, run.free, setup, cells)
            if found is None:
                return 0, cells
            total, finish, plan = found
            _reached_backward(run.rest, run.traces, finish, cells)
            _plain_cells(plan, setup.profiles, total, cells)
            return total, cells
    first, second, free = _choose(items, free, slot, demanded, setup.profiles.size, searched)
    if free:
        half = _traced_run(first, _reach(free), full)
        end = _as_reached(half.vectors, half.layer)
        found = _free_last(end, free, setup, cells)
        if found is None:
            return 0, cells
        total, finish, plan = found
        _half_backward(half, _as_vectors(end, finish), cells)
        _plain_cells(plan, setup.profiles, total, cells)
        return total, cells
    half_a, half_b = _traced_run(first, _reach(second), full), _traced_run(second, _reach(first), full)
    met = _meet_both(half_a, half_b, full)
    if met is None:
        return 0, cells
    total, finish_a, finish_b = met
    _half_backward(half_a, finish_a, cells)
    _half_backward(half_b, finish_b, cells)
    return total, cells


def _free_last(
    end: Reached, free: list[_Item], setup: Setup, cells: Cells
) -> tuple[int, np.ndarray, _FreePlan] | None:
    """The free delicts placed after the states `end`, forward and back: the count, the ways
    to finish each state of `end`, and how the rest of the free cells come out (_plain_cells,
    once every other cell is in). The free cells from channels are added here. None if no
    solution."""
    profiles = setup.profiles
    start, start_of, profile = _free_start(end, profiles)
    steps, after = _free_forward(free, start, setup.full, profiles, N - end.layer)
    total = int(np.rint(after.ways[after.keys() == setup.full].sum()))
    if total == 0:
        return None
    plan = _free_plan(free, profiles)
    back = _free_backward(steps, after, setup.full, len(start.ways), plan)
    _free_cells(end, start_of, start, back, plan, profiles, cells)
    finish = (back[start_of, 0] * _arrangements(profiles)[profile]).astype(np.float64)
    return total, finish, plan


def sparse_odds(reduced: Reduced, allowed: list[int]) -> tuple[int, Cells] | None:
    """The total and every cell, by count_sparse's DP and a backward pass; None where it gives up."""
    traced = traced_sparse(reduced, allowed)
    if traced is None:
        return None
    trace, ways = traced
    cells = _no_cells()
    total = sum(ways)
    if total == 0:
        return 0, cells
    # per state with options, its locations ascending: the edges, in the order the DP made them
    rows, locations = np.nonzero((np.frombuffer(trace.options, dtype=np.int64)[:, None] >> np.arange(N)) & 1)
    sources = np.frombuffer(trace.sources, dtype=np.int64)[rows]
    after = np.frombuffer(trace.after, dtype=np.int64)
    edges = np.cumsum([0, *trace.edges])
    states = np.cumsum([0, *(len(before) for before in trace.ways)])
    finish = np.zeros(len(after))
    backward: np.ndarray = np.ones(len(ways))
    for index in range(len(trace.delicts) - 1, -1, -1):
        chosen = slice(edges[index], edges[index + 1])
        finish[chosen] = backward[after[chosen]]
        backward = np.bincount(sources[chosen], weights=finish[chosen], minlength=states[index + 1] - states[index])
    before_ways = np.array([count for before in trace.ways for count in before], dtype=np.float64)
    through = before_ways[sources + np.repeat(states[:-1], trace.edges)] * finish
    delicts = np.repeat(trace.delicts, trace.edges)
    credited = np.bincount(delicts * N + locations, weights=through, minlength=N * N)
    cells += np.rint(credited).astype(np.int64).reshape(N, N)
    return total, cells


def _no_cells() -> Cells:
    return np.zeros((N, N), dtype=np.int64)


# ---------------------------------------------------------------- units, tallied

def _tallied_item(
    unit: list[int], allowed: list[int], reduced: Reduced, live: dict[int, frozenset[str]],
    slot: dict[int, int], demanded: dict[int, int], dir_bits: list[int],
) -> _Item | None:
    """keyed._make_item, with a unit's joint placements enumerated one by one (not merged
    as they go) and tallied per delict and location."""
    if len(unit) == 1:
        return _make_item(unit, allowed, reduced, live, slot, demanded, dir_bits)
    partners = {d: [(b if a == d else a, rel) for a, b, rel in reduced.pairs if d in (a, b)] for d in unit}
    rows = Rows(np.zeros(1, np.int64), np.zeros((1, 0), np.int64), np.ones(1, np.int64), [])
    for delict in unit_order(unit, allowed, partners, set()):
        extend(rows, delict, allowed[delict], partners[delict], reduced)
        if len(rows.masks) > ODDS_UNIT_ROWS:
            raise _TooMany
    if len(rows.masks) == 0:
        return None
    where, delicts = rows.locations, rows.frontier
    table = np.array(dir_bits, dtype=np.int64)
    key_bits = np.zeros(len(where), dtype=np.int64)
    for column, delict in enumerate(delicts):
        group = GROUP_INDEX_OF_DELICT[delict]
        if group in live:
            key_bits |= (table[where[:, column]] & demanded[group]) << (4 * slot[group])
    codes, inverse, counts = distinct_with_inverse(key_bits << N | rows.masks)
    tallies = np.zeros((len(codes), len(delicts), N), dtype=np.int64)
    for column in range(len(delicts)):
        found = np.bincount(inverse * N + where[:, column], minlength=len(codes) * N)
        tallies[:, column, :] = found.reshape(len(codes), N)
    bits = codes >> N
    classes: list[tuple[int, int, np.ndarray | None, np.ndarray | None]] = []
    for value in distinct(bits).tolist():
        chosen = bits == value
        classes.append((int(value), 0, codes[chosen] & FULL, counts[chosen].astype(np.int64)))
    groups = sorted({GROUP_INDEX_OF_DELICT[d] for d in unit} & live.keys())
    return _Item(delicts, groups, classes, tallies=tallies)


# ---------------------------------------------------------------- the other items, over reached states

def _reached_backward(
    items: list[_Item], traces: list[tuple[Reached, Trace]], backward: np.ndarray, cells: Cells
) -> None:
    """Back over the recorded steps of the items placed over reached states, from the ways
    to finish each state after the last (`backward`), crediting each pair to its item."""
    for item, (before, trace) in zip(items[::-1], traces[::-1], strict=True):
        after = backward[trace.after]
        through = before.ways[trace.before] * after  # solutions through each pair, per placement
        ways = np.concatenate([ways for _, _, ways in item.spelt()])
        placements = len(ways)
        per_placement = np.bincount(trace.placement, weights=through, minlength=placements)
        _credit(item, np.rint(per_placement).astype(np.int64), cells)
        backward = np.bincount(trace.before, weights=ways[trace.placement] * after, minlength=len(before.sets))


def _credit(item: _Item, per_placement: np.ndarray, cells: Cells) -> None:
    """Add to the item's delicts' cells the solutions through each of its placements
    (each joint placement of a unit once: per_placement counts them per placement set)."""
    if item.tallies is None:
        locations = [location for _, mask, _, _ in item.classes for location in indices(mask)]
        cells[item.delicts[0], locations] += per_placement
        return
    cells[item.delicts] += np.tensordot(per_placement, item.tallies, axes=1)


# ---------------------------------------------------------------- dense vectors per key, and the meet

@dataclass
class _DenseStep:
    """One item's step over dense vectors (keyed._run_dense): the vectors before it (key ->
    ways per set of `layer`), and its moves (key before, key after, a single delict's
    locations or a unit's class indices); `pairs` a unit's (set before, placement) pairs."""

    item: _Item
    layer: int
    vectors: Vectors
    moves: list[tuple[int, int, int | list[int]]]
    pairs: _UnitPairs | None


@dataclass
class _Half:
    """A run from the empty set (keyed._run): its items over reached states first (with
    their traces), then over dense vectors; the vectors it ended on, at `layer`."""

    reached: list[_Item]
    traces: list[tuple[Reached, Trace]]
    start: Reached
    steps: list[_DenseStep]
    vectors: Vectors
    layer: int


def _traced_run(items: list[_Item], other: int, full: int) -> _Half:
    """keyed._run, recorded: over reached states while they are few, then dense."""
    later = _later(items, other)
    traces: list[tuple[Reached, Trace]] = []
    reached, index, _ = _run_reached(items, later, full, traces=traces)
    vectors, layer = to_vectors(reached), reached.layer
    steps = []
    for position in range(index, len(items)):
        if not vectors:
            break
        step = _dense_step(items[position], vectors, layer, later[position + 1], full)
        steps.append(step)
        vectors = _dense_forward(step)
        layer += len(items[position].delicts)
    return _Half(items[:index], traces, reached, steps, vectors, layer)


def _dense_step(item: _Item, vectors: Vectors, layer: int, later: int, full: int) -> _DenseStep:
    own = item.fields & full
    plans: dict[int, dict[int, int | list[int]]] = {}
    moves: list[tuple[int, int, int | list[int]]] = []
    for key in vectors:
        part = key & own
        plan = plans.get(part)
        if plan is None:
            plan = plans[part] = _plan(item, part, own, later)
        moves.extend(((key, (key & ~own) | target, what) for target, what in plan.items()))
    pairs = None if item.tallies is None else _UnitPairs(item, vectors, layer)
    return _DenseStep(item, layer, vectors, moves, pairs)


def _dense_forward(step: _DenseStep) -> Vectors:
    """The vectors after the step (keys nothing reaches left out)."""
    width = _WIDTH[step.layer + len(step.item.delicts)]
    grown: Vectors = {}
    for key, target, what in step.moves:
        into = grown.get(target)
        if into is None:
            into = grown[target] = np.zeros(width, dtype=np.int64)
        dp = step.vectors[key]
        if isinstance(what, int):
            for location in indices(what):
                source, goal = single_step(step.layer, location)
                into[goal] += dp[source]
        else:
            assert step.pairs is not None  # a unit's step
            for index in what:
                source, goal, ways, _ = step.pairs.of(index)
                into += np.rint(np.bincount(goal, weights=dp[source] * ways, minlength=width)).astype(np.int64)
    return {key: vector for key, vector in grown.items() if vector.any()}


def _dense_backward(step: _DenseStep, back: Vectors, cells: Cells) -> Vectors:
    """One dense step backward: each move's ways to finish after it, moved back to the sets
    before it; the products with the ways before credited to the item's delicts."""
    width = _WIDTH[step.layer]
    before: Vectors = {key: np.zeros(width, dtype=np.int64) for key in step.vectors}
    item = step.item
    per_placement = np.zeros(0 if step.pairs is None else step.pairs.placements)
    for key, target, what in step.moves:
        after = back.get(target)
        if after is None:
            continue
        dp, into = step.vectors[key], before[key]
        if isinstance(what, int):
            for location in indices(what):
                source, goal = single_step(step.layer, location)
                finish = after[goal]
                into[source] += finish
                cells[item.delicts[0], location] += int(np.dot(dp[source], finish))
            continue
        assert step.pairs is not None  # a unit's step
        for index in what:
            source, goal, ways, placement = step.pairs.of(index)
            finish = after[goal]
            into += np.rint(np.bincount(source, weights=ways * finish, minlength=width)).astype(np.int64)
            per_placement += np.bincount(placement, weights=dp[source] * finish, minlength=len(per_placement))
    if step.pairs is not None:
        _credit(item, np.rint(per_placement).astype(np.int64), cells)
    return before


class _UnitPairs:
    """A unit's step over dense vectors as (set before, set after, ways, placement) per
    pair, per class of its placements: the sets any key reached, times every placement of
    the class disjoint from them (keyed._Moves, with each pair's placement kept)."""

    def __init__(self, item: _Item, vectors: Vectors, layer: int) -> None:
        layers, position = _layers()
        reached = np.flatnonzero(np.add.reduce(list(vectors.values())))
        masks = layers[layer][reached]
        self.found: list[tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]] = []
        offset = 0
        for _, _, placements, counts in item.classes:
            assert placements is not None and counts is not None  # a unit's classes
            rows, columns = np.nonzero((masks[:, None] & placements[None, :]) == 0)
            goal = position[masks[rows] | placements[columns]]
            self.found.append((reached[rows], goal, counts[columns].astype(np.float64), columns + offset))
            offset += len(placements)
        self.placements = offset

    def of(self, index: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        return self.found[index]


def _half_backward(half: _Half, finish: Vectors, cells: Cells) -> None:
    """Back over a half from the ways to finish its last vectors: the dense steps, then the
    reached states it went dense from, then their steps."""
    back = finish
    for step in half.steps[::-1]:
        back = _dense_backward(step, back, cells)
    start = half.start
    empty = np.zeros(_WIDTH[start.layer], dtype=np.int64)
    table = np.stack([back.get(key, empty) for key in start.table.tolist()]) if len(start.table) else empty[None, :]
    per_state = table[start.index, _layers()[1][start.sets]]
    _reached_backward(half.reached, half.traces, per_state.astype(np.float64), cells)


def _meet_both(half_a: _Half, half_b: _Half, full: int) -> tuple[int, Vectors, Vectors] | None:
    """keyed._meet, and for each half the ways the other finishes each of its sets: per key,
    the other half's vectors of the keys that complete it, on the complementary sets."""
    if not half_a.vectors or not half_b.vectors:
        return None
    keys_a, keys_b = list(half_a.vectors), list(half_b.vectors)
    match = ((np.array(keys_a)[:, None] | np.array(keys_b)[None, :]) & full) == full
    stack_a, stack_b = np.stack(list(half_a.vectors.values())), np.stack(list(half_b.vectors.values()))
    finish_a = match.astype(np.int64) @ stack_b[:, _complement(half_a.layer)]
    finish_b = match.T.astype(np.int64) @ stack_a[:, _complement(half_b.layer)]
    total = int((stack_a * finish_a).sum())
    if total == 0:
        return None
    return total, dict(zip(keys_a, finish_a, strict=True)), dict(zip(keys_b, finish_b, strict=True))


def _as_reached(vectors: Vectors, layer: int) -> Reached:
    """Dense vectors as reached states: their sets with ways, per key."""
    table = np.array(sorted(vectors), dtype=np.int64)
    if len(table) == 0:
        empty = np.zeros(0, dtype=np.int64)
        return Reached(empty, empty, np.zeros(0), table, layer)
    stack = np.stack([vectors[int(key)] for key in table])
    index, spot = np.nonzero(stack)
    return Reached(_layers()[0][layer][spot], index, stack[index, spot].astype(np.float64), table, layer)


def _as_vectors(reached: Reached, ways: np.ndarray) -> Vectors:
    """Values per reached state as dense vectors per key (keys of no state left out)."""
    _, position = _layers()
    width = _WIDTH[reached.layer]
    vectors: Vectors = {}
    for index, key in enumerate(reached.table.tolist()):
        chosen = reached.index == index
        vector = vectors[key] = np.zeros(width, dtype=np.int64)
        vector[position[reached.sets[chosen]]] = np.rint(ways[chosen]).astype(np.int64)
    return vectors


# ---------------------------------------------------------------- the free delicts, over profiles

@dataclass
class _FreeStates:
    """States of the free delicts' run: per state its key (an index into `table`, the
    distinct keys ascending), its profile index (of the locations left) and its ways."""

    table: np.ndarray
    index: np.ndarray
    profile: np.ndarray
    ways: np.ndarray

    def keys(self) -> np.ndarray:
        return self.table[self.index]


@dataclass
class _FreeStep:
    """A free step's edges (from a state before, to one after, placing the delict in a
    class), ordered by the state before; `ways`: those of the states before; `states`: the
    number of states after."""

    before: np.ndarray
    after: np.ndarray
    klass: np.ndarray
    ways: np.ndarray
    states: int


def _free_start(end: Reached, profiles: Profiles) -> tuple[_FreeStates, np.ndarray, np.ndarray]:
    """The start of the free delicts' run: the states after the other items summed per key
    and profile of the locations they left, times Π c_q! (profiles.py); and per state
    after the others, its start state and its profile index."""
    profile = profile_index(profiles, FULL ^ end.sets)
    codes, inverse, _ = distinct_with_inverse(end.index * profiles.size + profile)
    start_profile = codes % profiles.size
    ways = np.bincount(inverse, weights=end.ways) * _arrangements(profiles)[start_profile]
    return _FreeStates(end.table, codes // profiles.size, start_profile, ways), inverse, profile


def _free_forward(
    free: list[_Item], start: _FreeStates, full: int, profiles: Profiles, left: int
) -> tuple[list[_FreeStep], _FreeStates]:
    """keyed._run_free over the states reached alone (`left` locations left at the start):
    each free delict given each class of its locations that the state has a location left
    in; keys the later delicts can no longer complete are dropped, as there. The new keys
    are worked out on the table of distinct keys, not per state."""
    has_room = _digits(profiles) > 0  # per profile and class: a location left there
    strides = np.array(profiles.strides, dtype=np.int64)
    later = [0] * (len(free) + 1)
    for index in range(len(free) - 1, -1, -1):
        later[index] = later[index + 1] | free[index].reach
    states, steps = start, []
    for index, item in enumerate(free):
        own = item.fields & full
        bits, klass = _moves(item, profiles)
        moves = len(klass)
        room = has_room.take(states.profile, axis=0)[:, klass]
        if moves and not own and not bits.any():  # no key bit moves, every key is kept: the keys stay
            table = states.table
            before, column = _pairs_of(room, moves)
            key_index = states.index.take(before)
        else:
            targets = states.table[:, None] | bits[None, :]
            kept = ((targets | later[index + 1]) & own) == own
            table = distinct(targets[kept])
            target_index = np.searchsorted(table, targets)
            before, column = _pairs_of(kept.take(states.index, axis=0) & room, moves)
            key_index = target_index.ravel().take(states.index.take(before) * moves + column)
        klass = klass.take(column)
        profile = states.profile.take(before) - strides.take(klass)
        step, states = _free_step(before, key_index, profile, klass, states, table, profiles, left - index - 1)
        steps.append(step)
    return steps, states


def _pairs_of(chosen: np.ndarray, columns: int) -> tuple[np.ndarray, np.ndarray]:
    """np.nonzero of a (rows x columns) table, in its order (by row, then column), from
    one flat search (about twice as fast as np.nonzero's two index arrays)."""
    flat = chosen.ravel().nonzero()[0]
    rows = flat // columns
    return rows, flat - rows * columns


def _moves(item: _Item, profiles: Profiles) -> tuple[np.ndarray, np.ndarray]:
    """A free delict's moves: per class of locations it may take, the key bits it adds there."""
    bits, klass = [], []
    for added, mask, _, _ in item.classes:
        for q, cls in enumerate(profiles.classes):
            if cls & mask:
                bits.append(added)
                klass.append(q)
    return np.array(bits, dtype=np.int64), np.array(klass, dtype=np.int64)


def _free_step(
    before: np.ndarray, key_index: np.ndarray, profile: np.ndarray, klass: np.ndarray, states: _FreeStates,
    table: np.ndarray, profiles: Profiles, left: int,
) -> tuple[_FreeStep, _FreeStates]:
    """The states after a free step from its edges (ordered by their state before, as
    np.nonzero gives them; each with its key's index in `table` and its profile, of `left`
    locations), and the step as the backward pass needs it."""
    members, position = _layer(profiles, left)
    width = len(members)
    spot = key_index * width + position.take(profile)
    if len(table) * width > DENSE_SUM * len(spot):
        unique, after, _ = distinct_with_inverse(spot)
    else:  # the states fill much of their (key, profile) grid: marked on it, no sort
        marked = np.zeros(len(table) * width, dtype=np.int64)
        marked[spot] = 1
        unique = marked.nonzero()[0]
        marked[unique] = np.arange(len(unique))
        after = marked.take(spot)
    ways = np.bincount(after, weights=states.ways.take(before), minlength=len(unique))
    step = _FreeStep(before, after, klass, states.ways, len(unique))
    return step, _FreeStates(table, unique // width, members[unique % width], ways)


@dataclass
class _FreePlan:
    """How the free delicts' cells come out, per kind (by its first delict's position) and
    class of locations it may take: from a channel of the backward pass; from the kind's
    total in the class, where the class is one location (`totals`, filled in by the
    backward pass: a plain meet at the kind's step); or from the columns' sums, for one
    kind per class (`by_columns`: class -> kind), the kind placed last (its channel would
    go furthest)."""

    kinds: dict[int, list[int]]
    channels: dict[tuple[int, int], int] = field(default_factory=dict)
    totals: dict[tuple[int, int], int] = field(default_factory=dict)
    by_columns: dict[int, int] = field(default_factory=dict)
    tracked: set[tuple[int, int]] = field(default_factory=set)  # the (kind, class) pairs given channels


def _free_plan(free: list[_Item], profiles: Profiles) -> _FreePlan:
    plan = _FreePlan(_kinds(free))
    masks = {first: _mask(free[first]) for first in plan.kinds}
    for q, cls in enumerate(profiles.classes):
        taking = [first for first in plan.kinds if masks[first] & cls]
        if not taking:
            continue
        if cls.bit_count() == 1:
            plan.totals.update(dict.fromkeys([(first, q) for first in taking], 0))
            continue
        plan.by_columns[q] = max(taking)
        plan.tracked.update((first, q) for first in taking if first != plan.by_columns[q])
    return plan


def _free_backward(steps: list[_FreeStep], end: _FreeStates, full: int, starts: int, plan: _FreePlan) -> np.ndarray:
    """Back over the free steps from the key with every demanded direction: per start state,
    channel 0 the ways to finish, and a channel per tracked (kind, class) the ways to finish
    with the kind's first delict in that class. A channel starts at its delict's step (the
    ways to finish after it, along the edges of the class) and below it moves as channel 0.
    At a kind's step, its totals in classes of one location come out too."""
    back = (end.keys() == full).astype(np.int64)[:, None]
    totals_at: dict[int, list[int]] = {}  # a kind's step -> its classes, in the orders of plan.totals and sorted
    for first, q in plan.totals:
        totals_at.setdefault(first, []).append(q)
    tracked_at: dict[int, list[int]] = {}
    for first, q in sorted(plan.tracked):
        tracked_at.setdefault(first, []).append(q)
    for index in range(len(steps) - 1, -1, -1):
        step = steps[index]
        classes = totals_at.get(index)
        if classes:  # the meets at this step, summed per class in one pass
            through = step.ways.take(step.before) * back[:, 0].take(step.after)
            by_class = np.bincount(step.klass, weights=through, minlength=max(classes) + 1)
            for q in classes:
                plan.totals[index, q] = int(np.rint(by_class[q]))
        born: dict[int, int] = {}
        for q in tracked_at.get(index, []):
            born[q] = plan.channels[index, q] = len(plan.channels) + 1
        back = _step_back(step, back, born, steps[index - 1].states if index else starts)
    return back


def _step_back(step: _FreeStep, back: np.ndarray, born: dict[int, int], states: int) -> np.ndarray:
    """One free step backward: each state's ways to finish, summed over its edges; a new
    channel (`born`: class -> channel) takes channel 0 after the step along the edges of its class."""
    if back.shape[1] == 1 and not born:  # the ways to finish alone
        finish = np.bincount(step.before, weights=back[:, 0].take(step.after), minlength=states)
        return np.rint(finish).astype(np.int64)[:, None]
    into = np.zeros((states, back.shape[1] + len(born)), dtype=np.int64)
    if len(step.before) == 0:
        return into
    after = back.take(step.after, axis=0)  # (take gathers rows several times faster than indexing)
    runs = np.bincount(step.before, minlength=states)  # per state before, its edges (they come together)
    sources = runs.nonzero()[0]
    summed = np.add.reduceat(after, (runs.cumsum() - runs)[sources], axis=0)
    if len(sources) == states:  # every state has edges (the usual case): rows in place
        into[:, :back.shape[1]] = summed
    else:
        into[sources, :back.shape[1]] = summed
    for q, channel in born.items():  # a state has one edge in a class at most
        edges = (step.klass == q).nonzero()[0]
        into[step.before.take(edges), channel] = after[:, 0].take(edges)
    return into


def _plain_cells(plan: _FreePlan, profiles: Profiles, total: int, cells: Cells) -> None:
    """The cells from the kinds' totals in classes of one location, then those from the
    columns' sums: at each location of the class, the total less every other delict's
    cell there, shared by the kind's delicts alike (each location has one such kind at most)."""
    for (first, q), found in plan.totals.items():
        cells[plan.kinds[first], indices(profiles.classes[q])[0]] = found
    columns = cells.sum(axis=0)
    for q, first in plan.by_columns.items():
        delicts, locations = plan.kinds[first], indices(profiles.classes[q])
        share, rest = np.divmod(total - columns[locations], len(delicts))
        assert not rest.any()  # the kind's delicts are interchangeable
        cells[np.array(delicts)[:, None], locations] = share


def _kinds(free: list[_Item]) -> dict[int, list[int]]:
    """Free delicts of one live group (or none) and one mask, by the position of the first:
    interchangeable, so their cells are the same."""
    first: dict[tuple[tuple[int, ...], int], int] = {}
    kinds: dict[int, list[int]] = {}
    for index, item in enumerate(free):
        at = first.setdefault((tuple(item.groups), _mask(item)), index)
        kinds.setdefault(at, []).append(item.delicts[0])
    return kinds


def _mask(item: _Item) -> int:
    found = 0
    for _, mask, _, _ in item.classes:
        found |= mask
    return found


def _free_cells(
    end: Reached, start_of: np.ndarray, start: _FreeStates, back: np.ndarray, plan: _FreePlan,
    profiles: Profiles, cells: Cells,
) -> None:
    """Each free delict's cells: per start state and location l left in class q, the ways
    of the states after the other items that leave l to the free delicts, x the ways to
    finish with the delict in q (without it) x Π c! / c_q (the delict at l, the others
    given class q on the rest of it)."""
    # per start state and location, the ways of the states after the other items that leave it
    order = np.argsort(start_of, kind="stable")
    left = ((end.sets[order, None] >> np.arange(N)[None, :]) & 1) == 0
    firsts = np.flatnonzero(np.concatenate([[True], np.diff(start_of[order]) != 0]))  # every start has one
    leaving = np.add.reduceat(left * end.ways[order, None], firsts, axis=0)
    klass = np.zeros(N, dtype=np.int64)
    for q, cls in enumerate(profiles.classes):
        klass[indices(cls)] = q
    in_class = _digits(profiles)[start.profile][:, klass]  # (start, location): c_q of the location's class
    arranged = _arrangements(profiles)[start.profile][:, None] // np.maximum(in_class, 1)
    share = np.rint(leaving) * arranged
    # per location and channel, the sum over start states of share x the channel (one product
    # in float64, exact: every partial sum counts distinct solutions, as in the module's note)
    meet = np.rint(share.T @ back.astype(np.float64)).astype(np.int64)
    delicts, locations, channels = [], [], []
    for (first, q), channel in plan.channels.items():
        for location in indices(profiles.classes[q]):
            for delict in plan.kinds[first]:
                delicts.append(delict)
                locations.append(location)
                channels.append(channel)
    cells[delicts, locations] += meet[locations, channels]  # each (delict, location) once
