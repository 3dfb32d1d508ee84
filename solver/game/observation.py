"""What one seat knows of a whole game (docs/game.md, "OpenSpiel"): the observation (what it sees
now) and the perfect-recall information state (the observation and every event since the start as
that seat saw it), as text and as float32 tensors.

A seat sees its own hand by number; of every other hand, its size and the back of each card in it
(a card's back shows when it is drawn or picked from a pile, `Game.backs`, and when it is
discarded face down); the board, the scores, whose move it is and the step; each pile's size and
the backs on top (the two-player variant: the top 5); the cards out of the game by number where
they went out face up (played, taken off the piles by the co-ordinator) or were its own discards,
the others' discards by their backs; who still holds the Remove-one-marker card. Never another
seat's card numbers, nor a pile's order below the backs it shows.

The tensors (P players, C = 72 info cards by number - 1, B = 52 backs in `BACKS` order, 16 delicts
and 16 locations in `names` order, 6 piles in the game's order, K = 1 back a pile, or 5 in the
two-player variant):

    player          [P]         1 at the observing seat
    current         [P]         1 at the seat to move (none at chance or the end)
    turn_of         [P]         1 at the seat whose turn it is (or comes next, in the STOP window)
    step            [10]        1 at the step (`Step`, in its order)
    turns           [1]         turns played, divided by max_turns
    scores          [P]         each seat's points, divided by 80 (16 delicts x 5 markers)
    hand            [C]         the observer's info cards
    hand_sizes      [P]         each seat's number of info cards in hand
    remove_held     [P]         1 where the seat still holds the Remove-one-marker card
    held_backs      [P, B]      how many cards with each back each seat holds
    markers         [16, 16]    1 where a delict has a marker on a location
    tiles           [16, 16]    1 where a delict's tile lies on a location
    pile_sizes      [6]         the cards on each pile
    pile_backs      [6, K, B]   the backs on top of each pile, row 0 the top card
    out_cards       [C]         the cards out of the game that the observer knows by number
    out_backs       [B]         the other seats' discards, by back
    this_turn       [3]         cards played this turn, cards discarded this turn, cards still to draw

The information-state tensor adds the game's record so far:

    drawn           [C]         every card the observer has drawn
    played          [P, C]      the cards each seat has played
    drawn_backs     [P, B]      the backs of the cards each seat has drawn
    discarded_backs [P, B]      the backs of the cards each seat has discarded
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from solver.cardgames.api import Observer
from solver.core import names
from solver.game.actions import Action, Deal, Decline, Discard, Draw, Pass, PayShuffle, Pick, Play, Stop
from solver.game.encoding import CARDS, FIRST_CARD, PILES
from solver.game.game import PICK_FROM, Back
from solver.game.state import CHANCE, State, Step
from solver.table.state import REMOVE, MoveKind

if TYPE_CHECKING:
    from solver.game.game import Game

BACKS: tuple[tuple[str, str], ...] = (
    *(("A", d) for d in names.DELICTS), *(("B", g) for g in names.GROUPS),
    *(("C", d) for d in names.DELICTS), *(("D", loc) for loc in names.LOCATIONS),
)
BACK_INDEX = {back: index for index, back in enumerate(BACKS)}
SCORE_SCALE = 5 * len(names.DELICTS)


@dataclass(frozen=True)
class Seen:
    """One applied action as the table saw it: who acted (a seat, or CHANCE), the card drawn,
    picked or discarded (its number is the actor's alone, its back everybody's), and the cards the
    co-ordinator took off the piles after it (rule 11, face up)."""

    seat: int
    action: Action
    card: int | None = None
    taken_out: tuple[int, ...] = ()


class Observed(Protocol):
    """What the observer reads of a state: the engine state and its record of what was seen."""

    @property
    def state(self) -> State: ...
    @property
    def seen(self) -> Sequence[Seen]: ...


def back_index(back: Back) -> int:
    return BACK_INDEX[(back.letter, back.shows)]


def back_label(back: Back) -> str:
    return f"{back.letter}:{back.shows}"


def visible_depth(game: Game) -> int:
    """How many backs a pile shows: the two-player variant picks from the top 5."""
    return PICK_FROM if game.rules.two_player_drawing else 1


def tensor_pieces(players: int, depth: int, perfect_recall: bool) -> list[tuple[str, tuple[int, ...]]]:
    """The named pieces of the tensor, in order, with their shapes."""
    backs, delicts, locations = len(BACKS), len(names.DELICTS), len(names.LOCATIONS)
    pieces: list[tuple[str, tuple[int, ...]]] = [
        ("player", (players,)), ("current", (players,)), ("turn_of", (players,)), ("step", (len(Step),)),
        ("turns", (1,)),
        ("scores", (players,)), ("hand", (CARDS,)), ("hand_sizes", (players,)), ("remove_held", (players,)),
        ("held_backs", (players, backs)), ("markers", (delicts, locations)), ("tiles", (delicts, locations)),
        ("pile_sizes", (PILES,)), ("pile_backs", (PILES, depth, backs)), ("out_cards", (CARDS,)),
        ("out_backs", (backs,)), ("this_turn", (3,)),
    ]
    if perfect_recall:
        pieces += [("drawn", (CARDS,)), ("played", (players, CARDS)), ("drawn_backs", (players, backs)),
                   ("discarded_backs", (players, backs))]
    return pieces


def out_of_game(state: State, seat: int) -> tuple[list[int], list[Back]]:
    """The cards out of the game as `seat` knows them: by number (played, taken off the piles, its
    own discards), and the other seats' discards by their backs."""
    player = state.game.players[seat]
    known: list[int] = []
    hidden: list[Back] = []
    for move in state.table.history:
        for number in move.out:
            if move.kind is MoveKind.DRAWPILE or number == move.card or move.player == player:
                known.append(number)
            else:
                hidden.append(state.game.backs[number])
    return known, hidden


