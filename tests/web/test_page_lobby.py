"""The lobby and a digital table's seats in a real browser (Chromium through Playwright), at desktop
size (Anna, who makes the table) and phone size (Ben, who joins by his link).

One whole 4-seat game, two people and two greedy bots, played through the pages to its end: the
lobby makes the table and shows a join link and a QR code per person; each page draws its own
hand, the piles by their backs, the STOP window (both pages see it while Anna is asked), the log;
Ben's connection is dropped and restored and his page catches up; time travel shows an earlier
board; "play again" leads each page to its own seat at the next table. Every byte each page receives
(every response, the first page load included, and every server-sent event) is recorded and
checked: no other hand's card, no pile order, no other seat's token (tests/tables/test_privacy.py's
checks, against the game replayed at each answer's version).

The deal is fixed (the table's seed), so that the game is the same on every run: in it Anna is asked
in a STOP window and takes it.
"""

from __future__ import annotations

import json
import re
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("playwright")
pytest.importorskip("uvicorn")
pytest.importorskip("httpx")

import httpx
from playwright.sync_api import expect

from solver.tables.service import Lobby, again_token
from solver.web.app import STATIC
from tests.tables.test_privacy import Truth, card_values, check_view, views_in
from tests.web.conftest import DESKTOP, PHONE, WAIT_MS, Watched, free_port, shot

expect.set_options(timeout=WAIT_MS)

SEED = 1  # a deal in which Anna, playing as the pages below do, is asked in a STOP window
MOVE_WAIT = 90.0  # seconds a page may take to be told of the bots' moves (generous: a busy machine is slow, not wrong)
# What a page's EventSource is told and what its fetch() calls receive, recorded in the page itself: a
# stream's body is never complete, and a fetched body is gone from the browser once the page navigates
# (the answer to "play again" leads straight to the next table). The fetched bodies go to the test at once.
RECORD_EVENTS = """
(() => {
  const originalFetch = window.fetch;
  window.fetch = async (...args) => {
    const response = await originalFetch(...args);
    const copy = response.clone();
    await copy.text().then((text) => window.__recordFetch(copy.url, copy.status,
      copy.headers.get("content-type") || "", text));
    return response;
  };
  const Original = window.EventSource;
  window.__events = [];
  window.EventSource = class extends Original {
    constructor(url, options) {
      super(url, options);
      for (const kind of ["version", "state", "message"]) {
        this.addEventListener(kind, (event) => window.__events.push({ url: String(url), kind, data: event.data }));
      }
    }
  };
})();
"""


@dataclass
class Received:
    url: str
    status: int
    type: str
    body: bytes


@dataclass
class Seat:
    """A person's page, and every response it received."""

    page: Any
    context: Any
    received: list[Received] = field(default_factory=list)  # the page loads: documents, scripts, styles
    fetched: list[Received] = field(default_factory=list)  # every fetch() answer, recorded in the page
    fetch_urls: list[str] = field(default_factory=list)  # every fetch() answer the browser saw

    def record(self, response: Any) -> None:
        kind = response.headers.get("content-type", "")
        if "text/event-stream" in kind:
            return  # the stream's events are recorded in the page (RECORD_EVENTS)
        if response.request.resource_type in ("fetch", "xhr"):
            self.fetch_urls.append(response.url)
            return
        self.received.append(Received(response.url, response.status, kind, response.body()))

    def record_fetch(self, source: Any, url: str, status: int, kind: str, text: str) -> None:
        self.fetched.append(Received(url, status, kind, text.encode()))

    def everything(self) -> list[Received]:
        return self.received + self.fetched

    def events(self) -> list[dict[str, str]]:
        return list(self.page.evaluate("window.__events"))

    def moving(self) -> str:
        return str(self.page.evaluate("document.body.dataset.moving || ''"))


