"""Printable puzzle sheets: a page a person solves with a pencil; the solution only on its own page.

A puzzle page has the board, the 16 delicts by group (colour, hatching and a letter, so that a
black-and-white print still tells the groups apart), the numbered clues and a 16×16 elimination grid
(locations by district × delicts by group) to cross candidates off. Solutions, when asked for, come
after every puzzle page, one per page.

`write_sheets` picks the format by extension: `.pdf` (one file, matplotlib's own PDF writer, no
other library needed), `.html` (one self-contained file, A4 print CSS, a page break before each
puzzle and solution) or `.svg` (one file per page: FILE.svg and FILE-solution.svg; with several
puzzles FILE-1.svg, FILE-1-solution.svg, ...).
"""

from __future__ import annotations

import html
import textwrap
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from solver.core import names, vocabulary
from solver.core.board import Board
from solver.core.errors import BadInput
from solver.core.vocabulary import GROUP_LETTERS as LETTERS
from solver.solo.puzzle import Puzzle

NBSP = "\u00a0"
PAGE = (8.27, 11.69)  # A4 in inches
MARGIN = 0.45
INK, GREY, RULE = "#222222", "#666666", "#999999"
INSTRUCTIONS = ("Each of the 16 delicts took place at exactly one of the 16 locations. "
                "Use the clues to find which delict took place where: cross off in the grid what cannot be, "
                "circle what must be.")
SHORT_INSTRUCTIONS = "Find which delict took place at each location; each delict took place at exactly one."
FORMATS = (".html", ".htm", ".pdf", ".svg")


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


def group_of(delict: str) -> tuple[str, str, str]:
    """The group of a delict, its colour name and its letter."""
    group = names.GROUP_OF_DELICT[delict]
    return group, names.GROUP_COLOURS[group], LETTERS[group]


def proven_solution(puzzle: Puzzle, board: Board) -> dict[str, str] | None:
    """The whole solution (location -> delict) when the cards prove it unique and the file's
    entries agree with it, else None (the sheet then shows only what the file gives)."""
    from solver.solo.solve import solve_puzzle

    outcome = solve_puzzle(puzzle, board)
    if outcome.status != "unique" or outcome.disagreements:
        return None
    return outcome.solution


def solution_rows(puzzle: Puzzle, board: Board,
                  solved: dict[str, str] | None = None) -> list[tuple[str, str, str, str, bool]]:
    """Location, district, delict, group colour, and whether the puzzle file gives that entry; the
    proven `solved` solution fills what the file leaves out (blank without it)."""
    rows = []
    for location in names.LOCATIONS:
        given = location in puzzle.solution
        delict = puzzle.solution.get(location) or (solved or {}).get(location)
        colour = names.GROUP_COLOURS[names.GROUP_OF_DELICT[delict]] if delict else ""
        rows.append((location, board.district(location), names.title(delict) if delict else "", colour, given))
    return rows


GIVEN_MARK = "•"  # an entry the puzzle file gives (for the box puzzles: the rulebook's solution)


def solution_note(puzzle: Puzzle, solved: dict[str, str] | None = None) -> str | None:
    """What the solution table shows: which entries the file gives and which the solver proved, or
    None when the file gives the whole solution."""
    given = [location for location in names.LOCATIONS if location in puzzle.solution]
    if len(given) == len(names.LOCATIONS):
        return None
    if solved is not None:
        if not given:
            return "The whole solution, proven unique by the solver (the puzzle file gives none)."
        return (f"{GIVEN_MARK} the puzzle file's {len(given)} entries (for a box puzzle: the rulebook's); "
                f"the other {len(names.LOCATIONS) - len(given)} are the solver's, proven unique.")
    if not given:
        return "The puzzle file gives no solution: the table is left blank."
    return (f"The puzzle file gives the delicts of {len(given)} of the 16 locations ({', '.join(given)}); "
            "the rest are left blank.")


