import contextlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver.core import names
from solver.core.bits import FULL, N, indices, mask_of
from solver.core.cards import DelictClue, DistrictClue, GroupClue, LocationClue
from solver.core.matching import every_candidate_matched
from solver.solo.puzzle import PuzzleClue
from solver.solo.techniques import (
    TECHNIQUES,
    Candidates,
    Contradiction,
    _closed_set_search,
    closed_set,
    district_partners,
    group_direction,
    single_candidate,
    single_card,
)
from tests.strategies import solutions, true_clues

L = names.LOCATION_INDEX
D = names.DELICT_INDEX


def _mask(*locations: str) -> int:
    return sum(1 << L[loc] for loc in locations)


def test_the_ladder_is_declared_once_in_order_of_difficulty():
    assert [t.name for t in TECHNIQUES] == ["card", "single", "closed-set", "group", "partner", "trial"]
    assert [t.level for t in TECHNIQUES] == sorted(t.level for t in TECHNIQUES)


def test_single_card_applies_a_delict_card(board):
    state = Candidates.everything()
    card_11 = PuzzleClue("card 11", DelictClue("break-in", ("Oberhausen", "Obermoschel", "Meddersheim", "Lettweiler")))
    step = single_card(state, [card_11], board)
    assert step.cards == ["card 11"] and len(step.removals) == 12
    state.apply(step)
    assert state.masks[D["break-in"]] == _mask("Oberhausen", "Obermoschel", "Meddersheim", "Lettweiler")
    assert single_card(state, [card_11], board) is None


def test_single_card_district_removes_places_without_a_bridge(board):
    card_38 = PuzzleClue("card 38", DistrictClue(("highway robbery", "break-in"), "adjoining"))
    step = single_card(Candidates.everything(), [card_38], board)
    gone = {names.LOCATIONS[loc] for d, loc in step.removals if d == D["break-in"]}
    assert {"Lettweiler", "Obermoschel"} <= gone and "Oberhausen" not in gone


def test_location_card_removes_other_delicts(board):
    card = PuzzleClue("card 71", LocationClue("Oberhausen", ("break-in", "imprisonment", "robbery", "hideout")))
    step = single_card(Candidates.everything(), [card], board)
    assert len(step.removals) == 12 and all(loc == L["Oberhausen"] for _, loc in step.removals)


def test_single_candidate_naked_and_hidden(board):
    state = Candidates.everything()
    state.masks[D["murder"]] = _mask("Kirn")
    step = single_candidate(state, [], board)
    assert len(step.removals) == 15 and all(loc == L["Kirn"] for _, loc in step.removals)
    state = Candidates.everything()
    for d in range(16):
        if d != D["arrest"]:
            state.masks[d] &= ~_mask("Boos")
    step = single_candidate(state, [], board)
    assert step.removals == [(D["arrest"], loc) for loc in range(16) if loc != L["Boos"]]


def test_rule_3_closed_pair(board):
    # Rule 3 example: break-in and highway robbery both only on Oberhausen and Boos.
    state = Candidates.everything()
    state.masks[D["break-in"]] = state.masks[D["highway robbery"]] = _mask("Oberhausen", "Boos")
    step = closed_set(state, [], board)
    assert "rule 3" in step.reason
    assert {loc for _, loc in step.removals} == {L["Oberhausen"], L["Boos"]}
    assert len(step.removals) == 28


def test_closed_set_detects_three_delicts_in_two_places(board):
    state = Candidates.everything()
    for delict in ("arrest", "jailbreak", "hideout"):
        state.masks[D[delict]] = _mask("Kirn", "Boos")
    with pytest.raises(Contradiction, match="hideout"):
        state.apply(closed_set(state, [], board))


def near_solved(data) -> Candidates:
    """Candidates made of one to three assignments (each candidate in a full one), now and then
    one place more or less for a delict (closed sets to find, sets short of places)."""
    state = Candidates([0] * N)
    for _ in range(data.draw(st.integers(1, 3))):
        for d, location in enumerate(data.draw(st.permutations(range(N)))):
            state.masks[d] |= 1 << location
    for d in range(N):
        change = data.draw(st.integers(0, 19))
        if change == 0:
            state.masks[d] |= 1 << data.draw(st.integers(0, N - 1))
        elif change == 1 and state.masks[d] & (state.masks[d] - 1):
            state.masks[d] &= ~(1 << data.draw(st.sampled_from(indices(state.masks[d]))))
    return state


