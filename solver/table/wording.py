"""The one place where the table's answers become English: verdicts, their facts, and moves.

The rules engine (`solver.table.rules`, `solver.table.deduce`) returns values; this module
words them. The command line prints these sentences and the JSON documents
(`solver.documents`) serve them beside the values, so the page shows the very same words.
Nothing parses what this module writes.
"""

from __future__ import annotations

from solver.table.state import REMOVE, Move, MoveKind


def plural(n: int, noun: str) -> str:
    """`1 legal play`, `6 legal plays`."""
    return f"{n} {noun}{'' if n == 1 else 's'}"


def points(n: int | None) -> str:
    """`1 point`, `4 points`."""
    return f"{n} point{'' if n == 1 else 's'}"


def signed(n: int | None) -> str:
    """Points won, as the score track shows them: `+1`, `+4`, `+0`."""
    return f"+{n or 0}"


def numbers(found: list[int]) -> str:
    """`card 44`, `cards 44, 45`."""
    return f"card{'' if len(found) == 1 else 's'} {', '.join(map(str, found))}"


def winners(found: list[str]) -> str:
    """`winner Anna`, `winners Anna, Ben` (a tie)."""
    return f"winner{'' if len(found) == 1 else 's'} {', '.join(found) or '-'}"


def card_of_move(move: Move) -> str:
    """The card a move played: `card 11`, `Remove one marker`, `a written-out card`."""
    if isinstance(move.card, int) and not isinstance(move.card, bool):
        return f"card {move.card}"
    return "Remove one marker" if move.card == REMOVE else "a written-out card"


def played_as(label: str, choice: str | None) -> str:
    """A card as played: `card 27 as murder`, `Remove one marker: break-in on Meisenheim`."""
    if not choice:
        return label
    if "@" in choice:
        return f"{label}: {choice.replace('@', ' on ')}"
    return f"{label} as {choice}"


def move_sentence(move: Move) -> str:
    """A move of the history as the score track tells it: `Anna played card 11: +1`."""
    gained = move.effect.points
    discarded = f" (discarded {', '.join(map(str, move.out))})" if move.out and move.kind != MoveKind.PLAY else ""
    if move.kind == MoveKind.PLAY:
        return f"{move.player} played {played_as(card_of_move(move), move.choice)}: {signed(gained)}"
    if move.kind == MoveKind.PASS:
        return f"{move.player} {'ended the turn' if move.cards_this_turn_before else 'passed'}{discarded}"
    if move.kind == MoveKind.STOP:
        return f"{move.player} called STOP: {signed(gained)}"
    if move.kind == MoveKind.DRAWPILE:
        return f"{numbers(move.out)} went out of the game (rule 11)"
    return "the game was ended (rule 12)"


def undone_move(move: Move) -> str:
    """A move taken back, in words: `Anna's play of card 11 (1 point)`, `Ben's pass`, ..."""
    gained = f" ({points(move.effect.points)})" if move.effect.points else ""
    if move.kind == MoveKind.PLAY:
        choice = f" as {move.choice}" if move.choice else ""
        return f"{move.player}'s play of {card_of_move(move)}{choice}{gained}"
    if move.kind == MoveKind.STOP:
        return f"{move.player}'s STOP{gained}"
    if move.kind == MoveKind.DRAWPILE:
        return f"taking {numbers(move.out)} out of the game (rule 11)" if move.out else "a drawpile check"
    if move.kind == MoveKind.END:
        return "the end of the game (rule 12)"
    return f"{move.player}'s pass" + (f", discarding {numbers(move.out)}" if move.out else "")
