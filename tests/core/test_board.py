import networkx as nx
import pytest

from solver.core import names
from solver.core.board import FACTS, failed_facts, load_board
from solver.core.errors import BadInput
from solver.core.paths import data_file


def test_bundled_board_has_16_locations_and_20_paths(board):
    assert board.graph.number_of_nodes() == 16
    assert board.graph.number_of_edges() == 20
    assert len(board.bridges()) == 7
    assert board.warnings == []


def test_every_rulebook_fact_holds_on_the_bundled_board(board):
    assert failed_facts(board) == []
    assert len(FACTS) == 7


def test_locations_carry_district_and_compass(board):
    assert board.graph.nodes["Boos"]["district"] == "NE"
    assert board.graph.nodes["Boos"]["compass"] == {"north", "east"}
    for direction, locations in {
        # the rulebook's compass lists
        "north": ["Simmern", "Thiergarten", "Trifthütte", "Boos", "Griebelschied", "Hahnmühle", "Kirn",
                  "Herrstein"],
        "east": ["Simmern", "Thiergarten", "Trifthütte", "Boos", "Oberhausen", "Lettweiler", "Obermoschel",
                 "Meisenheim"],
    }.items():
        assert {loc for loc in names.LOCATIONS if board.in_direction(loc, direction)} == set(locations)


def test_rule_4_example_partners(board):
    # Rule 4: Boos adjoins Oberhausen; Meddersheim and Hundsbach adjoin Meisenheim.
    assert board.partners("Oberhausen", "adjoining") == ["Boos"]
    assert set(board.partners("Meisenheim", "adjoining")) == {"Meddersheim", "Hundsbach"}
    assert board.partners("Lettweiler", "adjoining") == []
    assert board.partners("Obermoschel", "adjoining") == []


def test_joined_pairs_are_symmetric(board):
    for relation, pairs in board.joined_pairs.items():
        assert all((b, a) in pairs for a, b in pairs), relation
    assert isinstance(board.graph, nx.Graph)


def _board_text(extra_path: str = "", drop: str = "") -> str:
    text = data_file("board.yaml").read_text(encoding="utf-8")
    if drop:
        text = "\n".join(line for line in text.splitlines() if drop not in line) + "\n"
    return text + extra_path


def test_a_board_breaking_facts_loads_with_one_warning_per_fact(tmp_path):
    path = tmp_path / "board.yaml"
    path.write_text(_board_text("  - {between: [Lettweiler, Hundsbach]}\n", drop="[Antes Mühle, Bärenbach]"),
                    encoding="utf-8")
    board = load_board(path)
    assert len(board.warnings) == 2
    assert any("Lettweiler and Obermoschel" in warning for warning in board.warnings)
    assert any("Antes Mühle–Bärenbach" in warning for warning in board.warnings)


def test_unknown_location_in_a_path_names_the_line_and_the_closest(tmp_path):
    path = tmp_path / "board.yaml"
    path.write_text(_board_text("  - {between: [Lettweiler, Hundsbak]}\n"), encoding="utf-8")
    with pytest.raises(BadInput) as error:
        load_board(path)
    message = str(error.value)
    assert "Hundsbach" in message and f"{path}:" in message and error.value.line is not None


def test_duplicate_path_is_an_error(tmp_path):
    path = tmp_path / "board.yaml"
    path.write_text(_board_text("  - {between: [Hundsbach, Bärenbach]}\n"), encoding="utf-8")
    with pytest.raises(BadInput, match="twice"):
        load_board(path)


def test_a_board_without_positions_places_each_location_in_its_quadrant(tmp_path):
    path = tmp_path / "board.yaml"
    text = _board_text()
    path.write_text(text[:text.index("positions:")] + text[text.index("paths:"):], encoding="utf-8")
    board = load_board(path)
    signs = {"NW": (-1, 1), "NE": (1, 1), "SW": (-1, -1), "SE": (1, -1)}
    spots = set()
    for location in names.LOCATIONS:
        x, y = board.graph.nodes[location]["position"]
        sx, sy = signs[board.district(location)]
        assert x * sx > 0 and y * sy > 0
        spots.add((x, y))
    assert len(spots) == 16


@pytest.mark.parametrize("position", ["Kirn", "[1]", "[1, two]", "[true, 2]"])
def test_a_malformed_position_names_its_line(tmp_path, position):
    path = tmp_path / "board.yaml"
    text = _board_text()
    start = text.index("positions:")
    line = text[:start].count("\n") + 2
    first = text[start:].splitlines()[1]
    name = first.split(":")[0]
    path.write_text(text.replace(first, f"{name}: {position}", 1), encoding="utf-8")
    with pytest.raises(BadInput, match="must be \\[x, y\\], two numbers") as error:
        load_board(path)
    assert error.value.line == line


def test_the_solvers_questions_are_answered_without_building_the_graph():
    board = load_board()
    assert board.joined_pairs["adjoining"] and board.partners("Oberhausen", "adjoining") == ["Boos"]
    assert board.joined("Oberhausen", "Boos", "adjoining") and board.district("Boos") == "NE"
    assert board.in_direction("Boos", "north")
    assert "graph" not in vars(board)  # the NetworkX graph is built on first use only
    graph = board.graph
    assert sorted(map(sorted, graph.edges)) == sorted(sorted((a, b)) for a, b, _ in board.paths)
    assert all(graph.has_edge(a, b) == board.has_path(a, b) for a in graph for b in graph)
    assert {a: sorted(graph[a]) for a in graph} == {a: sorted(near) for a, near in board.neighbours.items()}
