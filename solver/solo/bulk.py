"""Generating many puzzles at once: on all local cores, or on Ray for thousands.

Each puzzle depends only on its seed, so the work splits by seed and the results are
the same whichever backend ran them.

Importing this module is cheap (the generator is imported when it runs): a command can
start the workers (`start_workers`) before it imports anything heavy itself, so the workers'
one import of the generator overlaps the command's own start.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from solver.core.board import Board
    from solver.solo.generate import GiveUp, Options
    from solver.solo.puzzle import Puzzle

# What a local worker has imported before its first task: the fork server imports these once
# and every worker is a fork of it (no click, no command line, no web or card games).
WORKER_MODULES = (__name__, "solver.solo.generate")


@dataclass
class Result:
    seed: int
    puzzle: Puzzle | None
    give_up: GiveUp | None = None  # why no puzzle came

    @property
    def error(self) -> str | None:
        return None if self.give_up is None else self.give_up.sentence()


@cache
def _board(board_file: str | None) -> Board:
    from solver.core.board import load_board

    return load_board(board_file)


def generate_one(seed: int, options: Options, board_file: str | None = None,
                 progress: Callable[[str | None], None] | None = None) -> Result:
    from solver.solo.generate import GenerationFailed, generate

    try:
        return Result(seed, generate(seed, _board(board_file), options, progress))
    except GenerationFailed as failed:
        return Result(seed, None, failed.give_up)


def _one_of(job: tuple[int, Options, str | None]) -> Result:
    return generate_one(*job)


def start_workers(jobs: int, backend: str = "local") -> None:
    """Get the local workers' imports going now, in the background, when `generate_many(...,
    jobs, backend)` will use workers (it starts them itself otherwise: this only saves time)."""
    if backend == "local" and jobs > 1:
        from solver.core.workers import start_early

        start_early(WORKER_MODULES)


def generate_many(seeds: Sequence[int], options: Options, jobs: int = 1, backend: str = "local",
                  board_file: str | None = None, ray_address: str | None = None) -> Iterator[Result]:
    """Results in the order they finish (each carries its seed); each depends only on its seed, so
    the same seeds give the same results whichever `jobs` and `backend`.

    With `jobs` > 1 locally, `jobs` workers forked from a server that imported the generator
    once; each takes the next seed as soon as it is done with one (a slow seed holds up no other),
    and only 2 × `jobs` seeds are handed out ahead of the results."""
    work = ((seed, options, board_file) for seed in seeds)  # made as needed: a huge count costs nothing up front
    if backend == "ray":
        from solver.core.workers import ray_imap

        yield from ray_imap(_one_of, work, jobs, ray_address)
    elif jobs <= 1:
        yield from map(_one_of, work)
    else:
        from solver.core.workers import bounded_imap_unordered, worker_pool

        with worker_pool(jobs, WORKER_MODULES) as pool:
            yield from bounded_imap_unordered(pool, _one_of, work, 2 * jobs)
    return
