"""Printable puzzle sheets: the board, the clues as sentences and an answer grid; the solution apart.

`write_sheet` picks the format by extension: `.html` (one self-contained file, A4 print CSS),
`.pdf` (two A4 pages) or `.svg` (FILE.svg and FILE-solution.svg, one page each).
"""

from __future__ import annotations

import html
import textwrap
from collections.abc import Callable
from pathlib import Path

from solver.core import names
from solver.core.board import Board
from solver.core.errors import BadInput
from solver.solo.puzzle import Puzzle

NBSP = "\u00a0"
PAGE = (8.27, 11.69)  # A4 in inches
MARGIN = 0.55
INK, GREY = "#222222", "#666666"
# Light print colours for the group colour names of names.GROUP_COLOURS.
SWATCHES = {"blue": "#bcd7f5", "yellow": "#fff0a0", "orange": "#ffd0a0", "green": "#c4e8bc"}
INSTRUCTIONS = ("Each of the 16 delicts took place at exactly one of the 16 locations. "
                "Use the clues to find which delict took place where.")
COMPACT_FROM = 22  # HTML: more clues than this are set smaller
SHORT_INSTRUCTIONS = "Find which delict took place at each location; each delict took place at exactly one."


# ---------------------------------------------------------------- content shared by all formats

def sheet_title(puzzle: Puzzle) -> str:
    return puzzle.title or Path(puzzle.source).stem or "Schinderhannes puzzle"


def meta_line(puzzle: Puzzle) -> str:
    parts = [f"{key.capitalize()}: {puzzle.extra[key]}" for key in ("difficulty", "seed") if key in puzzle.extra]
    return " · ".join([*parts, f"{len(puzzle.clues)} clues"])


def clue_texts(puzzle: Puzzle) -> list[tuple[str, str]]:
    """(number, sentence) per clue; the label is added where it is not simply 'clue N'."""
    found = []
    for number, entry in enumerate(puzzle.clues, start=1):
        sentence = entry.clue.sentence()
        if entry.label != f"clue {number}":
            sentence = f"{sentence} [{entry.label.replace(' ', NBSP)}]"  # the label stays on one line
        found.append((f"{number}.", sentence))
    return found


def solution_rows(puzzle: Puzzle, board: Board) -> list[tuple[str, str, str, str]]:
    """Location, district, delict, group colour; blank where the puzzle file gives no delict."""
    rows = []
    for location in names.LOCATIONS:
        delict = puzzle.solution.get(location)
        colour = names.GROUP_COLOURS[names.GROUP_OF_DELICT[delict]] if delict else ""
        rows.append((location, board.district(location), names.title(delict) if delict else "", colour))
    return rows


def solution_note(puzzle: Puzzle) -> str | None:
    """Why the solution table has blanks, or None when the file gives the whole solution."""
    given = [location for location in names.LOCATIONS if location in puzzle.solution]
    if len(given) == len(names.LOCATIONS):
        return None
    if not given:
        return "The puzzle file gives no solution: the table is left blank."
    return (f"The puzzle file gives the delicts of {len(given)} of the 16 locations ({', '.join(given)}); "
            "the rest are left blank.")


# ---------------------------------------------------------------- writing

def write_sheet(puzzle: Puzzle, board: Board, path: str | Path) -> list[Path]:
    """Write a printable sheet (HTML, PDF or SVG by extension); returns the files written."""
    path = Path(path)
    check_sheet_path(path)
    writers: dict[str, Callable[[Puzzle, Board, Path], list[Path]]] = {
        ".html": _write_html, ".htm": _write_html, ".pdf": _write_pdf, ".svg": _write_svg,
    }
    return writers[path.suffix.lower()](puzzle, board, path)


def check_sheet_path(path: str | Path) -> None:
    """BadInput unless the name ends in a format write_sheet knows (checked before any work)."""
    path = Path(path)
    if path.suffix.lower() not in (".html", ".htm", ".pdf", ".svg"):
        raise BadInput(f"cannot print to '{path.suffix or path.name}': use .html, .pdf or .svg")


def _write_pdf(puzzle: Puzzle, board: Board, path: Path) -> list[Path]:
    plt = _pyplot()
    from matplotlib.backends.backend_pdf import PdfPages

    with PdfPages(path, metadata={"Title": sheet_title(puzzle)}) as pdf:
        for figure in (_puzzle_page(puzzle, board), _solution_page(puzzle, board)):
            pdf.savefig(figure)
            plt.close(figure)
    return [path]


def _write_svg(puzzle: Puzzle, board: Board, path: Path) -> list[Path]:
    plt = _pyplot()
    second = path.with_name(f"{path.stem}-solution{path.suffix}")
    for figure, target in ((_puzzle_page(puzzle, board), path), (_solution_page(puzzle, board), second)):
        figure.savefig(target, format="svg")
        plt.close(figure)
    return [path, second]


