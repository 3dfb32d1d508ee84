"""Synthesis of the deck: the counter-example loop, on box puzzle 4 alone and in full through the CLI."""

from __future__ import annotations

import json

import pytest

from solver.core.cards import DelictClue
from solver.core.semantics import holds
from solver.decks.box import box_puzzles, partial_cards
from solver.decks.synthesize import SynthesisError, choose_solutions, swaps, synthesize
from solver.decks.verify import canonical
from solver.solo.model import PuzzleModel


@pytest.fixture(scope="module")
def printed(deck):
    return {n: card.clue for n, card in deck.cards.items() if card.provenance == "printed"}


def _where(assignment):
    from solver.core import names

    return {names.DELICTS[d]: names.LOCATIONS[loc] for d, loc in enumerate(assignment)}


def test_swaps_are_the_120_exchanges():
    identity = tuple(range(16))
    found = swaps(identity)
    assert len(found) == len(set(found)) == 120
    assert all(sum(a != b for a, b in zip(s, identity, strict=True)) == 2 for s in found)


def test_puzzle_4_alone_comes_out_unique(board, printed):
    # reduced scale: one puzzle, and cards outside it need not hold under its solution
    puzzle = box_puzzles()[3]
    result = synthesize(board, [puzzle], printed, partial_cards(), seed=5, cover_all=False)
    clues = result.clues
    assert all(canonical(clues[n]) == canonical(clue) for n, clue in printed.items())  # up to list order
    assert partial_cards()[71].violations(clues[71]) == []
    where = _where(result.solutions[4])
    assert {delict: loc for loc, delict in puzzle.solution.items()} == where
    assert all(holds(clues[n], where, board) for n in puzzle.cards)
    model = PuzzleModel([clues[n] for n in puzzle.cards], board)
    assert model.solutions(limit=2) == [result.solutions[4]]


def test_hidden_solutions_extend_the_official_entries_and_are_reproducible(board, printed):
    first = choose_solutions(board, box_puzzles(), printed, partial_cards(), seed=3)
    assert first == choose_solutions(board, box_puzzles(), printed, partial_cards(), seed=3)
    for puzzle in box_puzzles():
        where = _where(first[puzzle.number])
        assert all(where[delict] == loc for loc, delict in puzzle.solution.items())
        for number in puzzle.cards:
            if number in printed:
                assert holds(printed[number], where, board), (puzzle.number, number)


def test_a_printed_card_against_an_official_entry_is_reported(board, printed):
    wrong = dict(printed)
    wrong[3] = DelictClue("beehive theft", ("Trifthütte", "Thiergarten", "Simmern", "Kirn"))  # puzzles 1-3: Boos
    with pytest.raises(SynthesisError, match="contradict"):
        choose_solutions(board, box_puzzles(), wrong, partial_cards(), seed=1)


def test_synthesize_command_writes_a_verified_deck(tmp_path, run):
    path = tmp_path / "deck.yaml"
    result = run("deck", "synthesize", "--seed", "2", "-o", str(path), "--json")
    assert result.exit_code == 0, result.output
    summary = json.loads(result.output)
    assert summary["verified"] is True and summary["iterations"] >= 1
    from solver.core.deck import load_deck

    deck = load_deck(path)
    assert deck.card(3).provenance == "printed" and deck.card(1).provenance == "reconstructed"
    assert "provenance" in path.read_text(encoding="utf-8").split("cards:")[0]
