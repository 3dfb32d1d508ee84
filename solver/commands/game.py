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
from solver.table import wording

if TYPE_CHECKING:
    from solver.core.board import Board
    from solver.core.deck import Deck
    from solver.table.cardref import CardRef
    from solver.table.errors import ChoiceNeeded
    from solver.table.rules import Card, HandPlay, Verdict
    from solver.table.state import Effect, GameState
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


def _verdict_lines(label: str, verdict: Verdict) -> list[str]:
    """The verdict at a glance: `card 38: playable +4 (rule 1): places ...` on the first line
    (under about 100 characters), the other facts and the choices after it, each rule cited once."""
    label = _label(label)
    if not verdict.choices:
        head = (f"{label}: playable +{verdict.points} (rule {verdict.rule})" if verdict.playable
                else f"{label}: not playable (rule {verdict.rule})")
        return _fact_lines(head, _facts(verdict))
    if verdict.playable:
        lines = [f"{label}: playable +{verdict.points} as {verdict.best} (rule {verdict.rule}), the best choice"]
    else:
        lines = [f"{label}: not playable (rule {verdict.rule}): no choice is playable"]
    for names_, choice, text in _grouped_choices(verdict.choices):
        mark = f"+{choice.points}" if choice.playable else "not playable"
        rule = f" (rule {choice.rule})" if choice.rule != verdict.rule else ""
        lines.append(f"  {names_}: {mark}{rule}: {text}")
    return lines


def _label(label: str) -> str:
    """A card's label as a verdict's first line starts: without a closing full stop, and a long
    written-out clue (the user has just typed it) as `clue`."""
    label = label.rstrip(".")
    return "clue" if label.startswith("clue: ") and len(label) > 30 else label


def _facts(verdict: Verdict) -> list[str]:
    """A playable verdict's facts (its reason split at `; ` outside brackets); a refusal's reason
    whole. The verdict's own rule, cited in the head, is not cited again."""
    own = f" (rule {verdict.rule})"
    reason = verdict.reason
    if not verdict.playable:
        return [reason.removesuffix(own)]
    facts, depth, start = [], 0, 0
    for index, char in enumerate(reason):
        depth += {"[": 1, "(": 1, "]": -1, ")": -1}.get(char, 0)
        if depth == 0 and reason.startswith("; ", index):
            facts.append(reason[start:index])
            start = index + 2
    facts.append(reason[start:])
    return [fact.removesuffix(own) for fact in facts if fact]


def _fact_lines(head: str, facts: list[str], indent: str = "  ", width: int = 100) -> list[str]:
    """`head: first fact` when that fits in `width`, else `head` alone; the other facts below."""
    if facts and len(f"{head}: {facts[0]}") <= width:
        return [f"{head}: {facts[0]}", *(f"{indent}{fact}" for fact in facts[1:])]
    return [head, *(f"{indent}{fact}" for fact in facts)]


def _grouped_choices(choices: dict[str, Verdict]) -> list[tuple[str, Verdict, str]]:
    """Choices that get the same verdict for the same reason (but for their own name) as one line:
    (names, a verdict of theirs, the reason, `each` for the name when there are several)."""
    groups: dict[tuple[bool, int | None, int, str], list[str]] = {}
    for name, choice in choices.items():
        key = (choice.playable, choice.points, choice.rule, choice.reason.replace(name, "\0"))
        groups.setdefault(key, []).append(name)
    found = []
    for (_, _, _, pattern), members in groups.items():
        first = choices[members[0]]
        text = pattern.replace("\0", members[0] if len(members) == 1 else "each")
        found.append((", ".join(members), first, text.removesuffix(f" (rule {first.rule})")))
    return found


