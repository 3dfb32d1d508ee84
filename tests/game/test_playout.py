"""The fast playout path (`solver.game.playout.FastState`) against the checked engine (`State`), move for
move: whole games through both side by side, asserting at every step equal legal action lists, an
equal board, cards and turn (`summary`), the same chance outcome from the same seed, the same greedy
choice, and an equal end; and the pieces on their own: rule 3's closed locations and rule 10's
removable markers against `solver.core.matching` and `deduce.removable`, every card's points against
`rules.check`, dead cards against `deduce.never_playable`, the backs against `bots.back_value`.

A sample of games runs with the suite. The proof on 10,000 games is on demand:

    pytest -m playout_full -s tests/game/test_playout.py                  # PLAYOUT_GAMES=N for another count
    PLAYOUT_SHARD=0/2 pytest -m playout_full -s ... & PLAYOUT_SHARD=1/2 pytest -m playout_full -s ...
"""

from __future__ import annotations

import os
import random
import time
from dataclasses import dataclass

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver.core import names
from solver.core.bits import mask_of
from solver.core.cards import GroupClue, RemoveOneMarker
from solver.core.matching import reserved_locations
from solver.game.actions import Action, Draw, Play, Shuffle
from solver.game.bots import GreedyBot, RandomBot, back_value, play_game
from solver.game.game import Game, Rules
from solver.game.playout import FAST_BOTS, FastRandomBot, FastState, _Look, fast_greedy, play_fast, summary
from solver.game.state import State, Step
from solver.table import deduce, rules
from solver.table.state import Variant
from tests.game.deal import arrange, dealt, game

NAMES = ("Anna", "Ben", "Carl", "Dora")


@dataclass(frozen=True)
class Setup:
    """One kind of game of the proof: the players, the rules and a bot per seat."""

    label: str
    players: int
    rules: Rules
    bots: tuple[str, ...]

    def game(self) -> Game:
        return game(NAMES[:self.players], self.rules)


SETUPS = (
    Setup("3 random", 3, Rules(), ("random",) * 3),
    Setup("3 greedy", 3, Rules(), ("greedy",) * 3),
    Setup("2 mixed", 2, Rules(), ("greedy", "random")),
    Setup("4 mixed", 4, Rules(), ("random", "greedy", "random", "greedy")),
    Setup("two-player variant, random", 2, Rules(Variant.two_player()), ("random", "random")),
    Setup("two-player variant, greedy", 2, Rules(Variant.two_player()), ("greedy", "greedy")),
    Setup("update's piles", 3, Rules(alternative_piles=True), ("greedy", "random", "greedy")),
    Setup("first game, 4 players", 4, Rules(first_draws_abc=True), ("greedy",) * 4),
    Setup("last delict 1 point", 3, Rules(Variant(last_delict_points=1)), ("greedy", "greedy", "random")),
    Setup("two-player variant, 1 point, update's piles, first game", 2,
          Rules(Variant.two_player(1), alternative_piles=True, first_draws_abc=True), ("random", "greedy")),
)


def setup_of(seed: int) -> Setup:
    return SETUPS[seed % len(SETUPS)]


# ----- both engines side by side ---------------------------------------------------------------------


class Divergence(AssertionError):
    """The two engines disagree: the game's seed and setup, the step, and what differs."""


def _differs(seed: int, setup: Setup, index: int, what: str, checked: object, fast: object) -> Divergence:
    return Divergence(f"seed {seed} ({setup.label}), action {index}: {what} differ\n"
                      f"  checked: {checked}\n  fast:    {fast}")


