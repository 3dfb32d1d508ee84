"""End of round and end of game (rulebook, "End of the Round", "Start of the Next Round",
"End of the Game"), as pure functions of scores and piles."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from solver.cardgames.scandaroon.deck import Deck

RANK_VP = (3, 2, 1, 0)  # "3 VP for 1st place, 2 for 2nd, 1 for 3rd, 0 for 4th"
NO_TRUMP_VP = 2  # "a player can get 2 VP for winning a no trump round ... only once"
PILE_VP = (3, 1)  # "the winner of the scoring pile space receives 3 VP, the runner-up 1 VP"
HIGHEST_SCORE_VP = 2  # "the winner who reached the highest score in a round receives 2 VP"
MOON_PILE_BONUS = 4  # action stone, moon: "increase the scoring pile by 4 points"


def places(scores: Sequence[int]) -> list[int]:
    """1-based place of each seat; ties share a place and the next places are skipped."""
    return [1 + sum(1 for other in scores if other > mine) for mine in scores]


def rank_vp(scores: Sequence[int]) -> list[int]:
    """Rank track VP: 3/2/1/0 by place; tied players get the same VP, next ranks skipped."""
    return [RANK_VP[place - 1] if place <= len(RANK_VP) else 0 for place in places(scores)]


def round_winners(scores: Sequence[int]) -> list[int]:
    best = max(scores)
    return [seat for seat, score in enumerate(scores) if score == best]


def last_place(scores: Sequence[int]) -> list[int]:
    """Seats in last place (they get a 6th card); nobody when all are tied (no one lost)."""
    worst = min(scores)
    if worst == max(scores):
        return []
    return [seat for seat, score in enumerate(scores) if score == worst]


def pile_placements(deck: Deck, rows: Sequence[Sequence[int]], scores: Sequence[int]
                    ) -> list[tuple[int, int]]:
    """(seat, card) moved from rows to scoring piles at the end of a round.

    The highest scorer(s) place their highest-nominal card; if there was no tie for the
    highest score, the second-highest scorer(s) place their lowest-nominal card (which may
    be 0). An empty row places nothing. Among equal nominal values the leftmost card goes.
    """
    moves: list[tuple[int, int]] = []
    winners = round_winners(scores)
    for seat in winners:
        if rows[seat]:
            moves.append((seat, max(rows[seat], key=lambda c: (deck[c].value, -rows[seat].index(c)))))
    if len(winners) == 1:
        rest = [s for s in range(len(scores)) if s not in winners]
        if rest:
            second = max(scores[s] for s in rest)
            for seat in rest:
                if scores[seat] == second and rows[seat]:
                    moves.append((seat, min(rows[seat], key=lambda c: deck[c].value)))
    return moves


def pile_totals(deck: Deck, piles: Sequence[Sequence[int]], bonuses: Sequence[int]) -> list[int]:
    """Nominal values of the cards in each scoring pile, plus moon action-stone bonuses."""
    return [sum(deck[c].value for c in pile) + bonus for pile, bonus in zip(piles, bonuses,
                                                                              strict=True)]


def pile_vp(totals: Sequence[int]) -> list[int]:
    """Scoring pile VP: 3 to the highest total(s), 1 to the second-highest total(s).

    An empty scoring pile (total 0) takes no place: a player needs a result to place a
    VP marker (our reading; otherwise all players would hold 3 VP before any scoring)."""
    best = max(totals)
    rest = [t for t in totals if t < best]
    second = max(rest) if rest else None
    return [0 if t <= 0 else PILE_VP[0] if t == best else PILE_VP[1] if t == second else 0
            for t in totals]


def update_highest(best: int | None, holders: Sequence[int], winners: Sequence[int],
                   score: int) -> tuple[int | None, list[int]]:
    """Highest score marker after a round won by `winners` with `score`.

    Winners scoring at least as much as every previous round winner join the space;
    a strictly better score removes the previous holders."""
    if best is None or score > best:
        return score, sorted(winners)
    if score == best:
        return best, sorted(set(holders) | set(winners))
    return best, list(holders)


def next_starting_player(winners: Sequence[int], previous_start: int, players: int) -> int:
    """Left of the single winner; with several winners, left of the previous starter."""
    if len(winners) == 1:
        return (winners[0] + 1) % players
    return (previous_start + 1) % players


def game_winners(total_vp: Sequence[int], rank_track: Sequence[int], piles: Sequence[int]
                 ) -> list[int]:
    """Most VP; ties: higher rank track position, then higher scoring pile; else a draw."""
    keys = [(v, r, p) for v, r, p in zip(total_vp, rank_track, piles, strict=True)]
    best = max(keys)
    return [seat for seat, key in enumerate(keys) if key == best]