def _credit_lines(effect: Effect, indent: str = "  ") -> list[str]:
    """Every marker and tile an effect credits, with its points: the lines add up to the total."""
    lines = [f"{indent}keeps {n} {d} marker{'' if n == 1 else 's'}: +{n}" for d, n in effect.kept.items() if n]
    lines += [f"{indent}removes {d} from {loc}: +1" for d, loc in effect.removed]
    lines += [f"{indent}pinpoints {d} on {loc}, its last marker under the tile: +1" for d, loc in effect.replaced]
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
@json_option
def new(state_file: str, players: str, more_players: tuple[str, ...], two_player_variant: bool,
        last_delict_points: str, force: bool, as_json: bool) -> None:
    """Start a game: `schinderhannes game new STATE --players Anna Ben Carl`."""
    from pathlib import Path

    from solver.table.state import new_game

    if Path(state_file).exists() and not force:
        raise BadInput("the file exists; pass --force to overwrite it or choose another name", state_file)
    names = [*players.replace(",", " ").split(), *more_players]
    state = new_game(names, two_player_variant, 5 if last_delict_points == "5" else 1)
    _store(state_file).create(state)
    if as_json:
        echo_json({"file": state_file, "players": state.players, "turn": state.turn,
                   "variant": state.to_dict()["variant"]})
        return
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
        click.echo(f"game over ({outcome[0]}): {wording.winners(outcome[1])}")


@game.command("pass")
@state_argument
@player_option
@click.option("--discard", multiple=True, type=int, help="A card number discarded (repeatable).")
@json_option
def pass_turn(state_file: str, player: str | None, discard: tuple[int, ...], as_json: bool) -> None:
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
    if as_json:
        echo_json({"player": move.player, "discarded": list(move.out), "turn": state.turn})
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
    from solver.table import rules
    from solver.table.errors import GameGoesOn, GameOver

    board = load_board_warned(board_file)
    deck = table_deck(state_file, deck_file)
    args = [parse_card(text, None, deck) for text in cards]
    with _store(state_file).change() as state:
        try:
            rules.end_game(state, [arg.card for arg in args], board)
        except GameGoesOn as going:
            label = args[going.index].label
            if as_json:
                echo_json({"over": False, "playable": {**going.verdict.to_dict(), "card": args[going.index].to_dict()}})
            click.echo(f"the game goes on: {_label(label)} is playable: {going.verdict.reason}", err=True)
            sys.exit(1)
        except GameOver as refused:
            _refuse(refused.reason)
    outcome = state.outcome()
    winners = outcome[1] if outcome else []
    if as_json:
        echo_json({"over": True, "reason": outcome[0] if outcome else None, "winners": winners,
                   "scores": dict(state.scores)})
        return
    click.echo(f"game over (draw piles used up, no playable card left): {wording.winners(winners)}")


# ----- check and play --------------------------------------------------------------------------


@click.command()
@state_argument
@click.argument("card", required=False)
@clue_option
@player_option
@more_option
@click.option("--exit-code", is_flag=True,
              help="Kept for old scripts: check always exits 1 when the card is not playable.")
