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
