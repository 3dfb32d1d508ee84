"""Ratings across bots from many games: openskill's Plackett-Luce model (a Bayesian
rating in the TrueSkill family for games of any number of players).

Every entrant (a bot in the line-up, by its first seat) starts at the model's prior (mu
25, sigma 25/3); each game, in the order the games were numbered, ranks the entrants by
their returns (equal returns: equal ranks) and updates them. A rating is mu with the
95% interval mu ± 1.96 sigma; `ordinal` is openskill's conservative mu - 3 sigma.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypedDict

from openskill.models import PlackettLuce

Z95 = 1.96


class Rating(TypedDict):
    mu: float
    sigma: float
    ci95: list[float]  # [mu - 1.96 sigma, mu + 1.96 sigma]
    ordinal: float  # mu - 3 sigma


class Ratings:
    """The ratings of entrants 0..entrants-1, updated game by game."""

    def __init__(self, entrants: int) -> None:
        self.model = PlackettLuce(tau=0.0)  # a bot does not change: no drift between games
        self.ratings = [self.model.rating(name=str(entrant)) for entrant in range(entrants)]

    def update(self, lineup: Sequence[int], returns: Sequence[float]) -> None:
        """One game: `lineup` is the entrant in each seat, `returns` each seat's return."""
        teams = [[self.ratings[entrant]] for entrant in lineup]
        ranked = self.model.rate(teams, ranks=[-value for value in returns])
        for entrant, team in zip(lineup, ranked, strict=True):
            self.ratings[entrant] = team[0]

    def summary(self) -> list[Rating]:
        return [_summary(r.mu, r.sigma) for r in self.ratings]


def rate(entrants: int, games: Sequence[tuple[Sequence[int], Sequence[float]]]) -> list[Rating]:
    """The ratings after `games`, each (the entrant in each seat, the returns by seat)."""
    ratings = Ratings(entrants)
    for lineup, returns in games:
        ratings.update(lineup, returns)
    return ratings.summary()


def _summary(mu: float, sigma: float) -> Rating:
    return {"mu": round(mu, 3), "sigma": round(sigma, 3),
            "ci95": [round(mu - Z95 * sigma, 3), round(mu + Z95 * sigma, 3)],
            "ordinal": round(mu - 3 * sigma, 3)}
