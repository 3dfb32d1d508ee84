import pytest

from solver.core.cards import DelictClue, DistrictClue, LocationClue
from solver.core.names import DELICTS, LOCATIONS
from solver.core.paths import PUZZLES_DIR
from solver.solo.hints import Grid, grid_hint, hint_from_known
from solver.solo.puzzle import Puzzle, PuzzleClue, load_puzzle
from solver.solo.solve import solve_puzzle


@pytest.fixture(scope="module")
def tutorial():
    return load_puzzle(PUZZLES_DIR / "tutorial-1.yaml")


def test_an_empty_grid_gets_a_real_deduction_not_a_card_read_aloud(board, tutorial):
    hint = grid_hint(tutorial, board, Grid(), tutorial.solution)
    assert hint.status == "step" and hint.step is not None
    assert hint.step.technique != "card"
    # the beehive theft card and the three location cards that leave it one place
    assert hint.step.reason.startswith("The beehive theft can only be in Obermoschel")
    assert hint.cards == ["clue 4", "clue 8", "clue 15", "clue 17"]
    assert hint.placements == [("Obermoschel", "beehive theft")]
    assert all(location == "Obermoschel" for location, _ in hint.removals)


def test_the_hint_goes_beyond_what_the_grid_shows(board, tutorial):
    first = grid_hint(tutorial, board, Grid(), tutorial.solution)
    grid = Grid(frozenset(first.placements), frozenset(first.removals))
    second = grid_hint(tutorial, board, grid, tutorial.solution)
    assert second.step is not None and second.step.reason != first.step.reason
    assert not set(second.removals) & grid.crossed


def test_following_the_hints_solves_every_bundled_easy_puzzle(board):
    for path in sorted(PUZZLES_DIR.glob("easy-*.yaml")):
        puzzle = load_puzzle(path)
        grid, hint = Grid(), None
        for _ in range(200):
            hint = grid_hint(puzzle, board, grid, puzzle.solution)
            if hint.status != "step":
                break
            grid = Grid(grid.placed | frozenset(hint.placements), grid.crossed | frozenset(hint.removals))
        assert hint is not None and hint.status == "solved", path.name


def test_a_wrong_entry_is_counted_not_named(board, tutorial):
    wrong_place = ("Kirn", "murder")  # Kirn is the donkey theft's
    wrong_cross = ("Boos", "arrest")  # Boos is the arrest's
    hint = grid_hint(tutorial, board, Grid(frozenset({wrong_place}), frozenset({wrong_cross})), tutorial.solution)
    assert hint.status == "wrong" and hint.wrong == 2 and hint.step is None
    assert "Kirn" not in hint.message() and "donkey" not in hint.message()


def test_a_full_grid_is_solved(board, tutorial):
    grid = Grid(frozenset(tutorial.solution.items()))
    assert grid.solved() and grid_hint(tutorial, board, grid, tutorial.solution).status == "solved"


def test_when_only_card_readings_are_left_the_hint_reads_a_card(board):
    puzzle = Puzzle([PuzzleClue("clue 1", DelictClue("murder", ("Bärenbach", "Kirn", "Boos", "Simmern")))])
    solution = solve_puzzle(puzzle, board).solution
    hint = grid_hint(puzzle, board, Grid(), solution)
    assert hint.status == "step" and hint.step is not None and hint.step.technique == "card"
    assert hint.cards == ["clue 1"] and len(hint.removals) == 12 and not hint.placements


def test_a_district_card_is_a_real_deduction(board):
    clue = DistrictClue(("murder", "arrest"), "adjoining")
    puzzle = Puzzle([PuzzleClue("clue 1", clue)])
    solution = solve_puzzle(puzzle, board).solution
    hint = grid_hint(puzzle, board, Grid(), solution)
    assert hint.step is not None and hint.step.technique == "card" and hint.cards == ["clue 1"]


def test_without_real_steps_or_readings_the_hint_is_stuck(board):
    four = ("murder", "arrest", "robbery", "jailbreak")
    puzzle = Puzzle([PuzzleClue("clue 1", LocationClue("Kirn", four))])
    solution = solve_puzzle(puzzle, board).solution
    read = Grid(crossed=frozenset(("Kirn", delict) for delict in DELICTS if delict not in four))
    assert grid_hint(puzzle, board, read, solution).status == "stuck"


def test_known_placements_name_what_is_wrong(board):
    puzzle = load_puzzle(PUZZLES_DIR / "box-4.yaml")
    assert hint_from_known(puzzle, board, {"Kirn": "arrest", "Boos": "jailbreak"}).wrong == ["Kirn"]
    found = hint_from_known(puzzle, board, {"Kirn": "murder"})
    assert found.wrong is None and found.step is not None


def test_a_card_step_is_said_as_the_grid_shows_it(board):
    """Card 38 of box 1: both delicts leave the five places without a bridge, though other cards,
    read silently, already rule some of them out: the player's grid still shows them open."""
    puzzle = load_puzzle(PUZZLES_DIR / "box-1.yaml")
    solution = solve_puzzle(puzzle, board).solution
    hint = grid_hint(puzzle, board, Grid(), solution)
    assert hint.step is not None and hint.cards == ["card 38"]
    assert len(hint.removals) == 10 and {delict for _, delict in hint.removals} == {"break-in", "highway robbery"}


