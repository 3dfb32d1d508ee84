"""Worker pools: results as they finish, a bounded look-ahead, a task's error raised in the parent."""

from __future__ import annotations

import itertools
import time
from pathlib import Path

import pytest

from solver.core.workers import bounded_imap_unordered, worker_pool

POOL_MODULES = (__name__,)


def _held_until(task: tuple[int, str]) -> int:
    """Task 0 waits until the file `gate` exists (at most a minute); the others return at once."""
    number, gate = task
    if number == 0:
        for _ in range(600):
            if Path(gate).exists():
                break
            time.sleep(0.1)
    return number


def _fails_on_three(number: int) -> int:
    if number == 3:
        raise ValueError("task 3 failed")
    return number


def test_a_slow_task_holds_up_no_other_result(tmp_path):
    gate = tmp_path / "gate"
    tasks = ((number, str(gate)) for number in range(8))
    seen = []
    with worker_pool(2, POOL_MODULES) as pool:
        for result in bounded_imap_unordered(pool, _held_until, tasks, 4):
            seen.append(result)
            if len(seen) == 3:
                gate.touch()  # task 0 finishes only now: the first three came without it
    assert 0 not in seen[:3] and sorted(seen) == list(range(8))


def test_only_a_few_tasks_are_taken_ahead():
    taken = itertools.count()
    tasks = (next(taken) for _ in itertools.count())
    with worker_pool(2, POOL_MODULES) as pool:
        first = list(itertools.islice(bounded_imap_unordered(pool, abs, tasks, 4), 6))
    assert len(set(first)) == 6
    assert next(taken) <= 6 + 4


def test_a_task_error_is_raised_in_the_parent():
    with worker_pool(2) as pool, pytest.raises(ValueError, match="task 3 failed"):
        list(bounded_imap_unordered(pool, _fails_on_three, range(6), 4))
