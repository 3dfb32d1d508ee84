"""The unchecked fast playout path for bots and simulation: `FastState` (docs/game.md, "The fast
playout path").

The checked engine is `solver.game.state.State`: every action goes through the table's rules
engine (`solver.table.rules`, `solver.table.deduce`) with its facts, verdicts and undo snapshots,
and anything illegal is refused with the rule that refuses it. `FastState` plays the same whole
game — the same rules for the same actions with the same meaning, the same legal actions in the
same order, the same chance draws from the same seed — on compact data: a bit mask of locations per
delict for the markers (`solver.core.bits`; delicts and locations by their index in
`solver.core.names`), the tiles as a list of location indices, hands and piles as lists of card
numbers, the scores as a list in seat order. Search bots (Monte Carlo over the hidden cards) and
big simulations play out through it; `from_state` starts it from any checked state, a
determinized clone included.

What it skips, and why that is safe only for the actions it lists itself:

- no `Fact`, `Verdict` or `Effect`: a card is simulated on the masks and gives its points or None;
- no undo stack (`State.pop`): `clone()` is the way back, and it is cheap;
- no refusal checks: `apply_action` trusts that the action is one `legal_actions()` listed. One it
  did not list raises ValueError where that is cheap to see (a kind of action the step does not
  take, a pile or card the game does not have, a card not in the hand, a card the rules refuse)
  and may otherwise be applied as given (a Pick deeper than its pile, a Stop by another player);
- no table move stack, no state file, no `BadInput` for names: the players, piles and cards are
  the game's own.

Rule 3's closed locations and rule 10's removable markers come from one bipartite matching of the
delicts with markers to their locations, on masks: a location is closed exactly when every maximum
matching covers it (no alternating path reaches it from an unmatched location), and a marker is
removable exactly when no matching that places every delict uses it. `tests/game/test_playout.py`
proves the two engines equal move for move.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from operator import itemgetter
from typing import TYPE_CHECKING, Any
from weakref import WeakKeyDictionary

from solver.core import names
from solver.core.bits import FULL, byte_tables
from solver.core.cards import Clue, DelictClue, DistrictClue, GroupClue, LocationClue
from solver.core.matching import augment
from solver.game.actions import Action, Deal, Decline, Discard, Draw, Pass, PayShuffle, Pick, Play, Shuffle, Stop
from solver.game.game import HAND_SIZE, PICK_FROM, Game
from solver.game.state import CHANCE, TERMINAL, State, Step
from solver.table.rules import SHUFFLE_PRICE
from solver.table.state import MARKERS_PER_DELICT, REMOVE, TWO_PLAYER_DISCARDS, Finished

if TYPE_CHECKING:
    from solver.core.board import Board

FastBot = Callable[["FastState"], Action]
MAX_TURNS = 400  # as bots.MAX_TURNS
DELICTS = len(names.DELICTS)
RELATIONS = ("same", "adjoining")
_A, _B, _C, _D = range(4)  # card kinds: delict, group, district, location


# ----- what stays fixed: the game's cards and board as masks -------------------------------------


@dataclass(frozen=True, slots=True)
class _Card:
    """One info card on masks. A: `delicts` (d,), `mask` its locations; B: the group's four delicts,
    `mask` the direction's locations, `choices` their names; C: (first, second), `relation` 0 same,
    1 adjoining; D: the four delicts, `mask` the delicts as a mask, `location` its location."""

    kind: int
    delicts: tuple[int, ...]
    mask: int = 0
    location: int = -1
    relation: int = 0
    choices: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class _Back:
    """A card's back for `back_value`: its letter and what it shows, as an index (a delict, a
    location), or the group's delicts for a group card."""

    letter: str
    shows: int
    group: tuple[int, ...] = ()


class _Tables:
    """The game's cards, backs and board partners as masks, and one shared instance of each action."""

    def __init__(self, game: Game) -> None:
        board = game.board
        self.cards = {number: _card(clue, board) for number, clue in game.clues.items()}
        self.backs = {number: _back(number, game) for number in game.clues}
        self.partner_of: list[list[int]] = []  # relation -> location -> mask of its partners
        self.partner_bytes: list[tuple[list[int], list[int]]] = []  # relation -> byte tables of partner_of
        for relation in RELATIONS:
            near = [_mask(board.partners(location, relation)) for location in names.LOCATIONS]
            self.partner_of.append(near)
            self.partner_bytes.append(byte_tables(near))
        piles, together = game.pile_layout()
        self.layout = list(piles.values())  # the piles before shuffling, in order
        self.pile_names = list(piles)
        self.pile_index = {name: index for index, name in enumerate(self.pile_names)}
        self.together = [tuple(self.pile_index[name] for name in group) for group in together]
        self.players = list(game.players)
        self.player_index = {player: seat for seat, player in enumerate(self.players)}
        variant = game.rules.variant
        self.two = game.rules.two_player_drawing
        self.cards_per_turn = variant.cards_per_turn
        self.rule_15_at_end = variant.rule_15_at_turn_end
        self.last_points = variant.last_delict_points
        self.abc = game.rules.first_draws_abc
        self.deal = {number: Deal(number) for number in game.clues}
        self.discard = {number: Discard(number) for number in game.clues}
        self.draw = [Draw(name) for name in self.pile_names]
        self.pick = [[Pick(name, depth) for depth in range(PICK_FROM)] for name in self.pile_names]
        self.stop = [Stop(player) for player in self.players]
        self.pay_shuffle = [PayShuffle(name) for name in self.pile_names]
        self.play: dict[tuple[int | str, str | None], Play] = {}
        for number, card in self.cards.items():
            for choice in card.choices or (None,):
                self.play[number, choice] = Play(number, choice)
        self.remove = [[Play(REMOVE, f"{d}@{loc}") for loc in names.LOCATIONS] for d in names.DELICTS]
        for row in self.remove:
            for action in row:
                self.play[REMOVE, action.choice] = action
        self.remove_choice = {action.choice: (d, loc) for d, row in enumerate(self.remove)
                              for loc, action in enumerate(row)}


def _mask(locations: Sequence[str]) -> int:
    found = 0
    for location in locations:
        found |= 1 << names.LOCATION_INDEX[location]
    return found


