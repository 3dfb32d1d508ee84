import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from solver.solo.bulk import generate_many, generate_one
from solver.solo.generate import Options


def _by_seed(results):
    return {result.seed: result.puzzle.to_yaml() for result in results}


def test_processes_give_the_same_puzzles_as_one_process():
    options = Options("easy")
    alone = _by_seed(generate_many([1, 2], options, jobs=1))
    shared = _by_seed(generate_many([1, 2], options, jobs=2))
    assert alone == shared and len(alone) == 2


def test_a_failed_seed_is_reported_not_raised():
    result = generate_one(1, Options("easy", max_tries=1, min_cards=60))
    assert result.puzzle is None and "no easy puzzle" in result.error


def test_ray_backend_on_local_ray_matches_local():
    pytest.importorskip("ray")
    options = Options("easy")
    on_ray = _by_seed(generate_many([3, 4], options, jobs=2, backend="ray"))
    assert on_ray == _by_seed(generate_many([3, 4], options, jobs=1))


def test_generate_count_writes_files_with_progress(run, tmp_path):
    result = run("generate", "--seed", "1", "--count", "2", "--difficulty", "easy", "-o", str(tmp_path))
    assert result.exit_code == 0
    assert sorted(p.name for p in tmp_path.glob("*.yaml")) == ["easy-1.yaml", "easy-2.yaml"]


def test_results_come_as_they_finish_and_are_the_same_set():
    options = Options("easy")
    results = list(generate_many(range(5, 11), options, jobs=2))
    assert sorted(result.seed for result in results) == list(range(5, 11))
    assert _by_seed(results) == _by_seed(generate_many(range(5, 11), options, jobs=1))


ROOT = Path(__file__).resolve().parents[2]
UNWANTED = ("click", "starlette", "uvicorn", "textual", "matplotlib", "solver.cli", "solver.commands",
            "solver.cardgames", "solver.web", "solver.table")


def _run_as_main(tmp_path: Path, source: str, *args: str) -> str:
    """Run `source` as a script file (the way the command line is run: its own main module)."""
    script = tmp_path / "main_script.py"
    script.write_text(textwrap.dedent(source), encoding="utf-8")
    done = subprocess.run([sys.executable, str(script), *args], capture_output=True, text=True, timeout=300,
                          env={**os.environ, "PYTHONPATH": str(ROOT)}, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    return done.stdout


@pytest.mark.parametrize("preload", ["generator", "none"])
def test_a_worker_imports_only_what_generation_uses(tmp_path, preload):
    """Not the command line that started it (its main module), nor anything else of the parent's."""
    out = _run_as_main(tmp_path, """
        import json
        import sys

        import solver.cli  # the command line's main module, click and all, is loaded in the parent
        from solver.core.workers import imported_modules, worker_pool
        from solver.solo.bulk import WORKER_MODULES

        if __name__ == "__main__":
            with worker_pool(1, WORKER_MODULES if sys.argv[1] == "generator" else ()) as pool:
                print(json.dumps([pool.apply(imported_modules), sorted(sys.modules)]))
        """, preload)
    worker, parent = json.loads(out)
    assert "click" in parent and "solver.cli" in parent
    assert ("solver.solo.generate" in worker) == (preload == "generator")
    assert not [name for name in worker if name.startswith(UNWANTED)]


def test_generate_count_with_jobs_does_not_load_the_solver_in_the_command(tmp_path):
    """The command writes what its workers found: OR-Tools, NetworkX and the generator stay in them."""
    out = _run_as_main(tmp_path, """
        import json
        import sys

        from solver.cli import main

        if __name__ == "__main__":
            try:
                main()
            finally:
                print(json.dumps(sorted(sys.modules)))
        """, "generate", "--difficulty", "easy", "--count", "3", "--jobs", "2", "-o", str(tmp_path / "out"))
    parent = json.loads(out.splitlines()[-1])
    assert not [name for name in parent if name.startswith(("ortools", "networkx", "solver.solo.generate"))]
    assert sorted(path.name for path in (tmp_path / "out").iterdir()) == ["easy-1.yaml", "easy-2.yaml", "easy-3.yaml"]


def test_ctrl_c_with_workers_leaves_only_whole_puzzles(tmp_path):
    from tests.commands.test_interrupts import interrupted

    folder = tmp_path / "puzzles"
    code, _, err = interrupted(["generate", "--difficulty", "easy", "--count", "1000000000", "--jobs", "2",
                                "-o", str(folder)], r"[1-9][0-9]*/1000000000", tmp_path)
    assert code == 130 and "Traceback" not in err, err
    from solver.solo.puzzle import load_puzzle

    written = sorted(folder.iterdir())
    assert written and all(path.suffix == ".yaml" for path in written)
    for path in written:
        load_puzzle(path)