# ---------------------------------------------------------------- writing

def write_sheet(puzzle: Puzzle, board: Board, path: str | Path, solution: bool = True,
                grid: bool = True) -> list[Path]:
    """One puzzle's sheet (its solution on a page of its own unless `solution` is False)."""
    return write_sheets([puzzle], board, path, solution=solution, grid=grid)


def write_sheets(puzzles: Sequence[Puzzle], board: Board, path: str | Path, solution: bool = False,
                 grid: bool = True) -> list[Path]:
    """Every puzzle on a page of its own, then (with `solution`) their solutions; returns the files written."""
    path = Path(path)
    check_sheet_path(path)
    if not puzzles:
        raise BadInput("no puzzle to print")
    writers: dict[str, Callable[[Sequence[Puzzle], Board, Path, bool, bool], list[Path]]] = {
        ".html": _write_html, ".htm": _write_html, ".pdf": _write_pdf, ".svg": _write_svg,
    }
    return writers[path.suffix.lower()](puzzles, board, path, solution, grid)


def check_sheet_path(path: str | Path) -> None:
    """BadInput unless the name ends in a format write_sheets knows (checked before any work)."""
    path = Path(path)
    if path.suffix.lower() not in FORMATS:
        raise BadInput(f"cannot print to '{path.suffix or path.name}': use .html, .pdf or .svg")


def _write_pdf(puzzles: Sequence[Puzzle], board: Board, path: Path, solution: bool, grid: bool) -> list[Path]:
    plt = _pyplot()
    from matplotlib.backends.backend_pdf import PdfPages

    title = sheet_title(puzzles[0]) if len(puzzles) == 1 else f"{len(puzzles)} Schinderhannes puzzles"
    with PdfPages(path, metadata={"Title": title}) as pdf:
        for figure in _figures(puzzles, board, solution, grid):
            pdf.savefig(figure)
            plt.close(figure)
    return [path]


def _figures(puzzles: Sequence[Puzzle], board: Board, solution: bool, grid: bool) -> Any:
    """The pages in order, one at a time (a figure is closed before the next is drawn)."""
    for puzzle in puzzles:
        yield _puzzle_page(puzzle, board, grid)
    if solution:
        for puzzle in puzzles:
            yield _solution_page(puzzle, board)


def svg_names(path: Path, count: int, solution: bool) -> list[Path]:
    """The files an SVG sheet is written to: a page each, the solutions after the puzzles."""
    stems = [path.stem] if count == 1 else [f"{path.stem}-{index}" for index in range(1, count + 1)]
    found = [path.with_name(stem + path.suffix) for stem in stems]
    if solution:
        found += [path.with_name(f"{stem}-solution{path.suffix}") for stem in stems]
    return found


def _write_svg(puzzles: Sequence[Puzzle], board: Board, path: Path, solution: bool, grid: bool) -> list[Path]:
    plt = _pyplot()
    targets = svg_names(path, len(puzzles), solution)
    for figure, target in zip(_figures(puzzles, board, solution, grid), targets, strict=True):
        figure.savefig(target, format="svg")
        plt.close(figure)
    return targets


def _write_html(puzzles: Sequence[Puzzle], board: Board, path: Path, solution: bool, grid: bool) -> list[Path]:
    path.write_text(sheets_html(puzzles, board, solution, grid), encoding="utf-8")
    return [path]


# ---------------------------------------------------------------- HTML