def _walk(puzzle, board, until=lambda hint: False):
    """Follow the hints from the empty grid as the page's Apply does; the last hint and its grid."""
    solution = solve_puzzle(puzzle, board).solution
    grid = Grid()
    while (hint := grid_hint(puzzle, board, grid, solution)).status == "step" and not until(hint):
        grid = Grid(grid.placed | frozenset(hint.placements), grid.crossed | frozenset(hint.removals))
    return hint, grid


@pytest.fixture(scope="module")
def box1():
    return load_puzzle(PUZZLES_DIR / "box-1.yaml")


def test_a_delict_left_one_place_is_placed_by_a_hint_before_the_grid_is_solved(board, box1):
    """Box 1: the hints' last deduction leaves the extortion only Hundsbach, never placed: that is
    one more hint (the placement), not "solved"."""
    last, grid = _walk(box1, board, lambda hint: not hint.step.removals and not hint.cards)
    assert last.status == "step" and last.step.technique == "single"
    assert last.placements == [("Hundsbach", "extortion")] and not last.removals
    assert last.step.reason.startswith("Only one place is left: the extortion in Hundsbach.")
    assert len(grid.placed) == 15 and grid.candidates().solved() and not grid.solved()
    assert {ruling.by for ruling in last.ruled_out} == {"placed"} and len(last.ruled_out) == 15
    full = Grid(grid.placed | {("Hundsbach", "extortion")}, grid.crossed)
    assert full.solved() and grid_hint(box1, board, full, solve_puzzle(box1, board).solution).status == "solved"


def test_a_check_says_solved_only_when_every_delict_is_placed(board, box1):
    from solver.documents.solo import grid_check_document

    _, grid = _walk(box1, board, lambda hint: not hint.step.removals and not hint.cards)
    solution = solve_puzzle(box1, board).solution
    settled = grid_check_document(grid, solution, False)
    assert not settled["solved"] and settled["wrong"] == 0
    assert settled["message"] == ("Nothing wrong, and your grid leaves one place for every delict: "
                                  "place the last delict to finish.")
    full = Grid(grid.placed | {("Hundsbach", "extortion")}, grid.crossed)
    assert grid_check_document(full, solution, False)["solved"]


def test_a_single_says_what_rules_out_every_other_place(board, box1):
    """"The beehive theft can only be in Boos": of its 15 other places, the ones still open on the
    grid are ruled out by card 3, the others by a placement in their row or by a cross."""
    hint, grid = _walk(box1, board, lambda hint: hint.step.reason.startswith("The beehive theft can only be"))
    assert hint.step.reason == "The beehive theft can only be in Boos, so nothing else took place there."
    ruled = {ruling.location: ruling for ruling in hint.ruled_out}
    assert set(ruled) == set(LOCATIONS) - {"Boos"}
    assert {ruling.delict for ruling in hint.ruled_out} == {"beehive theft"}
    by_card = {location for location, ruling in ruled.items() if ruling.by == "card"}
    assert by_card == {"Herrstein", "Hundsbach", "Oberhausen"} and ruled["Herrstein"].cards == ("card 3",)
    assert hint.cards == ["card 3"]  # the cards the rulings name, no other
    for location, ruling in ruled.items():
        if ruling.by == "placed":
            assert ruling.placed in grid.placed and ruling.placed[0] == location
        elif ruling.by == "crossed":
            assert (location, "beehive theft") in grid.crossed


@pytest.mark.parametrize("name", ["box-1", "tutorial-2", "hard-1"])
def test_every_ruling_holds_on_the_grid_and_cards(board, name):
    """Along the hints of a whole puzzle: a cell ruled out by cards is open on the grid and each of
    those cards, read alone, rules it out; one ruled out by the grid is shown so there."""
    from solver.solo.techniques import card_rules_out

    puzzle = load_puzzle(PUZZLES_DIR / f"{name}.yaml")
    solution = solve_puzzle(puzzle, board).solution
    entries = {entry.label: entry for entry in puzzle.clues}
    grid, seen = Grid(), 0
    while (hint := grid_hint(puzzle, board, grid, solution)).status == "step":
        state = grid.candidates()
        for ruling in hint.ruled_out:
            d, loc = DELICTS.index(ruling.delict), LOCATIONS.index(ruling.location)
            assert solution[ruling.location] != ruling.delict
            if ruling.by == "card":
                assert ruling.cards and set(ruling.cards) <= set(hint.cards) and state.masks[d] >> loc & 1
                assert all(card_rules_out(entries[label], board, d, loc) for label in ruling.cards)
            else:
                assert not state.masks[d] >> loc & 1
            seen += 1
        grid = Grid(grid.placed | frozenset(hint.placements), grid.crossed | frozenset(hint.removals))
    assert hint.status == "solved" and grid.solved() and seen
