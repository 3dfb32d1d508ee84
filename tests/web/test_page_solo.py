"""The solo page in a real browser (Playwright driving the system's Chromium), at phone and desktop size.

The server runs in a background thread on a free loopback port. Skipped when Playwright or a
`chromium` executable is missing (no browser is downloaded).
"""

from __future__ import annotations

import shutil
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from solver.core.names import DELICTS, LOCATIONS
from solver.core.paths import PUZZLES_DIR
from solver.solo.puzzle import load_puzzle

pytest.importorskip("playwright.sync_api")
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no chromium executable on PATH")

SIZES = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1280, "height": 800}}
TUTORIAL = load_puzzle(PUZZLES_DIR / "tutorial-1.yaml").solution  # location -> delict


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    """The app under uvicorn on 127.0.0.1 and a free port, in a daemon thread."""
    import uvicorn

    from solver.web.app import TableConfig, create_app

    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    uv = uvicorn.Server(uvicorn.Config(create_app(TableConfig()), log_level="warning", lifespan="off"))
    thread = threading.Thread(target=uv.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not uv.started:
        if time.monotonic() > deadline or not thread.is_alive():
            pytest.fail("the test server did not start")
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    uv.should_exit = True
    thread.join(timeout=10)
    sock.close()


@pytest.fixture(params=list(SIZES))
def page(request, browser, server) -> Iterator[Any]:
    """A fresh page (empty localStorage) on tutorial 1, at phone or desktop size; fails on any script error."""
    context = browser.new_context(viewport=SIZES[request.param], base_url=server)
    opened = context.new_page()
    errors: list[str] = []
    opened.on("pageerror", lambda error: errors.append(str(error)))
    opened.goto("/solo#tutorial-1")
    opened.wait_for_selector("button.cell")
    opened.size = request.param
    yield opened
    context.close()
    assert not errors, errors


def cell(page, location: str, delict: str):
    return page.locator(f'button.cell[data-l="{LOCATIONS.index(location)}"][data-d="{DELICTS.index(delict)}"]')


def a_wrong_delict(location: str) -> str:
    return next(delict for delict in DELICTS if delict != TUTORIAL[location])


def message(page) -> str:
    page.wait_for_selector("#message:not([hidden])")
    return page.locator("#message").text_content()


def ask(page, selector: str) -> str:
    """Press a button and wait for the message it brings (not the one still showing)."""
    page.evaluate("document.getElementById('message').hidden = true")
    page.click(selector)
    return message(page)


def test_the_page_shows_the_puzzle_the_grid_and_the_board(page):
    assert page.locator("#title").inner_text() == "Tutorial 1: delict and location cards"
    assert page.locator("#clues li").count() == 19
    assert page.locator("button.cell").count() == 256
    assert page.locator("#grid thead th.col").count() == 16 and page.locator("#grid tbody th.row").count() == 16
    assert page.locator("#puzzle-select option").count() == len(list(PUZZLES_DIR.glob("*.yaml")))
    assert page.evaluate("document.getElementById('board').naturalWidth") > 0
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")  # the page never scrolls sideways


def test_a_tap_crosses_out_places_and_clears(page):
    target = cell(page, "Kirn", TUTORIAL["Kirn"])
    target.click()
    assert target.inner_text() == "×" and "crossed" in target.get_attribute("class")
    target.click()
    assert target.inner_text() == "●" and "placed" in target.get_attribute("class")
    neighbour = cell(page, "Kirn", "murder")  # same row: crossed out by the placement, shown grey
    assert neighbour.inner_text() == "×" and "derived" in neighbour.get_attribute("class")
    assert "derived" in cell(page, "Boos", TUTORIAL["Kirn"]).get_attribute("class")  # same column
    target.click()
    assert target.inner_text() == "" and neighbour.inner_text() == ""


def test_hint_apply_check_undo_and_solution(page):
    cell(page, "Kirn", TUTORIAL["Kirn"]).click()
    cell(page, "Kirn", TUTORIAL["Kirn"]).click()
    text = ask(page, "#hint")
    assert "can only be in" in text and "Apply" in text
    assert page.locator("button.cell.hint-out").count() > 0 and page.locator("button.cell.hint-in").count() == 1
    assert page.locator("#clues li.used").count() >= 1
    page.get_by_role("button", name="Apply").click()
    assert page.locator("button.cell.placed").count() == 2 and page.locator("button.cell.hint-out").count() == 0

    wrong = cell(page, "Boos", a_wrong_delict("Boos"))  # a wrong placement
    wrong.click()
    wrong.click()
    assert ask(page, "#check").startswith("1 entry wrong.")
    assert page.locator("button.cell.wrong").count() == 0  # counted, not shown
    page.get_by_role("button", name="Show which").click()
    page.wait_for_selector("button.cell.wrong")
    assert page.locator("button.cell.wrong").count() == 1
    assert "wrong" in wrong.get_attribute("class")

    assert "Something you entered is wrong" in ask(page, "#hint")  # no hint builds on a wrong entry

    page.click("#undo")  # the wrong placement goes back to a cross
    page.click("#undo")  # and then to nothing
    assert wrong.inner_text() != "●"
    assert ask(page, "#check").startswith("Nothing wrong so far")

    page.once("dialog", lambda dialog: dialog.accept())
    assert "The solution is shown" in ask(page, "#reveal")
    placed = page.locator("button.cell.placed")
    assert placed.count() == 16
    for location in ("Kirn", "Boos", "Meisenheim"):
        assert cell(page, location, TUTORIAL[location]).inner_text() == "●"
    page.click("#undo")  # the reveal is one step
    assert page.locator("button.cell.placed").count() == 2


def test_the_solution_asks_first(page):
    page.once("dialog", lambda dialog: dialog.dismiss())
    page.click("#reveal")
    page.wait_for_timeout(300)
    assert page.locator("button.cell.placed").count() == 0


def test_progress_is_kept_per_puzzle(page):
    cell(page, "Simmern", "murder").click()
    page.reload()
    page.wait_for_selector("button.cell")
    assert cell(page, "Simmern", "murder").inner_text() == "×"
    page.select_option("#puzzle-select", "box-1")
    page.wait_for_function("document.getElementById('title').textContent.startsWith('Box puzzle 1')")
    assert page.url.endswith("#box-1") and page.locator("button.cell.crossed").count() == 0
    assert page.locator("#clues li .label").first.inner_text() == "card 3"
    page.select_option("#puzzle-select", "tutorial-1")
    page.wait_for_function("document.getElementById('title').textContent.startsWith('Tutorial 1')")
    assert cell(page, "Simmern", "murder").inner_text() == "×"
    page.click("#undo")
    assert cell(page, "Simmern", "murder").inner_text() == ""


def test_placing_every_delict_right_says_solved(page):
    page.evaluate("""solution => {
        const key = 'schinderhannes.solo.grid.tutorial-1';
        localStorage.setItem(key, JSON.stringify({cells: solution, undo: []}));
    }""", [[f"{LOCATIONS.index(loc)},{DELICTS.index(delict)}", "o"] for loc, delict in TUTORIAL.items()
           if loc != "Kirn"])
    page.reload()
    page.wait_for_selector("button.cell")
    last = cell(page, "Kirn", TUTORIAL["Kirn"])
    last.click()
    last.click()
    page.wait_for_selector("#message.win")
    assert page.locator("#message .win-title").inner_text() == "Solved!"


def test_upload_a_puzzle_file_and_a_bad_one(page, tmp_path: Path):
    good = tmp_path / "mine.yaml"
    good.write_text((PUZZLES_DIR / "easy-2.yaml").read_text(encoding="utf-8").replace(
        "title: ", "title: Mine, ", 1), encoding="utf-8")
    page.set_input_files("#upload", str(good))
    page.wait_for_function("document.getElementById('title').textContent.startsWith('Mine')")
    assert "Uploaded mine.yaml" in message(page)
    assert page.locator("#puzzle-select optgroup[label='Uploaded'] option").count() == 1
    assert "can only be in" in ask(page, "#hint")

    bad = tmp_path / "bad.yaml"
    bad.write_text("cards: [1, 2\n", encoding="utf-8")
    page.evaluate("document.getElementById('message').hidden = true")
    page.set_input_files("#upload", str(bad))
    text = message(page)
    assert text.startswith("bad.yaml: line 1: YAML syntax error")
    assert page.locator("button.cell.hint-out").count() == 0  # the hint's highlights went with its message
