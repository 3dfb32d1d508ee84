"""The multiplayer game state (docs/rules.md; the file format in docs/formats.md): one type with a move stack.

A `GameState` holds the board (markers and tiles), the players, their scores, whose
turn it is, who has used the "Remove one marker" card and which cards are out of the
game. Every change is a `Move` pushed on `history`; `pop()` undoes the last one
exactly, like python-chess's `Board.push`/`pop`. The rules live in `solver.table.rules`
and `solver.table.deduce`, whose checked calls (`play`, `pass_turn`, `end_game`,
`take_stop`, `take_out_dead`) are the only callers of `push_unchecked`: this module
only applies effects that the rules have checked.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum
from functools import lru_cache
from pathlib import Path
from typing import Any, Final, Literal, NamedTuple

from solver.core import names
from solver.core.deck import CARD_NUMBERS
from solver.core.errors import BadInput, control_character, did_you_mean
from solver.core.yamlio import (
    dump_yaml_kept_entries,
    line_of,
    parse_yaml,
    previous_version,
    read_text,
    remove_now,
    save_atomic,
)
from solver.table.errors import StateConflict

MARKERS_PER_DELICT = 5
FULL_LOCATION = 3
FORMAT = 1  # the state file format this program writes; a file without `format:` is format 1 too
TOP_LEVEL_KEYS = (
    "format", "players", "scores", "turn", "markers", "tiles", "remove_one_used", "out_of_game",
    "variant", "cards_this_turn", "finished", "hands", "piles", "history",
)
VARIANT_KEYS = ("cards_per_turn", "rule_15_at_turn_end", "last_delict_points", "two_player")
TWO_PLAYER_CARDS_PER_TURN = 3  # the two-player variant: 1 to 3 cards a turn
TWO_PLAYER_DISCARDS = 2  # the two-player variant: "discard up to 2 info cards"
REMOVE: Final = "remove"  # what the move stack records for the "Remove one marker" card

Pair = tuple[str, str]  # (delict, location)
CardRecord = int | Literal["remove"] | dict[str, Any]  # a card number, REMOVE, or a written-out clue
LastDelictPoints = Literal[1, 5]  # the update's 5 points, or its suggested 1


@dataclass
class VariantError(BadInput):
    """A variant parameter that is unknown or has a value of the wrong kind: `key` names it."""

    key: str = ""


@dataclass(frozen=True)
class Variant:
    """The named rule parameters a game is played with (docs/rules.md, "Variants").

    The two-player variant is a preset of two of them: up to 3 cards a turn, and rule 15
    checked only when the turn ends (`Variant.two_player()`).
    """

    cards_per_turn: int = 1  # at most this many cards a turn
    rule_15_at_turn_end: bool = False  # a location may hold more than 3 markers until the turn ends
    last_delict_points: LastDelictPoints = 5  # the update's points for the last delict, or its suggested 1

    @classmethod
    def two_player(cls, last_delict_points: LastDelictPoints = 5) -> Variant:
        return cls(TWO_PLAYER_CARDS_PER_TURN, True, last_delict_points)

    @property
    def is_two_player(self) -> bool:
        return self == Variant.two_player(self.last_delict_points)

    def to_dict(self) -> dict[str, Any]:
        return {"cards_per_turn": self.cards_per_turn, "rule_15_at_turn_end": self.rule_15_at_turn_end,
                "last_delict_points": self.last_delict_points}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Variant:
        """The variant as a state file gives it; `two_player: true` stands for its two parameters.
        BadInput names an unknown key (with the nearest ones) or a value of the wrong kind."""
        for key in data:
            if key not in VARIANT_KEYS:
                hint = did_you_mean(str(key), VARIANT_KEYS) or "variant keys: " + ", ".join(VARIANT_KEYS)
                raise VariantError(f"unknown variant key {key!r}; {hint}", key=str(key))
        for key in ("rule_15_at_turn_end", "two_player"):
            if key in data and not isinstance(data[key], bool):
                raise VariantError(f"variant {key} is true or false, not {data[key]!r}", key=key)
        preset = cls.two_player() if data.get("two_player") else cls()
        points = data.get("last_delict_points", 5)
        if points not in (1, 5) or isinstance(points, bool):
            raise VariantError(_LAST_DELICT_POINTS, key="last_delict_points")
        cards = data.get("cards_per_turn", preset.cards_per_turn)
        if isinstance(cards, bool) or cards not in (1, TWO_PLAYER_CARDS_PER_TURN):
            raise VariantError(f"variant cards_per_turn is 1, or {TWO_PLAYER_CARDS_PER_TURN} (the two-player "
                               "variant)", key="cards_per_turn")
        variant = cls(cards, data.get("rule_15_at_turn_end", preset.rule_15_at_turn_end), points)
        if "two_player" in data and variant.is_two_player != data["two_player"]:
            raise VariantError("variant two_player contradicts cards_per_turn or rule_15_at_turn_end; "
                               "give one or the other", key="two_player")
        return variant


class BoardProblem(NamedTuple):
    """A way a board breaks the rules: the sentence, and the delict whose markers (or the tiles) it is about."""

    text: str
    delict: str | None = None
    tiles: bool = False


class MoveKind(StrEnum):
    """What an entry of the move stack records; its value is what the state file says."""

    PLAY = "play"  # a card played (rules 1-7)
    STOP = "stop"  # rule 10: markers taken by deduction and credited to a player
    PASS = "pass"  # the turn ends without a card; discards go out of the game
    END = "end"  # rule 12: the piles are used up and no hand card is playable
    DRAWPILE = "drawpile"  # rule 11: dead cards on the draw piles taken out of the game
    SHUFFLE = "shuffle"  # the two-player variant: a point paid to shuffle a draw pile (`choice`)


class Finished(StrEnum):
    """Why the game ended; its value is what the state file says under `finished:`."""

    ALL_PINPOINTED = "all delicts pinpointed"
    PILES_USED_UP = "draw piles used up"


@dataclass
class Effect:
    """What a play does to the board; the points are the markers kept, removed and replaced."""

    placed: list[Pair] = field(default_factory=list)
    removed: list[Pair] = field(default_factory=list)
    replaced: list[Pair] = field(default_factory=list)  # the last marker, now under its tile
    tiles: list[Pair] = field(default_factory=list)
    kept: dict[str, int] = field(default_factory=dict)  # delict -> markers not placed
    paid: int = 0  # points given up (the two-player variant's shuffle of a pile)

    @property
    def points(self) -> int:
        return sum(self.kept.values()) + len(self.removed) + len(self.replaced) - self.paid

    def renamed(self, old: str, new: str) -> Effect:
        """The same effect with delict `old` called `new`."""
        def pairs(found: list[Pair]) -> list[Pair]:
            return [(new if d == old else d, loc) for d, loc in found]

        return Effect(pairs(self.placed), pairs(self.removed), pairs(self.replaced), pairs(self.tiles),
                      {(new if d == old else d): n for d, n in self.kept.items()}, self.paid)

    def changes_board(self) -> bool:
        return bool(self.placed or self.removed or self.tiles)

    def to_dict(self) -> dict[str, Any]:
        def pairs(found: list[Pair]) -> list[dict[str, str]]:
            return [{"delict": d, "location": loc} for d, loc in found]

        data: dict[str, Any] = {
            "placed": pairs(self.placed), "removed": pairs(self.removed),
            "replaced": pairs(self.replaced), "tiles": pairs(self.tiles),
            "kept": dict(self.kept), "points": self.points,
        }
        if self.paid:
            data["paid"] = self.paid
        return data

    @classmethod
    def from_dict(cls, data: object) -> Effect:
        """An effect as `to_dict` writes it; BadInput names what is malformed."""
        data = _mapping(data, "effect", "a mapping with placed, removed, replaced, tiles, kept")

        def pairs(key: str) -> list[Pair]:
            found = []
            for pair in _listed(data, key, "a list of {delict: ..., location: ...}"):
                if not isinstance(pair, dict) or "delict" not in pair or "location" not in pair:
                    raise BadInput(f"`{key}:` holds {pair!r}, not {{delict: ..., location: ...}}")
                found.append((names.resolve("delict", pair["delict"]), names.resolve("location", pair["location"])))
            return found

        kept = _mapping(data.get("kept") or {}, "kept", "a mapping from delicts to markers kept")
        return cls(pairs("placed"), pairs("removed"), pairs("replaced"), pairs("tiles"),
                   {names.resolve("delict", d): _count(n, f"kept {d}") for d, n in kept.items()},
                   _count(data.get("paid", 0), "paid"))


@dataclass
class Move:
    """One entry of the move stack: enough to undo it exactly. Not changed once pushed: copies of
    a state share their moves (`GameState.copy`)."""

    kind: MoveKind
    player: str
    card: CardRecord | None = None
    choice: str | None = None
    effect: Effect = field(default_factory=Effect)
    out: list[int] = field(default_factory=list)  # card numbers this move took out of the game
    turn_before: str = ""
    cards_this_turn_before: int = 0
    finished_before: Finished | None = None

    def __post_init__(self) -> None:
        self.kind = MoveKind(self.kind)
        if self.finished_before is not None:
            self.finished_before = Finished(self.finished_before)

    def to_dict(self) -> dict[str, Any]:
        # plain str, not the enums: the YAML dumper represents str only
        data: dict[str, Any] = {"kind": self.kind.value, "player": self.player}
        if self.card is not None:
            data["card"] = self.card
        if self.choice is not None:
            data["choice"] = self.choice
        data["effect"] = self.effect.to_dict()
        data["out"] = list(self.out)
        data["turn_before"] = self.turn_before
        data["cards_this_turn_before"] = self.cards_this_turn_before
        if self.finished_before is not None:
            data["finished_before"] = self.finished_before.value
        return data

    @classmethod
    def from_dict(cls, data: object) -> Move:
        """A move as `to_dict` writes it; BadInput names what is malformed."""
        data = _mapping(data, "a history entry", "a mapping with kind, player, effect, ...")
        for key in ("kind", "player"):
            if key not in data:
                raise BadInput(f"it has no `{key}:`")
        if data["kind"] not in list(MoveKind):
            raise BadInput(f"kind {data['kind']!r} is not one of {', '.join(MoveKind)}")
        card = data.get("card")
        if not (card is None or card == REMOVE or isinstance(card, dict) or _is_count(card)):
            raise BadInput(f"card {card!r} is not a card number, {REMOVE} or a written-out clue")
        finished = data.get("finished_before")
        if finished is not None and finished not in list(Finished):
            raise BadInput(f"finished_before {finished!r} is not one of {', '.join(Finished)}")
        out = [_count(n, "a number under out") for n in _listed(data, "out", "a list of card numbers")]
        return cls(
            MoveKind(data["kind"]), _name(data["player"], "player"), card,
            None if data.get("choice") is None else _name(data["choice"], "choice"),
            Effect.from_dict(data.get("effect") or {}), out,
            _name(data.get("turn_before", data["player"]), "turn_before"),
            _count(data.get("cards_this_turn_before", 0), "cards_this_turn_before"), finished,
        )


def _mapping(value: object, what: str, shape: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise BadInput(f"{what} must be {shape}, not {value!r}")
    return value


def _listed(data: dict[str, Any], key: str, shape: str) -> list[Any]:
    value = data.get(key)
    if value is None:
        return []
    if not isinstance(value, list):
        raise BadInput(f"`{key}:` must be {shape}, not {value!r}")
    return value


def _is_count(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _count(value: object, what: str) -> int:
    if not isinstance(value, int) or not _is_count(value):
        raise BadInput(f"{what} must be a whole number >= 0, not {value!r}")
    return value


def _name(value: object, what: str) -> str:
    if isinstance(value, dict | list) or value is None:
        raise BadInput(f"{what} must be a name, not {value!r}")
    return str(value)


@dataclass
class GameState:
    players: list[str]
    scores: dict[str, int]
    turn: str
    markers: dict[str, frozenset[str]] = field(default_factory=dict)
    tiles: dict[str, str] = field(default_factory=dict)
    remove_one_used: list[str] = field(default_factory=list)
    out_of_game: list[int] = field(default_factory=list)
    variant: Variant = field(default_factory=Variant)
    cards_this_turn: int = 0
    finished: Finished | None = None
    history: list[Move] = field(default_factory=list)
    # The whole game (solver.game) also holds the cards: each player's info cards in hand and the
    # draw piles in order, top card last. None where they are not tracked (the table companion).
    hands: dict[str, list[int]] | None = None
    piles: dict[str, list[int]] | None = None

    # ----- derived facts -------------------------------------------------------------

    def supply(self) -> list[str]:
        """Delicts with neither markers nor a tile on the board."""
        return [d for d in names.DELICTS if d not in self.markers and d not in self.tiles]

    def tile_at(self, location: str) -> str | None:
        for delict, where in self.tiles.items():
            if where == location:
                return delict
        return None

    def where(self, delict: str) -> set[str] | None:
        """The locations a delict occupies: its tile, its markers, or None in the supply."""
        if delict in self.tiles:
            return {self.tiles[delict]}
        return set(self.markers[delict]) if delict in self.markers else None

    def markers_at(self, location: str) -> list[str]:
        return [d for d in names.DELICTS if location in self.markers.get(d, ())]

    def free_locations(self) -> list[str]:
        tiled = set(self.tiles.values())
        return [loc for loc in names.LOCATIONS if loc not in tiled]

    def player(self, name: str | None = None) -> str:
        """`name` when it is a player (BadInput otherwise); whose turn it is when None."""
        if name is None:
            return self.turn
        if name in self.players:
            return name
        found = [player for player in self.players if names.fold(player) == names.fold(name)]
        if len(found) != 1:  # forgiving like every other name: any case, spaces, umlauts
            raise BadInput(f"{name!r} is not a player; players: {', '.join(self.players)}")
        return found[0]

    def next_player(self) -> str:
        return self.players[(self.players.index(self.turn) + 1) % len(self.players)]

    def copy(self, stack: bool = True) -> GameState:
        """A state of its own to change; its moves are this state's (a move is never changed once
        pushed, only pushed and popped), so that a copy costs no more late in a game."""
        return copy.deepcopy(self, {id(self.history): list(self.history) if stack else []})

    # ----- the move stack ------------------------------------------------------------

    def push_unchecked(self, move: Move, end_turn: bool) -> None:
        """Apply a move whose effect `solver.table.rules` computed, and record it for undo.

        Unchecked: the effect is applied as given. For use inside `solver.table` only; the
        checked calls are `rules.play`, `rules.pass_turn`, `rules.end_game`, `deduce.take_stop`
        and `deduce.take_out_dead`.
        """
        move.turn_before, move.cards_this_turn_before = self.turn, self.cards_this_turn
        move.finished_before = self.finished
        self._apply_effect(move.effect)
        self.scores[move.player] = self.scores.get(move.player, 0) + move.effect.points
        if move.card == REMOVE and move.player not in self.remove_one_used:
            self.remove_one_used.append(move.player)
        move.out = [n for n in dict.fromkeys(move.out) if n not in self.out_of_game]
        self.out_of_game.extend(move.out)
        if move.kind == MoveKind.PLAY:
            self.cards_this_turn += 1
        if end_turn:
            self.turn, self.cards_this_turn = self.next_player(), 0
        if len(self.tiles) == len(names.DELICTS):
            self.finished = Finished.ALL_PINPOINTED
        elif move.kind == MoveKind.END:
            self.finished = Finished.PILES_USED_UP
        self.history.append(move)

    def pop(self) -> Move:
        """Undo the last move exactly; IndexError when there is none, BadInput when the board
        no longer holds what the move did (the file was edited by hand since)."""
        move = self.history[-1]
        trial = self.copy()
        undone = trial._holds(move)
        if undone:
            trial._pop_unchecked()
        if not undone or trial.problems():
            raise StateConflict(
                "the last entry under history: no longer matches the board (was the file edited by hand?), "
                "so undo cannot restore what was there before; restore the .prev file instead, or delete "
                "that history entry"
            )
        self.__dict__.update(trial.__dict__)
        return move

    def _holds(self, move: Move) -> bool:
        """Whether the state holds what `move` did: its tiles, the markers it placed, its points, its cards out."""
        effect = move.effect
        taken = {*effect.removed, *effect.replaced}
        return (
            move.player in self.players and move.turn_before in self.players
            and self.scores.get(move.player, 0) >= effect.points
            and len(set(effect.tiles)) == len(effect.tiles)
            and all(self.tiles.get(delict) == location for delict, location in effect.tiles)
            and all(location in self.markers.get(delict, ()) for delict, location in effect.placed
                    if (delict, location) not in taken)
            and all(move.out.count(number) <= self.out_of_game.count(number) for number in move.out)
        )

    def _pop_unchecked(self) -> Move:
        move = self.history.pop()
        effect = move.effect
        for delict, _ in effect.tiles:
            del self.tiles[delict]
        before: dict[str, set[str]] = {d: set(m) for d, m in self.markers.items()}
        for delict, location in [*effect.removed, *effect.replaced]:
            before.setdefault(delict, set()).add(location)
        for delict, location in effect.placed:
            before[delict].discard(location)
        self.markers = {d: frozenset(m) for d, m in before.items() if m}
        self.scores[move.player] -= effect.points
        if move.card == REMOVE and move.player in self.remove_one_used:
            self.remove_one_used.remove(move.player)
        for number in move.out:
            self.out_of_game.remove(number)
        self.turn, self.cards_this_turn = move.turn_before, move.cards_this_turn_before
        self.finished = move.finished_before
        return move

    def _apply_effect(self, effect: Effect) -> None:
        after: dict[str, set[str]] = {d: set(m) for d, m in self.markers.items()}
        for delict, location in effect.placed:
            after.setdefault(delict, set()).add(location)
        for delict, location in [*effect.removed, *effect.replaced]:
            after[delict].discard(location)
        self.markers = {d: frozenset(m) for d, m in after.items() if m}
        for delict, location in effect.tiles:
            self.tiles[delict] = location

    # ----- status as a value -----------------------------------------------------------

    def problems(self) -> list[str]:
        """Why this board breaks the rules (empty when it is valid): docs/formats.md, "Game state files"."""
        return [problem.text for problem in self.board_problems()]

    def board_problems(self) -> list[BoardProblem]:
        """`problems`, each with the entry of the file it is about."""
        found = []
        for delict, locations in self.markers.items():
            if delict in self.tiles:
                found.append(BoardProblem(f"{delict} has both markers and a tile; keep only the tile", delict))
            if not 1 <= len(locations) <= MARKERS_PER_DELICT:
                found.append(BoardProblem(f"{delict} has {len(locations)} markers; a delict has 1 to 5", delict))
        seen: dict[str, str] = {}
        for delict, location in self.tiles.items():
            if location in seen:
                found.append(BoardProblem(f"{location} has two tiles ({seen[location]} and {delict})", tiles=True))
            seen[location] = delict
            under = [d for d in self.markers_at(location) if d != delict]
            if under:
                found.append(BoardProblem(f"{', '.join(under)} marker under the {delict} tile on {location}; "
                                          "remove it", under[0]))
        if not (self.variant.rule_15_at_turn_end and self.cards_this_turn):
            found += [BoardProblem(text) for text in self.overfull()]
        return found

    def overfull(self) -> list[str]:
        """Locations with more than 3 markers: not allowed at the end of a turn (rule 15)."""
        return [f"{location} has {len(here)} markers; at most 3 at the end of a turn (rule 15)"
                for location in names.LOCATIONS if len(here := self.markers_at(location)) > FULL_LOCATION]

    def outcome(self) -> tuple[Finished, list[str]] | None:
        """(why the game ended, the winners), or None while it goes on."""
        if self.finished is None:
            return None
        best = max(self.scores.get(p, 0) for p in self.players)
        return self.finished, [p for p in self.players if self.scores.get(p, 0) == best]

    # ----- files --------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "format": FORMAT,
            "players": list(self.players),
            "scores": {p: self.scores.get(p, 0) for p in self.players},
            "turn": self.turn,
            "markers": {d: [loc for loc in names.LOCATIONS if loc in self.markers[d]]
                        for d in names.DELICTS if d in self.markers},
            "tiles": {d: self.tiles[d] for d in names.DELICTS if d in self.tiles},
            "remove_one_used": list(self.remove_one_used),
            "out_of_game": list(self.out_of_game),
            "variant": self.variant.to_dict(),
            "cards_this_turn": self.cards_this_turn,
        }
        if self.finished:
            data["finished"] = self.finished.value
        if self.hands is not None:
            data["hands"] = {p: list(self.hands.get(p, [])) for p in self.players}
        if self.piles is not None:
            data["piles"] = {name: list(cards) for name, cards in self.piles.items()}
        data["history"] = [move.to_dict() for move in self.history]
        return data

    def to_yaml(self) -> str:
        return _written(self.to_dict())

    def save(self, path: str | Path, reuse_previous: bool = False, retire: Callable[[Path], None] = remove_now) -> str:
        """Write atomically, and return the text written; the previous file is kept as PATH.prev
        (`retire`: what removes the name the replaced PATH.prev was kept under; see `save_atomic`).

        With `reuse_previous` (after an undo): when PATH.prev holds exactly this state, its own
        text is written back, so that a move and its undo leave the file byte for byte as it was.
        """
        data = self.to_dict()
        text = _written(data)
        previous = previous_version(path)
        if reuse_previous and previous.exists() and not previous.is_symlink():
            try:
                previous_text = read_text(previous)
                # the same text needs no parse: writing either is writing the same bytes
                if previous_text != text and _content_of(previous_text, str(previous)) == data:
                    text = previous_text
            except BadInput:
                pass  # an unreadable previous file is simply not reused
        save_atomic(path, text, retire=retire)
        return text


def _written(data: dict[str, Any]) -> str:
    """The text of a state's dict; each move's text is kept, so late in a game a save does not
    write every move anew."""
    return dump_yaml_kept_entries(data, "history")


@lru_cache(maxsize=8)
def _content_of(text: str, file: str) -> dict[str, Any]:
    """The dict of the state in `text` (shared: compare it, never change it). An undo asks it of
    the same .prev text again and again (after each play of the same card), so it is kept."""
    return parse_state(text, file).to_dict()


def new_game(players: list[str], variant: Variant | None = None, *, two_player: bool = False,
             last_delict_points: LastDelictPoints = 5) -> GameState:
    """A new game; without `variant`, the rulebook's (or the two-player preset, with `two_player`)."""
    if variant is None:
        variant = (Variant.two_player(last_delict_points) if two_player
                   else Variant(last_delict_points=last_delict_points))
    state = GameState(list(players), {p: 0 for p in players}, players[0] if players else "", variant=variant)
    problems = _player_problems(state)
    if problems:
        raise BadInput(problems[0])
    return state


