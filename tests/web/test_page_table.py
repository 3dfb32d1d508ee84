"""The table page in a real browser (Chromium through Playwright), at phone and desktop size.

A short game through the page: the rulebook's rule 4 example (card 38 on the break-in
markers) and its undo, a group card's choice, the Remove-one-marker card by tapping its
marker, two pages on one game, a play on a stale board, STOP, entering a card, a new game,
and the join token.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("playwright")
pytest.importorskip("uvicorn")
pytest.importorskip("httpx")

import httpx
from playwright.sync_api import expect

from tests.web.conftest import DESKTOP, PHONE, WAIT_MS, Served, shot, write_state

expect.set_options(timeout=WAIT_MS)

RULE_4 = {"break-in": ["Oberhausen", "Obermoschel", "Meisenheim", "Lettweiler"]}
AFTER_CARD_38 = {"break-in": ["Oberhausen", "Meisenheim"], "highway robbery": ["Boos", "Meddersheim", "Hundsbach"]}
SIZES = [pytest.param(PHONE, id="phone"), pytest.param(DESKTOP, id="desktop")]


def game(serve: Callable[..., Served], tmp_path: Path, markers: dict[str, list[str]], **extra: Any) -> Served:
    return serve(write_state(tmp_path / "game.yaml", markers, **extra))


def tap(page: Any, *keys: str) -> None:
    keypad = page.locator("#keypad")
    for key in keys:
        keypad.get_by_role("button", name=key, exact=True).click()


def chips(page: Any, delict: str) -> dict[str, str]:
    """location -> status ("on", "placed", "removed", "replaced") of every marker of `delict` drawn."""
    found = page.eval_on_selector_all(f'.chip[data-delict="{delict}"]',
                                      "chips => chips.map(c => [c.dataset.location, c.dataset.status])")
    return dict(found)


def tile_at(page: Any, location: str) -> str | None:
    tiles = page.locator(f'.location[data-location="{location}"] .tile:not(.tile-ghost)')
    return tiles.first.get_attribute("data-delict") if tiles.count() else None


def score(page: Any, player: str) -> Any:
    return page.locator("#score-list li", has_text=player).locator(".player-score")


def no_horizontal_scrolling(page: Any) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], f"the page scrolls sideways: {width} px wide"


# ----- the rulebook's examples -------------------------------------------------------------------


@pytest.mark.parametrize("viewport", SIZES)
def test_rule_4_example_preview_play_and_undo(serve: Any, open_page: Any, tmp_path: Path,
                                             viewport: dict[str, int]) -> None:
    served = game(serve, tmp_path, RULE_4)
    page = open_page(served.url + "/", viewport)
    expect(page.locator("#turn")).to_have_text("Anna's turn")
    assert chips(page, "break-in") == dict.fromkeys(RULE_4["break-in"], "on")
    no_horizontal_scrolling(page)
    shot(page, "board")

    tap(page, "3", "8")  # a complete number is checked at once
    expect(page.locator(".verdict-line")).to_contain_text("playable +4 (rule 1)")
    # the rulebook's own words, then how this program reads them
    expect(page.locator(".card-text")).to_have_text("In the adjoining district the highway robbery took place next to "
                                                    "the break-in")
    expect(page.locator(".card-reading")).to_contain_text("That is: The highway robbery took place next to")
    expect(page.locator(".provenance")).to_contain_text("the rulebook prints this card")
    assert chips(page, "highway robbery") == dict.fromkeys(["Boos", "Meddersheim", "Hundsbach"], "placed")
    assert chips(page, "break-in") == {"Oberhausen": "on", "Meisenheim": "on",
                                       "Obermoschel": "removed", "Lettweiler": "removed"}
    no_horizontal_scrolling(page)
    shot(page, "preview-38")

    page.get_by_role("button", name=re.compile(r"^Play card 38 \(\+4 for Anna\)")).click()
    expect(score(page, "Anna")).to_have_text("4")
    expect(page.locator("#turn")).to_have_text("Ben's turn")
    expect(page.locator(".message-done")).to_contain_text("Anna played card 38: +4")
    assert chips(page, "highway robbery") == dict.fromkeys(["Boos", "Meddersheim", "Hundsbach"], "on")
    assert chips(page, "break-in") == {"Oberhausen": "on", "Meisenheim": "on"}
    expect(page.locator("#out-of-game")).to_have_text("38")

    page.get_by_role("button", name="Undo last move").click()  # it names the move and asks first
    expect(page.locator("#undo-ask")).to_contain_text("Undo Anna played card 38: +4?")
    expect(score(page, "Anna")).to_have_text("4")
    page.locator("#undo-ask").get_by_role("button", name="Undo it").click()
    expect(score(page, "Anna")).to_have_text("0")
    expect(page.locator(".message-done")).to_have_count(0)  # the play panel no longer tells of it
    redo = page.get_by_role("button", name="Redo Anna's play of card 38 (4 points)")
    redo.click()  # while nothing else changed
    expect(score(page, "Anna")).to_have_text("4")
    expect(redo).to_be_hidden()
    page.get_by_role("button", name="Undo last move").click()
    page.locator("#undo-ask").get_by_role("button", name="Undo it").click()
    expect(score(page, "Anna")).to_have_text("0")
    expect(page.locator("#turn")).to_have_text("Anna's turn")
    assert chips(page, "break-in") == dict.fromkeys(RULE_4["break-in"], "on")
    assert chips(page, "highway robbery") == {}


def test_group_card_asks_which_delict(serve: Any, open_page: Any, tmp_path: Path) -> None:
    served = game(serve, tmp_path, AFTER_CARD_38)  # the rulebook's rule 7 example: card 27 as highway robbery
    page = open_page(served.url + "/", DESKTOP)
    tap(page, "2", "7")
    choices = page.locator(".choices .choice")
    expect(choices).to_have_count(4)
    expect(page.locator('.choice[data-choice="robbery"]')).to_contain_text("not playable (rule 13)")
    chosen = page.locator('.choice[data-choice="highway robbery"]')
    expect(chosen).to_contain_text("+3 (rule 4)")
    expect(chosen).to_have_attribute("aria-pressed", "true")  # the best choice comes chosen
    assert chips(page, "highway robbery") == {"Meddersheim": "removed", "Hundsbach": "removed"}
    expect(page.locator('.location[data-location="Boos"] .tile-ghost')).to_have_attribute(  # the last marker's tile
        "data-delict", "highway robbery")
    page.locator('.choice[data-choice="murder"]').click()
    expect(page.get_by_role("button", name="Play", exact=True)).to_be_disabled()
    assert chips(page, "highway robbery") == dict.fromkeys(["Boos", "Meddersheim", "Hundsbach"], "on")
    shot(page, "group-choice")

    chosen.click()
    page.get_by_role("button", name=re.compile(r"^Play card 27 as highway robbery \(\+3 for Anna\)")).click()
    expect(score(page, "Anna")).to_have_text("3")
    assert tile_at(page, "Boos") == "highway robbery"
    assert chips(page, "highway robbery") == {}


def test_remove_one_marker_by_tapping_the_marker(serve: Any, open_page: Any, tmp_path: Path) -> None:
    served = game(serve, tmp_path, AFTER_CARD_38)  # the rulebook's rule 6 example, with highway robbery about
    page = open_page(served.url + "/", PHONE)
    tap(page, "Remove one marker")
    expect(page.locator(".pick-hint")).to_have_text("Tap the marker to remove on the board.")
    expect(page.locator("#card-display")).to_have_text("Remove one marker")
    page.locator('.chip[data-delict="break-in"][data-location="Meisenheim"]').click()
    expect(page.locator(".verdict-line")).to_contain_text("playable +2 (rule 6)")
    assert chips(page, "break-in") == {"Meisenheim": "removed"}
    ghost = page.locator('.location[data-location="Oberhausen"] .tile-ghost')
    expect(ghost).to_have_attribute("data-delict", "break-in")
    no_horizontal_scrolling(page)
    shot(page, "remove-one")

    page.get_by_role("button", name=re.compile(r"^Remove break-in from Meisenheim \(\+2 for Anna\)")).click()
    expect(score(page, "Anna")).to_have_text("2")
    expect(page.locator(".message-done")).to_have_text("Anna played Remove one marker: break-in on Meisenheim: +2")
    assert tile_at(page, "Oberhausen") == "break-in"
    assert chips(page, "break-in") == {}


def test_remove_one_marker_from_a_tapped_location(serve: Any, open_page: Any, tmp_path: Path) -> None:
    served = game(serve, tmp_path, AFTER_CARD_38)
    page = open_page(served.url + "/", PHONE)
    tap(page, "Remove one marker")
    page.locator('.location[data-location="Boos"] .location-name').click()  # one marker there: it is chosen
    expect(page.locator(".picked")).to_have_text("Remove the highway robbery marker on Boos:")
    expect(page.locator(".verdict-line")).to_contain_text("playable +1 (rule 6)")


# ----- several devices, one board ----------------------------------------------------------------


def test_two_pages_see_each_others_plays_without_reloading(serve: Any, open_page: Any, tmp_path: Path) -> None:
    served = game(serve, tmp_path, RULE_4)
    phone = open_page(served.url + "/", PHONE)
    desktop = open_page(served.url + "/", DESKTOP)
    expect(desktop.locator("#connection")).to_have_text("● live")

    tap(phone, "3", "8")
    phone.get_by_role("button", name=re.compile(r"^Play card 38")).click()
    expect(score(phone, "Anna")).to_have_text("4")
    expect(score(desktop, "Anna")).to_have_text("4")
    expect(desktop.locator("#turn")).to_have_text("Ben's turn")
    expect(desktop.locator("#last-move")).to_have_text("Last move: Anna played card 38: +4")
    assert chips(desktop, "highway robbery") == dict.fromkeys(["Boos", "Meddersheim", "Hundsbach"], "on")

    desktop.get_by_role("button", name="Undo last move").click()
    desktop.locator("#undo-ask").get_by_role("button", name="Undo it").click()
    expect(score(phone, "Anna")).to_have_text("0")
    assert chips(phone, "highway robbery") == {}
    expect(phone.locator(".message-done")).to_have_count(0)  # the phone's panel told of the undone play
    expect(desktop.locator("#redo")).to_be_visible()
    tap(phone, "3", "8")  # another change: the desktop's redo is gone
    phone.get_by_role("button", name=re.compile(r"^Play card 38")).click()
    expect(desktop.locator("#redo")).to_be_hidden()


def test_undo_can_be_kept(serve: Any, open_page: Any, tmp_path: Path) -> None:
    served = game(serve, tmp_path, RULE_4)
    page = open_page(served.url + "/", PHONE)
    tap(page, "3", "8")
    page.get_by_role("button", name=re.compile(r"^Play card 38")).click()
    expect(score(page, "Anna")).to_have_text("4")
    page.get_by_role("button", name="Undo last move").click()
    page.locator("#undo-ask").get_by_role("button", name="Keep it").click()
    expect(page.locator("#undo-ask")).to_be_hidden()
    expect(score(page, "Anna")).to_have_text("4")


def test_a_checked_card_is_checked_again_when_the_board_changes(serve: Any, open_page: Any, tmp_path: Path) -> None:
    served = game(serve, tmp_path, RULE_4)
    watcher = open_page(served.url + "/", DESKTOP)
    tap(watcher, "3", "8")
    expect(watcher.locator(".verdict-line")).to_contain_text("playable +4")
    player = open_page(served.url + "/", PHONE)
    tap(player, "3", "8")
    player.get_by_role("button", name=re.compile(r"^Play card 38")).click()
    expect(watcher.locator(".message-info")).to_contain_text("The board changed")
    assert chips(watcher, "break-in") == {"Oberhausen": "on", "Meisenheim": "on"}


def test_a_play_on_a_stale_board_is_refused_and_the_new_board_shown(serve: Any, open_page: Any,
                                                                    tmp_path: Path) -> None:
    served = game(serve, tmp_path, RULE_4)
    page = open_page(served.url + "/", DESKTOP, allow=(409,))
    page.route("**/api/events*", lambda route: None)  # this page misses the change feed
    page.reload()
    page.wait_for_selector(".location")
    tap(page, "3", "8")
    expect(page.locator(".verdict-line")).to_contain_text("playable +4")
    version = httpx.get(served.url + "/api/state").json()["version"]
    assert httpx.post(served.url + "/api/play", json={"card": 38, "version": version}).status_code == 200

    page.get_by_role("button", name=re.compile(r"^Play card 38")).click()
    expect(page.locator(".message-error")).to_contain_text("The board changed: here is the new one.")
    expect(score(page, "Anna")).to_have_text("4")
    expect(page.locator("#turn")).to_have_text("Ben's turn")
    assert chips(page, "highway robbery") == dict.fromkeys(["Boos", "Meddersheim", "Hundsbach"], "on")
    shot(page, "stale")


def test_refusals_show_the_rule_or_the_error_line(serve: Any, open_page: Any, tmp_path: Path) -> None:
    served = game(serve, tmp_path, RULE_4, out_of_game=[38])
    page = open_page(served.url + "/", PHONE, allow=(400,))
    tap(page, "1", "8")  # the rulebook's rule 13 example
    expect(page.locator(".verdict-line").first).to_contain_text("not playable (rule 13)")
    expect(page.get_by_role("button", name="Play", exact=True)).to_be_disabled()

    tap(page, "3", "8")  # it would be playable on this board, but the card was played before: check says so
    expect(page.locator(".verdict-line").first).to_contain_text("not playable (rule 11): already out of the game")
    expect(page.get_by_role("button", name="Play", exact=True)).to_be_disabled()
    expect(score(page, "Anna")).to_have_text("0")

    tap(page, "7", "9")
    expect(page.locator(".message-error")).to_contain_text("There is no card 79")


def test_a_play_the_server_refuses_shows_its_verdict(serve: Any, open_page: Any, tmp_path: Path) -> None:
    served = game(serve, tmp_path, RULE_4)
    page = open_page(served.url + "/", DESKTOP, allow=(422,))
    refusal = {"playable": False, "rule": 15, "reason": "Boos is full (3 markers) and would need a marker (rule 15)",
               "choices": {}, "card": httpx.post(served.url + "/api/check", json={"card": 38}).json()["card"]}
    page.route("**/api/play", lambda route: route.fulfill(status=422, json=refusal))  # decided after the check
    tap(page, "3", "8")
    page.get_by_role("button", name=re.compile(r"^Play card 38")).click()
    expect(page.locator(".message-error")).to_have_text("Not playable on the board as it is now.")
    expect(page.locator(".verdict-line")).to_contain_text("not playable (rule 15): Boos is full")
    expect(page.get_by_role("button", name="Play", exact=True)).to_be_disabled()


def test_the_keypad_waits_for_a_second_digit_when_one_could_follow(serve: Any, open_page: Any,
                                                                   tmp_path: Path) -> None:
    served = game(serve, tmp_path, RULE_4)
    page = open_page(served.url + "/", DESKTOP)
    tap(page, "1")
    expect(page.locator("#card-display")).to_have_text("card 1")
    expect(page.locator(".verdict-line")).to_have_count(0)
    tap(page, "Backspace", "9")  # no card 90 and up: one digit is enough
    expect(page.locator(".card-label")).to_contain_text("Card 9")
    page.keyboard.type("38")  # the keyboard works like the keypad
    expect(page.locator(".card-label")).to_contain_text("Card 38")


# ----- card texts ----------------------------------------------------------------------------------


def test_a_reconstructed_card_says_so_and_can_be_confirmed(serve: Any, open_page: Any, tmp_path: Path) -> None:
    served = game(serve, tmp_path, RULE_4)
    page = open_page(served.url + "/", PHONE)
    tap(page, "4")
    tap(page, "Check")
    notice = page.locator(".notice")
    expect(notice).to_contain_text("Not the printed card — check it against your card.")
    expect(page.locator(".verdict-line")).to_contain_text("playable +1 (rule 1)")
    shot(page, "reconstructed")
    notice.get_by_role("button", name="It matches my card").click()
    expect(page.locator(".provenance")).to_contain_text("entered at this table")
    expect(page.locator(".notice")).to_have_count(0)


def test_entering_a_card_by_tapping(serve: Any, open_page: Any, tmp_path: Path) -> None:
    served = game(serve, tmp_path, RULE_4)
    page = open_page(served.url + "/", PHONE)
    tap(page, "4")
    tap(page, "Check")
    page.locator(".notice").get_by_role("button", name="Enter my card…").click()
    form = page.locator("#enter-form")
    expect(form.locator(".enter-type")).to_contain_text("Card 4 is type A")
    expect(form.get_by_role("button", name="show of power")).to_have_attribute("aria-pressed", "true")
    form.get_by_role("button", name="horse theft").click()
    for location in ("Meddersheim", "Bärenbach", "Antes Mühle", "Lettweiler"):  # the reconstruction's
        form.get_by_role("button", name=location, exact=True).click()
    expect(form.get_by_role("button", name="Save card 4")).to_be_disabled()
    for location in ("Kirn", "Boos", "Simmern", "Meddersheim"):
        form.get_by_role("button", name=location, exact=True).click()
    shot(page, "enter-card")
    form.get_by_role("button", name="Save card 4").click()
    expect(form.locator(".message")).to_contain_text("Card 4 entered: The horse theft took place in")
    expect(page.locator(".card-text")).to_contain_text("horse theft")
    expect(page.locator(".provenance")).to_contain_text("entered at this table")
    page.reload()  # found again: the entry is in the game's own file, not in the page
    tap(page, "4")
    tap(page, "Check")
    expect(page.locator(".card-text")).to_contain_text("horse theft")
    expect(page.locator(".provenance")).to_contain_text("entered at this table")
    expect(page.locator(".notice")).to_have_count(0)
    assert (tmp_path / "game.cards.yaml").exists()


# ----- the tools -------------------------------------------------------------------------------------


def test_count_is_an_exact_integer_with_separators(serve: Any, open_page: Any, tmp_path: Path) -> None:
    served = game(serve, tmp_path, RULE_4)
    page = open_page(served.url + "/", PHONE)
    page.get_by_text("Assignments left").click()
    page.get_by_role("button", name="Count complete assignments").click()
    expected = httpx.get(served.url + "/api/count").json()["count"]
    expect(page.locator("#count-result")).to_have_text(f"{expected:,} complete assignments agree with the board.")


def test_stop_highlights_the_removable_markers_and_credits_the_taker(serve: Any, open_page: Any,
                                                                     tmp_path: Path) -> None:
    # the rulebook's rule 3 example, with a beehive theft marker left on Boos by mistake
    markers = {"break-in": ["Oberhausen", "Boos"], "highway robbery": ["Oberhausen", "Boos"],
               "beehive theft": ["Boos", "Trifthütte", "Thiergarten", "Simmern"]}
    served = game(serve, tmp_path, markers)
    page = open_page(served.url + "/", DESKTOP)
    page.get_by_text("STOP (rule 10)").click()
    page.get_by_role("button", name="Look for removable markers").click()
    expect(page.locator(".stop-list li")).to_have_count(1)
    expect(page.locator(".stop-list")).to_contain_text("beehive theft on Boos")
    expect(page.locator('.chip-stop[data-delict="beehive theft"][data-location="Boos"]')).to_have_count(1)
    shot(page, "stop")
    expect(page.get_by_label("who takes them")).to_have_value("Anna")  # whose turn it is: the first asked
    page.get_by_label("who takes them").select_option("Ben")
    page.get_by_role("button", name="Take them (+1)").click()
    expect(score(page, "Ben")).to_have_text("1")
    assert "Boos" not in chips(page, "beehive theft")


@pytest.mark.parametrize("viewport", SIZES)
def test_the_stop_button_says_what_taking_scores_rule_7_included(serve: Any, open_page: Any, tmp_path: Path,
                                                                 viewport: dict[str, int]) -> None:
    # murder loses its marker on Boos and keeps one, on Kirn: its tile follows (rule 7), +2 in all
    markers = {"break-in": ["Oberhausen", "Boos"], "highway robbery": ["Oberhausen", "Boos"],
               "murder": ["Boos", "Kirn"]}
    served = game(serve, tmp_path, markers)
    page = open_page(served.url + "/", viewport)
    page.get_by_text("STOP (rule 10)").click()
    page.get_by_role("button", name="Look for removable markers").click()
    page.get_by_role("button", name="Take them (+2)").click()
    expect(score(page, "Anna")).to_have_text("2")


def test_pass_with_discards(serve: Any, open_page: Any, tmp_path: Path) -> None:
    served = game(serve, tmp_path, RULE_4)
    page = open_page(served.url + "/", PHONE)
    page.get_by_text("Pass", exact=True).click()
    page.get_by_label("discard (card numbers)", exact=False).last.fill("5 61")
    page.get_by_role("button", name="Pass the turn").click()
    expect(page.locator("#turn")).to_have_text("Ben's turn")
    expect(page.locator("#out-of-game")).to_have_text("5, 61")


def test_hand_advisor_ranks_the_plays(serve: Any, open_page: Any, tmp_path: Path) -> None:
    served = game(serve, tmp_path, RULE_4)
    page = open_page(served.url + "/", DESKTOP)
    page.get_by_text("Hand advisor").click()
    page.get_by_label("cards in hand").fill("18 38 4")
    page.get_by_role("button", name="Rank the plays").click()
    ranked = page.locator(".ranked li")
    expect(ranked.first).to_contain_text("+4")
    expect(ranked.first).to_contain_text("card 38")
    ranked.first.get_by_role("button", name="Check").click()
    expect(page.locator(".verdict-line")).to_contain_text("playable +4")


def test_draw_pile_check_takes_dead_cards_out(serve: Any, open_page: Any, tmp_path: Path) -> None:
    served = game(serve, tmp_path, {}, tiles={"break-in": "Oberhausen"})  # the rulebook's rule 11 example
    page = open_page(served.url + "/", PHONE)
    page.get_by_text("Draw piles (rule 11)").click()
    page.get_by_label("cards on top of the piles").fill("11 3 4")
    page.get_by_role("button", name="Which can never be played?").click()
    expect(page.locator(".drawpile-list li.dead")).to_contain_text("card 11")
    # card 4's text is this program's reconstruction: the verdict says what it was judged by
    expect(page.locator(".drawpile-list li", has_text="card 4")).to_contain_text("judged by a reconstructed text")
    expect(page.locator(".drawpile-list li", has_text="card 11")).not_to_contain_text("reconstructed")
    page.get_by_role("button", name="Take 11 out of the game").click()
    expect(page.locator("#out-of-game")).to_have_text("11")


def test_odds_overlay_and_table(serve: Any, open_page: Any, tmp_path: Path) -> None:
    served = game(serve, tmp_path, AFTER_CARD_38)
    page = open_page(served.url + "/", PHONE)
    page.get_by_text("Odds", exact=True).click()
    page.get_by_label("show the odds on the board").check()
    expect(page.locator(".odds-table tbody tr")).to_have_count(16)
    expect(page.locator('.location[data-location="Boos"] .odds')).to_have_count(1)
    total = httpx.get(served.url + "/api/odds").json()["total"]
    expect(page.locator("#odds-result")).to_contain_text(f"Exact shares of the {total:,} complete assignments")
    page.locator(".odds-table tbody tr", has_text="Boos").locator("td").nth(15).click()  # highway robbery
    expect(page.locator(".odds-detail")).to_contain_text("highway robbery on Boos:")
    no_horizontal_scrolling(page)
    shot(page, "odds")
    page.get_by_label("show the odds on the board").uncheck()
    expect(page.locator(".odds")).to_have_count(0)


@pytest.mark.parametrize("viewport", SIZES)
def test_odds_show_ties_as_ties_and_the_table_fits_a_desktop(serve: Any, open_page: Any, tmp_path: Path,
                                                            viewport: dict[str, int]) -> None:
    # card 11 played: break-in on 4 locations; every other delict is as likely as the next
    served = game(serve, tmp_path, {"break-in": ["Oberhausen", "Obermoschel", "Meddersheim", "Lettweiler"]})
    page = open_page(served.url + "/", viewport)
    page.get_by_text("Odds", exact=True).click()
    page.get_by_label("show the odds on the board").check()
    expect(page.locator(".odds-table tbody tr")).to_have_count(16)
    kirn = page.locator('.location[data-location="Kirn"] .odds .odds-text')
    expect(kirn).to_have_text(["15 tied", "7%"])  # one row for the 15, not three of them
    meddersheim = page.locator('.location[data-location="Meddersheim"] .odds .odds-text')
    expect(meddersheim).to_have_text(["BRK", "25%", "15 tied", "5%"])
    if viewport == DESKTOP:  # all 16 columns in view, no sideways scrolling inside the table
        scroller = page.locator("#odds-result .table-scroll")
        assert scroller.evaluate("e => e.scrollWidth <= e.clientWidth")
    shot(page, f"odds-ties-{viewport['width']}")


@pytest.mark.parametrize("viewport", SIZES)
def test_ending_the_game(serve: Any, open_page: Any, tmp_path: Path, viewport: dict[str, int]) -> None:
    served = game(serve, tmp_path, RULE_4, scores={"Anna": 3, "Ben": 5})
    page = open_page(served.url + "/", viewport, allow=(422,))
    page.get_by_text("End the game (rule 12)").click()
    page.get_by_label("cards left in hands").fill("38 18")
    page.get_by_role("button", name="End the game").click()
    expect(page.locator("#end-result")).to_contain_text("The game goes on: card 38 is playable.")
    page.get_by_label("cards left in hands").fill("18")
    page.get_by_role("button", name="End the game").click()
    expect(page.locator("#outcome")).to_contain_text("Ben wins with 5 points.")
    expect(page.locator("#turn")).to_have_text("Game over")
    expect(page.locator("#outcome").get_by_role("link", name="Solo puzzles")).to_have_attribute("href", "/solo")
    shot(page, "game-over")
    # "play again": the same players in the same order, a new board, the old file kept
    page.locator("#outcome").get_by_role("button", name="Play again").click()
    expect(page.locator("#turn")).to_have_text("Anna's turn")
    expect(page.locator("#outcome")).to_be_hidden()
    expect(score(page, "Ben")).to_have_text("0")
    assert httpx.get(served.url + "/api/state").json()["players"] == ["Anna", "Ben"]
    assert (tmp_path / "game.yaml").exists()


def test_a_phone_keeps_the_turn_and_the_scores_in_view_and_shows_the_remove_card_used(
        serve: Any, open_page: Any, tmp_path: Path) -> None:
    served = game(serve, tmp_path, RULE_4, scores={"Anna": 3, "Ben": 5}, remove_one_used=["Ben"])
    page = open_page(served.url + "/", PHONE)
    page.locator("#end-box").scroll_into_view_if_needed()  # far down the page
    expect(page.locator("#turn")).to_be_in_viewport()
    expect(page.locator("#header-scores")).to_have_text("Anna 3 · Ben 5")
    expect(page.locator("#header-scores")).to_be_in_viewport()
    ben = page.locator("#score-list li", has_text="Ben")
    expect(ben.locator(".remove-used")).to_have_text("Remove used")
    expect(page.locator("#score-list li", has_text="Anna").locator(".remove-used")).to_have_count(0)
    shot(page, "phone-scrolled")


# ----- starting, joining ----------------------------------------------------------------------------------


def test_new_game_from_the_page(serve: Any, open_page: Any) -> None:
    served = serve(None)
    page = open_page(served.url + "/", PHONE, allow=(400,), wait="#new-game")
    shot(page, "new-game")
    page.get_by_label("Player 1").fill("Anna")
    page.get_by_label("Player 2").fill("Ben")
    page.get_by_label("Player 3").fill("Carl")
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator("#turn")).to_have_text("Anna's turn")
    expect(page.locator("#score-list li")).to_have_count(3)
    expect(page.locator("#connection")).to_have_text("● live")


def test_the_join_token_is_required(serve: Any, open_page: Any, tmp_path: Path) -> None:
    served = serve(write_state(tmp_path / "game.yaml", RULE_4), token="s3cret")
    page = open_page(served.url + "/", PHONE, allow=(403,), wait="")
    assert page.evaluate("document.body.innerText").count("join token") == 1
    response = page.goto(served.url + "/")
    assert response is not None and response.status == 403

    joined = open_page(served.url + "/?token=s3cret", PHONE)
    expect(joined.locator("#connection")).to_have_text("● live")
    expect(joined.locator("#join-link")).to_have_text(served.url + "/?token=s3cret")
    tap(joined, "3", "8")
    expect(joined.locator(".verdict-line")).to_contain_text("playable +4")


def test_two_player_variant_plays_on_then_ends_the_turn(serve: Any, open_page: Any, tmp_path: Path) -> None:
    served = game(serve, tmp_path, RULE_4, variant={"two_player": True, "last_delict_points": 5})
    page = open_page(served.url + "/", PHONE)
    page.get_by_label("another card this turn").check()
    tap(page, "3", "8")
    page.get_by_role("button", name=re.compile(r"^Play card 38")).click()
    expect(page.locator("#turn")).to_have_text("Anna's turn (1 card played this turn)")
    expect(page.locator("#pass-title")).to_have_text("End the turn")
    page.locator("#pass-title").click()
    page.get_by_role("button", name="End the turn").click()
    expect(page.locator("#turn")).to_have_text("Ben's turn")
    expect(page.locator("#last-move")).to_have_text("Last move: Anna ended the turn")


def test_no_odds_on_a_board_no_assignment_agrees_with(serve: Any, open_page: Any, tmp_path: Path) -> None:
    two_places = ["Oberhausen", "Boos"]  # three delicts on two locations: a careless board (rule 9)
    served = game(serve, tmp_path, {"break-in": two_places, "highway robbery": two_places, "murder": two_places})
    page = open_page(served.url + "/", PHONE)
    expect(page.locator("#contradiction")).to_contain_text("No complete assignment agrees with the board")
    page.get_by_text("Odds", exact=True).click()
    page.get_by_label("show the odds on the board").check()
    expect(page.locator("#odds-result")).to_contain_text("No odds: no complete assignment agrees")
    expect(page.locator(".odds")).to_have_count(0)
