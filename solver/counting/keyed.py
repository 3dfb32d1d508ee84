"""Group clues as DP state (count_keyed): the dense path count_clues uses.

The subset DP over locations (one popcount layer at a time) keeps one vector per key. A
key holds, per group with live group clues, the demanded directions its placed members
already cover (4 bits per group). A location's directions are fixed, so placing a delict
of such a group moves each vector, per class of its locations (same direction bits), to
the key with those bits added; vectors that reach the same key are summed, and a group
whose demanded directions are all covered stays in that one "done" value. Keys that the
items still to come can no longer complete are dropped. Nothing multiplies the way the
signed inclusion-exclusion terms per group clue did (tests/counting/reference_branched.py),
and numpy's 1D steps on a vector per key beat 2D steps on a stack of them by far.

Units of delicts tied by district clues are placed whole (their joint placements from
rows.enumerate_signed, each with the direction bits its members add to their groups'
keys); a unit's step is worked out once as (source, target, ways) triples per class and
summed per key by bincount. The items (single delicts and units) are split into two
halves, each run from the empty set; a group with members in both halves keeps its key to
the end of both, and the halves meet per pair of keys whose covered directions together
give every demanded direction (an int64 matrix product: exact, and no BLAS threads).
The order of the items and the cut come from a small search: greedy orders (open few new
groups, close many, biggest first) from a few starting items, every cut priced at once by
a forward and a backward pass of a cost model (keys x numpy work per key, weights fitted
to measured steps).

Free delicts (single items whose masks are whole classes of locations: the quarters, cut
further by the free delicts' own masks, profiles.py) may instead be placed after all the
other items, run forward in one half: the vectors are then summed per profile of the
locations left and the free delicts placed over profiles (_run_free). That plan is tried
first with the other items over the states they reach alone (reached.py), which is what
units of district clues need: few placements, few of a layer's sets reached
(_free_over_reached, within a budget); failing that, _choose prices the plan with dense
vectors against the split. Every run also starts over reached states, and goes dense at the
first step the dense vectors would do more cheaply (_run_reached).

backward.py walks every plan back for odds: it shares the setup (keyed_setup), the free
plan's first part (rest_over_reached, with each step's pairs recorded) and the planning.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from math import comb

import numpy as np

from solver.core import names
from solver.core.bits import FULL, N, indices
from solver.counting.arrays import distinct
from solver.counting.costs import (
    FREE_ENOUGH,
    FREE_FACTOR,
    FREE_FACTOR_HALF,
    FREE_HALF,
    FREE_MEET,
    FREE_REACHED_BUDGET,
    FREE_STEP,
    JOINT_KEYS,
    PROFILES_PRICED,
    SEARCH_ENOUGH,
    SEARCH_STARTS,
    SINGLE_KEY_WORK,
    SPARSE_LAYER,
    SPLIT_PRICE,
    UNIT_CLASS_WORK,
    UNIT_PAIR_TEST,
)
from solver.counting.dense import _layers, meet, place_one, popcounts, single_step
from solver.counting.profiles import Profiles, by_profile, free_profiles, layer_width, place_free
from solver.counting.reached import Reached, Trace, sparse_classes, to_profiles, to_vectors, traced_step
from solver.counting.reached import step as reached_step
from solver.counting.reduce import GROUP_INDEX_OF_DELICT, Reduced, direction_tables, live_group_clues
from solver.counting.rows import enumerate_signed, find_units


@dataclass
class _Item:
    """Delicts placed in one DP step, and how each of its placements moves the key."""

    delicts: list[int]
    groups: list[int]  # live groups with members here
    # (key bits to add, then a single delict's mask or a unit's placement sets and ways)
    classes: list[tuple[int, int, np.ndarray | None, np.ndarray | None]]
    reach: int = 0  # every key bit one of its placements adds
    options: dict[int, set[int]] = field(default_factory=dict)  # shift -> the 4 bits it can add there
    bits: frozenset[int] = frozenset()  # the key bits of its classes
    fields: int = 0  # the 4-bit fields of the groups it adds bits to
    locations: int = 0  # a single delict's locations
    placements: int = 0  # a unit's placements
    # a unit's joint placements per placement (its classes' one after another), delict and location: for odds
    tallies: np.ndarray | None = None
    _spelt: list[tuple[int, np.ndarray, np.ndarray]] | None = None

    def __post_init__(self) -> None:
        for bits, mask, placements, _ in self.classes:
            self.reach |= bits
            self.locations += mask.bit_count()
            self.placements += 0 if placements is None else len(placements)
        self.options = {shift: {bits >> shift & 15 for bits, *_ in self.classes} for shift in range(0, 16, 4)}
        self.bits = frozenset(bits for bits, *_ in self.classes)
        self.fields = sum(15 << shift for shift in range(0, 16, 4) if self.reach >> shift & 15)

    def spelt(self) -> list[tuple[int, np.ndarray, np.ndarray]]:
        """The classes for reached.step, made once."""
        if self._spelt is None:
            self._spelt = sparse_classes(self.classes)
        return self._spelt

    def work(self, layer: int, keys: int) -> float:
        """Estimated numpy work of placing this item on `layer` for so many keys, in units of
        one element added (≈ 3 ns); the weights were fitted to measured steps. A single delict
        adds a shifted copy per location; a unit tests every (set, placement) pair once, then
        sums each key's products over the disjoint ones."""
        if not self.placements:
            return keys * (_WIDTH[layer] * (N - layer) / N * self.locations + SINGLE_KEY_WORK)
        size = len(self.delicts)
        pairs = self.placements * comb(N - size, layer) if layer + size <= N else 0
        return UNIT_PAIR_TEST * _WIDTH[layer] * self.placements + keys * (pairs + UNIT_CLASS_WORK * len(self.classes))