_LAST_DELICT_POINTS = "last_delict_points is 5 (the update) or 1 (its suggested variant)"


def _player_problems(state: GameState) -> list[str]:
    if not 1 <= len(state.players) <= 4:
        return [f"a game has 1 to 4 players, not {len(state.players)}"]
    if len({names.fold(player) for player in state.players}) != len(state.players):
        return ["each player name must be different (ignoring case, spaces and accents)"]
    for player in state.players:
        if not player.strip():
            return ["a player name may not be empty"]
        if (char := control_character(player)) is not None:
            return [f"a player name may not hold {char}, which is not printable text: {player!r}"]
    if state.variant.is_two_player and len(state.players) != 2:
        return ["the two-player variant needs exactly 2 players"]
    if state.variant.last_delict_points not in (1, 5):
        return [_LAST_DELICT_POINTS]
    return []


# ----- loading --------------------------------------------------------------------------


def load_state(path: str | Path) -> GameState:
    """Load and validate a state file; anything against the rules is BadInput with its line."""
    return parse_state(read_text(path), str(path))


def parse_state(text: str, file: str) -> GameState:
    """Validate a state file's text read from `file` (a name for messages)."""
    data = parse_yaml(text, file)
    if not isinstance(data, dict):
        raise BadInput("a game state is a mapping with players, scores, turn, markers, tiles", file)
    _check_format(data, file)
    unknown = [key for key in data if key not in TOP_LEVEL_KEYS]
    if unknown:
        raise BadInput(f"unknown key {unknown[0]!r}; a state has {', '.join(TOP_LEVEL_KEYS)}",
                       file, line_of(data, unknown[0]))
    try:
        state = _parse(data, file)
    except BadInput as error:
        raise error.located(file) from None
    _validate(state, data, file)
    return state