HTML_STYLE = """
@page { size: A4; margin: 11mm; }
* { box-sizing: border-box; }
body { font-family: "DejaVu Sans", Arial, Helvetica, sans-serif; font-size: 9.5pt; color: #222;
       max-width: 188mm; margin: 0 auto; line-height: 1.25; }
h1 { font-size: 15pt; margin: 0 0 1mm; }
h2 { font-size: 11pt; margin: 2.5mm 0 1mm; }
.meta { color: #666; margin: 0 0 1mm; }
.intro { margin: 0 0 2mm; }
.puzzle + .puzzle, .solution { break-before: page; page-break-before: always; }
.cols { display: flex; gap: 4mm; align-items: flex-start; }
.left { flex: 0 0 94mm; }
.right { flex: 1 1 auto; min-width: 0; }
.board svg { width: 100%; height: auto; display: block; }
.key { font-size: 8pt; }
.key div { margin: 0 0 1.2mm; break-inside: avoid; }
.key strong { display: block; }
.key span.members { display: block; padding-left: 8mm; }
.swatch { display: inline-block; width: 6mm; height: 3.4mm; border: 0.5pt solid #555; margin-right: 1.5mm;
          vertical-align: -0.6mm; -webkit-print-color-adjust: exact; print-color-adjust: exact; }
table { border-collapse: collapse; }
table.grid { font-size: 6.5pt; margin-top: 2mm; }
table.grid td { width: 4.1mm; height: 4.1mm; border: 0.4pt solid #999; padding: 0; }
table.grid th { font-weight: normal; padding: 0 0.8mm; text-align: right; white-space: nowrap; }
table.grid th.name { writing-mode: vertical-rl; transform: rotate(180deg); text-align: left; height: 25mm;
                     padding: 0.6mm 0; vertical-align: bottom; }
table.grid th.group { height: 3.4mm; border: 0.4pt solid #555; text-align: center; font-weight: bold;
                      -webkit-print-color-adjust: exact; print-color-adjust: exact; }
table.grid th.group span { background: white; padding: 0 0.6mm; }
table.grid th.district { font-weight: bold; writing-mode: vertical-rl; transform: rotate(180deg);
                         text-align: center; padding: 0; }
table.grid td.gl, table.grid th.gl { border-left: 2px solid #222; }
table.grid tr.dt td { border-top: 2px solid #222; }
table.grid tr:last-child td { border-bottom: 2px solid #222; }
table.grid td:last-child { border-right: 2px solid #222; }
ol.clues { margin: 0; padding-left: 6mm; font-size: 8.5pt; }
ol.clues li { margin: 0 0 0.7mm; break-inside: avoid; }
.label { color: #666; }
.compact ol.clues { font-size: 7.5pt; line-height: 1.15; }
.compact ol.clues li { margin-bottom: 0.2mm; }
.solution .board { width: 62%; margin: 0 auto; }
table.solved { width: 100%; margin-bottom: 4mm; font-size: 9pt; }
table.solved th, table.solved td { border: 0.6pt solid #888; padding: 0.6mm 1.8mm; text-align: left; }
table.solved th { background: #eee; }
@media screen { body { margin: 8mm auto; }
  .puzzle + .puzzle, .solution { margin-top: 15mm; border-top: 1px dashed #aaa; padding-top: 4mm; } }
"""
# The matplotlib hatches of vocabulary.PALETTE drawn in CSS, over the swatch colour.
CSS_HATCHES = {
    "////": "repeating-linear-gradient(45deg, #555 0 0.4pt, {swatch} 0.4pt 1.6mm)",
    "...": "radial-gradient(#555 0.45pt, {swatch} 0.6pt) 0 0 / 1.3mm 1.3mm",
    "xxx": "repeating-linear-gradient(45deg, #555 0 0.4pt, transparent 0.4pt 1.6mm),\n"
           "                        repeating-linear-gradient(-45deg, #555 0 0.4pt, {swatch} 0.4pt 1.6mm)",
    "---": "repeating-linear-gradient(0deg, #555 0 0.4pt, {swatch} 0.4pt 1.4mm)",
}


def _group_style() -> str:
    """A `.g-COLOUR` rule per group colour: its swatch with its hatching."""
    return "".join(f".g-{colour} {{ background: {CSS_HATCHES[entry.hatch].format(swatch=entry.swatch)}; }}\n"
                   for colour, entry in vocabulary.PALETTE.items())