def side_by_side(seed: int, setup: Setup, checked: State | None = None, rng: random.Random | None = None) -> int:
    """Play one game through both engines, from `checked` when given (else the seed's new game), and
    raise Divergence at the first difference; the number of actions. With `rng`, now and then the fast
    side goes on from `FastState.from_state` or `clone()` of itself."""
    g = setup.game()
    state = checked or g.new_initial_state(seed)
    fast = FastState.from_state(state)
    bots = [GreedyBot() if kind == "greedy" else RandomBot(seed + seat) for seat, kind in enumerate(setup.bots)]
    index = 0
    while True:
        if summary(state) != fast.summary():
            raise _differs(seed, setup, index, "the states", summary(state), fast.summary())
        if state.is_terminal() or fast.is_terminal():
            break
        if state.turn.turns >= 400:
            state.halt("bound")
            fast.halt("bound")
            continue
        legal, fast_legal = state.legal_actions(), fast.legal_actions()
        if legal != fast_legal:
            raise _differs(seed, setup, index, f"the legal actions at {state.step.value}", legal, fast_legal)
        action = _next_action(state, fast, bots, seed, setup, index, legal)
        state.apply_action(action)
        fast.apply_action(action)
        index += 1
        if rng is not None and rng.random() < 0.02:
            fast = FastState.from_state(state) if rng.random() < 0.5 else fast.clone()
    if (state.returns(), state.winners(), state.end_reason()) != (fast.returns(), fast.winners(), fast.end_reason()):
        raise _differs(seed, setup, index, "the ends", state.returns(), fast.returns())
    return index


def _next_action(state: State, fast: FastState, bots: list[GreedyBot | RandomBot], seed: int, setup: Setup,
                 index: int, legal: list[Action]) -> Action:
    if state.is_chance_node():
        if state.chance_outcomes() != fast.chance_outcomes():
            raise _differs(seed, setup, index, "the chance outcomes listed", state.chance_outcomes(),
                           fast.chance_outcomes())
        action, fast_action = state.sample_chance(), fast.sample_chance()
        if action != fast_action:
            raise _differs(seed, setup, index, "the chance outcomes", action, fast_action)
        return action
    bot = bots[state.current_player()]
    if isinstance(bot, RandomBot):
        return bot.rng.choice(legal)  # RandomBot's own choice, without listing the actions again
    action, fast_action = bot(state), fast_greedy(fast)
    if action != fast_action:
        raise _differs(seed, setup, index, f"the greedy choices at {state.step.value}", action, fast_action)
    return action


def _played(seed: int) -> tuple[int, str | None]:
    """Seed `seed`'s game side by side: its actions, and the divergence, or the error either engine
    raised, with the seed."""
    try:
        return side_by_side(seed, setup_of(seed), rng=random.Random(seed)), None
    except Divergence as error:
        return 0, str(error)
    except Exception as error:  # an error is a divergence too: the checked engine raises none on these games
        return 0, f"seed {seed} ({setup_of(seed).label}): {type(error).__name__}: {error}"


def _sample(seeds: range) -> list[str]:
    return [found for found in (_played(seed)[1] for seed in seeds) if found is not None]


def test_a_sample_of_games_is_equal_move_for_move_in_both_engines() -> None:
    assert _sample(range(150)) == []  # 15 games of each setup


@pytest.mark.playout_full
def test_ten_thousand_games_are_equal_move_for_move_in_both_engines() -> None:
    games = int(os.environ.get("PLAYOUT_GAMES", "10000"))
    shard, shards = (int(part) for part in os.environ.get("PLAYOUT_SHARD", "0/1").split("/"))
    seeds = range(shard, games, shards)
    started, found, actions = time.monotonic(), [], 0
    for done, seed in enumerate(seeds, 1):
        played, divergence = _played(seed)
        actions += played
        if divergence is not None:
            found.append(divergence)
            print(divergence, flush=True)
        if done % 250 == 0 or done == len(seeds):
            print(f"{done}/{len(seeds)} games, {actions} actions, {len(found)} divergent, "
                  f"{time.monotonic() - started:.0f} s", flush=True)
    assert found == []


@settings(max_examples=12, deadline=None)
@given(st.integers(0, 10**6), st.integers(0, len(SETUPS) - 1), st.integers(0, 120), st.randoms(use_true_random=False))
def test_a_determinized_clone_plays_on_equally(seed: int, which: int, steps: int, rng: random.Random) -> None:
    """A search bot's determinization: part-way into a game, the cards a player does not see (the other
    hands, the piles) dealt anew; both engines play on from the clone."""
    setup = SETUPS[which]
    state = setup.game().new_initial_state(seed)
    bots = [RandomBot(seed + seat) for seat in range(setup.players)]
    for _ in range(steps):
        if state.is_terminal():
            return
        state.apply_action(state.sample_chance() if state.is_chance_node() else bots[state.current_player()](state))
    if state.step is Step.SHUFFLE:
        return
    clone = state.clone()
    me = clone.mover
    hidden = [n for p, cards in clone.hands.items() if p != me for n in cards]
    hidden += [n for cards in clone.piles.values() for n in cards]
    rng.shuffle(hidden)
    for cards in [*(c for p, c in clone.hands.items() if p != me), *clone.piles.values()]:
        cards[:], hidden = hidden[:len(cards)], hidden[len(cards):]
    side_by_side(seed, setup, checked=clone)


