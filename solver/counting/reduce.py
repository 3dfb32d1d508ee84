"""Clues to masks and ties: reduce_clues, the board's tables, and mask propagation.

Unary clues become a 16-bit mask of allowed locations per delict; district clues become
pairs of tied delicts and group clues the directions their group must cover (Reduced).
shrunk_masks shrinks the masks without losing a solution. state_masks gives the masks of a
game board instead of a clue set.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import assert_never

import numpy as np

from solver.core import names
from solver.core.bits import FULL, N, byte_tables, location_mask, mask_of
from solver.core.board import Board
from solver.core.cards import Clue, DelictClue, DistrictClue, GroupClue, LocationClue, NotClue
from solver.core.semantics import unary_keeps
from solver.counting.dense import LOCATION_BITS


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
GROUP_INDEX_OF_DELICT = {delict: group for group, members in enumerate(GROUP_MEMBERS) for delict in members}


def _location_mask(locations: Iterable[str]) -> int:
    """location_mask, cached for the tuples clues hold."""
    if isinstance(locations, tuple):
        return _cached_location_mask(locations)
    return location_mask(locations)


@lru_cache(maxsize=4096)
def _cached_location_mask(locations: tuple[str, ...]) -> int:
    return location_mask(locations)


def reduce_clues(clues: Iterable[Clue], board: Board) -> Reduced:
    """Unary clues become masks; district and group clues become ties."""
    allowed = [FULL] * N
    pairs: list[tuple[int, int, str]] = []
    group_dirs: dict[int, set[str]] = {}
    for clue in clues:
        match clue:
            case DelictClue() | NotClue() | LocationClue():
                allowed = [mask & keep for mask, keep in zip(allowed, unary_keeps(clue), strict=True)]
            case DistrictClue((first, second), relation):
                pairs.append((names.DELICT_INDEX[first], names.DELICT_INDEX[second], relation))
            case GroupClue(group, direction):
                group_dirs.setdefault(GROUP_INDEX[group], set()).add(direction)
            case _:
                assert_never(clue)
    joined, direction_mask = _board_tables(board)
    frozen_dirs = {group: frozenset(dirs) for group, dirs in group_dirs.items()}
    return Reduced(tuple(allowed), tuple(pairs), frozen_dirs, joined, direction_mask)


@cache
def _board_tables(board: Board) -> tuple[dict[str, np.ndarray], dict[str, int]]:
    """The board's joined tables and direction masks, built once per board (hashed by identity)."""
    joined = {}
    for relation, found in board.joined_pairs.items():
        table = np.zeros((N, N), dtype=bool)
        for i, j in found:
            table[i, j] = table[j, i] = True
        table.flags.writeable = False
        joined[relation] = table
    direction_mask = {
        direction: _location_mask(loc for loc in names.LOCATIONS if board.in_direction(loc, direction))
        for direction in names.DIRECTIONS
    }
    return joined, direction_mask


def neighbours(reduced: Reduced, relation: str) -> list[int]:
    return _neighbour_masks(id(reduced.joined[relation]), reduced.joined[relation])


_NEIGHBOURS: dict[int, tuple[np.ndarray, list[int]]] = {}


def _neighbour_masks(key: int, table: np.ndarray) -> list[int]:
    """Per location, the mask of locations the table joins it to (cached per table object)."""
    hit = _NEIGHBOURS.get(key)
    if hit is not None and hit[0] is table:
        return hit[1]
    masks = [int((table[location].astype(np.int64) * LOCATION_BITS).sum()) for location in range(N)]
    _NEIGHBOURS[key] = (table, masks)
    return masks


def _support_halves(reduced: Reduced, relation: str) -> tuple[list[int], list[int]]:
    """The locations joined to any location of a mask, looked up by its low and its high byte."""
    return _halves(tuple(neighbours(reduced, relation)))


@lru_cache(maxsize=16)
def _halves(neighbours: tuple[int, ...]) -> tuple[list[int], list[int]]:
    return byte_tables(neighbours)


def shrunk_masks(allowed: list[int], reduced: Reduced) -> list[int] | None:
    """Shrink masks without losing a solution; None when some delict has no location left.

    Arc consistency on district clues (a delict keeps only locations with a partner left),
    and the bijection's singles: a delict with one location takes it from every other
    delict; a location only one delict may take pins that delict."""
    supports = {relation: _support_halves(reduced, relation) for relation in {rel for _, _, rel in reduced.pairs}}
    allowed = [mask & FULL for mask in allowed]
    changed = True
    while changed:
        changed = False
        for first, second, relation in reduced.pairs:
            low, high = supports[relation]
            for a, b in ((first, second), (second, first)):
                support = low[allowed[b] & 255] | high[allowed[b] >> 8]
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


def live_group_clues(
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


def direction_tables(reduced: Reduced) -> tuple[list[int], list[list[int]]]:
    """Direction bits per location (a bit per direction, names.DIRECTIONS order); and per
    demanded set of directions and covered set, the locations the last member of a group
    must take: inside every demanded direction not covered."""
    return _direction_tables(tuple(reduced.direction_mask[direction] for direction in names.DIRECTIONS))


@lru_cache(maxsize=64)
def _direction_tables(masks: tuple[int, ...]) -> tuple[list[int], list[list[int]]]:
    bits = [mask_of(i for i, mask in enumerate(masks) if mask >> loc & 1) for loc in range(N)]
    need = []
    for demanded in range(1 << len(masks)):
        row = []
        for covered in range(1 << len(masks)):
            inside = FULL
            for i, mask in enumerate(masks):
                if demanded >> i & 1 and not covered >> i & 1:
                    inside &= mask
            row.append(inside)
        need.append(row)
    return bits, need


def state_masks(markers: Mapping[str, Iterable[str]], tiles: Mapping[str, str]) -> list[int]:
    """Allowed locations per delict on a game board (docs/rules.md, rule 10).

    A tile pins its delict; markers bound theirs; a delict in the supply may go to any
    location without a tile.
    """
    tiled = _location_mask(tiles.values())
    allowed = []
    for delict in names.DELICTS:
        if delict in tiles:
            allowed.append(_location_mask([tiles[delict]]))
        elif delict in markers:
            allowed.append(_location_mask(markers[delict]) & ~tiled)
        else:
            allowed.append(FULL & ~tiled)
    return allowed
