"""Rule 10 (STOP), rule 9, rule 11 and exact counts (solver.table.deduce), with hypothesis invariants."""

from __future__ import annotations

import math

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solver.core import names
from solver.core.cards import DelictClue, DistrictClue, GroupClue, LocationClue, RemoveOneMarker
from solver.core.matching import max_matching, reserved_locations
from solver.counting import count_assignments
from solver.table import deduce, wording
from solver.table.rules import check, marker_key, play
from tests.game_helpers import board, deck, state

RULE_3_BOARD = {"break-in": ["Oberhausen", "Boos"], "highway robbery": ["Oberhausen", "Boos"]}


def test_count_of_the_empty_board_is_16_factorial():
    assert deduce.count(state()) == math.factorial(16) == 20_922_789_888_000


def test_count_with_markers_and_tiles():
    # break-in and highway robbery share 2 locations (2 ways), beehive theft has 2 left, 13! for the rest
    game = state({**RULE_3_BOARD, "beehive theft": ["Boos", "Simmern", "Kirn"]}, {"murder": "Herrstein"})
    assert deduce.count(game) == 2 * 2 * math.factorial(12)


def test_stop_finds_the_rule_3_marker_with_its_reason():
    game = state({**RULE_3_BOARD, "beehive theft": ["Boos", "Simmern"]})
    (found,) = deduce.removable(game)
    assert (found.delict, found.location) == ("beehive theft", "Boos")
    reason = wording.deduction_sentence(found.why)
    assert "break-in, highway robbery" in reason and "Oberhausen" in reason


def test_stop_on_a_board_with_nothing_to_deduce():
    assert deduce.removable(state({"break-in": ["Oberhausen", "Boos"]})) == []


def test_rule_9_names_the_delicts_that_cannot_all_be_placed():
    game = state({**RULE_3_BOARD, "murder": ["Oberhausen", "Boos"]})
    fact = deduce.contradiction(game)
    problem = wording.deduction_sentence(fact) if fact is not None else None
    assert problem is not None and "rule 9" in problem
    assert all(d in problem for d in ("break-in", "highway robbery", "murder"))
    assert deduce.removable(game) == []
    assert deduce.count(game) == 0


def test_rule_11_example_break_in_tile_on_oberhausen():
    game = state(tiles={"break-in": "Oberhausen"})
    oberhausen = LocationClue("Oberhausen", ("break-in", "imprisonment", "robbery", "hideout"))
    assert deduce.never_playable(game, oberhausen, board()) is not None
    assert deduce.never_playable(game, deck().clue(11), board()) is not None
    assert deduce.never_playable(game, deck().clue(3), board()) is None
    assert deduce.never_playable(game, RemoveOneMarker(), board()) is None


def test_rule_11_group_card_dead_only_when_every_choice_is():
    east = [loc for loc in names.LOCATIONS if board().in_direction(loc, "east")]
    tiles = dict(zip(names.GROUPS["Imprisonment/Jailbreak"][:3], east, strict=False))
    game = state(tiles=tiles)
    assert deduce.never_playable(game, deck().clue(18), board()) is None
    game.tiles["hideout"] = "Kirn"
    assert deduce.never_playable(game, deck().clue(18), board()) is not None


# ----- random boards: STOP against the permanent, closed locations against brute force -----------


@st.composite
def boards(draw):
    """A valid board: 6-12 tiles, markers on 2-3 free locations for most other delicts."""
    delicts = draw(st.permutations(names.DELICTS))
    spots = draw(st.permutations(names.LOCATIONS))
    tiled = draw(st.integers(6, 12))
    tiles = dict(zip(delicts[:tiled], spots[:tiled], strict=True))
    free = list(spots[tiled:])
    markers = {}
    for delict in delicts[tiled:]:
        if draw(st.sampled_from([True, True, True, False])):
            size = draw(st.integers(2, min(3, len(free))))
            markers[delict] = draw(st.permutations(free))[:size]
    game = state(players=("Anna", "Ben"))
    game.markers = {d: frozenset(m) for d, m in markers.items()}
    game.tiles = tiles
    return game


def _fixed(masks: list[int], delict: str, location: str) -> int:
    pinned = list(masks)
    pinned[names.DELICT_INDEX[delict]] = 1 << names.LOCATION_INDEX[location]
    return count_assignments(pinned)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(boards())
