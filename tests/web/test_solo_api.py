"""The solo puzzles' JSON API (solver/web/solo_api.py): every endpoint and every kind of bad input."""

from __future__ import annotations

import json
import warnings
from collections.abc import Iterator

import pytest

from solver.core.names import DELICTS, LOCATIONS
from solver.core.paths import PUZZLES_DIR
from solver.solo.puzzle import load_puzzle
from solver.web.app import TableConfig
from solver.web.bodies import MAX_BODY
from tests.web.conftest import local_client

with warnings.catch_warnings():  # this starlette would rather have httpx2; httpx is what is installed
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

TUTORIAL = load_puzzle(PUZZLES_DIR / "tutorial-1.yaml").solution  # location -> delict
UNIQUE = (PUZZLES_DIR / "tutorial-1.yaml").read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with local_client(TableConfig(), raise_server_exceptions=False) as test_client:
        yield test_client


def a_wrong_delict(location: str) -> str:
    return next(delict for delict in DELICTS if delict != TUTORIAL[location])


# ----- listing and opening ---------------------------------------------------------------------

def test_the_list_has_every_bundled_puzzle_tutorials_first(client):
    puzzles = client.get("/api/puzzles").json()["puzzles"]
    assert {p["name"] for p in puzzles} == {path.stem for path in PUZZLES_DIR.glob("*.yaml")}
    assert [p["name"] for p in puzzles][:4] == ["tutorial-1", "tutorial-2", "tutorial-3", "easy-1"]
    assert [p["name"] for p in puzzles][-1] == "box-4"
    first = puzzles[0]
    assert first == {"name": "tutorial-1", "title": "Tutorial 1: delict and location cards", "difficulty": "easy",
                     "clue_count": 19, "bundled": True}
    assert all(p["difficulty"] in ("easy", "medium", "hard", "expert") for p in puzzles)


def test_a_puzzle_has_numbered_sentences_and_no_solution(client):
    document = client.get("/api/puzzles/box-1").json()
    assert document["clues"][0] == {"number": 1, "label": "card 3", "card": 3, "kind": "delict",
                                    "sentence": document["clues"][0]["sentence"]}
    assert document["clues"][0]["sentence"].startswith("The ")
    assert [clue["number"] for clue in document["clues"]] == list(range(1, 22))
    assert [row["name"] for row in document["locations"]] == list(LOCATIONS)
    assert [column["name"] for column in document["delicts"]] == list(DELICTS)
    assert document["delicts"][0]["colour"] == "blue" and document["locations"][0]["district"] == "NW"
    assert "solution" not in json.dumps(document).lower()


@pytest.mark.parametrize("spelling", ["Tutorial-1", "tutorial_1", "TUTORIAL 1", " tutorial-1 "])
def test_puzzle_names_are_forgiving(client, spelling):
    response = client.get(f"/api/puzzles/{spelling}")
    assert response.status_code == 200 and response.json()["name"] == "tutorial-1"


@pytest.mark.parametrize("request_", [("get", "/api/puzzles/tutorial-9"), ("post", "/api/puzzles/nope/hint"),
                                      ("post", "/api/puzzles/nope/check"), ("get", "/api/puzzles/nope/solution")])
def test_an_unknown_puzzle_is_404_json(client, request_):
    method, path = request_
    response = client.request(method, path, json={})
    assert response.status_code == 404
    assert "no puzzle" in response.json()["error"]


def test_a_near_miss_is_suggested(client):
    assert "did you mean 'tutorial-1'" in client.get("/api/puzzles/tutorial1x").json()["error"]


# ----- hints -----------------------------------------------------------------------------------

def test_a_hint_on_an_empty_grid_is_a_real_step_with_its_cards_and_cells(client):
    hint = client.post("/api/puzzles/tutorial-1/hint", json={"grid": {"placed": [], "crossed": []}}).json()
    assert hint["status"] == "step" and hint["technique"] == "single" and hint["difficulty"] == "easy"
    assert hint["message"] == hint["reason"] and hint["reason"].startswith("The beehive theft can only be")
    assert hint["cards"] == ["clue 4", "clue 8", "clue 15", "clue 17"] and hint["clues"] == [4, 8, 15, 17]
    assert hint["placements"] == [{"location": "Obermoschel", "delict": "beehive theft"}]
    assert len(hint["removals"]) == 8 and hint["chain"] == []


