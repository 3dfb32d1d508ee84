"""The JSON API of the solo puzzles in the browser: list, open, upload, hint, check, reveal.

Puzzles are the bundled files (`solver.solo.puzzle.bundled_puzzles`) and the ones uploaded during this
server run (kept in memory under a name made from their text). A player's grid travels with every
question, so the server keeps no progress: `{"placed": [...], "crossed": [...]}`, each entry
`{"location": ..., "delict": ...}` or `[location, delict]`, names as forgiving as on the command
line. Every route is listed in `docs/table.md` ("Solo puzzles").
"""

from __future__ import annotations

import hashlib
import json
import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Route

from solver.core import names
from solver.core.board import Board
from solver.core.errors import BadInput, suggest
from solver.documents import solo as documents
from solver.solo.hints import Grid, Pair, grid_hint
from solver.solo.puzzle import Puzzle, bundled_puzzles, load_puzzle, parse_puzzle
from solver.solo.techniques import DIFFICULTIES
from solver.web.bodies import json_object, read_body

if TYPE_CHECKING:
    from solver.web.app import TableConfig

STATIC = Path(__file__).parent / "static"
GRID_EXAMPLE = '{"grid": {"placed": [], "crossed": []}}'
MAX_UPLOADS = 64  # uploaded puzzles kept in memory; the oldest goes first
CELLS = len(names.LOCATIONS) * len(names.DELICTS)
GRID_SHAPE = ('a grid is {"placed": [...], "crossed": [...]}, each entry {"location": "Kirn", '
              '"delict": "murder"} or ["Kirn", "murder"]')


@dataclass
class Entry:
    """One puzzle the server offers, with what it works out once: the solution and the grade."""

    name: str
    puzzle: Puzzle
    bundled: bool
    solution: dict[str, str] = field(default_factory=dict)  # location -> delict, once solved
    grade: str | None = None

    @property
    def title(self) -> str:
        return self.puzzle.title or self.name

    def summary(self) -> dict[str, Any]:
        return {"name": self.name, "title": self.title, "difficulty": self.grade,
                "clue_count": len(self.puzzle.clues), "bundled": self.bundled}

    def document(self) -> dict[str, Any]:
        """The puzzle as the page shows it: its clues as numbered sentences, the grid's names; no solution."""
        return {
            **self.summary(),
            "clues": [{"number": number, "label": entry.label, "card": entry.card, "kind": entry.clue.kind,
                       "sentence": entry.clue.sentence()} for number, entry in enumerate(self.puzzle.clues, 1)],
            "locations": [{"name": name, "district": names.DISTRICT_OF_LOCATION[name]} for name in names.LOCATIONS],
            "districts": names.DISTRICT_NAMES,
            "delicts": [{"name": name, "group": names.GROUP_OF_DELICT[name],
                         "colour": names.GROUP_COLOURS[names.GROUP_OF_DELICT[name]]} for name in names.DELICTS],
        }


