"""The mid-game companion: `game new/show/pass/end`, `check`, `play`, `undo`, `hand`, `stop`, `drawpile`.

The commands parse, call `solver.table.state`, `solver.table.rules` and `solver.table.deduce`, and print.
"""

from __future__ import annotations

import json
import sys
from typing import TYPE_CHECKING, NoReturn

import click

from solver.commands.options import board_option, deck_option, echo_json, json_option, load_board_warned
from solver.core.errors import BadInput

if TYPE_CHECKING:
    from solver.core.deck import Deck
    from solver.table.cardref import CardRef
    from solver.table.errors import ChoiceNeeded
    from solver.table.rules import Card, HandPlay, Verdict
    from solver.table.state import GameState
    from solver.table.store import StateFile

state_argument = click.argument("state_file", metavar="STATE", type=click.Path(dir_okay=False))
clue_option = click.option(
    "--clue", "clue_text", metavar="CLUE",
    help="A card written out in the puzzle-file schema, as JSON or YAML flow, e.g. "
         "'{type: district, delicts: [arrest, robbers ball], relation: same}'.",
)
player_option = click.option("--player", help="Who plays (default: whose turn it is).")
choose_option = click.option("--choose", help="A group card's delict, or the marker to remove as DELICT@LOCATION.")
more_option = click.option(
    "--more", is_flag=True,
    help="Two-player variant: the turn goes on after this card (1-3 cards a turn; rule 15 at its end).",
)
CLUE_EXAMPLE = "'{type: delict, delict: murder, locations: [Kirn, Boos, Simmern, Hundsbach]}'"


def deck_in_use(state_file: str, deck_file: str | None) -> Deck:
    """The deck in use (bundled, or --deck) with the cards this table entered laid over it."""
    from solver.decks.entered import entered_path, table_deck

    return table_deck(deck_file, entered_path(state_file))


def parse_clue_text(text: str) -> object:
    """--clue as JSON or as the YAML flow form puzzle files use; one line of error either way."""
    from solver.core.yamlio import check_depth, parse_yaml

    try:
        return check_depth(json.loads(text), "--clue")
    except json.JSONDecodeError:
        pass
    except RecursionError:
        raise BadInput("--clue nests lists and mappings too deeply") from None
    except ValueError:  # a number with more digits than Python converts
        raise BadInput("--clue holds a number too long to read; write a card's clue") from None
    try:
        return parse_yaml(text, "")
    except BadInput as error:
        raise BadInput(f"--clue is neither JSON nor YAML ({error.message}); write it like {CLUE_EXAMPLE}") from None


def parse_card(text: str | None, clue_text: str | None, deck: Deck) -> CardRef:
    """A card number, `remove`, or a clue written out with --clue."""
    from solver.table.cardref import is_remove, numbered_card, remove_card, written_card

    if clue_text is not None:
        if text is not None:
            raise BadInput("give either CARD or --clue, not both")
        return written_card(parse_clue_text(clue_text))
    if text is None:
        raise BadInput(f"name a card: a number {_numbers_range()}, `remove`, or --clue")
    if is_remove(text):
        return remove_card()
    try:
        number = int(text)
    except ValueError:
        raise BadInput(f"{text!r} is not a card: give a number {_numbers_range()}, `remove`, or --clue") from None
    try:
        return numbered_card(number, deck)
    except BadInput as error:
        if error.file:
            raise
        raise BadInput(f"{error.message}; here: write the card out with --clue") from None


def _numbers_range() -> str:
    from solver.core.deck import CARD_NUMBERS

    return f"{CARD_NUMBERS[0]}-{CARD_NUMBERS[-1]}"


def note_provenance(ref: CardRef) -> None:
    """A verdict about a reconstructed text says so, on stderr, so that stdout stays the verdict."""
    if ref.reconstructed:
        click.echo(f"note: the text of {ref.label} is reconstructed, not the printed card; check it against "
                   "your card, or enter your card (`schinderhannes serve`, or --deck with your own deck file)",
                   err=True)


def _store(state_file: str) -> StateFile:
    from solver.table.store import StateFile

    return StateFile(state_file)