def test_no_body_means_an_empty_grid(client):
    assert client.post("/api/puzzles/tutorial-1/hint").json()["status"] == "step"


def test_the_next_hint_starts_from_the_grid(client):
    first = client.post("/api/puzzles/tutorial-1/hint", json={}).json()
    grid = {"placed": first["placements"], "crossed": first["removals"]}
    second = client.post("/api/puzzles/tutorial-1/hint", json={"grid": grid}).json()
    assert second["status"] == "step" and second["reason"] != first["reason"]
    assert not {(r["location"], r["delict"]) for r in second["removals"]} & {
        (r["location"], r["delict"]) for r in first["removals"]}


def test_a_wrong_entry_gets_no_hint_and_no_answer(client):
    grid = {"placed": [["Kirn", a_wrong_delict("Kirn")]], "crossed": [["Boos", TUTORIAL["Boos"]]]}
    hint = client.post("/api/puzzles/tutorial-1/hint", json={"grid": grid}).json()
    assert hint["status"] == "wrong" and hint["wrong"] == 2
    assert "wrong" in hint["message"] and not {"removals", "placements", "reason"} & set(hint)
    assert TUTORIAL["Kirn"] not in hint["message"] and "Kirn" not in hint["message"]


def test_a_solved_grid_says_so(client):
    grid = {"placed": [{"location": loc, "delict": delict} for loc, delict in TUTORIAL.items()]}
    hint = client.post("/api/puzzles/tutorial-1/hint", json={"grid": grid}).json()
    assert hint == {"status": "solved", "message": "Solved: every delict has its place."}


def test_grid_names_are_forgiving(client):
    grid = {"placed": [["kirn", TUTORIAL["Kirn"].upper()]], "crossed": [["antes-muehle", "Robbers ball"]]}
    assert client.post("/api/puzzles/tutorial-1/hint", json={"grid": grid}).json()["status"] == "step"


# ----- check and solution ----------------------------------------------------------------------

def test_check_counts_wrong_entries_without_naming_them(client):
    grid = {"placed": [["Kirn", a_wrong_delict("Kirn")], ["Boos", TUTORIAL["Boos"]]],
            "crossed": [["Simmern", TUTORIAL["Simmern"]], ["Simmern", a_wrong_delict("Simmern")]]}
    answer = client.post("/api/puzzles/tutorial-1/check", json={"grid": grid}).json()
    assert answer == {"wrong": 2, "entries": 4, "solved": False, "message": "2 entries wrong."}


def test_check_names_them_when_asked(client):
    grid = {"placed": [["Kirn", a_wrong_delict("Kirn")]], "crossed": [["Simmern", TUTORIAL["Simmern"]]]}
    answer = client.post("/api/puzzles/tutorial-1/check", json={"grid": grid, "which": True}).json()
    assert answer["wrong_entries"] == [
        {"location": "Kirn", "delict": a_wrong_delict("Kirn"), "entry": "placed"},
        {"location": "Simmern", "delict": TUTORIAL["Simmern"], "entry": "crossed"}]


def test_check_of_a_right_grid_and_a_solved_one(client):
    right = client.post("/api/puzzles/tutorial-1/check", json={"grid": {"placed": [["Boos", "arrest"]]}}).json()
    assert right == {"wrong": 0, "entries": 1, "solved": False, "message": "Nothing wrong so far (1 entry entered)."}
    grid = {"placed": [[loc, delict] for loc, delict in TUTORIAL.items()]}
    assert client.post("/api/puzzles/tutorial-1/check", json={"grid": grid}).json()["solved"] is True


def test_the_solution_is_revealed_in_board_order(client):
    solution = client.get("/api/puzzles/tutorial-1/solution").json()
    assert solution["name"] == "tutorial-1"
    assert solution["solution"] == [{"location": loc, "delict": TUTORIAL[loc]} for loc in LOCATIONS]


# ----- uploads ---------------------------------------------------------------------------------