COMPACT_FROM = 22  # HTML: more clues than this are set smaller


def sheets_html(puzzles: Sequence[Puzzle], board: Board, solution: bool = False, grid: bool = True) -> str:
    """Every puzzle's page, then (with `solution`) every solution's page, as one HTML document."""
    from solver.core.drawing import board_svg

    picture = board_svg(board, size=4.4, font_scale=0.62)
    title = sheet_title(puzzles[0]) if len(puzzles) == 1 else f"{len(puzzles)} Schinderhannes puzzles"
    parts = ["<!DOCTYPE html>", '<html lang="en">', "<head>", '<meta charset="utf-8">',
             f"<title>{html.escape(title)}</title>", f"<style>{_html_style()}</style>", "</head>", "<body>"]
    parts += [_html_puzzle(puzzle, board, picture, grid) for puzzle in puzzles]
    if solution:
        parts += [_html_solution_page(puzzle, board) for puzzle in puzzles]
    return "\n".join([*parts, "</body>", "</html>", ""])


def _html_puzzle(puzzle: Puzzle, board: Board, picture: str, grid: bool) -> str:
    title = html.escape(sheet_title(puzzle))
    compact = " compact" if len(puzzle.clues) > COMPACT_FROM else ""
    lower = [_html_grid(board)] if grid else []
    return "\n".join([
        f'<section class="puzzle{compact}">', f"<h1>{title}</h1>",
        f'<p class="meta">{html.escape(meta_line(puzzle))}</p>',
        f'<p class="intro">{html.escape(INSTRUCTIONS if grid else SHORT_INSTRUCTIONS)}</p>',
        '<div class="cols">', '<div class="left">', f'<div class="board">{picture}</div>', *lower, "</div>",
        '<div class="right">', _html_key(), "<h2>Clues</h2>", _html_clues(puzzle), "</div>", "</div>", "</section>",
    ])


def _html_style() -> str:
    """The sheet's CSS, the group swatches inserted after the key's own rules."""
    at = HTML_STYLE.index("table { border-collapse")
    return HTML_STYLE[:at] + _group_style() + HTML_STYLE[at:]


def _swatch(colour: str) -> str:
    return f'<span class="swatch g-{colour}"></span>'


def _html_key() -> str:
    blocks = []
    for group, delicts in names.GROUPS.items():
        colour = names.GROUP_COLOURS[group]
        members = html.escape(", ".join(delicts))
        blocks.append(f"<div><strong>{_swatch(colour)}{LETTERS[group]} · {html.escape(group)} ({colour})</strong>"
                      f'<span class="members">{members}</span></div>')
    return '<div class="key">' + "".join(blocks) + "</div>"


def _html_grid(board: Board) -> str:
    """The elimination grid: a row per location (by district), a column per delict (by group)."""
    header = ['<tr><th colspan="2"></th>']
    band = ['<tr><th colspan="2"></th>']
    for group, delicts in names.GROUPS.items():
        colour = names.GROUP_COLOURS[group]
        band.append(f'<th colspan="4" class="group g-{colour} gl"><span>{LETTERS[group]}</span></th>')
        header += [f'<th class="name{" gl" if i == 0 else ""}">{html.escape(d)}</th>' for i, d in enumerate(delicts)]
    rows = ["".join(header) + "</tr>", "".join(band) + "</tr>"]
    for code, locations in names.DISTRICTS.items():
        for index, location in enumerate(locations):
            district = f'<th rowspan="4" class="district">{code}</th>' if index == 0 else ""
            cells = "".join(f'<td{" class=gl" if column % 4 == 0 else ""}></td>' for column in range(16))
            rows.append(f'<tr{" class=dt" if index == 0 else ""}>{district}<th>{html.escape(location)}</th>'
                        f"{cells}</tr>")
    return '<table class="grid">' + "".join(rows) + "</table>"


