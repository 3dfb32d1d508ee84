"""Build Scandaroon positions by card name, for rule tests."""

from __future__ import annotations

from functools import lru_cache

from solver.cardgames.scandaroon.deck import load_deck, parse_deck
from solver.cardgames.scandaroon.game import ScandaroonGame
from solver.cardgames.scandaroon.state import ScandaroonState
from solver.cardgames.scandaroon.symbols import load_symbols


@lru_cache(maxsize=1)
def deck():
    return load_deck()


def card(name: str) -> int:
    return deck().by_name(name).id


def small_deck(cards: list[dict]):
    """A deck from card dicts (no 51-card check), with the bundled symbols."""
    return parse_deck({"cards": cards}, load_symbols(), "<test>", rulebook_checks=False)


def position(players: int = 3, hands=None, rows=None, trump: str | None = "moon",
             current: int = 0, start: int = 0, passed=(), round_: int = 1) -> ScandaroonState:
    """A state in the middle of a round: hands and rows by card names; the rest of the
    deck is the draw pile."""
    state = ScandaroonGame(deck(), players).new_initial_state()
    state.queue = []
    state.hands = [[card(n) for n in (hands or {}).get(s, [])] for s in range(players)]
    state.rows = [[card(n) for n in (rows or {}).get(s, [])] for s in range(players)]
    used = {c for h in state.hands for c in h} | {c for r in state.rows for c in r}
    state.draw_pile = [c for c in range(len(deck())) if c not in used]
    state.trump = state.trump_card = trump
    state.trump_revealed = [trump] if trump else []
    state.began_no_trump = trump is None
    state.current, state.start_player = current, start
    state.round = round_
    for seat in passed:
        state.passed[seat] = True
    return state


def act(state: ScandaroonState, *texts: str) -> None:
    """Apply actions written as action_to_string writes them (checked)."""
    for text in texts:
        action = state.string_to_action(state.current_player(), text)
        assert action is not None, f"cannot parse {text!r}"
        state.apply_action(action)


def reason(state: ScandaroonState, text: str) -> str | None:
    action = state.string_to_action(state.current_player(), text)
    assert action is not None, text
    return state.illegal_reason(action)


def conserved(state: ScandaroonState) -> bool:
    cards = (state.draw_pile + state.discard + [c for h in state.hands for c in h]
             + [c for r in state.rows for c in r] + [c for p in state.piles for c in p])
    return sorted(cards) == list(range(len(state.game.deck)))
