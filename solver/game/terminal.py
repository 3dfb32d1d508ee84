"""A person plays the whole game against bots, line by line, on 80×24; input and output are
functions (`read`, `write`) so that tests and click's runner can drive the loop.

The screen shows only what the rulebook lets a player see: the board, the scores, the other
hands' sizes, the back of each pile's top card, the cards played; the person's own hand with
each card's verdict. The bots' moves are told as they could be seen at a table.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from solver.core import names
from solver.core.vocabulary import ABBREVIATIONS
from solver.game.actions import Action, Decline, Discard, Draw, IllegalAction, Pass, Pick, Play, Stop
from solver.game.bots import BOTS, Bot
from solver.game.game import Back, Game
from solver.game.state import State, Step
from solver.table import wording
from solver.table.state import REMOVE

WIDTH = 80
LOG_LINES = 4

Read = Callable[[str], str]
Write = Callable[[str], object]


def short_location(location: str) -> str:
    """Five letters tell every location apart (Oberh and Oberm)."""
    return location[:5]


def short_pile(name: str) -> str:
    """A pile's name in the piles' line: blue, yell, loc1, C 1."""
    words = name.split()
    return words[0][:3] + words[1] if len(words) == 2 and len(words[0]) > 1 else name[:4]


def board_lines(state: State) -> list[str]:
    """The board, one district a line: each location's tile (in capitals) or markers."""
    table = state.table
    lines = []
    for district, locations in names.DISTRICTS.items():
        cells = []
        for location in locations:
            tile = table.tile_at(location)
            markers = ",".join(ABBREVIATIONS[d] for d in table.markers_at(location))
            here = f"[{ABBREVIATIONS[tile]}]" if tile else markers
            cells.append(f"{short_location(location)}:{here or '-'}")
        lines.append(f"{district} " + " ".join(cells))
    return [line[:WIDTH] for line in lines]


def back_text(back: Back, short: bool = False) -> str:
    """What the back of a card shows: a delict, a group (by its colour), or a location; `short`
    for the piles' line (DON, blue, Kirn)."""
    if not short:
        return back.shows
    if back.shows in ABBREVIATIONS:
        return ABBREVIATIONS[back.shows]
    return short_location(back.shows) if back.colour is None else "group"


def action_text(state: State, action: Action) -> str:
    """A legal action as the prompt lists it."""
    match action:
        case Play(card, choice) if card == REMOVE and choice:
            delict, location = choice.split("@")
            return f"remove {ABBREVIATIONS[delict]} {short_location(location)}"
        case Play(card, choice):
            return wording.played_as(f"card {card}", choice)
        case Pass():
            return "pass" if not state.table.cards_this_turn else "end the turn"
        case Discard(card):
            return f"discard card {card}"
        case Decline():
            return "no STOP" if state.step is Step.STOP else "no (more) discards"
        case Draw(pile):
            top = state.piles[pile][-1]
            return f"draw from {pile} ({back_text(state.game.backs[top])})"
        case Pick(pile, depth):
            number = list(reversed(state.piles[pile]))[depth]
            return f"pick {pile} #{depth + 1} ({back_text(state.game.backs[number])})"
        case Stop(taker):
            return f"STOP: {taker} takes the markers"
    return str(action)


def seen_move(state: State, action: Action, player: str) -> str:
    """A seat's move, as the table sees it (a draw shows its pile, a discard not its card);
    `player` is a name, or "you"."""
    def says(verb: str) -> str:  # "Anna plays", "you play"
        return f"{player} {verb}" if player == "you" else f"{player} {verb}s" if not verb.endswith("s") \
            else f"{player} {verb}es"

    match action:
        case Play(card, choice):
            label = "Remove one marker" if card == REMOVE else f"card {card}"
            return f"{says('play')} {wording.played_as(label, choice)}"
        case Discard():
            return f"{says('discard')} a card"
        case Draw(pile) | Pick(pile, _):
            return f"{says('draw')} from {pile}"
        case Pass():
            return says("pass")
        case Stop(taker):
            return f"{'you call' if taker == player == 'you' else taker + ' calls'} STOP"
    return ""


