"""Group clues by signed branches (count_branched): the dense path count_clues used before
solver.counting.keyed, kept with the tests as a cross-check and as bench/bench_count.py's
baseline (count_reduced_branched: count_reduced with this path in place of count_keyed).

"For each demanded direction some member of g is there" equals
Σ_{T ⊆ demanded} (-1)^|T| [every member of g outside ∪T] (terms with ∪T = all locations
vanish). The subset DP is linear in its vector, so at a group's first delict the vector
is split into one copy per term (scaled by its coefficient), the group's delicts are
placed in each copy with the term's locations barred, and the copies are summed after
the group's last delict. Units of delicts tied by district clues are enumerated once;
each joint placement remembers which directions the signed groups' members used, so a
term keeps exactly the placements that avoid its directions.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from itertools import combinations
from math import comb

import numpy as np

from solver.core import names
from solver.core.bits import FULL, N
from solver.counting.dense import meet, place_one, place_unit
from solver.counting.reduce import GROUP_INDEX_OF_DELICT, Reduced, direction_tables, live_group_clues, shrunk_masks
from solver.counting.rows import enumerate_signed, find_units
from solver.counting.sparse import count_sparse


@dataclass
class _Item:
    """Delicts placed together: a single delict (mask) or a unit's joint placements."""

    delicts: list[int]
    groups: list[int]  # signed groups with members here; sig slot = position in this list
    mask: int = 0  # a single delict's locations
    joint: _Joint | None = None  # a unit's joint placements


@dataclass
class _Joint:
    """A unit's joint placements: location sets, ways, and the direction signature of each."""

    placements: np.ndarray
    counts: np.ndarray
    sig: np.ndarray


def count_reduced_branched(reduced: Reduced) -> int:
    """solver.counting.count_reduced as it was: the same steps, signed branches for the dense DP."""
    allowed = shrunk_masks(list(reduced.allowed), reduced)
    if allowed is None:
        return 0
    if all(not mask & (mask - 1) for mask in allowed):
        return int(live_group_clues(allowed, reduced, reduced.group_dirs) is not None)
    sparse = count_sparse(reduced, allowed)
    if sparse is not None:
        return sparse
    return count_branched(reduced, allowed)


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
    live = live_group_clues(allowed, reduced, reduced.group_dirs)
    if live is None:
        return 0
    terms = {group: _signed_terms(directions, reduced) for group, directions in live.items()}
    dir_bits = np.array(direction_tables(reduced)[0], dtype=np.int64)
    items: list[_Item] = []
    for unit in find_units(reduced, {}):
        groups = sorted({GROUP_INDEX_OF_DELICT[d] for d in unit} & live.keys())
        if len(unit) == 1:
            items.append(_Item(unit, groups, mask=allowed[unit[0]]))
            continue
        slots = {d: groups.index(GROUP_INDEX_OF_DELICT[d]) for d in unit if GROUP_INDEX_OF_DELICT[d] in live}
        placements, counts, sig = enumerate_signed(unit, allowed, reduced, slots, len(groups), dir_bits)
        if len(placements) == 0:
            return 0
        items.append(_Item(unit, groups, joint=_Joint(placements, counts, sig)))
    halves: list[list[_Item]] = [[], []]
    for block in sorted(_blocks(items), key=lambda b: sum(len(i.delicts) for i in b), reverse=True):
        smaller = min(halves, key=lambda half: sum(len(item.delicts) for item in half))
        smaller.extend(_block_order(block))
    return meet(_run_signed(halves[0], terms), _run_signed(halves[1], terms))


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
        best = min(left, key=partial(_order_score, left=left, open_groups=frozenset(open_groups)))
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
        grown: dict[tuple[tuple[int, int, int], ...], tuple[int, np.ndarray]] = {}
        made: dict[tuple[int, object], np.ndarray | None] = {}  # None: no placement left
        where = [opened.index(group) for group in item.groups]
        filters: dict[tuple[int, ...], tuple[np.ndarray, bytes]] = {}
        for key, (coeff, dp) in branches.items():
            joint = item.joint
            if joint is None:
                mask = item.mask
                for index in where:
                    mask &= ~key[index][1]
                pattern: object = mask
                if (id(dp), pattern) not in made:
                    made[id(dp), pattern] = place_one(dp, layer, mask)
            else:
                term_bits = tuple(key[index][0] for index in where)
                if term_bits not in filters:
                    ok = np.ones(len(joint.placements), bool)
                    for slot, bits in enumerate(term_bits):
                        ok &= (joint.sig >> (4 * slot)) & bits == 0
                    filters[term_bits] = ok, ok.tobytes()
                ok, pattern = filters[term_bits]
                if (id(dp), pattern) not in made:
                    made[id(dp), pattern] = (
                        place_unit(dp, layer, len(item.delicts), joint.placements[ok], joint.counts[ok])
                        if ok.any() else None
                    )
            placed = made[id(dp), pattern]
            if placed is not None:
                grown[key] = (coeff, placed)  # a branch with no placement left is 0: dropped
        branches, layer = grown, layer + len(item.delicts)
        if not branches:  # every branch is 0: so is the half
            total = sum(len(i.delicts) for i in items)
            return np.zeros(comb(N, total), dtype=np.int64), total
        for group in item.groups:
            remaining[group] -= 1
            if remaining[group] == 0:
                position = opened.index(group)
                opened.pop(position)
                summed: dict[tuple[tuple[int, int, int], ...], tuple[int, np.ndarray]] = {}
                for key, (coeff, dp) in branches.items():
                    short = key[:position] + key[position + 1:]
                    value = dp * coeff
                    summed[short] = (1, summed[short][1] + value if short in summed else value)
                branches = summed
    assert not opened and len(branches) == 1
    coeff, dp = branches[()]
    return dp * coeff, layer
