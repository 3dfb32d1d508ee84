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
        from solver.documents.table import card_document

        echo_json([card_document(card) for card in chosen])
        return
    for card in chosen:
        click.echo(card.describe())
