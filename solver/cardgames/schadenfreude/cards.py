"""Cards as small ints, the two notations (standard and tarot) and the decks.

Card c < 48 is a suited card: suit c // 12, rank index c % 12 over RANK_VALUES (so
within a suit a larger int is a larger value). 48 is the Jester 0, 49 the Jester 10.
"""

from __future__ import annotations

from dataclasses import dataclass

from solver.core.bits import indices
from solver.core.bits import mask_of as mask_of  # part of the cards vocabulary (see cards_of)
from solver.core.errors import BadInput

RANK_VALUES = (-3, -2, -1, 1, 2, 3, 4, 5, 6, 7, 8, 9)
NUM_SUITS = 4
NUM_CARDS = 50
JESTER_0 = 48
JESTER_10 = 49
JESTER_MASK = (1 << JESTER_0) | (1 << JESTER_10)
SUIT_MASKS = tuple(((1 << 12) - 1) << (12 * suit) for suit in range(NUM_SUITS))

# value of each card, and the suit (-1 for Jesters)
VALUE = tuple([RANK_VALUES[c % 12] for c in range(48)] + [0, 10])
SUIT = tuple([c // 12 for c in range(48)] + [-1, -1])

# 3 players: the -2, -1 and 9 of each suit are removed (rulebook "Setup").
THREE_PLAYER_REMOVED_VALUES = (-2, -1, 9)
HAND_SIZE = {3: 12, 4: 12, 5: 10}


def is_jester(card: int) -> bool:
    return card >= JESTER_0


@dataclass(frozen=True)
class Notation:
    """How cards are written at the edges (CLI, transcripts, UI): `card_name` is the
    short name that is typed and that JSON holds, `label` what a person reads."""

    name: str
    suits: tuple[str, ...]
    ranks: tuple[str, ...]  # one per RANK_VALUES entry
    jesters: tuple[str, str]  # names of the 0 and the 10
    jester_labels: tuple[str, str]  # the 0 and the 10 as a person reads them

    def card_name(self, card: int) -> str:
        if card >= JESTER_0:
            return self.jesters[card - JESTER_0]
        return self.suits[card // 12] + self.ranks[card % 12]

    def label(self, card: int) -> str:
        """The card as a person reads it: the Jesters in the rulebook's words."""
        if card >= JESTER_0:
            return self.jester_labels[card - JESTER_0]
        return self.card_name(card)

    def value_name(self, value: int) -> str:
        """A value in a score pile as the deck shows it: '-3' or 'K', '0' or 'Fool'."""
        if value in (0, 10):
            return self.jesters[value // 10] if self.name != "standard" else str(value)
        return self.ranks[RANK_VALUES.index(value)]

    def suit_name(self, suit: int) -> str:
        return self.suits[suit]

    def parse(self, text: str) -> int:
        """The card int for `text`, its name or its label (any case); BadInput names the
        valid cards."""
        card = self._lookup().get(" ".join(text.split()).lower())
        if card is None:
            raise BadInput(
                f"unknown card {text!r} in the {self.name} notation; "
                f"cards are {self.describe()}"
            )
        return card

    def describe(self) -> str:
        return (
            f"a suit {'/'.join(self.suits)} followed by a rank "
            f"{' '.join(self.ranks)} (e.g. {self.card_name(3)}), or {self._jesters()}"
        )

    def _jesters(self) -> str:
        """'the 0 Jester (J0) and the 10 Jester (J10)'; 'the Jesters Fool (0) and X (10)'
        where the names say nothing of Jesters."""
        names, labels = self.jesters, self.jester_labels
        if names == labels:
            return f"the Jesters {names[0]} (0) and {names[1]} (10)"
        return f"the {labels[0]} ({names[0]}) and the {labels[1]} ({names[1]})"

    def _lookup(self) -> dict[str, int]:
        names = {self.card_name(card).lower(): card for card in range(NUM_CARDS)}
        return names | {self.label(card).lower(): card for card in (JESTER_0, JESTER_10)}


STANDARD = Notation(
    "standard",
    suits=("r", "g", "b", "y"),
    ranks=tuple(str(v) for v in RANK_VALUES),
    jesters=("J0", "J10"),
    jester_labels=("0 Jester", "10 Jester"),  # the rulebook: "the 10 Jester card"
)
# Tarot reference: K -3, Q -2, J -1, A-9 are 1-9; the Fool is the 0 Jester, Major X the 10.
TAROT = Notation(
    "tarot",
    suits=("c", "o", "s", "w"),
    ranks=("K", "Q", "J", "A", "2", "3", "4", "5", "6", "7", "8", "9"),
    jesters=("Fool", "X"),
    jester_labels=("Fool", "X"),
)
NOTATIONS = {"standard": STANDARD, "tarot": TAROT}


@dataclass(frozen=True)
class Deck:
    """The cards in play for a player count, written in a notation."""

    players: int
    notation: Notation
    cards: tuple[int, ...]
    hand: int | None = None  # cards per hand; None: the rulebook's for the player count

    @property
    def mask(self) -> int:
        return mask_of(self.cards)

    @property
    def hand_size(self) -> int:
        return HAND_SIZE[self.players] if self.hand is None else self.hand

    @property
    def set_aside(self) -> int:
        return len(self.cards) - self.players * self.hand_size

    def names(self) -> list[str]:
        return [self.notation.card_name(card) for card in self.cards]


def deck_for(players: int, notation: Notation | str = STANDARD) -> Deck:
    """50 cards for 4 or 5 players; the 38-card cut for 3 (the tarot cut is the same
    cards: K, A-8 of each suit plus Fool and X)."""
    if isinstance(notation, str):
        notation = NOTATIONS[notation]
    if players not in HAND_SIZE:
        raise BadInput(f"Schadenfreude is for 3, 4 or 5 players, not {players}")
    cards = tuple(
        card
        for card in range(NUM_CARDS)
        if players != 3 or VALUE[card] not in THREE_PLAYER_REMOVED_VALUES or is_jester(card)
    )
    return Deck(players, notation, cards)


def variant_deck(players: int, notation: Notation | str = STANDARD, suits: int = NUM_SUITS,
                 ranks: tuple[int, ...] | None = None, jesters: bool = True,
                 hand_size: int | None = None) -> Deck:
    """A smaller deck for solvers (the rulebook's with every default): the first `suits`
    suits, the rank values `ranks` in each (None: the rulebook's for the player count),
    the two Jesters or none, `hand_size` cards each (None: the rulebook's). BadInput
    when the deal does not fit the deck."""
    deck = deck_for(players, notation)
    if isinstance(suits, bool) or not isinstance(suits, int) or not 1 <= suits <= NUM_SUITS:
        raise BadInput(f"suits is 1 to {NUM_SUITS}, not {suits!r}")
    if ranks is not None:
        unknown = [v for v in ranks if v not in RANK_VALUES]
        if unknown or not ranks or len(set(ranks)) != len(ranks):
            raise BadInput(f"ranks are distinct values of {' '.join(map(str, RANK_VALUES))}, "
                           f"not {' '.join(map(str, ranks)) or 'none'}")
    kept = RANK_VALUES if ranks is None else ranks
    suited = [c for c in deck.cards if c < JESTER_0] if ranks is None else range(JESTER_0)
    cards = tuple(c for c in suited if c // 12 < suits and VALUE[c] in kept)
    cards += (JESTER_0, JESTER_10) if jesters else ()
    hand = deck.hand_size if hand_size is None else hand_size
    if isinstance(hand, bool) or not isinstance(hand, int) or hand < 1 or hand * players > len(cards):
        raise BadInput(f"{hand!r} cards for each of {players} players do not fit a deck of {len(cards)}")
    return Deck(players, deck.notation, cards, None if hand_size is None else hand)


# A hand (or any set of cards) is a bit mask of card ints; mask_of(cards) is the other way.
# `cards_of` (the card ints in a mask, ascending) is on every hot path (legal actions, the
# deal's chance outcomes), so it looks the cards up 10 bits at a time.
_CHUNK = 10


def _chunk_tables() -> list[list[tuple[int, ...]]]:
    """For each 10-bit slice of a card mask, the cards of every value of the slice."""
    base: list[tuple[int, ...]] = [()] * (1 << _CHUNK)
    for m in range(1, 1 << _CHUNK):
        low = m & -m
        base[m] = (low.bit_length() - 1, *base[m ^ low])
    chunks = (NUM_CARDS + _CHUNK - 1) // _CHUNK
    return [[tuple(c + _CHUNK * k for c in cards) for cards in base] for k in range(chunks)]


_T0, _T1, _T2, _T3, _T4 = _chunk_tables()
_TABLES = (_T0, _T1, _T2, _T3, _T4)
JESTER_CARDS = ((), (JESTER_0,), (JESTER_10,), (JESTER_0, JESTER_10))  # by mask >> JESTER_0


def suit_cards(mask: int, suit: int) -> list[int]:
    """The cards of `mask`, which holds cards of `suit` only, ascending: two lookups
    (a suit's 12 bits lie in two 10-bit slices), for legal plays that follow suit."""
    low = 12 * suit // _CHUNK
    return [*_TABLES[low][mask >> _CHUNK * low & 1023], *_TABLES[low + 1][mask >> _CHUNK * (low + 1) & 1023]]


def cards_of(mask: int) -> list[int]:
    """The card ints in a mask, ascending (as solver.core.bits.indices, faster)."""
    if mask >> NUM_CARDS:
        return indices(mask)
    return [*_T0[mask & 1023], *_T1[mask >> 10 & 1023], *_T2[mask >> 20 & 1023],
            *_T3[mask >> 30 & 1023], *_T4[mask >> 40]]
