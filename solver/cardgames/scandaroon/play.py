"""The terminal game loop: a person against bots, reading moves from an input function."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from solver.cardgames.api import IllegalAction
from solver.cardgames.bots import Bot
from solver.cardgames.scandaroon.actions import (
    ABILITY,
    DONE,
    EFFECT,
    PASS,
    PLAY,
    STONE,
    TARGET,
    TRUMP,
    seat_name,
)
from solver.cardgames.scandaroon.observation import pending_line
from solver.cardgames.scandaroon.state import ScandaroonState
from solver.cardgames.scandaroon.symbols import NO_TRUMP
from solver.cardgames.terminal import WIDTH, wrap_all
from solver.cardgames.terminal import wrap as _wrap

HEIGHT = 24  # the screen is laid out for an 80x24 terminal (WIDTH columns)


def earned_and_provisional(state: ScandaroonState) -> list[tuple[int, int]]:
    """Per player: VP already earned (rank track, no-trump marker) and VP that would be
    awarded if the game ended now (scoring pile, highest score)."""
    return [(b["rank"] + b["no_trump"], b["scoring_pile"] + b["highest_score"])
            for b in state.vp_breakdown()]


def board_lines(state: ScandaroonState, seat: int) -> list[str]:
    """The table: round, trump, piles, then per player one line and their row."""
    name = state.game.card_name
    final = state.final_values()
    scores = state.scores
    piles = state.pile_totals()
    vp = earned_and_provisional(state)
    lines = [f"round {state.round}/{state.game.rounds}  trump: {state.trump or NO_TRUMP}  "
             f"draw pile {len(state.draw_pile)}  discard pile {len(state.discard)}"]
    for s in range(state.game.players):
        flags = [f for f, on in (("passed", state.passed[s]), ("stone used", state.stone_used[s])) if on]
        who = seat_name(s) + (" (you)" if s == seat else "")
        earned, provisional = vp[s]
        lines.append(f"{who:8} score {scores[s]:>3}  VP {earned:>2} +{provisional} provisional  "
                     f"hand {len(state.hands[s])}  pile {piles[s]:>2}  " + ", ".join(flags))
        row = " | ".join(f"{name(c)}{'*' if c in state.protected else ''}={final[c]}"
                         for c in state.rows[s])
        lines.extend(_wrap("    row: " + (row or "(empty)"), "         "))
    if state.pending_action:
        lines.extend(_wrap(pending_line(state, state.pending_action)))
    return [line.rstrip() for line in lines]


def _pack(head: str, entries: Sequence[str], indent: str, gap: str = "   ") -> list[str]:
    """`head` then the entries, as many per line as fit in WIDTH - 1 columns (an entry
    is never broken); continuation lines start with `indent`."""
    lines: list[str] = []
    line, fresh = head, True
    for entry in entries:
        joined = line + ("" if fresh else gap) + entry
        if fresh or len(joined) <= WIDTH - 1:
            line, fresh = joined, False
        else:
            lines.append(line)
            line = indent + entry
    lines.append(line)
    return lines


def hand_lines(state: ScandaroonState, seat: int, short: bool = False) -> list[str]:
    """The person's hand: every card described in full, or (`short`) name, value and
    symbols with '*' on cards that have an effect or ability ('cards' shows them)."""
    deck = state.game.deck
    hand = sorted(state.hands[seat])
    if not hand:
        return [f"your hand ({seat_name(seat)}): (empty)"]
    if not short:
        return _wrap(f"your hand ({seat_name(seat)}): " + "; ".join(deck[c].describe() for c in hand))
    entries = []
    for c in hand:
        card = deck[c]
        mark = "*" if card.effect or card.ability else ""
        end = " END" if card.end else ""
        entries.append(f"{card.name}{mark} [{card.value} {'+'.join(card.symbols) or '-'}{end}]")
    lines = _pack(f"your hand ({seat_name(seat)}): ", entries, "    ", gap="; ")
    if any(deck[c].effect or deck[c].ability for c in hand):
        lines.append("    (* effect or ability: type 'cards' to read them)")
    return lines


# Menu keys stay the same from turn to turn: a letter for the kind of action and the
# card's number in the deck (as `scandaroon deck` lists it), so 'p22' always plays the
# Pirate into your row, 'p22>2' onto the row of P2 and 's22' discards it for the stone.
KEY_LETTERS = {PLAY: "p", ABILITY: "u", STONE: "s", TARGET: "t", TRUMP: "r", EFFECT: "e"}
PASS_KEY, DONE_KEY = "0", "d"


def action_key(state: ScandaroonState, seat: int, action: int) -> str:
    """The menu key of `action` for the player at `seat`, the same on every turn."""
    kind, a, b = state.game.actions.decode(action)
    if kind == PASS:
        return PASS_KEY
    if kind == DONE:
        return DONE_KEY
    if kind == PLAY:
        return f"p{a}" + ("" if b == seat else f">{b + 1}")
    if kind in (TRUMP, EFFECT):
        return f"{KEY_LETTERS[kind]}{a + 1}"  # trump: r1.. in the symbols' order, r0 no trump
    return f"{KEY_LETTERS[kind]}{a}"


def key_to_action(state: ScandaroonState, seat: int, text: str) -> int | None:
    """The action whose menu key is `text` (any case, spaces ignored), legal now or not."""
    wanted = "".join(text.lower().split()).removesuffix(f">{seat + 1}")  # 'p22>1' is P1's 'p22'
    for action in state.game.actions.every_action(state.game.players):
        if action_key(state, seat, action) == wanted:
            return action
    return None


def menu_lines(state: ScandaroonState, seat: int, legal: Sequence[int]) -> list[str]:
    """The legal actions with their keys, grouped by their first word ('play', 'use',
    'stone', 'target', ...) so that the menu stays short: 'play: p36 Poet   p22>2 Pirate
    to P2'; the one-word actions on the last line: '0 pass', 'd done'."""
    groups: dict[str, list[str]] = {}
    plain: list[str] = []
    for action in legal:
        key = action_key(state, seat, action)
        verb, _, rest = state.action_to_string(seat, action).partition(" ")
        if rest:
            groups.setdefault(verb, []).append(f"{key} {rest}")
        else:
            plain.append(f"{key} {verb}")
    lines = []
    width = max((len(verb) for verb in groups), default=0) + 2
    for verb, entries in groups.items():
        lines.extend(_pack(f"{verb}:".ljust(width), entries, " " * width))
    if plain:
        lines.append("   ".join(plain))
    return lines


