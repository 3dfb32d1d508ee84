"""What a seat's view shows (solver.documents.lobby): two deals that differ only in what a seat may not
see — another seat's card swapped for one with the same back, a pile's order below its top — give
that seat (and a watcher) the very same view, move after move; its own hand, its legal actions and
its own draws are its alone; another seat's discard shows its back, never its number."""

from __future__ import annotations

import json
import random
from typing import Any

from solver.documents.lobby import WATCHER, seat_view_document
from solver.game import encoding
from solver.game.actions import Discard, Draw, Play, Shuffle
from solver.game.encoding import Encoding
from solver.game.game import Game
from solver.game.state import State, Step
from solver.tables.params import SeatSpec, TableParams, params_from_request
from solver.tables.replay import Replayed, apply_move, start
from tests.game.deal import full_boos
from tests.game.deal import game as make_game

Orders = dict[str, list[int]]


def stacked(game: Game, orders: Orders, seed: int = 0) -> Replayed:
    """The game with its piles stacked as `orders` says (the top card last), the others as laid out."""
    state: State = game.new_initial_state(seed)
    while state.is_chance_node():
        piles = state.turn.to_shuffle[0]
        state.apply_action(Shuffle(piles, tuple(n for name in piles for n in orders.get(name, state.piles[name]))))
    params = TableParams(tuple(SeatSpec(name) for name in game.players), game.rules, seed)
    return Replayed(params, game, Encoding(game), state)


def twin_deals(game: Game) -> tuple[Orders, Orders]:
    """Two deals that seats 0 and 2 cannot tell apart: a blue group card of seat 1 (drawn second,
    from blue) swapped for one at the bottom of the blue pile (same back), and the green pile's
    order below its top card reversed."""
    piles, _ = game.pile_layout()
    blue = list(piles["blue"])
    groups = [n for n in blue if game.backs[n].letter == "B"]
    rest = [n for n in blue if n not in groups[:2]]
    green = list(piles["green"])
    one = {"blue": [groups[0], *rest[:-1], groups[1], rest[-1]], "green": green}
    two = {"blue": [groups[1], *rest[:-1], groups[0], rest[-1]], "green": [*reversed(green[:-1]), green[-1]]}
    return one, two


def view(replayed: Replayed, seat: int | None) -> dict[str, Any]:
    legal = replayed.legal_codes() if seat is not None and seat == replayed.mover_seat() else []
    return seat_view_document(replayed.state, seat, replayed.seen, legal,
                              {code: replayed.codes.text(code) for code in legal})


def hidden_safe(replayed: Replayed, rng: random.Random) -> int | None:
    """A move that reveals none of the cards the twin deals differ in: no draw from blue or green,
    and seat 1 plays or discards none of its cards."""
    blue_green = {encoding.DRAW + 0, encoding.DRAW + 3}
    allowed = [code for code in replayed.legal_codes() if code not in blue_green]
    if replayed.mover_seat() == 1:
        allowed = [code for code in allowed if code in (encoding.PASS, encoding.DECLINE, encoding.STOP)
                   or encoding.DRAW <= code < encoding.PICK]
    return rng.choice(allowed) if allowed else None


def test_a_seat_and_a_watcher_cannot_tell_the_twin_deals_apart() -> None:
    game = make_game()
    one_orders, two_orders = twin_deals(game)
    one, two = stacked(game, one_orders), stacked(game, two_orders)
    for _ in range(12):  # the opening draws, all from blue
        for replayed in (one, two):
            apply_move(replayed, replayed.state.current_player(), encoding.DRAW)
    assert sorted(one.state.hands["Ben"]) != sorted(two.state.hands["Ben"])
    rng, steps = random.Random(3), 0
    while not one.state.is_terminal() and steps < 30:
        for seat in (0, 2, WATCHER):
            assert json.dumps(view(one, seat)) == json.dumps(view(two, seat)), (seat, steps)
        assert view(one, 1) != view(two, 1)  # Ben sees his own hand
        code = hidden_safe(one, rng)
        if code is None:
            break
        for replayed in (one, two):
            apply_move(replayed, replayed.state.current_player(), code)
        steps += 1
    assert steps >= 15


