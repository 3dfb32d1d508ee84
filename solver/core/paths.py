"""Where the bundled data lives, in a source checkout and in an installed wheel."""

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parents[1]  # the solver package


def _bundled(installed: str, source: str) -> Path:
    wheel_dir = _PACKAGE / installed
    return wheel_dir if wheel_dir.is_dir() else _PACKAGE.parent / source


DATA_DIR = _bundled("_data", "data")
PUZZLES_DIR = _bundled("_puzzles", "puzzles")


def data_file(name: str) -> Path:
    return DATA_DIR / name
