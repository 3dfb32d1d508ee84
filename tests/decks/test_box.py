"""The shipped deck against the box puzzles: unique, official, printed cards kept, every card true somewhere."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from solver.core import names
from solver.core.cards import DelictClue, DistrictClue, GroupClue, card_type_of_number, fits_type
from solver.core.paths import PUZZLES_DIR
from solver.core.semantics import as_delict_map, holds
from solver.counting import count_clues
from solver.decks.box import box_puzzles, partial_cards
from solver.solo.puzzle import load_puzzle
from solver.solo.solve import solve_puzzle

# The cards the rulebook prints, verbatim (docs/deck.md).
PRINTED = {
    3: DelictClue("beehive theft", ("Trifthütte", "Thiergarten", "Simmern", "Boos")),
    11: DelictClue("break-in", ("Oberhausen", "Obermoschel", "Meddersheim", "Lettweiler")),
    12: DelictClue("extortion", ("Oberhausen", "Meisenheim", "Simmern", "Griebelschied")),
    18: GroupClue("Imprisonment/Jailbreak", "east"),
    27: GroupClue("Felony", "north"),
    38: DistrictClue(("highway robbery", "break-in"), "adjoining"),
    48: DistrictClue(("arrest", "robbers' ball"), "same"),
}
ERRATUM_CARDS = {
    1: [3, 4, 6, 11, 15, 38, 39, 40, 42, 43, 47, 48, 50, 51, 53, 57, 60, 64, 66, 68, 70],
    2: [1, 3, 6, 7, 9, 10, 12, 14, 15, 16, 35, 37, 39, 40, 41, 42, 48, 53, 54, 58, 60, 68, 69, 75],
    3: [2, 4, 5, 8, 9, 12, 13, 14, 33, 34, 35, 41, 43, 45, 47, 56, 63, 72, 73],
    4: [8, 9, 10, 13, 33, 35, 41, 48, 49, 50, 51, 56, 58, 63, 64, 71, 74, 76],
}


def box_puzzle_path(number: int) -> Path:
    return PUZZLES_DIR / f"box-{number}.yaml"


@pytest.fixture(scope="module")
def outcomes(deck, board):
    return {p.number: solve_puzzle(load_puzzle(box_puzzle_path(p.number), deck), board) for p in box_puzzles()}


def test_box_data_matches_the_rulebook_after_the_erratum():
    puzzles = {p.number: p for p in box_puzzles()}
    assert {n: list(p.cards) for n, p in puzzles.items()} == ERRATUM_CARDS
    assert puzzles[4].complete and not any(puzzles[n].complete for n in (1, 2, 3))
    assert puzzles[1].solution["Griebelschied"] == "robbers' ball"
    assert puzzles[2].solution["Hahnmühle"] == "arrest" and puzzles[2].solution["Thiergarten"] == "break-in"
    assert 73 not in puzzles[4].cards and 73 in puzzles[4].before_erratum


@pytest.mark.parametrize("number", [1, 2, 3, 4])
def test_puzzle_file_carries_the_cards_and_only_the_official_entries(number, deck):
    official = box_puzzles()[number - 1]
    puzzle = load_puzzle(box_puzzle_path(number), deck)
    assert [entry.card for entry in puzzle.clues] == list(official.cards)
    assert puzzle.solution == official.solution


@pytest.mark.parametrize("number", [1, 2, 3, 4])
def test_box_puzzle_is_unique_and_agrees_with_the_official_entries(number, outcomes, deck, board):
    outcome = outcomes[number]
    assert outcome.status == "unique" and not outcome.disagreements
    # an independent algorithm (exact counting) agrees: exactly one solution
    assert count_clues([deck.clue(n) for n in ERRATUM_CARDS[number]], board) == 1


def test_printed_cards_keep_their_text(deck):
    for number, clue in PRINTED.items():
        assert deck.clue(number) == clue and deck.card(number).provenance == "printed"
    assert deck.card(12).text.startswith("Schinderhannes and J. Leyendecker")
    assert partial_cards()[71].violations(deck.clue(71)) == []


def test_every_card_has_the_type_its_number_gives_and_is_marked(deck):
    assert sorted(deck.cards) == list(range(1, 77))
    for card in deck.cards.values():
        assert card.letter == card_type_of_number(card.number) and fits_type(card.clue, card.letter)
        assert card.provenance == ("printed" if card.number in PRINTED else "reconstructed")


def test_the_deck_is_shaped_like_the_real_one(deck):
    a_cards = [deck.clue(n) for n in range(1, 17)]
    assert sorted(c.delict for c in a_cards) == sorted(names.DELICTS)
    assert all(len(set(c.locations)) == 4 for c in a_cards)
    assert Counter(loc for c in a_cards for loc in c.locations) == Counter({loc: 4 for loc in names.LOCATIONS})
    d_cards = [deck.clue(n) for n in range(57, 73)]
    assert sorted(c.location for c in d_cards) == sorted(names.LOCATIONS)
    assert all(len(set(c.delicts)) == 4 for c in d_cards)
    assert Counter(d for c in d_cards for d in c.delicts) == Counter({d: 4 for d in names.DELICTS})
    b_cards = {(deck.clue(n).group, deck.clue(n).direction) for n in range(17, 33)}
    assert b_cards == {(g, d) for g in names.GROUPS for d in names.DIRECTIONS}
    c_pairs = [frozenset(deck.clue(n).delicts) for n in range(33, 57)]
    assert len(set(c_pairs)) == 24 and all(len(pair) == 2 for pair in c_pairs)
    assert len({deck.clue(n).delict for n in range(73, 77)}) == 4


def test_every_card_is_true_under_one_of_the_four_solutions(outcomes, deck, board):
    solutions = [as_delict_map(outcome.solution) for outcome in outcomes.values()]
    for number, card in deck.cards.items():
        assert any(holds(card.clue, where, board) for where in solutions), number
    for number, cards in ERRATUM_CARDS.items():
        where = as_delict_map(outcomes[number].solution)
        assert all(holds(deck.clue(n), where, board) for n in cards)


def test_solve_command_proves_box_puzzle_4(run_cli):
    result = run_cli("solve", str(box_puzzle_path(4)))
    assert result.exit_code == 0, result.output
    assert "unique" in result.output and "agrees with the file's solution (16 of 16" in result.output
