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
more_option = click.option(
    "--more", is_flag=True,
    help="Two-player variant: the turn goes on after this card (1-3 cards a turn; rule 15 at its end).",
)
CLUE_EXAMPLE = "'{type: delict, delict: murder, locations: [Kirn, Boos, Simmern, Hundsbach]}'"


def table_deck(state_file: str, deck_file: str | None) -> Deck:
    """The deck in use (bundled, or --deck) with the cards this table entered laid over it."""
    from solver.decks.entered import entered_path
    from solver.decks.entered import table_deck as layered

    return layered(deck_file, entered_path(state_file))


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
        raise BadInput("name a card: a number 1-76, `remove`, or --clue")
    if is_remove(text):
        return remove_card()
    try:
        number = int(text)
    except ValueError:
        raise BadInput(f"{text!r} is not a card: give a number 1-76, `remove`, or --clue") from None
    try:
        return numbered_card(number, deck)
    except BadInput as error:
        if error.file:
            raise
        raise BadInput(f"{error.message}; here: write the card out with --clue") from None


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


def _verdict_lines(label: str, verdict: Verdict, indent: str = "") -> list[str]:
    status = "playable" if verdict.playable else "NOT playable"
    lines = [f"{indent}{label}: {status} (rule {verdict.rule}): {verdict.reason}"]
    if verdict.playable and not verdict.choices:
        lines.append(f"{indent}  points: +{verdict.points}")
    for name, choice in verdict.choices.items():
        mark = "+" if choice.playable else "-"
        points = f" +{choice.points}" if choice.playable else ""
        lines.append(f"{indent}  {mark} {name}{points} (rule {choice.rule}): {choice.reason}")
    return lines


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
def new(state_file: str, players: str, more_players: tuple[str, ...], two_player_variant: bool,
        last_delict_points: str, force: bool) -> None:
    """Start a game: `schinderhannes game new STATE --players Anna Ben Carl`."""
    from pathlib import Path

    from solver.table.state import new_game

    if Path(state_file).exists() and not force:
        raise BadInput("the file exists; pass --force to overwrite it or choose another name", state_file)
    names = [*players.replace(",", " ").split(), *more_players]
    state = new_game(names, two_player_variant, 5 if last_delict_points == "5" else 1)
    _store(state_file).create(state)
    click.echo(f"new game in {state_file}: {', '.join(names)}; {state.turn} starts")


@game.command("show")
@state_argument
@board_option
@json_option
def show(state_file: str, board_file: str | None, as_json: bool) -> None:
    """Show the board, the scores, whose turn it is, and what the board still allows."""
    from solver.core import names
    from solver.table import deduce

    state = _load(state_file)
    problem = deduce.contradiction(state)
    total = deduce.count(state)
    outcome = state.outcome()
    if as_json:
        document = {**{k: v for k, v in state.to_dict().items() if k != "history"},
                    "count": total, "contradiction": problem,
                    "outcome": {"reason": outcome[0], "winners": outcome[1]} if outcome else None}
        echo_json(document)
        return
    click.echo("players: " + ", ".join(f"{p} {state.scores[p]}" for p in state.players)
               + f"; turn: {state.turn}")
    for location in names.LOCATIONS:
        tile = state.tile_at(location)
        here = "TILE " + tile if tile else ", ".join(state.markers_at(location)) or "-"
        click.echo(f"  {location:<14} {here}")
    click.echo(f"supply: {', '.join(state.supply()) or '-'}")
    click.echo(f"complete assignments agreeing with the board: {total}")
    if problem:
        click.echo(problem)
    if outcome:
        click.echo(f"game over ({outcome[0]}): winner {', '.join(outcome[1])}")


@game.command("pass")
@state_argument
@player_option
@click.option("--discard", multiple=True, type=int, help="A card number discarded (repeatable).")
def pass_turn(state_file: str, player: str | None, discard: tuple[int, ...]) -> None:
    """Pass (or end a two-player-variant turn): discards go out of the game, the turn moves on."""
    from solver.table import rules
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
    click.echo(f"{move.player} passes; {state.turn}'s turn")