def _check_format(data: dict[str, Any], file: str) -> None:
    """A file from a newer program is refused; one without `format:` (written before it existed)
    is read as format 1 and gets the key when it is next saved (the old file kept as .prev)."""
    version = data.get("format", FORMAT)
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise BadInput(f"`format:` must be a whole number >= 1 (this program writes {FORMAT})",
                       file, line_of(data, "format"))
    if version > FORMAT:
        raise BadInput(f"this state file has format {version}, written by a newer schinderhannes; this one reads "
                       f"format {FORMAT} and older: update the program", file, line_of(data, "format"))


def _parse(data: dict[str, Any], file: str) -> GameState:
    players = data.get("players")
    if not isinstance(players, list) or not players or any(isinstance(p, dict | list | None) for p in players):
        raise BadInput("`players:` must list the players' names", file, line_of(data, "players"))
    players = [str(p) for p in players]
    given = _section(data, "variant", dict, "a mapping (" + ", ".join(VARIANT_KEYS) + ")", file)
    try:
        variant = Variant.from_dict(given)
    except VariantError as error:
        line = line_of(given, error.key) if error.key in given else line_of(data, "variant")
        raise BadInput(error.message, file, line) from None
    cards = data.get("cards_this_turn") or 0
    if not _is_count(cards):
        raise BadInput("`cards_this_turn:` must be a whole number >= 0", file, line_of(data, "cards_this_turn"))
    state = GameState(
        players, _scores(data, players, file), _turn(data, players, file),
        _markers(data, file), _tiles(data, file),
        _player_list(data, "remove_one_used", players, file), _out_of_game(data, file),
        variant, cards, data.get("finished"),
    )
    state.hands = _hands(data, players, file)
    state.piles = _piles(data, file)
    _cards_once(state, data, file)
    history = _section(data, "history", list, "a list of earlier plays", file)
    for index, entry in enumerate(history):
        try:
            state.history.append(Move.from_dict(entry))
        except BadInput as error:
            raise BadInput(f"unreadable history entry ({error.message}); delete it to drop undo information",
                           file, line_of(history, index)) from None
    return state


