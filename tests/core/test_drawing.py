"""Board pictures: every location labelled as text, bridges dashed, files by extension."""

from __future__ import annotations

import re
from html import unescape

import pytest

from solver.core import names
from solver.core.drawing import board_svg, draw_board


def _texts(svg: str) -> str:
    return unescape(" ".join(re.findall(r">([^<>]+)<", svg)))


def test_the_svg_labels_every_location_and_district_as_text(board):
    svg = board_svg(board)
    assert svg.startswith("<svg")
    texts = _texts(svg)
    for location in names.LOCATIONS:
        assert location in texts
    for district in ("NW", "NE", "SW", "SE"):
        assert district in texts
    assert "bridge across a river" in texts


def test_markings_stand_under_their_locations(board):
    texts = _texts(board_svg(board, {"Kirn": "murder", "Boos": "arrest"}))
    assert "murder" in texts and "arrest" in texts


def _reconstructed(board, bridge: bool) -> int:
    return sum(1 for a, b, p in board.graph.edges(data="provenance")
               if p == "reconstructed" and bool(board.graph.edges[a, b].get("bridge")) == bridge)


def test_bridges_are_drawn_dashed_the_hollow_ones_too(board):
    """One dashed stroke per bridge, a second (the white core, dashed alike) per reconstructed
    bridge, and one more for the legend's sample."""
    dashed = len(board.bridges()) + _reconstructed(board, bridge=True) + 1
    assert board_svg(board).count("stroke-dasharray") == dashed


@pytest.mark.parametrize(("suffix", "magic"), [(".png", b"\x89PNG"), (".svg", b"<?xml"), (".pdf", b"%PDF")])
def test_draw_board_writes_the_format_its_name_asks_for(board, tmp_path, suffix, magic):
    path = tmp_path / f"board{suffix}"
    draw_board(board, path)
    assert path.read_bytes().startswith(magic)


def _distance(point, start, end) -> float:
    """The distance from a point to the segment start-end."""
    import numpy as np

    p, a, b = (np.asarray(v, dtype=float) for v in (point, start, end))
    t = float(np.clip(np.dot(p - a, b - a) / np.dot(b - a, b - a), 0.0, 1.0))
    return float(np.linalg.norm(p - (a + t * (b - a))))


def test_no_path_passes_through_a_location_it_does_not_join(board):
    """Each drawn path keeps clear of every third location's circle, with a circle's width to spare."""
    from solver.core.drawing import LOCATION_RADIUS

    position = {node: data["position"] for node, data in board.graph.nodes(data=True)}
    for a, b in board.graph.edges():
        for other in set(position) - {a, b}:
            gap = _distance(position[other], position[a], position[b])
            assert gap > 3 * LOCATION_RADIUS, f"the path {a}-{b} passes {gap:.2f} from {other}"


def test_the_old_positions_would_fail_the_check():
    """Trifthütte-Boos ran through Thiergarten where the three stood before."""
    from solver.core.drawing import LOCATION_RADIUS

    assert _distance((4.5, 5.0), (3.0, 8.0), (7.5, 2.5)) < 3 * LOCATION_RADIUS


def test_reconstructed_paths_are_drawn_apart_from_printed_ones(board):
    """A reconstructed path gets a white core (hollow); the legend explains both kinds."""
    svg = board_svg(board)
    reconstructed = sum(1 for *_, p in board.graph.edges(data="provenance") if p == "reconstructed")
    assert 0 < reconstructed < board.graph.number_of_edges()
    assert svg.count("stroke: #ffffff") == reconstructed + 1  # and the legend's sample
    texts = _texts(svg)
    assert "filled: printed in the rulebook or derived" in texts and "hollow: reconstructed (check your board)" in texts


def test_one_mark_per_meaning_in_the_legend():
    """No two legend entries share a mark: the kinds by colour and stroke, the sources in grey."""
    from solver.core.drawing import _strokes

    marks = {(colour, width) for colour, width, _ in _strokes(1.0, False, False) + _strokes(1.0, True, False)}
    assert len(marks) == 2 and all(colour != "#8a8a8a" for colour, _ in marks)