def _outcome(find, state: Candidates):
    """What a closed-set search finds in a copy of the state: the step, None, or the contradiction."""
    try:
        return find(state.copy())
    except Contradiction as why:
        return f"contradiction: {why}"


@settings(max_examples=400)
@given(st.data())
def test_the_closed_set_search_finds_nothing_when_every_candidate_is_matched(board, data):
    state = near_solved(data)
    searched = _outcome(_closed_set_search, state)
    if every_candidate_matched(state.masks):
        assert searched is None
    assert _outcome(lambda copy: closed_set(copy, [], board), state) == (
        None if every_candidate_matched(state.masks) else searched)


def _single_by_its_definition(state: Candidates) -> tuple | None:
    """The single step as the ladder defines it, cell by cell: the first delict with one place left
    that another delict may still take, else the first location only one delict (with other
    places) may still take; as (delict, location, removals)."""
    holders = [sum(1 << d for d in range(N) if state.masks[d] >> loc & 1) for loc in range(N)]
    for d, mask in enumerate(state.masks):
        if mask and not mask & (mask - 1) and holders[mask.bit_length() - 1] != 1 << d:
            loc = mask.bit_length() - 1
            return d, loc, [(o, loc) for o in indices(holders[loc]) if o != d]
    for loc, held in enumerate(holders):
        if held and not held & (held - 1) and state.masks[held.bit_length() - 1] != 1 << loc:
            d = held.bit_length() - 1
            return d, loc, [(d, other) for other in indices(state.masks[d]) if other != loc]
    return None


@settings(max_examples=400)
@given(st.data())
def test_the_single_step_is_the_first_one_by_its_definition(board, data):
    state = near_solved(data)
    for d in data.draw(st.lists(st.integers(0, N - 1), max_size=4)):  # some delicts settled by hand
        if state.masks[d]:
            state.masks[d] &= -state.masks[d]
    step, expected = single_candidate(state, [], board), _single_by_its_definition(state)
    if expected is None:
        assert step is None
        return
    d, loc, removals = expected
    assert step is not None and step.removals == removals
    assert names.DELICTS[d] in step.reason and names.LOCATIONS[loc] in step.reason


DISTRICT_CARDS = st.builds(
    lambda pair, relation, label: PuzzleClue(f"card {label}", DistrictClue(tuple(pair), relation)),
    st.lists(st.sampled_from(names.DELICTS), min_size=2, max_size=2, unique=True),
    st.sampled_from(["same", "adjoining"]), st.integers(1, 99))


@settings(max_examples=300)
@given(st.data())
def test_the_partner_step_is_the_first_cut_by_its_definition(board, data):
    """The first district card, in order, that cuts a delict (its first delict first) to the places
    with a path to a place of the other's, read off the board's joined pairs."""
    state, cards = near_solved(data), data.draw(st.lists(DISTRICT_CARDS, max_size=4))
    expected = None
    for entry in cards:
        pairs = board.joined_pairs[entry.clue.relation]
        first, second = (D[d] for d in entry.clue.delicts)
        for here, there in ((first, second), (second, first)):
            reachable = sum({1 << b for a, b in pairs if state.masks[there] >> a & 1})
            if cut := state.masks[here] & ~reachable:
                expected = entry.label, [(here, loc) for loc in indices(cut)]
                break
        if expected:
            break
    step = district_partners(state, cards, board)
    assert (None if step is None else (step.cards[0], step.removals)) == expected


def test_partner_reasoning_rule_4_example(board):
    # Rule 4: break-in on Oberhausen, Obermoschel, Meisenheim, Lettweiler + card 38.
    state = Candidates.everything()
    state.masks[D["break-in"]] = _mask("Oberhausen", "Obermoschel", "Meisenheim", "Lettweiler")
    card_38 = [PuzzleClue("card 38", DistrictClue(("highway robbery", "break-in"), "adjoining"))]
    state.apply(district_partners(state, card_38, board))
    assert state.masks[D["highway robbery"]] == _mask("Boos", "Meddersheim", "Hundsbach")
    state.apply(district_partners(state, card_38, board))
    assert state.masks[D["break-in"]] == _mask("Oberhausen", "Meisenheim")


