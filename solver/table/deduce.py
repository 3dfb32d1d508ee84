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

import networkx as nx
from networkx.algorithms import bipartite

from solver.core import names
from solver.core.bits import FULL, bit, indices, location_mask, union
from solver.core.board import Board
from solver.core.cards import Clue, DelictClue, DistrictClue, GroupClue, LocationClue, NotClue, RemoveOneMarker
from solver.table.matching import hall_violator
from solver.table.state import GameState, Move, MoveKind


@dataclass(frozen=True)
class Deduction:
    delict: str
    location: str
    reason: str


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


def _graph(masks: list[int]) -> nx.Graph:
    graph = nx.Graph()
    graph.add_nodes_from((("d", d) for d in range(len(masks))), bipartite=0)
    graph.add_nodes_from((("l", loc) for loc in range(len(names.LOCATIONS))), bipartite=1)
    graph.add_edges_from((("d", d), ("l", loc)) for d, mask in enumerate(masks) for loc in indices(mask))
    return graph


def contradiction(state: GameState) -> str | None:
    """Rule 9: when no complete assignment agrees with the board, a sentence naming why."""
    masks = allowed_masks(state)
    rows = hall_violator(masks)
    if not rows:
        return None
    delicts = [names.DELICTS[r] for r in rows]
    spots = _locations_of(masks, rows)
    return (f"no complete assignment agrees with the board (rule 9): {len(delicts)} delicts "
            f"({', '.join(delicts)}) have only {_plural(len(spots), 'location')} between them "
            f"({', '.join(spots) or 'none'})")


def _locations_of(masks: list[int], rows: list[int]) -> list[str]:
    return [names.LOCATIONS[b] for b in indices(union(masks[row] for row in rows))]


def removable(state: GameState) -> list[Deduction]:
    """Rule 10: every marker that no complete assignment uses, with a one-line reason.

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
    directed = nx.DiGraph()
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
        for location in sorted(state.markers.get(delict, ()), key=names.LOCATION_INDEX.get):
            loc = names.LOCATION_INDEX[location]
            if matching[("d", d)] != ("l", loc) and component[("d", d)] != component[("l", loc)]:
                found.append(Deduction(delict, location, _why_not(masks, d, loc)))
    return found


def take_stop(state: GameState, board: Board, player: str) -> Move | None:
    """Rule 10: `player` calls STOP and takes every removable marker (then rule 7); None if none.

    Whose turn it is does not change; BadInput when `player` is not a player.
    """
    from solver.table.rules import Unplayable, Work

    player = state.player(player)
    found = removable(state)
    if not found:
        return None
    work = Work(state, board)
    try:
        for deduction in found:
            work.remove(deduction.delict, deduction.location)
        work.settle()
    except Unplayable as error:  # cannot happen: every removed marker is in no complete assignment
        raise AssertionError(f"STOP broke rule {error.rule}: {error.reason}") from None
    move = Move(MoveKind.STOP, player, effect=work.effect)
    state.push_unchecked(move, end_turn=False)
    return move


def _why_not(masks: list[int], d: int, loc: int) -> str:
    """Why delict d cannot be on location loc: the Hall violator left when it is."""
    others = [r for r in range(len(masks)) if r != d]
    reduced = [masks[r] & ~bit(loc) for r in others]
    rows = [others[r] for r in hall_violator(reduced)]
    delict, location = names.DELICTS[d], names.LOCATIONS[loc]
    tied = [names.DELICTS[r] for r in rows]
    spots = [s for s in _locations_of(masks, rows) if s != location]
    if len(tied) == 1:
        left = f"only {', '.join(spots)}" if spots else "no location"
        return f"if {delict} were on {location}, {tied[0]} would have {left} left"
    return (f"if {delict} were on {location}, {len(tied)} delicts ({', '.join(tied)}) would have only "
            f"{_plural(len(spots), 'location')} left ({', '.join(spots) or 'none'})")


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


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


def never_playable(state: GameState, card: Clue | RemoveOneMarker, board: Board) -> str | None:
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
            if all(reasons):
                return "every choice is dead: " + "; ".join(reasons)
            return None
        case NotClue(delict, locations):
            return _dead_not(state, delict, set(locations))
        case DistrictClue():
            return _dead_district(state, card, board)
        case LocationClue():
            return _dead_location(state, card)
    raise TypeError(f"not a card: {card!r}")


def _dead_delict(state: GameState, delict: str, spots: set[str]) -> str | None:
    if delict in state.tiles:
        return f"{delict} is pinpointed on {state.tiles[delict]}"
    if delict in state.markers:
        markers = state.markers[delict]
        if markers <= spots:
            return f"every {delict} marker already lies where the card says: it can only confirm them"
        if not markers & spots:
            return f"no {delict} marker lies where the card says: it would remove them all (rule 4)"
        return None
    if not spots & set(state.free_locations()):
        return f"every location the card names for {delict} has a tile (rule 14)"
    return None


def _dead_not(state: GameState, delict: str, spots: set[str]) -> str | None:
    if delict in state.tiles:
        return f"{delict} is pinpointed on {state.tiles[delict]}"
    if delict in state.markers and not state.markers[delict] & spots:
        return f"no {delict} marker lies where the card excludes it"
    return None


def _dead_district(state: GameState, card: DistrictClue, board: Board) -> str | None:
    first, second = card.delicts
    if first in state.tiles and second in state.tiles:
        return f"{first} and {second} are both pinpointed"
    free = set(state.free_locations())
    spots = {d: state.where(d) or free for d in card.delicts}
    if not any(board.joined(a, b, card.relation) for a in spots[first] for b in spots[second]):
        return (f"no location {first} may still take is joined to one {second} may still take, as the card "
                "says (rules 4 and 14)")
    for tiled, other in ((first, second), (second, first)):
        if tiled in state.tiles and other in state.markers and state.markers[other] <= set(
                board.partners(state.tiles[tiled], card.relation)):
            return f"every {other} marker is already next to the {tiled} tile as the card says"
    return None


def _dead_location(state: GameState, card: LocationClue) -> str | None:
    tile = state.tile_at(card.location)
    if tile is not None:
        return f"{card.location} is pinpointed ({tile})"
    if all(d in state.tiles for d in card.delicts):
        return "all four delicts of the card are pinpointed elsewhere (rule 14)"
    return None
