"""Benchmark: bulk generation (`generate --count N --jobs 2`) against what two cores really give.

    python bench/bench_bulk.py [--count 60] [--difficulty medium] [--rounds 3] [--counts 6,20]
                               [--no-ray]

The machine may be shared, so the baseline is measured in the same run, next to each figure:

- capacity: the speed-up two independent single-process runs get when run at the same time
  instead of one after the other (each does half the seeds with `--jobs 1`): what two busy
  processes really get from the machine right now (2.0 on two idle cores);
- speed-up: time with `--jobs 1` over time with `--jobs 2`, for all the seeds;
- efficiency: speed-up / capacity. Goal: at least 90 %.

Measured end to end through the command line (cold processes, as a user runs it: interpreter
start, imports, workers, files written) and in-process (`generate_many` in a warm process; the
capacity from two warm helper processes). Each round measures all five timings back to back;
the table shows every round and the median. Then how efficiency depends on the count (the
last puzzle finishing alone, and the workers' start, weigh more on a small count), and Ray's
fixed cost per call against the local pool, with the break-even count.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from multiprocessing.connection import Connection
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from solver.solo.bulk import generate_many  # noqa: E402
from solver.solo.generate import Options  # noqa: E402

GOAL = 0.90

Runner = Callable[[int, int, int], float]  # (first seed, count, jobs) -> seconds


def _children() -> set[int]:
    """This process's children (Linux), or an empty set where that cannot be read."""
    try:
        return {int(pid) for pid in Path(f"/proc/self/task/{os.getpid()}/children").read_text().split()}
    except OSError:
        return set()


def _become_subreaper() -> bool:
    """Let this process adopt the orphans of the commands it runs (Linux), so that their CPU time
    counts in its children's: a command's fork server outlives the command by a moment."""
    try:
        import ctypes

        return ctypes.CDLL(None, use_errno=True).prctl(36, 1, 0, 0, 0) == 0  # PR_SET_CHILD_SUBREAPER
    except (OSError, AttributeError):
        return False


class CommandRunner:
    """Seconds for `schinderhannes generate --count ... --jobs ...` in a fresh process; the CPU
    seconds of all its processes (its own, its fork server's and its workers') kept by jobs."""

    def __init__(self, difficulty: str, folder: Path) -> None:
        self.difficulty, self.folder = difficulty, folder
        self.counts_cpu = _become_subreaper() and Path(f"/proc/self/task/{os.getpid()}/children").exists()
        self.cpu: dict[tuple[int, int], list[float]] = {}  # (count, jobs) -> CPU seconds of each run

    def command(self, seed: int, count: int, jobs: int) -> list[str]:
        return [sys.executable, str(ROOT / "cli.py"), "generate", "--difficulty", self.difficulty, "--seed", str(seed),
                "--count", str(count), "--jobs", str(jobs), "-o", str(self.folder / f"{seed}-{count}-{jobs}"),
                "--force"]

    def __call__(self, seed: int, count: int, jobs: int) -> float:
        before, children_before = _cpu_of_children(), _children()
        start = time.perf_counter()
        subprocess.run(self.command(seed, count, jobs), check=True, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL, env={**os.environ, "PYTHONPATH": str(ROOT)})
        seconds = time.perf_counter() - start
        for orphan in _children() - children_before:  # the command's fork server, resource tracker
            os.waitpid(orphan, 0)
        self.cpu.setdefault((count, jobs), []).append(_cpu_of_children() - before)
        return seconds


def _cpu_of_children() -> float:
    import resource

    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _drain(seed: int, count: int, jobs: int, difficulty: str, backend: str = "local") -> float:
    start = time.perf_counter()
    for result in generate_many(range(seed, seed + count), Options(difficulty), jobs, backend):
        assert result.puzzle is not None, result.error
    return time.perf_counter() - start


def _helper(connection: Connection, difficulty: str) -> None:
    """A warm single-process generator: runs (seed, count) on request, answers the seconds taken."""
    _drain(1, 1, 1, difficulty)
    connection.send(0.0)
    while (request := connection.recv()) is not None:
        connection.send(_drain(*request, 1, difficulty))


class Helpers:
    """Two warm processes, for the in-process capacity (spawned: they share nothing with this one)."""

    def __init__(self, difficulty: str) -> None:
        context = multiprocessing.get_context("spawn")
        self.ends: list[Connection] = []
        self.processes = []
        for _ in range(2):
            mine, theirs = context.Pipe()
            process = context.Process(target=_helper, args=(theirs, difficulty), daemon=True)
            process.start()
            self.ends.append(mine)
            self.processes.append(process)
        for end in self.ends:
            end.recv()

    def run(self, which: list[int], requests: list[tuple[int, int]]) -> float:
        """Wall seconds for the helpers `which` to run their requests at the same time."""
        start = time.perf_counter()
        for index, request in zip(which, requests, strict=True):
            self.ends[index].send(request)
        for index in which:
            self.ends[index].recv()
        return time.perf_counter() - start

    def close(self) -> None:
        for end in self.ends:
            end.send(None)
        for process in self.processes:
            process.join(10)


