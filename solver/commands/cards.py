"""`schinderhannes cards`: the deck, each card as a sentence."""

from __future__ import annotations

import click

from solver.commands.options import deck_option, echo_json, json_option


@click.command()
@deck_option
@click.argument("numbers", nargs=-1, type=int)
@json_option
def cards(deck_file: str | None, numbers: tuple[int, ...], as_json: bool) -> None:
    """Show info cards as sentences (all, or the given NUMBERS)."""
    from solver.core.deck import load_deck

    deck = load_deck(deck_file)
    chosen = [deck.card(number) for number in numbers] or list(deck.cards.values())
    if as_json:
        echo_json([_card_json(card) for card in chosen])
        return
    for card in chosen:
        click.echo(card.describe())


def _card_json(card) -> dict:
    document = {"number": card.number, "type": card.letter, "provenance": card.provenance}
    if card.clue is not None:
        document.update(card.clue.to_dict())
    for key in ("text", "known"):
        if getattr(card, key):
            document[key] = getattr(card, key)
    return document
