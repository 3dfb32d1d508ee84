"""The lobby's refusals, each with the status the web answers it with (docs/table.md, "Tables")."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from solver.tables.service import TableSnapshot


class NoSuchTable(Exception):
    """404: no table has this id."""


class SeatRefused(Exception):
    """403: no seat has this token, or the seat may not do this (act for another, see hidden cards)."""


class StaleVersion(Exception):
    """409: the table moved on since the version the move was decided on; `current` is the table now."""

    def __init__(self, message: str, current: TableSnapshot):
        super().__init__(message)
        self.current = current


class ActionRefused(Exception):
    """422: the rules refuse the action now; `current` is the table as it is (unchanged)."""

    def __init__(self, message: str, current: TableSnapshot):
        super().__init__(message)
        self.current = current
