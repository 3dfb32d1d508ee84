"""The board: a NetworkX graph of the 16 locations and the paths between them.

Nodes are display names of locations with attributes `district`, `compass` and
`position`; edges are paths with `bridge` (crosses a river) and `provenance`.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

import networkx as nx

from solver.core import names
from solver.core.errors import BadInput
from solver.core.paths import data_file
from solver.core.yamlio import line_of, load_yaml

DEFAULT_BOARD = data_file("board.yaml")
PROVENANCES = ("printed", "derived", "reconstructed")
RELATIONS = ("same", "adjoining")


@dataclass(eq=False)  # compared and hashed by identity: caches key on it
class Board:
    graph: nx.Graph[str]
    source: str = "board"
    warnings: list[str] = field(default_factory=list)

    def district(self, location: str) -> str:
        district: str = self.graph.nodes[location]["district"]
        return district

    def joined(self, a: str, b: str, relation: str) -> bool:
        """A path joins a and b, in the same district or across a river (adjoining)."""
        if not self.graph.has_edge(a, b):
            return False
        return (self.district(a) == self.district(b)) == (relation == "same")

    @cached_property
    def joined_pairs(self) -> dict[str, frozenset[tuple[int, int]]]:
        """relation -> every ordered pair (i, j) of location indices the relation allows."""
        pairs: dict[str, set[tuple[int, int]]] = {relation: set() for relation in RELATIONS}
        for a, b in self.graph.edges:
            relation = "same" if self.district(a) == self.district(b) else "adjoining"
            i, j = names.LOCATION_INDEX[a], names.LOCATION_INDEX[b]
            pairs[relation] |= {(i, j), (j, i)}
        return {relation: frozenset(found) for relation, found in pairs.items()}

    def partners(self, location: str, relation: str) -> list[str]:
        return [other for other in self.graph[location] if self.joined(location, other, relation)]

    def bridges(self) -> list[tuple[str, str]]:
        return [(a, b) for a, b, bridge in self.graph.edges(data="bridge", default=False) if bridge]

    def in_direction(self, location: str, direction: str) -> bool:
        compass: frozenset[str] = self.graph.nodes[location]["compass"]
        return direction in compass


def compass_of(district: str) -> frozenset[str]:
    return frozenset(d for d, districts in names.DIRECTIONS.items() if district in districts)


def load_board(path: str | Path | None = None) -> Board:
    """Load and validate a board file; the rulebook's path facts are re-checked as warnings."""
    path = Path(path) if path else DEFAULT_BOARD
    data = load_yaml(path)
    if not isinstance(data, dict):
        raise BadInput("a board file is a mapping with `districts` and `paths`", str(path))
    graph: nx.Graph[str] = nx.Graph()
    _add_locations(graph, data, str(path))
    _add_paths(graph, data, str(path))
    board = Board(graph, str(path))
    board.warnings = [f"{path}: rulebook fact fails: {fact}" for fact in failed_facts(board)]
    return board


def _add_locations(graph: nx.Graph[str], data: dict[str, Any], file: str) -> None:
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
                graph.add_node(location, district=district, compass=compass_of(district))
        except BadInput as error:
            raise error.located(file, line) from None
    missing = [location for location in names.LOCATIONS if location not in graph]
    if missing:
        raise BadInput("locations in no district: " + ", ".join(missing), file)
    _add_positions(graph, data, file)


QUADRANT_CENTRES = {"NW": (-5.0, 5.0), "NE": (5.0, 5.0), "SW": (-5.0, -5.0), "SE": (5.0, -5.0)}


def _add_positions(graph: nx.Graph[str], data: dict[str, Any], file: str) -> None:
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
        graph.nodes[location]["position"] = (float(position[0]), float(position[1]))
    for district, (x, y) in QUADRANT_CENTRES.items():
        members = [n for n in names.LOCATIONS if graph.nodes[n]["district"] == district]
        for index, member in enumerate(members):
            # round a circle, a little turned, so that no path runs through a third location
            angle = 2 * math.pi * index / len(members) + 0.4
            graph.nodes[member].setdefault("position", (x + 3.2 * math.cos(angle), y + 3.2 * math.sin(angle)))


def _add_paths(graph: nx.Graph[str], data: dict[str, Any], file: str) -> None:
    paths = data.get("paths")
    if not isinstance(paths, list):
        raise BadInput("missing `paths:` (a list of {between: [A, B]})", file)
    for index, entry in enumerate(paths):
        line = line_of(paths, index)
        try:
            a, b, provenance = _parse_path(entry)
        except BadInput as error:
            raise error.located(file, line) from None
        if graph.has_edge(a, b):
            raise BadInput(f"path {a}–{b} is listed twice", file, line)
        bridge = graph.nodes[a]["district"] != graph.nodes[b]["district"]
        graph.add_edge(a, b, bridge=bridge, provenance=provenance)


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
    return {other for other in board.graph[location] if board.district(other) != home}


def _inside(board: Board, location: str) -> set[str]:
    return set(board.graph[location]) - _outside(board, location)


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
        lambda b: b.graph.has_edge("Antes Mühle", "Bärenbach"),
    "L: Griebelschied has a neighbour in Kirn or Herrstein (puzzles 1 and 2, card 48)":
        lambda b: bool(set(b.graph["Griebelschied"]) & {"Kirn", "Herrstein"}),
    "L: Hahnmühle has a neighbour in Kirn or Herrstein (puzzles 1 and 2, card 48)":
        lambda b: bool(set(b.graph["Hahnmühle"]) & {"Kirn", "Herrstein"}),
}


def failed_facts(board: Board) -> list[str]:
    return [fact for fact, holds in FACTS.items() if not holds(board)]