def _html_clues(puzzle: Puzzle) -> str:
    items = []
    for number, entry in enumerate(puzzle.clues, start=1):
        label = f' <span class="label">[{html.escape(entry.label)}]</span>' if entry.label != f"clue {number}" else ""
        items.append(f"<li>{html.escape(entry.clue.sentence())}{label}</li>")
    return '<ol class="clues">' + "".join(items) + "</ol>"


def _html_solution_page(puzzle: Puzzle, board: Board) -> str:
    from solver.core.drawing import board_svg

    solved = proven_solution(puzzle, board)
    note = solution_note(puzzle, solved)
    parts = [f'<p class="meta">{html.escape(note)}</p>'] if note else []
    rows = ["<tr><th>location</th><th>district</th><th>delict</th><th>group</th></tr>"]
    for location, district, delict, colour, given in solution_rows(puzzle, board, solved):
        group = ""
        if colour:
            name = names.GROUP_OF_DELICT[delict.lower()]
            group = f"{_swatch(colour)}{LETTERS[name]} · {colour}"
        mark = f" {GIVEN_MARK}" if given and note else ""
        rows.append(f"<tr><td>{html.escape(location)}</td><td>{district}</td><td>{html.escape(delict)}{mark}</td>"
                    f"<td>{group}</td></tr>")
    parts.append('<table class="solved">' + "".join(rows) + "</table>")
    return "\n".join([
        '<section class="solution">', f"<h1>Solution: {html.escape(sheet_title(puzzle))}</h1>", *parts,
        f'<div class="board">{board_svg(board, solved or puzzle.solution, size=4.4, font_scale=0.62)}</div>',
        "</section>",
    ])


# ---------------------------------------------------------------- matplotlib pages (PDF and SVG)

def _pyplot() -> Any:
    import matplotlib

    matplotlib.use("Agg")
    matplotlib.rcParams["svg.fonttype"] = "none"  # text stays text in the SVG
    matplotlib.rcParams["hatch.linewidth"] = 0.5
    import matplotlib.pyplot as plt

    return plt


class _Page:
    """An A4 figure addressed in inches from the top-left corner."""

    def __init__(self) -> None:
        self.figure = _pyplot().figure(figsize=PAGE)

    def text(self, x: float, top: float, text: str, size: float, **style: Any) -> None:
        style = {"va": "top", "color": INK, **style}
        self.figure.text(x / PAGE[0], 1 - top / PAGE[1], text, fontsize=size, parse_math=False, **style)

    def axes(self, left: float, top: float, width: float, height: float) -> Any:
        return self.figure.add_axes((left / PAGE[0], 1 - (top + height) / PAGE[1], width / PAGE[0], height / PAGE[1]))

    def box(self, left: float, top: float, width: float, height: float, fill: str = "none",
            edge: str = "#888888", line: float = 0.6, hatch: str | None = None) -> None:
        from matplotlib.patches import Rectangle

        self.figure.add_artist(Rectangle((left / PAGE[0], 1 - (top + height) / PAGE[1]), width / PAGE[0],
                                         height / PAGE[1], transform=self.figure.transFigure, facecolor=fill,
                                         edgecolor=edge, linewidth=line, hatch=hatch))

    def line(self, x1: float, y1: float, x2: float, y2: float, width: float, colour: str = INK) -> None:
        from matplotlib.lines import Line2D

        self.figure.add_artist(Line2D([x1 / PAGE[0], x2 / PAGE[0]], [1 - y1 / PAGE[1], 1 - y2 / PAGE[1]],
                                      transform=self.figure.transFigure, linewidth=width, color=colour,
                                      solid_capstyle="projecting"))

    def swatch(self, left: float, top: float, colour: str, width: float = 0.3, height: float = 0.15) -> None:
        """A group's colour with its hatching: tells the group apart in black and white too."""
        entry = vocabulary.PALETTE[colour]
        self.box(left, top, width, height, entry.swatch, edge="#555555", line=0.5, hatch=entry.hatch)

    def heading(self, title: str, subtitle: str) -> float:
        """Title and grey subtitle at the top; returns where the content below may start."""
        lines = _wrap(title, PAGE[0] - 2 * MARGIN, 15, "bold") or [""]
        for index, line in enumerate(lines):
            self.text(MARGIN, MARGIN + index * 0.28, line, 15, fontweight="bold")
        top = MARGIN + len(lines) * 0.28 + 0.04
        self.text(MARGIN, top, subtitle, 9, color=GREY)
        return top + 0.22

    def table(self, left: float, top: float, widths: list[float], rows: list[list[str]], height: float,
              size: float, colours: list[str] | None = None) -> None:
        """A table with a grey header row; `colours` puts a group swatch in the last column's cells."""
        for index, row in enumerate(rows):
            x, y = left, top + index * height
            for column, (cell, width) in enumerate(zip(row, widths, strict=True)):
                self.box(x, y, width, height, "#eeeeee" if index == 0 else "none")
                indent = 0.06
                if colours and index and column == len(widths) - 1 and colours[index - 1]:
                    self.swatch(x + 0.06, y + (height - 0.14) / 2, colours[index - 1], 0.26, 0.14)
                    indent = 0.4
                self.text(x + indent, y + height / 2, cell, size, va="center",
                          fontweight="bold" if index == 0 else "normal")
                x += width


