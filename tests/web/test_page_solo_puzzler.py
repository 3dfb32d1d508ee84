"""The solo page as a puzzler with a phone sees it (and at desktop size): cells big enough to tap,
the board in view beside the cards, rows and columns in colours of their own, "Solved" only when
every delict is placed (and then a win), a hint that says what rules out each other place.

The server and page fixtures are the solo page tests' (tests/web/test_page_solo.py), the browser
conftest's (one a module).
"""

from __future__ import annotations

import json
from functools import cache

from solver.core import vocabulary
from solver.core.board import load_board
from solver.core.names import DELICTS, GROUPS, LOCATIONS
from solver.core.paths import PUZZLES_DIR
from solver.solo.hints import Grid, GridHint, grid_hint
from solver.solo.puzzle import load_puzzle
from solver.solo.solve import solve_puzzle
from tests.web import test_page_solo
from tests.web.test_page_solo import cell, message

server, page = test_page_solo.server, test_page_solo.page  # the same fixtures (the browser: conftest's, one a module)

TAPPABLE = 28  # px: a cell a finger hits


@cache
def walked(name: str, reason: str) -> tuple[Grid, GridHint]:
    """The grid the page's hints lead to (each applied) up to the hint whose reason starts so."""
    board = load_board()
    puzzle = load_puzzle(PUZZLES_DIR / f"{name}.yaml")
    solution = solve_puzzle(puzzle, board).solution
    grid = Grid()
    while not (hint := grid_hint(puzzle, board, grid, solution)).step.reason.startswith(reason):
        grid = Grid(grid.placed | frozenset(hint.placements), grid.crossed | frozenset(hint.removals))
    return grid, hint


def open_grid(page, name: str, grid: Grid, hints: int = 0) -> None:
    """Open the puzzle with this grid in the browser's storage, as a player left it."""
    def key(pair: tuple[str, str]) -> str:
        return f"{LOCATIONS.index(pair[0])},{DELICTS.index(pair[1])}"

    cells = [[key(pair), "o"] for pair in grid.placed] + [[key(pair), "x"] for pair in grid.crossed - grid.placed]
    page.goto(f"/solo#{name}")
    page.wait_for_selector("button.cell")
    page.evaluate("([k, v]) => localStorage.setItem(k, v)",
                  [f"schinderhannes.solo.grid.{name}", json.dumps({"cells": cells, "undo": [], "hints": hints})])
    page.reload()
    page.wait_for_selector("button.cell")


def in_view(page, selector: str) -> bool:
    """Wholly inside the window (to a pixel's rounding)."""
    return page.locator(selector).evaluate("""e => { const r = e.getBoundingClientRect();
        return r.top >= -1 && r.bottom <= innerHeight + 1 && r.height > 0; }""")


# ----- 1. cells big enough to tap ------------------------------------------------------------------

def test_every_cell_is_big_enough_to_tap_and_the_row_names_stay_when_the_grid_scrolls(page):
    sizes = page.evaluate("[...document.querySelectorAll('button.cell')].map(b => b.getBoundingClientRect())"
                          ".map(r => Math.min(r.width, r.height))")
    assert len(sizes) == 256 and min(sizes) >= TAPPABLE
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")  # the page itself never scrolls sideways
    box = page.locator("#grid-box")
    if page.size == "desktop":  # room for the whole grid
        assert box.evaluate("b => b.scrollWidth <= b.clientWidth")
        assert "more-right" not in page.locator("#grid-frame").get_attribute("class")
        return
    assert box.evaluate("b => b.scrollWidth > b.clientWidth")  # a phone: the grid scrolls, inside its box
    assert "more-right" in page.locator("#grid-frame").get_attribute("class")  # the fade says there is more
    name = page.locator("#grid tbody th.row").first
    left = name.bounding_box()["x"]
    box.evaluate("b => b.scrollLeft = b.scrollWidth")
    page.wait_for_function("!document.getElementById('grid-frame').classList.contains('more-right')")
    assert name.bounding_box()["x"] == left  # the row names stay at the left
    last = cell(page, "Kirn", DELICTS[-1]).bounding_box()
    assert last["x"] + last["width"] <= box.bounding_box()["x"] + box.bounding_box()["width"] + 1
    assert last["x"] >= name.bounding_box()["x"] + name.bounding_box()["width"] - 1  # not under the names
    cell(page, "Kirn", DELICTS[-1]).click()
    assert cell(page, "Kirn", DELICTS[-1]).inner_text() == "×"


