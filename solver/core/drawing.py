"""Pictures of the board (matplotlib): districts as coloured regions, bridges set apart."""

from __future__ import annotations

import io
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

from solver.core.board import Board
from solver.core.yamlio import save_atomic

if TYPE_CHECKING:
    from matplotlib.axes import Axes

DISTRICT_COLOURS = {"NW": "#dcedc8", "NE": "#fff3c4", "SW": "#ffe0cc", "SE": "#e1d5f0"}
RIVER_COLOUR = "#4a90d9"


def draw_board(board: Board, path: str | Path, markings: dict[str, str] | None = None) -> None:
    """Write the board to an image file (SVG, PNG or PDF by extension).

    `markings` maps a location to extra text shown under its name (e.g. a delict).
    """
    plt = _pyplot()
    figure, axes = plt.subplots(figsize=(9, 9))
    draw_board_on(axes, board, markings)
    axes.set_title("Schinderhannes board (paths: reconstructed where not printed)", fontsize=12)
    buffer = io.BytesIO()
    figure.savefig(buffer, format=Path(path).suffix.lstrip(".").lower() or None, bbox_inches="tight")
    plt.close(figure)
    save_atomic(path, buffer.getvalue(), keep_previous=False)  # never a half-written picture


def board_svg(board: Board, markings: dict[str, str] | None = None, size: float = 9.0,
              font_scale: float | None = None) -> str:
    """The board as SVG text without the XML prolog, to inline in an HTML page.

    `size` is the figure's side in inches; `font_scale` defaults to text in proportion to it.
    """
    import io

    plt = _pyplot()
    figure = plt.figure(figsize=(size, size))
    axes = figure.add_axes((0.0, 0.08, 1.0, 0.92))  # room for the legend below
    draw_board_on(axes, board, markings, font_scale=size / 8 if font_scale is None else font_scale)
    buffer = io.StringIO()
    figure.savefig(buffer, format="svg", bbox_inches="tight")
    plt.close(figure)
    text = buffer.getvalue()
    return text[text.index("<svg"):]


LOCATION_RADIUS = 0.5  # a location's circle, in board units (the board spans -10..10)
PATH_COLOUR, BRIDGE_COLOUR = "#4a3c28", "#a0521a"
SOURCE_GREY = "#8a8a8a"  # the legend's marks for printed (filled) and reconstructed (hollow)


def draw_board_on(axes: Axes, board: Board, markings: dict[str, str] | None = None, font_scale: float = 1.0) -> None:
    """Draw the board onto a matplotlib Axes: districts, rivers, paths, bridges, labels, legend.

    Paths the rulebook prints or implies are solid; reconstructed ones hollow (an outline), so that
    the two stay apart in black and white too. Bridges are dashed. `font_scale` shrinks the text
    with the picture (1.0 suits a 9-inch figure).
    """
    scale = max(font_scale, 0.4)
    _draw_districts(axes, scale)
    positions = {node: data["position"] for node, data in board.graph.nodes(data=True)}
    for a, b, data in board.graph.edges(data=True):
        (x1, y1), (x2, y2) = positions[a], positions[b]
        _path_line(axes, [x1, x2], [y1, y2], scale, bool(data.get("bridge")), data.get("provenance") == "reconstructed")
    from matplotlib.patches import Circle

    for node, data in board.graph.nodes(data=True):
        axes.add_patch(Circle(positions[node], LOCATION_RADIUS, facecolor=DISTRICT_COLOURS[data["district"]],
                              edgecolor="#333333", linewidth=1.5 * scale, zorder=3))
    for node, (x, y) in positions.items():
        label = node if not markings or node not in markings else f"{node}\n{markings[node]}"
        axes.text(x, y - LOCATION_RADIUS - 0.15, label, ha="center", va="top", fontsize=10 * scale,
                  fontweight="bold", zorder=4,
                  bbox={"boxstyle": "round,pad=0.2", "fc": "white", "ec": "none", "alpha": 0.85})
    _legend(axes, scale)
    axes.set_xlim(-10, 10)
    axes.set_ylim(-10, 10)
    axes.set_aspect("equal")
    axes.axis("off")


BRIDGE_DASHES = (3.7, 1.6)  # matplotlib's "--", in line widths