def _card(clue: Clue, board: Board) -> _Card:
    match clue:
        case DelictClue(delict, locations):
            return _Card(_A, (names.DELICT_INDEX[delict],), _mask(locations))
        case GroupClue(group, direction):
            spots = _mask([loc for loc in names.LOCATIONS if board.in_direction(loc, direction)])
            members = names.GROUPS[group]
            return _Card(_B, tuple(names.DELICT_INDEX[d] for d in members), spots, choices=tuple(members))
        case DistrictClue(delicts, relation):
            return _Card(_C, tuple(names.DELICT_INDEX[d] for d in delicts), relation=RELATIONS.index(relation))
        case LocationClue(location, delicts):
            indices = tuple(names.DELICT_INDEX[d] for d in delicts)
            return _Card(_D, indices, sum(1 << d for d in set(indices)), names.LOCATION_INDEX[location])
    raise ValueError(f"a {clue.kind} card is not played at the table")


def _back(number: int, game: Game) -> _Back:
    back = game.backs[number]
    if back.letter == "B":
        return _Back("B", -1, tuple(names.DELICT_INDEX[d] for d in names.GROUPS[back.shows]))
    if back.letter == "D":
        return _Back("D", names.LOCATION_INDEX[back.shows])
    return _Back(back.letter, names.DELICT_INDEX[back.shows])


_TABLES: WeakKeyDictionary[Game, _Tables] = WeakKeyDictionary()


def _tables(game: Game) -> _Tables:
    found = _TABLES.get(game)
    if found is None:
        found = _TABLES[game] = _Tables(game)
    return found


# ----- the board's matching: rule 3's closed locations, rule 10's removable markers --------------


class _Look:
    """What the rules ask of one board, computed once: the locations closed by rule 3 (`reserved`),
    the full ones (3 markers or more, rule 15), the overfull ones (more than 3), the delicts with a
    single marker (rule 7 pins them at the next move), and rule 10's removable markers."""

    __slots__ = ("_removable", "full", "good", "markers", "match", "overfull", "owner", "quiet", "reserved", "rows",
                 "saturated", "singles", "unmatched")

    def __init__(self, markers: list[int], ntiles: int) -> None:
        self.markers = markers
        rows = self.rows = [d for d in range(DELICTS) if markers[d]]
        self.match, self.owner = _matching(markers, rows)
        match = self.match
        used = one = two = three = four = singles = 0
        saturated = True
        for d in rows:
            here = markers[d]
            four |= three & here
            three |= two & here
            two |= one & here
            one |= here
            if not here & (here - 1):
                singles |= 1 << d
            if match[d] < 0:
                saturated = False
            else:
                used |= 1 << match[d]
        self.full, self.overfull, self.singles, self.saturated = three, four, singles, saturated
        # No delict with a single marker, fewer than 15 tiles, no location overfull: a card that
        # leaves every delict it touches 2 markers or more triggers neither rule 7 nor the last
        # delict nor rule 15 at the turn's end, so its points are known without a scratch board.
        self.quiet = not singles and ntiles < DELICTS - 1 and not four
        self.unmatched = FULL & ~used
        self.good, self.reserved = self._reach_unmatched()
        self._removable: list[tuple[int, int]] | None = None

    def _reach_unmatched(self) -> tuple[int, int]:
        """The matched delicts that reach an unmatched location by an alternating path (`good`), and
        the locations every maximum matching covers: those matched to the others (`reserved`)."""
        markers, match = self.markers, self.match
        pending = [d for d in self.rows if match[d] >= 0]
        reach, good = self.unmatched, 0
        while pending:
            later = [d for d in pending if not markers[d] & reach]
            if len(later) == len(pending):
                break
            for d in pending:
                if markers[d] & reach:
                    good |= 1 << d
                    reach |= 1 << match[d]
            pending = later
        reserved = 0
        for d in pending:
            reserved |= 1 << match[d]
        return good, reserved

    def removable(self) -> list[tuple[int, int]]:
        """Rule 10: the markers (delict, location) no complete assignment uses, in delict then
        location order; none when no complete assignment agrees with the board (rule 9).

        The delicts with tiles sit on them and those in the supply take any free location, so a
        complete assignment is a matching placing every delict with markers on one of them.
        Delict d may move to its marker on l when l is unmatched, or when l's owner can move on:
        to an unmatched location (it is `good`), or round an alternating cycle back to d's place.
        """
        if self._removable is not None:
            return self._removable
        found: list[tuple[int, int]] = []
        if self.saturated:
            markers, match, owner = self.markers, self.match, self.owner
            for d in self.rows:
                rest = markers[d] & ~(1 << match[d]) & ~self.unmatched
                while rest:
                    low = rest & -rest
                    rest ^= low
                    location = low.bit_length() - 1
                    other = owner[location]
                    if not self.good >> other & 1 and not self._reaches(other, d):
                        found.append((d, location))
        self._removable = found
        return found

    def _reaches(self, start: int, target: int) -> bool:
        """Whether delict `start` reaches `target` by delict -> the owner of one of its markers."""
        markers, owner = self.markers, self.owner
        seen, frontier = 1 << start, [start]
        while frontier:
            d = frontier.pop()
            rest = markers[d]
            while rest:
                low = rest & -rest
                rest ^= low
                other = owner[low.bit_length() - 1]
                if other == target:
                    return True
                if other >= 0 and not seen >> other & 1:
                    seen |= 1 << other
                    frontier.append(other)
        return False


def _matching(markers: list[int], rows: list[int]) -> tuple[list[int], list[int]]:
    """A maximum matching of the delicts in `rows` to their marker locations (Kuhn's augmenting
    paths on masks, after a greedy start): delict -> location and location -> delict, -1 if none."""
    match, owner = [-1] * DELICTS, [-1] * DELICTS
    used = 0
    pending = []
    for d in rows:
        free = markers[d] & ~used
        if free:
            low = free & -free
            location = low.bit_length() - 1
            match[d], owner[location] = location, d
            used |= low
        else:
            pending.append(d)
    for d in pending:
        augment(d, markers, match, owner, [0])
    return match, owner


def _overfull(markers: list[int]) -> bool:
    one = two = three = 0
    for here in markers:
        if three & here:
            return True
        three |= two & here
        two |= one & here
        one |= here
    return False


# ----- a card simulated on a scratch copy of the board ------------------------------------------