_Searched = tuple[float, list[_Item], list[_Item]]  # a split's priced cost and its two halves


def count_keyed(reduced: Reduced, allowed: list[int]) -> int:
    """Exact count: the subset DP with each live group's covered directions in the key."""
    setup = keyed_setup(reduced, allowed)
    if setup is None:
        return 0
    items, free, profiles, slot, demanded, full = (
        setup.items, setup.free, setup.profiles, setup.slot, setup.demanded, setup.full
    )
    searched = None
    if free:
        count, searched = _free_over_reached(items, free, full, profiles, slot, demanded)
        if count is not None:
            return count
    first, second, free = _choose(items, free, slot, demanded, profiles.size, searched)
    if free:
        vectors, layer = _run(first, _reach(free), full)
        return _finish(_run_free(free, by_profile(vectors, layer, profiles), full, profiles, N - layer), full)
    reach_b = _reach(second)
    half_a = _run(first, reach_b, full)
    half_b = _run(second, _reach(first), full)
    return _meet(half_a, half_b, full)


@dataclass
class Setup:
    """What count_keyed works on: the items (units and single delicts), the free delicts
    among them and their profiles, each live group's key slot and demanded directions, and
    the key with every demanded direction."""

    items: list[_Item]
    free: list[_Item]
    profiles: Profiles
    slot: dict[int, int]
    demanded: dict[int, int]
    full: int


MakeItem = Callable[
    [list[int], list[int], Reduced, dict[int, frozenset[str]], dict[int, int], dict[int, int], list[int]],
    "_Item | None",
]


def keyed_setup(reduced: Reduced, allowed: list[int], make_item: MakeItem | None = None) -> Setup | None:
    """The items and keys of a clue set; None when it has no solution. `make_item` makes
    a unit's item (_make_item unless given)."""
    if any(mask == 0 for mask in allowed):
        return None
    live = live_group_clues(allowed, reduced, reduced.group_dirs)
    if live is None:
        return None
    ordered = list(names.DIRECTIONS)
    slot = {group: index for index, group in enumerate(sorted(live))}
    demanded = {group: sum(1 << ordered.index(d) for d in live[group]) for group in live}
    dir_bits = direction_tables(reduced)[0]
    items = []
    for unit in find_units(reduced, {}):
        item = (make_item or _make_item)(unit, allowed, reduced, live, slot, demanded, dir_bits)
        if item is None:
            return None
        items.append(item)
    singles = [item for item in items if len(item.delicts) == 1]
    profiles, chosen = free_profiles(tuple(dir_bits), [allowed[item.delicts[0]] for item in singles])
    free = [singles[index] for index in chosen]
    full = sum(demanded[g] << (4 * slot[g]) for g in live)
    return Setup(items, free, profiles, slot, demanded, full)


