"""Text renderings shared by commands: the solution table."""

from __future__ import annotations

from solver.core import names
from solver.core.board import Board


def solution_table(solution: dict[str, str], board: Board, second: dict[str, str] | None = None) -> str:
    """Location, district, delict, group colour; with `second`, both side by side, differences marked."""
    header = ["location", "district", "delict", "group"]
    if second:
        header += ["second solution", ""]
    rows = [header]
    for location in names.LOCATIONS:
        delict = solution[location]
        row = [location, board.district(location), delict,
               names.GROUP_COLOURS[names.GROUP_OF_DELICT[delict]]]
        if second:
            other = second[location]
            row += [other, "*" if other != delict else ""]
        rows.append(row)
    widths = [max(len(row[i]) for row in rows) for i in range(len(header))]
    lines = ["  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)).rstrip()
             for row in rows]
    lines.insert(1, "  ".join("-" * width for width in widths).rstrip())
    return "\n".join(lines)