def _section(data: dict[str, Any], key: str, kind: type, what: str, file: str) -> Any:
    """data[key] when it has the right shape (empty when absent), else BadInput at its line."""
    value = data.get(key)
    if value is None:
        return kind()
    if not isinstance(value, kind):
        raise BadInput(f"`{key}:` must be {what}", file, line_of(data, key))
    return value


def _scores(data: dict[str, Any], players: list[str], file: str) -> dict[str, int]:
    given = _section(data, "scores", dict, "a mapping from each player to their points", file)
    scores = {p: 0 for p in players}
    for name, value in given.items():
        if str(name) not in scores:
            raise BadInput(f"score for {name!r}, who is not a player", file, line_of(given, name))
        if not isinstance(value, int) or value < 0:
            raise BadInput(f"score of {name} must be a whole number >= 0", file, line_of(given, name))
        scores[str(name)] = value
    return scores


def _turn(data: dict[str, Any], players: list[str], file: str) -> str:
    turn = str(data.get("turn", players[0]))
    if turn not in players:
        raise BadInput(f"turn: {turn!r} is not a player ({', '.join(players)})", file, line_of(data, "turn"))
    return turn


def _player_list(data: dict[str, Any], key: str, players: list[str], file: str) -> list[str]:
    given = _section(data, key, list, "a list of player names", file)
    for index, name in enumerate(given):
        if str(name) not in players:
            raise BadInput(f"{key}: {name!r} is not a player", file, line_of(given, index))
    return [str(name) for name in given]


