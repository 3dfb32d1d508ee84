"""Writing deck files: the shipped deck (printed + reconstructed) and a template to fill in."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import yaml

from solver.core import vocabulary
from solver.core.cards import Clue, card_type_of_number
from solver.core.deck import Card
from solver.core.vocabulary import card_span
from solver.core.yamlio import FlowMap, dump_yaml


def _ranges(start: int, stop: int) -> str:
    """Card ranges for a deck file's header: each as FIRST-LAST, its letter, at the table its kind."""
    found = [f"{card_span(r.first, r.last, '-')} {r.letter}" + (f" ({r.kind})" if r.at_table else "")
             for r in vocabulary.CARD_RANGES[start:stop]]
    return ", ".join(found)


def _example(letter: str) -> str:
    """The head of a template's example line: `#`, the range right-aligned, the letter."""
    found = vocabulary.RANGE_OF_LETTER[letter]
    return f"# {card_span(found.first, found.last, '-'):>6}  {letter}"


HEADER = f"""\
# The {vocabulary.LAST_CARD} numbered Schinderhannes info cards.
#
# provenance:
#   printed        - the rulebook prints this card's clue (rules 1-15 and their examples)
#   reconstructed  - no source prints it: synthesized (`schinderhannes deck synthesize
#                    --seed {{seed}}`) so that each box puzzle 1-4 has exactly one solution,
#                    agreeing with the official entries, and every card is true under at
#                    least one of the four solutions. NOT the text of the real cards.
#
# Own the game? Replace the reconstructed texts with your printed cards
# (`schinderhannes deck template -o my-deck.yaml`, fill it in, then
# `schinderhannes deck verify my-deck.yaml`), and pass your file with --deck FILE.
#
# The type follows from the number: {_ranges(0, 2)},
# {_ranges(2, 5)} (solo, "S" on the back).
# Clue fields follow the puzzle-file schema (docs/formats.md).

"""

TEMPLATE_HEADER = f"""\
# Your own Schinderhannes deck: copy each card's text from your printed cards.
#
# Fill in `clue:` (the puzzle-file schema) and leave `provenance: user`. The type
# follows from the number; the examples show each type's fields:
{_example("A")}: {{type: delict, delict: donkey theft, locations: [Kirn, Boos, Simmern, Hundsbach]}}
{_example("B")}: {{type: group, group: felony, direction: north}}
{_example("C")}: {{type: district, delicts: [highway robbery, break-in], relation: adjoining}}   # or: same
{_example("D")}: {{type: location, location: Oberhausen, delicts: [break-in, imprisonment, robbery, hideout]}}
{_example("S")}: {{type: not, delict: murder, locations: [Kirn, Boos]}}   # or any of the above
# Cards the rulebook prints are already filled in. Check the file with
#   schinderhannes deck verify my-deck.yaml
# and use it with --deck my-deck.yaml.

"""


def _entry(card: Card) -> dict:
    entry: dict = {"number": card.number, "type": card.letter}
    if card.provenance:
        entry["provenance"] = card.provenance
    if card.clue is not None:
        entry["clue"] = FlowMap(card.clue.to_dict())
    for key in ("text", "known"):
        if getattr(card, key):
            entry[key] = getattr(card, key)
    return entry


def _card_lines(card: Card) -> str:
    """One line for a card with only a clue, a block for a card with a printed text or notes."""
    entry = _entry(card)
    if "text" not in entry and "known" not in entry:
        entry["clue"] = dict(entry["clue"]) if "clue" in entry else None
        line = yaml.safe_dump(entry, default_flow_style=True, sort_keys=False, allow_unicode=True, width=10_000)
        return "- " + line
    return dump_yaml([entry])


def deck_yaml(cards: Mapping[int, Card], header: str) -> str:
    body = "".join(_card_lines(cards[number]) for number in sorted(cards))
    return header + "cards:\n" + "".join("  " + line + "\n" for line in body.splitlines())


def reconstructed_deck(source: Mapping[int, Card], clues: Mapping[int, Clue], kept: Iterable[int]) -> dict[int, Card]:
    """The `kept` cards of `source` verbatim; every other number with its synthesized clue, marked reconstructed.

    A reconstructed card keeps the printed fragments (`text`, `known`) its source entry had.
    """
    kept = set(kept)
    deck: dict[int, Card] = {}
    for number, clue in clues.items():
        old = source.get(number)
        if number in kept and old is not None:
            deck[number] = old
            continue
        deck[number] = Card(number, card_type_of_number(number), clue, "reconstructed",
                            old.text if old else None, old.known if old else None)
    return deck


def template_deck(printed: Mapping[int, Card]) -> str:
    """A deck file with the printed cards filled in and every other card's `clue:` empty."""
    lines = []
    for number in vocabulary.CARD_NUMBERS:
        card = printed.get(number)
        if card is not None and card.provenance == "printed":
            lines.append(dump_yaml([_entry(card)]))
            continue
        note = f"  # {card.text}; {card.known}" if card is not None and card.known else ""
        lines.append(f"- number: {number}\n  type: {card_type_of_number(number)}\n  provenance: user\n"
                     f"  clue:{note}\n")
    body = "".join(lines)
    return TEMPLATE_HEADER + "cards:\n" + "".join("  " + line + "\n" for line in body.splitlines())
