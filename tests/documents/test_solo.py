"""One document per question, for the solo puzzles: `solve`, `solve --explain`, `hint` and `odds`
print with `--json` exactly what the served routes under /api/puzzles/NAME/ answer."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

pytest.importorskip("httpx")

from starlette.testclient import TestClient

from solver.solo.puzzle import bundled_puzzles
from solver.web.app import TableConfig
from tests.conftest import CliResult
from tests.web.conftest import local_client

PUZZLES = ["tutorial-1", "box-1", "box-3", "easy-1"]
Run = Callable[..., CliResult]


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    folder: Path = tmp_path_factory.mktemp("solo")
    with local_client(TableConfig(state_path=None, folder=folder)) as test_client:
        yield test_client


def test_the_swept_puzzles_are_bundled() -> None:
    assert set(PUZZLES) <= set(bundled_puzzles())


@pytest.mark.parametrize("name", PUZZLES)
def test_solve_explain_and_odds_answer_alike(run: Run, client: TestClient, name: str) -> None:
    solved = json.loads(run("solve", name, "--explain", "--json")[1])
    explanation = solved.pop("explanation")
    assert solved == client.get(f"/api/puzzles/{name}/solve").json()
    assert explanation == client.get(f"/api/puzzles/{name}/explain").json()
    assert json.loads(run("odds", name, "--json")[1]) == client.get(f"/api/puzzles/{name}/odds").json()


@pytest.mark.parametrize("name", PUZZLES)
def test_a_hint_from_what_is_known_answers_alike(run: Run, client: TestClient, name: str) -> None:
    solution = client.get(f"/api/puzzles/{name}/solution").json()["solution"]
    for known in ([], solution[:3], solution[5:6]):
        flags = [f"--known={cell['location']}={cell['delict']}" for cell in known]
        code, out, _ = run("hint", name, *flags, "--json")
        served = client.post(f"/api/puzzles/{name}/hint", json={"grid": {"placed": known, "crossed": []}}).json()
        if code == 0:
            hinted = json.loads(out)
            assert hinted.pop("step") == 1
            assert hinted == served
        else:
            assert served["status"] in ("solved", "stuck")