def _measure(text: str, size: float, weight: str = "normal") -> float:
    """Width of a line of text in inches (DejaVu Sans, matplotlib's default font)."""
    from matplotlib.font_manager import FontProperties
    from matplotlib.textpath import TextToPath

    return float(TextToPath().get_text_width_height_descent(text, FontProperties(size=size, weight=weight),
                                                               ismath=False)[0]) / 72


def _wrap(sentence: str, width: float, size: float, weight: str = "normal") -> list[str]:
    """textwrap at the number of characters of this sentence that fit in `width` inches."""
    per_char = _measure(sentence, size, weight) / max(len(sentence), 1)
    return textwrap.wrap(sentence, max(int(width / per_char * 0.96), 12))


Frame = tuple[float, float, float, float]  # left, top, width, height in inches


class _ClueFlow:
    """The clues at one font size, flowed through frames in reading order: (number, lines, x, y) each."""

    def __init__(self, clues: list[tuple[str, str]], frames: list[Frame], size: float) -> None:
        self.size = size
        self.indent = _measure("00.", size, "bold") + 0.07
        self.line, self.gap = size * 1.22 / 72, size * 0.3 / 72
        self.placed: list[tuple[str, list[str], float, float]] = []
        self.fits = self._flow(clues, [frame for frame in frames if frame[2] > 1.2 and frame[3] > self.line])

    def _flow(self, clues: list[tuple[str, str]], frames: list[Frame]) -> bool:
        if not frames:
            return not clues
        index, used = 0, 0.0
        for number, sentence in clues:
            while True:
                left, top, width, height = frames[index]
                lines = _wrap(sentence, width - self.indent, self.size)
                need = len(lines) * self.line
                if used + need <= height:
                    self.placed.append((number, lines, left, top + used))
                    used += need + self.gap
                    break
                index, used = index + 1, 0.0
                if index == len(frames):
                    return False
        return True

    def draw(self, page: _Page) -> None:
        for number, lines, left, top in self.placed:
            page.text(left + self.indent - 0.07, top, number, self.size, ha="right", fontweight="bold")
            for row, line in enumerate(lines):
                page.text(left + self.indent, top + row * self.line, line, self.size)


def _fit_clues(clues: list[tuple[str, str]], frames: list[Frame], largest: float = 9.5,
               smallest: float = 5.5) -> _ClueFlow | None:
    """The largest font size (in quarter points) at which every clue fits into the frames, or None."""
    size = largest
    while size >= smallest:
        flow = _ClueFlow(clues, frames, size)
        if flow.fits:
            return flow
        size -= 0.25
    return None


