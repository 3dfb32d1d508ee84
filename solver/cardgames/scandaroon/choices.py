"""Pending choices: an action that the same player still has to complete.

Using an ability (a target, two cards to swap, a new trump) or the action stone (its
effect, then a target, or the cards to exchange followed by `done`) opens a `Pending`
choice; while it is open only its follow-up actions are legal. The functions here say
which follow-ups there are and whether a choice can still be carried through, so that
no action is offered that would leave the player stuck. The state applies them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING

from solver.cardgames.scandaroon.actions import TARGET, TRUMP
from solver.cardgames.scandaroon.symbols import STONE_EFFECTS

if TYPE_CHECKING:
    from solver.cardgames.scandaroon.state import ScandaroonState

EXCHANGE_MAX = 3  # star: "up to 3 of their hand cards"


class ChoiceKind(StrEnum):
    ABILITY = "ability"  # the ability of a card in the own row
    STONE = "stone"  # the action stone


ABILITY, STONE = ChoiceKind.ABILITY, ChoiceKind.STONE


@dataclass
class Pending:
    """An action in progress: the same player still has to choose."""

    kind: ChoiceKind
    seat: int
    source: int  # the ability card, or the card discarded for the action stone
    effect: str | None = None  # stone effect once chosen
    chosen: list[int] = field(default_factory=list)

    def copy(self) -> Pending:
        return Pending(self.kind, self.seat, self.source, self.effect, list(self.chosen))


def targetable_rows(state: ScandaroonState, seat: int, scope: str) -> list[int]:
    """Rows an ability or action stone of `seat` may reach: passed players' rows are
    immune (rulebook, "4. Pass")."""
    rows = []
    passed = state.passed
    for r in range(state.game.players):
        if passed[r] and r != seat:
            continue
        if (scope == "own" and r != seat) or (scope == "others" and r == seat):
            continue
        rows.append(r)
    return rows


def cards_in(state: ScandaroonState, rows: list[int], exclude: tuple[int, ...] = ()) -> list[int]:
    """The unprotected cards of these rows, without `exclude`."""
    protected = state.protected
    return [c for r in rows for c in state.rows[r] if c not in exclude and c not in protected]


def step_options(state: ScandaroonState, p: Pending) -> list[int]:
    """Follow-up actions for the next step of `p`; [] when there is none to take."""
    game = state.game
    acts = game.actions
    if p.kind == STONE and p.effect is None:
        return [acts.EFFECT + STONE_EFFECTS.index(e)
                for e in feasible_stone_effects(state, p.seat, p.source)]
    if p.kind == STONE:
        return [acts.TARGET + c for c in stone_targets(state, p)] + (
            [acts.DONE] if p.effect == "exchange" else [])
    ability = game.deck[p.source].ability
    if ability.kind in ("remove", "strengthen"):
        deck = game.deck
        return [acts.TARGET + c
                for c in cards_in(state, targetable_rows(state, p.seat, ability.scope), (p.source,))
                if ability.match.accepts(deck[c])]
    if ability.kind == "swap":
        own_only = not p.chosen or ability.scope == "own"
        rows = [p.seat] if own_only else targetable_rows(state, p.seat, "others")
        return [acts.TARGET + c for c in cards_in(state, rows, (p.source, *p.chosen))]
    if ability.kind == "trump":
        options = [acts.TRUMP + i for i, s in enumerate(game.symbols.names) if s != state.trump]
        if state.trump is not None:
            options.append(acts.TRUMP + acts.symbols)
        return options
    return []


def steps_needed(state: ScandaroonState, p: Pending) -> int:
    if p.kind == STONE:
        if p.effect is None:
            return 1
        return {"scoring-pile": 0, "exchange": 1, "protect": 1, "steal": 1}[p.effect]
    kind = state.game.deck[p.source].ability.kind
    return {"remove": 1, "strengthen": 1, "swap": 2, "trump": 1, "draw": 0}[kind]


def steps_left(state: ScandaroonState, p: Pending) -> bool:
    if p.kind == STONE and p.effect in (None, "exchange"):
        return True  # the effect is still to choose, or exchanging ends with `done`
    return len(p.chosen) < steps_needed(state, p)


def complete(state: ScandaroonState, p: Pending) -> bool:
    """Whether the choice `p` can be carried through to the end."""
    if p.kind == STONE and p.effect is None:
        return bool(step_options(state, p))
    if p.kind == STONE and p.effect in ("scoring-pile", "exchange"):
        return True
    if len(p.chosen) >= steps_needed(state, p):
        return True
    decode = state.game.actions.decode
    for option in step_options(state, p):
        kind, a, _ = decode(option)
        chosen = a if kind in (TARGET, TRUMP) else None
        if complete(state, Pending(p.kind, p.seat, p.source, p.effect, [*p.chosen, chosen])):
            return True
    return False


def feasible_stone_effects(state: ScandaroonState, seat: int, card: int) -> list[str]:
    """The stone effects of `card` that `seat` could carry out now."""
    feasible = []
    for effect in state.game.symbols.stone_effects_of(state.game.deck[card].symbols):
        if complete(state, Pending(STONE, seat, card, effect)):
            feasible.append(effect)
    return feasible


def stone_targets(state: ScandaroonState, p: Pending) -> list[int]:
    if p.effect == "exchange":
        limit = min(EXCHANGE_MAX, len(state.draw_pile))
        if len(p.chosen) >= limit:
            return []
        return [c for c in state.hands[p.seat] if c not in p.chosen and c != p.source]
    rows = targetable_rows(state, p.seat, "any")
    if p.effect == "protect":
        return cards_in(state, rows, (p.source,))
    if p.effect == "steal":
        deck = state.game.deck
        limit = deck[p.source].value
        return [c for c in cards_in(state, rows, (p.source,)) if deck[c].value <= limit]
    return []


def options(state: ScandaroonState) -> list[int]:
    """The legal follow-ups of the open choice: only those after which it can still be
    completed."""
    p = state.pending_action
    if p is None:
        return []
    decode = state.game.actions.decode
    result = []
    for option in step_options(state, p):
        kind, a, _ = decode(option)
        if (kind in (TARGET, TRUMP) and p.kind == ABILITY
                and not complete(state, Pending(p.kind, p.seat, p.source, None, [*p.chosen, a]))):
            continue
        result.append(option)
    return result


def refusal(state: ScandaroonState) -> str:
    """Why anything but a follow-up of the open choice is refused."""
    p = state.pending_action
    name = state.game.card_name
    what = (f"the ability of {name(p.source)}" if p.kind == ABILITY
            else f"the action stone ({p.effect or 'choose its effect'})")
    listed = ", ".join(state.action_to_string(p.seat, o) for o in options(state))
    return f"finish {what} first; choose one of: {listed}"