@pytest.fixture
def lobby_server(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[str, Lobby]]:
    """The app with a lobby on SQLite, served by uvicorn in a thread; its tables dealt from SEED."""
    import uvicorn

    from solver.tables.db import open_database
    from solver.web import lobby_api
    from solver.web.app import TableConfig, create_app

    monkeypatch.setattr(lobby_api.secrets, "randbits", lambda bits: SEED)
    lobby = Lobby(open_database(f"sqlite:///{tmp_path / 'tables.sqlite'}"))
    app = create_app(TableConfig(folder=tmp_path, lobby=lobby))
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning", lifespan="off",
                                           timeout_graceful_shutdown=1))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("the test server did not start")
        time.sleep(0.02)
    yield f"http://127.0.0.1:{port}", lobby
    server.should_exit = True
    thread.join(timeout=5)
    lobby.engine.dispose()


@pytest.fixture
def open_seat(browser: Any) -> Iterator[Callable[..., Seat]]:
    """open_seat(url, viewport, allow=(400,)) opens a page in a context of its own, recording what it
    receives; the HTTP errors in `allow` are ones the test provokes."""
    contexts: list[Any] = []
    watched: list[Watched] = []

    def open_(url: str, viewport: dict[str, int], allow: tuple[int, ...] = ()) -> Seat:
        context = browser.new_context(viewport=viewport)
        contexts.append(context)
        context.add_init_script(RECORD_EVENTS)
        page = context.new_page()
        page.set_default_timeout(WAIT_MS)
        seat = Seat(page, context)
        context.expose_binding("__recordFetch", seat.record_fetch)
        watch = Watched(page, set(allow))
        page.on("console", watch.console)
        page.on("pageerror", lambda error: watch.problems.append(f"page error: {error}"))
        page.on("response", seat.record)
        watched.append(watch)
        page.goto(url)
        return seat

    yield open_
    for context in contexts:
        context.close()
    # a connection dropped on purpose may say so once; nothing else may go wrong on a page
    problems = [p for watch in watched for p in watch.problems if "ERR_INTERNET_DISCONNECTED" not in p]
    assert not problems, "\n".join(problems)


# ----- playing through the pages ----------------------------------------------------------------------


def take_a_step(seat: Seat, discards: bool) -> str:
    """Make this page's move as a person would, by what it shows: a pile to draw from, STOP, a card
    to discard (when `discards`) or to keep, the first playable card of the hand, or pass. Returns what
    was done."""
    page = seat.page
    live = page.locator(".pile-card-live")
    if live.count():
        live.first.click()
        return "draw"
    buttons = page.locator("#prompt-actions button")
    labels = buttons.all_text_contents()
    if any(label.startswith("STOP") for label in labels):
        buttons.filter(has_text="STOP:").click()
        return "stop"
    if "Keep my cards" in labels:
        discard = page.locator(".hand-card button.secondary")
        if discards and discard.count():
            discard.first.click()
            return "discard"
        buttons.filter(has_text="Keep my cards").click()
        return "keep"
    if "Done discarding" in labels:
        buttons.filter(has_text="Done discarding").click()
        return "done"
    playable = page.locator(".hand-card-playable .hand-card-face")
    if playable.count():
        playable.first.click()
        page.locator(".play-button").click()
        return "play"
    buttons.filter(has_text="Pass").click()
    return "pass"


def playable_now(seat: Seat) -> bool:
    """Whether the page is at the play step with a playable card in hand."""
    return bool(seat.page.locator(".hand-card-playable").count()) and seat.page.locator(
        "#prompt-actions button", has_text="Pass").count() > 0


def next_to_move(seats: list[Seat]) -> Seat | None:
    """The page whose seat is to move (None when the game is over on every page)."""
    deadline = time.monotonic() + MOVE_WAIT
    while time.monotonic() < deadline:
        states = [seat.moving() for seat in seats]
        if all(state == "over" for state in states):
            return None
        for seat, state in zip(seats, states, strict=True):
            if state == "me":
                return seat
        time.sleep(0.1)
    raise AssertionError(f"no page came to move: {[seat.moving() for seat in seats]}")


def chips(page: Any) -> set[tuple[str, str]]:
    found = page.eval_on_selector_all('.chip[data-status="on"]',
                                      "cs => cs.map(c => [c.dataset.delict, c.dataset.location])")
    return {(delict, location) for delict, location in found}


