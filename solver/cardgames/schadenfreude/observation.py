"""What a player sees: the observation (scores, piles, own hand, this round's tricks)
and the perfect-recall information state (plus every public event since the start,
with the cards dealt to others hidden)."""

from __future__ import annotations

from solver.cardgames.api import Observer
from solver.cardgames.schadenfreude import scoring
from solver.cardgames.schadenfreude.cards import cards_of
from solver.cardgames.schadenfreude.state import EV_DEAL, EV_LEAD, PLAY, SchadenfreudeState


class SchadenfreudeObserver(Observer):
    def string_from(self, state: SchadenfreudeState, player: int) -> str:
        if self.perfect_recall:
            return information_state_string(state, player)
        return observation_string(state, player)


def observation_string(state: SchadenfreudeState, player: int) -> str:
    """What `player` sees now: scores, score piles, own hand, this round's tricks."""
    names = state.game.card_names
    lines = [
        f"seat {player}; round {state.round}; scores {state.scores}",
        "hand: " + " ".join(names(cards_of(state.hands[player]))),
        "piles: " + "; ".join(
            f"{seat}:{scoring.pile_values(pile)}" for seat, pile in enumerate(state.piles)
        ),
        "tricks: " + " | ".join(
            f"{t.leader}:{' '.join(names(t.cards))}>{t.winner}" for t in state.tricks
        ),
        f"trick: {' '.join(names(state.trick))}"
        + (f" (led by {state.leader})" if state.phase == PLAY else ""),
    ]
    return "\n".join(lines)


def information_state_string(state: SchadenfreudeState, player: int) -> str:
    """Perfect recall: every public event since the start plus the cards dealt to
    `player` (cards dealt to others show as '?')."""
    name = state.game.card_name
    events = []
    for kind, seat, card in state._events:
        if kind == EV_LEAD:
            events.append(f"L{seat}")
        elif kind == EV_DEAL:
            events.append(name(card) if seat == player else "?")
        else:
            events.append(f"{seat}:{name(card)}")
    return observation_string(state, player) + "\nhistory: " + " ".join(events)