@game.command("end")
@state_argument
@click.argument("cards", nargs=-1)
@board_option
@deck_option
def end(state_file: str, cards: tuple[str, ...], board_file: str | None, deck_file: str | None) -> None:
    """Rule 12: the draw piles are used up and CARDS are all info cards left in hands.

    The game ends when none of them is playable; exit code 1 names one that is.
    """
    from solver.table import rules
    from solver.table.errors import GameGoesOn, GameOver

    board = load_board_warned(board_file)
    deck = table_deck(state_file, deck_file)
    args = [parse_card(text, None, deck) for text in cards]
    with _store(state_file).change() as state:
        try:
            rules.end_game(state, [arg.card for arg in args], board)
        except GameGoesOn as going:
            click.echo(f"the game goes on: {args[going.index].label} is playable: {going.verdict.reason}",
                       err=True)
            sys.exit(1)
        except GameOver as refused:
            _refuse(refused.reason)
    outcome = state.outcome()
    winners = outcome[1] if outcome else []
    click.echo(f"game over (draw piles used up, no playable card left): winner {', '.join(winners)}")


# ----- check and play --------------------------------------------------------------------------


@click.command()
@state_argument
@click.argument("card", required=False)
@clue_option
@player_option
@more_option
@click.option("--exit-code", is_flag=True, help="Exit with 1 when the card is not playable.")
@board_option
@deck_option
@json_option
def check(state_file: str, card: str | None, clue_text: str | None, player: str | None, more: bool,
          exit_code: bool, board_file: str | None, deck_file: str | None, as_json: bool) -> None:
    """Is CARD playable on STATE now? The rule, why, and when playable the effect and points."""
    from solver.table import rules

    state = _load(state_file)
    arg = parse_card(card, clue_text, table_deck(state_file, deck_file))
    board = load_board_warned(board_file)
    verdict = rules.check(state, arg.card, board, state.player(player), end_of_turn=not more)
    note_provenance(arg)
    if as_json:
        echo_json({**verdict.to_dict(), "card": arg.to_dict()})
    else:
        click.echo("\n".join(_verdict_lines(arg.label, verdict)))
    if exit_code and not verdict.playable:
        sys.exit(1)


@click.command()
@state_argument
@click.argument("card", required=False)
@clue_option
@click.option("--choose", help="A group card's delict, or the marker to remove as DELICT@LOCATION.")
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
    from solver.table import rules
    from solver.table.errors import ChoiceNeeded, GameOver, NotYourTurn, PlayOn, StateConflict

    arg = parse_card(card, clue_text, table_deck(state_file, deck_file))
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
            raise BadInput("this is the third card of the turn (at most 3): play it without --more"
                           if error.variant else
                           "--more is only for the two-player variant (start it with --two-player-variant)") from None
        except StateConflict as error:
            raise error.located(state_file) from None
        except ChoiceNeeded as needed:
            raise _choice_words(arg.card, needed) from None
        if not verdict.playable:
            if as_json:
                echo_json({**verdict.to_dict(), "card": arg.to_dict()})
            _refuse(f"{arg.label} is not playable (rule {verdict.rule}): {verdict.reason}")
    if as_json:
        echo_json({**verdict.to_dict(), "card": arg.to_dict(), "player": who, "choice": choice,
                   "score": state.scores[who], "turn": state.turn, "finished": state.finished})
        return
    played = f"{arg.label}" + (f" as {choice}" if choice else "")
    click.echo(f"{who} plays {played}: {verdict.reason}")
    click.echo(f"{who} now has {state.scores[who]}; {state.turn}'s turn")
    if outcome := state.outcome():
        reason, winners = outcome
        click.echo(f"game over ({reason}): winner {', '.join(winners)}")


