"""Shared helpers for the whole-game tests: a game past its setup, arranged as a test needs."""

from __future__ import annotations

from functools import cache

from solver.game.game import Game, Rules
from solver.game.state import State, Step
from solver.table.state import Variant
from tests.game_helpers import board, deck


@cache
def game(players: tuple[str, ...] = ("Anna", "Ben", "Carl"), rules: Rules | None = None) -> Game:
    return Game(players, rules, deck(), board())


def two_player() -> Game:
    return game(("Anna", "Ben"), Rules(Variant.two_player()))


def shuffled(g: Game, seed: int = 0) -> State:
    """A state whose piles are shuffled (chance from the seed), before the opening draws."""
    state = g.new_initial_state(seed)
    while state.is_chance_node():
        state.apply_action(state.sample_chance())
    assert state.step is Step.OPENING
    return state


def dealt(g: Game, seed: int = 0) -> State:
    """A state after the opening draws (each from the first legal pile)."""
    state = shuffled(g, seed)
    while state.step is Step.OPENING:
        state.apply_action(state.legal_actions()[0])
    assert state.step is Step.PLAY
    return state


def arrange(state: State, hands: dict[str, list[int]] | None = None, piles: dict[str, list[int]] | None = None,
            markers: dict[str, list[str]] | None = None, tiles: dict[str, str] | None = None) -> State:
    """The same state with these hands, piles (top card last) and board; the cards not named stay
    where they were unless a named place takes them, and every card still lies in one place."""
    hands, piles = hands or {}, piles or {}
    named = {n for cards in [*hands.values(), *piles.values()] for n in cards}
    displaced = [n for p in hands for n in state.hands[p] if n not in named]
    displaced += [n for p in piles for n in state.piles[p] if n not in named]
    for cards in [*state.hands.values(), *state.piles.values()]:
        cards[:] = [n for n in cards if n not in named]
    for player, cards in hands.items():
        state.hands[player][:] = list(cards)
    for name, cards in piles.items():
        state.piles[name][:] = list(cards)
    spare = [name for name in state.piles if name not in piles]
    if spare:  # the bottom of a pile not named
        state.piles[spare[0]][:0] = displaced
    else:
        state.table.out_of_game.extend(displaced)
    if markers is not None:
        state.table.markers = {d: frozenset(locs) for d, locs in markers.items()}
    if tiles is not None:
        state.table.tiles = dict(tiles)
    assert state.table.problems() == []
    return state


# Boos holds 3 markers; card 10 ("The jailbreak took place in Hahnmühle, Herrstein, Simmern or Boos",
# Herrstein tiled) puts a fourth there; card 20 as the jailbreak ("... took place in the west") takes it off.
FULL_BOOS = {"arrest": ["Boos", "Simmern", "Oberhausen"], "beehive theft": ["Boos", "Simmern"],
             "robbers' ball": ["Boos", "Kirn"]}
FULL_BOOS_TILES = {"hideout": "Obermoschel", "break-in": "Lettweiler", "extortion": "Meisenheim",
                   "robbery": "Thiergarten", "murder": "Herrstein", "imprisonment": "Trifthütte"}


def full_boos(hand: list[int]) -> State:
    """A two-player-variant turn of Anna's with this hand on the full-Boos board."""
    state = arrange(dealt(two_player()), hands={"Anna": hand}, markers=FULL_BOOS, tiles=FULL_BOOS_TILES)
    state.table.remove_one_used.append("Anna")  # the "Remove one marker" card is spent: it cannot help
    return state
