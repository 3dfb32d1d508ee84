"""Bots for the whole game, and `play_game`, which runs one game to its end (docs/game.md, "The bots").

`random`: uniform over the legal actions, from its own seeded generator. `greedy`: plays the card
the table's hand advisor (`rules.rank_hand`) ranks first (most points now), discards a card
`deduce.never_playable` says is dead, draws from the pile whose back is most likely to help
(`back_value`), and calls STOP whenever `deduce.removable` finds markers.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from solver.core import names
from solver.game.actions import Action, Decline, Discard, Draw, Pass, Pick, Play, Stop
from solver.game.game import PICK_FROM, Back, Game
from solver.game.state import State, Step
from solver.table import deduce

Bot = Callable[[State], Action]
MAX_TURNS = 400  # far beyond a game by the rulebook (72 cards, a card or more a turn), but a bound


class RandomBot:
    """Uniform over the legal actions, from a generator seeded with `seed`."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def __call__(self, state: State) -> Action:
        return self.rng.choice(state.legal_actions())


def back_value(state: State, back: Back) -> int:
    """How likely a card with this back is to help now, 0 to 3, the higher the likelier:

    - a delict card (A): 3 when its delict has markers (it may remove some), 2 in the supply (it
      places them), 0 with its tile down (dead);
    - a group card (B): 2 when a delict of the group has markers, 1 when one is in the supply, else 0;
    - a district card (C): 2 when its large delict is on the board (markers or tile: the card needs
      one of its two there), else 1;
    - a location card (D): 3 when markers lie on its location (it may remove some), 1 while the
      location is free, 0 with a tile there.
    """
    table = state.table
    match back.letter:
        case "A":
            return 0 if back.shows in table.tiles else 3 if back.shows in table.markers else 2
        case "B":
            group = names.GROUPS[back.shows]
            return 2 if any(d in table.markers for d in group) else 1 if any(
                d not in table.tiles for d in group) else 0
        case "C":
            return 2 if table.where(back.shows) is not None else 1
        case _:
            return 0 if table.tile_at(back.shows) else 3 if table.markers_at(back.shows) else 1


class GreedyBot:
    """Most points now; dead cards discarded; the most helpful back drawn; STOP whenever it pays."""

    def __call__(self, state: State) -> Action:
        step, me = state.step, state.mover
        if step is Step.STOP:
            return Stop(me)
        if step is Step.PLAY:
            plays = state.ranked_plays()
            two = state.game.rules.two_player_drawing
            if plays and not (two and state.table.cards_this_turn and not plays[0].verdict.points):
                hand = state.hands[me]
                best = plays[0]
                return Play(hand[best.card] if best.card < len(hand) else "remove", best.choice)
            return Pass()
        if step in (Step.DISCARD, Step.PASS_DISCARD, Step.PICK_DISCARD):
            dead = [n for n in state.hands[me]
                    if deduce.never_playable(state.table, state.clue(n), state.game.board) is not None]
            return Discard(dead[0]) if dead else Decline()
        if step is Step.DRAW or (step is Step.OPENING and not state.game.rules.two_player_drawing):
            legal = [a for a in state.legal_actions() if isinstance(a, Draw)]
            tops = state.backs()
            return max(legal, key=lambda a: back_value(state, tops[a.pile][0]))
        picks = [a for a in state.legal_actions() if isinstance(a, Pick)]
        seen = state.backs(PICK_FROM)
        return max(picks, key=lambda a: back_value(state, seen[a.pile][a.depth]))


def _search_bot(seed: int) -> Bot:
    from solver.game.search import SearchBot  # it builds on GreedyBot

    return SearchBot(seed)


BOTS: dict[str, Callable[[int], Bot]] = {"random": RandomBot, "greedy": lambda seed: GreedyBot(),
                                         "search": _search_bot}


def play_game(game: Game, bots: Sequence[Bot], seed: int = 0, max_turns: int = MAX_TURNS) -> State:
    """Play a whole game from `seed`, one bot per player in turn order, the chance events from the
    state's own generator. It ends by the rules (all 16 tiles, or rule 12), or after `max_turns`
    turns with `end_reason()` saying so."""
    if len(bots) != game.num_players():
        raise ValueError(f"{game.num_players()} players need {game.num_players()} bots, not {len(bots)}")
    state = game.new_initial_state(seed)
    while not state.is_terminal():
        if state.turn.turns >= max_turns:
            state.halt(f"the bound of {max_turns} turns was reached")
            break
        if state.is_chance_node():
            state.apply_action(state.sample_chance())
        else:
            state.apply_action(bots[state.current_player()](state))
    return state