def test_stop_matches_the_permanent_with_the_marker_fixed(game):
    masks = deduce.allowed_masks(game)
    total = count_assignments(masks)
    found = {(f.delict, f.location) for f in deduce.removable(game)}
    if total == 0:
        assert found == set() and deduce.contradiction(game) is not None
        return
    assert deduce.contradiction(game) is None
    expected = {(d, loc) for d, spots in game.markers.items() for loc in spots if _fixed(masks, d, loc) == 0}
    assert found == expected


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(1, (1 << 8) - 1), min_size=1, max_size=7))
def test_reserved_locations_are_the_rule_3_sets(masks):
    """On a board that can be completed, l is closed iff some k delicts' markers fill k locations with l."""
    if len(max_matching(masks)) < len(masks):
        return
    brute = 0
    for subset in range(1, 1 << len(masks)):
        union = 0
        for row, mask in enumerate(masks):
            if subset >> row & 1:
                union |= mask
        if union.bit_count() == subset.bit_count():
            brute |= union
    assert reserved_locations(masks) == brute


# ----- a hidden solution and only true cards ---------------------------------------------------------


def _true_card(pick, shuffled, solution: dict[str, str], game):
    """A random card that is true for `solution` (group cards: a delict really in that direction)."""
    where = solution
    at = {loc: d for d, loc in where.items()}
    kind = pick(["A", "A", "B", "C", "C", "D", "D", "remove"])
    if kind == "A":
        delict = pick(names.DELICTS)
        others = shuffled([loc for loc in names.LOCATIONS if loc != where[delict]])
        return DelictClue(delict, (where[delict], *others[:3])), None
    if kind == "B":
        group = pick(list(names.GROUPS))
        direction = pick(list(names.DIRECTIONS))
        good = [d for d in names.GROUPS[group] if board().in_direction(where[d], direction)]
        return (GroupClue(group, direction), good[0]) if good else (None, None)
    if kind == "C":
        a, b = pick(sorted(board().graph.edges))
        relation = "same" if board().district(a) == board().district(b) else "adjoining"
        return DistrictClue((at[a], at[b]), relation), None
    if kind == "D":
        location = pick(names.LOCATIONS)
        others = shuffled([d for d in names.DELICTS if d != at[location]])
        return LocationClue(location, (at[location], *others[:3])), None
    wrong = [marker_key(d, loc) for d, spots in game.markers.items() for loc in spots if loc != where[d]]
    return (RemoveOneMarker(), pick(sorted(wrong))) if wrong else (None, None)


def _agrees(game, solution: dict[str, str]) -> bool:
    return all(solution[d] in spots for d, spots in game.markers.items()) and all(
        solution[d] == loc for d, loc in game.tiles.items())


def play_true_game(solution: dict[str, str], pick, shuffled, plays: int = 30) -> None:
    """Play random true cards; after each play check the invariants below: a true card never breaks
    rule 4 or 14, points match the effect, the board agrees with the solution, no location holds more
    than 3 markers, all 80 markers are accounted for, and STOP never takes a true marker."""
    game = state(players=("Anna", "Ben", "Carl"))
    for _ in range(plays):
        card, choice = _true_card(pick, shuffled, solution, game)
        if card is None or game.finished:
            continue
        verdict = check(game, card, board())
        option = verdict.choices.get(choice, verdict) if choice else verdict
        assert option.rule not in (4, 14) or option.playable, wording.reason(option)  # a true card never contradicts
        if not option.playable:
            continue
        player, before = game.turn, game.scores[game.turn]
        played, _ = play(game, card, board(), "remove" if choice and "@" in choice else None, choice)
        assert played.playable and played.effect == option.effect
        effect = option.effect
        assert game.scores[player] - before == sum(effect.kept.values()) + len(effect.removed) + len(
            effect.replaced)
        assert _agrees(game, solution)
        assert deduce.contradiction(game) is None
        assert all(len(game.markers_at(loc)) <= 3 for loc in names.LOCATIONS)
        # every marker is on the board, in the supply, or scored (the tile's marker is scored when replaced)
        on_board = sum(len(spots) for spots in game.markers.values())
        assert sum(game.scores.values()) + on_board + 5 * len(game.supply()) == 80
        assert all(solution[f.delict] != f.location for f in deduce.removable(game))
        if pick([False, True]):
            taker = pick(game.players)
            points = game.scores[taker]
            move = deduce.take_stop(game, board(), taker)
            if move is not None:
                assert game.scores[taker] - points == move.effect.points > 0
                assert _agrees(game, solution) and deduce.removable(game) == []
        on_board = sum(len(spots) for spots in game.markers.values())
        assert sum(game.scores.values()) + on_board + 5 * len(game.supply()) == 80


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.permutations(names.LOCATIONS), st.data())
def test_true_cards_never_remove_the_solution_and_points_are_conserved(locations, data):
    solution = dict(zip(names.DELICTS, locations, strict=True))
    play_true_game(solution, lambda options: data.draw(st.sampled_from(options)),
                   lambda items: data.draw(st.permutations(items)))


@settings(max_examples=20, deadline=None)
@given(boards())
def test_my_masks_agree_with_the_count_modules_state_masks(game):
    from solver.counting import state_masks

    assert deduce.allowed_masks(game) == state_masks(game.markers, game.tiles)
