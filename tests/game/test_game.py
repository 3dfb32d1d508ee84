"""The setup by the rulebook: the deck in use, the six piles by the backs, the opening draws."""

from __future__ import annotations

import dataclasses

import pytest

from solver.core import names
from solver.core.deck import Deck
from solver.core.errors import BadInput
from solver.game.actions import Deal, Draw, IllegalAction, Shuffle
from solver.game.game import ALTERNATIVE_PILES, LOCATION_PILES, Game, Rules, back_of
from solver.game.state import CHANCE, Step
from solver.table.state import Variant
from tests.game.deal import dealt, game, shuffled
from tests.game_helpers import board, deck


def test_the_solo_cards_are_set_aside_and_the_rest_lie_on_six_piles() -> None:
    g = game()
    piles, together = g.pile_layout()
    assert g.set_aside == (73, 74, 75, 76)
    assert list(piles) == ["blue", "yellow", "orange", "green", *LOCATION_PILES]
    assert sorted(n for cards in piles.values() for n in cards) == list(range(1, 73))
    assert together[-1] == LOCATION_PILES  # "shuffled and placed in two extra face-down piles"


def test_each_card_lies_on_the_pile_of_the_colour_on_its_back() -> None:
    piles, _ = game().pile_layout()
    for colour in names.GROUP_COLOURS.values():
        for number in piles[colour]:
            clue = deck().clue(number)
            shown = {"delict": lambda c: names.GROUP_COLOURS[names.GROUP_OF_DELICT[c.delict]],
                     "group": lambda c: names.GROUP_COLOURS[c.group],
                     # "For the Type C cards, the colour of the large delict (top) decides"
                     "district": lambda c: names.GROUP_COLOURS[names.GROUP_OF_DELICT[c.delicts[0]]]}
            assert shown[clue.kind](clue) == colour, number
    assert sorted(piles[LOCATION_PILES[0]] + piles[LOCATION_PILES[1]]) == list(range(57, 73))


def test_the_backs_show_delict_group_large_delict_location() -> None:
    assert back_of(11, deck().clue(11)).shows == "break-in"
    assert back_of(18, deck().clue(18)).shows == "Imprisonment/Jailbreak"
    assert back_of(38, deck().clue(38)).shows == "highway robbery"  # its first (large) delict
    assert back_of(71, deck().clue(71)) .shows == "Oberhausen"
    assert back_of(71, deck().clue(71)).colour is None


def test_the_update_lays_out_a_b_and_c_and_d_each_in_two() -> None:
    g = game(rules=Rules(alternative_piles=True))
    piles, together = g.pile_layout()
    assert tuple(piles) == ALTERNATIVE_PILES
    for name, cards in piles.items():
        assert {g.backs[n].letter for n in cards} == {name[0]}
    assert together == [("A",), ("B",), ("C 1", "C 2"), ("D 1", "D 2")]
    assert [len(piles[name]) for name in ALTERNATIVE_PILES] == [16, 16, 12, 12, 8, 8]


def test_the_piles_are_shuffled_by_chance_from_the_seed() -> None:
    state = game().new_initial_state(7)
    assert state.is_chance_node() and state.current_player() == CHANCE
    assert state.legal_actions() == [Deal(n) for n in sorted(state.piles["blue"])]
    again = shuffled(game(), 7)
    assert shuffled(game(), 7).piles == again.piles
    assert shuffled(game(), 8).piles != again.piles
    located = again.piles[LOCATION_PILES[0]] + again.piles[LOCATION_PILES[1]]
    assert sorted(located) == list(range(57, 73)) and len(again.piles[LOCATION_PILES[0]]) == 8


def test_a_given_shuffle_must_be_a_permutation_of_the_pile() -> None:
    state = game().new_initial_state(0)
    blue = list(state.piles["blue"])
    with pytest.raises(IllegalAction, match="permutation"):
        state.apply_action(Shuffle(("blue",), (1, 2, 3)))
    assert state.piles["blue"] == blue and state.actions == []
    state.apply_action(Shuffle(("blue",), tuple(reversed(blue))))
    assert state.piles["blue"] == blue[::-1]
    with pytest.raises(IllegalAction, match="shuffling yellow"):
        state.apply_action(Shuffle(("green",), tuple(state.piles["green"])))


def test_the_opening_beginning_with_the_start_player_one_card_each_until_four() -> None:
    state = shuffled(game())
    order = []
    while state.step is Step.OPENING:
        order.append(state.mover)
        state.apply_action(state.legal_actions()[-1])
    assert order == ["Anna", "Ben", "Carl"] * 4
    assert all(len(state.hands[p]) == 4 and state.holds_remove(p) for p in state.game.players)
    assert all(state.hand_size(p) == 5 for p in state.game.players)  # 4 info cards and Remove one marker
    assert state.step is Step.PLAY and state.mover == "Anna"


def test_the_opening_draws_the_top_card_of_the_pile_chosen() -> None:
    state = shuffled(game())
    top = state.piles["green"][-1]
    state.apply_action(Draw("green"))
    assert state.hands["Anna"] == [top] and top not in state.piles["green"]
    with pytest.raises(IllegalAction, match="no pile"):
        state.apply_action(Draw("purple"))


def test_the_first_game_tip_draws_only_cards_with_a_delict_or_group_on_the_back() -> None:
    state = shuffled(game(rules=Rules(first_draws_abc=True)))
    assert {a.pile for a in state.legal_actions()} == {"blue", "yellow", "orange", "green"}
    with pytest.raises(IllegalAction, match="first-game tip"):
        state.apply_action(Draw(LOCATION_PILES[0]))
    while state.step is Step.OPENING:
        state.apply_action(state.legal_actions()[-1])
    assert all(state.game.backs[n].letter != "D" for cards in state.hands.values() for n in cards)


def test_the_bundled_deck_says_it_is_reconstructed() -> None:
    assert game().reconstructed
    own = Deck({n: dataclasses.replace(c, provenance="user") for n, c in deck().cards.items()}, "own.yaml")
    assert not Game(("Anna", "Ben"), deck=own, board=board()).reconstructed


def test_a_deck_without_a_card_text_is_refused() -> None:
    partial = Deck({n: dataclasses.replace(c, clue=None) if n == 40 else c for n, c in deck().cards.items()}, "x")
    with pytest.raises(BadInput, match="card 40"):
        Game(("Anna", "Ben"), deck=partial, board=board())


@pytest.mark.parametrize("players", [("Anna",), ("A", "B", "C", "D", "E"), ("Anna", "anna")])
def test_players_are_two_to_four_different_names(players: tuple[str, ...]) -> None:
    with pytest.raises(BadInput):
        Game(players, deck=deck(), board=board())


def test_the_two_player_variant_needs_two_players() -> None:
    with pytest.raises(BadInput, match="exactly 2"):
        Game(("A", "B", "C"), Rules(Variant.two_player()), deck(), board())
    assert dealt(game(("A", "B"), Rules(Variant.two_player())), 3).step is Step.PLAY
