"""How many worker processes a parallel run starts: never more than it can use."""

from __future__ import annotations

import os
import signal
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:
    from multiprocessing.pool import AsyncResult, Pool

TaskT = TypeVar("TaskT")
ResultT = TypeVar("ResultT")

# Set when native (C++) solver threads may still be winding down after Ctrl-C: the process then
# ends without running native destructors (which abort on a thread still joinable).
native_threads_interrupted = False
WORKERS_PER_CORE = 2  # a worker waiting on its parent costs little; more than this only costs memory


def cap_workers(jobs: int, tasks: int) -> int:
    """min(jobs, tasks, cores × WORKERS_PER_CORE), at least 1 (`jobs` 0 means one per core)."""
    cores = os.cpu_count() or 1
    wanted = jobs or cores
    return max(1, min(wanted, tasks, cores * WORKERS_PER_CORE))


def capped_note(jobs: int, tasks: int, what: str) -> str | None:
    """The line saying --jobs was capped, or None when it was not."""
    workers = cap_workers(jobs, tasks)
    if jobs and workers < jobs:
        return (f"using {workers} worker{'s' * (workers != 1)}, not --jobs {jobs}: at most one per {what} "
                f"and {WORKERS_PER_CORE} per core ({os.cpu_count() or 1} cores)")
    return None


def ignore_interrupts() -> None:
    """In a worker process: Ctrl-C is the parent's to handle (it stops the workers)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def worker_pool(jobs: int) -> Pool:
    """A pool of `jobs` spawned workers that ignore Ctrl-C from their very first instruction.

    The workers are started while the parent ignores SIGINT: a process started so keeps
    ignoring it (Python leaves an ignored SIGINT alone), so a Ctrl-C that reaches a worker
    still importing cannot print a traceback. The parent's own handler is back at once.
    """
    from multiprocessing import get_context

    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        return get_context("spawn").Pool(jobs, initializer=ignore_interrupts)
    finally:
        signal.signal(signal.SIGINT, previous)


def bounded_imap(pool: Pool, function: Callable[[TaskT], ResultT], tasks: Iterable[TaskT],
                 ahead: int) -> Iterator[ResultT]:
    """pool.imap, in order, with at most `ahead` tasks taken from `tasks` and not yet returned
    (Pool.imap takes every task at once, which a billion games cannot afford)."""
    pending: deque[AsyncResult[ResultT]] = deque()
    for task in tasks:
        pending.append(pool.apply_async(function, (task,)))
        if len(pending) >= ahead:
            yield pending.popleft().get()
    while pending:
        yield pending.popleft().get()
