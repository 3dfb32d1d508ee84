"""The game: what stays fixed while Scandaroon is played (the deck and its symbols, the
player count, the action numbering), in the shape of OpenSpiel's Python games (a
pyspiel.Game with `new_initial_state()` and `make_py_observer()`).

    game = ScandaroonGame(players=3)          # the bundled deck
    state = game.new_initial_state()
"""

from __future__ import annotations

from typing import Any

from solver.cardgames.api import Game, ObservationTypeLike
from solver.cardgames.scandaroon.actions import MAX_PLAYERS, MIN_PLAYERS, Actions
from solver.cardgames.scandaroon.choices import EXCHANGE_MAX
from solver.cardgames.scandaroon.deck import Deck, load_deck
from solver.cardgames.scandaroon.observation import ScandaroonObserver
from solver.cardgames.scandaroon.scoring import HIGHEST_SCORE_VP, NO_TRUMP_VP, PILE_VP, RANK_VP
from solver.cardgames.scandaroon.state import ROUNDS, VP_SCALE, ScandaroonState
from solver.core.errors import BadInput


class ScandaroonGame(Game[ScandaroonState]):
    """`deck=None` loads the bundled deck. `keep_log=False` makes states that keep no
    human-readable log (simulations); `state.log` is what the terminal game prints.
    For solvers: `rounds` (1 to 4) ends the game after that round (every end-of-game
    award as after round 4; `rounds=1` is the one-round game); `round_rewards=True` adds
    a reward for the VP each round earns (divided by 20) to the share of the win
    (`rewards()`; `returns()` is then their sum so far)."""

    short_name = "scandaroon"

    def __init__(self, deck: Deck | None = None, players: int = 4, keep_log: bool = True,
                 rounds: int = ROUNDS, round_rewards: bool = False) -> None:
        super().__init__()
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise BadInput(f"Scandaroon is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players}")
        if isinstance(rounds, bool) or not isinstance(rounds, int) or not 1 <= rounds <= ROUNDS:
            raise BadInput(f"rounds is 1 to {ROUNDS}, not {rounds!r}")
        self.rounds = rounds
        self.round_rewards = bool(round_rewards)
        self.deck: Deck = load_deck() if deck is None else deck
        self.symbols = self.deck.symbols
        self.players = players
        self.keep_log = keep_log
        self.actions = Actions(len(self.deck), len(self.symbols.symbols))

    # -- OpenSpiel shape -----------------------------------------------------------
    def num_players(self) -> int:
        return self.players

    def num_distinct_actions(self) -> int:
        return self.actions.size

    def max_chance_outcomes(self) -> int:
        return max(len(self.deck), len(self.symbols.symbols), self.players)

    def max_game_length(self) -> int:
        """A true bound on the actions of a game (N cards, P players, R rounds):
        chance: at most 2N draws (the pile of N, refilled once by the discards), R trump
        cards and the starting-player lot; players: a pass per player and round; a card
        enters a hand only by a draw or a steal (at most 2N + P), so there are at most
        2N + P plays, and as many ability uses (each discards a row card a play put
        there), each with at most 2 follow-ups; a stone per player with an effect, at
        most EXCHANGE_MAX targets and `done`."""
        n, p = len(self.deck), self.players
        chance = 2 * n + self.rounds + 1
        plays = 2 * n + p
        stones = p * (3 + EXCHANGE_MAX)
        return chance + p * self.rounds + plays + 3 * plays + stones

    def get_parameters(self) -> dict[str, Any]:
        params = {"deck": self.deck.source or self.deck.title, "players": self.players,
                  "keep_log": self.keep_log}
        if self.rounds != ROUNDS:
            params["rounds"] = self.rounds
        if self.round_rewards:
            params["round_rewards"] = True
        return params

    def utility(self) -> tuple[float, float, float | None]:
        """(min, max, sum or None) of the returns: the winners share 1; with round rewards
        plus the VP over 20 (at most 3 a round, the no-trump marker, 3 for the scoring
        pile and 2 for the highest score), no longer constant-sum."""
        if not self.round_rewards:
            return (0.0, 1.0, 1.0)
        most = RANK_VP[0] * self.rounds + NO_TRUMP_VP + PILE_VP[0] + HIGHEST_SCORE_VP
        return (0.0, 1.0 + most / VP_SCALE, None)

    def new_initial_state(self) -> ScandaroonState:
        return ScandaroonState(self)

    def make_py_observer(
        self, iig_obs_type: ObservationTypeLike | None = None, params: dict[str, Any] | None = None
    ) -> ScandaroonObserver:
        """Perfect recall (`iig_obs_type.perfect_recall`): the public history (cards drawn
        by others hidden), the table and the own hand; otherwise the table and own hand."""
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        return ScandaroonObserver(self, bool(getattr(iig_obs_type, "perfect_recall", False)))

    # -- names ---------------------------------------------------------------------
    def card_name(self, card: int) -> str:
        return self.deck[card].name
