"""The board: a NetworkX graph of the 16 locations and the paths between them.

Nodes are display names of locations with attributes `district`, `compass` and
`position`; edges are paths with `bridge` (crosses a river) and `provenance`.
The graph is built from the parsed file when first used (`Board.graph`): what the
solvers ask (district, joined, joined_pairs, partners, in_direction) is answered from
the parsed data, so loading a board and solving on it does not import NetworkX.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any

from solver.core import names
from solver.core.errors import BadInput
from solver.core.paths import data_file
from solver.core.yamlio import line_of, load_yaml

DEFAULT_BOARD = data_file("board.yaml")
PROVENANCES = ("printed", "derived", "reconstructed")
RELATIONS = ("same", "adjoining")

if TYPE_CHECKING:
    import networkx as nx


@dataclass(eq=False)  # compared and hashed by identity: caches key on it
class Board:
    nodes: dict[str, dict[str, Any]]  # location -> district, compass, position (in the file's order)
    paths: list[tuple[str, str, dict[str, Any]]]  # a, b, {bridge, provenance} (in the file's order)
    source: str = "board"
    warnings: list[str] = field(default_factory=list)

    @cached_property
    def graph(self) -> nx.Graph[str]:
        """The board as a NetworkX graph (built on first use)."""
        import networkx as nx

        graph: nx.Graph[str] = nx.Graph()
        for location, attributes in self.nodes.items():
            graph.add_node(location, **attributes)
        for a, b, attributes in self.paths:
            graph.add_edge(a, b, **attributes)
        return graph

    @cached_property
    def neighbours(self) -> dict[str, list[str]]:
        """location -> the locations a path joins it to (in the order the paths are listed)."""
        found: dict[str, list[str]] = {location: [] for location in self.nodes}
        for a, b, _ in self.paths:
            found[a].append(b)
            found[b].append(a)
        return found

    def has_path(self, a: str, b: str) -> bool:
        return b in self.neighbours.get(a, ())

    def district(self, location: str) -> str:
        district: str = self.nodes[location]["district"]
        return district

    def joined(self, a: str, b: str, relation: str) -> bool:
        """A path joins a and b, in the same district or across a river (adjoining)."""
        if not self.has_path(a, b):
            return False
        return (self.district(a) == self.district(b)) == (relation == "same")

    @cached_property
    def joined_pairs(self) -> dict[str, frozenset[tuple[int, int]]]:
        """relation -> every ordered pair (i, j) of location indices the relation allows."""
        pairs: dict[str, set[tuple[int, int]]] = {relation: set() for relation in RELATIONS}
        for a, b, _ in self.paths:
            relation = "same" if self.district(a) == self.district(b) else "adjoining"
            i, j = names.LOCATION_INDEX[a], names.LOCATION_INDEX[b]
            pairs[relation] |= {(i, j), (j, i)}
        return {relation: frozenset(found) for relation, found in pairs.items()}

    def partners(self, location: str, relation: str) -> list[str]:
        """The locations a path joins `location` to under `relation`, in the order the paths are listed."""
        return list(self._partners[relation][location])

    @cached_property
    def _partners(self) -> dict[str, dict[str, tuple[str, ...]]]:
        # asked for many times in every card check: worked out once per board
        return {relation: {location: tuple(other for other in self.neighbours[location]
                                           if self.joined(location, other, relation))
                           for location in self.nodes}
                for relation in RELATIONS}

    def bridges(self) -> list[tuple[str, str]]:
        return [(a, b) for a, b, bridge in self.graph.edges(data="bridge", default=False) if bridge]

    def in_direction(self, location: str, direction: str) -> bool:
        compass: frozenset[str] = self.nodes[location]["compass"]
        return direction in compass


def compass_of(district: str) -> frozenset[str]:
    return frozenset(d for d, districts in names.DIRECTIONS.items() if district in districts)


def load_board(path: str | Path | None = None) -> Board:
    """Load and validate a board file; the rulebook's path facts are re-checked as warnings."""
    path = Path(path) if path else DEFAULT_BOARD
    data = load_yaml(path)
    if not isinstance(data, dict):
        raise BadInput("a board file is a mapping with `districts` and `paths`", str(path))
    nodes = _locations(data, str(path))
    board = Board(nodes, _paths(nodes, data, str(path)), str(path))
    board.warnings = [f"{path}: rulebook fact fails: {fact}" for fact in failed_facts(board)]
    return board


def _locations(data: dict[str, Any], file: str) -> dict[str, dict[str, Any]]:
    """location -> its attributes (district, compass, position), in the file's order."""
    graph: dict[str, dict[str, Any]] = {}
    districts = data.get("districts")
    if not isinstance(districts, dict):
        raise BadInput("missing `districts:` (district -> list of locations)", file)
    for code, members in districts.items():
        line = line_of(districts, code)
        try:
            district = names.resolve("district", code)
            if not isinstance(members, list):
                raise BadInput(f"district {code} must list its locations")
            for member in members:
                location = names.resolve("location", member)
                if location in graph:
                    raise BadInput(f"{location} is listed in two districts")
                graph[location] = {"district": district, "compass": compass_of(district)}
        except BadInput as error:
            raise error.located(file, line) from None
    missing = [location for location in names.LOCATIONS if location not in graph]
    if missing:
        raise BadInput("locations in no district: " + ", ".join(missing), file)
    _add_positions(graph, data, file)
    return graph


