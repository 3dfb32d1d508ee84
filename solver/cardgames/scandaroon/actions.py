"""The action numbering and action <-> text.

Player actions are small ints, fixed per game by the deck size and the symbols:

    0                      pass
    PLAY + card*4 + seat   play a hand card into the row of `seat` (own row, or any
                           row for an attach-anywhere card)
    ABILITY + card         use the ability of a card in the own row
    STONE + card           play the action stone, discarding a hand or row card
    TARGET + card          choose a card for an open choice
    TRUMP + symbol index   choose the new trump (+ number of symbols: no trump)
    EFFECT + i             choose the stone effect STONE_EFFECTS[i]
    DONE                   finish exchanging cards

`Actions.decode` turns an int into (ActionKind, a, b); `action_to_string` writes it as
a player types it, `string_to_action` reads it back.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum
from typing import TYPE_CHECKING

from solver.cardgames.scandaroon.symbols import NO_TRUMP, STONE_EFFECTS

if TYPE_CHECKING:
    from solver.cardgames.scandaroon.game import ScandaroonGame

MIN_PLAYERS, MAX_PLAYERS = 3, 4  # the PLAY block leaves room for MAX_PLAYERS rows per card


class ActionKind(StrEnum):
    PASS = "pass"
    PLAY = "play"
    ABILITY = "ability"
    STONE = "stone"
    TARGET = "target"
    TRUMP = "trump"
    EFFECT = "effect"
    DONE = "done"
    INVALID = "invalid"


# module-level names for the hot paths (an enum member is slow to look up on its class)
PASS, PLAY, ABILITY, STONE = ActionKind.PASS, ActionKind.PLAY, ActionKind.ABILITY, ActionKind.STONE
TARGET, TRUMP, EFFECT, DONE = ActionKind.TARGET, ActionKind.TRUMP, ActionKind.EFFECT, ActionKind.DONE
INVALID = ActionKind.INVALID


class Actions:
    """The action numbering for a deck of n cards and s symbols (fixed per game)."""

    def __init__(self, cards: int, symbols: int) -> None:
        self.cards, self.symbols = cards, symbols
        self.PASS = 0
        self.PLAY = 1  # + card * MAX_PLAYERS + target seat
        self.ABILITY = self.PLAY + cards * MAX_PLAYERS  # + card
        self.STONE = self.ABILITY + cards  # + card
        self.TARGET = self.STONE + cards  # + card
        self.TRUMP = self.TARGET + cards  # + symbol index; + symbols = no trump
        self.EFFECT = self.TRUMP + symbols + 1  # + index in STONE_EFFECTS
        self.DONE = self.EFFECT + len(STONE_EFFECTS)
        self.size = self.DONE + 1

    def play(self, card: int, seat: int) -> int:
        return self.PLAY + card * MAX_PLAYERS + seat

    def decode(self, action: int) -> tuple[ActionKind, int, int]:
        """(kind, a, b): (PASS,0,0) (PLAY,card,seat) (ABILITY,card,0) (STONE,card,0)
        (TARGET,card,0) (TRUMP,symbol index or -1 for no trump,0) (EFFECT,i,0) (DONE,0,0),
        (INVALID,0,0) for an int that is no action."""
        if action == self.PASS:
            return (PASS, 0, 0)
        if self.PLAY <= action < self.ABILITY:
            card, seat = divmod(action - self.PLAY, MAX_PLAYERS)
            return (PLAY, card, seat)
        if self.ABILITY <= action < self.STONE:
            return (ABILITY, action - self.ABILITY, 0)
        if self.STONE <= action < self.TARGET:
            return (STONE, action - self.STONE, 0)
        if self.TARGET <= action < self.TRUMP:
            return (TARGET, action - self.TARGET, 0)
        if self.TRUMP <= action < self.EFFECT:
            index = action - self.TRUMP
            return (TRUMP, -1 if index == self.symbols else index, 0)
        if self.EFFECT <= action < self.DONE:
            return (EFFECT, action - self.EFFECT, 0)
        if action == self.DONE:
            return (DONE, 0, 0)
        return (INVALID, 0, 0)

    def every_action(self, players: int) -> list[int]:
        """Every player action of a game with `players` seats, legal or not."""
        candidates = [self.PASS, self.DONE]
        for card in range(self.cards):
            candidates += [self.play(card, s) for s in range(players)]
            candidates += [self.ABILITY + card, self.STONE + card, self.TARGET + card]
        candidates += [self.TRUMP + i for i in range(self.symbols + 1)]
        candidates += [self.EFFECT + i for i in range(len(STONE_EFFECTS))]
        return candidates


def seat_name(seat: int) -> str:
    """A seat as people count it: seat 0 is P1."""
    return f"P{seat + 1}"


def seat_values(values: Sequence[int]) -> str:
    """One number per seat as people read it: [0, 7, 7] is 'P1 0, P2 7, P3 7'."""
    return ", ".join(f"{seat_name(seat)} {value}" for seat, value in enumerate(values))


def action_to_string(game: ScandaroonGame, player: int, action: int) -> str:
    """A player action as the player would type it: 'pass', 'play Sultan', 'play Pirate
    to P2', 'use Night Thief', 'stone Emir', 'target Scribe', 'trump moon', 'trump no
    trump', 'effect steal', 'done'."""
    kind, a, b = game.actions.decode(action)
    name = game.card_name
    if kind == PASS:
        return "pass"
    if kind == PLAY:
        card = name(a) if a < len(game.deck) else f"card {a}"
        return f"play {card}" + ("" if b == player else f" to {seat_name(b)}")
    if kind == ABILITY:
        return f"use {name(a)}"
    if kind == STONE:
        return f"stone {name(a)}"
    if kind == TARGET:
        return f"target {name(a)}"
    if kind == TRUMP:
        return "trump " + (NO_TRUMP if a == -1 else game.symbols.names[a])
    if kind == EFFECT:
        return f"effect {STONE_EFFECTS[a]}"
    if kind == DONE:
        return "done"
    return f"invalid action {action}"


def string_to_action(game: ScandaroonGame, player: int, text: str) -> int | None:
    """The player action written as action_to_string writes it (any case), legal or not."""
    wanted = " ".join(text.lower().split())
    for action in game.actions.every_action(game.players):
        if action_to_string(game, player, action).lower() == wanted:
            return action
    return None
