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
    assert "bridge (crosses a river)" in texts


def test_markings_stand_under_their_locations(board):
    texts = _texts(board_svg(board, {"Kirn": "murder", "Boos": "arrest"}))
    assert "murder" in texts and "arrest" in texts


def test_bridges_are_drawn_dashed(board):
    """One dashed stroke per bridge, and one more for the legend's sample."""
    assert board_svg(board).count("stroke-dasharray") == len(board.bridges()) + 1 == 8


@pytest.mark.parametrize(("suffix", "magic"), [(".png", b"\x89PNG"), (".svg", b"<?xml"), (".pdf", b"%PDF")])
def test_draw_board_writes_the_format_its_name_asks_for(board, tmp_path, suffix, magic):
    path = tmp_path / f"board{suffix}"
    draw_board(board, path)
    assert path.read_bytes().startswith(magic)