def test_an_upload_gets_a_name_and_works_like_a_bundled_puzzle(client):
    response = client.post("/api/puzzles", content=UNIQUE.encode(), headers={"content-type": "text/yaml"})
    assert response.status_code == 201
    document = response.json()
    assert document["name"].startswith("upload-") and document["bundled"] is False
    assert document["title"] == "Tutorial 1: delict and location cards" and len(document["clues"]) == 19
    again = client.post("/api/puzzles", content=UNIQUE.encode())
    assert again.json()["name"] == document["name"]  # the same text, the same name
    name = document["name"]
    assert client.get(f"/api/puzzles/{name}").json()["clues"] == document["clues"]
    assert client.post(f"/api/puzzles/{name}/hint", json={}).json()["status"] == "step"
    assert len(client.get(f"/api/puzzles/{name}/solution").json()["solution"]) == 16
    assert name not in {p["name"] for p in client.get("/api/puzzles").json()["puzzles"]}


def test_an_upload_without_a_title_or_difficulty_is_named_and_graded(client):
    text = "cards: [3, 4, 6, 11, 15, 38, 39, 40, 42, 43, 47, 48, 50, 51, 53, 57, 60, 64, 66, 68, 70]\n"
    document = client.post("/api/puzzles", content=text.encode()).json()
    assert document["title"] == document["name"] and document["difficulty"] == "hard"


@pytest.mark.parametrize(("body", "says"), [
    (b"cards: [1, 2", "YAML syntax error"),
    (b"clues: [{type: delict, delict: murdr, locations: [Kirn]}]", "did you mean 'murder'"),
    (b"cardz: [1]", "unknown key 'cardz'"),
    (b"- 1\n- 2\n", "a puzzle file is a mapping"),
    (b"cards: [1, 2]", "solutions; a solo puzzle has exactly one"),
    (b"clues:\n- {type: delict, delict: murder, locations: [Kirn, Boos, Simmern, Herrstein]}\n"
     b"- {type: not, delict: murder, locations: [Kirn, Boos, Simmern, Herrstein]}\n", "contradict"),
    (b"\xff\xfe not utf-8", "not UTF-8"),
    (b"", "the body is empty"),
    (b"   \n", "the body is empty"),
])
def test_a_bad_upload_is_400_with_one_line(client, body, says):
    response = client.post("/api/puzzles", content=body)
    assert response.status_code == 400, response.text
    error = response.json()["error"]
    assert says in error and "\n" not in error


def test_a_bad_upload_names_its_line_as_a_value(client):
    answer = client.post("/api/puzzles", content=b"title: t\ncards: [1, 2").json()
    assert answer["line"] == 2 and answer["error"].startswith("YAML syntax error")  # the page says "line 2: ..."


def test_an_upload_whose_solution_disagrees_with_its_cards_is_refused(client):
    text = UNIQUE.replace("Kirn: donkey theft", "Kirn: murder").replace("Bärenbach: murder", "Bärenbach: donkey theft")
    error = client.post("/api/puzzles", content=text.encode()).json()["error"]
    assert "the file's solution has Kirn = murder" in error


def test_an_oversized_upload_is_refused(client):
    big = ("notes: " + "x" * MAX_BODY + "\n").encode()
    response = client.post("/api/puzzles", content=big)
    assert response.status_code == 413 and "64 KB" in response.json()["error"]

    def chunks() -> Iterator[bytes]:  # no content-length: counted as it arrives
        for _ in range(20):
            yield b"#" * 4096 + b"\n"

    response = client.post("/api/puzzles", content=chunks())
    assert response.status_code == 413


# ----- bad requests ----------------------------------------------------------------------------

BAD_BODIES = [
    (b"{not json", "not JSON"),
    (b"[1, 2]", "a JSON object"),
    (b"null", "a JSON object"),
    (b"\xff", "not JSON"),
    (json.dumps({"gird": {}}).encode(), "unknown key 'gird'"),
    (json.dumps({"grid": []}).encode(), "`grid` is not an object"),
    (json.dumps({"grid": "x"}).encode(), "`grid` is not an object"),
    (json.dumps({"grid": {"placed": {}}}).encode(), "`placed` is not a list"),
    (json.dumps({"grid": {"placed": [["Kirn"]]}}).encode(), "`placed` has the entry"),
    (json.dumps({"grid": {"crossed": [["Kirn", "murder", "x"]]}}).encode(), "`crossed` has the entry"),
    (json.dumps({"grid": {"crossed": [{"location": "Kirn"}]}}).encode(), "`crossed` has the entry"),
    (json.dumps({"grid": {"crossed": [7]}}).encode(), "`crossed` has the entry"),
    (json.dumps({"grid": {"cells": []}}).encode(), "a grid has no 'cells'"),
    (json.dumps({"grid": {"placed": [["Kirm", "murder"]]}}).encode(), "unknown location 'Kirm'; did you mean 'Kirn'"),
    (json.dumps({"grid": {"placed": [["Kirn", "murderer"]]}}).encode(), "unknown delict"),
    (json.dumps({"grid": {"placed": [[1, "murder"]]}}).encode(), "expected a location name"),
    (json.dumps({"grid": {"placed": [["Kirn", None]]}}).encode(), "expected a delict name"),
    (json.dumps({"grid": {"placed": [["Kirn", "murder"]], "crossed": [["kirn", "Murder"]]}}).encode(),
     "Kirn = murder is both placed and crossed out"),
    (json.dumps({"grid": {"crossed": [["Kirn", "murder"]] * 300}}).encode(), "only 256 cells"),
]


