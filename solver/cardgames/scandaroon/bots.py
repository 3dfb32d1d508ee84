"""Bots for Scandaroon: random (the shared RandomBot), greedy and search (in search.py).

The greedy bot looks one action ahead (following through its own open choices, e.g. the
target of an ability) and takes the action that most improves its margin in the current
round: its score minus the best opponent score, plus half its scoring-pile total. It passes
when nothing improves the margin.

The action stone is weighed as well (`stone_value`): keeping it is worth
`STONE_RESERVE[round]` margin points (so it is not spent in round 1 on any small gain),
hand cards count `HAND_WEIGHT` of their nominal value while the stone is played (an
exchange throws out low cards for draws worth the mean unseen card, a discard for the
stone costs the card), and a protected card of the own row is worth `PROTECT_WEIGHT` of its
final value when an ability in a row of a player still in the round could take it, a
tenth of that otherwise.
"""

from __future__ import annotations

import math
import random

from solver.cardgames.bots import Bot, MakeBot, RandomBot
from solver.cardgames.scandaroon import choices
from solver.cardgames.scandaroon.state import DRAW, ScandaroonState

STONE_RESERVE = {1: 3.0, 2: 2.0, 3: 1.0, 4: 0.0}  # margin points for keeping the stone, by round
HAND_WEIGHT = 0.5  # a hand card's nominal value, in margin points, when the stone is weighed
PROTECT_WEIGHT = 0.5  # a threatened protected card's final value, in margin points


def margin(state: ScandaroonState, seat: int) -> float:
    scores = state.scores
    others = max(s for i, s in enumerate(scores) if i != seat)
    return scores[seat] - others + 0.5 * state.pile_totals()[seat]


def unseen_cards(state: ScandaroonState, seat: int) -> list[int]:
    """The cards `seat` cannot see: the draw pile and the other hands."""
    seen = set(state.hands[seat]).union(state.discard, *state.rows, *state.piles)
    return [card for card in range(len(state.game.deck)) if card not in seen]


def hand_value(state: ScandaroonState, seat: int, draw_mean: float) -> float:
    """The nominal values of the hand, with each draw still due counted at `draw_mean`."""
    deck = state.game.deck
    due = sum(1 for event in state.queue if event.kind == DRAW and event.seat == seat)
    return sum(deck[card].value for card in state.hands[seat]) + due * draw_mean


def threatened(state: ScandaroonState, seat: int, card: int) -> bool:
    """Whether an ability in the row of another player still in the round could remove
    `card` (a card of `seat`'s row) or swap it away."""
    deck = state.game.deck
    for other in range(state.game.players):
        if other == seat or state.passed[other]:
            continue
        for source in state.rows[other]:
            ability = deck[source].ability
            if ability is None or source in state.protected:
                continue
            if ability.kind == "swap" and ability.scope == "rows":
                return True
            if (ability.kind == "remove" and ability.scope in ("others", "any")
                    and ability.match.accepts(deck[card])):
                return True
    return False


def stone_value(before: ScandaroonState, after: ScandaroonState, seat: int) -> float:
    """What playing the action stone between `before` and `after` is worth beyond the
    margin: minus the reserve, plus the change in hand value, plus a protection."""
    pending = before.pending()
    inside = pending is not None and pending.kind == choices.STONE  # the reserve is paid
    if not inside and (before.stone_used[seat] or not after.stone_used[seat]):
        return 0.0
    unseen = unseen_cards(before, seat)
    deck = before.game.deck
    mean = sum(deck[card].value for card in unseen) / len(unseen) if unseen else 0.0
    value = 0.0 if inside else -STONE_RESERVE.get(before.round, 0.0)
    value += HAND_WEIGHT * (hand_value(after, seat, mean) - hand_value(before, seat, mean))
    values = after.final_values()
    for card, owner in after.protected.items():
        if owner == seat and card not in before.protected and card in after.rows[seat]:
            weight = PROTECT_WEIGHT if threatened(after, seat, card) else PROTECT_WEIGHT / 10
            value += weight * values.get(card, 0)
    return value


class GreedyBot:
    name = "greedy"
    weigh_stone = True  # False: the stone judged by the margin alone (the first greedy)

    def __init__(self, seed: int | None = None, rng: random.Random | None = None) -> None:
        self.rng = rng or random.Random(seed)

    def step(self, state: ScandaroonState) -> int:
        seat = state.current_player()
        base = margin(state, seat)
        best_value, best = -math.inf, []
        for action in state.legal_actions():
            value = self._value_after(state, state, seat, action)
            if value > best_value + 1e-9:
                best_value, best = value, [action]
            elif abs(value - best_value) <= 1e-9:
                best.append(action)
        if state.pending() is None and best_value <= base + 1e-9:
            return state.game.actions.PASS  # nothing improves the margin: pass (and be protected)
        return self.rng.choice(best)

    def _value_after(self, origin: ScandaroonState, state: ScandaroonState, seat: int,
                     action: int) -> float:
        """The value after `action` from `state` and the best of the own follow-ups, the
        stone weighed against `origin` (the state the bot is to move in)."""
        twin = state.clone(keep_log=False)
        twin.apply_action_unchecked(action)
        if twin.current_player() == seat and twin.pending() is not None:
            return max(self._value_after(origin, twin, seat, a) for a in twin.legal_actions())
        extra = stone_value(origin, twin, seat) if self.weigh_stone else 0.0
        return margin(twin, seat) + extra


def _search_bot(seed: int | None = None) -> Bot[ScandaroonState]:
    from solver.cardgames.scandaroon.search import SearchBot

    return SearchBot(seed)


BOTS: dict[str, MakeBot[ScandaroonState]] = {
    "random": RandomBot, "greedy": GreedyBot, "search": _search_bot}


def make_bot(name: str, seed: int) -> Bot[ScandaroonState]:
    from solver.core.errors import BadInput, suggest

    if name not in BOTS:
        raise BadInput(f"unknown bot {name!r}; {suggest(name, list(BOTS))}")
    return BOTS[name](seed)
