"""What a player sees: the observation (scores, piles, own hand, this round's tricks)
and the perfect-recall information state (plus every public event since the start,
with the cards dealt to others hidden), as text and as tensors.

The tensors (float32, for P players and hand size H; cards are the ints 0..49 of
`cards`, pile values -3..10 are columns 0..13):

    player        [P]         1 at the observing seat
    hand          [50]        the observer's own cards
    trick         [P, 50]     the current trick: row k is the k-th card played to it
    trick_leader  [P]         1 at the seat that leads the current trick (in the play phase)
    played        [P, 50]     the cards each seat has played this round
    piles         [P, 14]     the values in each seat's score pile
    scores        [P]         each score divided by the limit
    round         [1]         the round number divided by max_rounds

The information-state tensor adds the round's tricks in order (earlier rounds enter
only through the scores and the round number):

    tricks        [H, P, 50]  trick t: row k is the k-th card played to it
    trick_leaders [H, P]      1 at the seat that led trick t
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from solver.cardgames.api import Observer
from solver.cardgames.schadenfreude import scoring
from solver.cardgames.schadenfreude.cards import NUM_CARDS, cards_of
from solver.cardgames.schadenfreude.state import EV_DEAL, EV_LEAD, PLAY, SchadenfreudeState

if TYPE_CHECKING:
    from solver.cardgames.schadenfreude.game import SchadenfreudeGame

PILE_VALUES = 14  # -3..10


def tensor_pieces(players: int, hand_size: int, perfect_recall: bool) -> list[tuple[str, tuple[int, ...]]]:
    """The named pieces of the tensor, in order, with their shapes."""
    pieces: list[tuple[str, tuple[int, ...]]] = [
        ("player", (players,)), ("hand", (NUM_CARDS,)), ("trick", (players, NUM_CARDS)),
        ("trick_leader", (players,)), ("played", (players, NUM_CARDS)),
        ("piles", (players, PILE_VALUES)), ("scores", (players,)), ("round", (1,)),
    ]
    if perfect_recall:
        pieces += [("tricks", (hand_size, players, NUM_CARDS)), ("trick_leaders", (hand_size, players))]
    return pieces


class SchadenfreudeObserver(Observer[SchadenfreudeState]):
    def __init__(self, game: SchadenfreudeGame, perfect_recall: bool = False) -> None:
        super().__init__(perfect_recall, tensor_pieces(game.players, game.hand_size, perfect_recall))
        self.limit = game.limit
        self.max_rounds = game.max_rounds

    def string_from(self, state: SchadenfreudeState, player: int) -> str:
        if self.perfect_recall:
            return information_state_string(state, player)
        return observation_string(state, player)

    def set_from(self, state: SchadenfreudeState, player: int) -> None:
        self.tensor.fill(0)
        d = self.dict
        players = state.game.players
        d["player"][player] = 1
        d["hand"][cards_of(state.hands[player])] = 1
        for position, card in enumerate(state.trick):
            d["trick"][position, card] = 1
        if state.phase == PLAY and state.leader is not None:
            d["trick_leader"][state.leader] = 1
        for done in state.tricks:
            for position, card in enumerate(done.cards):
                d["played"][(done.leader + position) % players, card] = 1
        if state.trick:
            leader = state.trick_leader
            for position, card in enumerate(state.trick):
                d["played"][(leader + position) % players, card] = 1
        for seat, pile in enumerate(state.piles):
            d["piles"][seat, [v + 3 for v in scoring.pile_values(pile)]] = 1
        d["scores"][:] = [score / self.limit for score in state.scores]
        d["round"][0] = state.round / self.max_rounds
        if self.perfect_recall:
            for t, done in enumerate(state.tricks):
                d["trick_leaders"][t, done.leader] = 1
                for position, card in enumerate(done.cards):
                    d["tricks"][t, position, card] = 1


def observation_string(state: SchadenfreudeState, player: int) -> str:
    """What `player` sees now: scores, score piles, own hand, this round's tricks."""
    names = state.game.card_names
    lines = [
        f"seat {player}; round {state.round}; scores {state.scores}",
        "hand: " + " ".join(names(cards_of(state.hands[player]))),
        "piles: " + "; ".join(
            f"{seat}:{scoring.pile_values(pile)}" for seat, pile in enumerate(state.piles)
        ),
        "tricks: " + " | ".join(
            f"{t.leader}:{' '.join(names(t.cards))}>{t.winner}" for t in state.tricks
        ),
        f"trick: {' '.join(names(state.trick))}"
        + (f" (led by {state.leader})" if state.phase == PLAY else ""),
    ]
    return "\n".join(lines)


def information_state_string(state: SchadenfreudeState, player: int) -> str:
    """Perfect recall: every public event since the start plus the cards dealt to
    `player`. Each round's deal is one entry, the player's cards in card order
    ('dealt[r-3 g1 ...]'): the order in which the cards arrived tells nothing, so deals
    of the same hand give the same information state (solvers that key on it, like
    MCCFR, then share what they learn)."""
    name = state.game.card_name
    events: list[str] = []
    dealt: list[int] | None = None  # the player's cards of the deal being read
    for kind, seat, card in state._events:
        if kind == EV_DEAL:
            if dealt is None:
                dealt = []
                events.append("")
            if seat == player:
                dealt.append(card)
            events[-1] = "dealt[" + " ".join(name(c) for c in sorted(dealt)) + "]"
            continue
        dealt = None
        if kind == EV_LEAD:
            events.append(f"L{seat}")
        else:
            events.append(f"{seat}:{name(card)}")
    return observation_string(state, player) + "\nhistory: " + " ".join(events)
