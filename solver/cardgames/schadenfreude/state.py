"""The game state: chance deals card by card, players play cards, rounds follow until
someone is above 40. OpenSpiel-shaped (see solver.cardgames.api)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from solver.cardgames.api import CHANCE, TERMINAL, GameState
from solver.cardgames.schadenfreude import scoring, trick
from solver.cardgames.schadenfreude.cards import (
    NUM_CARDS,
    SUIT_MASKS,
    Deck,
    Notation,
    cards_of,
    deck_for,
    mask_of,
)

LEAD, DEAL, PLAY, OVER = "lead", "deal", "play", "over"
# event kinds in the log
EV_LEAD, EV_DEAL, EV_PLAY = 0, 1, 2


@dataclass(frozen=True)
class TrickRecord:
    leader: int
    cards: tuple[int, ...]  # in playing order
    winner: int  # seat
    taken: tuple[int, ...]


class SchadenfreudeState(GameState):
    """A whole game. `first_leader=None` draws the first leader at random (a chance
    node), as the rulebook allows; a seat number fixes it."""

    def __init__(
        self,
        players: int = 4,
        notation: Notation | str = "standard",
        first_leader: int | None = None,
        limit: int = scoring.LIMIT,
    ):
        super().__init__()
        self.deck: Deck = deck_for(players, notation)
        self.players = players
        self.limit = limit
        self._scores = [0] * players
        self.score_log: list[list[int]] = [[0] * players]
        self.round = 1
        self.leader: int | None = first_leader
        self._start_round()
        self._events: list[tuple[int, int, int]] = []

    @classmethod
    def from_hands(
        cls,
        hands: Sequence[Sequence[int]],
        leader: int,
        scores: Sequence[int] | None = None,
        notation: Notation | str = "standard",
    ) -> SchadenfreudeState:
        """A state in the play phase with the given hands (for tests and puzzles)."""
        state = cls(len(hands), notation, first_leader=leader)
        state.hands = [mask_of(list(hand)) for hand in hands]
        state.undealt = state.deck.mask & ~mask_of([c for hand in hands for c in hand])
        state.dealt = sum(len(hand) for hand in hands)
        state.phase = PLAY
        if scores is not None:
            state._scores = list(scores)
            state.score_log = [list(scores)]
        return state

    def _start_round(self) -> None:
        self.hands = [0] * self.players
        self.piles = [0] * self.players
        self.undealt = self.deck.mask
        self.dealt = 0
        self.trick: list[int] = []
        self.tricks: list[TrickRecord] = []
        self.played = 0  # cards played this round
        self.phase = LEAD if self.leader is None else DEAL

    # -- OpenSpiel shape -----------------------------------------------------------
    def num_players(self) -> int:
        return self.players

    def current_player(self) -> int:
        phase = self.phase
        if phase == PLAY:
            return (self.leader + len(self.trick)) % self.players
        if phase == OVER:
            return TERMINAL
        return CHANCE

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.phase == LEAD:
            return [(seat, 1 / self.players) for seat in range(self.players)]
        if self.phase == DEAL:
            cards = cards_of(self.undealt)
            return [(card, 1 / len(cards)) for card in cards]
        return []

    def legal_actions(self, player: int | None = None) -> list[int]:
        seat = self.current_player()
        if player is not None and player != seat:
            return []
        if seat == TERMINAL:
            return []
        if seat == CHANCE:
            return [action for action, _ in self.chance_outcomes()]
        return cards_of(self.legal_mask())

    def legal_mask(self) -> int:
        """Bitmask of the current player's legal cards (play phase only)."""
        seat = (self.leader + len(self.trick)) % self.players
        return trick.legal_mask(self.hands[seat], trick.lead_suit(self.trick))

    def illegal_reason(self, action: int) -> str | None:
        if self.phase == PLAY and 0 <= action < NUM_CARDS and self.legal_mask() >> action & 1:
            return None  # the common case, checked first
        if self.phase == OVER:
            return "the game is over"
        if self.phase == LEAD:
            return None if 0 <= action < self.players else f"a leader is a seat 0..{self.players - 1}"
        if not 0 <= action < NUM_CARDS:
            return f"a card is an int 0..{NUM_CARDS - 1}"
        if self.phase == DEAL:
            return None if self.undealt >> action & 1 else "that card is already dealt"
        name = self.deck.notation.card_name(action)
        seat = self.current_player()
        hand = self.hands[seat]
        if not hand >> action & 1:
            return f"{name} is not in your hand"
        reason = trick.illegal_reason(hand, self.trick, action)
        if reason is None:
            return None
        suit = trick.lead_suit(self.trick)
        followers = " ".join(self.card_names(cards_of(hand & SUIT_MASKS[suit])))
        return (
            f"{name} does not follow suit: the lead suit is "
            f"{self.deck.notation.suit_name(suit)} and you hold {followers} "
            "(a wild may always be played instead)"
        )

    def _apply(self, action: int) -> None:
        phase = self.phase
        if phase == PLAY:
            seat = (self.leader + len(self.trick)) % self.players
            self.hands[seat] ^= 1 << action
            self.played |= 1 << action
            self.trick.append(action)
            self._events.append((EV_PLAY, seat, action))
            if len(self.trick) == self.players:
                self._finish_trick()
        elif phase == DEAL:
            seat = self.dealt % self.players
            self.hands[seat] |= 1 << action
            self.undealt ^= 1 << action
            self.dealt += 1
            self._events.append((EV_DEAL, seat, action))
            if self.dealt == self.players * self.deck.hand_size:
                self.phase = PLAY
        elif phase == LEAD:
            self.leader = action
            self.phase = DEAL
            self._events.append((EV_LEAD, action, -1))
        else:
            raise ValueError("the game is over")

    def _finish_trick(self) -> None:
        position = trick.trick_winner(self.trick)
        seat = (self.leader + position) % self.players
        taken = trick.taken_cards(self.trick, position)
        self.piles[seat] = scoring.take(self.piles[seat], taken)
        self.tricks.append(TrickRecord(self.leader, tuple(self.trick), seat, tuple(taken)))
        self.leader = seat
        self.trick = []
        if not any(self.hands):
            self._finish_round()

    def _finish_round(self) -> None:
        points = [scoring.pile_points(pile) for pile in self.piles]
        self.last_round_points = points
        self.last_round_piles = list(self.piles)
        self.last_round_tricks = list(self.tricks)
        self._scores = scoring.apply_round(self._scores, points)
        self.score_log.append(list(self._scores))
        if scoring.game_over(self._scores, self.limit):
            self.phase = OVER
            return
        self.round += 1
        self.leader = scoring.next_leader(self._scores)
        self._start_round()

    def resolve_chance(self, rng: random.Random) -> None:
        """Same distribution as drawing chance outcomes one by one, in one shuffle."""
        if self.phase == LEAD:
            self.apply_action_unchecked(rng.randrange(self.players))
        if self.phase == DEAL:
            needed = self.players * self.deck.hand_size - self.dealt
            for card in rng.sample(cards_of(self.undealt), needed):
                self.apply_action_unchecked(card)

    def returns(self) -> list[float]:
        best = self.winner()
        return [1.0 if seat == best else 0.0 for seat in range(self.players)]

    def winner(self) -> int | None:
        if self.phase != OVER:
            return None
        return scoring.winner(self._scores, self.limit)

    @property
    def scores(self) -> list[int]:
        """The score track: each player's total after the rounds played."""
        return list(self._scores)

    def rounds_played(self) -> int:
        return len(self.score_log) - 1

    def score_history(self) -> list[list[int]]:
        """The score track before the first round and after each round."""
        return [list(scores) for scores in self.score_log]

    def action_to_string(self, player: int, action: int) -> str:
        if self.phase == LEAD:
            return f"leader {action}"
        if self.phase == DEAL:
            return f"deal {self.deck.notation.card_name(action)}"
        return self.deck.notation.card_name(action)

    def card_names(self, cards: Sequence[int]) -> list[str]:
        return [self.deck.notation.card_name(card) for card in cards]

    def observation_string(self, player: int) -> str:
        """What `player` sees now: scores, score piles, own hand, this round's tricks."""
        names = self.card_names
        lines = [
            f"seat {player}; round {self.round}; scores {self.scores}",
            "hand: " + " ".join(names(cards_of(self.hands[player]))),
            "piles: " + "; ".join(
                f"{seat}:{scoring.pile_values(pile)}" for seat, pile in enumerate(self.piles)
            ),
            "tricks: " + " | ".join(
                f"{t.leader}:{' '.join(names(t.cards))}>{t.winner}" for t in self.tricks
            ),
            f"trick: {' '.join(names(self.trick))}"
            + (f" (led by {self.leader})" if self.phase == PLAY else ""),
        ]
        return "\n".join(lines)

    def information_state_string(self, player: int) -> str:
        """Perfect recall: every public event since the start plus the cards dealt to
        `player` (cards dealt to others show as '?')."""
        names = self.deck.notation.card_name
        events = []
        for kind, seat, card in self._events:
            if kind == EV_LEAD:
                events.append(f"L{seat}")
            elif kind == EV_DEAL:
                events.append(names(card) if seat == player else "?")
            else:
                events.append(f"{seat}:{names(card)}")
        return self.observation_string(player) + "\nhistory: " + " ".join(events)

    def clone(self) -> SchadenfreudeState:
        twin = object.__new__(SchadenfreudeState)
        twin.__dict__.update(self.__dict__)
        twin._history = list(self._history)
        twin._events = list(self._events)
        twin._scores = list(self._scores)
        twin.score_log = [list(s) for s in self.score_log]
        twin.hands = list(self.hands)
        twin.piles = list(self.piles)
        twin.trick = list(self.trick)
        twin.tricks = list(self.tricks)
        return twin

    def __str__(self) -> str:
        lines = [f"round {self.round}, phase {self.phase}, scores {self.scores}"]
        for seat in range(self.players):
            hand = " ".join(self.card_names(cards_of(self.hands[seat])))
            lines.append(f"  {seat}: {hand}  pile {scoring.pile_values(self.piles[seat])}")
        lines.append(f"  trick: {' '.join(self.card_names(self.trick))}")
        return "\n".join(lines)