class _Work:
    """A scratch board: the markers, tiles and points after a card, as `rules.Work` keeps them.
    `scan` holds the delicts whose markers changed (and those with a single marker before): only
    they can be the next one rule 7 pins."""

    __slots__ = ("changed", "m", "ntiles", "points", "relax", "scan", "t", "tiled")

    def __init__(self, state: FastState, scan: int, relax: bool = False) -> None:
        self.relax = relax  # the two-player variant's card that keeps the turn: rule 15 waits for its end
        self.m = state.markers[:]
        self.t = state.tiles[:]
        self.tiled = state.tiled
        self.ntiles = state.ntiles
        self.points = 0
        self.changed = False
        self.scan = scan

    def take(self, d: int, gone: int) -> bool:
        """Remove delict d's markers on `gone` (1 point each); False when none of d's would be left."""
        left = self.m[d] & ~gone
        self.m[d] = left
        self.points += gone.bit_count()
        self.changed = True
        self.scan |= 1 << d
        return left != 0

    def put(self, d: int, spots: int, kept: int) -> None:
        self.m[d] = spots
        self.points += kept
        self.changed = True
        self.scan |= 1 << d

    def settle(self, last_points: int) -> bool:
        """Rule 7 until nothing changes (the lowest delict first, as `rules.Work.settle`), then the
        update's last delict; False when a delict loses every marker (rule 4)."""
        m = self.m
        while True:
            scan, found = self.scan, -1
            while scan:
                low = scan & -scan
                here = m[low.bit_length() - 1]
                if here and not here & (here - 1):
                    found = low.bit_length() - 1
                    scan ^= low
                    break
                scan ^= low
            self.scan = scan
            if found < 0:
                break
            if not self._pin(found):
                return False
        if self.ntiles == DELICTS - 1:  # the whole game has 2 to 4 players: the update applies
            return self._last_delict(last_points)
        return True

    def _pin(self, d: int) -> bool:
        spot = self.m[d]
        self.m[d] = 0
        self.t[d] = spot.bit_length() - 1
        self.tiled |= spot
        self.ntiles += 1
        self.points += 1
        self.changed = True
        m = self.m
        for other in range(DELICTS):
            if m[other] & spot:
                m[other] ^= spot
                self.points += 1
                self.scan |= 1 << other
                if not m[other]:
                    return False
        return True

    def _last_delict(self, last_points: int) -> bool:
        d = self.t.index(-1)
        spot = FULL & ~self.tiled
        here = self.m[d]
        self.m[d] = 0
        self.points += (here & ~spot).bit_count()
        if here & spot:
            self.points += 1
        elif not here:
            self.points += last_points
        else:
            return False
        self.t[d] = spot.bit_length() - 1
        self.tiled |= spot
        self.ntiles += 1
        self.changed = True
        return True


# ----- the state -----------------------------------------------------------------------------------


_ACCEPTS: dict[Step, tuple[type, ...]] = {
    Step.SHUFFLE: (Deal, Shuffle), Step.OPENING: (Draw, Pick), Step.PLAY: (Play, Pass),
    Step.DISCARD: (Discard, Decline), Step.PASS_DISCARD: (Discard, Decline), Step.PICK: (Pick, PayShuffle),
    Step.PICK_DISCARD: (Discard, Decline, PayShuffle), Step.DRAW: (Draw,), Step.STOP: (Stop, Decline),
    Step.OVER: (),
}
_DISCARDING = (Step.DISCARD, Step.PASS_DISCARD, Step.PICK_DISCARD)
DECLINE, PASS = Decline(), Pass()
Ranked = tuple[Play, int]  # a legal play and its points now
_SCRATCH = -2  # a card's points need the scratch board (rule 7 may pin, or the last delict follow)


