"""Worlds a player cannot tell apart (for OpenSpiel's `resample_from_infostate` and
ISMCTS): the cards they cannot see dealt anew, consistent with what they saw.

Hidden from `player`: every card another seat drew and still holds without having shown
it (a card taken back into a hand by the feather's steal is known), and the draw pile.
Every draw is uniform over the pile, so all placements of the unseen cards into those
places that agree with what `player` saw are equally likely. The one thing seen that
restricts them is the shuffle before round 3: a card drawn before it and still held
cannot be one that `player` had seen by then (those were in play, on the discard pile,
in a scoring pile or in their own hand). So the unseen cards go first, uniformly, to
the places drawn before the shuffle from the cards allowed there, then the rest.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from solver.cardgames.scandaroon.actions import ABILITY, PLAY, STONE, TARGET
from solver.cardgames.scandaroon.state import DRAW, MOVE

if TYPE_CHECKING:
    from solver.cardgames.scandaroon.state import ScandaroonState

NAMING = (PLAY, ABILITY, STONE, TARGET)  # the actions whose `a` is a card


def resample(state: ScandaroonState, player: int, rng: random.Random) -> ScandaroonState:
    """A copy of `state` with the unseen cards placed anew (see the module)."""
    twin = state.clone(keep_log=state.keep_log)
    hidden = hidden_draws(state, player)  # history index -> card, for others' hidden cards
    if not hidden:
        return twin
    shuffle = state.shuffled_at
    early = [i for i in hidden if shuffle is not None and i < shuffle]
    late = [i for i in hidden if shuffle is None or i >= shuffle]
    unseen = [hidden[i] for i in hidden] + list(state.draw_pile)
    seen = seen_before(state, player, shuffle) if early else set()
    allowed = [c for c in unseen if c not in seen]
    rng.shuffle(allowed)
    placed = dict(zip(early, allowed, strict=False))
    rest = [c for c in unseen if c not in set(placed.values())]
    rng.shuffle(rest)
    placed.update(zip(late, rest, strict=False))
    twin.draw_pile = sorted(rest[len(late):])
    for index, card in placed.items():
        seat = state._seen[index][1]
        hand = twin.hands[seat]
        hand[hand.index(hidden[index])] = card
        twin._history[index] = card
    return twin


def hidden_draws(state: ScandaroonState, player: int) -> dict[int, int]:
    """The other seats' hand cards that `player` has not seen, by the history index of
    the draw that brought each (a card is seen once an action names it)."""
    last_draw: dict[int, int] = {}
    named_after: dict[int, int] = {}
    decode = state.game.actions.decode
    for index, (action, (kind, _)) in enumerate(zip(state._history, state._seen, strict=True)):
        if kind == DRAW:
            last_draw[action] = index
        elif kind == MOVE:
            move, card, _ = decode(action)
            if move in NAMING:
                named_after[card] = index
    hidden = {}
    for seat, hand in enumerate(state.hands):
        if seat == player:
            continue
        for card in hand:
            drawn = last_draw.get(card)
            if drawn is not None and state._seen[drawn][1] == seat and named_after.get(card, -1) < drawn:
                hidden[drawn] = card
    return dict(sorted(hidden.items()))


def seen_before(state: ScandaroonState, player: int, end: int | None) -> set[int]:
    """Every card `player` had seen before history index `end`: named by an action, or
    drawn by `player`."""
    seen: set[int] = set()
    decode = state.game.actions.decode
    for index in range(end or 0):
        action, (kind, seat) = state._history[index], state._seen[index]
        if kind == DRAW and seat == player:
            seen.add(action)
        elif kind == MOVE:
            move, card, _ = decode(action)
            if move in NAMING:
                seen.add(card)
    return seen
