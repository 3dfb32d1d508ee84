"""Score piles (duplicates cancel by value), round scoring, next leader, game end.

A score pile is a bitmask over values -3..10 (bit value + 3): taking a card toggles
its value, which is exactly the rulebook's pairwise discarding (two of a value
cancel, three leave one).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from solver.cardgames.schadenfreude.cards import VALUE

LIMIT = 40
VALUE_BITS = tuple(1 << (v + 3) for v in VALUE)
# points of every possible pile (14 value bits)
PILE_POINTS = tuple(
    sum(v for v in range(-3, 11) if pile >> (v + 3) & 1) for pile in range(1 << 14)
)


def take(pile: int, cards: Sequence[int]) -> int:
    for card in cards:
        pile ^= VALUE_BITS[card]
    return pile


def pile_values(pile: int) -> list[int]:
    return [v for v in range(-3, 11) if pile >> (v + 3) & 1]


def pile_points(pile: int) -> int:
    return PILE_POINTS[pile]


def apply_round(scores: Sequence[int], points: Sequence[int]) -> list[int]:
    """Move each marker by the round's points; a marker cannot go below 0."""
    return [max(0, score + gained) for score, gained in zip(scores, points, strict=True)]


def lowest_unique(scores: Sequence[int], among: Sequence[int] | None = None) -> int | None:
    """The seat holding the lowest score that no other seat shares, or None."""
    seats = range(len(scores)) if among is None else among
    values = [scores[s] for s in seats]
    best: int | None = None
    for s in seats:  # (a plain count: this runs at every round's end)
        score = scores[s]
        if values.count(score) == 1 and (best is None or score < scores[best]):
            best = s
    return best


def next_leader(scores: Sequence[int]) -> int | None:
    """Lowest score leads; tied lowest scores are ignored (and so on upwards); None
    when every score is shared, meaning a random player leads."""
    return lowest_unique(scores)


def game_over(scores: Sequence[int], limit: int = LIMIT) -> bool:
    return any(score > limit for score in scores)


def winner(scores: Sequence[int], limit: int = LIMIT) -> int | None:
    """Highest score not above the limit; tied scores are eliminated and the next
    highest wins; possibly nobody. If everyone is above the limit, the highest wins
    (with the same tie elimination)."""
    seats = [s for s, score in enumerate(scores) if score <= limit]
    if not seats:
        seats = list(range(len(scores)))
    counts = Counter(scores[s] for s in seats)
    unique = [s for s in seats if counts[scores[s]] == 1]
    return max(unique, key=lambda s: scores[s]) if unique else None