class FastState:
    """A whole game in progress on masks; see the module docstring for what it skips.

    Mirrors `State` in OpenSpiel's shape. The board: `markers[d]` a mask of locations, `tiles[d]` a
    location index or -1, `scores[seat]`, `remove_used` (the seats that played their "Remove one
    marker" card), `out` (the cards out of the game, in the table's order), `finished`; the cards:
    `hands[seat]` and `piles[i]` (top card last, in the order of `pile_names`); the turn: `step`
    (`solver.game.state.Step`), `mover` (the seat acting now), `table_turn` (the table's turn, whose
    turn is next once the STOP window closes), `turns` (completed). The fields are to be read, not
    changed by hand: what the rules ask of a board is cached until an action changes it.
    """

    __slots__ = ("_legal", "_look", "asked", "cards_this_turn", "dealt", "discards", "finished", "game",
                 "halted", "hands", "left", "markers", "mover", "ntiles", "opening", "out", "owed", "paid_shuffle",
                 "piles", "remove_used", "resume", "rng", "scores", "step", "table_turn", "tables", "tiled",
                 "tiles", "to_shuffle", "turns")

    game: Game
    tables: _Tables
    rng: random.Random
    markers: list[int]
    tiles: list[int]
    tiled: int
    ntiles: int
    scores: list[int]
    remove_used: list[int]
    out: list[int]
    cards_this_turn: int
    finished: Finished | None
    table_turn: int
    hands: list[list[int]]
    piles: list[list[int]]
    step: Step
    mover: int
    owed: int
    discards: list[int]
    asked: list[int]
    opening: int
    to_shuffle: list[tuple[int, ...]]
    left: list[int]
    dealt: list[int]
    turns: int
    halted: str | None
    paid_shuffle: bool  # the two-player variant: a pile was shuffled for a point this turn
    resume: Step | None  # the step a paid shuffle returns to
    _legal: list[Action] | None
    _look: _Look | None

    # ----- making one ----------------------------------------------------------------------------

    @classmethod
    def new_initial_state(cls, game: Game, seed: int = 0) -> FastState:
        """The state `Game.new_initial_state(seed)` makes: the piles laid out, the first shuffle next."""
        tables = _tables(game)
        state = cls._blank(game, tables, random.Random(seed))
        state.piles = [list(cards) for cards in tables.layout]
        state.hands = [[] for _ in tables.players]
        state.to_shuffle = list(tables.together)
        state.left = state._pooled()
        return state

    @classmethod
    def from_state(cls, checked: State) -> FastState:
        """The same game as the checked `State` at any step (a determinized clone too), with its
        generator's state: the same seed goes on drawing the same chance outcomes."""
        game, table, turn = checked.game, checked.table, checked.turn
        tables = _tables(game)
        rng = random.Random()
        rng.setstate(checked.rng.getstate())
        state = cls._blank(game, tables, rng)
        for delict, spots in table.markers.items():
            state.markers[names.DELICT_INDEX[delict]] = _mask(list(spots))
        for delict, location in table.tiles.items():
            state.tiles[names.DELICT_INDEX[delict]] = names.LOCATION_INDEX[location]
            state.tiled |= 1 << names.LOCATION_INDEX[location]
        state.ntiles = len(table.tiles)
        seat = tables.player_index
        state.scores = [table.scores[p] for p in tables.players]
        state.remove_used = [seat[p] for p in table.remove_one_used]
        state.out = list(table.out_of_game)
        state.cards_this_turn = table.cards_this_turn
        state.finished = table.finished
        state.table_turn = seat[table.turn]
        state.hands = [list(checked.hands[p]) for p in tables.players]
        state.piles = [list(checked.piles[name]) for name in tables.pile_names]
        state.step, state.mover, state.owed = turn.step, seat[turn.mover], turn.owed
        state.discards, state.asked = list(turn.discards), [seat[p] for p in turn.asked]
        state.opening, state.turns, state.halted = turn.opening, turn.turns, turn.halted
        state.to_shuffle = [tuple(tables.pile_index[name] for name in group) for group in turn.to_shuffle]
        state.dealt = list(turn.dealt)
        state.paid_shuffle, state.resume = turn.paid_shuffle, turn.resume
        state.left = state._pooled() if state.step is Step.SHUFFLE else []
        return state

    @classmethod
    def _blank(cls, game: Game, tables: _Tables, rng: random.Random) -> FastState:
        state = cls.__new__(cls)
        state.game, state.tables, state.rng = game, tables, rng
        state.markers, state.tiles = [0] * DELICTS, [-1] * DELICTS
        state.tiled = state.ntiles = 0
        state.scores = [0] * len(tables.players)
        state.remove_used, state.out = [], []
        state.cards_this_turn, state.finished, state.table_turn = 0, None, 0
        state.step, state.mover, state.owed = Step.SHUFFLE, 0, 0
        state.discards, state.asked, state.dealt = [], [], []
        state.opening = state.turns = 0
        state.halted = None
        state.paid_shuffle, state.resume = False, None
        state._legal = state._look = None
        return state

    def _pooled(self) -> list[int]:
        """The cards of the piles being shuffled not dealt yet, by number (the chance outcomes)."""
        dealt = set(self.dealt)
        return sorted(n for index in self.to_shuffle[0] for n in self.piles[index] if n not in dealt)

    def clone(self) -> FastState:
        """An independent copy sharing the game; lists are copied, the generator too."""
        other = FastState.__new__(FastState)
        other.game, other.tables = self.game, self.tables
        other.rng = random.Random()
        other.rng.setstate(self.rng.getstate())
        other.markers, other.tiles, other.tiled, other.ntiles = self.markers[:], self.tiles[:], self.tiled, self.ntiles
        other.scores, other.remove_used, other.out = self.scores[:], self.remove_used[:], self.out[:]
        other.cards_this_turn, other.finished, other.table_turn = self.cards_this_turn, self.finished, self.table_turn
        other.hands = [hand[:] for hand in self.hands]
        other.piles = [pile[:] for pile in self.piles]
        other.step, other.mover, other.owed = self.step, self.mover, self.owed
        other.discards, other.asked, other.dealt = self.discards[:], self.asked[:], self.dealt[:]
        other.opening, other.turns, other.halted = self.opening, self.turns, self.halted
        other.to_shuffle, other.left = self.to_shuffle[:], self.left[:]
        other.paid_shuffle, other.resume = self.paid_shuffle, self.resume
        other._legal, other._look = self._legal, self._look  # both are never changed in place
        return other

    # ----- OpenSpiel's shape -------------------------------------------------------------------

    def current_player(self) -> int:
        if self.step is Step.OVER:
            return TERMINAL
        if self.step is Step.SHUFFLE:
            return CHANCE
        return self.mover

    def is_chance_node(self) -> bool:
        return self.step is Step.SHUFFLE

    def is_terminal(self) -> bool:
        return self.step is Step.OVER

    def returns(self) -> list[float]:
        return [float(score) for score in self.scores]

    def winners(self) -> list[str]:
        """Every player with the most points: tied leaders all win."""
        best = max(self.scores)
        return [p for p, score in zip(self.tables.players, self.scores, strict=True) if score == best]

    def end_reason(self) -> str | None:
        if self.finished is not None:
            return self.finished.value
        return self.halted

    def halt(self, reason: str) -> None:
        """As `State.halt`: end play without the rules' end."""
        self.halted = reason
        self.step = Step.OVER
        self._legal = None

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        if self.step is not Step.SHUFFLE:
            return []
        deal, chance = self.tables.deal, 1.0 / len(self.left)
        return [(deal[n], chance) for n in self.left]

    def sample_chance(self) -> Action:
        """As `State.sample_chance`: one draw of the seeded generator over the same outcomes."""
        return self.tables.deal[self.rng.choice(self.left)]

    @property
    def players(self) -> list[str]:
        return self.tables.players

    @property
    def pile_names(self) -> list[str]:
        return self.tables.pile_names

    def holds_remove(self, seat: int) -> bool:
        return seat not in self.remove_used

    def legal_actions(self) -> list[Action]:
        if self._legal is None:
            self._legal = self._listed()
        return list(self._legal)

    def _listed(self) -> list[Action]:
        step, tables = self.step, self.tables
        if step is Step.PLAY:
            found: list[Action] = [play for play, _ in self.ranked_plays()]
            if not self._board().overfull:
                found.append(PASS)
            return found
        if step in _DISCARDING:
            discard = tables.discard
            found = [*(discard[n] for n in self.hands[self.mover]), DECLINE]
            return [*found, *self._paid_shuffles()] if step is Step.PICK_DISCARD else found
        if step is Step.DRAW:
            return [tables.draw[index] for index, pile in enumerate(self.piles) if pile]
        if step is Step.STOP:
            return [tables.stop[self.mover], DECLINE]
        if step is Step.OPENING:
            return self._draws(opening=True)
        if step is Step.PICK:
            return [*self._draws(opening=False), *self._paid_shuffles()]
        if step is Step.SHUFFLE:
            deal = tables.deal
            return [deal[n] for n in self.left]
        return []

    def _paid_shuffles(self) -> list[Action]:
        """The two-player variant: once a turn, a point for shuffling a pile of 2 cards or more."""
        if self.paid_shuffle or self.scores[self.mover] < SHUFFLE_PRICE:
            return []
        return [self.tables.pay_shuffle[index] for index, pile in enumerate(self.piles) if len(pile) > 1]

    def _draws(self, opening: bool) -> list[Action]:
        tables = self.tables
        abc = opening and tables.abc
        backs = tables.backs
        if tables.two:
            return [tables.pick[index][depth] for index, pile in enumerate(self.piles)
                    for depth, number in enumerate(reversed(pile[-PICK_FROM:]))
                    if not abc or backs[number].letter != "D"]
        return [tables.draw[index] for index, pile in enumerate(self.piles)
                if pile and (not abc or backs[pile[-1]].letter != "D")]

    # ----- the cards on the board ------------------------------------------------------------------

    def _board(self) -> _Look:
        if self._look is None:
            self._look = _Look(self.markers, self.ntiles)
        return self._look

    def ranked_plays(self) -> list[Ranked]:
        """The mover's legal plays with their points now, most points first (ties in hand order, the
        "Remove one marker" card's choices after the info cards): `State.ranked_plays()`'s order."""
        look, tables = self._board(), self.tables
        seat, relax = self.mover, self._rule_15_waits()
        found: list[Ranked] = []
        play = tables.play
        for number in self.hands[seat]:
            card = tables.cards[number]
            if card.kind == _B:
                for d, name in zip(card.delicts, card.choices, strict=True):
                    points = self._points(card, d, look, play[number, name] if relax else None)
                    if points >= 0:
                        found.append((play[number, name], points))
            else:
                points = self._points(card, -1, look, play[number, None] if relax else None)
                if points >= 0:
                    found.append((play[number, None], points))
        if seat not in self.remove_used:
            self._rank_removals(look, found, relax)
        found.sort(key=itemgetter(1), reverse=True)  # stable, as rank_hand's sort on -points
        return found

    def _rule_15_waits(self) -> bool:
        """Whether the next card leaves the turn open (the two-player variant's first and second)
        in a game that counts rule 15 at the turn's end: then a location may hold more than 3
        markers after it, as the checked engine's `rank_hand(end_of_turn=False)`."""
        tables = self.tables
        return tables.two and tables.rule_15_at_end and self.cards_this_turn < tables.cards_per_turn - 1

    def _turn_can_end(self, action: Play) -> bool:
        """A card that leaves a location with more than 3 markers may be played only if the rest of
        the hand can still end the turn: as `State._turn_can_end`."""
        twin = self.clone()
        twin.apply_action(action)
        return bool(twin.legal_actions())

    def _rank_removals(self, look: _Look, found: list[Ranked], relax: bool = False) -> None:
        """Each marker as the "Remove one marker" card's choice; on a quiet board, taking one of a
        delict's 3 or more markers only scores it."""
        remove = self.tables.remove
        for d in look.rows:
            here = self.markers[d]
            many = look.quiet and here.bit_count() >= 3
            rest = here
            while rest:
                low = rest & -rest
                rest ^= low
                location = low.bit_length() - 1
                if many:
                    found.append((remove[d][location], 1))
                    continue
                work = self._simulate_removal(d, low, look, relax)
                if work is None or (relax and _overfull(work.m) and not self._turn_can_end(remove[d][location])):
                    continue
                found.append((remove[d][location], work.points))

    def _points(self, card: _Card, choice: int, look: _Look, keeping: Play | None = None) -> int:
        """The points `card` (a group card as its delict `choice`) scores now, -1 when refused: on a
        quiet board read off the board, else simulated on a scratch board. `keeping`: the card as
        the play that keeps the turn open (rule 15 at the turn's end), or None."""
        relax = keeping is not None
        if look.quiet:
            kind = card.kind
            if kind == _A:
                points = self._dry_delict(card.delicts[0], card.mask, look, relax)
            elif kind == _B:
                points = self._dry_delict(choice, card.mask, look, relax)
            elif kind == _C:
                points = self._dry_district(card, look, relax)
            else:
                points = self._dry_location(card, look)
            if points != _SCRATCH:
                return points
        work = self._simulate(card, choice, look, relax)
        if work is None or (keeping is not None and _overfull(work.m) and not self._turn_can_end(keeping)):
            return -1
        return work.points

    def _dry_delict(self, d: int, spots: int, look: _Look, relax: bool) -> int:
        if self.tiles[d] >= 0:
            return -1
        here = self.markers[d]
        if not here:
            placed = spots & ~self.tiled & ~look.reserved
            count = placed.bit_count()
            if count > MARKERS_PER_DELICT or not count:
                return -1
            if placed & look.full:
                return _SCRATCH if relax else -1
            return MARKERS_PER_DELICT - count if count > 1 else _SCRATCH
        keep = here & spots
        if keep == here or not keep:
            return -1
        return (here ^ keep).bit_count() if keep & (keep - 1) else _SCRATCH

    def _dry_district(self, card: _Card, look: _Look, relax: bool) -> int:
        first, second = card.delicts
        relation, tiles, markers = card.relation, self.tiles, self.markers
        first_tile, second_tile = tiles[first], tiles[second]
        first_at = 1 << first_tile if first_tile >= 0 else markers[first]
        second_at = 1 << second_tile if second_tile >= 0 else markers[second]
        if not first_at and not second_at:
            return -1
        near = self.tables.partner_of[relation]
        for spot, other in ((first_tile, second_tile), (second_tile, first_tile)):
            if spot >= 0 and not (near[spot] >> other & 1 if other >= 0 else near[spot] & ~self.tiled):
                return -1
        if not first_at:
            return self._dry_partners(first, second, second_at, relation, look, relax)
        if not second_at:
            return self._dry_partners(second, first, first_at, relation, look, relax)
        points = 0
        for d, tile, others in ((first, first_tile, second_at), (second, second_tile, first_at)):
            if tile >= 0:
                continue
            here = markers[d]
            keep = here & self._partners(others, relation)
            if not keep:
                return -1
            if keep != here:
                if not keep & (keep - 1):
                    return _SCRATCH
                points += (here ^ keep).bit_count()
        return points or -1

    def _dry_partners(self, new: int, old: int, old_at: int, relation: int, look: _Look, relax: bool) -> int:
        placed = self._partners(old_at, relation) & ~self.tiled & ~look.reserved
        count = placed.bit_count()
        if count > MARKERS_PER_DELICT or not count:
            return -1
        if placed & look.full:
            return _SCRATCH if relax else -1
        if count == 1:
            return _SCRATCH
        points = MARKERS_PER_DELICT - count
        if self.tiles[old] >= 0:
            return points
        here = self.markers[old]
        keep = here & self._partners(placed, relation)
        if not keep:
            return -1
        if keep != here:
            if not keep & (keep - 1):
                return _SCRATCH
            points += (here ^ keep).bit_count()
        return points

    def _dry_location(self, card: _Card, look: _Look) -> int:
        spot = 1 << card.location
        if self.tiled & spot:
            return -1
        possible = sum(1 for d in card.delicts if self.tiles[d] < 0)
        if not possible:
            return -1
        if possible == 1:
            return _SCRATCH
        points, found = 0, False
        for d in look.rows:
            here = self.markers[d]
            if here & spot:
                found = True
                if not card.mask >> d & 1:
                    left = here ^ spot
                    if not left & (left - 1):
                        return _SCRATCH
                    points += 1
        if not found:
            return -1
        return points or -1

    def _simulate(self, card: _Card, choice: int, look: _Look, relax: bool = False) -> _Work | None:
        """The board after `card` (a group card as its delict `choice`), or None when refused."""
        work = _Work(self, look.singles, relax)
        kind = card.kind
        if kind == _A:
            ok = self._delict_in(work, card.delicts[0], card.mask, look)
        elif kind == _B:
            ok = self._delict_in(work, choice, card.mask, look)
        elif kind == _C:
            ok = self._district(work, card, look)
        else:
            ok = self._location(work, card)
        return work if ok and self._finish(work) else None

    def _simulate_removal(self, d: int, spot: int, look: _Look, relax: bool = False) -> _Work | None:
        work = _Work(self, look.singles, relax)
        return work if work.take(d, spot) and self._finish(work) else None

    def _finish(self, work: _Work) -> bool:
        """Rule 7 and the last delict, rule 11 (a card must change the board), and rule 15 at the end
        of the turn where the variant counts it there."""
        if not work.settle(self.tables.last_points) or not work.changed:
            return False
        return work.relax or not (self.tables.rule_15_at_end and _overfull(work.m))

    def _place(self, work: _Work, d: int, candidates: int, look: _Look) -> int:
        """Rule 1 with rules 2, 3, 13, 14, 15 on the board before the card: the locations placed on,
        or 0 when refused."""
        spots = candidates & ~work.tiled & ~look.reserved
        count = spots.bit_count()
        if count > MARKERS_PER_DELICT or not count or (spots & look.full and not work.relax):
            return 0
        work.put(d, spots, MARKERS_PER_DELICT - count)
        return spots

    def _delict_in(self, work: _Work, d: int, spots: int, look: _Look) -> bool:
        if work.t[d] >= 0:
            return False
        here = work.m[d]
        if not here:
            return self._place(work, d, spots, look) != 0
        wrong = here & ~spots
        if wrong == here:
            return False
        return not wrong or work.take(d, wrong)

    def _partners(self, spots: int, relation: int) -> int:
        low, high = self.tables.partner_bytes[relation]
        return low[spots & 255] | high[spots >> 8]

    def _where(self, work: _Work, d: int) -> int:
        return 1 << work.t[d] if work.t[d] >= 0 else work.m[d]

    def _district(self, work: _Work, card: _Card, look: _Look) -> bool:
        first, second = card.delicts
        relation = card.relation
        first_at, second_at = self._where(work, first), self._where(work, second)
        if not first_at and not second_at:
            return False
        near = self.tables.partner_of[relation]
        for tiled, other in ((first, second), (second, first)):
            spot = work.t[tiled]
            if spot < 0:
                continue
            if work.t[other] >= 0:
                if not near[spot] >> work.t[other] & 1:
                    return False
            elif not near[spot] & ~work.tiled:
                return False
        if not first_at:
            return self._place_partners(work, first, second, second_at, relation, look)
        if not second_at:
            return self._place_partners(work, second, first, first_at, relation, look)
        return self._drop_without_partner(work, first, second_at, relation) and self._drop_without_partner(
            work, second, first_at, relation)

    def _place_partners(self, work: _Work, new: int, old: int, old_at: int, relation: int, look: _Look) -> bool:
        placed = self._place(work, new, self._partners(old_at, relation), look)
        return placed != 0 and self._drop_without_partner(work, old, placed, relation)

    def _drop_without_partner(self, work: _Work, d: int, others: int, relation: int) -> bool:
        if work.t[d] >= 0:
            return True
        here = work.m[d]
        gone = here & ~self._partners(others, relation)
        if gone == here:
            return False
        return not gone or work.take(d, gone)

    def _location(self, work: _Work, card: _Card) -> bool:
        spot = 1 << card.location
        if work.tiled & spot:
            return False
        possible = [d for d in card.delicts if work.t[d] < 0]
        if not possible:
            return False
        m = work.m
        here = [d for d in range(DELICTS) if m[d] & spot]
        if not here and len(possible) > 1:
            return False
        for d in here:
            if not card.mask >> d & 1 and not work.take(d, spot):
                return False
        if len(possible) == 1:
            return self._force(work, possible[0], spot)
        return True

    def _force(self, work: _Work, d: int, spot: int) -> bool:
        """The location-card update: the other three delicts have tiles elsewhere, so d is here."""
        here = work.m[d]
        if not here:
            work.put(d, spot, MARKERS_PER_DELICT - 1)
            return True
        if not here & spot:
            return False
        gone = here & ~spot
        return not gone or work.take(d, gone)

    def _play_work(self, action: Play) -> _Work:
        look = self._board()
        if action.card == REMOVE:
            d, location = self.tables.remove_choice[action.choice]
            if not self.markers[d] >> location & 1:
                raise ValueError(f"{action}: there is no such marker")
            work = self._simulate_removal(d, 1 << location, look, self._rule_15_waits())
        else:
            card = self.tables.cards[int(action.card)]
            choice = -1
            if card.kind == _B:
                if action.choice not in card.choices:
                    raise ValueError(f"{action}: a group card is played as one of its delicts")
                choice = names.DELICT_INDEX[action.choice]
            work = self._simulate(card, choice, look, self._rule_15_waits())
        if work is None:
            raise ValueError(f"{action}: the rules refuse it")
        return work

    # ----- dead cards and backs -------------------------------------------------------------------

    def is_dead(self, number: int) -> bool:
        """Rule 11: whether card `number` can never be played again (`deduce.never_playable`)."""
        card = self.tables.cards[number]
        kind = card.kind
        if kind == _A:
            return self._dead_delict(card.delicts[0], card.mask)
        if kind == _B:
            return all(self._dead_delict(d, card.mask) for d in card.delicts)
        if kind == _C:
            return self._dead_district(card)
        return bool(self.tiled >> card.location & 1) or all(self.tiles[d] >= 0 for d in card.delicts)

    def _dead_delict(self, d: int, spots: int) -> bool:
        if self.tiles[d] >= 0:
            return True
        here = self.markers[d]
        if here:
            return not here & ~spots or not here & spots
        return not spots & ~self.tiled

    def _dead_district(self, card: _Card) -> bool:
        first, second = card.delicts
        tiles, markers = self.tiles, self.markers
        if tiles[first] >= 0 and tiles[second] >= 0:
            return True
        free = FULL & ~self.tiled
        spots = [1 << tiles[d] if tiles[d] >= 0 else markers[d] or free for d in card.delicts]
        if not self._partners(spots[0], card.relation) & spots[1]:
            return True
        near = self.tables.partner_of[card.relation]
        for tiled, other in ((first, second), (second, first)):
            if tiles[tiled] >= 0 and markers[other] and not markers[other] & ~near[tiles[tiled]]:
                return True
        return False

    def back_value(self, number: int) -> int:
        """`bots.back_value` of card `number`'s back: how likely such a card is to help now, 0 to 3."""
        back = self.tables.backs[number]
        letter = back.letter
        if letter == "A":
            return 0 if self.tiles[back.shows] >= 0 else 3 if self.markers[back.shows] else 2
        if letter == "B":
            if any(self.markers[d] for d in back.group):
                return 2
            return 1 if any(self.tiles[d] < 0 for d in back.group) else 0
        if letter == "C":
            return 2 if self.tiles[back.shows] >= 0 or self.markers[back.shows] else 1
        spot = 1 << back.shows
        if self.tiled & spot:
            return 0
        return 3 if any(here & spot for here in self.markers) else 1

    # ----- applying an action ------------------------------------------------------------------

    def apply_action(self, action: Action) -> None:
        """Apply an action `legal_actions()` listed; unchecked (module docstring)."""
        kind = type(action)
        if kind not in _ACCEPTS[self.step]:
            raise ValueError(f"{action}: now is the {self.step.value} step")
        self._legal = None
        try:
            if isinstance(action, Deal):
                self._deal(action.card)
            elif isinstance(action, Draw):
                self._take(self.tables.pile_index[action.pile], 0)
            elif isinstance(action, Pick):
                self._take(self.tables.pile_index[action.pile], action.depth)
            elif isinstance(action, Play):
                self._play(action)
            elif isinstance(action, Pass):
                self._pass()
            elif isinstance(action, Discard):
                self._discard(action.card)
            elif isinstance(action, Decline):
                self._decline()
            elif isinstance(action, Stop):
                self._stop()
            elif isinstance(action, PayShuffle):
                self._pay_shuffle(self.tables.pile_index[action.pile])
            else:
                self._deal_out(list(action.order))
        except (KeyError, IndexError) as error:  # a pile, card or choice the game does not have
            raise ValueError(f"{action}: not an action of this game now ({error!r})") from None

    def _deal(self, card: int) -> None:
        self.left.remove(card)
        self.dealt.append(card)
        if not self.left:
            self._deal_out(self.dealt)

    def _deal_out(self, order: list[int]) -> None:
        group = self.to_shuffle.pop(0)
        start = 0
        for index, pile in enumerate(group):
            size = len(order) // len(group) + (index < len(order) % len(group))
            self.piles[pile] = order[start:start + size]
            start += size
        self.dealt = []
        if self.to_shuffle:
            self.left = self._pooled()
        else:
            self.left = []
            self.step, self.resume = self.resume or Step.OPENING, None

    def _pay_shuffle(self, pile: int) -> None:
        self.scores[self.mover] -= SHUFFLE_PRICE
        self.paid_shuffle, self.resume = True, self.step
        self.to_shuffle, self.dealt = [(pile,)], []
        self.left = self._pooled()
        self.step = Step.SHUFFLE

    def _take(self, pile: int, depth: int) -> None:
        cards = self.piles[pile]
        self.hands[self.mover].append(cards.pop(len(cards) - 1 - depth))
        step = self.step
        if step is Step.OPENING:
            self.opening += 1
            players = len(self.scores)
            if self.opening == HAND_SIZE * players or not any(self.piles):
                self._begin_turn(0)
            else:
                self.mover = self.opening % players
        elif step is Step.PICK:
            self.step = Step.PICK_DISCARD
        else:
            self.owed -= 1
            if self.owed == 0 or not any(self.piles):
                self._end_turn()

    def _play(self, action: Play) -> None:
        seat = self.mover
        work = self._play_work(action)
        if action.card == REMOVE:
            if seat in self.remove_used:
                raise ValueError(f"{action}: the Remove one marker card is played already")
            self.remove_used.append(seat)
        else:
            self.hands[seat].remove(int(action.card))
            self.out.append(int(action.card))
        self._set_board(work)
        self.scores[seat] += work.points
        tables = self.tables
        more = tables.two and self.cards_this_turn < tables.cards_per_turn - 1
        self.cards_this_turn += 1
        if not more:
            self.table_turn, self.cards_this_turn = (self.table_turn + 1) % len(self.scores), 0
        if self.ntiles == DELICTS:
            self.finished = Finished.ALL_PINPOINTED
            self.step = Step.OVER
        elif tables.two:
            self.step, self.owed = Step.PLAY, 0
            if not more:
                self._to_pick()
        else:
            self.step, self.owed = Step.DISCARD, 1

    def _set_board(self, work: _Work) -> None:
        self.markers, self.tiles, self.tiled, self.ntiles = work.m, work.t, work.tiled, work.ntiles
        self._look = None

    def _pass(self) -> None:
        self.table_turn, self.cards_this_turn = (self.table_turn + 1) % len(self.scores), 0
        if self.tables.two:
            self._to_pick()
        else:
            self.step, self.owed = Step.PASS_DISCARD, 1

    def _to_pick(self) -> None:
        self.step = Step.PICK if any(self.piles) else Step.PICK_DISCARD

    def _discard(self, card: int) -> None:
        self.hands[self.mover].remove(card)
        self.out.append(card)
        self.discards.append(card)
        if self.step is Step.PICK_DISCARD:
            if len(self.discards) == TWO_PLAYER_DISCARDS:
                self._decline()
        else:
            self.owed += 1
            if self.step is Step.DISCARD:
                self._decline()

    def _decline(self) -> None:
        if self.step is Step.STOP:
            self.asked.pop(0)
            self._ask_stop()
            return
        if self.step is Step.PICK_DISCARD:
            self.owed = len(self.discards)
        self.step = Step.DRAW
        if self.owed == 0 or not any(self.piles):
            self._end_turn()

    def _stop(self) -> None:
        """Rule 10: the player asked takes every removable marker, then rule 7 and the last delict."""
        look = self._board()
        work = _Work(self, look.singles)
        for d, location in look.removable():
            work.take(d, 1 << location)
        if not work.settle(self.tables.last_points):
            raise AssertionError("STOP broke rule 4: a removed marker was in a complete assignment")
        self._set_board(work)
        self.scores[self.mover] += work.points
        if self.ntiles == DELICTS:
            self.finished = Finished.ALL_PINPOINTED
        self.asked.pop(0)
        self._ask_stop()

    # ----- between turns ------------------------------------------------------------------------

    def _end_turn(self) -> None:
        self.turns += 1
        players = len(self.scores)
        self.asked = [(self.mover + k) % players for k in range(1, players)]
        self._ask_stop()

    def _ask_stop(self) -> None:
        if self.asked and self.finished is None and self._board().removable():
            self.step, self.mover = Step.STOP, self.asked[0]
            return
        self.asked = []
        self._begin_turn(self.table_turn)

    def _begin_turn(self, seat: int) -> None:
        if self.finished is None:
            self._coordinator_check()
        self.discards, self.owed, self.paid_shuffle = [], 0, False
        if self.finished is None and not any(self.piles) and not self._any_playable():
            self.finished = Finished.PILES_USED_UP
        if self.finished is not None:
            self.step = Step.OVER
            return
        self.step, self.mover = Step.PLAY, seat

    def _coordinator_check(self) -> None:
        """Rule 11: the top card of each pile goes out of the game while it is dead."""
        while True:
            dead = [pile[-1] for pile in self.piles if pile and self.is_dead(pile[-1])]
            if not dead:
                return
            self.out.extend(dead)
            for pile in self.piles:
                if pile and pile[-1] in dead:
                    pile.pop()

    def _any_playable(self) -> bool:
        """Rule 12: whether some player holds a playable info card."""
        look = self._board()
        for hand in self.hands:
            for number in hand:
                card = self.tables.cards[number]
                choices = card.delicts if card.kind == _B else (-1,)
                if any(self._points(card, choice, look) >= 0 for choice in choices):
                    return True
        return False

    # ----- for the equality proof ----------------------------------------------------------------

    def summary(self) -> dict[str, Any]:
        """The board, the cards and the turn in the checked engine's words (`summary(State)`)."""
        players, seat = self.tables.players, self.mover
        return {
            "markers": {names.DELICTS[d]: frozenset(names.LOCATIONS[b] for b in range(DELICTS) if here >> b & 1)
                        for d, here in enumerate(self.markers) if here},
            "tiles": {names.DELICTS[d]: names.LOCATIONS[t] for d, t in enumerate(self.tiles) if t >= 0},
            "scores": dict(zip(players, self.scores, strict=True)),
            "remove_one_used": [players[p] for p in self.remove_used],
            "out_of_game": list(self.out),
            "cards_this_turn": self.cards_this_turn,
            "finished": self.finished,
            "turn": players[self.table_turn],
            "hands": {p: list(hand) for p, hand in zip(players, self.hands, strict=True)},
            "piles": {name: list(pile) for name, pile in zip(self.tables.pile_names, self.piles, strict=True)},
            "step": self.step,
            "mover": players[seat],
            "owed": self.owed,
            "discards": list(self.discards),
            "asked": [players[p] for p in self.asked],
            "opening": self.opening,
            "turns": self.turns,
            "end": self.end_reason(),
        }