def _out_of_game(data: dict[str, Any], file: str) -> list[int]:
    given = _section(data, "out_of_game", list, "a list of card numbers", file)
    for index, number in enumerate(given):
        if isinstance(number, bool) or not isinstance(number, int) or number not in CARD_NUMBERS:
            raise BadInput(f"out_of_game: {number!r} is not a card number "
                           f"{CARD_NUMBERS[0]}-{CARD_NUMBERS[-1]}", file, line_of(given, index))
    return list(given)


def _card_list(value: object, what: str, file: str, line: int | None) -> list[int]:
    if not isinstance(value, list):
        raise BadInput(f"{what} must be a list of card numbers", file, line)
    for number in value:
        if isinstance(number, bool) or not isinstance(number, int) or number not in CARD_NUMBERS:
            raise BadInput(f"{what}: {number!r} is not a card number {CARD_NUMBERS[0]}-{CARD_NUMBERS[-1]}",
                           file, line)
    return list(value)


def _hands(data: dict[str, Any], players: list[str], file: str) -> dict[str, list[int]] | None:
    """`hands:` (optional): player -> the numbers of the info cards in their hand."""
    if data.get("hands") is None:
        return None
    given = _section(data, "hands", dict, "a mapping from each player to their card numbers", file)
    hands: dict[str, list[int]] = {p: [] for p in players}
    for name, cards in given.items():
        if str(name) not in hands:
            raise BadInput(f"hands: {name!r} is not a player", file, line_of(given, name))
        hands[str(name)] = _card_list(cards or [], f"hand of {name}", file, line_of(given, name))
    return hands


