"""Many whole games between bots: one seed per game, optional worker processes or Ray, summaries as values.

Game i of a run seeded `seed` is played from `game_seed(seed, i)`, and the batches are kept in
order, so the results do not depend on the number of workers or the backend. Results stream
back in bounded batches; an interrupted run keeps the games it finished (`Summary.interrupted`).
"""

from __future__ import annotations

import statistics
from collections import Counter
from collections.abc import Callable, Generator, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from solver.core.stats import game_seed, wilson_interval
from solver.core.workers import bounded_imap, cap_workers, ray_imap, worker_pool
from solver.game.bots import BOTS, play_game
from solver.game.game import Game, Rules
from solver.game.state import State
from solver.table.state import MoveKind

CHUNK = 10  # games a worker plays per task
BACKENDS = ("local", "ray")


@dataclass(frozen=True)
class GameRecord:
    """One finished game, as values: who played (bots by seat), how it went, how it ended."""

    seed: int
    bots: tuple[str, ...]
    scores: tuple[int, ...]
    winners: tuple[int, ...]  # seats; every tied leader wins
    turns: int
    ending: str  # all delicts pinpointed / draw piles used up / the bound
    taken_out: int  # cards the co-ordinator took off the piles (rule 11)
    stops: int  # STOPs called (rule 10)
    stop_points: int
    passes: int
    state_file: str | None = None  # the game's state file text, when kept


@dataclass(frozen=True)
class Task:
    players: tuple[str, ...]
    rules: Rules
    bots: tuple[str, ...]
    seed: int
    indices: tuple[int, ...]
    keep_files: bool


def record(state: State, bots: Sequence[str], seed: int, keep_file: bool) -> GameRecord:
    """The values of a finished game's state."""
    table = state.table
    moves = table.history
    stops = [move for move in moves if move.kind == MoveKind.STOP]
    return GameRecord(
        seed=seed, bots=tuple(bots), scores=tuple(table.scores[p] for p in table.players),
        winners=tuple(table.players.index(p) for p in state.winners()), turns=state.turn.turns,
        ending=state.end_reason() or "", taken_out=sum(len(m.out) for m in moves if m.kind == MoveKind.DRAWPILE),
        stops=len(stops), stop_points=sum(m.effect.points for m in stops),
        passes=sum(1 for m in moves if m.kind == MoveKind.PASS and not m.cards_this_turn_before),
        state_file=table.to_yaml() if keep_file else None)


def play_task(task: Task) -> list[GameRecord]:
    """Play the task's games (in a worker process, or here)."""
    game = Game(task.players, task.rules)
    found = []
    for index in task.indices:
        seed = game_seed(task.seed, index)
        bots = [BOTS[name](seed + seat) for seat, name in enumerate(task.bots)]
        found.append(record(play_game(game, bots, seed), task.bots, seed, task.keep_files))
    return found


@dataclass
class Summary:
    """What a run found: every game's record (their state files only while kept), and the totals."""

    players: tuple[str, ...]
    bots: tuple[str, ...]
    seed: int
    wanted: int
    records: list[GameRecord] = field(default_factory=list)
    interrupted: bool = False
    reconstructed: bool = True

    @property
    def games(self) -> int:
        return len(self.records)

    def to_dict(self) -> dict[str, Any]:
        """The document `simulate --json` prints."""
        games = self.games
        seats = []
        for seat, bot in enumerate(self.bots):
            wins = sum(1 for r in self.records if seat in r.winners)
            scores = [r.scores[seat] for r in self.records]
            low, high = wilson_interval(wins, games)
            seats.append({"seat": seat + 1, "player": self.players[seat], "bot": bot, "wins": wins,
                          "win_rate": wins / games if games else 0.0, "ci95": [round(low, 6), round(high, 6)],
                          "score_mean": statistics.fmean(scores) if scores else None,
                          "score_stdev": statistics.pstdev(scores) if scores else None})
        by_bot = []
        for bot in dict.fromkeys(self.bots):
            seats_of = [seat for seat, name in enumerate(self.bots) if name == bot]
            trials = games * len(seats_of)
            wins = sum(1 for r in self.records for seat in seats_of if seat in r.winners)
            low, high = wilson_interval(wins, trials)
            by_bot.append({"bot": bot, "seats": len(seats_of), "wins": wins,
                           "win_rate": wins / trials if trials else 0.0, "ci95": [round(low, 6), round(high, 6)]})
        turns = [r.turns for r in self.records]
        return {
            "games": games, "wanted": self.wanted, "interrupted": self.interrupted, "seed": self.seed,
            "players": list(self.players), "bots": list(self.bots), "reconstructed_deck": self.reconstructed,
            "seats": seats, "by_bot": by_bot,
            "turns": {"mean": statistics.fmean(turns) if turns else None, "min": min(turns, default=None),
                      "max": max(turns, default=None)},
            "endings": dict(Counter(r.ending for r in self.records)),
            "taken_out_rule_11": sum(r.taken_out for r in self.records),
            "stops": sum(r.stops for r in self.records), "stop_points": sum(r.stop_points for r in self.records),
            "passes": sum(r.passes for r in self.records),
        }


