"""Play many games between bots: one seed per game, optional worker processes.

Everything here is a pure function of its arguments (the game and the bots factory must
be picklable when jobs > 1: a game of module-level classes, a bots factory that is a
module-level function or a functools.partial of one). Game i
always uses the seed `game_seed(seed, i)`, so results do not depend on `jobs`.

The bots the factory makes for a seed are the entrants, numbered by the seat they are
made for. With `rotate`, every deal is played once per seat: game i is deal i // P
(seed `game_seed(seed, i // P)`, so the same chance outcomes as long as the play allows:
the first deal always) with entrant (s + i) % P in seat s, so each entrant plays each
seat of each deal. Results are kept by seat and by entrant, and every entrant gets a
rating (solver.cardgames.ratings) from the games in their numbered order.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TypedDict

from solver.cardgames.api import Game, StateT
from solver.cardgames.bots import Bot
from solver.cardgames.ratings import Rating, Ratings
from solver.core.stats import game_seed, wilson_interval
from solver.core.workers import bounded_imap, cap_workers, worker_pool

CHUNK = 50  # games a worker plays per task
BotsFactory = Callable[[int], Sequence[Bot[StateT]]]  # game seed -> one bot per seat


@dataclass
class GameResult:
    seed: int
    returns: list[float]
    winner: int | None
    rounds: int
    score_history: list[list[int]]
    lineup: tuple[int, ...] = ()  # the entrant in each seat


class SeatSummary(TypedDict):
    seat: int
    bot: str | None
    wins: int
    win_rate: float
    ci95: list[float]  # [low, high]


class BotSummary(TypedDict):
    entrant: int  # the seat the bot was made for (its seat in every game without rotation)
    bot: str | None
    wins: int
    win_rate: float
    ci95: list[float]  # [low, high]
    rating: Rating


class RoundsSummary(TypedDict):
    mean: float | None
    min: int | None
    max: int | None
    histogram: dict[str, int]  # rounds played (as a string) -> games


class Summary(TypedDict):
    """`SimulationResult.to_dict()`: what the simulate commands print as JSON."""

    games: int
    rotate: bool
    seats: list[SeatSummary]
    by_bot: list[BotSummary]
    no_winner: int
    rounds: RoundsSummary


@dataclass
class SimulationResult:
    games: int
    num_players: int
    wins: list[int]
    no_winner: int
    rounds: Counter[int] = field(default_factory=Counter)
    score_histories: list[list[list[int]]] = field(default_factory=list)
    names: list[str] = field(default_factory=list)  # by entrant
    interrupted: bool = False  # Ctrl-C ended the run: these are the games finished before it
    rotate: bool = False
    entrant_wins: list[int] = field(default_factory=list)
    ratings: Ratings | None = None

    def win_rate(self, seat: int) -> float:
        return self.wins[seat] / self.games if self.games else 0.0

    def wilson(self, seat: int, z: float = 1.96) -> tuple[float, float]:
        return wilson_interval(self.wins[seat], self.games, z)

    def mean_rounds(self) -> float | None:
        total = sum(self.rounds.values())
        if not total:
            return None
        return sum(r * c for r, c in self.rounds.items()) / total

    def to_dict(self) -> Summary:
        seats: list[SeatSummary] = []
        for seat in range(self.num_players):
            low, high = self.wilson(seat)
            seats.append(
                {
                    "seat": seat,
                    "bot": self.names[seat] if self.names and not self.rotate else None,
                    "wins": self.wins[seat],
                    "win_rate": round(self.win_rate(seat), 6),
                    "ci95": [round(low, 6), round(high, 6)],
                }
            )
        mean = self.mean_rounds()
        return {
            "games": self.games,
            "rotate": self.rotate,
            "seats": seats,
            "by_bot": self._bot_summaries(),
            "no_winner": self.no_winner,
            "rounds": {
                "mean": None if mean is None else round(mean, 4),
                "min": min(self.rounds) if self.rounds else None,
                "max": max(self.rounds) if self.rounds else None,
                "histogram": {str(k): v for k, v in sorted(self.rounds.items())},
            },
        }

    def _bot_summaries(self) -> list[BotSummary]:
        ratings = self.ratings.summary() if self.ratings else []
        result: list[BotSummary] = []
        for entrant, rating in enumerate(ratings):
            wins = self.entrant_wins[entrant]
            low, high = wilson_interval(wins, self.games)
            result.append({"entrant": entrant, "bot": self.names[entrant] if self.names else None,
                           "wins": wins, "win_rate": round(wins / self.games, 6) if self.games else 0.0,
                           "ci95": [round(low, 6), round(high, 6)], "rating": rating})
        return result


def play_game(game: Game[StateT], bots: Sequence[Bot[StateT]], seed: int) -> GameResult:
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


def _play_indices(
    args: tuple[Game[StateT], BotsFactory[StateT], int, list[int], bool],
) -> list[GameResult]:
    game, make_bots, seed, indices, rotate = args
    players = game.num_players()
    results = []
    for index in indices:
        shift = index % players if rotate else 0
        this_seed = game_seed(seed, index // players if rotate else index)
        entrants = make_bots(this_seed)
        lineup = tuple((seat + shift) % players for seat in range(players))
        result = play_game(game, [entrants[e] for e in lineup], this_seed)
        result.lineup = lineup
        results.append(result)
    return results


def simulate(
    game: Game[StateT],
    make_bots: BotsFactory[StateT],
    games: int,
    seed: int = 0,
    jobs: int = 1,
    on_games: Callable[[int], object] | None = None,
    keep_histories: int = 0,
    chunk: int = CHUNK,
    rotate: bool = False,
) -> SimulationResult:
    """Play `games` games; `keep_histories` keeps that many score trajectories. `on_games` is
    told how many games each finished batch held (for a progress bar). With `rotate`, every
    deal is played in each rotation of the seats (`games` is rounded up to a multiple of
    the player count)."""
    players = game.num_players()
    if rotate:
        games = -(-games // players) * players
    names = [getattr(bot, "name", type(bot).__name__) for bot in make_bots(game_seed(seed, 0))]
    result = SimulationResult(games=0, num_players=players, wins=[0] * players, no_winner=0,
                              names=names, rotate=rotate, entrant_wins=[0] * players,
                              ratings=Ratings(players))
    tasks = ((game, make_bots, seed, list(range(start, min(start + chunk, games))), rotate)
             for start in range(0, games, chunk))  # made as needed: a huge number of games costs nothing up front

    told = on_games or (lambda played: None)
    jobs = cap_workers(jobs, -(-games // chunk))
    try:
        if jobs > 1 and games > chunk:
            with worker_pool(jobs) as pool:
                for batch in bounded_imap(pool, _play_indices, tasks, 2 * jobs):
                    _collect(result, batch, keep_histories)
                    told(len(batch))
        else:
            for task in tasks:
                batch = _play_indices(task)
                _collect(result, batch, keep_histories)
                told(len(batch))
    except KeyboardInterrupt:
        result.interrupted = True  # the workers are stopped; the games finished are kept
    return result


def _collect(result: SimulationResult, batch: list[GameResult], keep_histories: int) -> None:
    for game in batch:
        result.games += 1
        lineup = game.lineup or tuple(range(result.num_players))
        if game.winner is None:
            result.no_winner += 1
        else:
            result.wins[game.winner] += 1
            result.entrant_wins[lineup[game.winner]] += 1
        if result.ratings is not None:
            result.ratings.update(lineup, game.returns)
        result.rounds[game.rounds] += 1
        if len(result.score_histories) < keep_histories:
            result.score_histories.append(game.score_history)