def one_round(full: Runner, half: Runner, together: Callable[[tuple[int, int], tuple[int, int]], float],
              count: int, backwards: bool = False) -> dict[str, float]:
    """The five timings of a round, and capacity, speed-up and efficiency from them. Every other
    round takes them in the opposite order, so that a load drifting up or down evens out."""
    first, second = (1, count // 2), (1 + count // 2, count - count // 2)
    steps: list[tuple[str, Callable[[], float]]] = [
        ("jobs 1", lambda: full(1, count, 1)), ("jobs 2", lambda: full(1, count, 2)),
        ("A alone", lambda: half(*first, 1)), ("B alone", lambda: half(*second, 1)),
        ("A | B", lambda: together(first, second))]
    times = {name: step() for name, step in (reversed(steps) if backwards else steps)}
    return with_ratios(times)


def with_ratios(times: dict[str, float]) -> dict[str, float]:
    capacity = (times["A alone"] + times["B alone"]) / times["A | B"]
    speedup = times["jobs 1"] / times["jobs 2"]
    return {**times, "capacity": capacity, "speed-up": speedup, "efficiency": speedup / capacity}


COLUMNS = ("jobs 1", "jobs 2", "A alone", "B alone", "A | B", "capacity", "speed-up", "efficiency")


def table(title: str, rounds: list[dict[str, float]]) -> dict[str, float]:
    """Every round, the median of each column, and the ratios of the best (least disturbed) times."""
    print(f"\n{title}")
    print(f"{'':<8}" + "".join(f"{name:>11}" for name in COLUMNS))
    median = {name: statistics.median(row[name] for row in rounds) for name in COLUMNS}
    best = with_ratios({name: min(row[name] for row in rounds) for name in COLUMNS[:5]})
    rows = [*((f"round {i + 1}", row) for i, row in enumerate(rounds)), ("median", median), ("best", best)]
    for label, row in rows:
        cells = [f"{row[name]:>10.2f}s" for name in COLUMNS[:5]]
        cells += [f"{row['capacity']:>10.2f}x", f"{row['speed-up']:>10.2f}x", f"{100 * row['efficiency']:>10.0f}%"]
        print(f"{label:<8}" + " ".join(cells))
    print(f"goal: efficiency >= {100 * GOAL:.0f}% at --jobs 2 -> median of the rounds {100 * median['efficiency']:.0f}%"
          f" ({'met' if median['efficiency'] >= GOAL else 'NOT met'}), from the best times "
          f"{100 * best['efficiency']:.0f}% ({'met' if best['efficiency'] >= GOAL else 'NOT met'})", flush=True)
    return median


def cli_together(run: CommandRunner) -> Callable[[tuple[int, int], tuple[int, int]], float]:
    def together(first: tuple[int, int], second: tuple[int, int]) -> float:
        commands = [run.command(seed, count, 1) for seed, count in (first, second)]
        start = time.perf_counter()
        processes = [subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                      env={**os.environ, "PYTHONPATH": str(ROOT)}) for command in commands]
        for process in processes:
            if process.wait() != 0:
                raise SystemExit(f"{process.args} failed")
        return time.perf_counter() - start

    return together