def test_a_hint_scrolls_the_grid_sideways_to_its_cells(page):
    grid, _ = walked("box-1", "Only one place is left")
    open_grid(page, "box-1", grid)
    page.click("#hint")
    target = page.locator("button.cell.hint-in")
    target.wait_for()
    page.wait_for_timeout(600)  # the smooth scroll
    box = page.locator("#grid-box").bounding_box()
    where = target.bounding_box()
    assert box["x"] <= where["x"] and where["x"] + where["width"] <= box["x"] + box["width"] + 1
    assert target.get_attribute("data-d") == str(DELICTS.index("extortion"))


# ----- 2. the board in view while reading the cards ------------------------------------------------

def test_the_board_stays_in_view_while_reading_any_card(page):
    page.select_option("#puzzle-select", "box-1")
    page.wait_for_function("document.getElementById('title').textContent.startsWith('Box puzzle 1')")
    for number in (1, 11, 21):
        page.evaluate(f"document.getElementById('clue-{number}').scrollIntoView({{block: 'end'}})")
        page.wait_for_timeout(100)
        assert in_view(page, "#board") and in_view(page, f"#clue-{number}"), number
        board, clue = page.locator("#board").bounding_box(), page.locator(f"#clue-{number}").bounding_box()
        assert board["y"] + board["height"] <= clue["y"]  # the card is not under the board
    shown = page.locator("#clues li").evaluate_all("""items => items.filter(i => {
        const r = i.getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight; }).length""")
    assert shown >= 4  # with the board in view, several cards still are


def test_a_card_chip_shows_its_card_below_the_board(page):
    page.click("#hint")
    chip = page.locator("#message .chip").first
    chip.wait_for()
    number = chip.inner_text()
    chip.click()
    page.wait_for_timeout(900)  # the smooth scroll
    assert in_view(page, f"#clue-{number}") and in_view(page, "#board")
    board, clue = page.locator("#board").bounding_box(), page.locator(f"#clue-{number}").bounding_box()
    assert board["y"] + board["height"] <= clue["y"]


def test_the_board_folds_away_and_stays_folded(page):
    assert page.locator("#board").is_visible()
    page.click("#board-box summary")
    assert not page.locator("#board").is_visible()
    # the toggle event saves the choice a moment after the click: a reload before it would lose it
    page.wait_for_function("() => Object.entries(localStorage).some(([k, v]) => k.endsWith('board') && v === 'false')")
    page.reload()
    page.wait_for_selector("button.cell")
    assert not page.locator("#board").is_visible()
    page.click("#board-box summary")
    assert page.locator("#board").is_visible()


# ----- 3. rows and columns in colours of their own --------------------------------------------------

def _rgb(css: str) -> tuple[int, int, int]:
    red, green, blue = (int(part) for part in css[css.index("(") + 1:css.index(")")].split(",")[:3])
    return red, green, blue


def test_district_rows_are_greys_and_share_no_colour_with_the_group_columns(page):
    rows = page.evaluate("""[...document.querySelectorAll('#grid tbody th.row')].map(t => getComputedStyle(t)
        .backgroundColor)""")
    columns = page.evaluate("""[...document.querySelectorAll('#grid thead th.group')].map(t => getComputedStyle(t)
        .backgroundColor)""")
    assert len(set(columns)) == len(GROUPS) and len(set(rows)) == len(vocabulary.DISTRICT_SHADES)
    assert not set(rows) & set(columns)
    served = {tuple(int(shade[i:i + 2], 16) for i in (1, 3, 5)) for shade in vocabulary.DISTRICT_SHADES.values()}
    assert {_rgb(colour) for colour in rows} == served  # the vocabulary's shadings, not the stylesheet's
    for colour in rows:  # a grey: no channel far from the others
        assert max(_rgb(colour)) - min(_rgb(colour)) <= 16, colour
    for colour in columns:  # a hue
        assert max(_rgb(colour)) - min(_rgb(colour)) >= 40, colour
    bands = page.locator("#grid tbody th.district")
    assert bands.all_inner_texts() == ["NW", "NE", "SW", "SE"]  # the board picture's district codes


