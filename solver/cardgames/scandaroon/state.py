"""The Scandaroon game state, in the OpenSpiel shape of solver.cardgames.api.

The state holds what changes (hands, rows, piles, the trump track, round, turn, open
choice, history); its `ScandaroonGame` (solver.cardgames.scandaroon.game) holds the
deck, the player count and the action numbering (`actions`). Choices in progress are
in `choices`, the text views in `observation`.

Chance nodes (current_player() == CHANCE): revealing a trump card (outcome = symbol
index), choosing the starting player by lot (outcome = seat) and every card drawn from
the draw pile (outcome = card id; the draw pile is kept as an unordered set, so drawing a
uniformly random remaining card is the same as drawing the top card of a shuffled pile).
They come from the event queue (`queue`, of `Event`s), which also runs the events
that need no chance (the deal, the start of play, the end of a turn after drawing).

Player actions are small ints (see `actions`). Some actions open a choice that the same
player completes with follow-up actions (targets, a new trump, the stone effect, or
`done` when exchanging cards): while such a choice is open, `pending()` describes it
and only its follow-ups are legal.
"""

from __future__ import annotations

import random
from enum import StrEnum
from typing import TYPE_CHECKING, NamedTuple

from solver.cardgames.api import CHANCE, TERMINAL, CardGameState
from solver.cardgames.scandaroon import choices, scoring
from solver.cardgames.scandaroon.actions import (
    ABILITY,
    DONE,
    EFFECT,
    INVALID,
    PASS,
    PLAY,
    STONE,
    TARGET,
    TRUMP,
    ActionKind,
    action_to_string,
    seat_name,
    seat_values,
    string_to_action,
)
from solver.cardgames.scandaroon.choices import Pending
from solver.cardgames.scandaroon.symbols import NO_TRUMP, STONE_EFFECTS
from solver.cardgames.scandaroon.values import current_values, final_values, row_scores

if TYPE_CHECKING:
    from solver.cardgames.scandaroon.game import ScandaroonGame

HAND_SIZE = 5  # "deals 5 cards face down to each player"
LOSER_EXTRA = 1  # "the player who finished in last place ... receives an additional card"
ROUNDS = 4
VP_SCALE = 20  # VP divided by this in the tensors and the round rewards
SHUFFLE_ROUND = 3  # "At the start of the 3rd round (and only then!)"


class EventKind(StrEnum):
    """Events in the queue, and what produced each history entry (`_seen`)."""

    REVEAL_TRUMP = "reveal_trump"  # chance: the next trump card (outcome: symbol index)
    CHOOSE_START = "choose_start"  # chance: the starting player by lot (outcome: seat)
    DEAL = "deal"  # becomes one DRAW per card of the top-up deal
    DRAW = "draw"  # chance: a card from the draw pile for a seat (outcome: card id)
    BEGIN = "begin"  # the starting player moves
    END_TURN = "end_turn"  # the turn ends after the draws of an action
    MOVE = "move"  # a player's action (in the history only)


REVEAL_TRUMP, CHOOSE_START, DEAL = EventKind.REVEAL_TRUMP, EventKind.CHOOSE_START, EventKind.DEAL
DRAW, BEGIN, END_TURN, MOVE = EventKind.DRAW, EventKind.BEGIN, EventKind.END_TURN, EventKind.MOVE


class Event(NamedTuple):
    """An entry of the event queue."""

    kind: EventKind
    seat: int = -1  # the seat that draws (DRAW); -1 for the other events


