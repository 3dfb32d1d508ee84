"""The game state: chance deals card by card, players play cards, rounds follow until
someone is above 40. OpenSpiel-shaped (see solver.cardgames.api): the state holds what
changes (hands, piles, the trick, scores, round, leader) and refers to its
`SchadenfreudeGame` (solver.cardgames.schadenfreude.game) for the deck, the player
count and the limit."""

from __future__ import annotations

import random
from collections.abc import Sequence
from enum import StrEnum
from math import comb
from typing import TYPE_CHECKING, NamedTuple

from solver.cardgames.api import CHANCE, TERMINAL, CardGameState
from solver.cardgames.schadenfreude import scoring, trick
from solver.cardgames.schadenfreude.cards import (
    JESTER_0,
    JESTER_CARDS,
    JESTER_MASK,
    NUM_CARDS,
    SUIT,
    SUIT_MASKS,
    VALUE,
    Notation,
    cards_of,
    mask_of,
    suit_cards,
)
from solver.cardgames.schadenfreude.scoring import VALUE_BITS

if TYPE_CHECKING:
    from solver.cardgames.schadenfreude.game import SchadenfreudeGame


class Phase(StrEnum):
    """Where a round stands: chance draws the leader and deals, then the players play."""

    LEAD = "lead"  # chance: who leads (the first round, or when every score is shared)
    DEAL = "deal"  # chance: the cards are dealt one by one
    PLAY = "play"  # the players play their cards
    OVER = "over"  # the game has ended


class EventKind(StrEnum):
    """What an entry of the event log (`_events`) records."""

    LEAD = "lead"  # (LEAD, leader, -1)
    DEAL = "deal"  # (DEAL, seat, card dealt to it)
    PLAY = "play"  # (PLAY, seat, card played)


# module-level names for the hot paths (an enum member is slow to look up on its class)
LEAD, DEAL, PLAY, OVER = Phase.LEAD, Phase.DEAL, Phase.PLAY, Phase.OVER
EV_LEAD, EV_DEAL, EV_PLAY = EventKind.LEAD, EventKind.DEAL, EventKind.PLAY


class TrickRecord(NamedTuple):
    """A finished trick (a named tuple: made 12 times a round, on the hot path)."""

    leader: int
    cards: tuple[int, ...]  # in playing order
    winner: int  # seat
    taken: tuple[int, ...]