class SoloRoutes:
    def __init__(self, config: TableConfig):
        self.config = config
        self.lock = threading.Lock()
        self._bundled: dict[str, Entry] | None = None
        self.uploads: OrderedDict[str, Entry] = OrderedDict()
        self._board_svg: str | None = None

    def board(self) -> Board:
        return self.config.the_board()

    # ----- the puzzles ------------------------------------------------------------------------

    def bundled(self) -> dict[str, Entry]:
        with self.lock:
            if self._bundled is None:
                self._bundled = {name: Entry(name, load_puzzle(path), True) for name, path in bundled_puzzles().items()}
            return self._bundled

    def find(self, name: str) -> Entry:
        """A puzzle by name: any case, `-` `_` and spaces alike; 404 (with the nearest names) when unknown."""
        wanted = names.fold(name)
        with self.lock:
            uploads = dict(self.uploads)
        for key, entry in {**self.bundled(), **uploads}.items():
            if names.fold(key) == wanted:
                return self.prepared(entry)
        raise HTTPException(404, f"no puzzle {name!r}; {suggest(name, list(self.bundled()))}")

    def prepared(self, entry: Entry) -> Entry:
        """The entry with its solution and grade worked out (once)."""
        if not entry.solution:
            entry.solution = self.unique_solution(entry.puzzle)
        if entry.grade is None:
            entry.grade = self.grade(entry.puzzle)
        return entry

    def unique_solution(self, puzzle: Puzzle) -> dict[str, str]:
        from solver.solo.solve import solve_puzzle

        outcome = solve_puzzle(puzzle, self.board())
        if outcome.status == "none":
            raise BadInput(f"the cards contradict each other ({', '.join(outcome.conflict)} cannot all hold); "
                           "a solo puzzle has exactly one solution")
        if outcome.status == "multiple" or outcome.solution is None:
            raise BadInput(f"the cards allow {outcome.count} solutions; a solo puzzle has exactly one: add cards")
        if outcome.disagreements:
            location, expected, found = outcome.disagreements[0]
            raise BadInput(f"the file's solution has {location} = {expected}, but the cards give {found}")
        return outcome.solution

    def grade(self, puzzle: Puzzle) -> str:
        """The file's difficulty when it names one, else the ladder's grade ('beyond the ladder' when it stops)."""
        given = puzzle.extra.get("difficulty")
        if isinstance(given, str) and given in DIFFICULTIES:
            return given
        from solver.solo.explain import explain_puzzle

        return explain_puzzle(puzzle, self.board()).difficulty or "beyond the ladder"

    def upload(self, text: str) -> Entry:
        name = "upload-" + hashlib.sha256(text.encode()).hexdigest()[:10]
        with self.lock:
            known = self.uploads.get(name)
            if known is not None:
                self.uploads.move_to_end(name)
                return known
        puzzle = parse_puzzle(text, "upload")
        entry = self.prepared(Entry(name, puzzle, False))
        with self.lock:
            self.uploads[name] = entry
            while len(self.uploads) > MAX_UPLOADS:
                self.uploads.popitem(last=False)
        return entry

    # ----- the questions ----------------------------------------------------------------------

    def hint(self, entry: Entry, grid: Grid) -> dict[str, Any]:
        found = grid_hint(entry.puzzle, self.board(), grid, entry.solution)
        return documents.hint_document(found, entry.puzzle)

    def check(self, entry: Entry, grid: Grid, which: bool) -> dict[str, Any]:
        return documents.grid_check_document(grid, entry.solution, which)

    def board_svg(self) -> str:
        with self.lock:
            if self._board_svg is None:
                from solver.core.drawing import board_svg

                self._board_svg = board_svg(self.board(), size=8.0, font_scale=1.3)  # readable on a phone
            return self._board_svg

    # ----- endpoints --------------------------------------------------------------------------

    async def page(self, request: Request) -> Response:
        return FileResponse(STATIC / "solo.html")

    async def list_puzzles(self, request: Request) -> Response:
        entries = await run_in_threadpool(lambda: [self.prepared(entry) for entry in self.bundled().values()])
        return JSONResponse({"puzzles": [entry.summary() for entry in entries]})

    async def get_puzzle(self, request: Request) -> Response:
        entry = await run_in_threadpool(self.find, request.path_params["name"])
        return JSONResponse(entry.document())

    async def post_puzzle(self, request: Request) -> Response:
        if self.config.workers > 1:
            raise BadInput("this server runs several worker processes, and an uploaded puzzle would be kept by one "
                           "of them only: upload it to a server of one process, or solve it with "
                           "`schinderhannes solve FILE`")
        raw = await read_body(request)
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise BadInput("the puzzle file is not UTF-8 text; send the YAML file itself") from None
        if not text.strip():
            raise BadInput("the body is empty: send a puzzle file's YAML text (cards: and/or clues:)")
        try:
            entry = await run_in_threadpool(self.upload, text)
        except BadInput as error:  # the line as a value: the page words it
            return JSONResponse({"error": " ".join(error.message.split()), "line": error.line}, status_code=400)
        return JSONResponse(entry.document(), status_code=201)

    async def post_hint(self, request: Request) -> Response:
        data = await json_object(request, GRID_EXAMPLE, {"grid"})
        grid = parse_grid(data.get("grid"))
        entry = await run_in_threadpool(self.find, request.path_params["name"])
        return JSONResponse(await run_in_threadpool(self.hint, entry, grid))

    async def post_check(self, request: Request) -> Response:
        data = await json_object(request, GRID_EXAMPLE, {"grid", "which"})
        grid = parse_grid(data.get("grid"))
        which = data.get("which", False)
        if not isinstance(which, bool):
            raise BadInput("`which` is true or false: whether to name the wrong entries")
        entry = await run_in_threadpool(self.find, request.path_params["name"])
        return JSONResponse(self.check(entry, grid, which))

    async def get_solution(self, request: Request) -> Response:
        entry = await run_in_threadpool(self.find, request.path_params["name"])
        pairs = [(location, entry.solution[location]) for location in names.LOCATIONS]
        return JSONResponse({"name": entry.name, "solution": [documents.cell(pair) for pair in pairs]})

    async def get_solve(self, request: Request) -> Response:
        """`solve NAME --json`: the solution, proven unique or not."""
        from solver.solo.solve import solve_puzzle

        entry = await run_in_threadpool(self.find, request.path_params["name"])
        outcome = await run_in_threadpool(solve_puzzle, entry.puzzle, self.board())
        return JSONResponse(documents.solve_document(outcome))

    async def get_explain(self, request: Request) -> Response:
        """`solve NAME --explain --json`'s explanation: every step a person can follow."""
        entry = await run_in_threadpool(self.find, request.path_params["name"])
        return JSONResponse(await run_in_threadpool(documents.explained, entry.puzzle, self.board()))

    async def get_odds(self, request: Request) -> Response:
        """`odds NAME --json`: the exact share of the solutions per location and delict."""
        from solver.counting.odds import odds_of_clues

        entry = await run_in_threadpool(self.find, request.path_params["name"])
        clues = [clue.clue for clue in entry.puzzle.clues]
        odds = await run_in_threadpool(odds_of_clues, clues, self.board())
        return JSONResponse(documents.odds_document(odds))

    async def get_board_svg(self, request: Request) -> Response:
        svg = await run_in_threadpool(self.board_svg)
        return Response(svg, media_type="image/svg+xml", headers={"Cache-Control": "max-age=3600"})


