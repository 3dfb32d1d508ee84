"""A picklable bots factory for solver.cardgames.simulate (module-level, used with partial)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from solver.cardgames.bots import Bot
    from solver.cardgames.scandaroon.state import ScandaroonState


def make_bots(names: tuple[str, ...], seed: int) -> list[Bot[ScandaroonState]]:
    from solver.cardgames.scandaroon.bots import make_bot

    return [make_bot(name, seed * 31 + seat) for seat, name in enumerate(names)]
