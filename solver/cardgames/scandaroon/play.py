"""The terminal game loop: a person against bots, reading moves from an input function."""

from __future__ import annotations

from collections.abc import Callable

from solver.cardgames.api import IllegalAction
from solver.cardgames.scandaroon.observation import public_string


def describe_state(state, seat: int) -> str:
    lines = [public_string(state)]
    final = state.final_values()
    hand = sorted(state.hands[seat])
    lines.append(f"your hand (P{seat}): " + (", ".join(state.game.deck[c].describe() for c in hand)
                                             if hand else "(empty)"))
    lines.append("in play: " + "; ".join(
        f"{state.game.card_name(c)} {final[c]}" for row in state.rows for c in row) if any(state.rows)
        else "in play: (nothing)")
    return "\n".join(lines)


def parse_move(state, seat: int, text: str, legal: list[int]) -> int | str:
    """An action int, or a message explaining why the text is not a move."""
    text = text.strip()
    if text.isdigit():
        index = int(text)
        if 1 <= index <= len(legal):
            return legal[index - 1]
        return f"no menu entry {index}; choose 1..{len(legal)}"
    action = state.string_to_action(seat, text)
    if action is None:
        return (f"cannot read {text!r}; type a menu number or e.g. 'play <card>', "
                "'play <card> to P1', 'use <card>', 'stone <card>', 'target <card>', 'pass'")
    return action


def run_play(state, seat: int, bots: list, rng, read: Callable[[str], str],
             write: Callable[[str], None]) -> list[int]:
    """Play to the end; returns the winners. `read` gets a prompt and returns a line."""
    shown = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.resolve_chance(rng)
            continue
        for line in state.log[shown:]:
            write(line)
        shown = len(state.log)
        player = state.current_player()
        if player != seat:
            state.apply_action(bots[player].step(state))
            continue
        legal = state.legal_actions()
        write(describe_state(state, seat))
        write("your move:")
        for i, action in enumerate(legal, start=1):
            write(f"  {i:>2}. {state.action_to_string(seat, action)}")
        while True:
            text = read(">").strip()
            if text.lower() in ("quit", "exit"):
                write("game abandoned")
                return []
            if text.lower() in ("help", "?", ""):
                for i, action in enumerate(legal, start=1):
                    write(f"  {i:>2}. {state.action_to_string(seat, action)}")
                continue
            move = parse_move(state, seat, text, legal)
            if isinstance(move, str):
                write(f"refused: {move}")
                continue
            try:
                state.apply_action(move)
            except IllegalAction as error:
                write(f"refused: {error.reason}")
                continue
            break
    for line in state.log[shown:]:
        write(line)
    winners = state.game_winners()
    write(f"final VP: {state.total_vp()} (rank track {state.rank_track}, "
          f"scoring piles {state.pile_totals()})")
    write("winner: " + ", ".join(f"P{w}" + (" (you)" if w == seat else "") for w in winners)
          + (" (draw)" if len(winners) > 1 else ""))
    return winners