# ----- 4. "Solved" only when every delict is placed, and then a win --------------------------------

def test_a_grid_that_leaves_the_last_delict_unplaced_is_not_solved_and_placing_it_is_a_win(page):
    grid, _ = walked("box-1", "Only one place is left")
    assert len(grid.placed) == 15
    open_grid(page, "box-1", grid, hints=31)
    page.evaluate("document.getElementById('message').hidden = true")
    page.click("#check")
    assert "place the last delict to finish" in message(page) and not page.locator("#message.win").count()
    page.evaluate("document.getElementById('message').hidden = true")
    page.click("#hint")
    assert message(page).startswith("Hint") and "Only one place is left: the extortion in Hundsbach" in message(page)
    page.get_by_role("button", name="Apply").click()
    page.wait_for_selector("#message.win")
    assert page.locator("#message .win-title").inner_text() == "Solved!"
    assert "a hard puzzle, solved with 32 hints" in message(page)
    assert in_view(page, "#message") and in_view(page, "#message .win-badge")
    assert "solved" in page.locator("#grid-frame").get_attribute("class")  # the grid outlined in green
    box = page.locator("#message").bounding_box()
    assert box["height"] >= 80  # not a small box
    assert page.locator("#message").evaluate("m => m.nextElementSibling.id") == "grid-frame"  # above the grid
    page.get_by_role("button", name="Next: Box puzzle 2").click()
    page.wait_for_function("document.getElementById('title').textContent.startsWith('Box puzzle 2')")
    assert "solved" not in page.locator("#grid-frame").get_attribute("class")


def test_a_win_without_hints_says_so_and_a_change_ends_the_celebration(page):
    solution = load_puzzle(PUZZLES_DIR / "tutorial-1.yaml").solution
    open_grid(page, "tutorial-1", Grid(frozenset((loc, delict) for loc, delict in solution.items() if loc != "Kirn")))
    last = cell(page, "Kirn", solution["Kirn"])
    last.click()
    last.click()
    page.wait_for_selector("#message.win")
    assert "an easy puzzle, solved without a hint" in message(page)
    last.click()  # cleared again: no longer solved
    assert "solved" not in page.locator("#grid-frame").get_attribute("class")


# ----- 5. a hint says which card rules out which place ----------------------------------------------

def test_a_single_says_which_card_rules_out_each_other_place(page):
    grid, expected = walked("box-1", "The beehive theft can only be in Boos")
    open_grid(page, "box-1", grid)
    page.click("#hint")
    ruled = page.locator("#message .ruled")
    ruled.wait_for()
    assert page.locator("#message .reason").inner_text() == expected.step.reason
    assert ruled.locator(".ruled-head").inner_text() == "What rules out the other places of the beehive theft:"
    by_card = [r.location for r in expected.ruled_out if r.by == "card"]
    assert by_card == ["Herrstein", "Hundsbach", "Oberhausen"]
    line = ruled.locator("li.by-card")
    assert line.count() == 1 and line.inner_text() == f"card 3 {', '.join(by_card)}"
    placed = [f"{r.placed[1]} in {r.placed[0]}" for r in expected.ruled_out if r.by == "placed" and r.placed]
    folded = ruled.locator("li.by-grid details")
    assert folded.locator("summary").inner_text() == f"placed {len(placed)} on your grid"
    folded.locator("summary").click()
    assert folded.inner_text().endswith(", ".join(placed))
    crossed = [r.location for r in expected.ruled_out if r.by == "crossed"]
    assert ruled.locator("li.by-grid").last.inner_text() == f"crossed out {', '.join(crossed)}"
    # the open cells the card rules out are marked on the grid; the card's chip shows the card
    why = {(LOCATIONS[int(b.get_attribute("data-l"))], DELICTS[int(b.get_attribute("data-d"))])
           for b in page.locator("button.cell.hint-why").all()}
    assert why == {(location, "beehive theft") for location in by_card}
    assert page.locator("#message .uses").count() == 0  # every card it uses is on a line of its own
    line.locator(".chip").click()
    page.wait_for_selector("#clue-1.flash")