def _path_line(axes: Axes, xs: list[float], ys: list[float], scale: float, bridge: bool,
               reconstructed: bool) -> None:
    """One path: its kind by colour and stroke (inside a district: dark, solid; a bridge: brown,
    dashed), its source by fill (printed or derived: filled; reconstructed: hollow, the white core
    dashed like its outline, so that a reconstructed bridge stays a dashed line)."""
    for colour, width, zorder in _strokes(scale, bridge, reconstructed):
        line = axes.plot(xs, ys, color=colour, linewidth=width, zorder=zorder,
                         solid_capstyle="butt", dash_capstyle="butt")[0]
        if bridge:
            line.set_dashes(_dashes(width, _strokes(scale, bridge, False)[0][1]))


def _strokes(scale: float, bridge: bool, reconstructed: bool) -> list[tuple[str, float, float]]:
    """The strokes of a path, outline first: (colour, line width, z-order)."""
    colour, width = (BRIDGE_COLOUR, 4.5 * scale) if bridge else (PATH_COLOUR, 3.5 * scale)
    strokes = [(colour, width, 2.0)]
    if reconstructed:
        strokes.append(("white", width * 0.5, 2.1))
    return strokes


def _dashes(width: float, outline: float) -> tuple[float, float]:
    """A dash pattern (in units of `width`, as matplotlib scales it) whose dashes fall where the
    outline's do."""
    factor = outline / width
    return BRIDGE_DASHES[0] * factor, BRIDGE_DASHES[1] * factor


def _pyplot() -> ModuleType:
    import matplotlib

    matplotlib.use("Agg")
    matplotlib.rcParams["svg.fonttype"] = "none"  # labels stay text in the SVG
    import matplotlib.pyplot as plt

    return plt


def _draw_districts(axes: Axes, scale: float = 1.0) -> None:
    from matplotlib.patches import Rectangle

    corners = {"NW": (-10, 0), "NE": (0, 0), "SW": (-10, -10), "SE": (0, -10)}
    for code, (x, y) in corners.items():
        axes.add_patch(Rectangle((x, y), 10, 10, color=DISTRICT_COLOURS[code], zorder=0))
        label_x = x + 0.4 if x < 0 else x + 9.6
        axes.text(label_x, y + (9.5 if y == 0 else 0.3), code, fontsize=16 * scale, color="#555555",
                  ha="left" if x < 0 else "right", va="top" if y == 0 else "bottom")
    axes.axhline(0, color=RIVER_COLOUR, linewidth=6 * scale, zorder=0.5)
    axes.axvline(0, color=RIVER_COLOUR, linewidth=6 * scale, zorder=0.5)
    axes.text(-9.8, 0.25, "Nahe", color=RIVER_COLOUR, fontsize=11 * scale, style="italic")


def _legend(axes: Axes, scale: float = 1.0) -> None:
    """Two lines under the board, one mark per meaning: the two kinds of path and the river, then
    each kind as printed (or derived) and as reconstructed."""
    from matplotlib.legend_handler import HandlerTuple

    labels = ["path inside a district", "bridge across a river", "river (district border)",
              "filled: printed in the rulebook or derived", "hollow: reconstructed (check your board)"]
    width = 4 * scale  # the source marks in a neutral grey, so that no mark means two things
    handles: list[Any] = [
        _swatch(scale, bridge=False, reconstructed=False),
        _swatch(scale, bridge=True, reconstructed=False),
        _line(RIVER_COLOUR, 6 * scale),
        _line(SOURCE_GREY, width),
        (_line(SOURCE_GREY, width), _line("white", width * 0.5)),
    ]
    first = axes.legend(handles=handles[:3], labels=labels[:3], loc="upper center", bbox_to_anchor=(0.5, 0.0),
                        ncol=3, frameon=False, fontsize=10 * scale, handlelength=2.2, borderaxespad=0.1)
    axes.add_artist(first)
    axes.legend(handles=handles[3:], labels=labels[3:], loc="upper center", bbox_to_anchor=(0.5, -0.045),
                ncol=2, frameon=False, fontsize=10 * scale, handlelength=2.2, borderaxespad=0.1,
                handler_map={tuple: HandlerTuple(ndivide=1)})


def _swatch(scale: float, bridge: bool, reconstructed: bool) -> Any:
    """A legend mark drawn with the strokes of `_path_line`: one line, or the outline and its core."""
    lines = []
    for colour, width, _ in _strokes(scale, bridge, reconstructed):
        line = _line(colour, width)
        if bridge:
            line.set_dashes(_dashes(width, _strokes(scale, bridge, False)[0][1]))
        lines.append(line)
    return lines[0] if len(lines) == 1 else tuple(lines)


def _line(colour: str, width: float) -> Any:
    from matplotlib.lines import Line2D

    return Line2D([], [], color=colour, linewidth=width, solid_capstyle="butt", dash_capstyle="butt")