def test_play_fast_plays_the_game_play_game_plays() -> None:
    for seed, kind in ((3, "random"), (4, "greedy")):
        g = game()
        checked = play_game(g, [RandomBot(seed + s) if kind == "random" else GreedyBot() for s in range(3)], seed)
        fast = play_fast(g, [FAST_BOTS[kind](seed + s) for s in range(3)], seed)
        assert fast.summary() == summary(checked) and fast.returns() == checked.returns()


def test_the_bound_halts_a_fast_game_as_it_halts_a_checked_one() -> None:
    checked = play_game(game(), [GreedyBot()] * 3, 5, max_turns=3)
    fast = play_fast(game(), [fast_greedy] * 3, 5, max_turns=3)
    assert fast.summary() == summary(checked) and fast.end_reason() == "the bound of 3 turns was reached"


def test_a_stacked_deck_deals_the_same_piles() -> None:
    g = game()
    state, fast = g.new_initial_state(1), FastState.new_initial_state(g, 1)
    for piles in [("blue",), ("yellow",), ("orange",), ("green",), ("locations 1", "locations 2")]:
        cards = sorted(n for name in piles for n in state.piles[name])
        order = tuple(random.Random(len(cards)).sample(cards, len(cards)))
        state.apply_action(Shuffle(piles, order))
        fast.apply_action(Shuffle(piles, order))
        assert fast.summary() == summary(state)
    assert fast.step is Step.OPENING and fast.legal_actions() == state.legal_actions()


def test_a_clone_goes_its_own_way() -> None:
    fast = FastState.from_state(dealt(game()))
    before = fast.summary()
    clone = fast.clone()
    while not clone.is_terminal():
        clone.apply_action(clone.sample_chance() if clone.is_chance_node() else fast_greedy(clone))
    assert fast.summary() == before and clone.summary() != before
    assert clone.rng.getstate() == fast.rng.getstate()  # no chance node after the setup: neither drew


def test_the_fast_random_bot_picks_what_the_random_bot_picks() -> None:
    state = dealt(game())
    fast = FastState.from_state(state)
    assert [FastRandomBot(seed)(fast) for seed in range(20)] == [RandomBot(seed)(state) for seed in range(20)]


def test_an_action_not_listed_is_refused_where_that_is_cheap() -> None:
    state = arrange(dealt(game()), hands={"Anna": [3, 38, 12]})
    fast = FastState.from_state(state)
    with pytest.raises(ValueError, match="play step"):
        fast.apply_action(Draw(fast.pile_names[0]))  # no card is drawn at the start of a turn
    with pytest.raises(ValueError):
        fast.apply_action(Play(5))  # not in the hand
    assert fast.summary() == summary(state)


# ----- the pieces on their own --------------------------------------------------------------------


@st.composite
def boards(draw: st.DrawFn, singles: bool | None = False) -> tuple[dict[str, str], dict[str, list[str]]]:
    """A board the rules accept (2 to 5 markers a delict, or 1 with `singles`, drawn when None; at most
    3 a location, none under a tile), with anywhere from no tile to 15."""
    if singles is None:
        singles = draw(st.booleans())
    order = draw(st.permutations(range(16)))
    tiled = draw(st.integers(0, 15))
    tiles = {names.DELICTS[d]: names.LOCATIONS[spot] for d, spot in zip(order[:tiled], draw(st.permutations(
        range(16)))[:tiled], strict=True)}
    free = [loc for loc in names.LOCATIONS if loc not in tiles.values()]
    count = dict.fromkeys(free, 0)
    markers: dict[str, list[str]] = {}
    for d in order[tiled:]:
        if not draw(st.booleans()):
            continue
        open_spots = [loc for loc in free if count[loc] < 3]
        least = 1 if singles else 2
        if len(open_spots) < least:
            continue
        spots = draw(st.lists(st.sampled_from(open_spots), min_size=least, max_size=5, unique=True))
        markers[names.DELICTS[d]] = spots
        for loc in spots:
            count[loc] += 1
    return tiles, markers


