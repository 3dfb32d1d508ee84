"""Independent references for counting: CP-SAT enumeration and brute force over `holds`.

Kept apart from solver/model.py on purpose: a cross-check should not share the code it checks.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from ortools.sat.python import cp_model

from solver.core import names
from solver.core.board import Board
from solver.core.cards import Clue, DelictClue, DistrictClue, GroupClue, LocationClue, NotClue
from solver.core.semantics import holds

N = 16


class _Counter(cp_model.CpSolverSolutionCallback):
    def __init__(self, limit: int | None):
        super().__init__()
        self.found = 0
        self.limit = limit

    def on_solution_callback(self) -> None:
        self.found += 1
        if self.limit is not None and self.found >= self.limit:
            self.stop_search()


def _add_clue(model: cp_model.CpModel, where: list, clue: Clue, board: Board) -> None:
    d = names.DELICT_INDEX
    loc = names.LOCATION_INDEX
    match clue:
        case DelictClue(delict, locations):
            model.add_allowed_assignments([where[d[delict]]], [(loc[x],) for x in locations])
        case NotClue(delict, locations):
            for x in locations:
                model.add(where[d[delict]] != loc[x])
        case LocationClue(location, delicts):
            hits = []
            for delict in delicts:
                hit = model.new_bool_var("")
                model.add(where[d[delict]] == loc[location]).only_enforce_if(hit)
                model.add(where[d[delict]] != loc[location]).only_enforce_if(~hit)
                hits.append(hit)
            model.add_bool_or(hits)
        case DistrictClue((first, second), relation):
            pairs = sorted(board.joined_pairs[relation])
            model.add_allowed_assignments([where[d[first]], where[d[second]]], pairs)
        case GroupClue(group, direction):
            # each auxiliary literal is fully determined by `where`, so every σ is enumerated once
            inside = [int(board.in_direction(x, direction)) for x in names.LOCATIONS]
            hits = []
            for delict in names.GROUPS[group]:
                hit = model.new_bool_var("")
                model.add_element(where[d[delict]], inside, hit)
                hits.append(hit)
            model.add_bool_or(hits)


def enumerate_count(
    clues: Sequence[Clue], board: Board, limit: int | None = None, seconds: float | None = None
) -> tuple[int, bool]:
    """(solutions found, whether the enumeration was complete) by CP-SAT enumerate_all_solutions."""
    model = cp_model.CpModel()
    where = [model.new_int_var(0, N - 1, f"d{i}") for i in range(N)]
    model.add_all_different(where)
    for clue in clues:
        _add_clue(model, where, clue, board)
    solver = cp_model.CpSolver()
    solver.parameters.enumerate_all_solutions = True
    solver.parameters.num_workers = 1
    if seconds is not None:
        solver.parameters.max_time_in_seconds = seconds
    counter = _Counter(limit)
    status = solver.solve(model, counter)
    complete = status in (cp_model.OPTIMAL, cp_model.INFEASIBLE) and (limit is None or counter.found < limit)
    return counter.found, complete


def brute_force_count(clues: Sequence[Clue], board: Board, fixed: dict[str, str]) -> int:
    """Count by trying every placement of the delicts not in `fixed` (delict -> location)."""
    free_delicts = [d for d in names.DELICTS if d not in fixed]
    free_locations = [x for x in names.LOCATIONS if x not in fixed.values()]
    total = 0
    for placement in itertools.permutations(free_locations):
        where = {**fixed, **dict(zip(free_delicts, placement, strict=True))}
        total += all(holds(clue, where, board) for clue in clues)
    return total
