"""The state of a whole game: the table's `GameState` (board, scores, the move stack) with the hands
and the draw piles, whose move it is and which step of the turn (docs/game.md, "The whole game").

The piles are lists of card numbers with the top card last. A hand is a list of info card numbers;
whether its player still holds the "Remove one marker" card is the table's `remove_one_used`.
Both live on the table's state (`table.hands`, `table.piles`), so `table.save()` writes them.

A turn: `Play` a card (rules 1-16, `solver.table.rules.play`), then `Discard` one more card or
`Decline`, then `Draw` as many cards as were played or discarded; or `Pass`, `Discard` any number
of cards, `Decline`, and draw that many plus one. The discards go out of the game with the turn's
move on the table's stack. Then the STOP window (rule 10): each other player in order may `Stop`
or `Decline` while markers can be removed by deduction; then the co-ordinator's check (rule 11:
the top card of each pile, while it is dead) and the end of the game (all 16 tiles, or rule 12).

Every action is pushed with a snapshot of what it changes besides the table's stack; `pop()`
undoes the last one exactly, the table's moves with the table's own `pop()`.
"""

from __future__ import annotations

import contextlib
import copy
import random
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from solver.core import names
from solver.core.cards import Clue, RemoveOneMarker
from solver.core.errors import BadInput
from solver.game.actions import (
    Action,
    Deal,
    Decline,
    Discard,
    Draw,
    IllegalAction,
    Pass,
    PayShuffle,
    Pick,
    Play,
    Shuffle,
    Stop,
)
from solver.game.game import HAND_SIZE, PICK_FROM, Back
from solver.table import deduce, rules
from solver.table.errors import GameGoesOn, Refused
from solver.table.facts import Fact, FactKind
from solver.table.state import FULL_LOCATION, REMOVE, TWO_PLAYER_DISCARDS, GameState, Move, MoveKind, new_game

if TYPE_CHECKING:
    from solver.game.game import Game

CHANCE = -1  # current_player() at a chance node, as in OpenSpiel (pyspiel.PlayerId)
TERMINAL = -4  # current_player() once the game is over


class Step(StrEnum):
    """Which step of the game the next action belongs to."""

    SHUFFLE = "shuffle"  # chance: the next card of the piles being shuffled is dealt (the setup)
    OPENING = "opening"  # the opening draws, one card each in turn until everyone has 4
    PLAY = "play"  # the turn: Play or Pass (the two-player variant: up to 3 cards, Pass ends the turn)
    DISCARD = "discard"  # after a play: Discard one more card, or Decline
    PASS_DISCARD = "pass discard"  # after a pass: Discard any number, then Decline
    PICK = "pick"  # the two-player variant: the one card drawn after the turn, from the top 5 of a pile
    PICK_DISCARD = "pick discard"  # the two-player variant: Discard up to 2, then Decline
    DRAW = "draw"  # the cards owed: Draw, one pile at a time
    STOP = "stop"  # rule 10: the player asked may Stop or Decline
    OVER = "over"


@dataclass
class _Undo:
    """What one action changed besides the table's move stack, for `pop()`."""

    action: Action
    hands: dict[str, list[int]]
    piles: dict[str, list[int]]
    fields: dict[str, Any]
    rng: tuple[Any, ...]
    table_moves: int
    amended: Move | None = None  # the turn's move as it was before a discard joined it


@dataclass
class _Turn:
    """The progress of the current step."""

    step: Step = Step.SHUFFLE
    mover: str = ""  # who acts now (chance: the start player)
    owed: int = 0  # cards still to draw
    discards: list[int] = field(default_factory=list)  # discarded this turn
    asked: list[str] = field(default_factory=list)  # the STOP window: players still to ask, in order
    opening: int = 0  # opening draws done
    to_shuffle: list[tuple[str, ...]] = field(default_factory=list)
    dealt: list[int] = field(default_factory=list)  # the shuffle's pooled order so far
    turns: int = 0  # turns completed
    halted: str | None = None  # why play stopped without the rules' end (`halt`)
    paid_shuffle: bool = False  # the two-player variant: a pile was shuffled for a point this turn
    resume: Step | None = None  # the step a paid shuffle returns to