def _on_board(tiles: dict[str, str], markers: dict[str, list[str]], g: Game | None = None) -> State:
    state = dealt(g or game())
    state.table.tiles = dict(tiles)
    state.table.markers = {d: frozenset(spots) for d, spots in markers.items()}
    return state


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(1, (1 << 16) - 1), max_size=16))
def test_the_closed_locations_are_rule_3s(masks: list[int]) -> None:
    markers = [0] * 16
    markers[:len(masks)] = masks
    assert _Look(markers, 0).reserved == reserved_locations(masks)


@settings(max_examples=300, deadline=None)
@given(boards(singles=True))
def test_the_removable_markers_are_rule_10s(board: tuple[dict[str, str], dict[str, list[str]]]) -> None:
    state = _on_board(*board)
    fast = FastState.from_state(state)
    expected = [(names.DELICT_INDEX[found.delict], names.LOCATION_INDEX[found.location])
                for found in deduce.removable(state.table)]
    assert fast._board().removable() == expected


def _checked_points(state: State, number: int | None) -> dict[str | None, int | None]:
    """The checked engine's points for each way of playing a card (None: refused)."""
    card = RemoveOneMarker() if number is None else state.clue(number)
    verdict = rules.check(state.table, card, state.game.board)
    if isinstance(card, GroupClue) or (number is None and verdict.choices):
        return {choice: option.points if option.playable else None for choice, option in verdict.choices.items()}
    return {None: verdict.points if verdict.playable else None}


def _fast_points(fast: FastState, number: int | None) -> dict[str | None, int | None]:
    look = fast._board()
    if number is None:
        found: dict[str | None, int | None] = {}
        for d in look.rows:
            for spot in range(16):
                if fast.markers[d] >> spot & 1:
                    work = fast._simulate_removal(d, 1 << spot, look)
                    found[f"{names.DELICTS[d]}@{names.LOCATIONS[spot]}"] = None if work is None else work.points
        return found
    card = fast.tables.cards[number]
    ways = dict(zip(card.choices, card.delicts, strict=True)) if card.choices else {None: -1}
    found = {}
    for choice, d in ways.items():
        dry, work = fast._points(card, d, look), fast._simulate(card, d, look)
        assert dry == (-1 if work is None else work.points), "the board read off and the scratch board agree"
        found[choice] = None if dry < 0 else dry
    return found


@settings(max_examples=150, deadline=None)
@given(boards(singles=None), st.lists(st.integers(1, 72), min_size=1, max_size=10, unique=True),
       st.sampled_from(["rulebook", "1 point", "two-player variant"]))
def test_every_card_scores_what_the_rules_say(board: tuple[dict[str, str], dict[str, list[str]]],
                                             numbers: list[int], variant: str) -> None:
    g = {"rulebook": game(), "1 point": game(rules=Rules(Variant(last_delict_points=1))),
         "two-player variant": game(NAMES[:2], Rules(Variant.two_player()))}[variant]
    state = _on_board(*board, g)
    fast = FastState.from_state(state)
    for number in [*numbers, None]:
        if number is None and not state.table.markers:
            continue
        assert _fast_points(fast, number) == _checked_points(state, number), number


@settings(max_examples=150, deadline=None)
@given(boards())
def test_dead_cards_and_backs_are_the_checked_engines(board: tuple[dict[str, str], dict[str, list[str]]]) -> None:
    state = _on_board(*board)
    fast = FastState.from_state(state)
    for number, clue in state.game.clues.items():
        assert fast.is_dead(number) == (deduce.never_playable(state.table, clue, state.game.board) is not None)
        assert fast.back_value(number) == back_value(state, state.game.backs[number])


def test_the_masks_name_the_board() -> None:
    state = _on_board({"arrest": "Meddersheim"}, {"break-in": ["Oberhausen", "Boos"]})
    fast = FastState.from_state(state)
    assert fast.markers[names.DELICT_INDEX["break-in"]] == mask_of([12, 7])
    assert fast.tiles[names.DELICT_INDEX["arrest"]] == names.LOCATION_INDEX["Meddersheim"]
    assert fast.summary() == summary(state)
