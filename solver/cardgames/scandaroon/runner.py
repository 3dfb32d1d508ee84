"""A picklable bots factory for solver.cardgames.simulate (module-level, used with partial)."""

from __future__ import annotations


def make_bots(names: tuple[str, ...], seed: int) -> list:
    from solver.cardgames.scandaroon.bots import make_bot

    return [make_bot(name, seed * 31 + seat) for seat, name in enumerate(names)]
