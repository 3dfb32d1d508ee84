"""A person plays against bots, line by line; input and output are functions so that
tests (and click's CliRunner) can drive the loop."""

from __future__ import annotations

import random
from collections.abc import Callable

from solver.cardgames.api import IllegalAction
from solver.cardgames.schadenfreude import scoring
from solver.cardgames.schadenfreude.bots import BOTS
from solver.cardgames.schadenfreude.cards import cards_of
from solver.cardgames.schadenfreude.game import SchadenfreudeGame
from solver.cardgames.schadenfreude.state import SchadenfreudeState
from solver.core.errors import BadInput

HELP = "type a card from your hand (e.g. r7), 'hand' to show it again, 'quit' to stop"


def render(state: SchadenfreudeState, seat: int, names: list[str]) -> str:
    """Score area, trick area and hand of `seat`."""
    card_names = state.game.card_names
    players = state.game.players
    lines = ["", f"== round {state.round} ==  score area:"]
    for player in range(players):
        pile = scoring.pile_values(state.piles[player])
        lines.append(
            f"  {names[player]:10} score {state.scores[player]:>3}   pile {pile} "
            f"= {scoring.pile_points(state.piles[player])}"
        )
    if state.tricks:
        last = state.tricks[-1]
        lines.append(f"last trick: {' '.join(card_names(last.cards))} -> {names[last.winner]} "
                     f"takes {' '.join(card_names(last.taken))}")
    played = [f"{names[(state.leader + i) % players]}: {name}"
              for i, name in enumerate(card_names(state.trick))]
    lines.append("trick: " + (", ".join(played) if played else "(you lead)"))
    lines.append("your hand: " + " ".join(card_names(cards_of(state.hands[seat]))))
    return "\n".join(lines)


def play_game(
    players: int,
    seat: int,
    bot_name: str,
    read: Callable[[str], str],
    write: Callable[[str], None],
    seed: int | None = None,
    notation: str = "standard",
    state: SchadenfreudeState | None = None,
) -> SchadenfreudeState:
    """Play until the game ends or the person types quit; returns the state."""
    rng = random.Random(seed)
    state = state or SchadenfreudeGame(players, notation).new_initial_state()
    bots = {p: BOTS[bot_name](seed=rng.randrange(2**31)) for p in range(players) if p != seat}
    names = ["you" if p == seat else f"{bot_name}{p}" for p in range(players)]
    write(f"Schadenfreude, {players} players; you are seat {seat}. {HELP}.")
    while not state.is_terminal():
        if state.is_chance_node():
            before = state.round
            state.resolve_chance(rng)
            if state.round == before == 1 and not state.tricks:
                write(f"{names[state.leader]} lead(s) the first trick.")
            continue
        player = state.current_player()
        if player != seat:
            card = bots[player].step(state)
            write(f"{names[player]} plays {state.game.card_name(card)}")
            _apply_and_report(state, card, names, write)
            continue
        write(render(state, seat, names))
        while True:
            text = read("your card:").strip()
            if text in ("quit", "q"):
                write("game abandoned")
                return state
            if text in ("hand", "", "?", "help"):
                write(render(state, seat, names) if text == "hand" else HELP)
                continue
            try:
                card = state.game.notation.parse(text)
                _apply_and_report(state, card, names, write)
                break
            except BadInput as error:
                write(f"refused: {error}")
            except IllegalAction as error:
                write(f"refused: {error.reason}")
    best = state.winner()
    write(f"game over after {state.rounds_played()} rounds; scores "
          + ", ".join(f"{names[p]} {state.scores[p]}" for p in range(players)))
    write("nobody wins" if best is None else f"winner: {names[best]}")
    return state


def _apply_and_report(state, card, names, write) -> None:
    tricks, rounds = len(state.tricks), state.rounds_played()
    state.apply_action(card)  # checked
    if state.rounds_played() > rounds:
        last = state.score_log[-1]
        write(f"-- round over: points {state.last_round_points}, scores {last}")
    elif len(state.tricks) > tricks:
        done = state.tricks[-1]
        write(f"   {names[done.winner]} win(s) the trick and take(s) "
              f"{' '.join(state.game.card_names(done.taken))}")
