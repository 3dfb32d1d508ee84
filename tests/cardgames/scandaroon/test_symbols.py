"""Symbols are data; the bundled reading makes every stated rule take effect."""

import pytest

from solver.cardgames.scandaroon.symbols import STONE_EFFECTS, load_symbols, parse_symbols
from solver.core.errors import BadInput


def test_bundled_reading_has_four_trump_symbols_one_per_stone_effect():
    # "4 trump symbol cards"; stone: "any one of the four effects"
    symbols = load_symbols()
    assert len(symbols.trump_cards) == 4
    assert sorted(s.action_stone for s in symbols.symbols) == sorted(STONE_EFFECTS)


def test_turban_is_a_trump_symbol_followed_by_no_trump():
    # "If the turban was trump in the previous round, the next round is a no trump round"
    symbols = load_symbols()
    assert "turban" in symbols.trump_cards
    assert symbols.get("turban").no_trump_follows
    assert [s.name for s in symbols.symbols if s.no_trump_follows] == ["turban"]


def test_stone_pictures_resolve_to_symbols():
    symbols = load_symbols()
    assert symbols.resolve("Crescent Moon") == "moon"
    assert symbols.resolve("four-pointed star") == "star"
    assert symbols.resolve("lamp") == "turban"  # our reading: the lamp picture is the turban
    assert symbols.resolve("feather") == "feather"
    assert symbols.resolve("scimitar") is None


def test_no_symbol_card_allows_any_of_the_four_effects():
    # "[No symbol] The player may choose any one of the four effects of the action stone."
    assert load_symbols().stone_effects_of(()) == STONE_EFFECTS


def test_two_symbol_card_allows_both_effects():
    # "Cards that show two symbols count as each of these symbols."
    assert set(load_symbols().stone_effects_of(("moon", "feather"))) == {"scoring-pile", "steal"}


def test_bad_stone_effect_names_the_line_and_nearest_name():
    data = {"symbols": [{"name": "moon", "action_stone": "steel"}]}
    with pytest.raises(BadInput, match=r"did you mean 'steal'"):
        parse_symbols(data, "s.yaml")


def test_bad_symbols_file_line(tmp_path):
    path = tmp_path / "s.yaml"
    path.write_text("symbols:\n  - name: moon\n    action_stone: scoring-pile\n"
                    "  - name: star\n    action_stone: swap\n")
    with pytest.raises(BadInput) as error:
        load_symbols(path)
    assert error.value.line == 5
    assert "symbol 'star'" in str(error.value)