def ray_figures(difficulty: str, counts: tuple[int, int], one_core: float, repeats: int = 3) -> None:
    """Ray's fixed cost per call (its start, its workers' imports, its shutdown) against the local
    pool on the same 2 workers, and the count from which a cluster's extra cores make up for it.

    `one_core`: seconds per puzzle on one core (from the in-process table)."""
    try:
        import ray  # noqa: F401
    except ImportError:
        print("\nRay: not installed (pip install 'schinderhannes[ray]'); not measured")
        return
    start = time.perf_counter()
    subprocess.run([sys.executable, "-c", "import ray"], check=True)
    ray_import = time.perf_counter() - start
    times: dict[tuple[str, int], list[float]] = {}
    for _ in range(repeats):
        for count in counts:
            for backend in ("local", "ray"):  # side by side: the load drifts
                times.setdefault((backend, count), []).append(_drain(1, count, 2, difficulty, backend))
    print(f"\nRay against the local pool, in-process, 2 workers, {difficulty}; median of {repeats} runs each")
    print(f"{'puzzles':>8}{'local':>9}{'ray':>9}{'ray - local':>13}")
    extras = []
    for count in counts:
        local, on_ray = (statistics.median(times[backend, count]) for backend in ("local", "ray"))
        extras.append(on_ray - local)
        print(f"{count:>8}{local:>8.2f}s{on_ray:>8.2f}s{on_ray - local:>12.2f}s")
    fixed = extras[0]
    print(f"Ray's fixed cost per call F: {fixed:.2f}s more than the local pool on the smaller count (on the larger: "
          f"{extras[-1]:+.2f}s; part of Ray's start is waiting, which overlaps other work on a busy machine), "
          f"+ {ray_import:.2f}s to import ray on the command line")
    print(f"On this machine Ray runs on the same 2 cores, so it only adds F; on a cluster of K cores "
          f"(as fast as these, {one_core:.2f}s per puzzle on one) against the 2 here, Ray pays off from "
          f"F / ({one_core:.2f}/2 - {one_core:.2f}/K) puzzles (F with the import, as a command):")
    for cores in (4, 8, 32, 128):
        gain = one_core / 2 - one_core / cores
        print(f"  K = {cores:>3}: from ~{(fixed + ray_import) / gain:.0f} puzzles "
              f"({(fixed + ray_import) / gain * one_core / 2:.0f} s of local work)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=60, help="puzzles per run (enough for several seconds)")
    parser.add_argument("--difficulty", default="medium")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--counts", default="6,20", help="smaller counts: how efficiency depends on the count")
    parser.add_argument("--no-ray", action="store_true", help="skip Ray (5-6 s per call)")
    args = parser.parse_args()
    print(f"{args.count} {args.difficulty} puzzles per run, {os.cpu_count()} cores; A and B: the two halves of "
          f"the seeds, each a --jobs 1 run; capacity = (A alone + B alone) / (A | B, at the same time)")
    with tempfile.TemporaryDirectory() as temporary:
        folder = Path(temporary)
        run = CommandRunner(args.difficulty, folder)
        together = cli_together(run)
        outside_main = table("command line (cold processes, files written)",
                             [one_round(run, run, together, args.count, i % 2 == 1) for i in range(args.rounds)])
        if run.counts_cpu:
            one, two = (statistics.median(run.cpu[args.count, jobs]) for jobs in (1, 2))
            print(f"CPU seconds of all the processes (unlike wall time, hardly moved by the load): --jobs 1 "
                  f"{one:.2f}s, --jobs 2 {two:.2f}s: {100 * (two / one - 1):+.1f}% for the second worker; "
                  f"efficiency from them {100 * one / two:.0f}% (what the efficiency above tends to on a saturated "
                  f"machine; on idle cores, less the last puzzle finishing alone)")
        helpers = Helpers(args.difficulty)
        try:
            def inprocess(seed: int, count: int, jobs: int) -> float:
                return _drain(seed, count, jobs, args.difficulty)

            def alone(seed: int, count: int, jobs: int) -> float:  # half runs: in a warm helper like A | B
                return helpers.run([0], [(seed, count)])

            def helpers_together(first: tuple[int, int], second: tuple[int, int]) -> float:
                return helpers.run([0, 1], [first, second])

            inprocess(1, 2, 2)  # the fork server starts once per process: leave it out of the rounds
            inside_main = table("in-process (generate_many, warm; the pool started per call)",
                                [one_round(inprocess, alone, helpers_together, args.count, i % 2 == 1)
                                 for i in range(args.rounds)])
            print("\nefficiency by count (median of the rounds; the pool's start and the last puzzle weigh more "
                  "on a small count)")
            print(f"{'count':>6}{'in-process':>12}{'command line':>14}")
            for count in [int(text) for text in args.counts.split(",") if text.strip()]:
                inside = statistics.median(
                    one_round(inprocess, alone, helpers_together, count, i % 2 == 1)["efficiency"]
                    for i in range(args.rounds))
                outside = statistics.median(one_round(run, run, together, count, i % 2 == 1)["efficiency"]
                                            for i in range(args.rounds))
                print(f"{count:>6}{100 * inside:>11.0f}%{100 * outside:>13.0f}%", flush=True)
            print(f"{args.count:>6}{100 * inside_main['efficiency']:>11.0f}%"
                  f"{100 * outside_main['efficiency']:>13.0f}%   (the tables above)")
        finally:
            helpers.close()
    if not args.no_ray:
        ray_figures(args.difficulty, (4, args.count), inside_main["jobs 1"] / args.count)


if __name__ == "__main__":
    main()
