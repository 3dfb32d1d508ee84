"""Worker processes for parallel runs: how many (never more than a run can use), started lean
(importing only what their tasks use), fed a few tasks at a time, and quiet on Ctrl-C; or Ray's
workers, fed the same way."""

from __future__ import annotations

import itertools
import multiprocessing
import os
import queue
import signal
import sys
import types
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, TypeVar

from solver.core.errors import BadInput

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


def ignore_interrupts() -> None:
    """In a worker process: Ctrl-C is the parent's to handle (it stops the workers)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _context(preload: Sequence[str]) -> multiprocessing.context.BaseContext:
    """A forkserver where there is one (Linux, macOS) and `preload` names modules, else spawn."""
    if preload and "forkserver" in multiprocessing.get_all_start_methods():
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(list(preload))
        return context
    return multiprocessing.get_context("spawn")


@contextmanager
def _parent_main_left_out() -> Iterator[None]:
    """Processes started inside do not re-run the parent's main module.

    A started process runs the parent's `__main__` again (the command line: click, every
    command) in case a task names something defined there. Tasks here are functions of
    `solver` modules, so the workers are started as from an interactive session, whose
    main module has no file to run: nothing but what the tasks use is imported.
    """
    main = sys.modules["__main__"]
    sys.modules["__main__"] = types.ModuleType("__main__")
    try:
        yield
    finally:
        sys.modules["__main__"] = main


@contextmanager
def _interrupts_ignored() -> Iterator[None]:
    """A process started inside ignores SIGINT from its very first instruction: a process started
    so keeps ignoring it (Python leaves an ignored SIGINT alone), so a Ctrl-C that reaches a
    worker still importing cannot print a traceback. The parent's own handler is back at once."""
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


def start_early(preload: Sequence[str]) -> None:
    """Start the fork server that `worker_pool(jobs, preload)` will use, so that it imports
    `preload` while this process goes on with its own imports (it does not wait)."""
    if preload and "forkserver" in multiprocessing.get_all_start_methods():
        from multiprocessing import forkserver

        _context(preload)
        with _interrupts_ignored(), _parent_main_left_out():
            forkserver.ensure_running()


def worker_pool(jobs: int, preload: Sequence[str] = ()) -> Pool:
    """A pool of `jobs` workers that ignore Ctrl-C from their very first instruction.

    With `preload` (modules, e.g. the one defining the task function), the workers are forked
    from a fork server that imported those modules once: each worker starts in milliseconds
    with nothing else imported. The server is a fresh interpreter, not a fork of this process,
    and it only imports: no solver thread (CP-SAT starts its threads when it solves) runs when
    a worker is forked, whatever this process runs (NumPy's BLAS, which starts a thread at
    import, stops it around a fork itself). Without `preload`, or where there is no fork server
    (Windows), each worker is a fresh interpreter importing what its tasks need. The parent's
    main module (the command line) is never re-run in a worker.
    """
    context = _context(preload)
    with _interrupts_ignored(), _parent_main_left_out():
        return context.Pool(jobs, initializer=ignore_interrupts)


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


def bounded_imap_unordered(pool: Pool, function: Callable[[TaskT], ResultT], tasks: Iterable[TaskT],
                           ahead: int) -> Iterator[ResultT]:
    """Like `bounded_imap`, but each result as soon as it is ready: a slow task holds up no other
    result, and a worker never waits for one to be returned before it takes the next task."""
    ready: queue.SimpleQueue[int] = queue.SimpleQueue()
    pending: dict[int, AsyncResult[ResultT]] = {}

    def submit(index: int, task: TaskT) -> None:
        def done(_: object) -> None:
            ready.put(index)

        pending[index] = pool.apply_async(function, (task,), callback=done, error_callback=done)

    for index, task in enumerate(tasks):
        submit(index, task)
        if len(pending) >= ahead:
            yield pending.pop(ready.get()).get()
    while pending:
        yield pending.pop(ready.get()).get()


def ray_imap(function: Callable[[TaskT], ResultT], tasks: Iterable[TaskT], jobs: int,
             address: str | None = None, ordered: bool = False) -> Iterator[ResultT]:
    """`function` over `tasks` on Ray: on the cluster at `address`, or on a Ray started here with
    `jobs` CPUs and shut down at the end (a Ray already started is used as it is). At most
    2 × `jobs` tasks are out at a time; the results come in order, or (`ordered=False`) each as
    soon as it is ready."""
    ray = _ray()
    started_here = not ray.is_initialized()
    if started_here:
        _start_ray(ray, jobs, address)
    try:
        remote = ray.remote(function)
        left = iter(tasks)
        pending = [remote.remote(task) for task in itertools.islice(left, 2 * max(jobs, 1))]
        while pending:
            if ordered:
                done, pending = pending[:1], pending[1:]
            else:
                done, pending = ray.wait(pending, num_returns=1)
            pending.extend(remote.remote(task) for task in itertools.islice(left, 1))
            yield ray.get(done[0])
    finally:
        if started_here:
            ray.shutdown()


def _ray() -> Any:
    try:
        import ray
    except ImportError:
        raise BadInput("the Ray backend needs Ray: pip install 'schinderhannes[ray]'") from None
    return ray


def _start_ray(ray: Any, jobs: int, address: str | None) -> None:
    if not address:
        ray.init(num_cpus=max(jobs, 1), include_dashboard=False, log_to_driver=False)
        return
    try:
        ray.init(address=address, log_to_driver=False)
    except ConnectionError as error:
        raise BadInput(f"cannot reach the Ray cluster at {address} ({error}); check the address") from None


def imported_modules(_: object = None) -> list[str]:
    """The modules this process has imported (a task that shows what a worker loads)."""
    return sorted(sys.modules)
