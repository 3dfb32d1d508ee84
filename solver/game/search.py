"""A bot that searches over what its seat cannot see: determinized Monte Carlo (docs/game.md, "The bots").

A seat sees the board, the scores, its own hand, how many cards each other player holds and the
back of each (a card's back was seen by all when it was drawn off a pile top), the size of each
pile, the backs of the top cards (the two-player variant: the top 5), which backs each pile holds
(each colour pile its colour, the location piles location cards) and the cards out of the game.
`determinize` deals the unseen cards again, each onto a place whose back it matches, every
consistent deal as likely: a *world*. `SearchBot` plays its turn's first move (a card or a pass)
by sampling worlds and, in each, playing every candidate move followed by a truncated greedy
playout (`GreedyBot` for every seat, a few turns), scored by its own points less the best other
player's; the candidate with the best mean wins, the worlds shared by all candidates (common
random numbers). Discards, draws and STOP are the greedy bot's cheap heuristics.

The playouts run on an `Engine`: today the checked `State` (its `fork()`); a faster
state with the same method names plugs in by building another `Engine`.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from solver.game.actions import Action, Pass, Play
from solver.game.bots import GreedyBot
from solver.game.game import PICK_FROM, Back, Game
from solver.game.state import State, Step

Clock = Callable[[], float]


# ----- what a seat sees, and the worlds that agree with it -----------------------------------------


@cache
def pile_groups(game: Game) -> dict[int, int]:
    """Card number -> the index of the group of piles it was shuffled into (its back decides): a
    pile holds only cards of its own group."""
    piles, together = game.pile_layout()
    return {n: index for index, names in enumerate(together) for name in names for n in piles[name]}


def visible_depth(game: Game) -> int:
    """How many top cards of a pile show their backs."""
    return PICK_FROM if game.rules.two_player_drawing else 1


def observation(state: State, seat: int) -> dict[str, Any]:
    """Everything seat `seat` sees of `state`, as plain values: two states with equal observations
    are the same to that seat."""
    game, table = state.game, state.table
    me = game.players[seat]
    groups = pile_groups(game)
    depth = visible_depth(game)
    return {
        "board": (sorted(table.markers.items()), sorted(table.tiles.items()), dict(table.scores), table.turn,
                  sorted(table.remove_one_used), sorted(table.out_of_game), table.cards_this_turn,
                  table.finished, [move.to_dict() for move in table.history[-1:]]),
        "turn": dict(vars(state.turn)),
        "own hand": list(state.hands[me]),
        "other hands": {p: [game.backs[n] for n in cards] for p, cards in state.hands.items() if p != me},
        "piles": {name: ([game.backs[n] for n in cards[-depth:]], [groups[n] for n in cards])
                  for name, cards in state.piles.items()},
    }


def determinize(state: State, seat: int, rng: random.Random) -> State:
    """A copy of `state` (a `fork()`: no undo stack) with every card seat `seat` cannot see
    dealt again at random: a card in another hand or on a visible pile top becomes any unseen card
    with the same back, a pile card below them any unseen card of the pile's group left over. Every
    deal that agrees with what the seat sees is as likely (the leftovers' orders number the same
    whichever cards the shown places took)."""
    world = state.fork()
    game = state.game
    me = game.players[seat]
    groups = pile_groups(game)
    depth = visible_depth(game)
    shown: list[tuple[list[int], int]] = []  # (a hand or a pile, an index): a place whose back is seen
    hidden: list[tuple[list[int], int]] = []  # a pile's place below the visible tops
    for player, cards in world.hands.items():
        if player != me:
            shown.extend((cards, i) for i in range(len(cards)))
    for cards in world.piles.values():
        below = max(0, len(cards) - depth)
        hidden.extend((cards, i) for i in range(below))
        shown.extend((cards, i) for i in range(below, len(cards)))
    by_back: dict[Back, list[int]] = {}
    for cards, i in [*shown, *hidden]:
        by_back.setdefault(game.backs[cards[i]], []).append(cards[i])
    backs = sorted(by_back, key=lambda b: (b.letter, b.shows, b.colour or ""))
    for back in backs:  # in a fixed order, sorted: the deal depends on what the seat sees, not on the truth
        by_back[back].sort()
        rng.shuffle(by_back[back])
    for cards, i in shown:
        cards[i] = by_back[game.backs[cards[i]]].pop()
    by_group: dict[int, list[int]] = {}
    for back in backs:
        for n in by_back[back]:
            by_group.setdefault(groups[n], []).append(n)
    for group in sorted(by_group):
        rng.shuffle(by_group[group])
    for cards, i in hidden:
        cards[i] = by_group[groups[cards[i]]].pop()
    world.rng.seed(rng.getrandbits(64))  # not the true game's generator, which the setup's shuffles drew from
    return world


# ----- the playouts --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Engine:
    """What the playouts run on: `start` turns a world into the engine's state, `copy` copies that
    state. The checked engine plays `State` itself; a faster state with the same names (those the
    playouts use: `apply_action`, `current_player`, `is_terminal`, `step`, `returns`, `winners`,
    `holds_remove`, `game`; and those `GreedyBot` reads) is another `Engine(FastState.from_state,
    FastState.clone)`."""

    start: Callable[[State], Any]
    copy: Callable[[Any], Any]


CHECKED = Engine(start=lambda world: world, copy=State.fork)


def evaluate(playout: Any, seat: int, strength: Strength) -> float:
    """The seat's value less the best other player's: a player's value is their points, plus
    `remove_value` while they still hold "Remove one marker" (points the horizon does not see),
    plus `win_bonus` for each player among the winners of a game over."""
    players = playout.game.players
    scores = playout.returns()
    winners = set(playout.winners()) if playout.is_terminal() else set()
    values = [scores[k] + strength.remove_value * playout.holds_remove(p) + strength.win_bonus * (p in winners)
              for k, p in enumerate(players)]
    return values[seat] - max(value for other, value in enumerate(values) if other != seat)


def playout(state: Any, policy: Callable[[Any], Action], turns: int) -> Any:
    """Play `state` on with `policy` for every seat until `turns` more turns have begun (the turn
    under way counts as none) or the game is over; the state, changed."""
    begun, last = 0, state.current_player()
    while not state.is_terminal():
        player = state.current_player()
        if state.step is Step.PLAY and player != last:
            begun += 1
            if begun > turns:
                break
            last = player
        state.apply_action(policy(state))
    return state


# ----- the bot -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Strength:
    """How hard the bot searches: at most `worlds` sampled worlds for a turn's first move, within
    `budget` seconds of its clock (at least one world); each candidate's playout runs `horizon`
    turns after its own; at most `candidates` plays are searched, beside a pass. The default
    answers within a second of one core."""

    worlds: int = 16
    budget: float = 0.9
    horizon: int = 4
    candidates: int = 6
    remove_value: float = 0.0
    win_bonus: float = 0.0


class SearchBot:
    """Determinized Monte Carlo for a turn's first move (play a card, or pass); the greedy bot's
    heuristics for the rest (module docstring). The budget is measured by `clock`, the process's
    CPU time unless given (a test injects one): one core's seconds, whatever else the machine runs.
    `searched` counts the worlds of the last decision (0: it did not search)."""

    def __init__(self, seed: int = 0, strength: Strength | None = None, engine: Engine = CHECKED,
                 clock: Clock = time.process_time) -> None:
        self.rng = random.Random(seed)
        self.strength = strength or Strength()
        self.engine, self.clock = engine, clock
        self.greedy = GreedyBot()
        self.searched = 0

    def __call__(self, state: State) -> Action:
        self.searched = 0
        if state.step is not Step.PLAY or (state.game.rules.two_player_drawing and state.table.cards_this_turn):
            return self.greedy(state)
        moves = candidates(state, self.strength.candidates)
        if len(moves) == 1:
            return moves[0]
        totals = self._search(state, moves)
        best = max(range(len(moves)), key=lambda k: (totals[k], -k))
        return moves[best]

    def _search(self, state: State, moves: Sequence[Action]) -> list[float]:
        """Each candidate's total over the worlds searched; a world is begun only while the slowest
        world so far still fits in the budget, so a decision overruns it by little."""
        seat, started = state.current_player(), self.clock()
        totals = [0.0] * len(moves)
        slowest = 0.0
        while self.searched < self.strength.worlds:
            begun = self.clock()
            if self.searched and begun - started + slowest > self.strength.budget:
                break
            root = self.engine.start(determinize(state, seat, self.rng))
            for k, move in enumerate(moves):
                trial = self.engine.copy(root)
                trial.apply_action(move)
                totals[k] += evaluate(playout(trial, self.greedy, self.strength.horizon), seat, self.strength)
            self.searched += 1
            slowest = max(slowest, self.clock() - begun)
        return totals


def candidates(state: State, most: int) -> list[Action]:
    """The moves worth searching: each card's play that scores most (the greedy bot's first), then
    the others by points, at most `most`, and a pass when it is legal."""
    hand = state.hands[state.mover]
    seen: set[int] = set()
    found: list[Action] = []
    for ranked in state.ranked_plays():
        if ranked.card not in seen and len(found) < most:
            seen.add(ranked.card)
            found.append(Play(hand[ranked.card] if ranked.card < len(hand) else "remove", ranked.choice))
    if Pass() in state.legal_actions():
        found.append(Pass())
    return found
