"""Deductions from a game board: rule 10 (STOP), rule 9 (a careless board), rule 11 (dead cards),
and the exact number of complete assignments that agree with the board.

A complete assignment σ agrees with the board when each delict with a tile is on it,
each delict with markers is on one of its markers, and each delict in the supply is on
a location without a tile (docs/rules.md). These are the perfect matchings of the
delict–location bipartite graph whose edges are the allowed pairs.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import assert_never

import networkx as nx
from networkx.algorithms import bipartite

from solver.core import names
from solver.core.bits import FULL, bit, indices, location_mask, union
from solver.core.board import Board
from solver.core.cards import Clue, DelictClue, DistrictClue, GroupClue, LocationClue, NotClue, RemoveOneMarker
from solver.core.matching import hall_violator
from solver.table.facts import Fact, FactKind
from solver.table.state import Effect, GameState, Move, MoveKind


@dataclass(frozen=True)
class Deduction:
    """A marker no complete assignment uses (rule 10), and why: a `MARKER_IMPOSSIBLE` fact."""

    delict: str
    location: str
    why: Fact


def allowed_masks(state: GameState) -> list[int]:
    """allowed[d] = mask of the locations delict d may take (indices as in `names`)."""
    tiled = location_mask(state.tiles.values())
    masks = []
    for delict in names.DELICTS:
        if delict in state.tiles:
            masks.append(location_mask([state.tiles[delict]]))
        elif delict in state.markers:
            masks.append(location_mask(state.markers[delict]))
        else:
            masks.append(FULL & ~tiled)
    return masks


def count(state: GameState) -> int:
    """The exact number of complete assignments that agree with the board (a permanent)."""
    from solver.counting import count_assignments

    return count_assignments(allowed_masks(state))


# ----- rule 9 and rule 10 ------------------------------------------------------------------------


Node = tuple[str, int]  # ("d", delict index) or ("l", location index)


def _graph(masks: list[int]) -> nx.Graph[Node]:
    graph: nx.Graph[Node] = nx.Graph()
    graph.add_nodes_from((("d", d) for d in range(len(masks))), bipartite=0)
    graph.add_nodes_from((("l", loc) for loc in range(len(names.LOCATIONS))), bipartite=1)
    graph.add_edges_from((("d", d), ("l", loc)) for d, mask in enumerate(masks) for loc in indices(mask))
    return graph


def contradiction(state: GameState) -> Fact | None:
    """Rule 9: when no complete assignment agrees with the board, the delicts with too few
    locations between them (a `NO_ASSIGNMENT` fact)."""
    masks = allowed_masks(state)
    rows = hall_violator(masks)
    if not rows:
        return None
    return Fact(FactKind.NO_ASSIGNMENT, delicts=tuple(names.DELICTS[r] for r in rows),
                locations=tuple(_locations_of(masks, rows)))


def _locations_of(masks: list[int], rows: list[int]) -> list[str]:
    return [names.LOCATIONS[b] for b in indices(union(masks[row] for row in rows))]


def removable(state: GameState) -> list[Deduction]:
    """Rule 10: every marker that no complete assignment uses, with why.

    An edge lies in some perfect matching iff it is in the one found, or on an
    alternating cycle: both ends in one strongly connected component of the graph
    with unmatched edges delict -> location and matched edges location -> delict.
    Empty when the board admits no complete assignment at all (see `contradiction`).
    """
    masks = allowed_masks(state)
    graph = _graph(masks)
    top = [("d", d) for d in range(len(masks))]
    matching = bipartite.hopcroft_karp_matching(graph, top_nodes=top)
    if sum(1 for node in top if node in matching) < len(masks):
        return []
    directed: nx.DiGraph[Node] = nx.DiGraph()
    for d, mask in enumerate(masks):
        for loc in indices(mask):
            if matching[("d", d)] == ("l", loc):
                directed.add_edge(("l", loc), ("d", d))
            else:
                directed.add_edge(("d", d), ("l", loc))
    component = {node: i for i, scc in enumerate(nx.strongly_connected_components(directed)) for node in scc}
    found = []
    for delict in names.DELICTS:
        d = names.DELICT_INDEX[delict]
        for location in sorted(state.markers.get(delict, ()), key=names.LOCATION_INDEX.__getitem__):
            loc = names.LOCATION_INDEX[location]
            if matching[("d", d)] != ("l", loc) and component[("d", d)] != component[("l", loc)]:
                found.append(Deduction(delict, location, _why_not(masks, d, loc)))
    return found


def stop_effect(state: GameState, board: Board) -> Effect | None:
    """Rule 10: what a STOP would take now — every removable marker, then rule 7 (a delict left
    with one marker gets its tile) — as the Effect it would record; None when nothing can be taken."""
    from solver.table.rules import Unplayable, Work

    found = removable(state)
    if not found:
        return None
    work = Work(state, board)
    try:
        for deduction in found:
            work.remove(deduction.delict, deduction.location)
        work.settle()
    except Unplayable as error:  # cannot happen: every removed marker is in no complete assignment
        raise AssertionError(f"STOP broke rule {error.rule}: {error.fact}") from None
    return work.effect


def take_stop(state: GameState, board: Board, player: str) -> Move | None:
    """Rule 10: `player` calls STOP and takes every removable marker (then rule 7); None if none.

    Whose turn it is does not change; BadInput when `player` is not a player.
    """
    player = state.player(player)
    effect = stop_effect(state, board)
    if effect is None:
        return None
    move = Move(MoveKind.STOP, player, effect=effect)
    state.push_unchecked(move, end_turn=False)
    return move


def stop_takers(state: GameState) -> list[str]:
    """Who may call STOP: "another player" than the one whose move left the board so (the last
    play or pass), in turn order from the player whose turn it is now, the first to be asked."""
    players = state.players
    start = players.index(state.turn)
    ordered = [players[(start + k) % len(players)] for k in range(len(players))]
    moved = next((move.player for move in reversed(state.history)
                  if move.kind in (MoveKind.PLAY, MoveKind.PASS)), None)
    return [player for player in ordered if player != moved or len(players) == 1]


def _why_not(masks: list[int], d: int, loc: int) -> Fact:
    """Why delict d cannot be on location loc: the Hall violator left when it is."""
    others = [r for r in range(len(masks)) if r != d]
    reduced = [masks[r] & ~bit(loc) for r in others]
    rows = [others[r] for r in hall_violator(reduced)]
    delict, location = names.DELICTS[d], names.LOCATIONS[loc]
    spots = tuple(s for s in _locations_of(masks, rows) if s != location)
    return Fact(FactKind.MARKER_IMPOSSIBLE, delict=delict, location=location,
                delicts=tuple(names.DELICTS[r] for r in rows), locations=spots)


# ----- rule 11: cards that can never be played again ---------------------------------------------


def take_out_dead(state: GameState, cards: Sequence[tuple[int, Clue | RemoveOneMarker]], board: Board) -> Move | None:
    """Rule 11: the game co-ordinator takes the cards on the draw piles that can never be played
    again out of the game. `cards` are (number, card) pairs; the dead ones not yet out go out in
    one move (recorded for whoever's turn it is, which does not change). None when none goes out.
    """
    from solver.table.rules import cards_out

    dead = [number for number, card in cards
            if never_playable(state, card, board) is not None and number not in state.out_of_game]
    if not dead:
        return None
    move = Move(MoveKind.DRAWPILE, state.turn, out=cards_out(state, [], list(dict.fromkeys(dead))))
    state.push_unchecked(move, end_turn=False)
    return move


def never_playable(state: GameState, card: Clue | RemoveOneMarker, board: Board) -> Fact | None:
    """Why `card` can never be played again on any later board, or None if it might be.

    Later boards only refine this one: markers go, tiles come, a delict in the supply
    gets markers on locations that are free now.
    """
    match card:
        case RemoveOneMarker():
            return None
        case DelictClue(delict, locations):
            return _dead_delict(state, delict, set(locations))
        case GroupClue(group, direction):
            spots = {loc for loc in names.LOCATIONS if board.in_direction(loc, direction)}
            reasons = [_dead_delict(state, d, spots) for d in names.GROUPS[group]]
            dead = tuple(reason for reason in reasons if reason is not None)
            return Fact(FactKind.DEAD_EVERY_CHOICE, notes=dead) if len(dead) == len(reasons) else None
        case NotClue(delict, locations):
            return _dead_not(state, delict, set(locations))
        case DistrictClue():
            return _dead_district(state, card, board)
        case LocationClue():
            return _dead_location(state, card)
        case _:
            assert_never(card)


def _pinned(state: GameState, delict: str) -> Fact:
    return Fact(FactKind.DEAD_PINPOINTED, delict=delict, location=state.tiles[delict])


def _dead_delict(state: GameState, delict: str, spots: set[str]) -> Fact | None:
    if delict in state.tiles:
        return _pinned(state, delict)
    if delict in state.markers:
        markers = state.markers[delict]
        if markers <= spots:
            return Fact(FactKind.DEAD_CONFIRMS_ONLY, delict=delict)
        if not markers & spots:
            return Fact(FactKind.DEAD_REMOVES_ALL, delict=delict)
        return None
    if not spots & set(state.free_locations()):
        return Fact(FactKind.DEAD_ALL_TILED, delict=delict)
    return None


def _dead_not(state: GameState, delict: str, spots: set[str]) -> Fact | None:
    if delict in state.tiles:
        return _pinned(state, delict)
    if delict in state.markers and not state.markers[delict] & spots:
        return Fact(FactKind.DEAD_NOT_EXCLUDES_NOTHING, delict=delict)
    return None


def _dead_district(state: GameState, card: DistrictClue, board: Board) -> Fact | None:
    first, second = card.delicts
    if first in state.tiles and second in state.tiles:
        return Fact(FactKind.DEAD_BOTH_PINPOINTED, delicts=(first, second))
    free = set(state.free_locations())
    spots = {d: state.where(d) or free for d in card.delicts}
    if not any(board.joined(a, b, card.relation) for a in spots[first] for b in spots[second]):
        return Fact(FactKind.DEAD_NEVER_JOINED, delicts=(first, second), relation=card.relation)
    for tiled, other in ((first, second), (second, first)):
        if tiled in state.tiles and other in state.markers and state.markers[other] <= set(
                board.partners(state.tiles[tiled], card.relation)):
            return Fact(FactKind.DEAD_NEXT_TO_TILE, delict=other, tile=tiled, relation=card.relation)
    return None


def _dead_location(state: GameState, card: LocationClue) -> Fact | None:
    tile = state.tile_at(card.location)
    if tile is not None:
        return Fact(FactKind.DEAD_LOCATION_PINPOINTED, location=card.location, tile=tile)
    if all(d in state.tiles for d in card.delicts):
        return Fact(FactKind.DEAD_ALL_FOUR_PINPOINTED, delicts=tuple(card.delicts))
    return None