@pytest.mark.parametrize(("body", "says"), BAD_BODIES, ids=[says for _, says in BAD_BODIES])
@pytest.mark.parametrize("question", ["hint", "check"])
def test_a_bad_grid_is_400_with_what_to_send(client, question, body, says):
    response = client.post(f"/api/puzzles/tutorial-1/{question}", content=body)
    assert response.status_code == 400, response.text
    assert says in response.json()["error"]


def test_which_is_a_boolean_and_hint_takes_no_which(client):
    response = client.post("/api/puzzles/tutorial-1/check", json={"which": "yes"})
    assert response.status_code == 400 and "`which` is true or false" in response.json()["error"]
    response = client.post("/api/puzzles/tutorial-1/hint", json={"which": True})
    assert response.status_code == 400 and "unknown key 'which'" in response.json()["error"]


def test_an_oversized_grid_is_refused(client):
    response = client.post("/api/puzzles/tutorial-1/hint", content=b" " * (MAX_BODY + 1))
    assert response.status_code == 413


def test_a_wrong_method_is_405_json(client):
    response = client.get("/api/puzzles/tutorial-1/hint")
    assert response.status_code == 405 and "error" in response.json()
    assert client.delete("/api/puzzles").status_code == 405


def test_no_request_is_a_500(client):
    """A sweep of odd requests over every route: each is answered, none with an internal error."""
    bodies = [body for body, _ in BAD_BODIES] + [b"", b"{}", b"0", b'"x"', b"true", b"{\"grid\": null}",
                                                 b"\x00\x01", "ü".encode(), b"cards: [1]"]
    paths = ["/api/puzzles", "/api/puzzles/tutorial-1/hint", "/api/puzzles/tutorial-1/check",
             "/api/puzzles/%2e%2e", "/api/puzzles/..%2Fetc/hint", "/api/puzzles/tutorial-1/solution",
             "/api/board.svg", "/solo", "/api/puzzles/" + "x" * 300]
    for path in paths:
        for method in ("GET", "POST", "PUT"):
            for body in bodies if method != "GET" else [b""]:
                response = client.request(method, path, content=body)
                assert response.status_code < 500, (method, path, body, response.text)


# ----- the page and the picture ----------------------------------------------------------------

def test_the_board_picture_is_svg(client):
    response = client.get("/api/board.svg")
    assert response.status_code == 200 and response.headers["content-type"].startswith("image/svg+xml")
    assert response.text.startswith("<svg") and "Kirn" in response.text



def test_the_page_is_served_at_solo_and_under_static(client):
    for path in ("/solo", "/static/solo.html"):
        response = client.get(path)
        assert response.status_code == 200 and "solo.js" in response.text
    for asset in ("/static/solo.js", "/static/solo.css"):
        assert client.get(asset).status_code == 200


def test_a_hostile_upload_is_refused_in_one_line(client):
    """An upload is read by the same bounded loader as a file: no alias bomb, no tags."""
    bomb = "a: &a [lol, lol]\nb: &b [*a, *a]\nclues: [*b]\n"
    for text, words in [(bomb, "anchors and aliases"), ("cards: !!python/name:os.system [1]\n", "YAML tags"),
                        ("cards: " + "[" * 200 + "]" * 200 + "\n", "nested more than 40")]:
        response = client.post("/api/puzzles", content=text.encode())
        assert response.status_code == 400, response.text
        assert words in response.json()["error"] and "\n" not in response.json()["error"]
