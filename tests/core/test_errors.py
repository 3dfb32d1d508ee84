"""Error messages (solver.core.errors): where, and the nearest valid names."""

from solver.core.errors import BadInput, did_you_mean, suggest


def test_did_you_mean_names_the_nearest_or_nothing():
    assert did_you_mean("stael", ["steal", "protect", "exchange"]) == "did you mean 'steal'?"
    assert did_you_mean("rows", ["row", "rowe", "own"]) == "did you mean 'row' or 'rowe'?"
    assert did_you_mean("zzz", ["steal", "protect"]) == ""


def test_did_you_mean_names_each_name_once_through_its_spellings():
    spellings = {"murder": "murder", "mord": "murder", "morder": "murder", "robbery": "robbery"}
    assert did_you_mean("murdr", spellings, most=3, tries=8) == "did you mean 'murder'?"


def test_suggest_lists_the_valid_names_first():
    assert suggest("stael", ("steal", "protect")) == "valid: steal, protect (did you mean 'steal'?)"
    assert suggest("zzz", ("steal", "protect")) == "valid: steal, protect"


def test_bad_input_says_where():
    assert str(BadInput("no", "deck.yaml", 3)) == "deck.yaml:3: no"
    assert str(BadInput("no").located("deck.yaml")) == "deck.yaml: no"


def test_a_long_bad_value_is_cut_even_with_spaces_but_prose_is_not():
    from solver.core.errors import BadInput

    shown = str(BadInput("unknown delict " + repr("murder " * 40) + "; valid: murder"))
    assert len(shown) < 120 and shown.endswith("; valid: murder")
    prose = ("the rulebook prints card 48 as: In the same district Schinderhannes was arrested next to the place "
             "where the robbers' ball was celebrated. This entry says: The robbers' ball took place next to it.")
    assert str(BadInput(prose)) == prose