def _free_over_reached(
    items: list[_Item], free: list[_Item], full: int, profiles: Profiles, slot: dict[int, int],
    demanded: dict[int, int],
) -> tuple[int | None, _Searched | None]:
    """The count with the other items first over the states they reach alone, the free
    delicts last over profiles. Where the others are units with few placements, no dense
    vector is needed. None if the others' run gives up (rest_over_reached)."""
    rest, searched = rest_over_reached(items, free, full, slot, demanded)
    if rest is None:
        return None, searched
    vectors = to_profiles(rest.end, profiles)
    return _finish(_run_free(rest.free, vectors, full, profiles, N - rest.end.layer), full), searched


@dataclass
class RestRun:
    """The free plan's first part: the other items in their order, the free delicts in
    theirs, and the states after the others; `traces`, if asked for, the states before
    each of the others' steps with its pairs (for a backward pass)."""

    rest: list[_Item]
    free: list[_Item]
    end: Reached
    traces: list[tuple[Reached, Trace]] | None = None


def rest_over_reached(
    items: list[_Item], free: list[_Item], full: int, slot: dict[int, int], demanded: dict[int, int],
    traced: bool = False,
) -> tuple[RestRun | None, _Searched | None]:
    """The items other than the free delicts, over the states they reach alone. None if a
    dense step would be cheaper on the way, or the steps cost more than FREE_REACHED_BUDGET
    and then a further SPLIT_PRICE times the best split _search finds (returned, for
    _choose): the time lost is bounded by the split's."""
    chosen = {id(item) for item in free}
    rest = _greedy([], [item for item in items if id(item) not in chosen])
    free = _free_order(free)
    later = _later(rest, _reach(free))
    traces: list[tuple[Reached, Trace]] | None = [] if traced else None
    reached, placed, stopped = _run_reached(rest, later, full, FREE_REACHED_BUDGET, traces=traces)
    searched = None
    if stopped:
        searched = _search(items, slot, demanded)
        budget = SPLIT_PRICE * searched[0]
        reached, placed, _ = _run_reached(rest, later, full, budget, (reached, placed), traces)
    if placed < len(rest):
        return None, searched
    return RestRun(rest, free, reached, traces), searched


def _free_order(free: list[_Item]) -> list[_Item]:
    """A group's free members one after another (its key bits settle at the last of them),
    the groups with fewest free members first: every key of the other groups rides along
    each step, and they are most before any group has settled. Delicts of no live group
    (they move no key) come last, when the fewest keys are left."""
    members: dict[tuple[int, ...], int] = {}
    for item in free:
        members[tuple(item.groups)] = members.get(tuple(item.groups), 0) + 1
    return sorted(free, key=lambda item: (not item.groups, members[tuple(item.groups)], item.groups))


def _finish(finished: Vectors, full: int) -> int:
    """The count at profile 0 (no location left) of the key with every demanded direction:
    a group no placement can cover adds no bits anywhere, so no step checks it and its key
    stays short."""
    return int(finished[full][0]) if full in finished else 0


def _reach(items: list[_Item]) -> int:
    """Every key bit some placement of these items can add."""
    reach = 0
    for item in items:
        reach |= item.reach
    return reach


@cache
def warm_tables() -> None:
    """Build every layer's tables now (they are otherwise built on first use): for timing."""
    for layer in range(N):
        for location in range(N):
            single_step(layer, location)
        _all_sources(layer + 1)
        _complement(layer)