def test_partner_reasons_name_the_places_in_plain_english(board):
    """The rule 4 example again: what the steps say, word for word."""
    state = Candidates.everything()
    state.masks[D["break-in"]] = _mask("Oberhausen", "Obermoschel", "Meisenheim", "Lettweiler")
    card_38 = [PuzzleClue("card 38", DistrictClue(("highway robbery", "break-in"), "adjoining"))]
    first = district_partners(state, card_38, board)
    assert first.reason.endswith(
        "the places next to these across a river are Boos, Meddersheim and Hundsbach, "
        "so the highway robbery can only be in Boos, Meddersheim or Hundsbach."
    )
    state.apply(first)
    second = district_partners(state, card_38, board)
    assert second.reason.endswith(
        "none of these has a path across a river to Lettweiler or Obermoschel, so the break-in is not there."
    )
    state.apply(second)
    state.masks[D["highway robbery"]] = _mask("Boos")
    assert district_partners(state, card_38, board).reason.endswith(
        "it has no path across a river to Meisenheim, so the break-in is not there."
    )


def test_a_partner_step_that_empties_a_delict_counts_the_places_it_names(board):
    card_38 = [PuzzleClue("card 38", DistrictClue(("highway robbery", "break-in"), "adjoining"))]
    state = Candidates.everything()
    state.masks[D["break-in"]] = _mask("Meisenheim", "Lettweiler")
    state.masks[D["highway robbery"]] = _mask("Boos")
    assert district_partners(state, card_38, board).reason.endswith(
        "the places next to these across a river are Meddersheim and Hundsbach, "
        "and the highway robbery can be in neither."
    )
    state.masks[D["break-in"]] = _mask("Oberhausen")
    state.masks[D["highway robbery"]] = _mask("Meisenheim", "Lettweiler")
    assert district_partners(state, card_38, board).reason.endswith(
        "the only place next to it across a river is Boos, and the highway robbery cannot be there."
    )


def test_group_card_forces_the_only_member_that_fits(board):
    # Rule 7 example in solo form: card 27, a felony in the north.
    state = Candidates.everything()
    south = _mask(*[loc for loc in names.LOCATIONS if board.in_direction(loc, "south")])
    for delict in ("robbery", "extortion", "murder"):
        state.masks[D[delict]] = south
    step = group_direction(state, [PuzzleClue("card 27", GroupClue("Felony", "north"))], board)
    assert {d for d, _ in step.removals} == {D["highway robbery"]}
    assert {loc for _, loc in step.removals} == set(range(16)) - {L[loc] for loc in names.LOCATIONS
                                                                  if board.in_direction(loc, "north")}
    assert step.reason.startswith(
        "Card 27: a felony took place in the north; the robbery, the extortion and the murder can no longer "
        "be there, so the highway robbery is in the north, not in "
    )


@settings(max_examples=40, deadline=None)
@given(solutions, st.data())
def test_no_technique_ever_rules_out_the_true_solution(board, solution, data):
    from solver.solo.explain import explain_clues

    clues = [PuzzleClue(f"clue {i}", data.draw(true_clues(solution))) for i in range(data.draw(st.integers(4, 30)))]
    explanation = explain_clues(clues, board)
    assert explanation.status != "impossible"
    for delict, location in solution.items():
        assert explanation.final.masks[D[delict]] >> L[location] & 1


def test_a_trial_counts_its_steps_in_words():
    from solver.solo.techniques import Contradiction, Deduction, _trial_deduction

    quick = Contradiction("no place is left for the murder")
    assert "Then, at once, no place is left for the murder." in _trial_deduction(D["arrest"], L["Kirn"], quick).reason
    quick.steps = [Deduction("single", [], [], "The robbery can only be in Kirn, so nothing else took place there.")]
    assert "Then, in one step, no place" in _trial_deduction(D["arrest"], L["Kirn"], quick).reason
    quick.steps *= 3
    assert "Then, in 3 steps, no place" in _trial_deduction(D["arrest"], L["Kirn"], quick).reason


