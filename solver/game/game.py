"""What stays fixed while a whole game is played: the deck in use, the board, the players and the
rule parameters; `Game.new_initial_state(seed)` starts a game (docs/game.md, "The whole game").

Setup by the rulebook: the solo cards ("S" on the back, `vocabulary.CARD_RANGES`) are set aside. "All info
cards with delicts on their backs are sorted by the 4 colours, making 4 piles. For the Type C
cards, the colour of the large delict (top) decides": a card's back is its delict (type A), its
first, large delict (type C), its group (type B: the rulebook does not say which delict a group
card's back shows, so this program shows the group, whose colour sorts it), or its location
(type D). The location cards are shuffled together and dealt into two piles. The update's
alternative piles are A, B, C and D, with C and D each split in two ("separate the Location
cards (D) and the District cards (C) into two piles"): six piles either way.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from solver.core import names, vocabulary
from solver.core.board import Board, load_board
from solver.core.cards import Clue, DelictClue, DistrictClue, GroupClue, LocationClue
from solver.core.deck import Deck, load_deck
from solver.core.errors import BadInput
from solver.table.state import Variant, new_game

if TYPE_CHECKING:
    from solver.game.state import State

HAND_SIZE = 4  # "until everyone has 4 cards in hand"
PICK_FROM = 5  # the two-player variant: "take the top 5 cards"
LOCATION_PILES = ("locations 1", "locations 2")
ALTERNATIVE_PILES = ("A", "B", "C 1", "C 2", "D 1", "D 2")


@dataclass(frozen=True)
class Rules:
    """The named rule parameters of a whole game: the board's `variant` (solver.table.state), the
    update's `alternative_piles`, and the first-game tip `first_draws_abc` (the opening draws only
    from piles whose top card shows a delict or a group on its back, types A, B and C). The
    two-player variant's drawing (top 5 of a pile, then up to 2 discards drawn blind) follows
    `variant.is_two_player`."""

    variant: Variant = field(default_factory=Variant)
    alternative_piles: bool = False
    first_draws_abc: bool = False

    @property
    def two_player_drawing(self) -> bool:
        return self.variant.is_two_player


@dataclass(frozen=True)
class Back:
    """What the back of a card shows: its type letter, the delict, group or location on it, and the
    colour that sorts it (None for a location card)."""

    letter: str
    shows: str
    colour: str | None


def back_of(number: int, clue: Clue) -> Back:
    """The back of card `number` (module docstring: a group card's back shows its group)."""
    match clue:
        case DelictClue(delict, _):
            return Back("A", delict, names.GROUP_COLOURS[names.GROUP_OF_DELICT[delict]])
        case GroupClue(group, _):
            return Back("B", group, names.GROUP_COLOURS[group])
        case DistrictClue(delicts, _):
            return Back("C", delicts[0], names.GROUP_COLOURS[names.GROUP_OF_DELICT[delicts[0]]])
        case LocationClue(location, _):
            return Back("D", location, None)
        case _:
            raise BadInput(f"card {number} carries a {clue.kind} clue, which is not played at the table")


class Game:
    """The fixed data of a whole game. `deck` is the bundled deck unless given (`reconstructed` says
    whether its texts are this project's reconstruction rather than the real cards'); the players
    sit in turn order, the first is the start player and the game co-ordinator."""

    def __init__(self, players: Sequence[str] = ("Anna", "Ben", "Carl"), rules: Rules | None = None,
                 deck: Deck | None = None, board: Board | None = None) -> None:
        self.rules = rules or Rules()
        self.players = list(players)
        new_game(self.players, self.rules.variant)  # BadInput for bad names, counts, the variant's 2 players
        if len(self.players) < 2:
            raise BadInput("the whole game is for 2 to 4 players; the solo game is a puzzle (docs/solo.md)")
        self.deck = deck or load_deck()
        self.board = board or load_board()
        at_table = [n for r in vocabulary.CARD_RANGES if r.at_table for n in r.numbers]
        self.set_aside = tuple(n for r in vocabulary.CARD_RANGES if not r.at_table for n in r.numbers)
        self.clues: dict[int, Clue] = {n: self.deck.clue(n) for n in at_table}  # BadInput for a missing text
        self.backs = {n: back_of(n, clue) for n, clue in self.clues.items()}
        self.reconstructed = any(self.deck.cards[n].provenance == "reconstructed" for n in at_table)

    def num_players(self) -> int:
        return len(self.players)

    def pile_layout(self) -> tuple[dict[str, list[int]], list[tuple[str, ...]]]:
        """The six piles before shuffling (cards by number, the top card last), and which piles are
        shuffled together (and dealt back in equal parts)."""
        piles: dict[str, list[int]] = {}
        if self.rules.alternative_piles:
            by_letter = {letter: [n for n, b in self.backs.items() if b.letter == letter] for letter in "ABCD"}
            for letter in "AB":
                piles[letter] = by_letter[letter]
            for letter in "CD":
                half = len(by_letter[letter]) // 2
                piles[f"{letter} 1"], piles[f"{letter} 2"] = by_letter[letter][:half], by_letter[letter][half:]
            return piles, [("A",), ("B",), ("C 1", "C 2"), ("D 1", "D 2")]
        for colour in names.GROUP_COLOURS.values():
            piles[colour] = [n for n, b in self.backs.items() if b.colour == colour]
        located = [n for n, b in self.backs.items() if b.letter == "D"]
        half = len(located) // 2
        piles[LOCATION_PILES[0]], piles[LOCATION_PILES[1]] = located[:half], located[half:]
        return piles, [(colour,) for colour in names.GROUP_COLOURS.values()] + [LOCATION_PILES]

    def new_initial_state(self, seed: int = 0) -> State:
        from solver.game.state import State

        return State(self, seed)