def _make_item(
    unit: list[int], allowed: list[int], reduced: Reduced, live: dict[int, frozenset[str]],
    slot: dict[int, int], demanded: dict[int, int], dir_bits: list[int],
) -> _Item | None:
    """An item's classes: its placements grouped by the key bits they add; None if it has none."""
    groups = sorted({GROUP_INDEX_OF_DELICT[d] for d in unit} & live.keys())
    if len(unit) == 1:
        delict = unit[0]
        by_bits: dict[int, int] = {}
        for location in indices(allowed[delict]):
            bits = 0
            if groups:
                group = groups[0]
                bits = (dir_bits[location] & demanded[group]) << (4 * slot[group])
            by_bits[bits] = by_bits.get(bits, 0) | 1 << location
        return _Item(unit, groups, [(bits, mask, None, None) for bits, mask in sorted(by_bits.items())])
    slots = {d: groups.index(GROUP_INDEX_OF_DELICT[d]) for d in unit if GROUP_INDEX_OF_DELICT[d] in live}
    placements, counts, sig = enumerate_signed(
        unit, allowed, reduced, slots, len(groups), np.array(dir_bits, dtype=np.int64)
    )
    if len(placements) == 0:
        return None
    key_bits = np.zeros(len(placements), dtype=np.int64)
    for index, group in enumerate(groups):
        key_bits |= ((sig >> (4 * index)) & demanded[group]) << (4 * slot[group])
    classes: list[tuple[int, int, np.ndarray | None, np.ndarray | None]] = []
    for bits in distinct(key_bits):
        chosen = key_bits == bits
        classes.append((int(bits), 0, placements[chosen], counts[chosen]))
    return _Item(unit, groups, classes)


# ---------------------------------------------------------------- the order and the split