def summary(state: State) -> dict[str, Any]:
    """`FastState.summary()` of a checked state: the two are equal when the games are."""
    table, turn = state.table, state.turn
    return {
        "markers": {d: frozenset(spots) for d, spots in table.markers.items()},
        "tiles": dict(table.tiles),
        "scores": {p: table.scores[p] for p in state.game.players},
        "remove_one_used": list(table.remove_one_used),
        "out_of_game": list(table.out_of_game),
        "cards_this_turn": table.cards_this_turn,
        "finished": table.finished,
        "turn": table.turn,
        "hands": {p: list(state.hands[p]) for p in state.game.players},
        "piles": {name: list(cards) for name, cards in state.piles.items()},
        "step": turn.step,
        "mover": turn.mover,
        "owed": turn.owed,
        "discards": list(turn.discards),
        "asked": list(turn.asked),
        "opening": turn.opening,
        "turns": turn.turns,
        "end": state.end_reason(),
    }


# ----- bots on the fast path ------------------------------------------------------------------------


class FastRandomBot:
    """`bots.RandomBot` on a FastState: the same seed picks the same actions."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def __call__(self, state: FastState) -> Action:
        return self.rng.choice(state.legal_actions())


def fast_greedy(state: FastState) -> Action:
    """What `bots.GreedyBot` picks on the same state: the best play now (a pass when nothing is
    playable, or in the two-player variant when the best further card scores nothing), a dead card
    discarded, STOP whenever offered, the most helpful back drawn."""
    step, seat, tables = state.step, state.mover, state.tables
    if step is Step.STOP:
        return tables.stop[seat]
    if step is Step.PLAY:
        plays = state.ranked_plays()
        if plays and not (tables.two and state.cards_this_turn and not plays[0][1]):
            return plays[0][0]
        return PASS
    if step in _DISCARDING:
        dead = next((n for n in state.hands[seat] if state.is_dead(n)), None)
        return DECLINE if dead is None else tables.discard[dead]
    legal = state.legal_actions()
    if step is Step.DRAW or (step is Step.OPENING and not tables.two):
        return max(legal, key=lambda action: _draw_value(state, action))
    return max(legal, key=lambda action: _pick_value(state, action))


def _draw_value(state: FastState, action: Action) -> int:
    if not isinstance(action, Draw):
        return -1
    return state.back_value(state.piles[state.tables.pile_index[action.pile]][-1])


def _pick_value(state: FastState, action: Action) -> int:
    if not isinstance(action, Pick):
        return -1
    pile = state.piles[state.tables.pile_index[action.pile]]
    return state.back_value(pile[len(pile) - 1 - action.depth])


FAST_BOTS: dict[str, Callable[[int], FastBot]] = {"random": FastRandomBot, "greedy": lambda seed: fast_greedy}


def play_fast(game: Game, bots: Sequence[FastBot], seed: int = 0, max_turns: int = MAX_TURNS) -> FastState:
    """`bots.play_game` on the fast path: the same bots from the same seed play the same game."""
    if len(bots) != game.num_players():
        raise ValueError(f"{game.num_players()} players need {game.num_players()} bots, not {len(bots)}")
    state = FastState.new_initial_state(game, seed)
    while not state.is_terminal():
        if state.turns >= max_turns:
            state.halt(f"the bound of {max_turns} turns was reached")
            break
        if state.step is Step.SHUFFLE:
            state.apply_action(state.sample_chance())
        else:
            state.apply_action(bots[state.mover](state))
    return state