def _load(state_file: str) -> GameState:
    return _store(state_file).read().state


def _refuse(message: str) -> NoReturn:
    """A move the rules refuse now: one line on stderr, exit code 1, the file untouched."""
    click.echo(f"refused: {message}", err=True)
    sys.exit(1)


def _choice_words(card: Card, needed: ChoiceNeeded) -> BadInput:
    """ChoiceNeeded in the words of the command line: the --choose option and its values."""
    from solver.core.cards import RemoveOneMarker

    if needed.given is None:
        return BadInput("this card needs a choice: pass --choose with one of " + "; ".join(needed.options))
    if isinstance(card, RemoveOneMarker) and "@" not in needed.given:
        return BadInput("choose the marker to remove as DELICT@LOCATION, e.g. --choose 'break-in@Meisenheim'")
    return BadInput(needed.message)


def _verdict_lines(label: str, verdict: Verdict) -> list[str]:
    """The verdict at a glance: `card 38: playable +4 (rule 1): places ...` on the first line
    (under about 100 characters), the other facts and the choices after it, each rule cited once."""
    from solver.table import wording

    label = _label(label)
    if not verdict.choices:
        head = (f"{label}: playable +{verdict.points} (rule {verdict.rule})" if verdict.playable
                else f"{label}: not playable (rule {verdict.rule})")
        return _fact_lines(head, wording.verdict_facts(verdict))
    if verdict.playable:
        lines = [f"{label}: playable +{verdict.points} as {verdict.best} (rule {verdict.rule}), the best choice"]
    else:
        lines = [f"{label}: not playable (rule {verdict.rule}): no choice is playable"]
    for members, choice, text in wording.grouped_choices(verdict):
        mark = f"+{choice.points}" if choice.playable else "not playable"
        rule = f" (rule {choice.rule})" if choice.rule != verdict.rule else ""
        lines.append(f"  {', '.join(members)}: {mark}{rule}: {text}")
    return lines


def _label(label: str) -> str:
    """A card's label as a verdict's first line starts: without a closing full stop, and a long
    written-out clue (the user has just typed it) as `clue`."""
    label = label.rstrip(".")
    return "clue" if label.startswith("clue: ") and len(label) > 30 else label


def _fact_lines(head: str, facts: list[str], indent: str = "  ", width: int = 100) -> list[str]:
    """`head: first fact` when that fits in `width`, else `head` alone; the other facts below."""
    if facts and len(f"{head}: {facts[0]}") <= width:
        return [f"{head}: {facts[0]}", *(f"{indent}{fact}" for fact in facts[1:])]
    return [head, *(f"{indent}{fact}" for fact in facts)]


# ----- game new / show / pass / end --------------------------------------------------------------


@click.group()
def game() -> None:
    """Start, show, pass and end a multiplayer game kept in a STATE file."""


@game.command("new")
@state_argument
@click.option("--players", required=True, help="Player names in turn order (also as separate words).")
@click.argument("more_players", nargs=-1)
@click.option("--two-player-variant", is_flag=True, help="1-3 cards a turn; rule 15 checked at its end.")
@click.option("--last-delict-points", type=click.Choice(["5", "1"]), default="5", show_default=True,
              help="Points for the last delict when none of its markers were out (update; 1 = suggested).")
@click.option("--force", is_flag=True, help="Overwrite an existing STATE file.")
@json_option
def new(state_file: str, players: str, more_players: tuple[str, ...], two_player_variant: bool,
        last_delict_points: str, force: bool, as_json: bool) -> None:
    """Start a game: `schinderhannes game new STATE --players Anna Ben Carl`."""

    from solver.core.yamlio import FileExists
    from solver.documents.table import new_game_document
    from solver.table.state import new_game

    names = [*players.replace(",", " ").split(), *more_players]
    state = new_game(names, two_player=two_player_variant, last_delict_points=5 if last_delict_points == "5" else 1)
    try:
        _store(state_file).create(state, overwrite=force)
    except FileExists:
        raise BadInput("the file exists; pass --force to overwrite it or choose another name", state_file) from None
    if as_json:
        echo_json(new_game_document(state_file, state))
        return
    click.echo(f"new game in {state_file}: {', '.join(names)}; {state.turn} starts")


