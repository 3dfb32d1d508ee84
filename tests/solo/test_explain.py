import json

import pytest

from solver.core.paths import PUZZLES_DIR
from solver.solo.explain import explain_puzzle
from solver.solo.model import to_solution
from solver.solo.puzzle import Puzzle, load_puzzle

TUTORIALS = sorted(PUZZLES_DIR.glob("tutorial-*.yaml"))


@pytest.mark.parametrize("path", TUTORIALS, ids=lambda p: p.stem)
def test_explanations_end_in_the_full_solution(board, path):
    puzzle = load_puzzle(path)
    explanation = explain_puzzle(puzzle, board)
    assert explanation.status == "solved"
    assert to_solution(explanation.final.assignment()) == puzzle.solution
    assert explanation.difficulty in ("easy", "medium", "hard", "expert")
    assert explanation.lines()[-1].startswith("Solved")


def test_tutorials_span_the_difficulties(board):
    grades = [explain_puzzle(load_puzzle(path), board).difficulty for path in TUTORIALS]
    assert grades == ["easy", "hard", "expert"]


def test_steps_name_their_cards(board):
    explanation = explain_puzzle(load_puzzle(TUTORIALS[1]), board)
    partner = [step for step in explanation.steps if step.technique == "partner"]
    assert partner and all(step.cards and step.cards[0] in step.reason.lower() for step in partner)


def test_where_the_ladder_runs_out_it_says_so(board):
    puzzle = load_puzzle(TUTORIALS[1])
    explanation = explain_puzzle(Puzzle(puzzle.clues[:3]), board)
    assert explanation.status == "unfinished"
    assert "search" in explanation.lines()[-1]
    # the open candidates as a short table: one delict a line, no 3,000-character line
    lines = explanation.lines()
    start = next(index for index, line in enumerate(lines) if line.startswith("Human-style steps run out"))
    assert len(lines) - start == len(explanation.open_candidates()) + 2
    assert all(len(line) < 120 for line in lines[start:])


def test_a_card_that_empties_a_delict_says_no_place_is_left(board):
    from solver.core.cards import DelictClue, NotClue
    from solver.solo.puzzle import PuzzleClue

    clues = [PuzzleClue("clue 1", DelictClue("murder", ("Kirn", "Boos", "Simmern", "Herrstein"))),
             PuzzleClue("clue 2", NotClue("murder", ("Kirn", "Boos", "Simmern", "Herrstein")))]
    lines = explain_puzzle(Puzzle(clues), board).lines()
    assert any(line.endswith("so no place is left for the murder.") for line in lines), lines
    assert not any("can only be in ." in line for line in lines)


def test_hint_is_the_first_real_deduction_not_a_card_read_aloud(run, board):
    """The same first hint the solo page gives on an empty grid, with every card it rests on."""
    from solver.solo.hints import Grid, grid_hint

    puzzle = load_puzzle(TUTORIALS[0])
    result = run("hint", str(TUTORIALS[0]), "--json")
    document = json.loads(result.output)
    page = grid_hint(puzzle, board, Grid(), puzzle.solution)
    assert result.exit_code == 0 and document["technique"] != "card"
    assert document["reason"] == page.step.reason and document["cards"] == page.cards
    assert document["placements"] == [{"delict": "beehive theft", "location": "Obermoschel"}]


def test_solve_explain_prints_steps_then_the_table(run):
    result = run("solve", str(TUTORIALS[2]), "--explain")
    assert "[trial] Suppose" in result.output and "unique" in result.output


def test_hint_steps_follow_the_page_hints_and_end_in_solved_in_n_steps(run, board):
    from solver.solo.hints import Grid, next_step

    puzzle = load_puzzle(TUTORIALS[1])
    grid, reasons = Grid(), []
    while (found := next_step(puzzle, board, grid, support=False)).status == "step":
        reasons.append(found.step.reason)
        grid = Grid(grid.placed | frozenset(found.placements), grid.crossed | frozenset(found.removals))
    assert found.status == "solved" and len(reasons) > 3
    document = json.loads(run("hint", str(TUTORIALS[1]), "--step", "3", "--json").output)
    assert document["step"] == 3 and document["reason"] == reasons[2]
    last = run("hint", str(TUTORIALS[1]), "--step", str(len(reasons)))
    assert last.exit_code == 0 and last.output.startswith(f"step {len(reasons)} ")
    past = run("hint", str(TUTORIALS[1]), "--step", str(len(reasons) + 1))
    assert past.exit_code == 1 and past.output.startswith(f"solved in {len(reasons)} steps")
    document = json.loads(run("hint", str(TUTORIALS[1]), "--step", "999", "--json").output)
    assert document == {"step": None, "status": "solved", "steps": len(reasons)}