def markers(board: dict[str, Any]) -> set[tuple[str, str]]:
    return {(delict, location) for delict, locations in board["markers"].items() for location in locations}


def no_horizontal_scrolling(page: Any) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], f"the page scrolls sideways: {width} px wide"


# ----- what each page received ------------------------------------------------------------------------


def static_bytes(url: str) -> bytes | None:
    """The file a static address serves, as it lies on disk (the same for every device)."""
    path = httpx.URL(url).path
    if path.startswith("/static/"):
        return (STATIC / path.removeprefix("/static/")).read_bytes()
    if path in ("/", "/lobby"):
        return (STATIC / "lobby.html").read_bytes()
    if path.startswith("/tables/"):
        return (STATIC / "seat.html").read_bytes()
    return None


def check_received(seat: Seat, lobby: Lobby, base: str, own: set[str], others: set[str]) -> int:
    """Every response `seat`'s page received is public, its own, or a view checked against the game;
    no token of `others` appears anywhere. Returns the number of views checked."""
    views: list[tuple[dict[str, Any], int | None]] = []
    missed = set(seat.fetch_urls) - {got.url for got in seat.fetched}
    assert not missed, f"answers the page received but did not record: {missed}"
    for got in seat.everything():
        for token in others:
            assert token.encode() not in got.body, f"another seat's token reached this page: {got.url}"
        on_disk = static_bytes(got.url)
        if on_disk is not None:
            assert got.body == on_disk, got.url
            continue
        assert "json" in got.type, f"an unexpected answer: {got.url} {got.type}"
        document = json.loads(got.body)
        path = httpx.URL(got.url).path
        if path == "/api/board":
            assert got.body == httpx.get(base + path).content  # public: the same for everyone
            continue
        found = list(views_in(document))
        views.extend((view, view["seat"]) for view in found)
        if not found:
            assert not list(card_values(document)), f"card numbers in {got.url}"
        if path.endswith("/again"):
            assert document["token"] in own
    for event in seat.events():
        assert event["kind"] == "version" and set(json.loads(event["data"])) == {"version"}, event
    truths: dict[int, Truth] = {}
    for view, viewer in sorted(views, key=lambda pair: (pair[0]["table"], pair[0]["version"])):
        truth = truths.setdefault(view["table"], Truth(lobby, view["table"]))
        check_view(view, truth, viewer)
    return len(views)


# ----- the game ------------------------------------------------------------------------------------------


