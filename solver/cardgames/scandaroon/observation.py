"""What a player sees, as text: the table everybody sees (`public_string`), the
observation (the table and the own hand) and the perfect-recall information state (the
public history, with the cards that others drew hidden, then the observation)."""

from __future__ import annotations

from solver.cardgames.api import Observer
from solver.cardgames.scandaroon.state import CHOOSE_START, DRAW, REVEAL_TRUMP, ROUNDS, ScandaroonState
from solver.cardgames.scandaroon.symbols import NO_TRUMP


class ScandaroonObserver(Observer):
    def string_from(self, state: ScandaroonState, player: int) -> str:
        if self.perfect_recall:
            return information_state_string(state, player)
        return observation_string(state, player)


def information_state_string(state: ScandaroonState, player: int) -> str:
    """The public history (cards drawn by others hidden), the table and own hand."""
    name = state.game.card_name
    moves = []
    for action, (kind, seat) in zip(state._history, state._seen, strict=True):
        if kind == DRAW:
            moves.append(f"P{seat} draws " + (name(action) if seat == player else "a card"))
        elif kind == REVEAL_TRUMP:
            moves.append(f"trump card {state.game.symbols.symbols[action].name}")
        elif kind == CHOOSE_START:
            moves.append(f"P{action} starts")
        else:
            moves.append(f"P{seat}: {state.action_to_string(seat, action)}")
    return "history: " + "; ".join(moves) + "\n" + observation_string(state, player)


def observation_string(state: ScandaroonState, player: int) -> str:
    """The table (public_string) and the own hand."""
    name = state.game.card_name
    return (public_string(state) + f"\nyour hand (P{player}): "
            + ", ".join(name(c) for c in sorted(state.hands[player])))


def public_string(state: ScandaroonState) -> str:
    """What everybody sees: round, trump, pile sizes, each player's score, VP, hand size,
    scoring pile, flags and row, and whose choice is open."""
    name = state.game.card_name
    final = state.final_values()
    scores = state.scores
    vps = state.total_vp()
    piles = state.pile_totals()
    lines = [f"round {state.round}/{ROUNDS}  trump: {state.trump or NO_TRUMP}"
             f"  draw pile: {len(state.draw_pile)}  discard pile: {len(state.discard)}"]
    for s in range(state.game.players):
        cards = []
        for c in state.rows[s]:
            mark = "*" if c in state.protected else ""
            cards.append(f"{name(c)}{mark}={final[c]}")
        flags = []
        if state.passed[s]:
            flags.append("passed")
        if state.stone_used[s]:
            flags.append("stone used")
        lines.append(
            f"P{s}: score {scores[s]:>3}  VP {vps[s]:>2}  hand {len(state.hands[s])}  "
            f"pile {piles[s]:>2}  {' '.join(flags)}\n    row: "
            + (" | ".join(cards) if cards else "(empty)"))
    if state.pending_action:
        p = state.pending_action
        lines.append(f"P{p.seat} is choosing for {p.kind} {name(p.source)}"
                     + (f" ({p.effect})" if p.effect else ""))
    return "\n".join(lines)