def logged(log: list[str], subject: str, seen: str) -> None:
    """Add a seen move to the log, on the line of the same seat's previous move while it fits
    ("Anna plays card 12, draws from blue"), so that a whole turn stays in view."""
    if not seen:
        return
    rest = seen.removeprefix(subject + " ")
    if log and log[-1].startswith(subject + " ") and len(log[-1]) + 2 + len(rest) <= WIDTH:
        log[-1] += ", " + rest
    else:
        log.append(seen)


def screen(state: State, you: str, log: Sequence[str]) -> str:
    """What the person sees before a choice: scores, board, piles, hands, the log, their hand."""
    table = state.table
    scores = "  ".join(f"{'>' if p == state.mover else ' '}{p} {table.scores[p]} ({state.hand_size(p)} cards)"
                       for p in state.game.players)
    piles = "piles: " + " ".join(f"{short_pile(name)} {len(cards)}:{back_text(state.game.backs[cards[-1]], short=True)}"
                                 for name, cards in state.piles.items() if cards)
    lines = [scores[:WIDTH], *board_lines(state), piles[:WIDTH], *[line[:WIDTH] for line in log[-LOG_LINES:]]]
    hand = state.hands[you]
    verdicts = {play.card: play for play in state.ranked_plays()} if state.mover == you else {}
    for index, number in enumerate(hand):
        found = verdicts.get(index)
        mark = f"+{found.verdict.points}" if found else "-"
        lines.append(f"  {number:>2} {mark:>3} {state.clue(number).sentence()}"[:WIDTH])
    if state.holds_remove(you):
        lines.append("  Remove one marker (rule 6)")
    return "\n".join(lines)


def wrapped(items: list[str]) -> str:
    """Items side by side, two spaces apart, in lines of at most WIDTH characters."""
    lines = [""]
    for item in items:
        item = item[:WIDTH]
        if lines[-1] and len(lines[-1]) + 2 + len(item) > WIDTH:
            lines.append("")
        lines[-1] += ("  " if lines[-1] else "") + item
    return "\n".join(lines)


def choose(actions: list[Action], state: State, read: Read, write: Write) -> Action | None:
    """The person's choice by its number; None to quit."""
    points = {state._play_action(found): found.verdict.points for found in state.ranked_plays()} \
        if state.step is Step.PLAY else {}
    write(wrapped([f"{index}) {action_text(state, action)}" + (f" +{points[action]}" if action in points else "")
                   for index, action in enumerate(actions, 1)]))
    while True:
        answer = read("your choice (number, q to quit):").strip().lower()
        if answer in ("q", "quit"):
            return None
        if answer.isdigit() and 1 <= int(answer) <= len(actions):
            return actions[int(answer) - 1]
        write(f"type a number from 1 to {len(actions)}, or q")


def play_in_terminal(game: Game, seat: int, bot_names: Sequence[str], seed: int, read: Read, write: Write) -> State:
    """Play one game: the person at `seat` (0-based), bots at the other seats, until it ends or the
    person quits. Returns the state (its table can be saved as a state file)."""
    you = game.players[seat]
    bots: dict[str, Bot] = {player: BOTS[name](seed + index)
                            for index, (player, name) in enumerate(zip(game.players, bot_names, strict=True))
                            if player != you}
    state = game.new_initial_state(seed)
    log: list[str] = []
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.sample_chance())
            continue
        player = state.mover
        if player != you:
            action = bots[player](state)
            logged(log, player, seen_move(state, action, player))
            state.apply_action(action)
            continue
        write(screen(state, you, log))
        chosen = choose(state.legal_actions(), state, read, write)
        if chosen is None:
            state.halt(f"{you} stopped the game")
            break
        try:
            state.apply_action(chosen)
        except IllegalAction as refused:  # a listed action is legal; this would be a bug to report
            write(f"refused: {refused.reason}")
        logged(log, "you", seen_move(state, chosen, "you"))
    scores = ", ".join(f"{p} {state.table.scores[p]}" for p in game.players)
    write(f"game over ({state.end_reason()}): {wording.winners(state.winners())}; {scores}")
    return state