def parse_grid(data: object) -> Grid:
    """The player's grid from JSON (absent: an empty grid); BadInput says what shape it takes."""
    if data is None:
        return Grid()
    if not isinstance(data, dict):
        raise BadInput(f"`grid` is not an object; {GRID_SHAPE}")
    unknown = sorted(set(data) - {"placed", "crossed"})
    if unknown:
        raise BadInput(f"a grid has no {unknown[0]!r}; {GRID_SHAPE}")
    placed, crossed = (_cells(data.get(key), key) for key in ("placed", "crossed"))
    both = sorted(placed & crossed)
    if both:
        location, delict = both[0]
        raise BadInput(f"{location} = {delict} is both placed and crossed out; a cell is one or the other")
    return Grid(frozenset(placed), frozenset(crossed))


def _cells(entries: object, key: str) -> set[Pair]:
    if entries is None:
        return set()
    if not isinstance(entries, list):
        raise BadInput(f"`{key}` is not a list; {GRID_SHAPE}")
    if len(entries) > CELLS:
        raise BadInput(f"`{key}` has {len(entries)} entries; the grid has only {CELLS} cells")
    found = set()
    for entry in entries:
        if isinstance(entry, dict) and set(entry) == {"location", "delict"}:
            location, delict = entry["location"], entry["delict"]
        elif isinstance(entry, list) and len(entry) == 2:
            location, delict = entry
        else:
            raise BadInput(f"`{key}` has the entry {json.dumps(entry)[:60]}; {GRID_SHAPE}")
        found.add((names.resolve("location", location), names.resolve("delict", delict)))
    return found


def routes(config: TableConfig) -> list[Route]:
    solo = SoloRoutes(config)
    return [
        Route("/solo", solo.page),
        Route("/api/board.svg", solo.get_board_svg),
        Route("/api/puzzles", solo.list_puzzles),
        Route("/api/puzzles", solo.post_puzzle, methods=["POST"]),
        Route("/api/puzzles/{name}", solo.get_puzzle),
        Route("/api/puzzles/{name}/hint", solo.post_hint, methods=["POST"]),
        Route("/api/puzzles/{name}/check", solo.post_check, methods=["POST"]),
        Route("/api/puzzles/{name}/solution", solo.get_solution),
        Route("/api/puzzles/{name}/solve", solo.get_solve),
        Route("/api/puzzles/{name}/explain", solo.get_explain),
        Route("/api/puzzles/{name}/odds", solo.get_odds),
    ]
