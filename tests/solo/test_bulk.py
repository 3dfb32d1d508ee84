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