def simulate(players: Sequence[str], bots: Sequence[str], games: int, seed: int = 0, jobs: int = 1,
             rules: Rules | None = None, keep_files: bool = False,
             on_games: Callable[[list[GameRecord]], object] | None = None, backend: str = "local",
             ray_address: str | None = None) -> Summary:
    """Play `games` games, one bot name (`BOTS`) per player, on local worker processes or on Ray
    (`backend`; the cluster at `ray_address`, or a Ray started here); `on_games` is told each
    finished batch (to show progress or save the games as they come). Ctrl-C keeps the games finished."""
    rules = rules or Rules()
    game = Game(players, rules)  # bad players or rules are bad input before anything is played
    unknown = [name for name in bots if name not in BOTS]
    if unknown or len(bots) != len(players):
        raise ValueError(f"one bot of {', '.join(BOTS)} per player, not {list(bots)}")
    if backend not in BACKENDS:
        raise ValueError(f"backend {backend!r}: one of {', '.join(BACKENDS)}")
    summary = Summary(tuple(players), tuple(bots), seed, games, reconstructed=game.reconstructed)
    told = on_games or (lambda batch: None)
    tasks = _tasks(tuple(players), rules, tuple(bots), seed, games, keep_files)
    batches = _batches(tasks, cap_workers(jobs, -(-games // CHUNK)), backend, ray_address)
    try:
        for batch in batches:
            _keep(summary, batch, told)
    except KeyboardInterrupt:
        summary.interrupted = True  # the workers are stopped; the games finished are kept
    finally:
        batches.close()
    return summary


def _batches(tasks: Iterator[Task], workers: int, backend: str, ray_address: str | None
             ) -> Generator[list[GameRecord], None, None]:
    """Each task's games, in the tasks' order, with at most 2 × `workers` tasks out at a time."""
    if backend == "ray":
        yield from ray_imap(play_task, tasks, workers, ray_address, ordered=True)
    elif workers > 1:
        with worker_pool(workers, preload=("solver.game.simulate",)) as pool:
            yield from bounded_imap(pool, play_task, tasks, 2 * workers)
    else:
        yield from map(play_task, tasks)


def _tasks(players: tuple[str, ...], rules: Rules, bots: tuple[str, ...], seed: int, games: int,
           keep_files: bool) -> Iterator[Task]:
    for start in range(0, games, CHUNK):  # made as needed: a huge run costs nothing up front
        yield Task(players, rules, bots, seed, tuple(range(start, min(start + CHUNK, games))), keep_files)


def _keep(summary: Summary, batch: list[GameRecord], told: Callable[[list[GameRecord]], object]) -> None:
    told(batch)
    summary.records.extend(_without_file(record) for record in batch)


def _without_file(found: GameRecord) -> GameRecord:
    """A record as the summary keeps it: its state file was the caller's to save."""
    if found.state_file is None:
        return found
    return GameRecord(**{**found.__dict__, "state_file": None})