def screen(state: ScandaroonState, seat: int, legal: Sequence[int], news: Sequence[str] = ()) -> str:
    """The screen of `layout` (news that does not fit left out)."""
    return layout(state, seat, legal, news)[1]


def layout(state: ScandaroonState, seat: int, legal: Sequence[int],
           news: Sequence[str] = ()) -> tuple[list[str], str]:
    """Board, what happened since the person's last turn (`news`, the game's log lines),
    hand and menu in at most HEIGHT - 1 lines of at most WIDTH columns, so that with
    the prompt it fits an 80x24 terminal: the hand is described in full when there is
    room, else in short. Returns (the news lines that did not fit, printed before the
    screen so that the newest stay on it; the screen)."""
    board = board_lines(state, seat)
    menu = ["your move (a key from the menu, or the action in words):", *menu_lines(state, seat, legal)]
    hand = hand_lines(state, seat)
    told = [line for text in news for line in _wrap("  " + text.strip(), "      ")]
    if told:
        told.insert(0, "since your last turn:")
    if len(board) + len(told) + len(hand) + len(menu) > HEIGHT - 1:
        hand = hand_lines(state, seat, short=True)
    room = max(0, HEIGHT - 1 - len(board) - len(hand) - len(menu))
    earlier: list[str] = []
    if len(told) > room:
        kept = told[len(told) - max(0, room - 1):] if room > 1 else []
        earlier = told[1:len(told) - len(kept)]
        told = ["since your last turn (the earlier lines above):", *kept] if room else []
    return earlier, "\n".join(board + told + hand + menu)


def intro_lines(state: ScandaroonState, seat: int, bots: Sequence[Bot[ScandaroonState]]) -> list[str]:
    """Who plays, and which deck: a reconstructed deck is said to be one, as the deck and
    simulate commands say it."""
    deck = state.game.deck
    others = ", ".join(f"{seat_name(s)} {bot.name}" for s, bot in enumerate(bots) if s != seat)
    lines = [f"Scandaroon, {state.game.players} players: you are {seat_name(seat)}, "
             f"the bots {others}."]
    if deck.provenance == "reconstructed":
        lines.append("deck: reconstructed, not the real cards ('scandaroon deck' lists them).")
    else:
        lines.append(f"deck: {deck.title or deck.source}, provenance: {deck.provenance}.")
    lines.append("Type 'help' for the menu, 'cards' for your hand in full, 'quit' to leave.")
    return lines


def vp_summary(state: ScandaroonState, seat: int) -> list[str]:
    """The final VP of each player as a table, broken down by source."""
    lines = ["final VP    rank track  no trump  scoring pile  highest score  total  (pile)"]
    piles = state.pile_totals()
    for s, b in enumerate(state.vp_breakdown()):
        who = seat_name(s) + (" (you)" if s == seat else "")
        lines.append(f"  {who:9} {b['rank']:>10} {b['no_trump']:>9} {b['scoring_pile']:>13} "
                     f"{b['highest_score']:>14} {sum(b.values()):>6}  ({piles[s]})")
    return lines