@click.command()
@state_argument
def undo(state_file: str) -> None:
    """Undo the last play, pass or STOP: STATE is restored exactly as it was before it."""
    with _store(state_file).change(reuse_previous=True) as state:
        if not state.history:
            click.echo(f"nothing to undo in {state_file} (its previous file, if any, is {state_file}.prev)",
                       err=True)
            sys.exit(1)
        try:
            move = state.pop()
        except BadInput as error:
            raise error.located(state_file) from None
    what = f"card {move.card}" if isinstance(move.card, int) else (move.card or move.kind)
    click.echo(f"undid {move.player}'s {move.kind} ({what}, {move.effect.points} points); {state.turn}'s turn")


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
    from solver.table import rules

    state = _load(state_file)
    who = state.player(player)
    board = load_board_warned(board_file)
    deck = table_deck(state_file, deck_file)
    args = [parse_card(text, None, deck) for text in cards]
    args += [parse_card(None, text, deck) for text in clues]
    for arg in args:
        note_provenance(arg)
    if not args:
        raise BadInput("name the cards in the hand: numbers, `remove`, or --clue JSON")
    ranking = rules.rank_hand(state, [arg.card for arg in args], board, who)
    plays = [_hand_entry(args[found.card].label, found) for found in ranking.plays]
    refused = [_hand_entry(args[found.card].label, found) for found in ranking.refused]
    if as_json:
        echo_json({"player": who, "plays": plays, "not_playable": refused})
        return
    click.echo(f"{len(plays)} legal plays for {who}, best first:")
    for rank, entry in enumerate(plays, 1):
        choice = f" as {entry['choice']}" if entry["choice"] else ""
        click.echo(f"  {rank:>2}. +{entry['points']:<2} {entry['card']}{choice}: {entry['reason']}")
    if refused:
        click.echo("not playable now:")
        for entry in refused:
            choice = f" as {entry['choice']}" if entry.get("choice") else ""
            click.echo(f"   - {entry['card']}{choice} (rule {entry['rule']}): {entry['reason']}")


def _hand_entry(label: str, found: HandPlay) -> dict:
    entry = {"card": label, "choice": found.choice, **found.verdict.to_dict()}
    entry.pop("choices", None)
    return entry


@click.command()
@state_argument
@click.option("--take", "taker", metavar="NAME", help="Remove the markers and credit them to NAME.")
@board_option
@json_option
def stop(state_file: str, taker: str | None, board_file: str | None, as_json: bool) -> None:
    """Rule 10 (STOP): every marker that can be removed by deduction, with a reason."""
    from solver.table import deduce

    board = load_board_warned(board_file) if taker is not None else None
    with _store(state_file).change() as state:
        problem = deduce.contradiction(state)
        found = deduce.removable(state)
        document: dict = {"removable": [{"delict": f.delict, "location": f.location, "reason": f.reason}
                                        for f in found], "contradiction": problem}
        move = deduce.take_stop(state, board, taker) if board is not None and taker is not None and found else None
    if move is not None and taker is not None:
        document.update({"taken_by": taker, "points": move.effect.points, "score": state.scores[taker],
                         "effect": move.effect.to_dict()})
    if as_json:
        echo_json(document)
        return
    if problem:
        click.echo(problem)
    if not found:
        click.echo("no marker can be removed by deduction" if not problem else
                   "markers stay until a card decides (rule 9)")
    for f in found:
        click.echo(f"  {f.delict} on {f.location}: {f.reason}")
    if "taken_by" in document:
        click.echo(f"{taker} takes them: +{document['points']} (now {document['score']})")


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
    from solver.table.deduce import never_playable, take_out_dead

    board = load_board_warned(board_file)
    deck = table_deck(state_file, deck_file)
    args = [parse_card(text, None, deck) for text in cards]
    args += [parse_card(None, text, deck) for text in clues]
    with _store(state_file).change() as state:
        results = [{"card": arg.label, "number": arg.number,
                    "dead": (reason := never_playable(state, arg.card, board)) is not None, "reason": reason}
                   for arg in args]
        dead_numbers = [r["number"] for r in results if r["dead"] and r["number"] is not None]
        if take_out:
            take_out_dead(state, [(arg.number, arg.card) for arg in args if arg.number is not None], board)
    if as_json:
        echo_json({"cards": results, "taken_out": dead_numbers if take_out else []})
        return
    for r in results:
        verdict = f"never playable again: {r['reason']}" if r["dead"] else "may still be played"
        click.echo(f"  {r['card']}: {verdict}")
    if take_out and dead_numbers:
        click.echo(f"out of the game: {', '.join(map(str, dead_numbers))}")
