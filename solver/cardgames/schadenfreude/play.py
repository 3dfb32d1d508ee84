"""A person plays against bots, line by line; input and output are functions so that
tests (and click's CliRunner) can drive the loop."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable

from solver.cardgames.api import IllegalAction
from solver.cardgames.schadenfreude import scoring
from solver.cardgames.schadenfreude.bots import BOTS
from solver.cardgames.schadenfreude.cards import JESTER_10, Notation, cards_of
from solver.cardgames.schadenfreude.game import SchadenfreudeGame
from solver.cardgames.schadenfreude.state import SchadenfreudeState, TrickRecord
from solver.cardgames.terminal import keep_together, wrap_all
from solver.core.errors import BadInput


def help_text(notation: Notation) -> str:
    """How to answer the prompt, with example cards in the game's notation."""
    example = notation.card_name(9)  # the 7 of the first suit: r7 or c7
    jester = notation.label(JESTER_10)
    return (f"Type a card from your hand as it is shown (e.g. {example} or {jester}), "
            "'hand' to show it again, 'quit' to stop")


def player_name(seat: int) -> str:
    """A seat as people count it: seat 0 is player 1."""
    return f"player {seat + 1}"


def _verb(name: str, verb: str) -> str:
    """`name` with `verb` agreeing: 'you take', 'player 2 takes'."""
    return f"{name} {verb}" if name == "you" else f"{name} {verb}s"


def _card(state: SchadenfreudeState, card: int) -> str:
    """A card as a person reads it, kept on one line ('10 Jester')."""
    return keep_together(state.game.card_label(card))


def _cards(state: SchadenfreudeState, cards: Iterable[int]) -> str:
    return ", ".join(_card(state, card) for card in cards)


def render(state: SchadenfreudeState, seat: int, names: list[str]) -> str:
    """Score area, trick area and hand of `seat`."""
    players = state.game.players
    lines = ["", f"== round {state.round} ==  score area:"]
    for player in range(players):
        notation = state.game.notation
        values = " ".join(notation.value_name(v) for v in scoring.pile_values(state.piles[player]))
        pile = f"{values} = {scoring.pile_points(state.piles[player])}" if values else "(empty)"
        lines.append(f"  {names[player]:10} score {state.scores[player]:>3}   pile {pile}")
    if state.tricks:
        last = state.tricks[-1]
        lines.append(f"last trick: {_cards(state, last.cards)} -> "
                     f"{_verb(names[last.winner], 'take')} {_cards(state, last.taken)}")
    played = [f"{names[(state.trick_leader + i) % players]}: {_card(state, card)}"
              for i, card in enumerate(state.trick)]
    lines.append("trick: " + (", ".join(played) if played else "(you lead)"))
    lines.append("your hand: " + _cards(state, cards_of(state.hands[seat])))
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
    """Play until the game ends or the person quits (`quit`, or the end of the input:
    `read` raises EOFError); returns the state. Every line written fits 80 columns
    (long ones are wrapped between words)."""

    def say(text: str) -> None:
        write(wrap_all(text))

    rng = random.Random(seed)
    state = state or SchadenfreudeGame(players, notation).new_initial_state()
    bots = {p: BOTS[bot_name](seed=rng.randrange(2**31)) for p in range(players) if p != seat}
    names = ["you" if p == seat else player_name(p) for p in range(players)]
    say(f"Schadenfreude, {players} players; you are {player_name(seat)}, "
        f"the others are {bot_name} bots. {help_text(state.game.notation)}.")
    while not state.is_terminal():
        if state.is_chance_node():
            state.resolve_chance(rng)
            if not state.tricks and not state.trick:
                say(leader_line(state, names))
            continue
        player = state.current_player()
        if player != seat:
            card = bots[player].step(state)
            say(f"{names[player]} plays {_card(state, card)}")
            _apply_and_report(state, card, names, say)
            continue
        if not _person_turn(state, seat, names, read, say):
            say("game abandoned")
            return state
    best = state.winner()
    rounds = state.rounds_played()
    say(f"game over after {rounds} round{'' if rounds == 1 else 's'}; scores {_by_player(state.scores, names)}")
    say("nobody wins" if best is None else f"winner: {names[best]}")
    return state


def leader_line(state: SchadenfreudeState, names: list[str]) -> str:
    """Who leads the round that starts, and why (the rulebook's next-leader rule):
    'player 3 leads the first trick.', 'player 2 leads round 2 (the lowest score).'"""
    leader = _verb(names[state.trick_leader], "lead")
    if state.round == 1:
        return f"{leader} the first trick."
    scores = state.scores
    if scoring.next_leader(scores) is None:
        why = "drawn by lot: every score is shared"
    elif scores[state.trick_leader] == min(scores):
        why = "the lowest score"
    else:
        why = "the lowest score not shared; tied lower scores are passed over"
    return f"{leader} round {state.round} ({why})."


def _person_turn(state: SchadenfreudeState, seat: int, names: list[str], read: Callable[[str], str],
                 say: Callable[[str], None]) -> bool:
    """Read cards until one is played; False when the person quits instead."""
    help_line = help_text(state.game.notation)
    say(render(state, seat, names))
    while True:
        try:
            text = read("your card:").strip()
        except EOFError:
            return False
        if text in ("quit", "q"):
            return False
        if text in ("hand", "", "?", "help"):
            say(render(state, seat, names) if text == "hand" else help_line)
            continue
        try:
            _apply_and_report(state, state.game.notation.parse(text), names, say)
            return True
        except BadInput as error:
            say(f"refused: {error}")
        except IllegalAction as error:
            say(f"refused: {error.reason}")


def _apply_and_report(
    state: SchadenfreudeState, card: int, names: list[str], write: Callable[[str], None]
) -> None:
    tricks, rounds = len(state.tricks), state.rounds_played()
    state.apply_action(card)  # checked
    if state.rounds_played() > rounds:  # the round's last trick was played
        _report_trick(state, state.last_round_tricks[-1], names, write)
        write(f"-- round {rounds + 1} over; points this round: {_by_player(state.last_round_points, names)}")
        write(f"   scores: {_by_player(state.score_log[-1], names)}")
    elif len(state.tricks) > tricks:
        _report_trick(state, state.tricks[-1], names, write)


def _report_trick(state: SchadenfreudeState, done: TrickRecord, names: list[str],
                  write: Callable[[str], None]) -> None:
    name = names[done.winner]
    write(f"   {_verb(name, 'win')} the trick and {'take' if name == 'you' else 'takes'} "
          f"{_cards(state, done.taken)}")


def _by_player(values: Iterable[int], names: list[str]) -> str:
    """'you 7, player 2 12, player 3 0', each player and number kept on one line."""
    return ", ".join(keep_together(f"{name} {value}") for name, value in zip(names, values, strict=True))