@game.command("show")
@state_argument
@board_option
@json_option
def show(state_file: str, board_file: str | None, as_json: bool) -> None:
    """Show the board, the scores, whose turn it is, and what the board still allows."""
    from solver.core import names
    from solver.documents.table import show_document
    from solver.table import wording

    document = show_document(_store(state_file).read())
    if as_json:
        echo_json(document)
        return
    state = _load(state_file)
    click.echo("players: " + ", ".join(f"{p} {state.scores[p]}" for p in state.players)
               + f"; turn: {state.turn}")
    for location in names.LOCATIONS:
        tile = state.tile_at(location)
        here = "TILE " + tile if tile else ", ".join(state.markers_at(location)) or "-"
        click.echo(f"  {location:<14} {here}")
    click.echo(f"supply: {', '.join(state.supply()) or '-'}")
    click.echo(f"complete assignments agreeing with the board: {document['count']}")
    if document["contradiction"]:
        click.echo(document["contradiction"])
    if outcome := document["outcome"]:
        click.echo(f"game over ({outcome['reason']}): {wording.winners(outcome['winners'])}")


@game.command("pass")
@state_argument
@player_option
@click.option("--discard", multiple=True, type=int, help="A card number discarded (repeatable).")
@json_option
def pass_turn(state_file: str, player: str | None, discard: tuple[int, ...], as_json: bool) -> None:
    """Pass (or end a two-player-variant turn): discards go out of the game, the turn moves on."""
    from solver.documents.table import pass_document
    from solver.table import rules, wording
    from solver.table.errors import GameOver, StateConflict, TurnCannotEnd

    with _store(state_file).change() as state:
        try:
            move = rules.pass_turn(state, player, discard)
        except TurnCannotEnd as refused:
            _refuse(f"{refused.reason}; play on, or undo")
        except GameOver as refused:
            _refuse(refused.reason)
        except StateConflict as error:
            raise error.located(state_file) from None
    if as_json:
        echo_json(pass_document(state, move))
        return
    click.echo(f"{move.player} passes; {state.turn}'s turn")
    if move.out:
        click.echo(f"  discarded, out of the game: {wording.numbers(move.out)}")


@game.command("end")
@state_argument
@click.argument("cards", nargs=-1)
@board_option
@deck_option
@json_option
def end(state_file: str, cards: tuple[str, ...], board_file: str | None, deck_file: str | None,
        as_json: bool) -> None:
    """Rule 12: the draw piles are used up and CARDS are all info cards left in hands.

    The game ends when none of them is playable; exit code 1 names one that is.
    """
    from solver.documents.table import end_document, goes_on_document
    from solver.table import rules, wording
    from solver.table.errors import GameGoesOn, GameOver

    board = load_board_warned(board_file)
    deck = deck_in_use(state_file, deck_file)
    args = [parse_card(text, None, deck) for text in cards]
    with _store(state_file).change() as state:
        try:
            rules.end_game(state, [arg.card for arg in args], board, [arg.number for arg in args])
        except GameGoesOn as going:
            if as_json:
                echo_json(goes_on_document(going.verdict, args[going.index]))
            label = args[going.index].label
            click.echo(f"the game goes on: {_label(label)} is playable: {wording.reason(going.verdict)}", err=True)
            sys.exit(1)
        except GameOver as refused:
            _refuse(refused.reason)
    document = end_document(state)
    if as_json:
        echo_json(document)
        return
    click.echo(f"game over (draw piles used up, no playable card left): {wording.winners(document['winners'])}")


@game.command("play")
@click.option("--players", type=click.IntRange(2, 4), default=3, show_default=True)
@click.option("--seat", type=int, default=1, show_default=True,
              help="your place at the table, 1 to the number of players")
@click.option("--bots", "bot_name", type=click.Choice(["greedy", "random", "search"]), default="greedy",
              show_default=True, help="the other seats")