class SchadenfreudeState(CardGameState):
    """A whole game; made by `SchadenfreudeGame.new_initial_state()`."""

    game: SchadenfreudeGame

    def __init__(self, game: SchadenfreudeGame) -> None:
        super().__init__(game)
        players = game.players
        self._scores = [0] * players
        self.score_log: list[list[int]] = [[0] * players]
        self.round = 1
        self.leader: int | None = game.first_leader  # None until drawn (phase LEAD)
        self._start_round()
        self._events: list[tuple[EventKind, int, int]] = []

    @classmethod
    def from_hands(
        cls,
        hands: Sequence[Sequence[int]],
        leader: int,
        scores: Sequence[int] | None = None,
        notation: Notation | str = "standard",
    ) -> SchadenfreudeState:
        """A state in the play phase with the given hands (for tests and puzzles)."""
        from solver.cardgames.schadenfreude.game import SchadenfreudeGame

        state = cls(SchadenfreudeGame(len(hands), notation, first_leader=leader))
        state.hands = [mask_of(list(hand)) for hand in hands]
        state.undealt = state.game.deck_mask & ~mask_of([c for hand in hands for c in hand])
        state.dealt = sum(len(hand) for hand in hands)
        state.phase = PLAY
        if scores is not None:
            state._scores = list(scores)
            state.score_log = [list(scores)]
        return state

    def _start_round(self) -> None:
        players = self.game.players
        self.hands = [0] * players
        self.piles = [0] * players
        self.undealt = self.game.deck_mask
        self.dealt = 0
        self.trick: list[int] = []
        self.tricks: list[TrickRecord] = []
        self.played = 0  # cards played this round
        self.phase = LEAD if self.leader is None else DEAL

    @property
    def trick_leader(self) -> int:
        """The seat that leads the current trick (after the last trick: its winner). Known
        from the deal on; None in `leader` only while the lead is still to be drawn."""
        leader = self.leader
        if leader is None:
            raise ValueError("the leader is not drawn yet")
        return leader

    # -- OpenSpiel shape -----------------------------------------------------------
    def num_players(self) -> int:
        return self.game.players

    def current_player(self) -> int:
        phase = self.phase
        if phase == PLAY:
            leader = self.leader
            assert leader is not None  # the leader is known from the deal on
            return (leader + len(self.trick)) % self.game.players
        if phase == OVER:
            return TERMINAL
        return CHANCE

    def chance_outcomes(self) -> list[tuple[int, float]]:
        phase = self.phase
        if phase == DEAL:
            if self.game.deal_by_hand:
                return self._hand_deal_outcomes()
            cards = cards_of(self.undealt)
            probability = 1 / len(cards)
            return [(card, probability) for card in cards]
        if phase == LEAD:
            players = self.game.players
            return [(seat, 1 / players) for seat in range(players)]
        return []

    def _hand_deal_outcomes(self) -> list[tuple[int, float]]:
        """The game's `deal_by_hand`: each hand is dealt whole, seat after seat, its cards
        in card order, so a hand is reached by one sequence only; the next card c of a
        seat that still needs r more after it, from the G undealt cards above its last
        one, has probability C(g, r) / C(G, r + 1), g the undealt cards above c. Each
        hand is then a uniform draw from the undealt cards, as in a shuffled deal."""
        hand_size = self.game.hand_size
        seat, k = divmod(self.dealt, hand_size)
        above = cards_of(self.undealt >> (self.hands[seat].bit_length()) << self.hands[seat].bit_length())
        after = hand_size - k - 1
        total = comb(len(above), after + 1)
        outcomes = [(card, comb(len(above) - i - 1, after) / total) for i, card in enumerate(above)]
        return [(card, p) for card, p in outcomes if p > 0]

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def is_chance_node(self) -> bool:
        return self.phase == DEAL or self.phase == LEAD

    def legal_actions(self, player: int | None = None) -> list[int]:
        if self.phase == PLAY and player is None:  # the common case first: legal_mask inlined
            played = self.trick
            hand = self.hands[(self.leader + len(played)) % self.game.players]  # type: ignore[operator]
            for card in played:
                if card < JESTER_0:
                    lead = SUIT[card]
                    follow = hand & SUIT_MASKS[lead]
                    if follow:
                        return [*suit_cards(follow, lead), *JESTER_CARDS[hand >> JESTER_0]]
                    break
            return cards_of(hand)
        if self.phase == PLAY:
            return cards_of(self.legal_mask()) if player == self.current_player() else []
        seat = self.current_player()
        if seat == TERMINAL or (player is not None and player != seat):
            return []
        return [action for action, _ in self.chance_outcomes()]

    def legal_mask(self) -> int:
        """Bitmask of the current player's legal cards (play phase only): the rule of
        `trick.legal_mask`, inlined for the hot path (the lead suit is the suit of the
        first standard card of the trick)."""
        leader = self.leader
        assert leader is not None  # the leader is known from the deal on
        played = self.trick
        hand = self.hands[(leader + len(played)) % self.game.players]
        for card in played:
            if card < JESTER_0:
                follow = hand & SUIT_MASKS[SUIT[card]]
                return (follow | (hand & JESTER_MASK)) if follow else hand
        return hand

    def illegal_reason(self, action: int) -> str | None:
        if self.phase == PLAY and 0 <= action < NUM_CARDS and self.legal_mask() >> action & 1:
            return None  # the common case, checked first
        if self.phase == OVER:
            return "the game is over"
        players = self.game.players
        if self.phase == LEAD:
            return None if 0 <= action < players else f"a leader is a seat 0..{players - 1}"
        if not 0 <= action < NUM_CARDS:
            return f"a card is an int 0..{NUM_CARDS - 1}"
        if self.phase == DEAL:
            if not self.undealt >> action & 1:
                return "that card is already dealt"
            if self.game.deal_by_hand and action not in dict(self._hand_deal_outcomes()):
                return "a hand is dealt in card order, and must still be completed"
            return None
        notation = self.game.notation
        name = notation.label(action)
        seat = self.current_player()
        hand = self.hands[seat]
        if not hand >> action & 1:
            return f"{name} is not in your hand"
        reason = trick.illegal_reason(hand, self.trick, action)
        if reason is None:
            return None
        suit = trick.lead_suit(self.trick)
        assert suit is not None  # before a suit is led, every card in the hand may be played
        followers = " ".join(self.game.card_names(cards_of(hand & SUIT_MASKS[suit])))
        return (
            f"{name} does not follow suit: the lead suit is "
            f"{notation.suit_name(suit)} and you hold {followers} "
            "(a Jester may always be played instead)"
        )

    def apply_action(self, action: int) -> None:
        """Checked, as CardGameState.apply_action; a legal card in the play phase, or a
        card still to deal, takes the short way (the same checks inlined; playing
        inlines `_play`). Anything else is refused there with the reason."""
        if self.phase == PLAY and type(action) is int and 0 <= action < NUM_CARDS:
            played = self.trick
            players = self.game.players
            seat = (self.leader + len(played)) % players  # type: ignore[operator]  # known in PLAY
            hand = self.hands[seat]
            bit = 1 << action
            legal = hand & bit  # in the hand; then a Jester, or following, or unable to follow
            if legal and action < JESTER_0:
                for card in played:
                    if card < JESTER_0:
                        lead = SUIT[card]
                        if SUIT[action] != lead and hand & SUIT_MASKS[lead]:
                            legal = 0
                        break
            if legal:
                self.hands[seat] = hand ^ bit
                self.played |= bit
                played.append(action)
                self._events.append((EV_PLAY, seat, action))
                self._history.append(action)
                if len(played) == players:
                    self._finish_trick()
                return
        elif self.phase == DEAL and type(action) is int and 0 <= action < NUM_CARDS \
                and self.undealt >> action & 1 and not self.game.deal_by_hand:
            self._apply(action)
            self._history.append(action)
            return
        super().apply_action(action)

    def _apply(self, action: int) -> None:
        phase = self.phase
        if phase == PLAY:
            self._play(action)
        elif phase == DEAL:
            game = self.game
            seat = self.dealt // game.hand_size if game.deal_by_hand else self.dealt % game.players
            self.hands[seat] |= 1 << action
            self.undealt ^= 1 << action
            self.dealt += 1
            self._events.append((EV_DEAL, seat, action))
            if self.dealt == game.deal_size:
                self.phase = PLAY
        elif phase == LEAD:
            self.leader = action
            self.phase = DEAL
            self._events.append((EV_LEAD, action, -1))
        else:
            raise ValueError("the game is over")

    def _play(self, card: int) -> None:
        """The current player plays `card` (legal)."""
        played = self.trick
        players = self.game.players
        leader = self.leader
        assert leader is not None  # the leader is known from the deal on
        seat = (leader + len(played)) % players
        bit = 1 << card
        self.hands[seat] ^= bit
        self.played |= bit
        played.append(card)
        self._events.append((EV_PLAY, seat, card))
        if len(played) == players:
            self._finish_trick()

    def _finish_trick(self) -> None:
        """The trick's winner takes its cards (the rules of trick.trick_winner and
        trick.taken_cards, inlined for the hot path: the lead suit is found once, the
        second-highest card of it in one pass) and leads the next trick."""
        played = self.trick
        suit = -1
        for card in played:
            if card < JESTER_0:
                suit = SUIT[card]
                break
        best = second = -1
        best_value = second_value = -99
        for i, card in enumerate(played):
            if card >= JESTER_0 or SUIT[card] == suit:
                value = VALUE[card]
                if value > best_value:
                    second, second_value, best, best_value = best, best_value, i, value
                elif value > second_value:
                    second, second_value = i, value
        position = second if second >= 0 else best
        leader = self.trick_leader
        seat = (leader + position) % self.game.players
        taken = []
        pile = self.piles[seat]
        for i, card in enumerate(played):
            if i == position or (card < JESTER_0 and SUIT[card] != suit):
                taken.append(card)
                pile ^= VALUE_BITS[card]
        self.piles[seat] = pile
        self.tricks.append(TrickRecord(leader, tuple(played), seat, tuple(taken)))
        self.leader = seat
        self.trick = []
        if not any(self.hands):
            self._finish_round()

    def _finish_round(self) -> None:
        points = [scoring.pile_points(pile) for pile in self.piles]
        self.last_round_points = points
        self.last_round_piles = list(self.piles)
        self.last_round_tricks = list(self.tricks)
        before = self._scores
        self._scores = scoring.apply_round(before, points)
        self.round_moves = [a - b for a, b in zip(self._scores, before, strict=True)]
        self.round_end_at = len(self._events)  # the action that ended the round, + 1
        self.score_log.append(list(self._scores))
        if scoring.game_over(self._scores, self.game.limit) or self.round >= self.game.max_rounds:
            self.phase = OVER
            return
        self.round += 1
        self.leader = scoring.next_leader(self._scores)
        self._start_round()

    def resolve_chance(self, rng: random.Random) -> None:
        """Same distribution as drawing chance outcomes one by one, in one shuffle."""
        if self.phase == LEAD:
            self.apply_action_unchecked(rng.randrange(self.game.players))
        if self.phase == DEAL and self.game.deal_by_hand:
            super().resolve_chance(rng)
        elif self.phase == DEAL:
            needed = self.game.deal_size - self.dealt
            self._deal(rng.sample(cards_of(self.undealt), needed))

    def _deal(self, cards: Sequence[int]) -> None:
        """Deal `cards` (undealt, in dealing order, at most the rest of the deal) as
        that many chance actions would: the fast path of `resolve_chance`."""
        players = self.game.players
        hands, events = self.hands, self._events
        seat = self.dealt % players
        undealt = self.undealt
        for card in cards:
            hands[seat] |= 1 << card
            undealt ^= 1 << card
            events.append((EV_DEAL, seat, card))
            seat += 1
            if seat == players:
                seat = 0
        self.undealt = undealt
        self.dealt += len(cards)
        self._history.extend(cards)
        if self.dealt == self.game.deal_size:
            self.phase = PLAY

    def resample_from_infostate(self, player: int, rng: random.Random) -> SchadenfreudeState:
        """A state that `player` cannot tell from this one (the same information-state
        string), with the cards they cannot see dealt anew: the other hands by
        `resample.consistent_hands` (hand sizes kept, shown voids respected), the rest
        set aside or still to deal. This round's deal in the history and the event log
        is rewritten to match (each seat is dealt its new cards in the places where it
        was dealt cards before), so the history replays to the new state."""
        from solver.cardgames.schadenfreude.resample import consistent_hands  # it reads states

        twin = self.clone()
        if self.phase in (LEAD, OVER) or not 0 <= player < self.game.players:
            return twin
        twin.hands = consistent_hands(self, player, rng)
        twin.undealt = self.game.deck_mask & ~self.played
        for hand in twin.hands:
            twin.undealt &= ~hand
        twin._rewrite_deal(player)
        return twin

    def _rewrite_deal(self, player: int) -> None:
        """Make this round's deal entries (history and events) agree with the hands:
        every seat but `player` gets its hand and its cards played this round, in card
        order, in the deal places it had."""
        events = self._events
        end = len(events)
        while end and events[end - 1][0] != EV_DEAL:
            end -= 1
        start = end
        while start and events[start - 1][0] == EV_DEAL:
            start -= 1
        dealt = [cards_of(hand) for hand in self.hands]
        for kind, seat, card in events[end:]:
            if kind == EV_PLAY:
                dealt[seat].append(card)
        queues = [sorted(cards, reverse=True) for cards in dealt]
        for index in range(start, end):  # an event per action: the history is aligned
            _, seat, _ = events[index]
            if seat != player:
                card = queues[seat].pop()
                events[index] = (EV_DEAL, seat, card)
                self._history[index] = card

    def returns(self) -> list[float]:
        """1 for the winner at the end, 0 otherwise; with the game's `round_rewards`,
        plus each score divided by the limit (the sum of the round rewards so far)."""
        best = self.winner()
        wins = [1.0 if seat == best else 0.0 for seat in range(self.game.players)]
        if not self.game.round_rewards:
            return wins
        limit = self.game.limit
        return [win + score / limit for win, score in zip(wins, self._scores, strict=True)]

    def rewards(self) -> list[float]:
        """The rewards since the last player action (OpenSpiel's convention: the chance
        actions in between, such as the next deal, keep them): with the game's
        `round_rewards`, once a round has ended each seat's move on the score track
        divided by the limit, plus at the end of the game the 0/1 of `returns`;
        otherwise the returns at the end."""
        players = self.game.players
        if not self.game.round_rewards:
            return self.returns() if self.phase == OVER else [0.0] * players
        end = getattr(self, "round_end_at", None)
        if end is None or any(kind == EV_PLAY for kind, _, _ in self._events[end:]):
            return [0.0] * players
        best = self.winner()
        limit = self.game.limit
        return [move / limit + (1.0 if seat == best else 0.0)
                for seat, move in enumerate(self.round_moves)]

    def winner(self) -> int | None:
        """The rulebook's winner (scoring.winner) once the game is over, also when it
        ended at the round cap with nobody above the limit; possibly nobody."""
        if self.phase != OVER:
            return None
        return scoring.winner(self._scores, self.game.limit)

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
            return f"deal {self.game.card_name(action)}"
        return self.game.card_name(action)

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

    def __deepcopy__(self, memo: dict[int, object]) -> SchadenfreudeState:
        """`copy.deepcopy` (as pyspiel's State.clone does it) is `clone`: the game is
        shared, everything that changes is copied."""
        return self.clone()

    def __str__(self) -> str:
        names = self.game.card_names
        lines = [f"round {self.round}, phase {self.phase}, scores {self._scores}"]
        for seat in range(self.game.players):
            hand = " ".join(names(cards_of(self.hands[seat])))
            lines.append(f"  {seat}: {hand}  pile {scoring.pile_values(self.piles[seat])}")
        lines.append(f"  trick: {' '.join(names(self.trick))}")
        return "\n".join(lines)
