"""A puzzle's clues compiled to one CP-SAT model.

Booleans x[d][l] ("delict d took place at location l"), exactly one per delict and
per location. Each clue is enforced by its own literal, so the same warm model can
switch clues on and off with assumptions: for uniqueness proofs, for conflicts,
and for the generator's clue removal.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ortools.sat.python import cp_model

from solver.core import names
from solver.core.bits import N
from solver.core.board import Board
from solver.core.cards import Clue, DelictClue, DistrictClue, GroupClue, LocationClue, NotClue

Assignment = tuple[int, ...]  # delict index -> location index


class PuzzleModel:
    """switchable=False builds the clues in as hard constraints: about 3x faster for one
    question (solve, prove unique), but clues cannot be switched off and excluded
    solutions stay excluded."""

    def __init__(self, clues: Sequence[Clue], board: Board, switchable: bool = True):
        self.board = board
        self.clues = list(clues)
        self.switchable = switchable
        self.model = cp_model.CpModel()
        self.x = [[self.model.new_bool_var(f"d{d}_at_l{loc}") for loc in range(N)] for d in range(N)]
        for d in range(N):
            self.model.add_exactly_one(self.x[d])
        for loc in range(N):
            self.model.add_exactly_one(self.x[d][loc] for d in range(N))
        self.enforce = [self._add_clue(clue, index) for index, clue in enumerate(self.clues)]
        self.solver = cp_model.CpSolver()
        self.solver.parameters.num_workers = 1
        self.solver.parameters.cp_model_presolve = False  # measured: presolve costs more than it saves here
        # Ctrl-C is Python's to handle (exit 130): CP-SAT's own handler would leave SIGINT at its default
        self.solver.parameters.catch_sigint_signal = False

    def _add_clue(self, clue: Clue, index: int) -> cp_model.IntVar | None:
        literal = self.model.new_bool_var(f"clue{index}") if self.switchable else None
        for clause in clauses(clue, self.board):
            constraint = self.model.add_bool_or([self._literal(d, loc, positive) for d, loc, positive in clause])
            if literal is not None:
                constraint.only_enforce_if(literal)
        return literal

    def _switch(self, index: int) -> cp_model.IntVar:
        """The literal that turns clue `index` on (a switchable model has one per clue)."""
        literal = self.enforce[index]
        if literal is None:
            raise ValueError("a model built with switchable=False has no clue switches")
        return literal

    def _literal(self, d: int, loc: int, positive: bool):
        return self.x[d][loc] if positive else self.x[d][loc].Not()

    def solve(self, active: Iterable[int] | None = None, exclude: Sequence[Assignment] = ()) -> Assignment | None:
        """A solution with the `active` clues (all by default), differing from each of `exclude`."""
        if not self.switchable:
            if active is not None and sorted(active) != list(range(len(self.clues))):
                raise ValueError("a model built with switchable=False always has every clue on")
            for other in exclude:
                self._forbid(other)
            return self._run()
        self.model.clear_assumptions()
        chosen = range(len(self.clues)) if active is None else active
        assumptions = [self._switch(index) for index in chosen]
        assumptions += [literal for other in exclude if (literal := self._forbid(other)) is not None]
        self.model.add_assumptions(assumptions)
        return self._run()

    def _run(self) -> Assignment | None:
        status = self.solver.solve(self.model)
        if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            return None
        return tuple(
            next(loc for loc in range(N) if self.solver.boolean_value(self.x[d][loc])) for d in range(N)
        )

    def _forbid(self, solution: Assignment) -> cp_model.IntVar | None:
        """A literal that, when assumed, rules out `solution` (cached per solution); hard when not switchable."""
        cache = self.__dict__.setdefault("_forbidden", {})
        if solution not in cache:
            literal = self.model.new_bool_var(f"not_solution{len(cache)}") if self.switchable else None
            constraint = self.model.add_bool_or([self.x[d][loc].Not() for d, loc in enumerate(solution)])
            if literal is not None:
                constraint.only_enforce_if(literal)
            cache[solution] = literal
        return cache[solution]

    def solutions(self, active: Iterable[int] | None = None, limit: int = 2) -> list[Assignment]:
        """Up to `limit` distinct solutions; fewer than `limit` means there are no more."""
        chosen = list(range(len(self.clues)) if active is None else active)
        # a fixed model excludes what it found for good, so it remembers it
        found: list[Assignment] = self.__dict__.setdefault("_found", []) if not self.switchable else []
        exhausted = self.__dict__.get("_exhausted", False)
        while len(found) < limit and not exhausted:
            solution = self.solve(chosen, exclude=found)
            if solution is None:
                exhausted = True
                if not self.switchable:
                    self._exhausted = True
                break
            found.append(solution)
        return found[:limit]

    def is_unique(self, active: Iterable[int] | None = None) -> bool:
        return len(self.solutions(active, limit=2)) == 1

    def core(self, active: Iterable[int] | None = None) -> list[int]:
        """A minimal set of clue indices that cannot all hold ([] when they can)."""
        if not self.switchable:
            return PuzzleModel(self.clues, self.board).core(active)
        chosen = list(range(len(self.clues)) if active is None else active)
        if self.solve(chosen) is not None:
            return []
        by_literal = {self._switch(index).index: index for index in chosen}
        core = [by_literal[i] for i in self.solver.sufficient_assumptions_for_infeasibility()
                if i in by_literal] or chosen
        for index in list(core):  # deletion loop: the solver's core is sufficient, not minimal
            trial = [other for other in core if other != index]
            if self.solve(trial) is None:
                core = trial
        return sorted(core)


Literal = tuple[int, int, bool]  # (delict, location, positive)


def clauses(clue: Clue, board: Board) -> list[list[Literal]]:
    """The clue as clauses over "delict d is at location l" (docs/formats.md, "Clues")."""
    match clue:
        case DelictClue(delict, locations):
            d = names.DELICT_INDEX[delict]
            return [[(d, names.LOCATION_INDEX[loc], True) for loc in locations]]
        case NotClue(delict, locations):
            d = names.DELICT_INDEX[delict]
            return [[(d, names.LOCATION_INDEX[loc], False)] for loc in locations]
        case LocationClue(location, delicts):
            loc = names.LOCATION_INDEX[location]
            return [[(names.DELICT_INDEX[d], loc, True) for d in delicts]]
        case GroupClue(group, direction):
            places = [names.LOCATION_INDEX[loc] for loc in names.LOCATIONS if board.in_direction(loc, direction)]
            return [[(names.DELICT_INDEX[d], loc, True) for d in names.GROUPS[group] for loc in places]]
        case DistrictClue((first, second), relation):
            return _district_clauses(names.DELICT_INDEX[first], names.DELICT_INDEX[second],
                                     board.joined_pairs[relation])
    raise TypeError(f"not a clue: {clue!r}")


def _district_clauses(d1: int, d2: int, pairs: frozenset[tuple[int, int]]) -> list[list[Literal]]:
    """Wherever one delict is, the other is at a partner location (both directions, for propagation)."""
    found = []
    for here, there in ((d1, d2), (d2, d1)):
        for loc in range(N):
            partners = [(there, other, True) for a, other in sorted(pairs) if a == loc]
            found.append([(here, loc, False), *partners])
    return found


def to_solution(assignment: Assignment) -> dict[str, str]:
    """delict-index tuple -> {location: delict} in board order."""
    by_location = {loc: d for d, loc in enumerate(assignment)}
    return {names.LOCATIONS[loc]: names.DELICTS[by_location[loc]] for loc in range(N)}