@click.option("--seed", type=int, default=None, help="fix the shuffles and the bots (a random game without)")
@click.option("--save", "save_file", type=click.Path(dir_okay=False), default=None,
              help="write the game's state file here when it ends (or when you quit)")
def play_whole(players: int, seat: int, bot_name: str, seed: int | None, save_file: str | None) -> None:
    """Play a whole game against the computer in the terminal: dealt from the deck, your hand with
    each card's verdict, the bots' moves as the table sees them."""
    import random

    from solver.game.game import Game
    from solver.game.terminal import play_in_terminal

    if not 1 <= seat <= players:
        raise BadInput(f"--seat {seat}: with {players} players the places are 1 to {players}")
    names = ["You", "Anna", "Ben", "Carl"][:players]
    names[0], names[seat - 1] = names[seat - 1], names[0]
    game = Game(names)
    if game.reconstructed:
        click.echo("note: the bundled deck's texts are reconstructed, not the printed cards", err=True)
    seed = random.randrange(2**32) if seed is None else seed
    state = play_in_terminal(game, seat - 1, [bot_name] * players, seed,
                             read=lambda prompt: click.prompt(prompt, prompt_suffix=" ", default="q",
                                                              show_default=False),
                             write=click.echo)
    if save_file:
        state.table.save(save_file)
        click.echo(f"saved: {save_file}")


# ----- check and play --------------------------------------------------------------------------


@click.command()
@state_argument
@click.argument("card", required=False)
@clue_option
@choose_option
@player_option
@more_option
@click.option("--exit-code", is_flag=True,
              help="Kept for old scripts: check always exits 1 when the card is not playable.")
@board_option
@deck_option
@json_option
def check(state_file: str, card: str | None, clue_text: str | None, choose: str | None, player: str | None,
          more: bool, exit_code: bool, board_file: str | None, deck_file: str | None, as_json: bool) -> None:
    """Is CARD playable on STATE now? The rule, why, and when playable the effect and points.

    Exit code 0 when it is playable, 1 when it is not (--exit-code, kept for old scripts, changes nothing).
    """
    from solver.documents.table import check_document

    state = _load(state_file)
    arg = parse_card(card, clue_text, deck_in_use(state_file, deck_file))
    board = load_board_warned(board_file)
    verdict, document = check_document(state, arg, board, player, more, choose)
    note_provenance(arg)
    if as_json:
        echo_json(document)
    else:
        click.echo("\n".join(_verdict_lines(arg.label, verdict)))
    if not verdict.playable:  # --exit-code is accepted and changes nothing: this is the default now
        sys.exit(1)


@click.command()
@state_argument
@click.argument("card", required=False)
@clue_option
@choose_option
@player_option
@more_option
@click.option("--discard", multiple=True, type=int, help="A card number discarded this turn (repeatable).")
@board_option
@deck_option
@json_option
def play(state_file: str, card: str | None, clue_text: str | None, choose: str | None, player: str | None,
         more: bool, discard: tuple[int, ...], board_file: str | None, deck_file: str | None,
         as_json: bool) -> None:
    """Play CARD on STATE: markers, tiles, the player's score, cards out, whose turn."""
    from solver.documents.table import card_verdict_document, play_document
    from solver.table import rules, wording
    from solver.table.errors import ChoiceNeeded, GameOver, NotYourTurn, PlayOn, StateConflict

    arg = parse_card(card, clue_text, deck_in_use(state_file, deck_file))
    board = load_board_warned(board_file)
    note_provenance(arg)
    with _store(state_file).change() as state:  # decided and saved under the file's lock
        who = state.player(player)
        try:
            verdict, choice = rules.play(state, arg.card, board, arg.record, choose, who, more, discard)
        except GameOver as refused:
            _refuse(refused.reason)
        except NotYourTurn as error:
            raise BadInput(f"{error.message}; STOP (rule 10) is `schinderhannes stop`") from None
        except PlayOn as error:
            raise BadInput("this is the last card the turn may have: play it without --more"
                           if error.variant else
                           "--more is only for the two-player variant (start it with --two-player-variant)") from None
        except StateConflict as error:
            raise error.located(state_file) from None
        except ChoiceNeeded as needed:
            raise _choice_words(arg.card, needed) from None
        if not verdict.playable:
            if as_json:
                echo_json(card_verdict_document(verdict, arg))
            _refuse(f"{arg.label} is not playable (rule {verdict.rule}): {wording.reason(verdict)}")
    if as_json:
        echo_json(play_document(state, verdict, arg, who, choice))
        return
    played = f"{_label(arg.label)}" + (f" as {choice}" if choice else "")
    head = f"{who} plays {played}: +{verdict.points} (rule {verdict.rule})"
    for line in _fact_lines(head, wording.verdict_facts(verdict)):
        click.echo(line)
    click.echo(f"{who} now has {state.scores[who]}; {state.turn}'s turn")
    if outcome := state.outcome():
        reason, winners = outcome
        click.echo(f"game over ({reason}): {wording.winners(winners)}")


