"""The whole game's actions as OpenSpiel's ints: a fixed encoding, the same for every player count
and variant (docs/game.md, "OpenSpiel").

Player actions (info cards are numbered 1..72, n below; a delict's or location's place is its
index in `names.DELICTS` or `names.LOCATIONS`, a pile's its index in the game's six piles):

    0..71     Play(n)                    an info card without a choice
    72..359   Play(n, delict)            a group card: 72 + 4(n-1) + the delict's place in the card's group
    360..615  Play("remove", "D@L")      the Remove-one-marker card: 360 + 16 * D + L
    616       Pass()
    617..688  Discard(n)                 617 + n - 1
    689       Decline()
    690..695  Draw(pile)                 690 + pile
    696..725  Pick(pile, depth)          696 + 5 * pile + depth (the two-player variant)
    726       Stop(the player to move)
    727..732  PayShuffle(pile)           727 + pile (the two-player variant: a point for a shuffle)

Chance outcomes: Deal(n) is n - 1 (0..71).
"""

from __future__ import annotations

from solver.core import names, vocabulary
from solver.core.cards import Clue, GroupClue
from solver.game.actions import Action, Deal, Decline, Discard, Draw, Pass, PayShuffle, Pick, Play, Stop
from solver.game.game import PICK_FROM, Game
from solver.table.state import REMOVE

FIRST_CARD = vocabulary.TABLE_CARD_NUMBERS.start
CARDS = len(vocabulary.TABLE_CARD_NUMBERS)  # the info cards at the table, 1..72
GROUP_SIZE = max(len(delicts) for delicts in names.GROUPS.values())
PILES = 6  # either layout (solver.game.game)

PLAY = 0
PLAY_GROUP = PLAY + CARDS
REMOVE_MARKER = PLAY_GROUP + CARDS * GROUP_SIZE
PASS = REMOVE_MARKER + len(names.DELICTS) * len(names.LOCATIONS)
DISCARD = PASS + 1
DECLINE = DISCARD + CARDS
DRAW = DECLINE + 1
PICK = DRAW + PILES
STOP = PICK + PILES * PICK_FROM
PAY_SHUFFLE = STOP + 1
NUM_ACTIONS = PAY_SHUFFLE + PILES
NUM_CHANCE_OUTCOMES = CARDS


class Encoding:
    """The ints of one game's actions: the piles are the game's, a group card's delicts its clue's."""

    def __init__(self, game: Game) -> None:
        self.piles = tuple(game.pile_layout()[0])
        assert len(self.piles) == PILES
        self.clues: dict[int, Clue] = game.clues

    # ----- action -> int ---------------------------------------------------------------------

    def encode(self, action: Action) -> int:
        """The int of a player action (ValueError for one the encoding has no place for)."""
        match action:
            case Play(card, None) if isinstance(card, int):
                return PLAY + card - FIRST_CARD
            case Play(card, choice) if card == REMOVE and choice is not None:
                delict, location = choice.split("@")
                return REMOVE_MARKER + len(names.LOCATIONS) * names.DELICTS.index(delict) \
                    + names.LOCATIONS.index(location)
            case Play(card, choice) if isinstance(card, int) and choice is not None:
                return PLAY_GROUP + GROUP_SIZE * (card - FIRST_CARD) + self._group(card).index(choice)
            case Pass():
                return PASS
            case Discard(card):
                return DISCARD + card - FIRST_CARD
            case Decline():
                return DECLINE
            case Draw(pile):
                return DRAW + self.piles.index(pile)
            case Pick(pile, depth):
                return PICK + PICK_FROM * self.piles.index(pile) + depth
            case Stop():
                return STOP
            case PayShuffle(pile):
                return PAY_SHUFFLE + self.piles.index(pile)
        raise ValueError(f"{action} has no int in the OpenSpiel encoding")

    @staticmethod
    def encode_chance(action: Deal) -> int:
        return action.card - FIRST_CARD

    # ----- int -> action ---------------------------------------------------------------------

    def decode(self, number: int, mover: str) -> Action | None:
        """The player action of `number` (`mover` calls a Stop), None where the encoding has none."""
        segment, offset = self._segment(number)
        match segment:
            case "play":
                return Play(FIRST_CARD + offset)
            case "group":
                card = FIRST_CARD + offset // GROUP_SIZE
                delicts = self._group(card)
                return Play(card, delicts[offset % GROUP_SIZE]) if offset % GROUP_SIZE < len(delicts) else None
            case "remove":
                delict, location = divmod(offset, len(names.LOCATIONS))
                return Play(REMOVE, f"{names.DELICTS[delict]}@{names.LOCATIONS[location]}")
            case "pass":
                return Pass()
            case "discard":
                return Discard(FIRST_CARD + offset)
            case "decline":
                return Decline()
            case "draw":
                return Draw(self.piles[offset])
            case "pick":
                return Pick(self.piles[offset // PICK_FROM], offset % PICK_FROM)
            case "stop":
                return Stop(mover)
            case "pay shuffle":
                return PayShuffle(self.piles[offset])
        return None

    @staticmethod
    def decode_chance(number: int) -> Deal | None:
        return Deal(FIRST_CARD + number) if 0 <= number < NUM_CHANCE_OUTCOMES else None

    def text(self, number: int, chance: bool = False) -> str:
        """A player action (or chance outcome) as a person reads it, the same in every state."""
        if chance:
            deal = self.decode_chance(number)
            return f"deal {deal.card}" if deal else f"no chance outcome {number}"
        action = self.decode(number, "")
        match action:
            case Play(card, choice) if card == REMOVE:
                return f"remove {choice}"
            case Play(card, choice):
                return f"play {card}" + (f" as {choice}" if choice else "")
            case Pass():
                return "pass"
            case Discard(card):
                return f"discard {card}"
            case Decline():
                return "decline"
            case Draw(pile):
                return f"draw {pile}"
            case Pick(pile, depth):
                return f"pick {pile} #{depth + 1}"
            case Stop():
                return "STOP"
            case PayShuffle(pile):
                return f"pay 1 point to shuffle {pile}"
        return f"no action {number}"

    def _segment(self, number: int) -> tuple[str, int]:
        """Which segment of the encoding `number` falls in, and its offset there."""
        bounds = (("play", PLAY), ("group", PLAY_GROUP), ("remove", REMOVE_MARKER), ("pass", PASS),
                  ("discard", DISCARD), ("decline", DECLINE), ("draw", DRAW), ("pick", PICK), ("stop", STOP),
                  ("pay shuffle", PAY_SHUFFLE))
        if not 0 <= number < NUM_ACTIONS:
            return "", 0
        name, start = next((name, start) for name, start in reversed(bounds) if number >= start)
        return name, number - start

    def _group(self, card: int) -> tuple[str, ...]:
        """A group card's delicts in its group's order; none for another card."""
        clue = self.clues.get(card)
        return clue.delicts if isinstance(clue, GroupClue) else ()