class State:
    """A whole game in progress; made by `Game.new_initial_state(seed)`."""

    def __init__(self, game: Game, seed: int = 0) -> None:
        self.game = game
        self.seed = seed
        self.rng = random.Random(seed)
        self.table: GameState = new_game(game.players, game.rules.variant)
        piles, together = game.pile_layout()
        self.table.hands = {p: [] for p in game.players}
        self.table.piles = piles
        self.turn = _Turn(mover=game.players[0], to_shuffle=list(together))
        self.actions: list[Action] = []
        self._undo: list[_Undo] = []

    # ----- what a player sees ------------------------------------------------------------

    @property
    def hands(self) -> dict[str, list[int]]:
        assert self.table.hands is not None
        return self.table.hands

    @property
    def piles(self) -> dict[str, list[int]]:
        assert self.table.piles is not None
        return self.table.piles

    @property
    def step(self) -> Step:
        return self.turn.step

    @property
    def mover(self) -> str:
        return self.turn.mover

    def holds_remove(self, player: str) -> bool:
        return player not in self.table.remove_one_used

    def hand_size(self, player: str) -> int:
        """The cards in `player`'s hand, the "Remove one marker" card counted while held."""
        return len(self.hands[player]) + self.holds_remove(player)

    def backs(self, depth: int = 1) -> dict[str, list[Back]]:
        """The backs a player sees: of the top card of each pile (the two-player variant's pick: the
        top `depth` cards, the top card first)."""
        return {name: [self.game.backs[n] for n in reversed(cards[-depth:])] for name, cards in self.piles.items()}

    def clue(self, number: int) -> Clue:
        return self.game.clues[number]

    # ----- OpenSpiel's shape -------------------------------------------------------------------

    def current_player(self) -> int:
        if self.step is Step.OVER:
            return TERMINAL
        if self.step is Step.SHUFFLE:
            return CHANCE
        return self.game.players.index(self.mover)

    def is_chance_node(self) -> bool:
        return self.step is Step.SHUFFLE

    def is_terminal(self) -> bool:
        return self.step is Step.OVER

    def returns(self) -> list[float]:
        return [float(self.table.scores[p]) for p in self.game.players]

    def winners(self) -> list[str]:
        """Every player with the most points: tied leaders all win."""
        best = max(self.table.scores.values())
        return [p for p in self.game.players if self.table.scores[p] == best]

    def end_reason(self) -> str | None:
        """Why the game is over (the table's `finished`, or `halt`'s reason); None while it goes on."""
        if self.table.finished is not None:
            return self.table.finished.value
        return self.turn.halted

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        """At a chance node, its outcomes as OpenSpiel lists them: each card of the piles being
        shuffled that is not dealt yet, by number, each as likely."""
        if not self.is_chance_node():
            return []
        dealt = set(self.turn.dealt)
        left = sorted(n for name in self.turn.to_shuffle[0] for n in self.piles[name] if n not in dealt)
        return [(Deal(n), 1.0 / len(left)) for n in left]

    def sample_chance(self) -> Action:
        """A chance outcome drawn from the state's seeded generator: the seed reproduces the game."""
        return self.rng.choice(self.chance_outcomes())[0]

    def clone(self) -> State:
        """An independent copy sharing the game (its deck and board)."""
        return copy.deepcopy(self, {id(self.game): self.game})

    def fork(self) -> State:
        """An independent copy to play on from here, much cheaper than `clone()` (for searches and
        OpenSpiel's clones): it has no undo stack, so its `pop()` stops where it was forked, and it
        shares the table's recorded moves and the actions, which are not changed once pushed."""
        twin = copy.copy(self)
        twin.table = copy.deepcopy(self.table, {id(self.table.history): list(self.table.history)})
        twin.turn = copy.deepcopy(self.turn)
        twin.rng = random.Random()
        twin.rng.setstate(self.rng.getstate())
        twin.actions = list(self.actions)
        twin._undo = []
        return twin

    def legal_actions(self) -> list[Action]:
        step, hand = self.step, self.hands.get(self.mover, [])
        if step is Step.SHUFFLE:
            return [outcome for outcome, _ in self.chance_outcomes()]
        if step is Step.OPENING:
            return self._draws(opening=True)
        if step is Step.PLAY:
            found: list[Action] = [self._play_action(p) for p in self.ranked_plays()]
            if self.table.overfull() == []:
                found.append(Pass())
            return found
        if step in (Step.DISCARD, Step.PASS_DISCARD):
            return [*(Discard(n) for n in hand), Decline()]
        if step is Step.PICK:
            return [*self._draws(opening=False), *self._paid_shuffles()]
        if step is Step.PICK_DISCARD:
            return [*(Discard(n) for n in hand), Decline(), *self._paid_shuffles()]
        if step is Step.DRAW:
            return [Draw(name) for name, cards in self.piles.items() if cards]
        if step is Step.STOP:
            return [Stop(self.mover), Decline()]
        return []

    def ranked_plays(self) -> list[rules.HandPlay]:
        """The mover's legal plays, most points first (the table's hand advisor); the index of a play
        is into the hand, the "Remove one marker" card (while held) after the info cards."""
        return self.hand_ranking().plays

    def hand_ranking(self) -> rules.HandRanking:
        """The mover's hand checked as `ranked_plays` checks it, with the ways it may not be played."""
        player = self.mover
        numbers: list[int | None] = list(self.hands[player])
        cards: list[rules.Card] = [self.clue(n) for n in self.hands[player]]
        if self.holds_remove(player):
            cards.append(RemoveOneMarker())
            numbers.append(None)
        more = self._keeps_turn()
        ranking = rules.rank_hand(self.table, cards, self.game.board, player, numbers, end_of_turn=not more)
        if not more:
            return ranking
        plays, refused = [], list(ranking.refused)
        for found in ranking.plays:
            overfull = _overfull_after(self.table, found.verdict)
            if not overfull or self._turn_can_end(found):
                plays.append(found)
                continue
            location, count = overfull[0]
            fact = Fact(FactKind.TURN_ENDS_OVERFULL, location=location, count=count)
            refused.append(rules.HandPlay(found.card, found.choice, rules.Verdict(False, 15, fact)))
        refused.sort(key=lambda found: found.card)
        return rules.HandRanking(plays, refused)

    def _keeps_turn(self) -> bool:
        """Whether the next card leaves the turn open: the two-player variant's first and second."""
        table = self.table
        return self.game.rules.two_player_drawing and table.cards_this_turn < table.variant.cards_per_turn - 1

    def _turn_can_end(self, found: rules.HandPlay) -> bool:
        """Rule 15 at the end of the turn: a card that leaves a location with more than 3 markers may
        be played only if the rest of the hand can still end the turn (docs/rules.md, decision 28)."""
        twin = self.fork()
        try:
            twin.apply_action(self._play_action(found))
        except IllegalAction:
            return False
        return True

    def _play_action(self, found: rules.HandPlay) -> Play:
        hand = self.hands[self.mover]
        card: int | str = hand[found.card] if found.card < len(hand) else REMOVE
        return Play(card, found.choice)

    def _paid_shuffles(self) -> list[Action]:
        """The two-player variant: "In return for paying 1 victory point, the active player may
        shuffle 1 draw pile before or after drawing cards" — once a turn, a pile of 2 cards or more."""
        if self.turn.paid_shuffle or self.table.scores[self.mover] < rules.SHUFFLE_PRICE:
            return []
        return [PayShuffle(name) for name, cards in self.piles.items() if len(cards) > 1]

    def _draws(self, opening: bool) -> list[Action]:
        abc = opening and self.game.rules.first_draws_abc
        if self.game.rules.two_player_drawing:
            return [Pick(name, depth) for name, cards in self.piles.items()
                    for depth, number in enumerate(reversed(cards[-PICK_FROM:]))
                    if not abc or self.game.backs[number].letter != "D"]
        return [Draw(name) for name, cards in self.piles.items()
                if cards and (not abc or self.game.backs[cards[-1]].letter != "D")]

    # ----- applying an action ------------------------------------------------------------------

    def apply_action(self, action: Action) -> None:
        """Apply `action` (checked); IllegalAction says why it is refused, the state untouched."""
        if self.step is Step.OVER:
            raise IllegalAction(action, f"the game is over ({self.end_reason()})")
        rng = self.rng.getstate()
        if self._undo and self._undo[-1].rng == rng:  # unchanged since the last action: share it (~20 KB)
            rng = self._undo[-1].rng
        undo = _Undo(action, {p: list(c) for p, c in self.hands.items()},
                     {n: list(c) for n, c in self.piles.items()}, dict(vars(self.turn)),
                     rng, len(self.table.history))
        undo.fields["discards"] = list(self.turn.discards)
        undo.fields["asked"] = list(self.turn.asked)
        undo.fields["to_shuffle"] = list(self.turn.to_shuffle)
        undo.fields["dealt"] = list(self.turn.dealt)
        try:
            undo.amended = self._apply(action)
        except IllegalAction:
            self._restore(undo)
            raise
        self.actions.append(action)
        self._undo.append(undo)

    def pop(self) -> Action:
        """Undo the last action exactly; IndexError when there is none."""
        undo = self._undo.pop()
        self.actions.pop()
        self._restore(undo)
        return undo.action

    def _restore(self, undo: _Undo) -> None:
        while len(self.table.history) > undo.table_moves:
            self.table.pop()
        if undo.amended is not None:  # the turn's move took a discard: back to the move before it
            self._amend(undo.amended)
        self.table.hands, self.table.piles = undo.hands, undo.piles
        self.turn = _Turn(**undo.fields)
        self.rng.setstate(undo.rng)

    def halt(self, reason: str) -> None:
        """End play without the rules' end (a bound on the turns reached): the state is terminal and
        `end_reason()` says why; the table's `finished` stays unset."""
        self.turn.halted = reason
        self.turn.step = Step.OVER

    def _refuse(self, action: Action, expected: str) -> IllegalAction:
        who = "chance" if self.step is Step.SHUFFLE else self.mover
        return IllegalAction(action, f"now is the {self.step.value} step of {who}: {expected}")

    def _apply(self, action: Action) -> Move | None:
        """Apply a checked action; the turn's move before an amending discard, else None."""
        step = self.step
        match action:
            case Deal():
                if step is not Step.SHUFFLE:
                    raise self._refuse(action, "no card is dealt now")
                if action not in self.legal_actions():
                    raise IllegalAction(action, f"card {action.card} is not among the cards being shuffled, "
                                                f"or it is dealt already")
                self.turn.dealt.append(action.card)
                if len(self.turn.dealt) == sum(len(self.piles[name]) for name in self.turn.to_shuffle[0]):
                    self._deal_out(self.turn.dealt)
            case Shuffle():
                if step is not Step.SHUFFLE or action.piles != self.turn.to_shuffle[0] or self.turn.dealt:
                    raise self._refuse(action, "the next chance event is " + (
                        f"shuffling {', '.join(self.turn.to_shuffle[0])}" if step is Step.SHUFFLE else "none"))
                self._shuffle(action)
            case Draw():
                picking = self.game.rules.two_player_drawing and step is Step.OPENING
                if step not in (Step.OPENING, Step.DRAW) or picking:
                    raise self._refuse(action, "no card is drawn blind now")
                if action not in self.legal_actions():
                    raise IllegalAction(action, self._why_not_drawn(action.pile))
                self._take(action.pile, 0)
            case Pick():
                if step not in (Step.OPENING, Step.PICK) or not self.game.rules.two_player_drawing:
                    raise self._refuse(action, "a card is picked from the top 5 only in the two-player variant's draws")
                if action not in self.legal_actions():
                    raise IllegalAction(action, self._why_not_drawn(action.pile, action.depth))
                self._take(action.pile, action.depth)
            case Play():
                if step is not Step.PLAY:
                    raise self._refuse(action, "a card is played only at the start of a turn")
                self._play(action)
            case Pass():
                if step is not Step.PLAY:
                    raise self._refuse(action, "a turn is passed (or ended) only in its play step")
                self._pass(action)
            case Discard():
                if step not in (Step.DISCARD, Step.PASS_DISCARD, Step.PICK_DISCARD):
                    raise self._refuse(action, "no card may be discarded now")
                return self._discard(action)
            case Decline():
                if step not in (Step.DISCARD, Step.PASS_DISCARD, Step.PICK_DISCARD, Step.STOP):
                    raise self._refuse(action, "there is nothing to decline")
                self._decline()
            case PayShuffle():
                if step not in (Step.PICK, Step.PICK_DISCARD) or action not in self._paid_shuffles():
                    raise self._refuse(action, "a pile is shuffled for a point in the two-player variant, once "
                                               "a turn, at its pick or after it, by a player with a point")
                self._pay_shuffle(action)
            case Stop():
                if step is not Step.STOP or action.taker != self.mover:
                    raise self._refuse(action, "STOP is called after a turn, by the player asked")
                deduce.take_stop(self.table, self.game.board, action.taker)
                self.turn.asked.pop(0)
                self._ask_stop()
        return None

    def _why_not_drawn(self, pile: str, depth: int = 0) -> str:
        if pile not in self.piles:
            return f"there is no pile {pile!r}; piles: {', '.join(self.piles)}"
        if len(self.piles[pile]) <= depth:
            return f"pile {pile} holds {len(self.piles[pile])} cards"
        if depth >= PICK_FROM:
            return f"a card is picked from the top {PICK_FROM}"
        return "the first-game tip: the opening draws take only cards with a delict or a group on the back"

    def _shuffle(self, action: Shuffle) -> None:
        pooled = [n for name in action.piles for n in self.piles[name]]
        if sorted(action.order) != sorted(pooled):
            raise IllegalAction(action, "the order is not a permutation of the piles' cards")
        self._deal_out(list(action.order))

    def _deal_out(self, order: list[int]) -> None:
        """The shuffled `order` back into the piles being shuffled, in equal parts, the first pile
        taking the first part; then the next shuffle, or the opening draws."""
        piles = self.turn.to_shuffle.pop(0)
        start = 0
        for index, name in enumerate(piles):
            size = len(order) // len(piles) + (index < len(order) % len(piles))
            self.piles[name] = order[start:start + size]
            start += size
        self.turn.dealt = []
        if not self.turn.to_shuffle:
            self.turn.step, self.turn.resume = self.turn.resume or Step.OPENING, None

    def _pay_shuffle(self, action: PayShuffle) -> None:
        """The point goes on the table's stack; the pile's new order is chance, one Deal a card."""
        rules.pay_shuffle(self.table, action.pile, self.mover)
        self.turn.paid_shuffle, self.turn.resume = True, self.step
        self.turn.to_shuffle = [(action.pile,)]
        self.turn.step = Step.SHUFFLE

    def _take(self, pile: str, depth: int) -> None:
        cards = self.piles[pile]
        self.hands[self.mover].append(cards.pop(len(cards) - 1 - depth))
        if self.step is Step.OPENING:
            self.turn.opening += 1
            players = self.game.players
            if self.turn.opening == HAND_SIZE * len(players) or not any(self.piles.values()):
                self._begin_turn(players[0])
            else:
                self.turn.mover = players[self.turn.opening % len(players)]
        elif self.step is Step.PICK:
            self.turn.step = Step.PICK_DISCARD
        else:
            self.turn.owed -= 1
            if self.turn.owed == 0 or not any(self.piles.values()):
                self._end_turn()

    def _play(self, action: Play) -> None:
        player, table = self.mover, self.table
        if action.card == REMOVE:
            if not self.holds_remove(player):
                raise IllegalAction(action, f"{player} has played the Remove one marker card already")
            card: rules.Card = RemoveOneMarker()
        elif isinstance(action.card, int) and action.card in self.hands[player]:
            card = self.clue(action.card)
        else:
            raise IllegalAction(action, f"card {action.card} is not in {player}'s hand")
        two = self.game.rules.two_player_drawing
        more = self._keeps_turn()
        try:
            verdict, _ = rules.play(table, card, self.game.board, action.record, action.choice, player, more=more)
        except (BadInput, Refused) as error:
            raise IllegalAction(action, str(error)) from None
        if not verdict.playable:
            raise IllegalAction(action, "the rules refuse it", verdict.refusal, verdict)
        if isinstance(action.card, int):
            self.hands[player].remove(action.card)
        if table.overfull() and not self.ranked_plays():  # the caller's undo snapshot puts it back
            raise IllegalAction(action, "the turn could not end: " + table.overfull()[0]
                                + ", whatever the rest of the hand plays")
        if table.finished is not None:  # all 16 tiles: the game ends with the card that placed the last
            self.turn.step = Step.OVER
        elif two:
            self.turn.step, self.turn.owed = Step.PLAY, 0
            if not more:
                self._to_pick()
        else:
            self.turn.step, self.turn.owed = Step.DISCARD, 1

    def _pass(self, action: Pass) -> None:
        try:
            rules.pass_turn(self.table, self.mover)
        except (BadInput, Refused) as error:
            raise IllegalAction(action, str(error)) from None
        if self.game.rules.two_player_drawing:
            self._to_pick()
        else:
            self.turn.step, self.turn.owed = Step.PASS_DISCARD, 1

    def _to_pick(self) -> None:
        """The two-player variant's one card after the turn; with the piles used up, the discards."""
        self.turn.step = Step.PICK if any(self.piles.values()) else Step.PICK_DISCARD

    def _discard(self, action: Discard) -> Move:
        if action.card not in self.hands[self.mover]:
            raise IllegalAction(action, f"card {action.card} is not in {self.mover}'s hand")
        last = next(move for move in reversed(self.table.history) if move.kind is not MoveKind.SHUFFLE)
        self._amend(last, [*self.turn.discards, action.card])
        self.turn.discards.append(action.card)
        self.hands[self.mover].remove(action.card)
        if self.step is Step.PICK_DISCARD:
            if len(self.turn.discards) == TWO_PLAYER_DISCARDS:
                self._decline()
        else:
            self.turn.owed += 1
            if self.step is Step.DISCARD:
                self._decline()
        return last

    def _amend(self, move: Move, discards: list[int] | None = None) -> None:
        """Put `move` (with `discards`, or its own) in the place of the turn's move on the table's
        stack, under the points paid for shuffles since (the two-player variant), which stay on top."""
        above = []
        while self.table.history[-1].kind is MoveKind.SHUFFLE:
            above.append(self.table.pop())
        self.table.pop()
        self._repush(move, discards)
        for shuffle in reversed(above):
            rules.pay_shuffle(self.table, str(shuffle.choice), shuffle.player)

    def _repush(self, move: Move, discards: list[int] | None = None) -> None:
        """Push the turn's move again through the table's checked calls, with `discards` (or its own)."""
        if discards is None:
            discards = [n for n in move.out if n != move.card]
        if move.kind is MoveKind.PASS:
            rules.pass_turn(self.table, move.player, discards)
            return
        card: rules.Card = RemoveOneMarker() if move.card == REMOVE else self.clue(int(str(move.card)))
        verdict, _ = rules.play(self.table, card, self.game.board, move.card, move.choice, move.player,
                                discard=discards)
        assert verdict.playable, "the same card on the same board"

    def _decline(self) -> None:
        if self.step is Step.STOP:
            self.turn.asked.pop(0)
            self._ask_stop()
            return
        if self.step is Step.PICK_DISCARD:
            self.turn.owed = len(self.turn.discards)
        self.turn.step = Step.DRAW
        if self.turn.owed == 0 or not any(self.piles.values()):
            self._end_turn()

    # ----- between turns ------------------------------------------------------------------------

    def _end_turn(self) -> None:
        """The turn is over: the STOP window opens for the other players in turn order."""
        self.turn.turns += 1
        players = self.game.players
        start = players.index(self.mover)
        self.turn.asked = [players[(start + k) % len(players)] for k in range(1, len(players))]
        self._ask_stop()

    def _ask_stop(self) -> None:
        if self.turn.asked and self.table.finished is None and deduce.removable(self.table):
            self.turn.step, self.turn.mover = Step.STOP, self.turn.asked[0]
            return
        self.turn.asked = []
        self._begin_turn(self.table.turn)

    def _begin_turn(self, player: str) -> None:
        """Rule 11 by the co-ordinator, then the end of the game, else `player`'s turn."""
        if self.table.finished is None:
            self._coordinator_check()
        self.turn.discards, self.turn.owed, self.turn.paid_shuffle = [], 0, False
        if self.table.finished is None and not any(self.piles.values()):
            numbers = [n for p in self.game.players for n in self.hands[p]]
            with contextlib.suppress(GameGoesOn):  # rule 12: someone holds a playable info card
                rules.end_game(self.table, [self.clue(n) for n in numbers], self.game.board, numbers)
        if self.table.finished is not None:
            self.turn.step = Step.OVER
            return
        self.turn.step, self.turn.mover = Step.PLAY, player

    def _coordinator_check(self) -> None:
        """Rule 11: the co-ordinator looks at the top card of each pile and takes it out of the game
        while it can never be played again (docs/rules.md, "Rule 11: cards on the draw piles")."""
        while True:
            tops = [(cards[-1], self.clue(cards[-1])) for cards in self.piles.values() if cards]
            move = deduce.take_out_dead(self.table, tops, self.game.board)
            if move is None:
                return
            for cards in self.piles.values():
                if cards and cards[-1] in move.out:
                    cards.pop()

    # ----- checks -------------------------------------------------------------------------------

    def places(self) -> dict[int, str]:
        """Where each card of the deck is: a pile's name, a player's hand, out of the game, set aside."""
        found: dict[int, str] = {n: "set aside" for n in self.game.set_aside}
        for name, cards in self.piles.items():
            found.update({n: f"pile {name}" for n in cards})
        for player, cards in self.hands.items():
            found.update({n: f"hand {player}" for n in cards})
        found.update({n: "out of the game" for n in self.table.out_of_game})
        return found


def _overfull_after(table: GameState, verdict: rules.Verdict) -> list[tuple[str, int]]:
    """The locations that would hold more than 3 markers after `verdict`'s effect, with how many."""
    effect = verdict.effect
    if effect is None or not (effect.placed or table.overfull()):
        return []
    after = {d: set(m) for d, m in table.markers.items()}
    for delict, location in effect.placed:
        after.setdefault(delict, set()).add(location)
    for delict, location in [*effect.removed, *effect.replaced]:
        after[delict].discard(location)
    counts: dict[str, int] = {}
    for locations in after.values():
        for location in locations:
            counts[location] = counts.get(location, 0) + 1
    return [(location, counts[location]) for location in names.LOCATIONS if counts.get(location, 0) > FULL_LOCATION]