def _write_html(puzzle: Puzzle, board: Board, path: Path) -> list[Path]:
    path.write_text(sheet_html(puzzle, board), encoding="utf-8")
    return [path]


# ---------------------------------------------------------------- HTML

HTML_STYLE = """
@page { size: A4; margin: 14mm; }
* { box-sizing: border-box; }
body { font-family: "DejaVu Sans", Arial, Helvetica, sans-serif; font-size: 10pt; color: #222;
       max-width: 182mm; margin: 0 auto; line-height: 1.3; }
h1 { font-size: 16pt; margin: 0 0 1mm; }
h2 { font-size: 12pt; margin: 4mm 0 1.5mm; }
.meta { color: #666; margin: 0 0 1mm; }
.intro { margin: 0 0 2mm; }
.top { display: flex; gap: 5mm; align-items: flex-start; }
.board { flex: 1 1 60%; min-width: 0; }
.board svg { width: 100%; height: auto; display: block; }
table { border-collapse: collapse; font-size: 9pt; }
th, td { border: 0.6pt solid #888; padding: 0.6mm 1.8mm; text-align: left; }
th { background: #eee; }
table.answer { flex: 0 0 38%; }
table.answer td { height: 6.6mm; }
table.answer td.blank { width: 45%; }
ol.clues { margin: 0; padding-left: 7mm; font-size: 9.5pt; }
ol.clues li { margin: 0 0 0.8mm; break-inside: avoid; }
.label { color: #666; }
.solution { break-before: page; page-break-before: always; }
.solution .board { width: 62%; margin: 0 auto; }
table.solved { width: 100%; margin-bottom: 4mm; }
.swatch { display: inline-block; width: 3mm; height: 3mm; border: 0.5pt solid #888;
          margin-right: 1.5mm; vertical-align: -0.3mm; }
/* many clues: smaller print so that page 1 still holds everything */
.compact ol.clues { font-size: 7.5pt; line-height: 1.15; }
.compact ol.clues li { margin-bottom: 0.15mm; }
.compact table.answer { font-size: 8pt; }
.compact table.answer td { height: 4.7mm; padding-top: 0.2mm; padding-bottom: 0.2mm; }
.compact h2 { margin-top: 2mm; }
.compact .board { flex: 0 1 52%; }
.compact table.answer { flex: 0 0 44%; }
@media screen { body { margin: 8mm auto; } .solution { margin-top: 15mm; border-top: 1px dashed #aaa; } }
"""


def sheet_html(puzzle: Puzzle, board: Board) -> str:
    """The whole sheet as one self-contained HTML document."""
    from solver.core.drawing import board_svg

    title = html.escape(sheet_title(puzzle))
    return "\n".join([
        "<!DOCTYPE html>", '<html lang="en">', "<head>", '<meta charset="utf-8">',
        f"<title>{title}</title>", f"<style>{HTML_STYLE}</style>", "</head>", "<body>",
        f'<section class="puzzle{" compact" if len(puzzle.clues) > COMPACT_FROM else ""}">', f"<h1>{title}</h1>",
        f'<p class="meta">{html.escape(meta_line(puzzle))}</p>',
        f'<p class="intro">{html.escape(INSTRUCTIONS)}</p>',
        '<div class="top">', f'<div class="board">{board_svg(board, size=4.4, font_scale=0.62)}</div>',
        _html_answer_table(board), "</div>",
        "<h2>Clues</h2>", _html_clues(puzzle), "</section>",
        '<section class="solution">', f"<h1>Solution: {title}</h1>",
        _html_solution(puzzle, board),
        f'<div class="board">{board_svg(board, puzzle.solution, size=4.4, font_scale=0.62)}</div>', "</section>",
        "</body>", "</html>", "",
    ])


def _html_row(cells: list[str], tag: str = "td") -> str:
    return "<tr>" + "".join(f"<{tag}>{cell}</{tag}>" for cell in cells) + "</tr>"


def _html_answer_table(board: Board) -> str:
    rows = [_html_row(["location", "district", "delict"], "th")]
    rows += [f"<tr><td>{html.escape(location)}</td><td>{board.district(location)}</td>"
             '<td class="blank"></td></tr>' for location in names.LOCATIONS]
    return '<table class="answer">' + "".join(rows) + "</table>"


def _html_clues(puzzle: Puzzle) -> str:
    items = []
    for number, entry in enumerate(puzzle.clues, start=1):
        label = f' <span class="label">[{html.escape(entry.label)}]</span>' if entry.label != f"clue {number}" else ""
        items.append(f"<li>{html.escape(entry.clue.sentence())}{label}</li>")
    return '<ol class="clues">' + "".join(items) + "</ol>"