class SchinderhannesObserver(Observer[Observed]):
    """The observation (`perfect_recall=False`) or the information state of a seat."""

    def __init__(self, game: Game, max_turns: int, perfect_recall: bool = False) -> None:
        self.depth = visible_depth(game)
        super().__init__(perfect_recall, tensor_pieces(game.num_players(), self.depth, perfect_recall))
        self.max_turns = max_turns

    def string_from(self, state: Observed, player: int) -> str:
        if self.perfect_recall:
            return information_state_string(state, player)
        return observation_string(state.state, player)

    def set_from(self, state: Observed, player: int) -> None:
        self.tensor.fill(0)
        inner = state.state
        self._set_seats(inner, player)
        self._set_board(inner)
        self._set_piles(inner, player)
        if self.perfect_recall:
            self._set_record(inner, state.seen, player)

    def _set_seats(self, state: State, seat: int) -> None:
        d, game, table = self.dict, state.game, state.table
        d["player"][seat] = 1
        if not state.is_terminal() and not state.is_chance_node():
            d["current"][state.current_player()] = 1
        d["turn_of"][game.players.index(table.turn)] = 1
        d["step"][list(Step).index(state.step)] = 1
        d["turns"][0] = state.turn.turns / self.max_turns
        d["hand"][[n - FIRST_CARD for n in state.hands[game.players[seat]]]] = 1
        for index, player in enumerate(game.players):
            d["scores"][index] = table.scores[player] / SCORE_SCALE
            d["hand_sizes"][index] = len(state.hands[player])
            d["remove_held"][index] = state.holds_remove(player)
            for number in state.hands[player]:
                d["held_backs"][index, back_index(game.backs[number])] += 1

    def _set_board(self, state: State) -> None:
        d, table = self.dict, state.table
        for delict, locations in table.markers.items():
            for location in locations:
                d["markers"][names.DELICTS.index(delict), names.LOCATIONS.index(location)] = 1
        for delict, location in table.tiles.items():
            d["tiles"][names.DELICTS.index(delict), names.LOCATIONS.index(location)] = 1
        d["this_turn"][:] = [table.cards_this_turn, len(state.turn.discards), state.turn.owed]

    def _set_piles(self, state: State, seat: int) -> None:
        d = self.dict
        if not state.is_chance_node():  # while shuffling, the piles are not laid yet
            for pile, (cards, backs) in enumerate(zip(state.piles.values(), state.backs(self.depth).values(),
                                                      strict=True)):
                d["pile_sizes"][pile] = len(cards)
                for row, back in enumerate(backs):
                    d["pile_backs"][pile, row, back_index(back)] = 1
        known, hidden = out_of_game(state, seat)
        d["out_cards"][[n - FIRST_CARD for n in known]] = 1
        for back in hidden:
            d["out_backs"][back_index(back)] += 1

    def _set_record(self, state: State, seen: Sequence[Seen], seat: int) -> None:
        d, game = self.dict, state.game
        for event in seen:
            if event.card is None:
                continue
            back = back_index(game.backs[event.card])
            if isinstance(event.action, Draw | Pick):
                d["drawn_backs"][event.seat, back] += 1
                if event.seat == seat:
                    d["drawn"][event.card - FIRST_CARD] = 1
            elif isinstance(event.action, Discard):
                d["discarded_backs"][event.seat, back] += 1
        for move in state.table.history:
            if move.kind is MoveKind.PLAY and isinstance(move.card, int):
                d["played"][game.players.index(move.player), move.card - FIRST_CARD] = 1


# ----- text -----------------------------------------------------------------------------------


