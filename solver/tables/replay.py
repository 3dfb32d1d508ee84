"""A digital table's game, rebuilt from its parameters and its moves through the checked engine.

The shuffles are chance from the table's seed (`State.sample_chance`), applied wherever the game
is at a chance node; every move is a decision, stored as its int (solver.game.encoding), and
applied with `State.apply_action`, which refuses an illegal one. A bot's decision is drawn from
the seed and the move's number, so the same seed and the same moves always give the same game,
in any process, after any restart. `seen` records each move as the table saw it (the card drawn
or discarded, the cards the co-ordinator took off the piles after it), for the seats' views.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from solver.game.actions import Action, Discard, Draw, IllegalAction, Pick
from solver.game.bots import BOTS
from solver.game.encoding import Encoding
from solver.game.game import Game
from solver.game.observation import Seen
from solver.game.state import State, Step
from solver.table.state import MoveKind
from solver.tables.params import TableParams


@dataclass
class Replayed:
    """A table's game after `version` moves."""

    params: TableParams
    game: Game
    codes: Encoding
    state: State
    seen: list[Seen] = field(default_factory=list)

    @property
    def version(self) -> int:
        return len(self.seen)

    def mover_seat(self) -> int | None:
        """The seat to move; None at the end (chance is never left pending)."""
        return None if self.state.is_terminal() else self.state.current_player()

    def legal_codes(self) -> list[int]:
        """The ints of the mover's legal actions, sorted (none at the end)."""
        if self.state.is_terminal():
            return []
        return sorted(self.codes.encode(action) for action in self.state.legal_actions())

    def fork(self) -> Replayed:
        """A copy to read from while the table plays on (the cheap `State.fork`)."""
        return Replayed(self.params, self.game, self.codes, self.state.fork(), list(self.seen))


def start(params: TableParams) -> Replayed:
    """The table before its first move: the shuffles dealt from the seed."""
    game = params.game()
    replayed = Replayed(params, game, Encoding(game), game.new_initial_state(params.seed))
    _settle(replayed)
    return replayed


class MoveRefused(Exception):
    """The move is not legal now (one line why); the game is untouched."""


def apply_move(replayed: Replayed, seat: int, code: int) -> None:
    """Apply move `code` of `seat`, checked: MoveRefused (the game untouched) unless `seat` is to
    move and the action is legal now."""
    state = replayed.state
    if state.is_terminal():
        raise MoveRefused(f"the game is over ({state.end_reason()})")
    action = replayed.codes.decode(code, state.mover)
    if action is None:
        raise MoveRefused(f"{code} is no action of this game (0 to 726, docs/game.md)")
    if seat != state.current_player():
        raise MoveRefused(f"it is {state.mover}'s move, not seat {seat}'s")
    card = _card_moved(state, action)
    moves = len(state.table.history)
    try:
        state.apply_action(action)
    except IllegalAction as error:
        raise MoveRefused(str(error)) from None
    taken = tuple(n for move in state.table.history[moves:] if move.kind is MoveKind.DRAWPILE for n in move.out)
    replayed.seen.append(Seen(seat, action, card, taken))
    _settle(replayed)


def bot_move(replayed: Replayed) -> int | None:
    """The int of the move the bot to move makes now, or None when a person (or nobody) is to move."""
    seat = replayed.mover_seat()
    if seat is None or replayed.params.seats[seat].bot is None:
        return None
    name = replayed.params.seats[seat].bot
    assert name is not None
    bot = BOTS[name](bot_seed(replayed.params.seed, replayed.version))
    return replayed.codes.encode(bot(replayed.state))


def bot_seed(seed: int, version: int) -> int:
    """The seed of the bot making move `version + 1`: from the table's seed, the same in every process."""
    return random.Random(f"{seed}/{version}").getrandbits(63)


def _settle(replayed: Replayed) -> None:
    """Deal the chance events from the seed, and halt the game at the bound of its turns."""
    state = replayed.state
    while state.is_chance_node():
        state.apply_action(state.sample_chance())
    bound = replayed.params.max_turns
    if not state.is_terminal() and state.turn.turns >= bound and state.step is Step.PLAY:
        state.halt(f"the bound of {bound} turns was reached")


def _card_moved(state: State, action: Action) -> int | None:
    """The card an action takes from a pile or discards, before it is applied."""
    match action:
        case Draw(pile) if state.piles.get(pile):
            return state.piles[pile][-1]
        case Pick(pile, depth) if len(state.piles.get(pile, [])) > depth:
            return state.piles[pile][-1 - depth]
        case Discard(card):
            return card
    return None

