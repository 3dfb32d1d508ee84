"""`schinderhannes deck`: list the deck, reconstruct it, write a template, verify your own."""

from __future__ import annotations

from pathlib import Path

import click

from solver.commands.options import board_option, deck_option, echo_json, json_option, load_board_warned


@click.group(invoke_without_command=True)
@deck_option
@json_option
@click.pass_context
def deck(ctx: click.Context, deck_file: str | None, as_json: bool) -> None:
    """The numbered info cards: without a subcommand, list every card with its provenance.

    \b
    schinderhannes deck --json                 every card in the clue schema
    schinderhannes deck synthesize --seed 1 -o deck.yaml
    schinderhannes deck template -o my-deck.yaml
    schinderhannes deck verify my-deck.yaml
    """
    if ctx.invoked_subcommand is not None:
        return
    from solver.core.deck import load_deck

    cards = list(load_deck(deck_file).cards.values())
    if as_json:
        echo_json([card_json(card) for card in cards])
        return
    for card in cards:
        click.echo(card.describe())


def card_json(card) -> dict:
    """A card in the puzzle-file clue schema, plus number, type (the card's letter) and provenance."""
    document: dict = {"number": card.number, "type": card.letter, "provenance": card.provenance}
    if card.clue is not None:
        clue = card.clue.to_dict()
        if card.letter == "S" and clue["type"] != "not":
            document["type"] = clue["type"]  # a solo card carrying another type's clue
        document.update({key: value for key, value in clue.items() if key != "type"})
    for key in ("text", "known"):
        if getattr(card, key):
            document[key] = getattr(card, key)
    return document


@deck.command()
@click.option("--seed", type=int, default=1, show_default=True, help="Random seed: the same seed gives the same deck.")
@click.option("-o", "--output", "output", type=click.Path(dir_okay=False), required=True, help="Deck file to write.")
@click.option("--deck", "deck_file", type=click.Path(dir_okay=False),
              help="Keep the cards marked printed or user in this deck (default: the bundled deck's printed cards).")
@click.option("--max-iterations", type=int, default=2000, show_default=True)
@click.option("--quiet", is_flag=True, help="No progress lines on stderr.")
@board_option
@json_option
def synthesize(seed: int, output: str, deck_file: str | None, max_iterations: int, quiet: bool,
               board_file: str | None, as_json: bool) -> int:
    """Reconstruct texts for every card so that box puzzles 1-4 each have exactly one solution.

    The printed cards keep their text; every other card is marked `provenance:
    reconstructed`. The result is proven: each box puzzle is unique and agrees with its
    official entries. Exit code 1 when no deck was found.
    """
    from solver.core.deck import load_deck
    from solver.core.yamlio import save_atomic
    from solver.decks import box
    from solver.decks.deckfile import HEADER, deck_yaml, reconstructed_deck
    from solver.decks.synthesize import SynthesisError
    from solver.decks.synthesize import synthesize as run
    from solver.decks.verify import verify_deck

    board = load_board_warned(board_file)
    source = load_deck(deck_file)
    fixed = {n: c.clue for n, c in source.cards.items() if c.clue is not None and c.provenance in ("printed", "user")}
    progress = None if quiet or as_json else (lambda line: click.echo(line, err=True))
    try:
        result = run(board, box.box_puzzles(), fixed, box.partial_cards(), seed, max_iterations, progress=progress,
                     balanced=all(c.provenance == "printed" for c in source.cards.values() if c.number in fixed))
    except SynthesisError as error:
        click.echo(f"no deck: {error}" + ("; try another --seed" if error.seed_dependent else ""), err=True)
        return 1
    cards = reconstructed_deck(source.cards, result.clues, fixed)
    save_atomic(output, deck_yaml(cards, HEADER.format(seed=seed)), keep_previous=False)
    check = verify_deck(load_deck(output), board, box.box_puzzles(), load_deck().cards, box.partial_cards())
    summary = {"file": output, "seed": seed, "iterations": result.iterations, "counter_examples": result.cuts,
               "seconds": round(result.seconds, 1), "verified": check.ok}
    if as_json:
        echo_json(summary)
    else:
        click.echo(f"wrote {output}: {result.iterations} iterations, {result.cuts} counter-examples, "
                   f"{result.seconds:.1f} s; box puzzles 1-4 " + ("each unique and agreeing with the official "
                   "solutions (verified)" if check.ok else "NOT verified"))
    return 0 if check.ok else 1


@deck.command()
@click.option("-o", "--output", "output", type=click.Path(dir_okay=False), required=True, help="File to write.")
@click.option("--force", is_flag=True, help="Overwrite an existing file.")
def template(output: str, force: bool) -> None:
    """Write a deck file to fill in from your printed cards (the printed ones filled in already)."""
    from solver.core.deck import load_deck
    from solver.core.errors import BadInput
    from solver.core.yamlio import save_atomic
    from solver.decks.deckfile import template_deck

    if Path(output).exists() and not force:
        raise BadInput("the file exists; choose another name or pass --force to overwrite it", output)
    save_atomic(output, template_deck(load_deck().cards), keep_previous=False)
    click.echo(f"wrote {output}: fill in each `clue:`, then run: schinderhannes deck verify {output}")


@deck.command()
@click.argument("deck_file", type=click.Path(dir_okay=False))
@board_option
@json_option
def verify(deck_file: str, board_file: str | None, as_json: bool) -> int:
    """Check DECK_FILE: the printed cards, and each box puzzle unique and agreeing with the official solution.

    When a puzzle fails, names the cards most likely mistyped: those in a minimal
    conflict with the official solution. Exit code 0 when all is well, 1 otherwise.
    """
    from solver.core.deck import load_deck
    from solver.decks import box
    from solver.decks.verify import verify_deck

    board = load_board_warned(board_file)
    report = verify_deck(load_deck(deck_file), board, box.box_puzzles(), load_deck().cards, box.partial_cards())
    if as_json:
        echo_json(report.to_dict())
    else:
        _print_report(report)
    return 0 if report.ok else 1


def _print_report(report) -> None:
    if report.missing:
        click.echo(f"{len(report.missing)} cards have no text yet: {_numbers(report.missing)}")
    for line in report.printed:
        click.echo(f"differs from the rulebook: {line}")
    for line in report.shape:
        click.echo(f"check: {line}")
    for check in report.puzzles:
        click.echo(f"box puzzle {check.number}: {_verdict(check)}")
    suspects = report.likely_mistyped()
    if suspects:
        click.echo(f"most likely mistyped: {_numbers(suspects)} (check these against your printed cards)")
    click.echo("ok: the deck fits the rulebook" if report.ok else "not ok")


def _verdict(check) -> str:
    if check.status == "incomplete":
        return f"not checked, cards without text: {_numbers(check.missing)}"
    if check.ok:
        return "unique, agrees with the official solution"
    if check.suspects:
        cards = "card" if len(check.suspects) == 1 else "cards"
        return (f"{check.status}; cannot hold together with the official solution: {cards} "
                f"{_numbers(check.suspects)} (a minimal conflict)")
    return (f"{check.status}: the official solution is one of several; solutions differ at "
            f"{', '.join(check.differing)} (a card there may say less than the printed one)")


def _numbers(numbers: list[int]) -> str:
    return ", ".join(str(n) for n in numbers)
