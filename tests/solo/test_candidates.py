"""The watch on the candidates (what narrowed since a technique found nothing) is only a fast path:
every step the ladder takes with it is the step it takes from the same candidates seen afresh."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from solver.core.bits import N, bit
from solver.solo.explain import explain_puzzle
from solver.solo.puzzle import PuzzleClue
from solver.solo.techniques import TECHNIQUES, Candidates, Contradiction, closed_set, next_deduction
from tests.solo.explain_samples import puzzles
from tests.strategies import clues

EASIER = TECHNIQUES[:-1]
PUZZLES = puzzles()


def _afresh(state: Candidates) -> Candidates:
    """The same candidates and cards read, with nothing kept about them."""
    return Candidates(list(state.masks), set(state.spent))


def _outcome(state, entries, board):
    """The easier ladder's next step (as its fields, and itself), or its contradiction, or None."""
    try:
        step = next_deduction(state, entries, board, EASIER)
    except Contradiction as why:
        return ("contradiction", str(why)), None
    if step is None:
        return None, None
    return (step.technique, step.cards, step.removals, step.reason, step.premise), step


def _same_steps_as_afresh(state: Candidates, entries, board, limit: int = 60) -> None:
    """Walk the easier ladder from `state` (its watch kept), each step compared with the step from
    the same candidates seen afresh, up to a contradiction, the end or `limit` steps."""
    for _ in range(limit):
        fresh = _afresh(state)
        watched, step = _outcome(state, entries, board)
        assert watched == _outcome(fresh, entries, board)[0]
        assert state.spent == fresh.spent
        if step is None:
            return
        try:
            state.apply(step)
        except Contradiction:
            return


@settings(max_examples=150)
@given(st.lists(clues, min_size=3, max_size=30), st.data())
def test_random_cards_the_watched_ladder_takes_the_fresh_steps(board, cards, data):
    entries = [PuzzleClue(f"card {number}", clue) for number, clue in enumerate(cards, 1)]
    state = Candidates.everything()
    _same_steps_as_afresh(state, entries, board)
    for _ in range(3):  # then suppose a delict somewhere, as a trial does, from the watched state
        open_delicts = [d for d in range(N) if state.masks[d] & (state.masks[d] - 1)]
        if not open_delicts:
            return
        d = data.draw(st.sampled_from(open_delicts))
        location = data.draw(st.sampled_from([loc for loc in range(N) if state.masks[d] >> loc & 1]))
        trying = state.copy()
        trying.restrict(d, bit(location))
        _same_steps_as_afresh(trying, entries, board)


@settings(max_examples=60)
@given(st.sampled_from(sorted(PUZZLES)), st.data())
def test_bundled_trials_the_watched_ladder_takes_the_fresh_steps(board, name, data):
    """From part-way through a bundled puzzle's explanation, each case a trial tries."""
    puzzle = PUZZLES[name]
    steps = explain_puzzle(puzzle, board).steps
    state = Candidates.everything()
    for step in steps[:data.draw(st.integers(0, len(steps)))]:
        state.apply(step)
    _same_steps_as_afresh(state, puzzle.clues, board)
    open_delicts = [d for d in range(N) if state.masks[d] & (state.masks[d] - 1)]
    if open_delicts:
        d = data.draw(st.sampled_from(open_delicts))
        location = data.draw(st.sampled_from([loc for loc in range(N) if state.masks[d] >> loc & 1]))
        trying = state.copy()
        trying.restrict(d, bit(location))
        _same_steps_as_afresh(trying, puzzle.clues, board)


def test_masks_changed_behind_apply_are_not_trusted(board):
    state = Candidates.everything()
    assert closed_set(state, [], board) is None
    assert state.changed_since_quiet("closed-set") == [0, 0]
    state.masks[0] = 0b11
    state.masks[1] = 0b11
    assert state.changed_since_quiet("closed-set") is None  # looks at everything again
    found = closed_set(state, [], board)
    assert found is not None and found.technique == "closed-set"