@board_option
@deck_option
@json_option
def check(state_file: str, card: str | None, clue_text: str | None, player: str | None, more: bool,
          exit_code: bool, board_file: str | None, deck_file: str | None, as_json: bool) -> None:
    """Is CARD playable on STATE now? The rule, why, and when playable the effect and points.

    Exit code 0 when it is playable, 1 when it is not (--exit-code, kept for old scripts, changes nothing).
    """
    from solver.table import rules

    state = _load(state_file)
    arg = parse_card(card, clue_text, table_deck(state_file, deck_file))
    board = load_board_warned(board_file)
    verdict = rules.out_of_game_verdict(state, arg.number) or rules.check(
        state, arg.card, board, state.player(player), end_of_turn=not more)
    note_provenance(arg)
    if as_json:
        echo_json({**verdict.to_dict(), "card": arg.to_dict()})
    else:
        click.echo("\n".join(_verdict_lines(arg.label, verdict)))
    if not verdict.playable:  # --exit-code is accepted and changes nothing: this is the default now
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
    played = f"{_label(arg.label)}" + (f" as {choice}" if choice else "")
    for line in _fact_lines(f"{who} plays {played}: +{verdict.points} (rule {verdict.rule})", _facts(verdict)):
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
    with _store(state_file).change(reuse_previous=True) as state:
        if not state.history:
            if as_json:
                echo_json({"undone": None, "turn": state.turn})
            click.echo(f"nothing to undo in {state_file} (its previous file, if any, is {state_file}.prev)",
                       err=True)
            sys.exit(1)
        try:
            move = state.pop()
        except BadInput as error:
            raise error.located(state_file) from None
    if as_json:
        undone = {key: value for key, value in move.to_dict().items()
                  if key in ("kind", "player", "card", "choice", "effect", "out")}
        echo_json({"undone": undone, "score": state.scores.get(move.player), "turn": state.turn})
        return
    click.echo(f"undid {wording.undone_move(move)}; {state.turn}'s turn")


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
    ranking = rules.rank_hand(state, [arg.card for arg in args], board, who, [arg.number for arg in args])
    plays = [_hand_entry(args[found.card].label, found) for found in ranking.plays]
    refused = [_hand_entry(args[found.card].label, found) for found in ranking.refused]
    if as_json:
        echo_json({"player": who, "plays": plays, "not_playable": refused})
        return
    click.echo(f"{wording.plural(len(plays), 'legal play')} for {who}" + (", best first:" if plays else "."))
    for rank, found in enumerate(ranking.plays, 1):
        choice = f" as {found.choice}" if found.choice else ""
        facts = "; ".join(_facts(found.verdict))
        click.echo(f"  {rank:>2}. +{found.verdict.points:<2} {_label(args[found.card].label)}{choice} "
                   f"(rule {found.verdict.rule}): {facts}")
    if refused:
        click.echo("not playable now:")
        by_card: dict[int, dict[str, Verdict]] = {}
        for found in ranking.refused:
            by_card.setdefault(found.card, {})[found.choice or ""] = found.verdict
        for index, verdicts in by_card.items():
            for names_, verdict, text in _grouped_choices(verdicts):
                choice = f" as {names_}" if names_ else ""
                click.echo(f"   - {_label(args[index].label)}{choice} (rule {verdict.rule}): {text}")


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
        taker = state.player(taker) if taker is not None else None
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
    if move is not None:
        click.echo(f"{taker} takes them: +{document['points']} (now {document['score']})")
        for line in _credit_lines(move.effect):
            click.echo(line)


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
    from solver.table.deduce import take_out_dead

    board = load_board_warned(board_file)
    deck = table_deck(state_file, deck_file)
    args = [parse_card(text, None, deck) for text in cards]
    args += [parse_card(None, text, deck) for text in clues]
    with _store(state_file).change() as state:
        results = [{"card": arg.label, "number": arg.number,
                    "dead": (reason := _dead_reason(state, arg, board)) is not None, "reason": reason}
                   for arg in args]
        dead_numbers = [r["number"] for r in results if r["dead"] and r["number"] is not None]
        if take_out:
            take_out_dead(state, [(arg.number, arg.card) for arg in args if arg.number is not None], board)
    if as_json:
        echo_json({"cards": results, "taken_out": dead_numbers if take_out else []})
        return
    for arg, r in zip(args, results, strict=True):
        verdict = f"never playable again: {r['reason']}" if r["dead"] else "may still be played"
        click.echo(f"  {_label(arg.label)}: {verdict}")
    if take_out and dead_numbers:
        click.echo(f"out of the game: {', '.join(map(str, dead_numbers))}")


def _dead_reason(state: GameState, arg: CardRef, board: Board) -> str | None:
    """Why a card can never be played again (out of the game already, or rule 11), else None."""
    from solver.table.deduce import never_playable
    from solver.table.rules import OUT_OF_GAME

    if arg.number is not None and arg.number in state.out_of_game:
        return OUT_OF_GAME
    return never_playable(state, arg.card, board)
