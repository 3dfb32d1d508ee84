"""The explanations and hints stay what they were: every bundled puzzle's explanation document and
the hint documents of grids part-way through it (tests/solo/explain_samples.py), equal to the ones
recorded before the ladder was made fast (tests/solo/golden/explain.json.gz, tests/solo/record_golden.py);
and the grader's explanations with the ladder cut at each level (tests/solo/golden/grading.json.gz)."""

from __future__ import annotations

import gzip
import json

import pytest

from tests.solo.record_golden import GOLDEN, GRADING, documents, grading_documents


@pytest.fixture(scope="module")
def now():
    return documents()


@pytest.fixture(scope="module")
def recorded():
    return json.loads(gzip.decompress(GOLDEN.read_bytes()))


def test_every_bundled_puzzle_and_sample_grid_is_recorded(now, recorded):
    assert sorted(now) == sorted(recorded)
    for name in now:
        assert [h["grid"] for h in now[name]["hints"]] == [h["grid"] for h in recorded[name]["hints"]], name


def test_the_explanations_are_unchanged(now, recorded):
    for name in recorded:
        assert json.loads(json.dumps(now[name]["explanation"])) == recorded[name]["explanation"], name


def test_the_hints_are_unchanged(now, recorded):
    for name in recorded:
        for got, want in zip(now[name]["hints"], recorded[name]["hints"], strict=True):
            assert json.loads(json.dumps(got)) == want, (name, want["grid"])


def test_the_grading_is_unchanged():
    recorded = json.loads(gzip.decompress(GRADING.read_bytes()))
    now = json.loads(json.dumps(grading_documents()))
    assert sorted(now) == sorted(recorded)
    for name in recorded:
        assert now[name] == recorded[name], name
