"""What `pip install .` puts into site-packages: the `solver` package and nothing generic."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> zipfile.ZipFile:
    pytest.importorskip("hatchling")
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation",
                    "-w", str(out), str(ROOT)], check=True, capture_output=True)
    (path,) = out.glob("*.whl")
    return zipfile.ZipFile(path)


def test_the_wheel_installs_only_the_solver_package(wheel: zipfile.ZipFile) -> None:
    top_level = {name.split("/")[0] for name in wheel.namelist()}
    assert {name for name in top_level if not name.endswith(".dist-info")} == {"solver"}


def test_the_wheel_carries_the_bundled_data_and_puzzles(wheel: zipfile.ZipFile) -> None:
    names = wheel.namelist()
    assert "solver/_data/deck.yaml" in names
    assert "solver/_puzzles/box-4.yaml" in names


def test_the_console_script_points_into_the_package(wheel: zipfile.ZipFile) -> None:
    (entry_points,) = [name for name in wheel.namelist() if name.endswith("entry_points.txt")]
    assert "schinderhannes = solver.cli:main" in wheel.read(entry_points).decode()


def test_a_bundled_puzzle_is_found_by_name_outside_the_clone(wheel: zipfile.ZipFile, tmp_path: Path) -> None:
    installed, elsewhere = tmp_path / "site", tmp_path / "elsewhere"
    wheel.extractall(installed)
    elsewhere.mkdir()
    import os

    env = {**os.environ, "PYTHONPATH": str(installed)}
    done = subprocess.run([sys.executable, "-m", "solver.cli", "solve", "box-4"], cwd=elsewhere, env=env,
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert "unique" in done.stdout.lower() or "solution" in done.stdout.lower()
    listing = subprocess.run([sys.executable, "-c", "import solver.core.paths as p; print(p.PUZZLES_DIR)"],
                             cwd=elsewhere, env=env, capture_output=True, text=True)
    assert Path(listing.stdout.strip()) == installed / "solver" / "_puzzles"