def test_trial_is_agrees_with_the_trial_on_every_failing_case(board):
    """trial_is (the hints' quick check) says yes exactly for the step `trial` gives, among the
    trial deductions of every case that fails, at each state an explanation tries cases in."""
    from solver.solo.explain import explain_puzzle
    from solver.solo.puzzle import load_puzzle
    from solver.solo.techniques import Candidates, _trial_deduction, _try, trial, trial_is

    checked = 0
    for name in ("tutorial-3", "expert-2", "box-4"):
        puzzle = load_puzzle(name)
        clues = puzzle.clues
        state = Candidates.everything()
        for step in explain_puzzle(puzzle, board).steps:
            if step.technique == "trial":
                answer = trial(state.copy(), clues, board)
                assert answer is not None and answer.reason == step.reason
                for d in range(16):
                    for location in range(16):
                        if state.masks[d] & (state.masks[d] - 1) and state.masks[d] >> location & 1:
                            why = _try(state, d, location, clues, board, None)
                            if why is not None:
                                case = _trial_deduction(d, location, why)
                                assert trial_is(state.copy(), clues, board, case) == (case.reason == answer.reason)
                                checked += 1
            state.apply(step)
    assert checked > 50


@pytest.mark.parametrize("name", ["box-4", "expert-1", "tutorial-3"])
def test_a_reason_is_worded_from_the_candidates_it_was_found_in(board, name):
    """A step's reason, worded only when asked, says the same after its candidates have narrowed."""
    from solver.solo.explain import explain_puzzle
    from solver.solo.techniques import next_deduction
    from tests.solo.explain_samples import puzzles

    puzzle = puzzles()[name]
    state = Candidates.everything()
    for step in explain_puzzle(puzzle, board).steps:
        at_once = next_deduction(state.copy(), puzzle.clues, board, TECHNIQUES)
        later = next_deduction(narrowed := state.copy(), puzzle.clues, board, TECHNIQUES)
        assert at_once is not None and later is not None
        said = at_once.reason
        with contextlib.suppress(Contradiction):
            narrowed.apply(later)
        assert later.reason == said == step.reason
        state.apply(step)


def _trial_states(board, name):
    """The candidates at each step of the bundled puzzle's explanation, with the step taken there."""
    from solver.solo.explain import explain_puzzle
    from solver.solo.techniques import with_truth
    from tests.solo.explain_samples import puzzles, solution_of

    puzzle = puzzles()[name]
    state = with_truth(Candidates.everything(), solution_of(puzzle, board), puzzle.clues, board)
    assert state.truth is not None
    for step in explain_puzzle(puzzle, board).steps:
        yield puzzle, state.copy(), step
        state.apply(step)


@pytest.mark.parametrize("name", ["tutorial-3", "expert-1", "expert-2", "expert-3", "box-3", "box-4"])
def test_the_race_finds_the_trial_running_every_case_in_turn_finds(board, name):
    """The shortest trial, its cases run together a step at a time and those the solution places not
    run, is the one found running each in turn, every one: at every step a trial was taken, and at
    every fifth step too (where the easier techniques work). So is the check of a trial's step."""
    from solver.solo.techniques import trial, trial_in_order, trial_is

    for number, (puzzle, state, step) in enumerate(_trial_states(board, name)):
        if step.technique == "trial" or number % 5 == 0:
            blind = Candidates(list(state.masks), set(state.spent))
            found = trial(state.copy(), puzzle.clues, board)
            assert found == trial_in_order(blind.copy(), puzzle.clues, board)
            if found is not None:
                assert trial_is(state.copy(), puzzle.clues, board, found) is True
                assert trial_is(blind.copy(), puzzle.clues, board, found) is True


