"""Whether a card is playable on a game state, and what it does (rules 1-7, 13-16; docs/rules.md).

`check(state, card, board)` returns a `Verdict` value: playable or not, the rule that
decides, why as a `Fact` (`solver.table.facts`; `solver.table.wording` words it), and when
playable the `Effect` (markers placed, removed, replaced by tiles, tiles placed, markers
kept), the notes on how it was played, and the points. Checks follow the
order of docs/rules.md: placement (rule 13 more than 5 open locations, rule 14 none, rule 15 an
open location full), then removal (rule 14 a tile contradicted, rule 4 a delict would
lose every marker), then rule 7 (last marker -> tile, repeated), then rule 11 (a card
that changes nothing gives no new information).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import NoReturn, assert_never

from solver.core import names
from solver.core.bits import bit, location_mask
from solver.core.board import Board
from solver.core.cards import (
    Clue,
    DelictClue,
    DistrictClue,
    GroupClue,
    LocationClue,
    NotClue,
    RemoveOneMarker,
    card_type_of_number,
)
from solver.core.errors import BadInput
from solver.core.matching import hall_violator, reserved_locations
from solver.table.errors import (
    ChoiceNeeded,
    GameGoesOn,
    GameOver,
    NotYourTurn,
    PlayOn,
    StateConflict,
    TooManyDiscards,
    TurnCannotEnd,
)
from solver.table.facts import Fact, FactKind, RuleNumber
from solver.table.state import (
    FULL_LOCATION,
    MARKERS_PER_DELICT,
    REMOVE,
    TWO_PLAYER_DISCARDS,
    CardRecord,
    Effect,
    GameState,
    Move,
    MoveKind,
)

Card = Clue | RemoveOneMarker


@dataclass
class Verdict:
    """The rules' answer on one card now. A refusal says why in `refusal`; a playable card has its
    `effect` and the `notes` on how it was played. A card with choices (a group card, the
    Remove-one-marker card) has a verdict per choice, and is as playable as its `best` one."""

    playable: bool
    rule: RuleNumber
    refusal: Fact | None = None
    effect: Effect | None = None
    notes: tuple[Fact, ...] = ()
    choices: dict[str, Verdict] = field(default_factory=dict)
    best: str | None = None  # for a card with choices: the choice worth most points

    @property
    def points(self) -> int | None:
        return self.effect.points if self.effect is not None else None

    @property
    def removal_rule(self) -> RuleNumber:
        """The rule by which the effect's markers are removed: the Remove-one-marker card's 6, else 4."""
        return 6 if self.rule == 6 else 4

    def renamed(self, old: str, new: str) -> Verdict:
        """The same verdict with delict `old` called `new` in its facts and effect."""
        effect = self.effect.renamed(old, new) if self.effect is not None else None
        refusal = self.refusal.renamed(old, new) if self.refusal is not None else None
        return Verdict(self.playable, self.rule, refusal, effect, tuple(n.renamed(old, new) for n in self.notes),
                       self.choices, self.best)


class Unplayable(Exception):
    def __init__(self, fact: Fact):
        super().__init__(fact.kind.value)
        self.fact = fact

    @property
    def rule(self) -> RuleNumber:
        rule = self.fact.rule
        assert rule is not None, "every refusal applies a rule"
        return rule


# ----- the public entry points ------------------------------------------------------------


def check(state: GameState, card: Card, board: Board, player: str | None = None,
          end_of_turn: bool = True) -> Verdict:
    """The verdict on playing `card` now; for group and remove cards, one verdict per choice."""
    player = player or state.turn
    if isinstance(card, RemoveOneMarker):
        return _with_choices(_remove_choices(state, board, player, end_of_turn), _no_remove(state, player))
    if isinstance(card, GroupClue):
        choices = {d: _verdict(state, board, end_of_turn, _group_choice(card, d, board))
                   for d in card.delicts}
        return _with_choices(choices, None)
    return _verdict(state, board, end_of_turn, lambda work: _apply_clue(work, card))


def check_choice(state: GameState, card: Card, board: Board, choice: str | None,
                 player: str | None = None, end_of_turn: bool = True) -> tuple[Verdict, str | None]:
    """The verdict for one way of playing `card` (a group card's delict, the marker to remove).

    Without `choice`, a card with exactly one playable choice is played that way; with
    several, ChoiceNeeded carries the playable ones. A choice that is not one of the
    card's is ChoiceNeeded too, carrying the card's choices.
    """
    verdict = check(state, card, board, player, end_of_turn)
    if not verdict.choices:
        return verdict, None
    if choice is None:
        playable = [name for name, v in verdict.choices.items() if v.playable]
        if len(playable) == 1:
            return verdict.choices[playable[0]], playable[0]
        if not playable:
            return verdict, None
        raise ChoiceNeeded("this card needs a choice: one of " + "; ".join(playable), options=tuple(playable))
    key = _choice_key(card, choice, verdict.choices)
    return verdict.choices[key], key


def play(state: GameState, card: Card, board: Board, record: CardRecord | None = None,
         choice: str | None = None, player: str | None = None, more: bool = False,
         discard: Sequence[int] = ()) -> tuple[Verdict, str | None]:
    """The checked path: check `card` and, when it is playable, push it on the state's move stack.

    `record` is what the move stack keeps for the card (a number goes out of the game, with
    the `discard`ed numbers); `more` keeps the turn going (two-player variant). Refused
    when the game is over (GameOver); BadInput when it is not `player`'s turn (NotYourTurn),
    the turn cannot go on (PlayOn), a card is out of the game already (StateConflict) or
    the choice is missing or wrong (ChoiceNeeded). The state is untouched unless playable.
    """
    player = _mover(state, player)
    limit = state.variant.cards_per_turn
    if more and limit == 1:
        raise PlayOn("this game plays one card a turn (the two-player variant plays up to 3)", variant=False)
    if more and state.cards_this_turn >= limit - 1:
        raise PlayOn(f"this is card {limit} of the turn, the last one it may have: it ends the turn", variant=True)
    if isinstance(card, RemoveOneMarker):
        record = REMOVE
    played = [record] if isinstance(record, int) and not isinstance(record, bool) else []
    check_discards(state, discard, passing=False)
    out = cards_out(state, played, discard)
    verdict, key = check_choice(state, card, board, choice, player, end_of_turn=not more)
    if verdict.playable and verdict.effect is not None:  # a playable verdict always has its effect
        state.push_unchecked(Move(MoveKind.PLAY, player, record, key, verdict.effect, out), end_turn=not more)
    return verdict, key


def pass_turn(state: GameState, player: str | None = None, discard: Sequence[int] = ()) -> Move:
    """`player` passes (or ends a two-player-variant turn): the discarded cards go out of the
    game and the turn moves on. Refused when the game is over (GameOver) or a location holds
    more than 3 markers (TurnCannotEnd, rule 15); NotYourTurn, and discards as in `play`."""
    player = _mover(state, player)
    if state.overfull():
        raise TurnCannotEnd(state.overfull())
    check_discards(state, discard, passing=True)
    move = Move(MoveKind.PASS, player, out=cards_out(state, [], discard))
    state.push_unchecked(move, end_turn=True)
    return move


SHUFFLE_PRICE = 1  # "In return for paying 1 victory point, the active player may shuffle 1 draw pile"


def pay_shuffle(state: GameState, pile: str, player: str) -> Move:
    """The two-player variant: `player` pays a point to shuffle draw pile `pile`, "before or after
    drawing cards" — so after the turn's cards, whose last one has passed the turn on: the caller
    says who is active. The move records the price; the shuffle itself is the caller's (the table
    does not hold the piles' order). BadInput outside the variant or for a player without a point."""
    player = state.player(player)
    if state.finished is not None:
        raise GameOver(state.finished)
    if not state.variant.is_two_player:
        raise BadInput("a draw pile is shuffled for a point only in the two-player variant")
    if state.scores.get(player, 0) < SHUFFLE_PRICE:
        raise BadInput(f"{player} has no point to pay for shuffling a pile")
    move = Move(MoveKind.SHUFFLE, player, choice=pile, effect=Effect(paid=SHUFFLE_PRICE))
    state.push_unchecked(move, end_turn=False)
    return move


def end_game(state: GameState, hand: Sequence[Card], board: Board, numbers: Sequence[int | None] = ()) -> Move:
    """Rule 12: the draw piles are used up and `hand` is every card left in the players' hands.

    The game ends (the move is pushed, `state.finished` says why) when none is playable;
    otherwise GameGoesOn names the first playable card by its index in `hand`. `numbers` (the
    cards' numbers, None for a card without one) marks cards out of the game already, which
    are never playable. GameOver when the game has ended already.
    """
    if state.finished is not None:
        raise GameOver(state.finished)
    for index, card in enumerate(hand):
        number = numbers[index] if index < len(numbers) else None
        verdict = check_numbered(state, card, board, number)
        if verdict.playable:
            raise GameGoesOn(index, verdict)
    move = Move(MoveKind.END, state.turn)
    state.push_unchecked(move, end_turn=False)
    return move


def discard_limit(state: GameState, passing: bool) -> int | None:
    """How many cards a move may discard: one after a play, any number (None) on a pass; the
    two-player variant up to 2 either way."""
    if state.variant.is_two_player:
        return TWO_PLAYER_DISCARDS
    return None if passing else 1


def check_discards(state: GameState, discard: Sequence[int], passing: bool) -> None:
    """TooManyDiscards when `discard` holds more cards than the move may discard."""
    limit = discard_limit(state, passing)
    if limit is not None and len(discard) > limit:
        allowed = "one more card after a play" if limit == 1 else f"up to {limit} cards (the two-player variant)"
        raise TooManyDiscards(f"{len(discard)} cards discarded: a player may discard {allowed}", limit=limit)


def cards_out(state: GameState, played: Sequence[int], discard: Sequence[int]) -> list[int]:
    """The card numbers a move takes out of the game (the card played, then the discards), checked:
    the deck's numbers, none out of the game already (StateConflict), none given twice."""
    numbers = [*played, *discard]
    for index, number in enumerate(numbers):
        card_type_of_number(number)  # BadInput unless one of the deck's numbers
        in_game(state, [number])
        if number in numbers[:index]:
            twice = "played and discarded too" if number in played else "discarded twice"
            raise BadInput(f"card {number} is {twice}; a card goes out of the game once")
    return numbers


def in_game(state: GameState, numbers: Sequence[int | None]) -> None:
    """StateConflict when a card number is out of the game already (played, discarded or taken out)."""
    for number in numbers:
        if number is not None and number in state.out_of_game:
            raise StateConflict(f"card {number} is already out of the game (played or discarded); undo the "
                                "move that took it out, or check the number")


def out_of_game_verdict(state: GameState, number: int | None) -> Verdict | None:
    """The verdict on a numbered card that is out of the game already (rule 11), else None: `check`,
    `hand`, `drawpile` and `end_game` treat such a card as `play` does, as gone."""
    if number is None or number not in state.out_of_game:
        return None
    return Verdict(False, 11, Fact(FactKind.OUT_OF_GAME, number=number))


def check_numbered(state: GameState, card: Card, board: Board, number: int | None, player: str | None = None,
                   end_of_turn: bool = True) -> Verdict:
    """`check`, for a card known by its number: one out of the game already is refused as gone."""
    return out_of_game_verdict(state, number) or check(state, card, board, player, end_of_turn)


def _mover(state: GameState, player: str | None) -> str:
    """The player who moves now: a player (BadInput), whose turn it is (NotYourTurn), the game not over."""
    player = state.player(player)
    if state.finished is not None:
        raise GameOver(state.finished)
    if player != state.turn:
        raise NotYourTurn(f"it is {state.turn}'s turn, not {player}'s", turn=state.turn, player=player)
    return player


@dataclass(frozen=True)
class HandPlay:
    """One way to play a card of a hand: `card` is its index in the hand, `choice` None for a card
    without choices."""

    card: int
    choice: str | None
    verdict: Verdict


@dataclass
class HandRanking:
    plays: list[HandPlay]  # the legal plays, most points first (ties in hand order)
    refused: list[HandPlay]  # the ways of playing that are not playable now, in hand order


def rank_hand(state: GameState, hand: Sequence[Card], board: Board, player: str | None = None,
              numbers: Sequence[int | None] = (), end_of_turn: bool = True) -> HandRanking:
    """The hand advisor: every card of `hand` checked, every choice of a card with choices.
    `numbers` (the cards' numbers, None for a card without one) marks cards out of the game already;
    `end_of_turn` as in `check` (False: a two-player-variant card that keeps the turn)."""
    player = state.player(player)
    plays: list[HandPlay] = []
    refused: list[HandPlay] = []
    for index, card in enumerate(hand):
        number = numbers[index] if index < len(numbers) else None
        verdict = check_numbered(state, card, board, number, player, end_of_turn)
        options = verdict.choices.items() if verdict.choices else [(None, verdict)]
        for choice, option in options:
            (plays if option.playable else refused).append(HandPlay(index, choice, option))
    plays.sort(key=lambda found: -(found.verdict.points or 0))
    return HandRanking(plays, refused)


def _choice_key(card: Card, choice: str, choices: dict[str, Verdict]) -> str:
    options = tuple(choices)
    if isinstance(card, RemoveOneMarker):
        if "@" not in choice:
            raise ChoiceNeeded("a marker to remove is named DELICT@LOCATION, e.g. break-in@Meisenheim",
                               options=options, given=choice)
        delict, location = choice.split("@", 1)
        key = marker_key(names.resolve("delict", delict), names.resolve("location", location))
        if key not in choices:
            raise ChoiceNeeded(f"there is no {key.replace('@', ' marker on ')}; markers: " + ", ".join(choices),
                               options=options, given=choice)
        return key
    delict = names.resolve("delict", choice)
    if delict not in choices:
        raise ChoiceNeeded(f"{delict} is not in this card's group; choose one of " + ", ".join(choices),
                           options=options, given=choice)
    return delict


def marker_key(delict: str, location: str) -> str:
    return f"{delict}@{location}"


def _with_choices(choices: dict[str, Verdict], refusal: Verdict | None) -> Verdict:
    if refusal is not None:
        return refusal
    playable = {name: v for name, v in choices.items() if v.playable}
    if not playable:
        first = next(iter(choices.values()))
        return Verdict(False, first.rule, Fact(FactKind.NO_CHOICE_PLAYABLE), None, (), choices)
    best = max(playable, key=lambda name: playable[name].points or 0)
    top = playable[best]
    return Verdict(True, top.rule, None, top.effect, top.notes, choices, best)


def _verdict(state: GameState, board: Board, end_of_turn: bool, action: Callable[[Work], RuleNumber]) -> Verdict:
    work = Work(state, board, relax_full=state.variant.rule_15_at_turn_end and not end_of_turn)
    try:
        rule = action(work)
        work.settle()
        if not work.effect.changes_board():
            raise Unplayable(Fact(FactKind.CHANGES_NOTHING))
        if state.variant.rule_15_at_turn_end and end_of_turn:
            work.check_full_at_end()
    except Unplayable as refused:
        return Verdict(False, refused.rule, refused.fact)
    return Verdict(True, rule, None, work.effect, tuple(work.notes))


# ----- the working board ------------------------------------------------------------------


class Work:
    """A scratch copy of the board that records every change as an Effect."""

    def __init__(self, state: GameState, board: Board, relax_full: bool = False):
        self.markers: dict[str, set[str]] = {d: set(m) for d, m in state.markers.items()}
        self.tiles = dict(state.tiles)
        self.board = board
        self.effect = Effect()
        self.notes: list[Fact] = []
        self.relax_full = relax_full
        self.settle_last = len(state.players) >= 2
        self.last_points = state.variant.last_delict_points

    def where(self, delict: str) -> set[str] | None:
        """The locations a delict occupies: its tile, its markers, or None in the supply."""
        if delict in self.tiles:
            return {self.tiles[delict]}
        return set(self.markers[delict]) if delict in self.markers else None

    def tile_at(self, location: str) -> str | None:
        return next((d for d, where in self.tiles.items() if where == location), None)

    def markers_at(self, location: str) -> list[str]:
        return [d for d in names.DELICTS if location in self.markers.get(d, ())]

    def closed_reason(self, delict: str, location: str, reserved: int | None = None) -> Fact | None:
        """Why `location` is closed to a new marker of `delict` (rules 2 and 3), or None; `reserved`:
        reserved_for(delict) on this board, when the caller has it."""
        tile = self.tile_at(location)
        if tile is not None:
            return Fact(FactKind.SKIPS_TILE, location=location, tile=tile)
        here = bit(names.LOCATION_INDEX[location])
        if not (self.reserved_for(delict) if reserved is None else reserved) & here:
            return None
        others, masks = self._others(delict)
        rows = hall_violator([m & ~here for m in masks])
        tied = [others[r] for r in rows]
        spots = sorted({loc for d in tied for loc in self.markers[d]}, key=names.LOCATION_INDEX.__getitem__)
        return Fact(FactKind.SKIPS_RESERVED, location=location, locations=tuple(spots), delicts=tuple(tied))

    def reserved_for(self, delict: str) -> int:
        """The locations the other delicts' markers reserve (rule 3): closed to a new marker of `delict`."""
        return reserved_locations(self._others(delict)[1])

    def _others(self, delict: str) -> tuple[list[str], list[int]]:
        """The other delicts with markers, and the mask of each one's markers."""
        others = [d for d in names.DELICTS if d != delict and d in self.markers]
        return others, [location_mask(self.markers[d]) for d in others]

    def place(self, delict: str, candidates: list[str]) -> list[str]:
        """Rule 1 with rules 2, 3, 13, 14, 15: place `delict` from the supply on the open candidates."""
        open_spots = []
        reserved = self.reserved_for(delict)  # no marker moves while the candidates are looked at
        for location in candidates:
            reason = self.closed_reason(delict, location, reserved)
            if reason:
                self.notes.append(reason)
            else:
                open_spots.append(location)
        if len(open_spots) > MARKERS_PER_DELICT:
            raise Unplayable(Fact(FactKind.TOO_MANY_MARKERS, delict=delict, locations=tuple(open_spots)))
        if not open_spots:
            raise Unplayable(Fact(FactKind.NO_OPEN_LOCATION, delict=delict, notes=tuple(self.notes)))
        full = [loc for loc in open_spots if len(self.markers_at(loc)) >= FULL_LOCATION]
        if full and not self.relax_full:
            raise Unplayable(Fact(FactKind.LOCATION_FULL, delict=delict, location=full[0]))
        self.markers[delict] = set(open_spots)
        self.effect.placed += [(delict, loc) for loc in open_spots]
        self.effect.kept[delict] = MARKERS_PER_DELICT - len(open_spots)
        return open_spots

    def remove(self, delict: str, location: str, refusal: Fact | None = None) -> None:
        """Take a marker off; rule 4 refuses taking a delict's last one, for `refusal` when given."""
        self.markers[delict].discard(location)
        self.effect.removed.append((delict, location))
        if not self.markers[delict]:
            del self.markers[delict]
            raise Unplayable(refusal or Fact(FactKind.REMOVES_EVERY_MARKER, delict=delict))

    def pin(self, delict: str) -> None:
        """Rule 7: the last marker becomes the tile; other delicts' markers there go."""
        (location,) = self.markers.pop(delict)
        self.tiles[delict] = location
        self.effect.replaced.append((delict, location))
        self.effect.tiles.append((delict, location))
        for other in self.markers_at(location):
            self.remove(other, location, Fact(FactKind.TILE_COVERS_LAST_MARKER, delict=other, tile=delict,
                                              location=location))

    def settle(self) -> None:
        """Rule 7 until nothing changes, then the update's last delict."""
        while True:
            single = next((d for d in names.DELICTS if len(self.markers.get(d, ())) == 1), None)
            if single is None:
                break
            self.pin(single)
        if self.settle_last and len(self.tiles) == len(names.DELICTS) - 1:
            self._settle_last_delict()

    def _settle_last_delict(self) -> None:
        """Update for 2-4 players: the last delict goes to the last free location."""
        (delict,) = [d for d in names.DELICTS if d not in self.tiles]
        (location,) = [loc for loc in names.LOCATIONS if self.tile_at(loc) is None]
        markers = self.markers.pop(delict, set())
        for spot in sorted(markers - {location}, key=names.LOCATION_INDEX.__getitem__):
            self.effect.removed.append((delict, spot))
        if location in markers:
            self.effect.replaced.append((delict, location))
        elif not markers:
            self.effect.kept[delict] = self.effect.kept.get(delict, 0) + self.last_points
        else:
            raise Unplayable(Fact(FactKind.LAST_DELICT_WITHOUT_MARKER, delict=delict, location=location))
        self.tiles[delict] = location
        self.effect.tiles.append((delict, location))
        self.notes.append(Fact(FactKind.LAST_DELICT, delict=delict, location=location))

    def check_full_at_end(self) -> None:
        for location in names.LOCATIONS:
            here = self.markers_at(location)
            if len(here) > FULL_LOCATION:
                raise Unplayable(Fact(FactKind.TURN_ENDS_OVERFULL, location=location, count=len(here)))


# ----- per card type ---------------------------------------------------------------------


def _apply_clue(work: Work, clue: Clue) -> RuleNumber:
    match clue:
        case DelictClue(delict, locations):
            return _delict_in(work, delict, list(locations))
        case NotClue(delict, locations):
            return _delict_not_in(work, delict, set(locations))
        case DistrictClue():
            return _district(work, clue)
        case LocationClue():
            return _location(work, clue)
        case GroupClue():  # played through a choice of its delict (`_group_choice`)
            raise ValueError("a group card is played as one of its delicts")
        case _:
            assert_never(clue)


def _group_choice(card: GroupClue, delict: str, board: Board) -> Callable[[Work], RuleNumber]:
    locations = [loc for loc in names.LOCATIONS if board.in_direction(loc, card.direction)]
    return lambda work: _delict_in(work, delict, locations)


def _delict_in(work: Work, delict: str, locations: list[str]) -> RuleNumber:
    """Type A (and a group card's chosen delict): the delict is on one of `locations`."""
    if delict in work.tiles:
        _pinpointed(work, delict, work.tiles[delict] in locations)
    if delict not in work.markers:
        work.place(delict, locations)
        return 1
    wrong = sorted(work.markers[delict] - set(locations), key=names.LOCATION_INDEX.__getitem__)
    if len(wrong) == len(work.markers[delict]):
        raise Unplayable(Fact(FactKind.REMOVES_EVERY_MARKER, delict=delict, locations=tuple(wrong)))
    for location in wrong:
        work.remove(delict, location)
    return 4


def _delict_not_in(work: Work, delict: str, locations: set[str]) -> RuleNumber:
    """A solo "not" clue: only removes."""
    if delict in work.tiles:
        _pinpointed(work, delict, work.tiles[delict] not in locations)
    if delict not in work.markers:
        raise Unplayable(Fact(FactKind.NOT_CLUE_WITHOUT_MARKERS, delict=delict))
    for location in sorted(work.markers[delict] & locations, key=names.LOCATION_INDEX.__getitem__):
        work.remove(delict, location)
    return 4


def _pinpointed(work: Work, delict: str, agrees: bool) -> NoReturn:
    """A card about a delict whose tile is down: it tells nothing new when the tile agrees
    (rule 11), and contradicts the board when it does not (rule 14)."""
    kind = FactKind.DELICT_PINPOINTED if agrees else FactKind.TILE_EXCLUDED
    raise Unplayable(Fact(kind, delict=delict, location=work.tiles[delict]))


def _partners(work: Work, spots: set[str], relation: str) -> set[str]:
    return {other for spot in spots for other in work.board.partners(spot, relation)}


def _district(work: Work, clue: DistrictClue) -> RuleNumber:
    """Type C: the two delicts lie on path-joined locations, same or adjoining district."""
    first, second = clue.delicts
    first_at, second_at = work.where(first), work.where(second)
    if first_at is None and second_at is None:
        raise Unplayable(Fact(FactKind.DISTRICT_NEEDS_DELICT, delicts=(first, second)))
    _district_tiles(work, clue)
    if first_at is None and second_at is not None:
        return _place_partners(work, clue, first, second, second_at)
    if second_at is None and first_at is not None:
        return _place_partners(work, clue, second, first, first_at)
    _drop_without_partner(work, first, second_at or set(), clue.relation)
    _drop_without_partner(work, second, first_at or set(), clue.relation)
    return 4


def _place_partners(work: Work, clue: DistrictClue, new: str, old: str, old_at: set[str]) -> RuleNumber:
    """A district card whose `new` delict is in the supply: place it next to `old`'s locations."""
    candidates = sorted(_partners(work, old_at, clue.relation), key=names.LOCATION_INDEX.__getitem__)
    placed = set(work.place(new, candidates))
    _drop_without_partner(work, old, placed, clue.relation)
    return 1


def _district_tiles(work: Work, clue: DistrictClue) -> None:
    """Rule 14: the card may not contradict a tile on the board."""
    first, second = clue.delicts
    for tiled, other in ((first, second), (second, first)):
        if tiled not in work.tiles:
            continue
        spot = work.tiles[tiled]
        if other in work.tiles:
            if not work.board.joined(spot, work.tiles[other], clue.relation):
                raise Unplayable(Fact(FactKind.TILES_NOT_JOINED, delicts=(tiled, other),
                                      locations=(spot, work.tiles[other]), relation=clue.relation))
            continue
        free = [p for p in work.board.partners(spot, clue.relation) if work.tile_at(p) is None]
        if not free:
            raise Unplayable(Fact(FactKind.TILE_WITHOUT_NEIGHBOUR, delict=tiled, location=spot,
                                  relation=clue.relation))


def _drop_without_partner(work: Work, delict: str, others: set[str], relation: str) -> None:
    if delict in work.tiles:
        return
    keep = _partners(work, others, relation)
    for location in sorted(work.markers[delict] - keep, key=names.LOCATION_INDEX.__getitem__):
        work.remove(delict, location, Fact(FactKind.NO_MARKER_HAS_PARTNER, delict=delict, relation=relation))


def _location(work: Work, clue: LocationClue) -> RuleNumber:
    """Type D (rule 5): the delict at the location is one of the card's four."""
    location, delicts = clue.location, set(clue.delicts)
    tile = work.tile_at(location)
    if tile is not None:
        kind = FactKind.LOCATION_PINPOINTED if tile in delicts else FactKind.TILE_NOT_ON_CARD
        raise Unplayable(Fact(kind, location=location, tile=tile))
    possible = [d for d in clue.delicts if d not in work.tiles]
    if not possible:
        raise Unplayable(Fact(FactKind.ALL_TILED_ELSEWHERE, delicts=tuple(clue.delicts)))
    here = work.markers_at(location)
    if not here and len(possible) > 1:
        raise Unplayable(Fact(FactKind.LOCATION_NEEDS_MARKER, location=location))
    for delict in here:
        if delict not in delicts:
            work.remove(delict, location)
    if len(possible) == 1:
        tiled = tuple((d, work.tiles[d]) for d in clue.delicts if d != possible[0])
        work.notes.append(Fact(FactKind.FORCED, delict=possible[0], location=location, pairs=tiled))
        _force(work, possible[0], location)
    return 5


def _force(work: Work, delict: str, location: str) -> None:
    """Update to type D: the other three delicts have tiles elsewhere, so this one is here."""
    if delict in work.markers:
        if location not in work.markers[delict]:
            raise Unplayable(Fact(FactKind.FORCED_WITHOUT_MARKER, delict=delict, location=location))
        for spot in sorted(work.markers[delict] - {location}, key=names.LOCATION_INDEX.__getitem__):
            work.remove(delict, spot)
        return
    work.markers[delict] = {location}
    work.effect.placed.append((delict, location))
    work.effect.kept[delict] = MARKERS_PER_DELICT - 1


# ----- the "Remove one marker" card (rule 6) ---------------------------------------------------


def _no_remove(state: GameState, player: str) -> Verdict | None:
    if player in state.remove_one_used:
        return Verdict(False, 6, Fact(FactKind.REMOVE_CARD_USED, player=player))
    if not state.markers:
        return Verdict(False, 6, Fact(FactKind.NO_MARKER_TO_REMOVE))
    return None


def _remove_choices(state: GameState, board: Board, player: str, end_of_turn: bool) -> dict[str, Verdict]:
    if _no_remove(state, player) is not None:
        return {}
    choices = {}
    for delict in names.DELICTS:
        for location in names.LOCATIONS:
            if location in state.markers.get(delict, ()):
                def take(work: Work, delict: str = delict, location: str = location) -> RuleNumber:
                    work.remove(delict, location)
                    return 6
                choices[marker_key(delict, location)] = _verdict(state, board, end_of_turn, take)
    return choices