def _html_solution(puzzle: Puzzle, board: Board) -> str:
    note = solution_note(puzzle)
    parts = [f'<p class="meta">{html.escape(note)}</p>'] if note else []
    rows = [_html_row(["location", "district", "delict", "group"], "th")]
    for location, district, delict, colour in solution_rows(puzzle, board):
        swatch = f'<span class="swatch" style="background:{SWATCHES[colour]}"></span>{colour}' if colour else ""
        rows.append(_html_row([html.escape(location), district, html.escape(delict), swatch]))
    parts.append('<table class="solved">' + "".join(rows) + "</table>")
    return "\n".join(parts)


# ---------------------------------------------------------------- matplotlib pages (PDF and SVG)

def _pyplot():
    import matplotlib

    matplotlib.use("Agg")
    matplotlib.rcParams["svg.fonttype"] = "none"  # text stays text in the SVG
    import matplotlib.pyplot as plt

    return plt


class _Page:
    """An A4 figure addressed in inches from the top-left corner."""

    def __init__(self) -> None:
        self.figure = _pyplot().figure(figsize=PAGE)

    def text(self, x: float, top: float, text: str, size: float, **style) -> None:
        style = {"va": "top", "color": INK, **style}
        self.figure.text(x / PAGE[0], 1 - top / PAGE[1], text, fontsize=size, parse_math=False, **style)

    def axes(self, left: float, top: float, width: float, height: float):
        return self.figure.add_axes((left / PAGE[0], 1 - (top + height) / PAGE[1], width / PAGE[0], height / PAGE[1]))

    def box(self, left: float, top: float, width: float, height: float, fill: str = "none") -> None:
        from matplotlib.patches import Rectangle

        self.figure.add_artist(Rectangle((left / PAGE[0], 1 - (top + height) / PAGE[1]), width / PAGE[0],
                                         height / PAGE[1], transform=self.figure.transFigure, facecolor=fill,
                                         edgecolor="#888888", linewidth=0.6))

    def heading(self, title: str, subtitle: str) -> float:
        """Title and grey subtitle at the top; returns where the content below may start."""
        lines = _wrap(title, PAGE[0] - 2 * MARGIN, 16, "bold") or [""]
        for index, line in enumerate(lines):
            self.text(MARGIN, MARGIN + index * 0.3, line, 16, fontweight="bold")
        top = MARGIN + len(lines) * 0.3 + 0.05
        self.text(MARGIN, top, subtitle, 9.5, color=GREY)
        return top + 0.25

    def grid(self, left: float, top: float, widths: list[float], rows: list[list[str]], height: float,
             size: float, fills: list[str] | None = None) -> None:
        """A table with a grey header row; `fills` colours the cells of the last column."""
        for index, row in enumerate(rows):
            x, y = left, top + index * height
            for column, (cell, width) in enumerate(zip(row, widths, strict=True)):
                fill = "#eeeeee" if index == 0 else "none"
                if fills and index and column == len(widths) - 1 and fills[index - 1]:
                    fill = fills[index - 1]
                self.box(x, y, width, height, fill)
                self.text(x + 0.06, y + height / 2, cell, size, va="center",
                          fontweight="bold" if index == 0 else "normal")
                x += width


def _measure(text: str, size: float, weight: str = "normal") -> float:
    """Width of a line of text in inches (DejaVu Sans, matplotlib's default font)."""
    from matplotlib.font_manager import FontProperties
    from matplotlib.textpath import TextToPath

    return TextToPath().get_text_width_height_descent(text, FontProperties(size=size, weight=weight),
                                                         ismath=False)[0] / 72


def _wrap(sentence: str, width: float, size: float, weight: str = "normal") -> list[str]:
    """textwrap at the number of characters of this sentence that fit in `width` inches."""
    per_char = _measure(sentence, size, weight) / max(len(sentence), 1)
    return textwrap.wrap(sentence, max(int(width / per_char * 0.96), 20))


class _ClueLayout:
    """Clues set in one or two columns at one font size: blocks of wrapped lines per column."""

    def __init__(self, clues: list[tuple[str, str]], width: float, size: float, columns: int) -> None:
        self.size, self.columns = size, columns
        self.indent = _measure("00.", size) + 0.08
        self.column_width = (width - 0.25 * (columns - 1)) / columns
        blocks = [(number, _wrap(sentence, self.column_width - self.indent, size)) for number, sentence in clues]
        self.line, self.gap = size * 1.25 / 72, size * 0.25 / 72
        self.stacks = self._split(blocks)

    def block_height(self, block: tuple[str, list[str]]) -> float:
        return len(block[1]) * self.line + self.gap

    def _split(self, blocks: list[tuple[str, list[str]]]) -> list[list[tuple[str, list[str]]]]:
        total = sum(self.block_height(block) for block in blocks)
        stacks: list[list[tuple[str, list[str]]]] = [[]]
        used = 0.0
        for block in blocks:
            if self.columns > 1 and len(stacks) < self.columns and used >= total / self.columns:
                stacks.append([])
                used = 0.0
            stacks[-1].append(block)
            used += self.block_height(block)
        return stacks

    def height(self) -> float:
        return max(sum(self.block_height(block) for block in stack) for stack in self.stacks)

    def draw(self, page: _Page, left: float, top: float) -> None:
        for index, stack in enumerate(self.stacks):
            x, y = left + index * (self.column_width + 0.25), top
            for number, lines in stack:
                page.text(x + self.indent - 0.08, y, number, self.size, ha="right", fontweight="bold")
                for line in lines:
                    page.text(x + self.indent, y, line, self.size)
                    y += self.line
                y += self.gap


