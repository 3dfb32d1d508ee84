"""What a player sees, as text: the table everybody sees (`public_string`), the
observation (the table and the own hand) and the perfect-recall information state (the
public history, with the cards that others drew hidden, then the observation); and as
tensors.

The tensors (float32; P players, N cards by id, S symbols, E stone effects):

    player        [P]       1 at the observing seat
    current       [P]       1 at the seat to move
    round         [R]       1 at the current round (R rounds, 4 by the rulebook)
    trump         [S + 1]   the current trump (last column: no trump)
    hand          [N]       the observer's own hand cards
    hand_sizes    [P]       each player's number of hand cards, divided by 10
    rows          [P, N]    the cards in each player's row
    values        [N]       each card in a row: its final value now, divided by 10
    protected     [N]       the cards protected by an action stone
    piles         [P, N]    the cards on each player's scoring pile
    discard       [N]       the discard pile
    draw_pile     [1]       the number of cards in the draw pile, divided by N
    passed        [P]       who has passed this round
    stone_used    [P]       who has used their action stone
    scores        [P]       each player's score this round, divided by 50
    vp            [P]       each player's VP so far, divided by 20
    pending       [2]       an open choice: 1 for an ability, 1 for the action stone
    pending_source[N]       its card
    pending_chosen[N]       the cards chosen for it so far
    pending_effect[E]       the stone effect chosen for it

The information-state tensor adds `drawn` [N]: every card the observer has drawn in
this game (the public history is in the string).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from solver.cardgames.api import Observer
from solver.cardgames.scandaroon import choices
from solver.cardgames.scandaroon.actions import seat_name
from solver.cardgames.scandaroon.state import CHOOSE_START, DRAW, REVEAL_TRUMP, VP_SCALE, ScandaroonState
from solver.cardgames.scandaroon.symbols import NO_TRUMP, STONE_EFFECTS

if TYPE_CHECKING:
    from solver.cardgames.scandaroon.game import ScandaroonGame

VALUE_SCALE, SCORE_SCALE, HAND_SCALE = 10, 50, 10


def tensor_pieces(players: int, cards: int, symbols: int, perfect_recall: bool, rounds: int = 4
                  ) -> list[tuple[str, tuple[int, ...]]]:
    """The named pieces of the tensor, in order, with their shapes."""
    pieces: list[tuple[str, tuple[int, ...]]] = [
        ("player", (players,)), ("current", (players,)), ("round", (rounds,)),
        ("trump", (symbols + 1,)), ("hand", (cards,)), ("hand_sizes", (players,)),
        ("rows", (players, cards)), ("values", (cards,)), ("protected", (cards,)),
        ("piles", (players, cards)), ("discard", (cards,)), ("draw_pile", (1,)),
        ("passed", (players,)), ("stone_used", (players,)), ("scores", (players,)),
        ("vp", (players,)), ("pending", (2,)), ("pending_source", (cards,)),
        ("pending_chosen", (cards,)), ("pending_effect", (len(STONE_EFFECTS),)),
    ]
    if perfect_recall:
        pieces.append(("drawn", (cards,)))
    return pieces


class ScandaroonObserver(Observer[ScandaroonState]):
    def __init__(self, game: ScandaroonGame, perfect_recall: bool = False) -> None:
        self.cards = len(game.deck)
        super().__init__(perfect_recall, tensor_pieces(
            game.players, self.cards, len(game.symbols.symbols), perfect_recall, game.rounds))

    def string_from(self, state: ScandaroonState, player: int) -> str:
        if self.perfect_recall:
            return information_state_string(state, player)
        return observation_string(state, player)

    def set_from(self, state: ScandaroonState, player: int) -> None:
        self.tensor.fill(0)
        d = self.dict
        game = state.game
        d["player"][player] = 1
        seat = state.current_player()
        if 0 <= seat < game.players:
            d["current"][seat] = 1
        d["round"][state.round - 1] = 1
        d["trump"][-1 if state.trump is None else game.symbols.index(state.trump)] = 1
        d["hand"][state.hands[player]] = 1
        final = state.final_values()
        for s in range(game.players):
            d["hand_sizes"][s] = len(state.hands[s]) / HAND_SCALE
            d["rows"][s, state.rows[s]] = 1
            d["piles"][s, state.piles[s]] = 1
        for card, value in final.items():
            d["values"][card] = value / VALUE_SCALE
        d["protected"][list(state.protected)] = 1
        d["discard"][state.discard] = 1
        d["draw_pile"][0] = len(state.draw_pile) / self.cards
        d["passed"][:] = state.passed
        d["stone_used"][:] = state.stone_used
        d["scores"][:] = [score / SCORE_SCALE for score in state.scores]
        d["vp"][:] = [vp / VP_SCALE for vp in state.total_vp()]
        p = state.pending_action
        if p is not None:
            d["pending"][0 if p.kind == choices.ABILITY else 1] = 1
            d["pending_source"][p.source] = 1
            chosen = [c for c in p.chosen if 0 <= c < self.cards]
            if p.kind == choices.STONE or choices.ability_of(state, p.source).kind != "trump":
                d["pending_chosen"][chosen] = 1
            if p.effect is not None:
                d["pending_effect"][STONE_EFFECTS.index(p.effect)] = 1
        if self.perfect_recall:
            for action, (kind, seat) in zip(state._history, state._seen, strict=True):
                if kind == DRAW and seat == player:
                    d["drawn"][action] = 1


def information_state_string(state: ScandaroonState, player: int) -> str:
    """The public history (cards drawn by others hidden), the table and own hand."""
    name = state.game.card_name
    moves = []
    for action, (kind, seat) in zip(state._history, state._seen, strict=True):
        if kind == DRAW:
            moves.append(f"{seat_name(seat)} draws " + (name(action) if seat == player else "a card"))
        elif kind == REVEAL_TRUMP:
            moves.append(f"trump card {state.game.symbols.symbols[action].name}")
        elif kind == CHOOSE_START:
            moves.append(f"{seat_name(action)} starts")
        else:
            moves.append(f"{seat_name(seat)}: {state.action_to_string(seat, action)}")
    return "history: " + "; ".join(moves) + "\n" + observation_string(state, player)


def observation_string(state: ScandaroonState, player: int) -> str:
    """The table (public_string) and the own hand."""
    name = state.game.card_name
    return (public_string(state) + f"\nyour hand ({seat_name(player)}): "
            + ", ".join(name(c) for c in sorted(state.hands[player])))


def public_string(state: ScandaroonState) -> str:
    """What everybody sees: round, trump, pile sizes, each player's score, VP, hand size,
    scoring pile, flags and row, and whose choice is open."""
    name = state.game.card_name
    final = state.final_values()
    scores = state.scores
    vps = state.total_vp()
    piles = state.pile_totals()
    lines = [f"round {state.round}/{state.game.rounds}  trump: {state.trump or NO_TRUMP}"
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
            f"{seat_name(s)}: score {scores[s]:>3}  VP {vps[s]:>2}  hand {len(state.hands[s])}  "
            f"pile {piles[s]:>2}  {' '.join(flags)}\n    row: "
            + (" | ".join(cards) if cards else "(empty)"))
    if state.pending_action:
        lines.append(pending_line(state, state.pending_action))
    return "\n".join(lines)


def pending_line(state: ScandaroonState, p: choices.Pending) -> str:
    """The open choice as everybody sees it, with the cards picked so far: 'P2 is choosing
    for stone Alchemist (exchange); chosen so far: Muse, Falconer'."""
    name = state.game.card_name
    line = f"{seat_name(p.seat)} is choosing for {p.kind} {name(p.source)}"
    if p.effect:
        line += f" ({p.effect})"
    picked = [c for c in p.chosen if 0 <= c < len(state.game.deck)]
    if p.kind == choices.ABILITY and choices.ability_of(state, p.source).kind == "trump":
        picked = []  # a trump choice holds a symbol index, and ends the choice
    if picked:
        line += "; chosen so far: " + ", ".join(name(c) for c in picked)
    return line