def observation_string(state: State, seat: int) -> str:
    """What `seat` sees now, a fact a line."""
    game, table = state.game, state.table
    lines = [_status(state, seat),
             "scores: " + ", ".join(f"{p} {table.scores[p]}" for p in game.players)]
    for index, player in enumerate(game.players):
        remove = " + remove" if state.holds_remove(player) else ""
        if index == seat:
            lines.append(f"{player} (you): {' '.join(map(str, sorted(state.hands[player])))}{remove}")
        else:
            backs = sorted((game.backs[n] for n in state.hands[player]), key=back_index)
            lines.append(f"{player}: {len(backs)} cards {_backs_text(backs)}{remove}")
    lines.append("markers: " + "; ".join(f"{d} {','.join(sorted(locs))}" for d, locs in sorted(table.markers.items())))
    lines.append("tiles: " + "; ".join(f"{d} {loc}" for d, loc in sorted(table.tiles.items())))
    if not state.is_chance_node():
        depth = visible_depth(game)
        lines.append("piles: " + "; ".join(f"{name} {len(state.piles[name])} {_backs_text(backs)}".rstrip()
                                           for name, backs in state.backs(depth).items()))
    known, hidden = out_of_game(state, seat)
    lines.append(f"out: {' '.join(map(str, sorted(known)))}; face down: {_backs_text(sorted(hidden, key=back_index))}")
    lines.append(f"this turn: {table.cards_this_turn} played, {len(state.turn.discards)} discarded, "
                 f"{state.turn.owed} to draw")
    return "\n".join(lines)


def _backs_text(backs: Sequence[Back]) -> str:
    return "|".join(map(back_label, backs))


def _status(state: State, seat: int) -> str:
    players = state.game.players
    return f"{players[seat]} of {len(players)}; {_now(state)}"


def _now(state: State) -> str:
    if state.is_terminal():
        now = f"over: {state.end_reason()}"
    elif state.is_chance_node():
        now = "chance: shuffling"
    else:
        now = f"{state.table.turn}'s turn, {state.step.value}, {state.mover} to move"
    return f"{state.turn.turns} turns; {now}"


def information_state_string(observed: Observed, seat: int) -> str:
    """Perfect recall: the observation and every event since the start as `seat` saw it (the
    deals face down, the backs of the cards drawn and discarded, its own cards by number)."""
    state = observed.state
    return observation_string(state, seat) + "\nhistory: " + "; ".join(_events(state, observed.seen, seat))


def _events(state: State, seen: Sequence[Seen], seat: int) -> list[str]:
    events: list[str] = []
    dealt = 0
    for event in seen:
        if event.seat == CHANCE:
            dealt += 1
            continue
        if dealt:
            events.append(f"{dealt} dealt")
            dealt = 0
        events.append(seen_text(state, event, seat))
    if dealt:
        events.append(f"{dealt} dealt")
    return events


def seen_text(state: State, event: Seen, seat: int) -> str:
    """One event as `seat` saw it."""
    game = state.game
    who = game.players[event.seat]
    own = event.seat == seat
    card = f"{back_label(game.backs[event.card])}" if event.card is not None else ""
    if own and event.card is not None:
        card += f"={event.card}"
    match event.action:
        case Draw(pile):
            text = f"{who} draws {card} from {pile}"
        case Pick(pile, depth):
            text = f"{who} picks {card} from {pile} #{depth + 1}"
        case Play(number, choice):
            text = f"{who} plays {'remove' if number == REMOVE else number}" + (f" as {choice}" if choice else "")
        case Discard(number):
            text = f"{who} discards {number if own else card}"
        case Pass():
            text = f"{who} passes"
        case Decline():
            text = f"{who} declines"
        case Stop():
            text = f"{who} calls STOP"
        case PayShuffle(pile):
            text = f"{who} pays 1 point to shuffle {pile}"
        case Deal():
            text = "dealt"
        case _:
            text = str(event.action)
    if event.taken_out:
        text += f" (out: {' '.join(map(str, event.taken_out))})"
    return text


def full_string(state: State) -> str:
    """Everything, hidden or not: every hand and pile by number, in order (OpenSpiel's state string)."""
    game, table, turn = state.game, state.table, state.turn
    lines = [_now(state),
             "scores: " + ", ".join(f"{p} {table.scores[p]}" for p in game.players)]
    lines += [f"{p}: {' '.join(map(str, state.hands[p]))}" + (" + remove" if state.holds_remove(p) else "")
              for p in game.players]
    lines.append("piles: " + "; ".join(f"{name} {' '.join(map(str, cards))}" for name, cards in state.piles.items()))
    if turn.dealt:
        lines.append(f"dealing {', '.join(turn.to_shuffle[0])}: {' '.join(map(str, turn.dealt))}")
    lines.append("markers: " + "; ".join(f"{d} {','.join(sorted(locs))}" for d, locs in sorted(table.markers.items())))
    lines.append("tiles: " + "; ".join(f"{d} {loc}" for d, loc in sorted(table.tiles.items())))
    lines.append(f"out: {' '.join(map(str, table.out_of_game))}")
    lines.append(f"this turn: {table.cards_this_turn} played, discarded {turn.discards}, {turn.owed} to draw, "
                 f"asked {turn.asked}, {turn.opening} opening draws")
    return "\n".join(lines)