@click.command()
@state_argument
@json_option
def undo(state_file: str, as_json: bool) -> None:
    """Undo the last play, pass or STOP: STATE is restored exactly as it was before it."""
    from solver.documents.table import undo_document
    from solver.table import wording

    with _store(state_file).change(reuse_previous=True) as state:
        if not state.history:
            if as_json:
                echo_json(undo_document(state, None))
            click.echo(f"nothing to undo in {state_file} (its previous file, if any, is {state_file}.prev)",
                       err=True)
            sys.exit(1)
        try:
            move = state.pop()
        except BadInput as error:
            raise error.located(state_file) from None
    if as_json:
        echo_json(undo_document(state, move))
        return
    click.echo(f"undid {wording.undone_move(move)}; {state.turn}'s turn")


@click.command()
@state_argument
@json_option
def redo(state_file: str, as_json: bool) -> None:
    """Redo the move the last undo took back, while nothing else has changed since."""
    from solver.documents.table import redo_document
    from solver.table import wording
    from solver.table.redo import NothingToRedo
    from solver.table.redo import redo as redo_move

    try:
        with _store(state_file).change(reuse_previous=True) as state:
            move = redo_move(state, state_file)
    except NothingToRedo as nothing:  # like "nothing to undo": a state, not bad input
        click.echo(f"{nothing.message} ({state_file})", err=True)
        sys.exit(1)
    if as_json:
        echo_json(redo_document(state, move))
        return
    click.echo(f"redid {wording.undone_move(move)}; {state.turn}'s turn")


# ----- hand, stop, drawpile ----------------------------------------------------------------------


@click.command()
@state_argument
@click.argument("cards", nargs=-1)
@click.option("--clue", "clues", multiple=True, metavar="JSON", help="A card written out (repeatable).")
@player_option
@board_option
@deck_option
@json_option
def hand(state_file: str, cards: tuple[str, ...], clues: tuple[str, ...], player: str | None,
         board_file: str | None, deck_file: str | None, as_json: bool) -> None:
    """Check every card of a hand (every choice too) and rank the legal plays by points."""
    from solver.documents.table import hand_document
    from solver.table import rules, wording

    state = _load(state_file)
    who = state.player(player)
    board = load_board_warned(board_file)
    deck = deck_in_use(state_file, deck_file)
    args = [parse_card(text, None, deck) for text in cards]
    args += [parse_card(None, text, deck) for text in clues]
    for arg in args:
        note_provenance(arg)
    if not args:
        raise BadInput("name the cards in the hand: numbers, `remove`, or --clue JSON")
    if as_json:
        echo_json(hand_document(state, args, board, who))
        return
    ranking = rules.rank_hand(state, [arg.card for arg in args], board, who, [arg.number for arg in args])
    plays = ranking.plays
    click.echo(f"{wording.plural(len(plays), 'legal play')} for {who}" + (", best first:" if plays else "."))
    for rank, found in enumerate(plays, 1):
        choice = f" as {found.choice}" if found.choice else ""
        facts = "; ".join(wording.verdict_facts(found.verdict))
        click.echo(f"  {rank:>2}. +{found.verdict.points:<2} {_label(args[found.card].label)}{choice} "
                   f"(rule {found.verdict.rule}): {facts}")
    if ranking.refused:
        click.echo("not playable now:")
        for index, verdict in _refused_by_card(ranking.refused).items():
            for members, choice_verdict, text in wording.grouped_choices(verdict):
                choice = f" as {', '.join(members)}" if any(members) else ""
                click.echo(f"   - {_label(args[index].label)}{choice} (rule {choice_verdict.rule}): {text}")