def test_a_whole_digital_game_through_two_pages_and_two_bots(lobby_server: tuple[str, Lobby],
                                                            open_seat: Callable[..., Seat]) -> None:
    base, lobby = lobby_server
    anna = open_seat(base + "/", DESKTOP)
    expect(anna.page.locator(".seat-row")).to_have_count(4)
    shot(anna.page, "lobby")
    anna.page.get_by_role("button", name="Create the table").click()
    expect(anna.page.locator(".join-seat img.join-qr")).to_have_count(2)  # a QR code per person, none per bot
    expect(anna.page.locator("#join-list")).to_contain_text("Cleo (greedy bot)")
    no_horizontal_scrolling(anna.page)
    shot(anna.page, "lobby-created")
    ben_link = anna.page.locator('.join-seat[data-seat="1"] .join-link').get_attribute("href")
    anna_link = anna.page.locator('.join-seat[data-seat="0"] .join-link').get_attribute("href")
    assert ben_link and anna_link and "#seat=" in ben_link
    tokens = {0: anna_link.split("#seat=")[1], 1: ben_link.split("#seat=")[1]}
    anna.page.get_by_role("button", name="Sit here as Anna").click()
    expect(anna.page.locator("#players")).to_contain_text("Anna")

    ben = open_seat(ben_link, PHONE)
    expect(ben.page.locator(".tag-you")).to_have_count(1)
    assert "#" not in ben.page.url and tokens[1] not in ben.page.url  # the token left the address bar
    expect(ben.page.locator('.player[data-seat="1"] .tag-you')).to_be_visible()
    expect(ben.page.locator(".connection-live")).to_be_visible()
    shot(ben.page, "seat-start")

    seats = [anna, ben]
    done: dict[str, int] = {}
    stop_seen = dropped = False
    while (mover := next_to_move(seats)) is not None:
        if mover is anna and anna.page.locator("#stop-box").is_visible():
            # the STOP window between turns is shown to every seat, the one asked and the others
            expect(ben.page.locator("#stop-box")).to_be_visible()
            expect(ben.page.locator("#stop")).to_contain_text("Anna is asked")
            expect(ben.page.locator("#turn")).to_have_text("STOP? Anna is asked")
            shot(anna.page, "seat-stop")
            shot(ben.page, "seat-stop")
            stop_seen = True
        if mover is anna and not dropped and done.get("play", 0) >= 4 and playable_now(anna):
            dropped = True
            drop_and_restore(anna, ben, base)
            done["play"] += 1
            continue
        if mover is ben and done.get("play", 0) == 6:
            expect(ben.page.locator(".hand-card")).not_to_have_count(0)
            no_horizontal_scrolling(ben.page)
            shot(ben.page, "seat-play")
        step = take_a_step(mover, discards=mover is ben)
        done[step] = done.get(step, 0) + 1
        if step == "play" and done["play"] == 1:
            shot(mover.page, "seat-played")
    assert stop_seen and dropped and done.get("stop") == 1, done
    assert done.get("discard", 0) > 0 and done.get("play", 0) > 10, done

    for seat in seats:
        expect(seat.page.locator("#outcome")).to_contain_text("Game over")
        expect(seat.page.locator("#turn")).to_have_text("Game over")
    final = lobby.snapshot(1)
    assert final.replayed is not None and final.replayed.state.is_terminal()
    winners = final.replayed.state.winners()
    expect(ben.page.locator("#outcome")).to_contain_text(f"{winners[0]} win")
    shot(anna.page, "seat-over")
    shot(ben.page, "seat-over")

    time_travel(ben, base, final.row.version)
    new_tokens = play_again(anna, ben, base)
    assert new_tokens[0] == again_token(tokens[0], 2) and new_tokens[1] == again_token(tokens[1], 2)

    # someone else watches the next table from the lobby's list: the board, no hand
    watcher = open_seat(base + "/", PHONE)
    watcher.page.locator('.table-entry[data-table="2"] a').click()
    watcher.page.wait_for_url("**/tables/2")
    expect(watcher.page.locator("#prompt")).to_contain_text("You are watching: the hands are private.")
    expect(watcher.page.locator("#hand-box")).to_be_hidden()
    expect(watcher.page.locator(".tag-you")).to_have_count(0)

    # nothing any page received holds what its seat may not see
    checked = check_received(anna, lobby, base, own={tokens[0], new_tokens[0], tokens[1]}, others={new_tokens[1]})
    checked += check_received(ben, lobby, base, own={tokens[1], new_tokens[1]}, others={tokens[0], new_tokens[0]})
    check_received(watcher, lobby, base, own=set(), others={*tokens.values(), *new_tokens.values()})
    assert checked > 100
    assert any(event["kind"] == "version" for event in ben.events())
    assert any("/api/tables/1/moves/" in got.url for got in ben.fetched)  # the bots' turns, one by one


def drop_and_restore(anna: Seat, ben: Seat, base: str) -> None:
    """Ben's device loses the network while Anna plays; back online, his page catches up."""
    ben.context.set_offline(True)
    expect(ben.page.locator(".connection-reconnecting")).to_be_visible()
    before = httpx.get(f"{base}/api/tables/1").json()["version"]
    assert take_a_step(anna, discards=False) == "play"
    expect(anna.page.locator("#log li")).to_have_count(before + 1)  # her turn goes on: no bot moves yet
    assert ben.page.locator("#log li").count() == before  # Ben's page has not heard of it
    ben.context.set_offline(False)
    expect(ben.page.locator(".connection-live")).to_be_visible()
    expect(ben.page.locator("#log li")).to_have_count(before + 1)
    expect(ben.page.locator("#log li").last).to_contain_text("Anna plays")


