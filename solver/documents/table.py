"""Every JSON answer about the multiplayer game, built once: the command line's `--json` prints
these documents and the served API returns them unchanged (docs/formats.md, "JSON documents").

Each document carries the values (facts, effects, cards) and, beside them, the sentences
`solver.table.wording` makes of them, so that the page shows the very words the command
line prints. A change's answer over HTTP adds the new `state` document beside it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from solver.core.board import Board
from solver.core.deck import Card
from solver.table import deduce, rules, wording
from solver.table.cardref import CardRef
from solver.table.facts import Fact
from solver.table.rules import HandPlay, HandRanking, Verdict
from solver.table.state import GameState, Move
from solver.table.store import Snapshot

if TYPE_CHECKING:
    from solver.counting.odds import Odds


def fact_document(fact: Fact | None) -> dict[str, Any] | None:
    """A fact's values and its sentence (`text`)."""
    if fact is None:
        return None
    return {**fact.to_dict(), "text": wording.fact_sentence(fact)}


def verdict_document(verdict: Verdict) -> dict[str, Any]:
    """A verdict: playable, the rule, the reason in words, and the values behind it."""
    data: dict[str, Any] = {"playable": verdict.playable, "rule": verdict.rule, "reason": wording.reason(verdict),
                            "refusal": fact_document(verdict.refusal),
                            "notes": [fact_document(note) for note in verdict.notes]}
    if verdict.playable and verdict.effect is not None:
        data["points"] = verdict.points
        data["effect"] = verdict.effect.to_dict()
        data["facts"] = wording.effect_facts(verdict.effect, verdict.notes, verdict.removal_rule)
    if verdict.best is not None:
        data["best"] = verdict.best
    data["choices"] = {name: verdict_document(choice) for name, choice in verdict.choices.items()}
    return data


def move_document(move: Move) -> dict[str, Any]:
    """A move of the history, with the sentence the score track shows for it."""
    return {**move.to_dict(), "text": wording.move_sentence(move)}


def outcome_document(state: GameState) -> dict[str, Any] | None:
    outcome = state.outcome()
    return {"reason": outcome[0].value, "winners": outcome[1]} if outcome else None


def state_document(snapshot: Snapshot) -> dict[str, Any]:
    """The state as its file has it, with its version and what a table shows beside the board."""
    state = snapshot.state
    data = state.to_dict()
    data["history"] = [move_document(move) for move in state.history]
    return {
        **data,
        "version": snapshot.version,
        "supply": state.supply(),
        "outcome": outcome_document(state),
        **contradiction_document(state),
    }


def contradiction_document(state: GameState) -> dict[str, Any]:
    """Rule 9: `contradiction`, the sentence, and `contradiction_fact`, its values (both None
    while some complete assignment agrees with the board)."""
    fact = deduce.contradiction(state)
    return {"contradiction": wording.deduction_sentence(fact) if fact is not None else None,
            "contradiction_fact": fact.to_dict() if fact is not None else None}


def show_document(snapshot: Snapshot) -> dict[str, Any]:
    """`game show`: the state document and the count of the assignments its board allows."""
    return {**state_document(snapshot), **count_document(snapshot)}


def count_document(snapshot: Snapshot) -> dict[str, Any]:
    """The exact number of complete assignments the board allows, for the state of `version`."""
    return {"count": deduce.count(snapshot.state), "version": snapshot.version}


def odds_document(snapshot: Snapshot, odds: Odds | None = None) -> dict[str, Any]:
    """The exact share of the complete assignments that put each delict at each location
    (`odds` null when none agrees with the board), for the state of `version`; `odds` when
    the caller has them already."""
    return {**(odds or state_odds(snapshot.state)).to_dict(), "version": snapshot.version}


def state_odds(state: GameState) -> Odds:
    from solver.counting.odds import odds_of_masks

    return odds_of_masks(deduce.allowed_masks(state))


def card_document(card: Card) -> dict[str, Any]:
    """A card of the deck in use: its number, type, text (the clue as a sentence; `printed`, the
    rulebook's own words where it prints them), and where the text comes from."""
    return {"number": card.number, "type": card.letter, "text": card.clue.sentence() if card.clue else None,
            "printed": card.text, "clue": card.clue.to_dict() if card.clue else None,
            "provenance": card.provenance, "reconstructed": card.provenance == "reconstructed", "known": card.known}


def check_document(state: GameState, ref: CardRef, board: Board, player: str | None = None,
                   more: bool = False, choice: str | None = None) -> tuple[Verdict, dict[str, Any]]:
    """`check`: the verdict on playing the card now (a card out of the game already is gone); with
    `choice`, on playing it that way (ChoiceNeeded for a choice the card does not have)."""
    who = state.player(player)
    verdict = rules.check_numbered(state, ref.card, board, ref.number, who, end_of_turn=not more)
    if choice is not None and verdict.choices:
        verdict, _ = rules.check_choice(state, ref.card, board, choice, who, end_of_turn=not more)
    return verdict, card_verdict_document(verdict, ref)


