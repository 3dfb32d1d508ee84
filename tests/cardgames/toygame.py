"""A tiny game for testing the generic machinery: a chance node picks who starts, then
players take turns adding 1 or 2 to a counter; whoever brings it to `target` wins."""

from __future__ import annotations

from solver.cardgames.api import CHANCE, TERMINAL, CardGameState, Game, Observer


class RaceState(CardGameState):
    game: RaceGame

    def __init__(self, game: RaceGame):
        super().__init__(game)
        self.total = 0
        self.to_move: int | None = None
        self.rounds = 0
        self.added = [0, 0]

    def current_player(self) -> int:
        if self.total >= self.game.target:
            return TERMINAL
        return CHANCE if self.to_move is None else self.to_move

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(0, 0.5), (1, 0.5)] if self.to_move is None else []

    def legal_actions(self, player: int | None = None) -> list[int]:
        seat = self.current_player()
        if seat < 0 or (player is not None and player != seat):
            return []
        return [a for a in (1, 2) if self.total + a <= self.game.target]

    def illegal_reason(self, action: int) -> str | None:
        if self.is_terminal():
            return "the game is over"
        if self.is_chance_node():
            return None if action in (0, 1) else "a chance outcome is 0 or 1"
        if action not in self.legal_actions():
            return f"you may add {self.legal_actions()}"
        return None

    def _apply(self, action: int) -> None:
        if self.to_move is None:
            self.to_move = action
            return
        self.total += action
        self.added[self.to_move] += action
        self.rounds += 1
        if self.total < self.game.target:
            self.to_move = 1 - self.to_move

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0, 0.0]
        return [1.0 if seat == self.to_move else -1.0 for seat in range(2)]

    def action_to_string(self, player: int, action: int) -> str:
        return f"+{action}"

    def clone(self) -> RaceState:
        twin = RaceState(self.game)
        twin.total, twin.to_move, twin.rounds = self.total, self.to_move, self.rounds
        twin.added = list(self.added)
        twin._history = list(self._history)
        return twin

    @property
    def scores(self) -> list[int]:
        """What each player has added to the counter."""
        return list(self.added)

    def rounds_played(self) -> int:
        return self.rounds

    def score_history(self) -> list[list[int]]:
        return [self.scores]


class RaceObserver(Observer[RaceState]):
    def string_from(self, state: RaceState, player: int) -> str:
        if self.perfect_recall:
            return f"total={state.total} history={state.history()}"
        return f"total={state.total}"


class RaceGame(Game[RaceState]):
    short_name = "race"

    def __init__(self, target: int = 5):
        super().__init__()
        self.target = target

    def num_players(self) -> int:
        return 2

    def num_distinct_actions(self) -> int:
        return 3

    def get_parameters(self) -> dict:
        return {"target": self.target}

    def new_initial_state(self) -> RaceState:
        return RaceState(self)

    def make_py_observer(self, iig_obs_type=None, params=None) -> RaceObserver:
        return RaceObserver(bool(getattr(iig_obs_type, "perfect_recall", False)))


def random_bots(seed: int):
    from solver.cardgames.bots import RandomBot

    return [RandomBot(seed * 2 + seat) for seat in range(2)]