def test_a_case_cut_at_once_still_finds_the_contradiction_the_next_search_raises(board):
    """Supposing the highway robbery in the south, where no other delict can be, leaves no felony in
    the north (card 27): the group step's search says so before any step is taken."""
    from solver.solo.techniques import _try

    south = [L[loc] for loc in names.LOCATIONS if board.in_direction(loc, "south")]
    where = south[0]
    state = Candidates([FULL & ~(1 << where)] * N)
    state.masks[D["highway robbery"]] = FULL
    for delict in ("robbery", "extortion", "murder"):
        state.masks[D[delict]] = mask_of(south) & ~(1 << where)
    cards = [PuzzleClue("card 27", GroupClue("Felony", "north"))]
    whole = _try(state, D["highway robbery"], where, cards, board, None)
    cut = _try(state, D["highway robbery"], where, cards, board, 0)
    assert whole is not None and whole.steps == [] and "no felony can still be in the north" in str(whole)
    assert cut is not None and str(cut) == str(whole) and cut.steps == []


@pytest.mark.parametrize("name", ["tutorial-3", "expert-2", "box-4"])
def test_a_case_cut_after_some_steps_finds_the_contradictions_that_come_within_them(board, name):
    """`_try` within k steps: the contradiction the case reaches run to its end when it has at most k
    steps (the same one, after the same steps), else none; the search after the k-th step looks only
    as far as a technique that may raise one (`contradicts`)."""
    from solver.solo.techniques import _try

    checked = 0
    for number, (puzzle, state, step) in enumerate(_trial_states(board, name)):
        if step.technique != "trial" and number % 7:
            continue
        for d in range(N):
            for location in indices(state.masks[d]) if state.masks[d] & (state.masks[d] - 1) else ():
                whole = _try(state, d, location, puzzle.clues, board, None)
                for within in range(8):
                    cut = _try(state, d, location, puzzle.clues, board, within)
                    if whole is None or len(whole.steps) > within:
                        assert cut is None
                    else:
                        assert cut is not None and str(cut) == str(whole) and cut.steps == whole.steps
                        checked += 1
    assert checked > 100


@settings(max_examples=60)
@given(st.lists(st.sampled_from(["tutorial-3", "expert-1", "box-4"]), min_size=1, max_size=1), st.data())
def test_the_race_agrees_on_cards_left_out(board, name, data):
    """From candidates the explanation never meets: some of the cards left unread, as hints do."""
    from solver.solo.explain import explain_clues
    from solver.solo.techniques import TECHNIQUES, trial, trial_in_order, trial_is, with_truth
    from tests.solo.explain_samples import puzzles, solution_of

    puzzle = puzzles()[name[0]]
    left_out = data.draw(st.sets(st.integers(0, len(puzzle.clues) - 1), max_size=6))
    start = with_truth(Candidates.everything(), solution_of(puzzle, board), puzzle.clues, board)
    start.spent |= left_out
    reached = explain_clues(puzzle.clues, board, ladder=TECHNIQUES[:-1], start=start).final
    assert reached is not None and reached.truth is not None
    blind = Candidates(list(reached.masks), set(reached.spent))
    found = trial(reached.copy(), puzzle.clues, board)
    assert found == trial_in_order(blind.copy(), puzzle.clues, board)
    if found is not None:  # and a step another trial would find is told apart alike
        other = trial_in_order(blind.copy(), puzzle.clues, board, shortest=False)
        assert other is not None
        told = trial_is(reached.copy(), puzzle.clues, board, other)
        assert told == trial_is(blind.copy(), puzzle.clues, board, other)


def test_a_solution_is_known_only_when_whole_true_and_within_the_candidates(board):
    from solver.solo.techniques import with_truth
    from tests.solo.explain_samples import puzzles

    puzzle = puzzles()["expert-1"]
    assert with_truth(Candidates.everything(), puzzle.solution, puzzle.clues, board).truth is not None
    partial = dict(list(puzzle.solution.items())[:15])
    assert with_truth(Candidates.everything(), partial, puzzle.clues, board).truth is None
    swapped = dict(puzzle.solution)
    first, second = list(swapped)[:2]
    swapped[first], swapped[second] = swapped[second], swapped[first]
    assert with_truth(Candidates.everything(), swapped, puzzle.clues, board).truth is None  # a card fails it
    outside = Candidates.everything()
    location, delict = next(iter(puzzle.solution.items()))
    outside.masks[D[delict]] &= ~_mask(location)
    assert with_truth(outside, puzzle.solution, puzzle.clues, board).truth is None