def time_travel(ben: Seat, base: str, latest: int) -> None:
    """The slider shows the board at an earlier move, as the public board at that move has it."""
    page = ben.page
    past = httpx.get(f"{base}/api/tables/1/moves/30").json()
    page.locator("#travel-range").fill("30")
    expect(page.locator("#travel-note")).to_contain_text(f"The board after move 30 of {latest}")
    expect(page.locator('.log-entry[data-seq="30"]')).to_have_class(re.compile(r"\blog-at\b"))
    assert chips(page) == markers(past["board"]) != markers(httpx.get(f"{base}/api/tables/1").json()["board"])
    shot(page, "seat-travel")
    page.locator("#travel-note").get_by_role("button", name="Back to now").click()
    expect(page.locator("#travel-note")).to_be_hidden()
    page.locator('.log-entry[data-seq="12"] .log-move').click()  # a move in the log is a way back too
    expect(page.locator("#travel-note")).to_contain_text(f"The board after move 12 of {latest}")
    page.locator("#travel-now").click()
    expect(page.locator("#travel-note")).to_be_hidden()


def play_again(anna: Seat, ben: Seat, base: str) -> dict[int, str]:
    """Anna plays again; Ben's page learns of the next table by itself and leads him to his seat."""
    anna.page.locator("#play-again").click()
    anna.page.wait_for_url("**/tables/2")
    expect(anna.page.locator('.player[data-seat="0"] .tag-you')).to_be_visible()
    expect(ben.page.locator("#play-again")).to_have_text("Take my seat at table 2")
    expect(ben.page.locator("#outcome")).to_contain_text("The next game at the same seats is ready: table 2")
    ben.page.locator("#play-again").click()
    ben.page.wait_for_url("**/tables/2")
    expect(ben.page.locator('.player[data-seat="1"] .tag-you')).to_be_visible()
    expect(ben.page.locator("#turn")).not_to_have_text("Game over")
    summary = httpx.get(f"{base}/api/tables/2").json()
    assert [s["bot"] for s in summary["seats"]] == [None, None, "greedy", "greedy"]
    found = {}
    for index, seat in ((0, anna), (1, ben)):
        answers = [json.loads(got.body) for got in seat.fetched if got.url.endswith("/api/tables/1/again")]
        assert answers and all(answer["table"] == 2 for answer in answers)
        found[index] = answers[-1]["token"]
    return found


# ----- the lobby's other ways in ---------------------------------------------------------------------


def test_a_companion_table_is_the_shared_board_played_from_its_page(
        lobby_server: tuple[str, Lobby], open_seat: Callable[..., Seat], tmp_path: Path) -> None:
    base, lobby_rows = lobby_server
    lobby = open_seat(base + "/", PHONE, allow=(400,))
    page = lobby.page
    expect(page.locator(".seat-row")).to_have_count(4)
    no_horizontal_scrolling(page)
    shot(page, "lobby")
    for row in range(2):  # every seat a bot: the server says why not, in one line
        page.locator("select[name=who]").nth(row).select_option("random")
    page.get_by_role("button", name="Create the table").click()
    expect(page.locator("#create-error")).to_have_text(
        "a table needs at least one seat for a person (a seat without a bot)")
    state = tmp_path / "box.yaml"  # the rulebook's rule 4 example, played with a box's cards
    state.write_text("players: [Anna, Ben]\nscores: {Anna: 0, Ben: 0}\nturn: Anna\nmarkers:\n"
                     "  break-in: [Oberhausen, Obermoschel, Meisenheim, Lettweiler]\n", encoding="utf-8")
    page.locator("#import-file").set_input_files(str(state))
    page.wait_for_url("**/tables/1")
    page.wait_for_selector(".location")
    expect(page.locator("#turn")).to_have_text("Anna's turn")  # the table page, on table 1's routes
    other = open_seat(base + "/tables/1", DESKTOP).page  # a second device at the same table
    expect(other.locator("#connection")).to_have_text("● live")
    for key in ("3", "8"):
        page.locator("#keypad").get_by_role("button", name=key, exact=True).click()
    expect(page.locator(".verdict-line")).to_contain_text("playable +4 (rule 1)")
    page.get_by_role("button", name=re.compile(r"^Play card 38 \(\+4 for Anna\)")).click()
    expect(page.locator("#turn")).to_have_text("Ben's turn")
    expect(other.locator("#turn")).to_have_text("Ben's turn")  # told through the lobby's change feed
    expect(other.locator("#last-move")).to_have_text("Last move: Anna played card 38: +4")
    assert lobby_rows.version(1) == 1 and "Anna: 4" in lobby_rows.export_state(1)  # saved in the database
    no_horizontal_scrolling(page)
    shot(page, "companion")
    other.get_by_role("button", name="Undo last move").click()
    other.locator("#undo-ask").get_by_role("button", name="Undo it").click()
    expect(page.locator("#turn")).to_have_text("Anna's turn")
    assert "Anna: 0" in lobby_rows.export_state(1)

    page.goto(base + "/lobby")  # a new, empty companion table, made on the lobby page
    page.locator("#companion input[name=player]").nth(2).fill("Cleo")
    page.get_by_role("button", name="Create the companion table").click()
    page.wait_for_url("**/tables/2")
    page.wait_for_selector(".location")
    expect(page.locator("#turn")).to_have_text("Anna's turn")
    expect(page.locator("#score-list li")).to_have_count(3)