def parse_move(state: ScandaroonState, seat: int, text: str, legal: list[int]) -> int | str:
    """An action int (legal or not: applying it gives the reason), or a message
    explaining why the text is not a move."""
    text = text.strip()
    action = key_to_action(state, seat, text)
    if action is None:
        action = state.string_to_action(seat, text)
    if action is not None:
        return action
    example = action_key(state, seat, legal[-1])
    if text.isdigit():
        return (f"no menu key {text}; a key is the letter and number before a menu entry "
                f"(e.g. {example}), and {PASS_KEY} passes")
    return (f"cannot read {text!r}; type a menu key (e.g. {example}) or an action such as "
            "'play <card>', 'play <card> to P1', 'use <card>', 'stone <card>', 'target <card>', 'pass'")


def run_play(state: ScandaroonState, seat: int, bots: Sequence[Bot[ScandaroonState]],
             rng: random.Random, read: Callable[[str], str], write: Callable[[str], None]) -> list[int]:
    """Play to the end; returns the winners ([] when the person quits: 'quit', or the end
    of the input, where `read` raises EOFError). `read` gets a prompt and returns a line.
    Every line written fits 80 columns (long ones are wrapped between words). What the
    bots did since the person's last turn is on the person's screen; at the end of
    every round the game pauses until Enter, with the round's end on screen."""
    def say(text: str) -> None:
        write(wrap_all(text))

    say("\n".join(intro_lines(state, seat, bots)))
    shown, rounds = 0, 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.resolve_chance(rng)
            continue
        player = state.current_player()
        if player != seat:
            state.apply_action(bots[player].step(state))
        else:
            moved = _person_move(state, seat, state.log[shown:], read, say)
            if moved is None:
                say("game abandoned")
                return []
            shown = moved
        if state.rounds_played() > rounds and not state.is_terminal():
            rounds = state.rounds_played()
            if not _round_pause(state, seat, state.log[shown:], read, say):
                say("game abandoned")
                return []
            shown = len(state.log)
    for line in state.log[shown:]:
        say(line)
    winners = state.game_winners()
    for line in vp_summary(state, seat):
        say(line)
    say(result_line(winners, seat))
    return winners


def _person_move(state: ScandaroonState, seat: int, news: Sequence[str], read: Callable[[str], str],
                 say: Callable[[str], None]) -> int | None:
    """Show the screen and read until a move is made; returns the log length before
    the move (what the person has seen), None when they quit."""
    legal = state.legal_actions()
    earlier, shown = layout(state, seat, legal, news)
    if earlier:
        say("\n".join(earlier))
    say(shown)
    while True:
        try:
            text = read(">").strip()
        except EOFError:  # the end of the input (Ctrl-D) quits as 'quit' does
            text = "quit"
        if text.lower() in ("quit", "exit"):
            return None
        if text.lower() in ("help", "?", ""):
            say(screen(state, seat, legal))
            continue
        if text.lower() == "cards":
            say("\n".join(hand_lines(state, seat)))
            continue
        move = parse_move(state, seat, text, legal)
        if isinstance(move, str):
            say(f"refused: {move}")
            continue
        seen = len(state.log)
        try:
            state.apply_action(move)
        except IllegalAction as error:
            say(f"refused: {error.reason}")
            continue
        return seen


def _round_pause(state: ScandaroonState, seat: int, news: Sequence[str], read: Callable[[str], str],
                 say: Callable[[str], None]) -> bool:
    """The round's end (its last moves, scores and scoring-pile placements, then the VP)
    stays on screen until the person presses Enter; False when they quit instead."""
    vp = earned_and_provisional(state)
    standing = ", ".join(f"{seat_name(s)}{' (you)' if s == seat else ''} {e} +{p}"
                         for s, (e, p) in enumerate(vp))
    say("\n".join([*news, f"VP after round {state.rounds_played()} (earned +provisional): {standing}"]))
    try:
        text = read(f"round {state.rounds_played()} is over; Enter starts round {state.round} ('quit' leaves) >")
    except EOFError:
        return False
    return text.strip().lower() not in ("quit", "exit")


def result_line(winners: Sequence[int], seat: int) -> str:
    """'winner: P2', or for a tie that the rulebook leaves a draw 'a draw between P1 (you) and P3'."""
    names = [seat_name(w) + (" (you)" if w == seat else "") for w in winners]
    if len(names) == 1:
        return f"winner: {names[0]}"
    return f"a draw between {', '.join(names[:-1])} and {names[-1]}"
