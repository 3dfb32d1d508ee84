"""Long runs stop cleanly on Ctrl-C (exit code 130, what was finished kept), a bug has an exit
code of its own (3), and parallel work is streamed and its workers capped (docs/formats.md)."""

from __future__ import annotations

import itertools
import multiprocessing
import os
import re
import signal
import subprocess
import sys
import threading
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def interrupted(args: list[str], ready: str, cwd: Path) -> tuple[int, str, str]:
    """Run the command, send Ctrl-C once `ready` (a pattern) appears on its stderr, and wait for it.

    The child gets the default SIGINT disposition even when this test runs where SIGINT
    is ignored (a background job), as it would from a terminal.
    """
    process = subprocess.Popen(
        [sys.executable, str(ROOT / "cli.py"), *args], cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        start_new_session=True, preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert process.stderr is not None and process.stdout is not None
    seen: list[bytes] = []
    found = threading.Event()

    def watch() -> None:
        assert process.stderr is not None
        while chunk := process.stderr.read1(4096):  # type: ignore[attr-defined]
            seen.append(chunk)
            if re.search(ready.encode(), b"".join(seen)):
                found.set()
        found.set()

    watcher = threading.Thread(target=watch, daemon=True)
    watcher.start()
    try:
        assert found.wait(120), "the command never got going"
        os.killpg(process.pid, signal.SIGINT)
        out = process.stdout.read()
        code = process.wait(60)
        watcher.join(10)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
    return code, out.decode(), b"".join(seen).decode(errors="replace")


def test_ctrl_c_in_a_simulation_keeps_the_games_played_and_exits_130(tmp_path):
    code, out, err = interrupted(["schadenfreude", "simulate", "--games", "1000000000", "--jobs", "2",
                                  "--progress"], r"[1-9][0-9]*/1000000000", tmp_path)
    assert code == 130, err
    assert "Traceback" not in err and err.rstrip().endswith("interrupted")
    played = int(out.split(" games")[0])
    assert 0 <= played < 1_000_000_000 and f"interrupted: {played} of 1000000000 games" in err


def test_ctrl_c_in_generate_count_leaves_only_whole_puzzles(tmp_path):
    folder = tmp_path / "puzzles"
    code, _, err = interrupted(["generate", "--difficulty", "easy", "--count", "1000000000", "-o", str(folder)],
                               r"[1-9][0-9]*/1000000000", tmp_path)
    assert code == 130 and "Traceback" not in err, err
    from solver.solo.puzzle import load_puzzle

    written = sorted(folder.iterdir())
    assert all(path.suffix == ".yaml" for path in written)  # no temporary left behind
    for path in written:
        load_puzzle(path)  # each one whole and valid


def test_a_bug_is_exit_3_with_one_line_and_the_traceback_in_a_file(run, monkeypatch):
    from solver.commands import board

    def broken(*_: object, **__: object) -> None:
        raise ZeroDivisionError("a bug")

    monkeypatch.setattr(board, "load_board_warned", broken)
    code, out, err = run("board")
    assert code == 3 and out == ""
    assert len(err.splitlines()) == 1 and err.startswith("internal error (ZeroDivisionError: a bug); please report")
    report = Path(err.rstrip().split("written to ")[1])
    try:
        assert "Traceback" in report.read_text(encoding="utf-8") and "ZeroDivisionError" in report.read_text()
    finally:
        report.unlink()


def test_generate_caps_its_workers_and_says_so(run, tmp_path):
    code, _, err = run("generate", "--difficulty", "easy", "--count", "2", "--jobs", "1000", "-o", tmp_path)
    assert code == 0, err
    assert "using 2 workers, not --jobs 1000" in err


def test_the_worker_cap():
    from solver.core.workers import WORKERS_PER_CORE, cap_workers

    cores = os.cpu_count() or 1
    assert cap_workers(1000, 2) == 2
    assert cap_workers(1000, 10**9) == cores * WORKERS_PER_CORE
    assert cap_workers(0, 10**9) == cores and cap_workers(3, 0) == 1


def _square(n: int) -> int:
    return n * n


def test_parallel_work_is_streamed_not_built_up_front():
    """An endless task stream: results come in order while only a few tasks are taken ahead."""
    from solver.core.workers import bounded_imap

    taken = itertools.count()
    tasks = (next(taken) for _ in itertools.count())
    with multiprocessing.get_context("spawn").Pool(2) as pool:
        first = list(itertools.islice(bounded_imap(pool, _square, tasks, 4), 6))
    assert first == [n * n for n in range(6)]
    assert next(taken) <= 6 + 4


def test_a_billion_puzzles_or_games_cost_nothing_up_front():
    from solver.cardgames.simulate import simulate
    from solver.solo.bulk import generate_many
    from solver.solo.generate import Options

    results = generate_many(range(1, 10**12), Options(difficulty="easy"), jobs=1)
    assert next(results).seed == 1

    class Stop(Exception):
        pass

    calls = itertools.count()

    def bots(seed: int) -> list[object]:
        if next(calls) > 3:
            raise Stop
        from solver.cardgames.schadenfreude.bots import bots_factory

        return list(bots_factory(["random"] * 4)(seed))

    from solver.cardgames.schadenfreude.game import SchadenfreudeGame

    with pytest.raises(Stop):  # the first games are played: nothing was built for the other 10**12
        simulate(SchadenfreudeGame(4), bots, 10**12, chunk=2)