QUADRANT_CENTRES = {"NW": (-5.0, 5.0), "NE": (5.0, 5.0), "SW": (-5.0, -5.0), "SE": (5.0, -5.0)}


def _add_positions(graph: dict[str, dict[str, Any]], data: dict[str, Any], file: str) -> None:
    """Drawing positions from `positions:`; a location without one gets a spot on a circle in
    its district's quadrant, so a board file may leave them out."""
    positions = data.get("positions") or {}
    if not isinstance(positions, dict):
        raise BadInput("`positions:` maps locations to [x, y]", file, line_of(data, "positions"))
    for name, position in positions.items():
        line = line_of(positions, name)
        try:
            location = names.resolve("location", name)
        except BadInput as error:
            raise error.located(file, line) from None
        numbers = isinstance(position, list) and all(
            isinstance(v, int | float) and not isinstance(v, bool) for v in position)
        if not numbers or len(position) != 2:
            raise BadInput(f"the position of {location} must be [x, y], two numbers", file, line)
        graph[location]["position"] = (float(position[0]), float(position[1]))
    for district, (x, y) in QUADRANT_CENTRES.items():
        members = [n for n in names.LOCATIONS if graph[n]["district"] == district]
        for index, member in enumerate(members):
            # round a circle, a little turned, so that no path runs through a third location
            angle = 2 * math.pi * index / len(members) + 0.4
            graph[member].setdefault("position", (x + 3.2 * math.cos(angle), y + 3.2 * math.sin(angle)))


def _paths(nodes: dict[str, dict[str, Any]], data: dict[str, Any], file: str) -> list[tuple[str, str, dict[str, Any]]]:
    listed: list[tuple[str, str, dict[str, Any]]] = []
    seen: set[frozenset[str]] = set()
    paths = data.get("paths")
    if not isinstance(paths, list):
        raise BadInput("missing `paths:` (a list of {between: [A, B]})", file)
    for index, entry in enumerate(paths):
        line = line_of(paths, index)
        try:
            a, b, provenance = _parse_path(entry)
        except BadInput as error:
            raise error.located(file, line) from None
        if frozenset((a, b)) in seen:
            raise BadInput(f"path {a}–{b} is listed twice", file, line)
        seen.add(frozenset((a, b)))
        bridge = nodes[a]["district"] != nodes[b]["district"]
        listed.append((a, b, {"bridge": bridge, "provenance": provenance}))
    return listed


def _parse_path(entry: object) -> tuple[str, str, str]:
    between = entry.get("between") if isinstance(entry, dict) else entry
    if not isinstance(between, list) or len(between) != 2:
        raise BadInput("a path is {between: [A, B], provenance: ...} with two locations")
    a, b = names.resolve_all("location", between)
    if a == b:
        raise BadInput(f"a path from {a} to itself")
    provenance = entry.get("provenance", "reconstructed") if isinstance(entry, dict) else "reconstructed"
    if provenance not in PROVENANCES:
        raise BadInput(f"provenance {provenance!r} is not one of {', '.join(PROVENANCES)}")
    return a, b, provenance


def _outside(board: Board, location: str) -> set[str]:
    home = board.district(location)
    return {other for other in board.neighbours[location] if board.district(other) != home}


def _inside(board: Board, location: str) -> set[str]:
    return set(board.neighbours[location]) - _outside(board, location)


# What the rulebook (R) and its official solutions (L) fix about paths (docs/formats.md, "Board files").
FACTS: dict[str, Callable[[Board], bool]] = {
    "R: Boos is Oberhausen's only neighbour outside SE (rule 4 example)":
        lambda b: _outside(b, "Oberhausen") == {"Boos"},
    "R: Meddersheim and Hundsbach are Meisenheim's only neighbours outside SE (rule 4 example)":
        lambda b: _outside(b, "Meisenheim") == {"Meddersheim", "Hundsbach"},
    "R: Lettweiler and Obermoschel have no neighbour outside SE (rule 4 example)":
        lambda b: not _outside(b, "Lettweiler") and not _outside(b, "Obermoschel"),
    "R: Meddersheim has no neighbour inside SW (rule 14 example)":
        lambda b: not _inside(b, "Meddersheim"),
    "L: Antes Mühle–Bärenbach is a path (box puzzle 4, card 48)":
        lambda b: b.has_path("Antes Mühle", "Bärenbach"),
    "L: Griebelschied has a neighbour in Kirn or Herrstein (puzzles 1 and 2, card 48)":
        lambda b: bool(set(b.neighbours["Griebelschied"]) & {"Kirn", "Herrstein"}),
    "L: Hahnmühle has a neighbour in Kirn or Herrstein (puzzles 1 and 2, card 48)":
        lambda b: bool(set(b.neighbours["Hahnmühle"]) & {"Kirn", "Herrstein"}),
}


def failed_facts(board: Board) -> list[str]:
    return [fact for fact, holds in FACTS.items() if not holds(board)]