def test_the_host_uploads_a_deck_and_deals_a_table_from_it(lobby_server: tuple[str, Lobby],
                                                           open_seat: Callable[..., Seat], tmp_path: Path) -> None:
    from solver.core.deck import DEFAULT_DECK
    from tests.tables.test_decks import FLIPPED, custom_deck_text

    base, lobby = lobby_server
    host = open_seat(base + "/", PHONE, allow=(400,))
    page = host.page
    expect(page.locator("#deck option")).to_have_count(1)
    broken = tmp_path / "broken.yaml"
    broken.write_text(DEFAULT_DECK.read_text(encoding="utf-8").replace("{number: 5, type: A,", "{number: 5, type: B,"),
                      encoding="utf-8")
    page.locator("#deck-file").set_input_files(str(broken))
    expect(page.locator("#deck-error")).to_contain_text("card 5 is type A by its number, not B")
    expect(page.locator("#deck option")).to_have_count(1)  # nothing saved
    ours = tmp_path / "our-box.yaml"
    ours.write_text(custom_deck_text(), encoding="utf-8")
    (tmp_path / "other.yaml").write_text(custom_deck_text().replace("# The", "# Another copy of the", 1),
                                         encoding="utf-8")
    page.locator("#deck-file").set_input_files(str(ours))  # named after its file
    expect(page.locator("#deck-done")).to_contain_text("Uploaded: our-box, 76 cards")
    expect(page.locator("#deck-error")).to_have_text("")
    expect(page.locator("#deck")).to_have_value("our-box")
    long_name = "The cards in the club's cupboard, box 2"
    page.locator("#deck-name").fill(long_name)  # a name typed (the longest there is) wins over the file's
    page.locator("#deck-file").set_input_files(str(broken.with_name("other.yaml")))
    expect(page.locator("#deck")).to_have_value(long_name)
    page.locator("#deck").select_option("our-box")
    no_horizontal_scrolling(page)
    shot(page, "lobby-deck")
    page.get_by_role("button", name="Create the table").click()
    expect(page.locator("#created")).to_be_visible()
    page.get_by_role("button", name="Sit here as Anna").click()
    page.wait_for_url("**/tables/1")
    expect(page.locator("#title")).to_have_text("Table 1 · our-box")
    no_horizontal_scrolling(page)
    created = lobby.snapshot(1).replayed
    assert created is not None and created.params.deck_name == "our-box"
    assert created.game.clues[FLIPPED].relation == "same"
    page.goto(base + "/")
    expect(page.locator("#deck option")).to_have_count(3)  # kept for the tables made after
    expect(page.locator("#deck")).to_have_value("bundled")
