"""The JSON API of the solo puzzles in the browser: list, open, hint, check, reveal."""

from __future__ import annotations

from typing import TYPE_CHECKING

from starlette.routing import Route

if TYPE_CHECKING:
    from solver.web.app import TableConfig


def routes(config: TableConfig) -> list[Route]:
    return []