class ScandaroonState(CardGameState):
    """A whole game; made by `ScandaroonGame.new_initial_state()`."""

    game: ScandaroonGame

    def __init__(self, game: ScandaroonGame) -> None:
        super().__init__(game)
        players = game.players
        self.round = 1
        self.hands: list[list[int]] = [[] for _ in range(players)]
        self.rows: list[list[int]] = [[] for _ in range(players)]
        self.draw_pile: list[int] = list(range(len(game.deck)))
        self.discard: list[int] = []
        self.piles: list[list[int]] = [[] for _ in range(players)]
        self.pile_bonus = [0] * players
        self.stone_used = [False] * players
        self.protected: dict[int, int] = {}  # card -> seat whose stone protects it
        self.boosts: dict[int, int] = {}  # card -> extra points from strengthen abilities
        self.passed = [False] * players
        self.current = 0
        self.start_player: int | None = None
        self.trump: str | None = None  # the trump track: the current trump, None = no trump
        self.trump_card: str | None = None  # this round's face-up trump card (None: no trump)
        self.trump_revealed: list[str] = []
        self.began_no_trump = False
        self.pending_action: Pending | None = None
        self.queue: list[Event] = [Event(REVEAL_TRUMP), Event(CHOOSE_START), Event(DEAL), Event(BEGIN)]
        self.rank_track = [0] * players
        self.no_trump_winners: set[int] = set()
        self.best_score: int | None = None
        self.best_holders: list[int] = []
        self.round_scores: list[list[int]] = []
        self.round_trumps: list[tuple[str | None, str | None]] = []  # (began, ended)
        self.finished = False
        self._seen: list[tuple[EventKind, int]] = []  # per history entry: (event kind, seat)
        self.shuffled_at: int | None = None  # history entries from here on follow the shuffle
        self.log: list[str] = []
        self.keep_log = game.keep_log
        self._run_queue()

    def _note(self, text: str) -> None:
        if self.keep_log:
            self.log.append(text)

    # -- the OpenSpiel shape ---------------------------------------------------------------
    def current_player(self) -> int:
        if self.finished:
            return TERMINAL
        if self.queue:
            return CHANCE
        return self.current

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if not self.queue:
            return []
        options = self._chance_options()
        probability = 1.0 / len(options)
        return [(o, probability) for o in options]

    def _chance_options(self) -> list[int]:
        """The possible outcomes of the next chance event, ascending (all equally likely)."""
        kind = self.queue[0].kind
        if kind == REVEAL_TRUMP:
            return [self.game.symbols.index(s) for s in self._unrevealed_trumps()]
        if kind == CHOOSE_START:
            return list(range(self.game.players))
        return sorted(self.draw_pile)  # draw

    def legal_actions(self, player: int | None = None) -> list[int]:
        seat = self.current_player()
        if player is not None and player != seat:
            return []
        if seat == CHANCE:
            return self._chance_options()
        if seat == TERMINAL:
            return []
        if self.pending_action is not None:
            return sorted(choices.options(self))
        return sorted(self._top_level_actions(seat))

    def illegal_reason(self, action: int) -> str | None:
        seat = self.current_player()
        if seat == TERMINAL:
            return "the game is over"
        if seat == CHANCE:
            possible = self.draw_pile if self.queue[0].kind == DRAW else self._chance_options()
            if action in possible:
                return None
            return f"not a possible chance outcome (the next chance event is {self.queue[0].kind})"
        actions = self.game.actions
        kind, a, b = actions.decode(action)
        if kind == INVALID:
            return f"no such action (actions are 0..{actions.size - 1})"
        pending = self.pending_action
        if pending is not None:
            if action in choices.options(self):
                return None
            return choices.refusal(self, pending)
        if kind in (TARGET, TRUMP, EFFECT, DONE):
            return f"there is no open choice for a {kind}; first pass, play, use or discard a card"
        if kind == PASS:
            return None
        if kind == PLAY:
            return self._play_reason(seat, a, b)
        if kind == ABILITY:
            return self._ability_reason(seat, a)
        return self._stone_reason(seat, a)

    def _apply(self, action: int) -> None:
        if self.queue:
            event = self.queue[0]
            self._seen.append((event.kind, event.seat))
            self._apply_chance(action)
            self._run_queue()
            return
        kind, a, b = self.game.actions.decode(action)
        seat = self.current
        if self.game.round_rewards:
            self._returns_before = self.returns()
        self._seen.append((MOVE, seat))
        pending = self.pending_action
        if pending is not None:
            self._apply_pending(pending, kind, a)
        elif kind == PASS:
            self.passed[seat] = True
            self._note(f"{seat_name(seat)} passes")
            self._end_turn()
        elif kind == PLAY:
            self.hands[seat].remove(a)
            self.rows[b].append(a)
            where = "" if b == seat else f" onto the row of {seat_name(b)}"
            self._note(f"{seat_name(seat)} plays {self.game.card_name(a)}{where}")
            self._end_turn()
        elif kind == ABILITY:
            self._note(f"{seat_name(seat)} uses {self.game.card_name(a)}: "
                       f"{choices.ability_of(self, a).describe()}")
            pending = self.pending_action = Pending(choices.ABILITY, seat, a)
            if not choices.steps_left(self, pending):
                self._resolve_pending(pending)
        elif kind == STONE:
            self._take_out_of_play_or_hand(a, seat)
            self.discard.append(a)
            self.stone_used[seat] = True
            self._note(f"{seat_name(seat)} plays the action stone, discarding {self.game.card_name(a)}")
            pending = self.pending_action = Pending(choices.STONE, seat, a)
            feasible = choices.feasible_stone_effects(self, seat, a)
            if len(feasible) == 1:
                self._choose_stone_effect(pending, feasible[0])
        self._run_queue()

    def is_terminal(self) -> bool:
        return self.finished

    def resample_from_infostate(self, player: int, rng: random.Random) -> ScandaroonState:
        """A state that `player` cannot tell from this one (the same information-state
        string): the cards they cannot see (the others' drawn cards still in hand and
        the draw pile) dealt anew, consistent with what they saw (resample.py); the
        draws in the history are rewritten to match."""
        from solver.cardgames.scandaroon.resample import resample  # it reads states

        return resample(self, player, rng)


    def returns(self) -> list[float]:
        """Winners share 1.0 (a sole winner gets 1, a k-way draw 1/k each), others 0.
        With the game's `round_rewards`, plus the VP so far divided by 20: those earned
        (rank track, no-trump marker) during the game, all of them at the end."""
        players = self.game.players
        shares = [0.0] * players
        if self.finished:
            winners = self.game_winners()
            shares = [1.0 / len(winners) if seat in winners else 0.0 for seat in range(players)]
        if not self.game.round_rewards:
            return shares
        earned = [b["rank"] + b["no_trump"] for b in self.vp_breakdown()]
        vp = self.total_vp() if self.finished else earned
        return [share + points / VP_SCALE for share, points in zip(shares, vp, strict=True)]

    def rewards(self) -> list[float]:
        """The rewards since the last player action (OpenSpiel's convention): with the
        game's `round_rewards`, the VP earned at a round's end (and at the game's end
        the rest of the VP and the share of the win), divided by 20 as in `returns`;
        otherwise the returns at the end."""
        if not self.game.round_rewards:
            return self.returns() if self.finished else [0.0] * self.game.players
        before = getattr(self, "_returns_before", None) or [0.0] * self.game.players
        return [now - then for now, then in zip(self.returns(), before, strict=True)]

    def winner(self) -> int | None:
        """The sole game winner (most VP, then the tie-breaks), None on a draw or before
        the end."""
        winners = self.game_winners() if self.finished else []
        return winners[0] if len(winners) == 1 else None

    def rounds_played(self) -> int:
        return len(self.round_scores)

    def score_history(self) -> list[list[int]]:
        """The score track at the end of each round played."""
        return [list(s) for s in self.round_scores]

    def action_to_string(self, player: int, action: int) -> str:
        """A chance outcome ('trump card moon', 'P2 starts', 'draw Sultan') or a player's
        action as they would type it (actions.action_to_string)."""
        if player == CHANCE or (player is None and self.queue):
            kind = self.queue[0].kind if self.queue else DRAW
            if kind == REVEAL_TRUMP:
                return f"trump card {self.game.symbols.symbols[action].name}"
            if kind == CHOOSE_START:
                return f"{seat_name(action)} starts"
            return f"draw {self.game.card_name(action)}"
        return action_to_string(self.game, player, action)

    def string_to_action(self, player: int, text: str) -> int | None:
        """The action written as action_to_string writes it (any case), legal or not; at
        a chance node (player CHANCE) one of the possible outcomes."""
        if player == CHANCE:
            wanted = " ".join(text.lower().split())
            return next((a for a, _ in self.chance_outcomes()
                         if self.action_to_string(CHANCE, a).lower() == wanted), None)
        return string_to_action(self.game, player, text)

    def clone(self, keep_log: bool = True) -> ScandaroonState:
        twin = ScandaroonState.__new__(ScandaroonState)
        twin.__dict__.update(self.__dict__)
        twin._history = list(self._history)
        twin._seen = list(self._seen)
        twin.hands = [list(h) for h in self.hands]
        twin.rows = [list(r) for r in self.rows]
        twin.draw_pile = list(self.draw_pile)
        twin.discard = list(self.discard)
        twin.piles = [list(p) for p in self.piles]
        twin.pile_bonus = list(self.pile_bonus)
        twin.stone_used = list(self.stone_used)
        twin.protected = dict(self.protected)
        twin.boosts = dict(self.boosts)
        twin.passed = list(self.passed)
        twin.trump_revealed = list(self.trump_revealed)
        p = self.pending_action
        twin.pending_action = None if p is None else p.copy()
        twin.queue = list(self.queue)
        twin.rank_track = list(self.rank_track)
        twin.no_trump_winners = set(self.no_trump_winners)
        twin.best_holders = list(self.best_holders)
        twin.round_scores = [list(s) for s in self.round_scores]
        twin.round_trumps = list(self.round_trumps)
        twin.keep_log = keep_log
        twin.log = list(self.log) if keep_log else []
        return twin

    def __deepcopy__(self, memo: dict[int, object]) -> ScandaroonState:
        """`copy.deepcopy` (as pyspiel's State.clone does it) is `clone`, keeping the log
        setting."""
        return self.clone(keep_log=self.keep_log)

    def __str__(self) -> str:
        """Everything, hands included (for debugging and pyspiel's checks)."""
        name = self.game.card_name
        lines = [f"round {self.round}, trump {self.trump or NO_TRUMP}, "
                 f"{'over' if self.finished else f'{seat_name(self.current)} to move'}, "
                 f"draw pile {len(self.draw_pile)}, discard {len(self.discard)}"]
        for s in range(self.game.players):
            lines.append(f"  {seat_name(s)}: hand {', '.join(name(c) for c in sorted(self.hands[s]))}"
                         f" | row {', '.join(name(c) for c in self.rows[s])}"
                         f" | pile {', '.join(name(c) for c in self.piles[s])}")
        if self.pending_action is not None:
            p = self.pending_action
            lines.append(f"  open choice: {p.kind} {name(p.source)} {p.effect or ''} {p.chosen}")
        return "\n".join(line.rstrip() for line in lines)

    # -- values and victory points ---------------------------------------------------------
    def current_values(self) -> dict[int, int]:
        return current_values(self.game.deck, self.rows, self.boosts)

    def final_values(self) -> dict[int, int]:
        return final_values(self.game.deck, self.rows, self.boosts, self.trump)

    @property
    def scores(self) -> list[int]:
        """Each player's score for the current round (the score track)."""
        return row_scores(self.game.deck, self.rows, self.boosts, self.trump)

    def pile_totals(self) -> list[int]:
        return scoring.pile_totals(self.game.deck, self.piles, self.pile_bonus)

    def vp_breakdown(self) -> list[dict[str, int]]:
        """VP per player by source; pile and highest-score VP as they would be awarded now."""
        piles = scoring.pile_vp(self.pile_totals())
        return [
            {
                "rank": self.rank_track[s],
                "no_trump": scoring.NO_TRUMP_VP if s in self.no_trump_winners else 0,
                "scoring_pile": piles[s],
                "highest_score": scoring.HIGHEST_SCORE_VP if s in self.best_holders else 0,
            }
            for s in range(self.game.players)
        ]

    def total_vp(self) -> list[int]:
        return [sum(b.values()) for b in self.vp_breakdown()]

    def game_winners(self) -> list[int]:
        return scoring.game_winners(self.total_vp(), self.rank_track, self.pile_totals())

    def pending(self) -> Pending | None:
        return self.pending_action

    # -- chance and the event queue ---------------------------------------------------------
    def _unrevealed_trumps(self) -> list[str]:
        return [s for s in self.game.symbols.trump_cards if s not in self.trump_revealed]

    def _apply_chance(self, outcome: int) -> None:
        event = self.queue.pop(0)
        if event.kind == REVEAL_TRUMP:
            symbol = self.game.symbols.symbols[outcome].name
            self.trump_revealed.append(symbol)
            self._set_round_trump(symbol)
        elif event.kind == CHOOSE_START:
            self.start_player = outcome
            self._note(f"{seat_name(outcome)} is the starting player (by lot)")
        else:
            seat = event.seat
            self.draw_pile.remove(outcome)
            self.hands[seat].append(outcome)

    def _set_round_trump(self, symbol: str | None) -> None:
        self.trump_card = symbol
        self.trump = symbol
        self.began_no_trump = symbol is None
        self._note(f"round {self.round}: " + (f"{symbol} is trump" if symbol else "no trump"))

    def _run_queue(self) -> None:
        """Process events that need no chance outcome; stop at a chance event."""
        queue = self.queue
        while queue:
            kind = queue[0].kind
            if kind == REVEAL_TRUMP:
                if self._unrevealed_trumps():
                    return
                # every trump card has been revealed: the pile cycles in revealed order
                queue.pop(0)
                cards = self.trump_revealed
                self._set_round_trump(cards[(self.round - 1 - len(cards)) % len(cards)])
            elif kind == CHOOSE_START:
                return
            elif kind == DRAW:
                if self.draw_pile:
                    return
                queue.pop(0)  # an empty draw pile gives no card (it is not reshuffled)
            elif kind == DEAL:
                queue.pop(0)
                queue[0:0] = [Event(DRAW, seat) for seat in self._deal_order()]
            elif kind == BEGIN:
                queue.pop(0)
                self.current = self._start_seat()
            elif kind == END_TURN:
                queue.pop(0)
                self._end_turn()

    def _deal_order(self) -> list[int]:
        """Top-up deal, one card at a time from the starting player clockwise, until every
        player has 5 hand cards (6 for last place of the previous round)."""
        players = self.game.players
        start = self._start_seat()
        last = scoring.last_place(self.round_scores[-1]) if self.round_scores else []
        need = [max(0, HAND_SIZE + (LOSER_EXTRA if s in last else 0) - len(self.hands[s]))
                for s in range(players)]
        order = []
        while any(need):
            for i in range(players):
                seat = (start + i) % players
                if need[seat]:
                    order.append(seat)
                    need[seat] -= 1
        return order

    def _start_seat(self) -> int:
        """This round's starting player, drawn by lot before the first deal."""
        start = self.start_player
        assert start is not None, "the starting player is drawn before the first deal"
        return start

    # -- turns -------------------------------------------------------------------------------
    def _end_turn(self) -> None:
        if all(self.passed):
            self._end_round()
            return
        players = self.game.players
        seat = self.current
        for _ in range(players):
            seat = (seat + 1) % players
            if not self.passed[seat]:
                self.current = seat
                return

    def _top_level_actions(self, seat: int) -> list[int]:
        game = self.game
        acts, deck = game.actions, game.deck
        result = [acts.PASS]
        open_rows = [t for t in range(game.players) if not self._row_closed(t)]
        for card in self.hands[seat]:
            if deck[card].anywhere:
                result.extend(acts.play(card, t) for t in open_rows)
            elif seat in open_rows:
                result.append(acts.play(card, seat))
        for card in self.rows[seat]:
            if self._ability_reason(seat, card) is None:
                result.append(acts.ABILITY + card)
        if not self.stone_used[seat]:
            for card in self.hands[seat] + self.rows[seat]:
                if self._stone_reason(seat, card) is None:
                    result.append(acts.STONE + card)
        return result

    def _row_closed(self, seat: int) -> bool:
        row = self.rows[seat]
        return bool(row) and self.game.deck[row[-1]].end

    def _play_reason(self, seat: int, card: int, target: int) -> str | None:
        name = self.game.card_name
        if card not in self.hands[seat]:
            return f"{name(card)} is not in your hand"
        if target >= self.game.players:
            return f"there is no player {seat_name(target)}"
        if target != seat and not self.game.deck[card].anywhere:
            return f"{name(card)} has no attach-anywhere symbol; it can only go into your own row"
        if self._row_closed(target):
            return (f"the row of {seat_name(target)} ends with the end card "
                    f"{name(self.rows[target][-1])}; no more cards can be added")
        return None

    def _ability_reason(self, seat: int, card: int) -> str | None:
        name = self.game.card_name
        if card not in self.rows[seat]:
            return f"{name(card)} is not in your row (only abilities of cards in your row)"
        ability = self.game.deck[card].ability
        if ability is None:
            return f"{name(card)} has no ability"
        if card in self.protected:
            return (f"{name(card)} is protected by an action stone and cannot be discarded "
                    "to use its ability")
        if ability.kind == "draw":
            return None if self.draw_pile else "the draw pile is empty"
        if not choices.complete(self, Pending(choices.ABILITY, seat, card)):
            return f"{name(card)}: no valid target ({ability.describe()})"
        return None

    def _stone_reason(self, seat: int, card: int) -> str | None:
        if self.stone_used[seat]:
            return "your action stone is already used (once per game)"
        name = self.game.card_name
        if card in self.rows[seat]:
            if card in self.protected:
                return f"{name(card)} is protected and cannot be discarded"
        elif card not in self.hands[seat]:
            return f"{name(card)} is neither in your hand nor in your row"
        if not choices.feasible_stone_effects(self, seat, card):
            return f"no action-stone effect of {name(card)} can be carried out"
        return None

    # -- carrying out choices -----------------------------------------------------------------
    def _apply_pending(self, p: Pending, kind: ActionKind, a: int) -> None:
        """A follow-up action (kind, a) of the open choice `p`."""
        if kind == EFFECT:
            self._choose_stone_effect(p, STONE_EFFECTS[a])
            return
        if kind == DONE:
            self._resolve_pending(p)
            return
        p.chosen.append(a)
        if not choices.steps_left(self, p) or (
            p.kind == choices.STONE and p.effect == "exchange" and not choices.stone_targets(self, p)
        ):
            self._resolve_pending(p)

    def _choose_stone_effect(self, p: Pending, effect: str) -> None:
        p.effect = effect
        self._note(f"  action stone effect: {effect}")
        if effect == "scoring-pile" or (effect == "exchange" and not choices.stone_targets(self, p)):
            self._resolve_pending(p)

    def _take_out_of_play_or_hand(self, card: int, seat: int) -> None:
        if card in self.hands[seat]:
            self.hands[seat].remove(card)
            return
        self._take_out_of_play(card)

    def _take_out_of_play(self, card: int) -> int:
        for r, row in enumerate(self.rows):
            if card in row:
                row.remove(card)
                self.boosts.pop(card, None)
                self.protected.pop(card, None)
                return r
        raise AssertionError(f"{card} is not in play")

    def _where(self, card: int) -> tuple[int, int]:
        for r, row in enumerate(self.rows):
            if card in row:
                return r, row.index(card)
        raise AssertionError(f"{card} is not in play")

    def _resolve_pending(self, p: Pending) -> None:
        """Carry out the open choice `p` (it is `pending_action`) and close it."""
        self.pending_action = None
        seat = p.seat
        name = self.game.card_name
        draws = 0
        if p.kind == choices.STONE:
            if p.effect == "scoring-pile":
                self.pile_bonus[seat] += scoring.MOON_PILE_BONUS
            elif p.effect == "exchange":
                for card in p.chosen:
                    self.hands[seat].remove(card)
                    self.discard.append(card)
                draws = len(p.chosen)
                self._note(f"  exchanges {len(p.chosen)} hand card(s)")
            elif p.effect == "protect":
                self.protected[p.chosen[0]] = seat
                self._note(f"  protects {name(p.chosen[0])}")
            elif p.effect == "steal":
                self._take_out_of_play(p.chosen[0])
                self.hands[seat].append(p.chosen[0])
                self._note(f"  steals {name(p.chosen[0])}")
        else:
            ability = choices.ability_of(self, p.source)
            if ability.kind == "remove":
                self._take_out_of_play(p.chosen[0])
                self.discard.append(p.chosen[0])
                self._note(f"  removes {name(p.chosen[0])}")
            elif ability.kind == "strengthen":
                self.boosts[p.chosen[0]] = self.boosts.get(p.chosen[0], 0) + ability.amount
                self._note(f"  puts {ability.amount:+d} on {name(p.chosen[0])}")
            elif ability.kind == "swap":
                (r1, i1), (r2, i2) = self._where(p.chosen[0]), self._where(p.chosen[1])
                self.rows[r1][i1], self.rows[r2][i2] = p.chosen[1], p.chosen[0]
                self._note(f"  swaps {name(p.chosen[0])} and {name(p.chosen[1])}")
            elif ability.kind == "trump":
                index = p.chosen[0]
                self.trump = None if index == -1 else self.game.symbols.names[index]
                self._note(f"  the trump is now {self.trump or NO_TRUMP}")
            elif ability.kind == "draw":
                draws = ability.count
            self._take_out_of_play(p.source)
            self.discard.append(p.source)
        if draws:
            self.queue.extend([Event(DRAW, seat)] * draws + [Event(END_TURN)])
        else:
            self._end_turn()

    # -- end of round, next round -----------------------------------------------------------
    def _end_round(self) -> None:
        game = self.game
        scores = self.scores
        self.round_scores.append(scores)
        self.round_trumps.append((self.trump_card, self.trump))
        winners = scoring.round_winners(scores)
        self._note(f"round {self.round} ends with the scores {seat_values(scores)}")
        for seat, card in scoring.pile_placements(game.deck, self.rows, scores):
            self._take_out_of_play(card)
            self.piles[seat].append(card)
            self._note(f"  {seat_name(seat)} puts {game.card_name(card)} on the scoring pile")
        for seat, vp in enumerate(scoring.rank_vp(scores)):
            self.rank_track[seat] += vp
        if self.began_no_trump or self.trump is None:
            self.no_trump_winners.update(winners)
        self.best_score, self.best_holders = scoring.update_highest(
            self.best_score, self.best_holders, winners, scores[winners[0]])
        for row in self.rows:
            self.discard.extend(row)
            row.clear()
        self.protected.clear()
        self.boosts.clear()
        if self.round == self.game.rounds:
            self.finished = True
            self._note(f"game over after round {self.round}")  # VP and winners: total_vp(), game_winners()
            return
        self.round += 1
        self.start_player = scoring.next_starting_player(winners, self._start_seat(), game.players)
        self.passed = [False] * game.players
        if self.round == SHUFFLE_ROUND:
            self.shuffled_at = len(self._history) + 1  # this action's history index + 1
            self.draw_pile.extend(self.discard)
            self.draw_pile.sort()
            self.discard.clear()
        events = [Event(DEAL)]
        if self.trump_card is not None and game.symbols.get(self.trump_card).no_trump_follows:
            self._set_round_trump(None)
        else:
            events.append(Event(REVEAL_TRUMP))
        events.append(Event(BEGIN))
        self.queue.extend(events)