def _refused_by_card(refused: list[HandPlay]) -> dict[int, Verdict]:
    """The refused ways of playing, one verdict a card whose choices they are (a card without
    choices is the one choice "")."""
    from solver.table.rules import Verdict

    by_card: dict[int, dict[str, Verdict]] = {}
    for found in refused:
        by_card.setdefault(found.card, {})[found.choice or ""] = found.verdict
    return {index: Verdict(False, next(iter(choices.values())).rule, choices=choices)
            for index, choices in by_card.items()}


@click.command()
@state_argument
@click.option("--take", "taker", metavar="NAME", help="Remove the markers and credit them to NAME.")
@board_option
@json_option
def stop(state_file: str, taker: str | None, board_file: str | None, as_json: bool) -> None:
    """Rule 10 (STOP): every marker that can be removed by deduction, with a reason."""
    from solver.documents.table import stop_document, take_stop_document
    from solver.table import deduce

    board = load_board_warned(board_file)
    with _store(state_file).change() as state:
        document = stop_document(state, board)
        taker = state.player(taker) if taker is not None else None
        found = document["removable"]
        move = deduce.take_stop(state, board, taker) if taker is not None and found else None
    if move is not None:
        document = take_stop_document(document, state, move)
    if as_json:
        echo_json(document)
        return
    if document["contradiction"]:
        click.echo(document["contradiction"])
    if not found:
        click.echo("no marker can be removed by deduction" if not document["contradiction"] else
                   "markers stay until a card decides (rule 9)")
    for entry in found:
        click.echo(f"  {entry['delict']} on {entry['location']}: {entry['reason']}")
    if found and move is None:
        click.echo(f"taking them scores +{document['points']}; "
                   f"{' or '.join(document['takers'])} may call STOP (--take NAME)")
    if move is not None:
        click.echo(f"{taker} takes them: +{document['points']} (now {document['score']})")
        for line in document["credits"]:
            click.echo(f"  {line}")


@click.command()
@state_argument
@click.argument("cards", nargs=-1)
@click.option("--clue", "clues", multiple=True, metavar="JSON", help="A card written out (repeatable).")
@click.option("--take-out", is_flag=True, help="Record the dead numbered cards as out of the game.")
@board_option
@deck_option
@json_option
def drawpile(state_file: str, cards: tuple[str, ...], clues: tuple[str, ...], take_out: bool,
             board_file: str | None, deck_file: str | None, as_json: bool) -> None:
    """Rule 11: which of these cards can never be played again (out of the game)."""
    from solver.documents.table import dead_document, drawpile_document
    from solver.table.deduce import take_out_dead

    board = load_board_warned(board_file)
    deck = deck_in_use(state_file, deck_file)
    args = [parse_card(text, None, deck) for text in cards]
    args += [parse_card(None, text, deck) for text in clues]
    for arg in args:
        note_provenance(arg)
    with _store(state_file).change() as state:
        results = [dead_document(state, arg, board) for arg in args]
        move = take_out_dead(state, [(arg.number, arg.card) for arg in args if arg.number is not None],
                             board) if take_out else None
    document = drawpile_document(results, move)
    if as_json:
        echo_json(document)
        return
    for arg, result in zip(args, results, strict=True):
        verdict = f"never playable again: {result['reason']}" if result["dead"] else "may still be played"
        click.echo(f"  {_label(arg.label)}: {verdict}")
    dead = [result["card"]["number"] for result in results if result["dead"] and result["card"]["number"]]
    if take_out and dead:  # taken out now, or already out before
        click.echo(f"out of the game: {', '.join(map(str, dead))}")