def _choose(
    items: list[_Item], free: list[_Item], slot: dict[int, int], demanded: dict[int, int],
    profiles: int = PROFILES_PRICED, searched: _Searched | None = None,
) -> tuple[list[_Item], list[_Item], list[_Item]]:
    """(first, second, free): the free delicts after every other item in one forward run
    (second empty), or no free delicts and two halves (_search), whichever is priced lower.
    A cheap free plan, or a fairly cheap one with at least half the delicts free, skips
    the search."""
    if free:
        chosen = {id(item) for item in free}
        rest = _greedy([], [item for item in items if id(item) not in chosen])
        free = _free_order(free)
        costs, keys = _step_costs(rest + free, slot, demanded)
        count, placed = len(rest), sum(len(item.delicts) for item in rest)
        end_keys = keys[count - 1] if count else 1
        free_cost = sum(costs[:count]) + end_keys * _WIDTH[placed] * FREE_MEET
        free_cost += FREE_STEP * profiles / PROFILES_PRICED * sum([end_keys, *keys[count:-1]])
        if free_cost < FREE_ENOUGH or (placed <= N // 2 and free_cost < FREE_HALF):
            # the others' run stays in the narrow half of the layers, as a split's halves would
            return rest, [], free
        cost, first, second = searched or _search(items, slot, demanded)
        factor = FREE_FACTOR_HALF if placed <= N // 2 else FREE_FACTOR
        return (rest, [], free) if free_cost < factor * cost else (first, second, [])
    _, first, second = searched or _search(items, slot, demanded)
    return first, second, []


def _search(items: list[_Item], slot: dict[int, int], demanded: dict[int, int]) -> _Searched:
    """Two halves with the least estimated work: a prefix of a greedy order, and the rest
    of that order reversed (so one forward and one backward pass price every cut)."""
    best: tuple[float, list[_Item], list[_Item]] | None = None
    sizes = [len(item.delicts) for item in items]
    starts: dict[tuple[int, ...], int] = {}
    cache: dict = {}  # priced beginnings, shared by the sequences and their reverses
    for index in sorted(range(len(items)), key=lambda i: -sizes[i]):
        starts.setdefault(tuple(items[index].groups), index)
    for start in list(starts.values())[:SEARCH_STARTS]:
        sequence = _greedy([items[start]], [item for i, item in enumerate(items) if i != start])
        count = len(sequence)
        forward, forward_keys = _step_costs(sequence, slot, demanded, cache)
        backward, backward_keys = _step_costs(sequence[::-1], slot, demanded, cache)
        placed, cost_a, cost_b = 0, 0.0, sum(backward)
        for cut in range(count + 1):
            # the first half is sequence[:cut]; the second, the rest reversed, ran backward[:count - cut]
            keys_a = forward_keys[cut - 1] if cut else 1
            keys_b = backward_keys[count - cut - 1] if cut < count else 1
            cost = cost_a + cost_b + keys_a * keys_b * _WIDTH[placed]
            if best is None or cost < best[0]:
                best = (cost, sequence[:cut], sequence[cut:][::-1])
            if cut < count:
                placed += len(sequence[cut].delicts)
                cost_a += forward[cut]
                cost_b -= backward[count - cut - 1]
        if best is not None and best[0] < SEARCH_ENOUGH:
            break  # about the work of sixteen unconstrained delicts: no other order can win much
    assert best is not None
    return best


def _greedy(order: list[_Item], left: list[_Item]) -> list[_Item]:
    """Append items opening the fewest new groups, closing the most, biggest first."""
    order, left = list(order), sorted(left, key=lambda item: -len(item.delicts))
    opened = {g for item in order for g in item.groups}
    remaining: dict[int, int] = {}
    for item in left:
        for g in item.groups:
            remaining[g] = remaining.get(g, 0) + 1
    while left:
        def score(item: _Item) -> tuple[int, int, int]:
            closes = sum(remaining[g] == 1 for g in item.groups)
            return (sum(g not in opened for g in item.groups), -closes, -len(item.delicts))

        chosen = min(left, key=score)
        left.remove(chosen)
        order.append(chosen)
        opened.update(chosen.groups)
        for g in chosen.groups:
            remaining[g] -= 1
    return order


def _step_costs(
    sequence: list[_Item], slot: dict[int, int], demanded: dict[int, int], cache: dict | None = None
) -> tuple[list[float], list[int]]:
    """Estimated work of each step placing the sequence from the empty set, and the number
    of keys after each step.

    The keys are followed as _run makes them (less those the rest can no longer complete)
    while they are at most JOINT_KEYS; past that, per group the covered values its placed
    members can reach, whose product bounds the keys. A step depends only on the items
    placed so far and their order, so `cache` shares equal beginnings between sequences."""
    cache = {} if cache is None else cache
    rest = [0] * (len(sequence) + 1)
    for index in range(len(sequence) - 1, -1, -1):
        rest[index] = rest[index + 1] | sequence[index].reach
    full = sum(need << (4 * slot[g]) for g, need in demanded.items())
    reached: dict[int, frozenset[int]] = {g: frozenset({0}) for g in demanded}
    joint: frozenset[int] | None = frozenset({0})
    costs, counts, layer, keys = [], [], 0, 1
    prefix: tuple[int, ...] = ()
    for index, item in enumerate(sequence):
        prefix += (id(item),)
        hit = cache.get(prefix)
        if hit is None:
            cost = item.work(layer, keys)
            reached = dict(reached)
            for g in item.groups:
                shift, need = 4 * slot[g], demanded[g]
                later = rest[index + 1] >> shift & 15
                options = item.options[shift]
                reached[g] = frozenset(
                    {c | b for c in reached[g] for b in options if (c | b | later) & need == need} or {need}
                )
            if joint is not None:
                # the keys after a set of items are the same in whatever order they came (and the items
                # after it are the same), so the orders tried share them by the set placed
                placed = frozenset(prefix)
                after = cache.get(placed)
                if after is None:
                    after = cache[placed] = frozenset(_joint_step(set(joint), item, full, rest[index + 1]))
                joint = after if len(after) <= JOINT_KEYS else None
            if joint is not None:
                keys = max(len(joint), 1)
            else:
                keys = 1
                for values in reached.values():
                    keys *= len(values)
            hit = cache[prefix] = (cost, keys, reached, joint)
        cost, keys, reached, joint = hit
        layer += len(item.delicts)
        costs.append(cost)
        counts.append(keys)
    return costs, counts


def _joint_step(keys: set[int], item: _Item, full: int, later: int) -> set[int]:
    """The keys after placing the item, as _run keeps them."""
    own = item.fields & full
    if not own:
        return keys
    bases: dict[int, list[int]] = {}  # the keys by their bits in the item's groups: the rest of each
    for key in keys:
        bases.setdefault(key & own, []).append(key & ~own)
    grown: set[int] = set()
    for part, rest in bases.items():
        for target in {part | b for b in item.bits}:
            if (target | later) & own == own:
                grown.update([base | target for base in rest])
    return grown


_WIDTH = [comb(N, layer) for layer in range(N + 1)]


# ---------------------------------------------------------------- the DP over one half

Vectors = dict[int, np.ndarray]  # key -> ways per set of locations in the current layer


def _later(items: list[_Item], other: int) -> list[int]:
    """Per step, every key bit the items after it (and `other`, the other half's) can add."""
    later = [other] * (len(items) + 1)
    for index in range(len(items) - 1, -1, -1):
        later[index] = later[index + 1] | items[index].reach
    return later


def _run_reached(
    items: list[_Item], later: list[int], full: int, budget: float = float("inf"),
    start: tuple[Reached, int] | None = None, traces: list[tuple[Reached, Trace]] | None = None,
) -> tuple[Reached, int, bool]:
    """The first items placed over the reached states alone (reached.py), while a step
    over them is priced below the dense step and the steps left, each priced at least as
    the next, stay within `budget` (from `start`, the states after so many items, if
    given): the states, the number of items placed, and whether the budget stopped it.
    `traces`: each step's states before it and its pairs are appended (traced_step)."""
    reached, placed = start or (Reached.empty_set(), 0)
    for index in range(placed, len(items)):
        item = items[index]
        placements = item.locations + item.placements
        if reached.pairs(placements) > item.work(reached.layer, len(reached.table)):
            return reached, index, False  # a step's fixed cost is paid either way: not compared
        price = reached.price(placements)
        if price * (len(items) - index) > budget:  # the steps left cost at least this one's price
            return reached, index, True
        budget -= price
        args = (reached, item.spelt(), len(item.delicts), item.fields & full, later[index + 1])
        if traces is None:
            reached = reached_step(*args)
        else:
            before = reached
            reached, traced = traced_step(*args)
            traces.append((before, traced))
        if len(reached.sets) == 0:
            break
    return reached, len(items), False


def _run(items: list[_Item], other: int, full: int) -> tuple[Vectors, int]:
    """Per key, the ways to place the items on each set of locations of the last layer:
    over the reached states while they are few (_run_reached), then dense (_run_dense)."""
    later = _later(items, other)
    reached, index, _ = _run_reached(items, later, full)
    return _run_dense(items[index:], later[index:], full, to_vectors(reached), reached.layer)


def _run_dense(items: list[_Item], later: list[int], full: int, vectors: Vectors, layer: int) -> tuple[Vectors, int]:
    """The keyed DP on a vector per key over the sets of each layer.

    A key's vector (numpy's 1D steps beat 2D ones by far) moves, per class of the item's
    placements, to the key with the class's bits added; classes that land on the same key
    are placed in one step. A key that the items left here and in the other half (`later`:
    the bits they can add after each step) can no longer complete is dropped."""
    if not vectors:
        return vectors, layer
    for index, item in enumerate(items):
        size = len(item.delicts)
        own = item.fields & full
        plans: dict[int, dict[int, int | list[int]]] = {}
        grown: Vectors = {}
        moves = _Moves(item, vectors, layer)
        dense: bool | None = None  # most sets of the layer reached: judged on the first key
        for key, dp in vectors.items():
            part = key & own
            plan = plans.get(part)
            if plan is None:
                plan = plans[part] = _plan(item, part, own, later[index + 1])
            if dense is None:
                dense = len(dp) > 1 and int(np.count_nonzero(dp)) * SPARSE_LAYER > len(dp)
            for target, what in plan.items():
                new_key = (key & ~own) | target
                if dense and isinstance(what, int) and what != FULL:
                    # add straight into the target key's vector: no copy to allocate and add
                    into = grown.get(new_key)
                    if into is None:
                        into = grown[new_key] = np.zeros(_WIDTH[layer + 1], dtype=np.int64)
                    for location in indices(what):
                        source, goal = single_step(layer, location)
                        into[goal] += dp[source]
                    continue
                placed = _place_one(dp, layer, what, dense) if isinstance(what, int) else moves.place(dp, what)
                if placed is None:
                    continue
                if new_key in grown:
                    grown[new_key] += placed
                else:
                    grown[new_key] = placed
        vectors = grown
        layer += size
        if not vectors:
            break
    return vectors, layer


def _run_free(items: list[_Item], vectors: Vectors, full: int, profiles: Profiles, left: int) -> Vectors:
    """_run over the profiles of the locations left instead of location sets, for the free
    delicts placed last (profiles.py); the ways to place everything are at profile 0
    (nothing left) of each key left, and only the key with every demanded direction counts;
    `left`: the number of locations the other items left.

    A step changes only the bits of the item's group, and the same way whatever the other
    bits are: the vectors are laid out as a grid (own bits, profile, other bits), and each
    move from own bits to target bits is one numpy step over every value of the other bits.
    The items come group by group, so the grid is laid out anew only when the group changes."""
    later = _later(items, 0)
    grid: _Grid | None = None
    for index, item in enumerate(items):
        own = item.fields & full
        if grid is None or grid.own != own:
            grid = _Grid.of(vectors if grid is None else grid.vectors(), own, layer_width(profiles, left - index))
        targets: dict[int, int] = {}
        moves = []
        for source, part in enumerate(grid.parts):
            for target, mask in _plan(item, part, own, later[index + 1]).items():
                assert isinstance(mask, int)  # a single delict's locations
                moves.append((source, targets.setdefault(target, len(targets)), mask))
        grown = np.zeros((len(targets), layer_width(profiles, left - index - 1), len(grid.others)), dtype=np.int64)
        for source, target, mask in moves:
            place_free(grid.values[source], mask, profiles, grown[target], left - index)
        grid = _Grid(own, list(targets), grid.others, grown)
        if not targets:
            break
    return {} if grid is None else grid.vectors()


@dataclass
class _Grid:
    """Keyed vectors over profiles as one array: (bits in `own`, profile, the other bits)."""

    own: int
    parts: list[int]
    others: list[int]
    values: np.ndarray

    @classmethod
    def of(cls, vectors: Vectors, own: int, size: int) -> _Grid:
        """The grid of these vectors, laid out in one numpy step (a thousand keys and more are
        common: set one by one, they cost more than the DP's steps)."""
        keys = np.fromiter(vectors, dtype=np.int64, count=len(vectors))
        rows = np.stack(list(vectors.values())) if vectors else np.zeros((0, size), dtype=np.int64)
        parts, row = np.unique(keys & own, return_inverse=True)
        others, column = np.unique(keys & ~own, return_inverse=True)
        values = np.zeros((len(parts), size, len(others)), dtype=np.int64)
        values[row, :, column] = rows
        return cls(own, parts.tolist(), others.tolist(), values)

    def vectors(self) -> Vectors:
        """Back to a vector per key, leaving out the keys nothing reached."""
        reached = np.asarray(self.values.any(axis=1))
        return {
            part | self.others[o]: self.values[p, :, o]
            for p, part in enumerate(self.parts) for o in np.flatnonzero(reached[p]).tolist()
        }


def _plan(item: _Item, part: int, own: int, later: int) -> dict[int, int | list[int]]:
    """For a key whose bits in the item's groups are `part`: target bits -> a single
    delict's mask, or a unit's classes; targets the later items cannot complete are left out."""
    plan: dict[int, int | list[int]] = {}
    for index, (bits, mask, placements, _) in enumerate(item.classes):
        target = part | bits
        if (target | later) & own == own:
            if placements is None:
                plan[target] = int(plan.get(target, 0)) | mask  # type: ignore[arg-type]
            else:
                chosen = plan.setdefault(target, [])
                assert isinstance(chosen, list)
                chosen.append(index)
    return plan


def _place_one(dp: np.ndarray, layer: int, allowed: int, dense: bool) -> np.ndarray | None:
    """One more delict on any free location of `allowed`; None when no set is reached.

    `dense`: most sets of the layer are reached (judged once per step, not per key)."""
    if dense and allowed == FULL:
        return dp[_all_sources(layer + 1)].sum(axis=1)
    placed = place_one(dp, layer, allowed)
    return placed if placed.any() else None


@cache
def _all_sources(layer: int) -> np.ndarray:
    """Per set of locations in `layer`, the positions one layer down of its subsets by one, in
    the order of the location left out. Built on a count's first use (a fresh process pays it):
    per location, only the sets holding it are written, in the column of that location's rank
    among the set's locations (the popcount of the set below it)."""
    layers, position = _layers()
    popcount = popcounts()
    masks = layers[layer]
    table = np.empty((len(masks), layer), dtype=np.int64)
    for bit in range(N):
        rows = np.flatnonzero(masks & (1 << bit))
        holding = masks[rows]
        table[rows, popcount[holding & ((1 << bit) - 1)]] = position[holding ^ (1 << bit)]
    return table


class _Moves:
    """A unit's step as (source, target, ways) triples, worked out once per class of its
    placements and used for every key: the sets any key reached, times every placement
    of the class disjoint from them."""

    def __init__(self, item: _Item, vectors: Vectors, layer: int) -> None:
        self.item, self.vectors, self.layer = item, vectors, layer
        self.width = _WIDTH[layer + len(item.delicts)]
        self.moves: dict[int, tuple[np.ndarray, np.ndarray, np.ndarray]] = {}

    def place(self, dp: np.ndarray, classes: list[int]) -> np.ndarray | None:
        """The key's vector moved by the placements of these classes; None if no pair is disjoint."""
        placed: np.ndarray | None = None
        for index in classes:
            source, goal, ways = self._move(index)
            if len(source) == 0:
                continue
            # every partial count is < 16! < 2^53: float weights and their sums stay exact
            summed = np.bincount(goal, weights=dp[source] * ways, minlength=self.width)
            placed = summed if placed is None else placed + summed
        return None if placed is None else placed.astype(np.int64)

    def _move(self, index: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        if not self.moves:
            self._find_moves()
        return self.moves[index]

    def _find_moves(self) -> None:
        """Every class's triples from one test of all (placement, set) pairs: the pairs come
        out ordered by placement, so each class is one slice."""
        layers, position = _layers()
        vectors = list(self.vectors.values())
        reached = vectors[0] if len(vectors) == 1 else np.add.reduce(vectors)
        present = np.flatnonzero(reached)
        masks = layers[self.layer][present]
        placements = np.concatenate([p for _, _, p, _ in self.item.classes if p is not None])
        counts = np.concatenate([c for _, _, _, c in self.item.classes if c is not None])
        columns, rows = np.nonzero((placements[:, None] & masks[None, :]) == 0)
        source, goal = present[rows], position[masks[rows] | placements[columns]]
        ways = counts[columns].astype(np.float64)
        ends = np.cumsum([len(p) for _, _, p, _ in self.item.classes if p is not None])
        cuts = np.searchsorted(columns, ends)
        start = 0
        for index, cut in enumerate(cuts.tolist()):
            self.moves[index] = (source[start:cut], goal[start:cut], ways[start:cut])
            start = cut


# ---------------------------------------------------------------- the meet

def _meet(first: tuple[Vectors, int], second: tuple[Vectors, int], full: int) -> int:
    """Pairs of keys that together cover every demanded direction, on complementary sets."""
    (vectors_a, layer), (vectors_b, _) = first, second
    if not vectors_a or not vectors_b:
        return 0
    keys_a, keys_b = np.array(list(vectors_a)), np.array(list(vectors_b))
    if len(keys_a) == 1 and len(keys_b) == 1:
        key_a, key_b = int(keys_a[0]), int(keys_b[0])
        if (key_a | key_b) & full != full:
            return 0
        return meet((vectors_a[key_a], layer), (vectors_b[key_b], N - layer))
    complement = _complement(layer)
    stack_a = np.stack(list(vectors_a.values()))
    stack_b = np.stack([vector[complement] for vector in vectors_b.values()])
    # int64, not float: numpy's integer matmul is exact (every entry counts whole solutions,
    # ≤ 16!) and, unlike BLAS on a busy machine, never waits for threads.
    products = stack_a @ stack_b.T
    match = ((keys_a[:, None] | keys_b[None, :]) & full) == full
    return int(products[match].sum())


@cache
def _complement(layer: int) -> np.ndarray:
    layers, position = _layers()
    return position[FULL ^ layers[layer]]