def test_the_own_hand_legal_actions_and_draws_are_the_seat_s_alone() -> None:
    game = make_game()
    replayed = stacked(game, {})
    for _ in range(4):  # Anna, Ben, Carl and Anna draw from the first pile
        apply_move(replayed, replayed.state.current_player(), replayed.legal_codes()[0])
    anna, ben, watcher = view(replayed, 0), view(replayed, 1), view(replayed, WATCHER)
    assert replayed.mover_seat() == 1
    assert [c["card"] for c in anna["hand"]["cards"]] == sorted(replayed.state.hands["Anna"])
    assert anna["legal"] == [] and watcher["legal"] == [] and watcher["hand"] is None
    assert [entry["action"] for entry in ben["legal"]] == replayed.legal_codes()
    assert [entry.get("card") for entry in anna["log"]] == [replayed.seen[0].card, None, None, replayed.seen[3].card]
    assert all("card" not in entry for entry in watcher["log"])
    assert {entry["back"]["letter"] for entry in watcher["log"]} <= set("ABCD")
    assert [p["hand_size"] for p in watcher["players"]] == [2, 1, 1]


def test_another_seat_s_discard_shows_its_back_and_its_own_discard_its_number() -> None:
    game = make_game(("Anna", "Ben"))
    replayed = stacked(game, {}, seed=2)
    while replayed.state.step.value == "opening":
        apply_move(replayed, replayed.state.current_player(), replayed.legal_codes()[-1])
    apply_move(replayed, 0, encoding.PASS)
    discarded = replayed.state.hands["Anna"][0]
    apply_move(replayed, 0, encoding.DISCARD + discarded - 1)
    anna, ben = view(replayed, 0), view(replayed, 1)
    assert anna["log"][-1]["card"] == discarded and "card" not in ben["log"][-1]
    assert ben["log"][-1]["back"] == anna["log"][-1]["back"]
    assert str(discarded) not in ben["log"][-1]["text"].split()
    assert discarded in anna["out"]["cards"] and discarded not in ben["out"]["cards"]
    assert ben["out"]["backs"] == [anna["log"][-1]["back"]]



def described(replayed: Replayed) -> list[dict[str, Any]]:
    """The mover's legal actions as its view describes them (their kinds, cards, piles)."""
    legal = replayed.legal_codes()
    actions = {code: action for code in legal if (action := replayed.codes.decode(code, replayed.state.mover))}
    seat = replayed.mover_seat()
    return list(seat_view_document(replayed.state, seat, replayed.seen, legal,
                                   {code: replayed.codes.text(code) for code in legal}, actions)["legal"])


def dealt(seed: int) -> Replayed:
    """A table of three dealt from `seed`, as the lobby deals one."""
    return start(params_from_request({"seats": [{"name": "Anna"}, {"name": "Ben"}, {"name": "Carl"}]}, seed))


def test_each_legal_action_says_what_it_is() -> None:
    replayed = dealt(5)
    rng, kinds = random.Random(5), set()
    while not replayed.state.is_terminal() and len(replayed.seen) < 120:
        for entry in described(replayed):
            action = replayed.codes.decode(entry["action"], replayed.state.mover)
            assert entry["text"] == replayed.codes.text(entry["action"])
            match action:
                case Play(card, choice):
                    assert entry == {**entry, "kind": "play", "card": card if isinstance(card, int) else "remove",
                                     "choice": choice}
                case Draw(pile):
                    assert entry == {**entry, "kind": "draw", "pile": pile}
                case Discard(card):
                    assert entry == {**entry, "kind": "discard", "card": card}
                case _:
                    assert entry["kind"] == type(action).__name__.lower()
            kinds.add(entry["kind"])
        apply_move(replayed, replayed.state.current_player(), rng.choice(replayed.legal_codes()))
    assert {"draw", "play", "pass", "discard", "decline"} <= kinds


def test_the_stop_window_is_shown_to_every_seat_alike() -> None:
    replayed = dealt(3)
    rng, windows = random.Random(3), 0
    while not replayed.state.is_terminal() and windows < 3:
        mover = replayed.state.current_player()
        window = view(replayed, WATCHER)["stop"]
        if replayed.state.step is Step.STOP:
            windows += 1
            assert window is not None and window["asked"] == mover and window["removable"]
            assert window["player"] == replayed.state.mover and window["takers"]
            assert all(view(replayed, seat)["stop"] == window for seat in (0, 1, 2))
        else:
            assert window is None
        apply_move(replayed, mover, rng.choice(replayed.legal_codes()))
    assert windows


def test_a_two_player_seat_sees_its_hand_as_the_game_checks_the_turn() -> None:
    # Card 10 would leave Boos with 4 markers and card 3 cannot take one off: rule 15 at the turn's end.
    state = full_boos([10, 3])
    hand = seat_view_document(state, 0, [])["hand"]
    assert [entry["card"]["number"] for entry in hand["plays"]] == []
    refused = {entry["card"]["number"]: entry for entry in hand["not_playable"]}
    assert refused[10]["rule"] == 15 and refused[10]["refusal"]["kind"] == "turn ends overfull"