def card_verdict_document(verdict: Verdict, ref: CardRef) -> dict[str, Any]:
    """A verdict with the card it was given on: what `check` answers, and a refused play."""
    return {**verdict_document(verdict), "card": ref.to_dict()}


def play_document(state: GameState, verdict: Verdict, ref: CardRef, player: str, choice: str | None) -> dict[str, Any]:
    """A card played: the verdict it was played on, then the player's score and whose turn it is."""
    return {"played": {**card_verdict_document(verdict, ref), "player": player, "choice": choice},
            "score": state.scores[player], "turn": state.turn, "finished": state.finished,
            "outcome": outcome_document(state)}


def pass_document(state: GameState, move: Move) -> dict[str, Any]:
    return {"passed": move_document(move), "turn": state.turn}


def undo_document(state: GameState, move: Move | None) -> dict[str, Any]:
    """The move taken back (None when there was none) — which is also the move `redo` would play
    again, right after the undo —, its player's score now, whose turn it is."""
    if move is None:
        return {"undone": None, "redo": None, "score": None, "turn": state.turn}
    undone = {**move_document(move), "words": wording.undone_move(move)}
    return {"undone": undone, "redo": undone, "score": state.scores.get(move.player), "turn": state.turn}


def redo_document(state: GameState, move: Move) -> dict[str, Any]:
    """The move played again: as in the history, its player's score now, whose turn it is."""
    return {"redone": {**move_document(move), "words": wording.undone_move(move)},
            "score": state.scores.get(move.player), "turn": state.turn}


def hand_document(state: GameState, refs: Sequence[CardRef], board: Board, player: str,
                  ranking: HandRanking | None = None) -> dict[str, Any]:
    """`hand`: every way to play each card, the legal ones best first; `ranking` the hand already
    checked (the whole game's, which knows the turn), else the hand is checked here."""
    if ranking is None:
        ranking = rules.rank_hand(state, [ref.card for ref in refs], board, player, [ref.number for ref in refs])

    def entry(found: HandPlay) -> dict[str, Any]:
        verdict = {key: value for key, value in verdict_document(found.verdict).items() if key != "choices"}
        return {"card": refs[found.card].to_dict(), "choice": found.choice, **verdict}

    return {"player": player, "plays": [entry(found) for found in ranking.plays],
            "not_playable": [entry(found) for found in ranking.refused]}


def stop_document(state: GameState, board: Board) -> dict[str, Any]:
    """Rule 10: the markers that can be removed by deduction, each with why; what taking them would
    score (`points`, `effect`: rule 7's tiles included); who may take them (`takers`, the first the
    default); rule 9 when none can be removed."""
    effect = deduce.stop_effect(state, board)
    return {"removable": [{"delict": found.delict, "location": found.location,
                           "reason": wording.deduction_sentence(found.why), "why": found.why.to_dict()}
                          for found in deduce.removable(state)],
            "points": effect.points if effect else 0, "effect": effect.to_dict() if effect else None,
            "takers": deduce.stop_takers(state),
            **contradiction_document(state)}


def take_stop_document(found: dict[str, Any], state: GameState, move: Move) -> dict[str, Any]:
    """STOP taken: what was removable, who took it, the points, the effect."""
    return {**found, "taken_by": move.player, "points": move.effect.points, "score": state.scores[move.player],
            "effect": move.effect.to_dict(), "credits": wording.credits(move.effect)}


def dead_document(state: GameState, ref: CardRef, board: Board) -> dict[str, Any]:
    """Rule 11 for one card: can it never be played again (out of the game already counts)?"""
    verdict = rules.out_of_game_verdict(state, ref.number)
    fact = verdict.refusal if verdict is not None else deduce.never_playable(state, ref.card, board)
    return {"card": ref.to_dict(), "dead": fact is not None,
            "reason": wording.dead_sentence(fact) if fact is not None else None,
            "why": fact.to_dict() if fact is not None else None}


def drawpile_document(cards: list[dict[str, Any]], move: Move | None) -> dict[str, Any]:
    return {"cards": cards, "taken_out": list(move.out) if move is not None else []}


def end_document(state: GameState) -> dict[str, Any]:
    """Rule 12: the game is over, with its winners and scores."""
    outcome = state.outcome()
    return {"over": True, "reason": outcome[0].value if outcome else None, "winners": outcome[1] if outcome else [],
            "scores": dict(state.scores), "playable": None}


def goes_on_document(verdict: Verdict, ref: CardRef) -> dict[str, Any]:
    """Rule 12 refused: a card left in a hand is playable, so the game goes on."""
    return {"over": False, "playable": card_verdict_document(verdict, ref),
            "reason": None, "winners": [], "scores": None}


def new_game_document(file: str, state: GameState) -> dict[str, Any]:
    return {"file": file, "players": state.players, "turn": state.turn, "variant": state.variant.to_dict()}