def _piles(data: dict[str, Any], file: str) -> dict[str, list[int]] | None:
    """`piles:` (optional): pile name -> its card numbers in order, the top card last."""
    if data.get("piles") is None:
        return None
    given = _section(data, "piles", dict, "a mapping from each draw pile's name to its card numbers", file)
    return {str(name): _card_list(cards or [], f"pile {name}", file, line_of(given, name))
            for name, cards in given.items()}


def _cards_once(state: GameState, data: dict[str, Any], file: str) -> None:
    """A card lies in one place only: one hand, one pile, or out of the game."""
    seen: dict[int, str] = {number: "out of the game" for number in state.out_of_game}
    places = [(f"the hand of {p}", cards, "hands") for p, cards in (state.hands or {}).items()]
    places += [(f"pile {name}", cards, "piles") for name, cards in (state.piles or {}).items()]
    for place, cards, key in places:
        for number in cards:
            if number in seen:
                raise BadInput(f"card {number} is in {place} and {seen[number]}; a card lies in one place",
                               file, line_of(data, key))
            seen[number] = place


def _markers(data: dict[str, Any], file: str) -> dict[str, frozenset[str]]:
    given = data.get("markers") or {}
    if not isinstance(given, dict):
        raise BadInput("`markers:` maps each delict to its list of locations", file, line_of(data, "markers"))
    markers: dict[str, frozenset[str]] = {}
    for key, locations in given.items():
        line = line_of(given, key)
        try:
            delict = names.resolve("delict", key)
            if not isinstance(locations, list):
                raise BadInput(f"markers of {delict} must be a list of locations")
            resolved = names.resolve_all("location", locations)
        except BadInput as error:
            raise error.located(file, line) from None
        if len(set(resolved)) != len(resolved):
            raise BadInput(f"{delict} has two markers on one location; one per location", file, line)
        if not 1 <= len(resolved) <= MARKERS_PER_DELICT:
            raise BadInput(f"{delict} has {len(resolved)} markers; there are only 5 of each delict "
                           "(rule 13), and a delict with none is simply left out", file, line)
        if delict in markers:
            raise BadInput(f"{delict} is listed twice under markers", file, line)
        markers[delict] = frozenset(resolved)
    return markers


