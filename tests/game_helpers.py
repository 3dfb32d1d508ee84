"""Shared helpers for the game-companion tests: boards written as dicts."""

from __future__ import annotations

from functools import cache

from solver.core.board import Board, load_board
from solver.core.deck import Deck, load_deck
from solver.table.state import GameState, new_game


@cache
def board() -> Board:
    return load_board()


@cache
def deck() -> Deck:
    return load_deck()


def state(markers: dict[str, list[str]] | None = None, tiles: dict[str, str] | None = None,
          players: tuple[str, ...] = ("Anna", "Ben", "Carl"), **options) -> GameState:
    """A game with these markers and tiles; its problems() must be empty."""
    game = new_game(list(players), **options)
    game.markers = {d: frozenset(locations) for d, locations in (markers or {}).items()}
    game.tiles = dict(tiles or {})
    assert game.problems() == [], game.problems()
    return game
