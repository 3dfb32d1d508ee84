"""The Scandaroon game state, in the OpenSpiel shape of solver.cardgames.api.

Chance nodes (current_player() == CHANCE): revealing a trump card (outcome = symbol
index), choosing the starting player by lot (outcome = seat) and every card drawn from
the draw pile (outcome = card id; the draw pile is kept as an unordered set, so drawing a
uniformly random remaining card is the same as drawing the top card of a shuffled pile).

Player actions are small ints (see `Actions`). Some actions open a choice that the same
player completes with follow-up actions (targets, a new trump, the stone effect, or
`done` when exchanging cards): while such a choice is open, `pending()` describes it
and only its follow-ups are legal.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from solver.cardgames.api import CHANCE, TERMINAL, GameState, Observer
from solver.cardgames.scandaroon import scoring
from solver.cardgames.scandaroon.symbols import NO_TRUMP, STONE_EFFECTS
from solver.cardgames.scandaroon.values import current_values, final_values, row_scores

if TYPE_CHECKING:
    from solver.cardgames.scandaroon.game import ScandaroonGame

MIN_PLAYERS, MAX_PLAYERS = 3, 4
HAND_SIZE = 5  # "deals 5 cards face down to each player"
LOSER_EXTRA = 1  # "the player who finished in last place ... receives an additional card"
ROUNDS = 4
SHUFFLE_ROUND = 3  # "At the start of the 3rd round (and only then!)"
EXCHANGE_MAX = 3  # star: "up to 3 of their hand cards"


class Actions:
    """The action numbering for a deck of n cards and s symbols (fixed per game)."""

    def __init__(self, cards: int, symbols: int):
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

    def decode(self, action: int) -> tuple[str, int, int]:
        """(kind, a, b): ('pass',0,0) ('play',card,seat) ('ability',card,0) ('stone',card,0)
        ('target',card,0) ('trump',symbol index or -1 for no trump,0) ('effect',i,0) ('done',0,0)."""
        if action == self.PASS:
            return ("pass", 0, 0)
        if self.PLAY <= action < self.ABILITY:
            card, seat = divmod(action - self.PLAY, MAX_PLAYERS)
            return ("play", card, seat)
        if self.ABILITY <= action < self.STONE:
            return ("ability", action - self.ABILITY, 0)
        if self.STONE <= action < self.TARGET:
            return ("stone", action - self.STONE, 0)
        if self.TARGET <= action < self.TRUMP:
            return ("target", action - self.TARGET, 0)
        if self.TRUMP <= action < self.EFFECT:
            index = action - self.TRUMP
            return ("trump", -1 if index == self.symbols else index, 0)
        if self.EFFECT <= action < self.DONE:
            return ("effect", action - self.EFFECT, 0)
        if action == self.DONE:
            return ("done", 0, 0)
        return ("invalid", 0, 0)


@dataclass
class Pending:
    """An action in progress: the same player still has to choose."""

    kind: str  # 'ability' or 'stone'
    seat: int
    source: int  # the ability card, or the card discarded for the action stone
    effect: str | None = None  # stone effect once chosen
    chosen: list[int] = field(default_factory=list)


class ScandaroonState(GameState):
    """A whole game; made by `ScandaroonGame.new_initial_state()`."""

    game: ScandaroonGame

    def __init__(self, game: ScandaroonGame):
        super().__init__(game)
        players = game.players
        deck = game.deck
        self.round = 1
        self.hands: list[list[int]] = [[] for _ in range(players)]
        self.rows: list[list[int]] = [[] for _ in range(players)]
        self.draw_pile: list[int] = list(range(len(deck)))
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
        self.queue: list[tuple] = [("reveal_trump",), ("choose_start",), ("deal",), ("begin",)]
        self.rank_track = [0] * players
        self.no_trump_winners: set[int] = set()
        self.best_score: int | None = None
        self.best_holders: list[int] = []
        self.round_scores: list[list[int]] = []
        self.round_trumps: list[tuple[str | None, str | None]] = []  # (began, ended)
        self.finished = False
        self._seen: list[tuple[str, int]] = []  # per history entry: (event kind, seat)
        self.log: list[str] = []
        self.keep_log = game.keep_log
        self._run_queue()

    # -- names -----------------------------------------------------------------------------
    def seat_name(self, seat: int) -> str:
        return f"P{seat}"

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
        kind = self.queue[0][0]
        if kind == "reveal_trump":
            options = [self.game.symbols.index(s) for s in self._unrevealed_trumps()]
        elif kind == "choose_start":
            options = list(range(self.game.players))
        else:  # draw
            options = sorted(self.draw_pile)
        return [(o, 1.0 / len(options)) for o in options]

    def legal_actions(self, player: int | None = None) -> list[int]:
        seat = self.current_player()
        if player is not None and player != seat:
            return []
        if seat == CHANCE:
            return [a for a, _ in self.chance_outcomes()]
        if seat == TERMINAL:
            return []
        if self.pending_action is not None:
            return sorted(self._pending_options())
        return sorted(self._top_level_actions(seat))

    def illegal_reason(self, action: int) -> str | None:
        seat = self.current_player()
        if seat == TERMINAL:
            return "the game is over"
        if seat == CHANCE:
            if action in (a for a, _ in self.chance_outcomes()):
                return None
            return f"not a possible chance outcome (the next chance event is {self.queue[0][0]})"
        kind, a, b = self.game.actions.decode(action)
        if kind == "invalid":
            return f"no such action (actions are 0..{self.game.actions.size - 1})"
        if self.pending_action is not None:
            if action in self._pending_options():
                return None
            return self._pending_reason(kind, a)
        if kind in ("target", "trump", "effect", "done"):
            return f"there is no open choice for a {kind}; first pass, play, use or discard a card"
        if kind == "pass":
            return None
        if kind == "play":
            return self._play_reason(seat, a, b)
        if kind == "ability":
            return self._ability_reason(seat, a)
        return self._stone_reason(seat, a)

    def _apply(self, action: int) -> None:
        if self.queue:
            event = self.queue[0]
            self._seen.append((event[0], event[1] if event[0] == "draw" else -1))
            self._apply_chance(action)
            self._run_queue()
            return
        kind, a, b = self.game.actions.decode(action)
        seat = self.current
        self._seen.append(("move", seat))
        if self.pending_action is not None:
            self._apply_pending(kind, a)
        elif kind == "pass":
            self.passed[seat] = True
            self._note(f"{self.seat_name(seat)} passes")
            self._end_turn()
        elif kind == "play":
            self.hands[seat].remove(a)
            self.rows[b].append(a)
            where = "" if b == seat else f" onto the row of {self.seat_name(b)}"
            self._note(f"{self.seat_name(seat)} plays {self.game.card_name(a)}{where}")
            self._end_turn()
        elif kind == "ability":
            self._note(f"{self.seat_name(seat)} uses {self.game.card_name(a)}: "
                       f"{self.game.deck[a].ability.describe()}")
            self.pending_action = Pending("ability", seat, a)
            if not self._pending_steps_left():
                self._resolve_pending()
        elif kind == "stone":
            self._take_out_of_play_or_hand(a, seat)
            self.discard.append(a)
            self.stone_used[seat] = True
            self._note(f"{self.seat_name(seat)} plays the action stone, discarding {self.game.card_name(a)}")
            self.pending_action = Pending("stone", seat, a)
            feasible = self._feasible_stone_effects(seat, a)
            if len(feasible) == 1:
                self._choose_stone_effect(feasible[0])
        self._run_queue()

    def is_terminal(self) -> bool:
        return self.finished

    def returns(self) -> list[float]:
        """Winners share 1.0 (a sole winner gets 1, a k-way draw 1/k each), others 0."""
        if not self.finished:
            return [0.0] * self.game.players
        winners = self.game_winners()
        return [1.0 / len(winners) if seat in winners else 0.0 for seat in range(self.game.players)]

    def winner(self) -> int | None:
        winners = self.game_winners() if self.finished else []
        return winners[0] if len(winners) == 1 else None

    def rounds_played(self) -> int:
        return len(self.round_scores)

    def score_history(self) -> list[list[int]]:
        """The score track at the end of each round played."""
        return [list(s) for s in self.round_scores]

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
        twin.pending_action = None if p is None else Pending(p.kind, p.seat, p.source, p.effect,
                                                              list(p.chosen))
        twin.queue = list(self.queue)
        twin.rank_track = list(self.rank_track)
        twin.no_trump_winners = set(self.no_trump_winners)
        twin.best_holders = list(self.best_holders)
        twin.round_scores = [list(s) for s in self.round_scores]
        twin.round_trumps = list(self.round_trumps)
        twin.keep_log = keep_log
        twin.log = list(self.log) if keep_log else []
        return twin

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
        if event[0] == "reveal_trump":
            symbol = self.game.symbols.symbols[outcome].name
            self.trump_revealed.append(symbol)
            self._set_round_trump(symbol)
        elif event[0] == "choose_start":
            self.start_player = outcome
            self._note(f"{self.seat_name(outcome)} is the starting player (by lot)")
        else:
            seat = event[1]
            self.draw_pile.remove(outcome)
            self.hands[seat].append(outcome)

    def _set_round_trump(self, symbol: str | None) -> None:
        self.trump_card = symbol
        self.trump = symbol
        self.began_no_trump = symbol is None
        self._note(f"round {self.round}: " + (f"{symbol} is trump" if symbol else "no trump"))

    def _run_queue(self) -> None:
        """Process events that need no chance outcome; stop at a chance event."""
        while self.queue:
            event = self.queue[0]
            kind = event[0]
            if kind == "reveal_trump":
                if self._unrevealed_trumps():
                    return
                # every trump card has been revealed: the pile cycles in revealed order
                self.queue.pop(0)
                cards = self.trump_revealed
                self._set_round_trump(cards[(self.round - 1 - len(cards)) % len(cards)])
            elif kind == "choose_start":
                return
            elif kind == "draw":
                if self.draw_pile:
                    return
                self.queue.pop(0)  # an empty draw pile gives no card (it is not reshuffled)
            elif kind == "deal":
                self.queue.pop(0)
                self.queue[0:0] = [("draw", seat) for seat in self._deal_order()]
            elif kind == "begin":
                self.queue.pop(0)
                self.current = self.start_player
            elif kind == "end_turn":
                self.queue.pop(0)
                self._end_turn()

    def _deal_order(self) -> list[int]:
        """Top-up deal, one card at a time from the starting player clockwise, until every
        player has 5 hand cards (6 for last place of the previous round)."""
        last = scoring.last_place(self.round_scores[-1]) if self.round_scores else []
        need = [max(0, HAND_SIZE + (LOSER_EXTRA if s in last else 0) - len(self.hands[s]))
                for s in range(self.game.players)]
        order = []
        while any(need):
            for i in range(self.game.players):
                seat = (self.start_player + i) % self.game.players
                if need[seat]:
                    order.append(seat)
                    need[seat] -= 1
        return order

    # -- turns -------------------------------------------------------------------------------
    def _end_turn(self) -> None:
        if all(self.passed):
            self._end_round()
            return
        seat = self.current
        for _ in range(self.game.players):
            seat = (seat + 1) % self.game.players
            if not self.passed[seat]:
                self.current = seat
                return

    def _top_level_actions(self, seat: int) -> list[int]:
        acts = self.game.actions
        result = [acts.PASS]
        open_rows = [t for t in range(self.game.players) if not self._row_closed(t)]
        for card in self.hands[seat]:
            if self.game.deck[card].anywhere:
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
        if card not in self.hands[seat]:
            return f"{self.game.card_name(card)} is not in your hand"
        if target >= self.game.players:
            return f"there is no player {self.seat_name(target)}"
        if target != seat and not self.game.deck[card].anywhere:
            return (f"{self.game.card_name(card)} has no attach-anywhere symbol; it can only go into "
                    "your own row")
        if self._row_closed(target):
            return (f"the row of {self.seat_name(target)} ends with the end card "
                    f"{self.game.card_name(self.rows[target][-1])}; no more cards can be added")
        return None

    def _ability_reason(self, seat: int, card: int) -> str | None:
        if card not in self.rows[seat]:
            return f"{self.game.card_name(card)} is not in your row (only abilities of cards in your row)"
        ability = self.game.deck[card].ability
        if ability is None:
            return f"{self.game.card_name(card)} has no ability"
        if card in self.protected:
            return (f"{self.game.card_name(card)} is protected by an action stone and cannot be discarded "
                    "to use its ability")
        trial = Pending("ability", seat, card)
        if ability.kind == "draw":
            return None if self.draw_pile else "the draw pile is empty"
        if not self._complete(trial):
            return f"{self.game.card_name(card)}: no valid target ({ability.describe()})"
        return None

    def _stone_reason(self, seat: int, card: int) -> str | None:
        if self.stone_used[seat]:
            return "your action stone is already used (once per game)"
        if card in self.rows[seat]:
            if card in self.protected:
                return f"{self.game.card_name(card)} is protected and cannot be discarded"
        elif card not in self.hands[seat]:
            return f"{self.game.card_name(card)} is neither in your hand nor in your row"
        if not self._feasible_stone_effects(seat, card):
            return f"no action-stone effect of {self.game.card_name(card)} can be carried out"
        return None

    # -- choices in progress ----------------------------------------------------------------
    def _targetable_rows(self, seat: int, scope: str) -> list[int]:
        """Rows an ability or action stone of `seat` may reach: passed players' rows are
        immune (rulebook, "4. Pass")."""
        rows = []
        for r in range(self.game.players):
            if self.passed[r] and r != seat:
                continue
            if (scope == "own" and r != seat) or (scope == "others" and r == seat):
                continue
            rows.append(r)
        return rows

    def _cards_in(self, rows: list[int], exclude: tuple[int, ...] = ()) -> list[int]:
        return [c for r in rows for c in self.rows[r]
                if c not in exclude and c not in self.protected]

    def _step_options(self, p: Pending) -> list[int]:
        """Follow-up actions for the next step of `p`; [] when there is none to take."""
        acts = self.game.actions
        if p.kind == "stone" and p.effect is None:
            return [acts.EFFECT + STONE_EFFECTS.index(e)
                    for e in self._feasible_stone_effects(p.seat, p.source)]
        if p.kind == "stone":
            return [acts.TARGET + c for c in self._stone_targets(p)] + (
                [acts.DONE] if p.effect == "exchange" else [])
        ability = self.game.deck[p.source].ability
        if ability.kind in ("remove", "strengthen"):
            return [acts.TARGET + c
                    for c in self._cards_in(self._targetable_rows(p.seat, ability.scope),
                                            (p.source,))
                    if ability.match.accepts(self.game.deck[c])]
        if ability.kind == "swap":
            own_only = not p.chosen or ability.scope == "own"
            rows = [p.seat] if own_only else self._targetable_rows(p.seat, "others")
            return [acts.TARGET + c for c in self._cards_in(rows, (p.source, *p.chosen))]
        if ability.kind == "trump":
            options = [acts.TRUMP + i for i, s in enumerate(self.game.symbols.names) if s != self.trump]
            if self.trump is not None:
                options.append(acts.TRUMP + self.game.actions.symbols)
            return options
        return []

    def _steps_needed(self, p: Pending) -> int:
        if p.kind == "stone":
            if p.effect is None:
                return 1
            return {"scoring-pile": 0, "exchange": 1, "protect": 1, "steal": 1}[p.effect]
        kind = self.game.deck[p.source].ability.kind
        return {"remove": 1, "strengthen": 1, "swap": 2, "trump": 1, "draw": 0}[kind]

    def _pending_steps_left(self) -> bool:
        p = self.pending_action
        if p.kind == "stone" and p.effect in (None, "exchange"):
            return True  # the effect is still to choose, or exchanging ends with `done`
        return len(p.chosen) < self._steps_needed(p)

    def _complete(self, p: Pending) -> bool:
        """Whether the choice `p` can be carried through to the end."""
        if p.kind == "stone" and p.effect is None:
            return bool(self._step_options(p))
        if p.kind == "stone" and p.effect in ("scoring-pile", "exchange"):
            return True
        if len(p.chosen) >= self._steps_needed(p):
            return True
        for option in self._step_options(p):
            kind, a, _ = self.game.actions.decode(option)
            chosen = a if kind in ("target", "trump") else None
            if self._complete(Pending(p.kind, p.seat, p.source, p.effect, [*p.chosen, chosen])):
                return True
        return False

    def _feasible_stone_effects(self, seat: int, card: int) -> list[str]:
        feasible = []
        for effect in self.game.symbols.stone_effects_of(self.game.deck[card].symbols):
            if self._complete(Pending("stone", seat, card, effect)):
                feasible.append(effect)
        return feasible

    def _stone_targets(self, p: Pending) -> list[int]:
        if p.effect == "exchange":
            limit = min(EXCHANGE_MAX, len(self.draw_pile))
            if len(p.chosen) >= limit:
                return []
            return [c for c in self.hands[p.seat] if c not in p.chosen and c != p.source]
        rows = self._targetable_rows(p.seat, "any")
        if p.effect == "protect":
            return self._cards_in(rows, (p.source,))
        if p.effect == "steal":
            limit = self.game.deck[p.source].value
            return [c for c in self._cards_in(rows, (p.source,)) if self.game.deck[c].value <= limit]
        return []

    def _pending_options(self) -> list[int]:
        p = self.pending_action
        if p is None:
            return []
        # keep only options after which the choice can still be completed
        result = []
        for option in self._step_options(p):
            kind, a, _ = self.game.actions.decode(option)
            if (kind in ("target", "trump") and p.kind == "ability"
                    and not self._complete(Pending(p.kind, p.seat, p.source, None, [*p.chosen, a]))):
                continue
            result.append(option)
        return result

    def _pending_reason(self, kind: str, a: int) -> str:
        p = self.pending_action
        what = (f"the ability of {self.game.card_name(p.source)}" if p.kind == "ability"
                else f"the action stone ({p.effect or 'choose its effect'})")
        options = ", ".join(self.action_to_string(p.seat, o) for o in self._pending_options())
        return f"finish {what} first; choose one of: {options}"

    def _apply_pending(self, kind: str, a: int) -> None:
        p = self.pending_action
        if kind == "effect":
            self._choose_stone_effect(STONE_EFFECTS[a])
            return
        if kind == "done":
            self._resolve_pending()
            return
        p.chosen.append(a)
        if not self._pending_steps_left() or (
            p.kind == "stone" and p.effect == "exchange" and not self._stone_targets(p)
        ):
            self._resolve_pending()

    def _choose_stone_effect(self, effect: str) -> None:
        p = self.pending_action
        p.effect = effect
        self._note(f"  action stone effect: {effect}")
        if effect == "scoring-pile" or (effect == "exchange" and not self._stone_targets(p)):
            self._resolve_pending()

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

    def _resolve_pending(self) -> None:
        p = self.pending_action
        self.pending_action = None
        seat = p.seat
        draws = 0
        if p.kind == "stone":
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
                self._note(f"  protects {self.game.card_name(p.chosen[0])}")
            elif p.effect == "steal":
                self._take_out_of_play(p.chosen[0])
                self.hands[seat].append(p.chosen[0])
                self._note(f"  steals {self.game.card_name(p.chosen[0])}")
        else:
            ability = self.game.deck[p.source].ability
            if ability.kind == "remove":
                self._take_out_of_play(p.chosen[0])
                self.discard.append(p.chosen[0])
                self._note(f"  removes {self.game.card_name(p.chosen[0])}")
            elif ability.kind == "strengthen":
                self.boosts[p.chosen[0]] = self.boosts.get(p.chosen[0], 0) + ability.amount
                self._note(f"  puts {ability.amount:+d} on {self.game.card_name(p.chosen[0])}")
            elif ability.kind == "swap":
                (r1, i1), (r2, i2) = self._where(p.chosen[0]), self._where(p.chosen[1])
                self.rows[r1][i1], self.rows[r2][i2] = p.chosen[1], p.chosen[0]
                self._note(f"  swaps {self.game.card_name(p.chosen[0])} and {self.game.card_name(p.chosen[1])}")
            elif ability.kind == "trump":
                index = p.chosen[0]
                self.trump = None if index == -1 else self.game.symbols.names[index]
                self._note(f"  the trump is now {self.trump or NO_TRUMP}")
            elif ability.kind == "draw":
                draws = ability.count
            self._take_out_of_play(p.source)
            self.discard.append(p.source)
        if draws:
            self.queue.extend([("draw", seat)] * draws + [("end_turn",)])
        else:
            self._end_turn()

    # -- end of round, next round -----------------------------------------------------------
    def _end_round(self) -> None:
        scores = self.scores
        self.round_scores.append(scores)
        self.round_trumps.append((self.trump_card, self.trump))
        winners = scoring.round_winners(scores)
        self._note(f"round {self.round} ends: scores {scores}")
        for seat, card in scoring.pile_placements(self.game.deck, self.rows, scores):
            self._take_out_of_play(card)
            self.piles[seat].append(card)
            self._note(f"  {self.seat_name(seat)} puts {self.game.card_name(card)} on the scoring pile")
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
        if self.round == ROUNDS:
            self.finished = True
            self._note(f"game over: VP {self.total_vp()}, winners {self.game_winners()}")
            return
        self.round += 1
        self.start_player = scoring.next_starting_player(winners, self.start_player, self.game.players)
        self.passed = [False] * self.game.players
        if self.round == SHUFFLE_ROUND:
            self.draw_pile.extend(self.discard)
            self.draw_pile.sort()
            self.discard.clear()
        events: list[tuple] = [("deal",)]
        if self.trump_card is not None and self.game.symbols.get(self.trump_card).no_trump_follows:
            self._set_round_trump(None)
        else:
            events.append(("reveal_trump",))
        events.append(("begin",))
        self.queue.extend(events)

    # -- text --------------------------------------------------------------------------------
    def action_to_string(self, player: int, action: int) -> str:
        if player == CHANCE or (player is None and self.queue):
            kind = self.queue[0][0] if self.queue else "draw"
            if kind == "reveal_trump":
                return f"trump card {self.game.symbols.symbols[action].name}"
            if kind == "choose_start":
                return f"{self.seat_name(action)} starts"
            return f"draw {self.game.card_name(action)}"
        kind, a, b = self.game.actions.decode(action)
        if kind == "pass":
            return "pass"
        if kind == "play":
            name = self.game.card_name(a) if a < len(self.game.deck) else f"card {a}"
            return f"play {name}" + ("" if b == player else f" to {self.seat_name(b)}")
        if kind == "ability":
            return f"use {self.game.card_name(a)}"
        if kind == "stone":
            return f"stone {self.game.card_name(a)}"
        if kind == "target":
            return f"target {self.game.card_name(a)}"
        if kind == "trump":
            return "trump " + (NO_TRUMP if a == -1 else self.game.symbols.names[a])
        if kind == "effect":
            return f"effect {STONE_EFFECTS[a]}"
        if kind == "done":
            return "done"
        return f"invalid action {action}"

    def string_to_action(self, player: int, text: str) -> int | None:
        """The action written as action_to_string writes it (any case), legal or not."""
        wanted = " ".join(text.lower().split())
        acts = self.game.actions
        candidates = [acts.PASS, acts.DONE]
        for card in range(len(self.game.deck)):
            candidates += [acts.play(card, s) for s in range(self.game.players)]
            candidates += [acts.ABILITY + card, acts.STONE + card, acts.TARGET + card]
        candidates += [acts.TRUMP + i for i in range(acts.symbols + 1)]
        candidates += [acts.EFFECT + i for i in range(len(STONE_EFFECTS))]
        for action in candidates:
            if self.action_to_string(player, action).lower() == wanted:
                return action
        return None



class ScandaroonObserver(Observer):
    def string_from(self, state: ScandaroonState, player: int) -> str:
        if self.perfect_recall:
            return information_state_string(state, player)
        return observation_string(state, player)


def information_state_string(state: ScandaroonState, player: int) -> str:
    """The public history (cards drawn by others hidden), the table and own hand."""
    name = state.game.card_name
    moves = []
    for action, (kind, seat) in zip(state._history, state._seen, strict=True):
        if kind == "draw":
            moves.append(f"P{seat} draws " + (name(action) if seat == player else "a card"))
        elif kind == "reveal_trump":
            moves.append(f"trump card {state.game.symbols.symbols[action].name}")
        elif kind == "choose_start":
            moves.append(f"P{action} starts")
        else:
            moves.append(f"P{seat}: {state.action_to_string(seat, action)}")
    return "history: " + "; ".join(moves) + "\n" + observation_string(state, player)


def observation_string(state: ScandaroonState, player: int) -> str:
    """The table (public_string) and the own hand."""
    name = state.game.card_name
    return (public_string(state) + f"\nyour hand (P{player}): "
            + ", ".join(name(c) for c in sorted(state.hands[player])))


def public_string(state: ScandaroonState) -> str:
    """What everybody sees: round, trump, piles, each player's score, VP, row and flags,
    and whose choice is open."""
    name = state.game.card_name
    final = state.final_values()
    scores = state.scores
    vps = state.total_vp()
    piles = state.pile_totals()
    lines = [f"round {state.round}/{ROUNDS}  trump: {state.trump or NO_TRUMP}"
             f"  draw pile: {len(state.draw_pile)}  discard pile: {len(state.discard)}"]
    for s in range(state.game.players):
        cards = []
        for c in state.rows[s]:
            mark = "*" if c in state.protected else ""
            cards.append(f"{name(c)}{mark}={final[c]}")
        flags = []
        if state.passed[s]:
            flags.append("passed")
        if state.stone_used[s]:
            flags.append("stone used")
        lines.append(
            f"P{s}: score {scores[s]:>3}  VP {vps[s]:>2}  hand {len(state.hands[s])}  "
            f"pile {piles[s]:>2}  {' '.join(flags)}\n    row: "
            + (" | ".join(cards) if cards else "(empty)"))
    if state.pending_action:
        p = state.pending_action
        lines.append(f"P{p.seat} is choosing for {p.kind} {name(p.source)}"
                     + (f" ({p.effect})" if p.effect else ""))
    return "\n".join(lines)
