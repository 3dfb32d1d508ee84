"""Play many games between bots: one seed per game, optional worker processes.

Everything here is a pure function of its arguments (the game and the bots factory must
be picklable when jobs > 1: a game of module-level classes, a bots factory that is a
module-level function or a functools.partial of one). Game i
always uses the seed `game_seed(seed, i)`, so results do not depend on `jobs`.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from solver.cardgames.api import Game
from solver.cardgames.bots import Bot

BotsFactory = Callable[[int], Sequence[Bot]]  # game seed -> one bot per seat


@dataclass
class GameResult:
    seed: int
    returns: list[float]
    winner: int | None
    rounds: int
    score_history: list[list[int]]


@dataclass
class SimulationResult:
    games: int
    num_players: int
    wins: list[int]
    no_winner: int
    rounds: Counter = field(default_factory=Counter)
    score_histories: list[list[list[int]]] = field(default_factory=list)
    names: list[str] = field(default_factory=list)

    def win_rate(self, seat: int) -> float:
        return self.wins[seat] / self.games if self.games else 0.0

    def wilson(self, seat: int, z: float = 1.96) -> tuple[float, float]:
        return wilson_interval(self.wins[seat], self.games, z)

    def mean_rounds(self) -> float | None:
        total = sum(self.rounds.values())
        if not total:
            return None
        return sum(r * c for r, c in self.rounds.items()) / total

    def to_dict(self) -> dict:
        seats = []
        for seat in range(self.num_players):
            low, high = self.wilson(seat)
            seats.append(
                {
                    "seat": seat,
                    "bot": self.names[seat] if self.names else None,
                    "wins": self.wins[seat],
                    "win_rate": round(self.win_rate(seat), 6),
                    "ci95": [round(low, 6), round(high, 6)],
                }
            )
        mean = self.mean_rounds()
        return {
            "games": self.games,
            "seats": seats,
            "no_winner": self.no_winner,
            "rounds": {
                "mean": None if mean is None else round(mean, 4),
                "min": min(self.rounds) if self.rounds else None,
                "max": max(self.rounds) if self.rounds else None,
                "histogram": {str(k): v for k, v in sorted(self.rounds.items())},
            },
        }


def wilson_interval(successes: int, trials: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson score interval for a binomial proportion (95% for z = 1.96)."""
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def game_seed(seed: int, index: int) -> int:
    return (seed * 1_000_003 + index) & 0xFFFFFFFFFFFF


def play_game(game: Game, bots: Sequence[Bot], seed: int) -> GameResult:
    """Play one game to the end; chance is resolved with a Random(seed)."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.resolve_chance(rng)
            continue
        seat = state.current_player()
        state.apply_action(bots[seat].step(state))
    return GameResult(
        seed=seed,
        returns=list(state.returns()),
        winner=state.winner(),
        rounds=state.rounds_played(),
        score_history=state.score_history(),
    )


def _play_indices(args: tuple[Game, BotsFactory, int, list[int]]) -> list[GameResult]:
    game, make_bots, seed, indices = args
    results = []
    for index in indices:
        this_seed = game_seed(seed, index)
        results.append(play_game(game, make_bots(this_seed), this_seed))
    return results


def simulate(
    game: Game,
    make_bots: BotsFactory,
    games: int,
    seed: int = 0,
    jobs: int = 1,
    progress: bool = False,
    keep_histories: int = 0,
    chunk: int = 50,
) -> SimulationResult:
    """Play `games` games; `keep_histories` keeps that many score trajectories."""
    players = game.num_players()
    names = [getattr(bot, "name", type(bot).__name__) for bot in make_bots(game_seed(seed, 0))]
    result = SimulationResult(games=0, num_players=players, wins=[0] * players, no_winner=0,
                              names=names)
    batches = [list(range(start, min(start + chunk, games))) for start in range(0, games, chunk)]
    tasks = [(game, make_bots, seed, batch) for batch in batches]

    from tqdm import tqdm

    bar = tqdm(total=games, disable=not progress, unit="game", leave=False)
    try:
        if jobs > 1 and len(tasks) > 1:
            import multiprocessing

            with multiprocessing.get_context("spawn").Pool(jobs) as pool:
                for batch in pool.imap(_play_indices, tasks):
                    _collect(result, batch, keep_histories)
                    bar.update(len(batch))
        else:
            for task in tasks:
                batch = _play_indices(task)
                _collect(result, batch, keep_histories)
                bar.update(len(batch))
    finally:
        bar.close()
    return result


def _collect(result: SimulationResult, batch: list[GameResult], keep_histories: int) -> None:
    for game in batch:
        result.games += 1
        if game.winner is None:
            result.no_winner += 1
        else:
            result.wins[game.winner] += 1
        result.rounds[game.rounds] += 1
        if len(result.score_histories) < keep_histories:
            result.score_histories.append(game.score_history)