def _tiles(data: dict[str, Any], file: str) -> dict[str, str]:
    given = data.get("tiles") or {}
    if not isinstance(given, dict):
        raise BadInput("`tiles:` maps each pinpointed delict to its location", file, line_of(data, "tiles"))
    tiles: dict[str, str] = {}
    for key, location in given.items():
        try:
            delict, where = names.resolve("delict", key), names.resolve("location", location)
        except BadInput as error:
            raise error.located(file, line_of(given, key)) from None
        tiles[delict] = where
    return tiles


def _validate(state: GameState, data: dict[str, Any], file: str) -> None:
    problems = _player_problems(state)
    if problems:
        raise BadInput(problems[0], file, line_of(data, "players"))
    for problem in state.board_problems():
        line = None
        if problem.delict is not None and problem.delict in state.markers and data.get("markers"):
            line = line_of(data["markers"], _key_for(data["markers"], problem.delict))
        elif problem.tiles or problem.delict is not None:
            line = line_of(data, "tiles")
        raise BadInput(f"this board breaks the rules: {problem.text}", file, line)
    if state.finished is not None:
        if state.finished not in list(Finished):
            raise BadInput(f"finished: must be one of {', '.join(Finished)}", file, line_of(data, "finished"))
        state.finished = Finished(state.finished)


def _key_for(given: dict[str, Any], delict: str) -> object:
    for key in given:
        try:
            if names.resolve("delict", key) == delict:
                return key
        except BadInput:
            continue
    return delict
