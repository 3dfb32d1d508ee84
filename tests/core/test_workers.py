"""Worker pools and Ray: results as they finish, a bounded look-ahead, a task's error raised in the parent."""

from __future__ import annotations

import itertools
import sys
import time
import types
from pathlib import Path

import pytest

from solver.core.errors import BadInput
from solver.core.workers import bounded_imap_unordered, ray_imap, worker_pool

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


def _doubled(number: int) -> int:
    return 2 * number


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


@pytest.fixture(scope="module")
def local_ray():
    """One local Ray for this module's tests (ray_imap uses a Ray already started as it is)."""
    ray = pytest.importorskip("ray")
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield ray
    ray.shutdown()


def test_on_ray_results_come_in_order_or_as_they_finish(local_ray, tmp_path):
    assert list(ray_imap(_doubled, range(9), 2, ordered=True)) == [2 * n for n in range(9)]
    gate = tmp_path / "gate"
    seen = []
    for result in ray_imap(_held_until, ((number, str(gate)) for number in range(6)), 2):
        seen.append(result)
        if len(seen) == 3:
            gate.touch()
    assert 0 not in seen[:3] and sorted(seen) == list(range(6))


def test_on_ray_only_a_few_tasks_are_taken_ahead(local_ray):
    taken = itertools.count()
    tasks = (next(taken) for _ in itertools.count())
    first = list(itertools.islice(ray_imap(_doubled, tasks, 2, ordered=True), 6))
    assert first == [0, 2, 4, 6, 8, 10] and next(taken) <= 6 + 4
    assert local_ray.is_initialized()  # a Ray started before is left running


def test_without_ray_the_ray_backend_is_bad_input(monkeypatch):
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray then fails
    with pytest.raises(BadInput, match="needs Ray"):
        next(ray_imap(_doubled, range(3), 1))


def test_a_ray_cluster_out_of_reach_is_bad_input(monkeypatch):
    def init(**_: object) -> None:
        raise ConnectionError("could not find any running Ray instance")

    fake = types.SimpleNamespace(is_initialized=lambda: False, init=init)
    monkeypatch.setitem(sys.modules, "ray", fake)
    with pytest.raises(BadInput, match="cannot reach the Ray cluster at 10\\.0\\.0\\.1:6379"):
        next(ray_imap(_doubled, range(3), 1, address="10.0.0.1:6379"))