def test_solve_explain_json_includes_the_steps(run, board):
    explanation = explain_puzzle(load_puzzle(TUTORIALS[1]), board)
    document = json.loads(run("solve", str(TUTORIALS[1]), "--explain", "--json").output)
    shown = document["explanation"]
    assert shown["status"] == "solved" and shown["difficulty"] == explanation.difficulty
    assert [step["reason"] for step in shown["steps"]] == [step.reason for step in explanation.steps]
    assert set(json.loads(run("solve", str(TUTORIALS[1]), "--json").output)) == {"status", "solution", "proof"}


def test_hint_from_what_you_know(run, board):
    """--known starts the steps from your placements; a wrong one is named, the answer is not."""
    box4 = str(PUZZLES_DIR / "box-4.yaml")
    code, first, _ = run("hint", box4)
    assert code == 0 and first.startswith("step 1 [card] Card 33:")  # a district card needs the board
    code, out, _ = run("hint", box4, "--known", "Kirn=murder")
    assert code == 0 and out.startswith("step 1 ") and out != first  # the next step from there, not step 1
    assert "Kirn" not in out.splitlines()[0]
    code, out, _ = run("hint", box4, "--known", "kirn=Arrest", "--known", "Boos=jailbreak")
    assert code == 1
    assert out == "Kirn = arrest cannot be right: no solution of the cards has it.\n"
    code, _, err = run("hint", box4, "--known", "Kirn=murder", "--known", "Kirn=arrest")
    assert code == 2 and "--known names Kirn twice" in err


def test_known_placements_settle_the_candidates(board):
    from solver.core.names import DELICT_INDEX, LOCATION_INDEX
    from solver.solo.explain import known_state

    state = known_state({"Kirn": "murder"})
    kirn = 1 << LOCATION_INDEX["Kirn"]
    assert state.masks[DELICT_INDEX["murder"]] == kirn
    assert all(not mask & kirn for d, mask in enumerate(state.masks) if d != DELICT_INDEX["murder"])


def test_the_cards_are_read_under_one_heading_and_the_deductions_numbered_from_one(board):
    explanation = explain_puzzle(load_puzzle(PUZZLES_DIR / "box-1.yaml"), board)
    readings = [step for step in explanation.steps if step.technique == "card"]
    lines = explanation.lines()
    assert lines[0] == f"What the {len(readings)} cards say on their own:"
    assert lines[len(readings) + 1] == "Deductions:"
    assert lines[len(readings) + 2].startswith("  1. [") and "[card]" not in "\n".join(lines)


def test_hint_words_what_rules_out_each_other_place_from_the_json_values(run, board):
    """`hint` prints the same rulings its --json (and the page) carries: a line per card, one for
    the placed delicts, one for what earlier steps ruled out."""
    from solver.solo.hints import Grid, next_step

    box1 = PUZZLES_DIR / "box-1.yaml"
    puzzle, grid, number = load_puzzle(box1), Grid(), 1
    while not (found := next_step(puzzle, board, grid, support=False)).step.reason.startswith("The beehive theft"):
        grid = Grid(grid.placed | frozenset(found.placements), grid.crossed | frozenset(found.removals))
        number += 1
    document = json.loads(run("hint", box1, "--step", number, "--json").output)
    lines = run("hint", box1, "--step", number).output.splitlines()
    assert lines[0] == f"step {number} [single] {document['reason']}"
    assert document["reason"] == "The beehive theft can only be in Boos, so nothing else took place there."
    cards = [ruling["location"] for ruling in document["ruled_out"] if ruling["by"] == "card"]
    assert all(ruling["cards"] == ["card 3"] and ruling["clues"] == [1] for ruling in document["ruled_out"]
               if ruling["by"] == "card")
    assert cards == ["Herrstein", "Hundsbach", "Oberhausen"]
    assert lines[1] == f"  ruled out by card 3: {', '.join(cards)}"
    placed = [f"the {ruling['placed']['delict']} in {ruling['placed']['location']}" for ruling in document["ruled_out"]
              if ruling["by"] == "placed"]
    assert lines[2] == f"  ruled out by what is placed: {', '.join(placed)}"
    before = [ruling["location"] for ruling in document["ruled_out"] if ruling["by"] == "crossed"]
    assert lines[3] == f"  ruled out before this step: {', '.join(before)}" and lines[4] == "  uses card 3"
    assert len(document["ruled_out"]) == 15
