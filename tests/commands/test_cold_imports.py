"""Commands that need no search start without OR-Tools (and the solver's paths without NetworkX).

Each command runs in a fresh interpreter, which then lists the heavy packages it loaded."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from solver.table.state import new_game

ROOT = Path(__file__).resolve().parents[2]
PROBE = """
import json, runpy, sys
sys.argv = ["schinderhannes", *sys.argv[1:]]
try:
    runpy.run_module("solver.cli", run_name="__main__")
except SystemExit:
    pass
sys.stdout.flush()
print(json.dumps(sorted({name.split(".")[0] for name in sys.modules})), file=sys.stderr)
"""


def loaded(*args: str) -> set[str]:
    """The top-level packages `schinderhannes ARGS...` imports, run in a fresh interpreter."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", PROBE, *args], capture_output=True, text=True, env=env,
                          cwd=ROOT, timeout=120, check=False)
    return set(json.loads(done.stderr.strip().splitlines()[-1]))


@pytest.fixture(scope="module")
def state_file(tmp_path_factory) -> str:
    path = tmp_path_factory.mktemp("cold") / "game.yaml"
    new_game(["Anna", "Ben"]).save(path)
    return str(path)


@pytest.mark.parametrize("args", [
    ("count", "box-4"), ("hint", "box-3"), ("hint", "box-4", "--known", "Kirn=murder", "--known", "Boos=arrest"),
    ("describe", "box-4"), ("solve", "expert-3"),
], ids=" ".join)
def test_commands_that_need_no_search_load_no_or_tools(args):
    modules = loaded(*args)
    assert "ortools" not in modules and "pandas" not in modules
    assert "solver" in modules  # the probe did run the command


def test_check_and_count_on_a_game_state_load_no_or_tools(state_file):
    assert "ortools" not in loaded("check", state_file, "11")
    assert "ortools" not in loaded("count", state_file)


def test_solving_a_bundled_puzzle_loads_neither_networkx_nor_numpy():
    modules = loaded("solve", "box-4")
    assert not modules & {"ortools", "networkx", "numpy"}


def test_help_loads_no_solver_library():
    assert not loaded("--help") & {"ortools", "networkx", "numpy", "yaml"}