def _fit_clues(clues: list[tuple[str, str]], width: float, height: float, smallest: float) -> _ClueLayout | None:
    """The largest readable font size at which the clues fit, one column preferred; or None."""
    for columns in (1, 2):
        size = 10.0
        while size >= smallest:
            layout = _ClueLayout(clues, width, size, columns)
            if layout.height() <= height:
                return layout
            size -= 0.5
    return None


def _plan_puzzle_page(clues: list[tuple[str, str]], top: float) -> tuple[float, _ClueLayout]:
    """Board size and clue layout: shrink the board before the clues get too small to read.

    The board then grows back into whatever room the chosen clue layout leaves over.
    """
    width = PAGE[0] - 2 * MARGIN
    for board_size, smallest in ((4.6, 8.0), (4.2, 7.5), (3.8, 7.0), (3.2, 6.5), (3.2, 5.5)):
        room = PAGE[1] - MARGIN - (top + _board_block(board_size))
        layout = _fit_clues(clues, width, room, smallest)
        if layout:
            return min(board_size + room - layout.height(), 4.6), layout
    return 3.2, _ClueLayout(clues, width, 5.0, 2)


def _board_block(board_size: float) -> float:
    """Height of the board with its legend, or of the answer grid beside it, plus the 'Clues' heading."""
    return max(board_size + 0.3, _answer_row(board_size) * 17) + 0.55


def _answer_row(board_size: float) -> float:
    return max((board_size + 0.3) / 17, 0.2)


def _board_picture(page: _Page, board: Board, left: float, top: float, size: float,
                   markings: dict[str, str] | None = None) -> None:
    from solver.core.drawing import draw_board_on

    draw_board_on(page.axes(left, top, size, size), board, markings, font_scale=max(size / 9 * 1.35, 0.6))


def _puzzle_page(puzzle: Puzzle, board: Board):
    page = _Page()
    top = page.heading(sheet_title(puzzle), meta_line(puzzle))
    clues = clue_texts(puzzle)
    board_size, layout = _plan_puzzle_page(clues, top)
    _board_picture(page, board, MARGIN, top, board_size)
    grid_left = MARGIN + board_size + 0.35
    widths = _answer_widths(PAGE[0] - MARGIN - grid_left)
    rows = [["location", "district", "delict"]] + [[location, board.district(location), ""]
                                                   for location in names.LOCATIONS]
    page.grid(grid_left, top, widths, rows, _answer_row(board_size), 8)
    clue_top = top + _board_block(board_size) - 0.3
    page.text(MARGIN, clue_top, "Clues", 12, fontweight="bold")
    page.text(MARGIN + 0.7, clue_top + 0.04, SHORT_INSTRUCTIONS, 9, color=GREY)
    layout.draw(page, MARGIN, clue_top + 0.25)
    return page.figure


def _answer_widths(width: float) -> list[float]:
    location, district = _measure("Griebelschied", 8) + 0.16, _measure("district", 8, "bold") + 0.24
    return [location, district, width - location - district]


def _solution_page(puzzle: Puzzle, board: Board):
    page = _Page()
    top = page.heading(f"Solution: {sheet_title(puzzle)}", meta_line(puzzle))
    note = solution_note(puzzle)
    if note:
        page.text(MARGIN, top, textwrap.fill(note, 110), 9.5, color="#a03000")
        top += 0.2 + 0.17 * len(textwrap.wrap(note, 110))
    rows = solution_rows(puzzle, board)
    table = [["location", "district", "delict", "group"]] + [[loc, dis, delict, colour]
                                                             for loc, dis, delict, colour in rows]
    width = PAGE[0] - 2 * MARGIN
    page.grid(MARGIN, top, [width * 0.3, width * 0.15, width * 0.35, width * 0.2], table, 0.24, 9,
              fills=[SWATCHES.get(colour, "") for *_, colour in rows])
    top += 0.24 * len(table) + 0.3
    size = min(PAGE[1] - MARGIN - top - 0.45, width)
    _board_picture(page, board, (PAGE[0] - size) / 2, top, size, puzzle.solution)
    return page.figure