# ---- the puzzle page

KEY_LINE = 0.155  # inches per line of the delict key
GRID_CELL = 0.235


def _board_picture(page: _Page, board: Board, left: float, top: float, size: float,
                   markings: dict[str, str] | None = None) -> None:
    from solver.core.drawing import draw_board_on

    draw_board_on(page.axes(left, top, size, size), board, markings, font_scale=max(size / 9 * 1.45, 0.5))


def _key_columns(width: float) -> int:
    return 2 if width >= 3.3 else 1


def _key_height(width: float) -> float:
    return (4 // _key_columns(width)) * (KEY_LINE * 5 + 0.12)


def _delict_key(page: _Page, left: float, top: float, width: float) -> None:
    """The 16 delicts by group (swatch, letter, name, colour), two groups a row where there is room."""
    columns = _key_columns(width)
    column = width / columns
    for index, (group, delicts) in enumerate(names.GROUPS.items()):
        x = left + (index % columns) * column
        y = top + (index // columns) * (KEY_LINE * 5 + 0.12)
        colour = names.GROUP_COLOURS[group]
        page.swatch(x, y + 0.005, colour, 0.28, 0.13)
        label = f"{LETTERS[group]} · {group}"
        size = next((size for size in (8.0, 7.5, 7.0, 6.5) if _measure(label, size, "bold") < column - 0.45), 6.0)
        page.text(x + 0.36, y, label, size, fontweight="bold")
        for row, delict in enumerate(delicts, start=1):
            page.text(x + 0.36, y + row * KEY_LINE, delict, 8)
        if _measure(f"{label} ({colour})", size, "bold") < column - 0.45:
            page.text(x + 0.36 + _measure(label, size, "bold") + 0.05, y + 0.01, f"({colour})", 7, color=GREY)


def _grid_size(cell: float) -> tuple[float, float, float, float]:
    """Widths of the district and location labels, the header's height, the whole grid's width and height."""
    district = 0.2
    location = max(_measure(location, 7.5) for location in names.LOCATIONS) + 0.1
    header = max(_measure(delict, 7) for delict in names.DELICTS) + 0.1 + 0.18
    return district + location, header, district + location + 16 * cell, header + 16 * cell


def _elimination_grid(page: _Page, left: float, top: float, cell: float) -> None:
    """Locations (by district) × delicts (by group), thick lines between districts and groups."""
    labels, header, _, _ = _grid_size(cell)
    x0, y0 = left + labels, top + header
    for column, delict in enumerate(names.DELICTS):
        x = x0 + column * cell
        page.text(x + cell / 2, y0 - 0.23, delict, 7, rotation=90, ha="left", va="center", rotation_mode="anchor")
        if column % 4 == 0:
            _, colour, letter = group_of(delict)
            entry = vocabulary.PALETTE[colour]
            page.box(x, y0 - 0.18, 4 * cell, 0.16, entry.swatch, edge="#555555", line=0.5, hatch=entry.hatch)
            page.text(x + 2 * cell, y0 - 0.1, letter, 7.5, ha="center", va="center", fontweight="bold",
                      bbox={"boxstyle": "square,pad=0.1", "fc": "white", "ec": "none"})
    for row, location in enumerate(names.LOCATIONS):
        y = y0 + row * cell
        page.text(x0 - 0.05, y + cell / 2, location, 7.5, ha="right", va="center")
        if row % 4 == 0:
            page.text(left + 0.08, y + 2 * cell, names.DISTRICT_OF_LOCATION[location], 7.5, ha="center",
                      va="center", rotation=90, fontweight="bold")
    for index in range(17):
        heavy = index % 4 == 0
        page.line(x0 + index * cell, y0, x0 + index * cell, y0 + 16 * cell, 1.1 if heavy else 0.35,
                  INK if heavy else RULE)
        page.line(x0, y0 + index * cell, x0 + 16 * cell, y0 + index * cell, 1.1 if heavy else 0.35,
                  INK if heavy else RULE)
        if heavy and index < 16:
            page.line(left, y0 + index * cell, x0, y0 + index * cell, 0.5, RULE)


def _puzzle_page(puzzle: Puzzle, board: Board, grid: bool = True) -> Any:
    page = _Page()
    top = page.heading(sheet_title(puzzle), meta_line(puzzle))
    intro = _wrap(INSTRUCTIONS if grid else SHORT_INSTRUCTIONS, PAGE[0] - 2 * MARGIN, 8.5)
    for index, line in enumerate(intro):
        page.text(MARGIN, top + index * 0.15, line, 8.5)
    top += 0.15 * len(intro) + 0.12
    clues = clue_texts(puzzle)
    right = PAGE[0] - MARGIN
    bottom = PAGE[1] - MARGIN
    flow = None
    for board_size in (3.7, 3.4, 3.1, 2.8) if grid else (4.6, 4.2, 3.8, 3.4):
        legend = 0.45
        key_left = MARGIN + board_size + 0.25
        key_height = _key_height(right - key_left)
        band = max(board_size + legend, key_height)
        frames: list[Frame] = [(key_left, top + key_height + 0.3, right - key_left,
                                top + band - (top + key_height + 0.3))]
        below = top + band + 0.15
        if grid:
            grid_top = below
            _, _, grid_width, grid_height = _grid_size(GRID_CELL)
            side = MARGIN + grid_width + 0.25
            frames += [(side, grid_top, right - side, bottom - grid_top),
                       (MARGIN, grid_top + grid_height + 0.2, grid_width, bottom - grid_top - grid_height - 0.2)]
        else:
            frames += [(MARGIN, below + 0.3, right - MARGIN, bottom - below - 0.3)]
        flow = _fit_clues(clues, frames, smallest=6.0 if board_size > 2.8 else 5.0)
        if flow:
            break
    if flow is None:
        flow = _ClueFlow(clues, frames, 5.0)  # more clues than a page holds: set them as small as that gets
    _board_picture(page, board, MARGIN, top, board_size)
    _delict_key(page, key_left, top, right - key_left)
    page.text(key_left, top + key_height + 0.05, "Clues", 11, fontweight="bold")
    if grid:
        _elimination_grid(page, MARGIN, grid_top, GRID_CELL)
    flow.draw(page)
    return page.figure


# ---- the solution page

def _solution_page(puzzle: Puzzle, board: Board) -> Any:
    page = _Page()
    top = page.heading(f"Solution: {sheet_title(puzzle)}", meta_line(puzzle))
    solved = proven_solution(puzzle, board)
    note = solution_note(puzzle, solved)
    if note:
        page.text(MARGIN, top, textwrap.fill(note, 110), 9.5, color="#a03000")
        top += 0.2 + 0.17 * len(textwrap.wrap(note, 110))
    rows = solution_rows(puzzle, board, solved)
    table = [["location", "district", "delict", "group"]]
    for location, district, delict, colour, given in rows:
        letter = LETTERS[names.GROUP_OF_DELICT[delict.lower()]] if delict else ""
        mark = f" {GIVEN_MARK}" if given and note else ""
        table.append([location, district, delict + mark, f"{letter} · {colour}" if colour else ""])
    width = PAGE[0] - 2 * MARGIN
    page.table(MARGIN, top, [width * 0.3, width * 0.15, width * 0.35, width * 0.2], table, 0.24, 9,
               colours=[row[3] for row in rows])
    top += 0.24 * len(table) + 0.3
    size = min(PAGE[1] - MARGIN - top - 0.5, width)
    _board_picture(page, board, (PAGE[0] - size) / 2, top, size, solved or puzzle.solution)
    return page.figure
