"""A puzzle's clues compiled to one CP-SAT model.

Booleans "delict d took place at location l", exactly one per delict and per location.

switchable=True (the warm model: generator, deck checks, conflicts) makes all 256 booleans
and enforces each clue by its own literal, so the same model can switch clues on and off
with assumptions: for uniqueness proofs, for conflicts, and for the generator's clue removal.

switchable=False answers one question (solve, prove unique) about all the clues at once. The
clues are first reduced to a mask of allowed locations per delict and the masks propagated
(solver.counting.reduce; besides, a group card only one member can still satisfy puts that
member inside). Only the booleans still allowed are made, settled delicts drop out (with their
locations), and a clause goes in only where the masks do not already satisfy it: unary clues
are the masks themselves, a district clue tying a settled delict is already implied by arc
consistency, a group clue is gone once one member can only be inside. When the propagation
alone decides the puzzle (no mask left, or every delict settled: then the clues are checked
against solver.core.semantics) CP-SAT is not called at all.

Both kinds find several solutions (uniqueness: up to two) in one CP-SAT run that enumerates
and stops at the limit; a switchable model assumes every switch on or off for it, so that
each solution comes once.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, assert_never

from solver.core import names
from solver.core.bits import N, indices, location_mask
from solver.core.board import RELATIONS, Board
from solver.core.cards import Clue, DelictClue, DistrictClue, GroupClue, LocationClue, NotClue
from solver.core.semantics import holds
from solver.counting.reduce import GROUP_MEMBERS, reduce_clues, shrunk_masks

if TYPE_CHECKING:
    from ortools.sat.python import cp_model

Assignment = tuple[int, ...]  # delict index -> location index


@dataclass(frozen=True)
class BoardFacts:
    """What the model needs of a board, worked out once per board (Board is hashed by identity)."""

    partners: dict[str, tuple[tuple[int, ...], ...]]  # relation -> per location, its partner locations
    partner_masks: dict[str, tuple[int, ...]]  # the same as masks
    inside: dict[str, tuple[int, ...]]  # direction -> the locations inside it
    inside_mask: dict[str, int]


@cache
def board_facts(board: Board) -> BoardFacts:
    partners: dict[str, list[list[int]]] = {relation: [[] for _ in range(N)] for relation in RELATIONS}
    for relation, pairs in board.joined_pairs.items():
        for here, there in sorted(pairs):
            partners[relation][here].append(there)
    inside = {direction: tuple(names.LOCATION_INDEX[loc] for loc in names.LOCATIONS
                               if board.in_direction(loc, direction)) for direction in names.DIRECTIONS}
    return BoardFacts(
        partners={relation: tuple(map(tuple, lists)) for relation, lists in partners.items()},
        partner_masks={relation: tuple(sum(1 << p for p in lst) for lst in lists)
                       for relation, lists in partners.items()},
        inside=inside,
        inside_mask={direction: sum(1 << loc for loc in locations) for direction, locations in inside.items()},
    )


def new_cp_model() -> cp_model.CpModel:
    """A new CpModel, CP-SAT's module imported only now (commands that need no search never load it).

    CpModel sets its camelCase aliases on every new instance (OR-Tools 9.15: about 0.1 ms a model);
    OR-Tools offers no public way to leave them out, so that cost is paid."""
    from ortools.sat.python import cp_model

    return cp_model.CpModel()


Collector = Callable[["PuzzleModel", int, list[Assignment]], "cp_model.CpSolverSolutionCallback"]


@cache
def _collector_class() -> Collector:
    """A solution callback that decodes each solution of a model into `found`, up to `limit`."""
    from ortools.sat.python import cp_model

    class Collecting(cp_model.CpSolverSolutionCallback):
        def __init__(self, model: PuzzleModel, limit: int, found: list[Assignment]):
            super().__init__()
            self.decode = model._decoder(self.boolean_value)
            self.limit = limit
            self.found = found

        def on_solution_callback(self) -> None:
            if len(self.found) < self.limit:
                self.found.append(self.decode())
            if len(self.found) >= self.limit:
                self.stop_search()

    return Collecting


def _new_solver() -> cp_model.CpSolver:
    from ortools.sat.python import cp_model

    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.cp_model_presolve = False  # measured: presolve costs more than it saves here
    # and so do (by about a tenth) the LP relaxation, symmetry detection and probing on these small pure-SAT models
    solver.parameters.linearization_level = 0
    solver.parameters.symmetry_level = 0
    solver.parameters.cp_model_probing_level = 0
    # Ctrl-C is Python's to handle (exit 130): CP-SAT's own handler would leave SIGINT at its default
    solver.parameters.catch_sigint_signal = False
    return solver


class PuzzleModel:
    """switchable=False builds the clues in as hard constraints over what the propagated masks
    leave open: much faster for one question (solve, prove unique), but clues cannot be
    switched off and excluded solutions stay excluded."""

    def __init__(self, clues: Sequence[Clue], board: Board, switchable: bool = True):
        self.board = board
        self.clues = list(clues)
        self.switchable = switchable
        self._forbidden: dict[Assignment, cp_model.IntVar | None] = {}
        self._found: list[Assignment] = []  # a fixed model's solutions so far (they stay excluded)
        self._exhausted = False
        # a fixed model that propagation decided: its whole solution set (no CP-SAT model then)
        self.decided: list[Assignment] | None = None
        self.enforce: list[cp_model.IntVar] = []
        # x[d * N + l]: "delict d at location l"; a fixed model has only those its masks leave open
        self.x: dict[int, cp_model.IntVar] = {}
        self.allowed: list[int] = []  # a fixed model's propagated masks (delict -> locations)
        self._decode: Callable[[], Assignment] | None = None
        if switchable:
            self._build_switchable()
        else:
            self._build_fixed()

    # -- building

    def _build_switchable(self) -> None:
        model = self.model = new_cp_model()
        new = model.new_bool_var
        x = [new(f"d{d}_at_l{loc}") for d in range(N) for loc in range(N)]
        self.x = dict(enumerate(x))
        for d in range(0, N * N, N):
            model.add_exactly_one(x[d:d + N])
        for loc in range(N):
            model.add_exactly_one(x[loc::N])
        facts = board_facts(self.board)
        for index, clue in enumerate(self.clues):
            switch = new(f"clue{index}")
            self.enforce.append(switch)
            match clue:
                case NotClue(delict, locations):
                    d = names.DELICT_INDEX[delict] * N
                    model.add_bool_and([~x[d + names.LOCATION_INDEX[loc]] for loc in locations]
                                       ).only_enforce_if(switch)
                case _:
                    off = ~switch
                    for clause in _full_clauses(clue, x, facts):
                        model.add_bool_or([off, *clause])
        self.solver = _new_solver()

    def _build_fixed(self) -> None:
        reduced = reduce_clues(self.clues, self.board)
        facts = board_facts(self.board)
        propagated = shrunk_masks(list(reduced.allowed), reduced)
        while propagated is not None and all(propagated):
            narrowed = _only_one_inside(propagated, reduced.group_dirs, facts)
            if narrowed is None:
                break
            propagated = shrunk_masks(narrowed, reduced)
        if propagated is None or not all(propagated):  # (shrunk_masks leaves an emptied mask to the caller)
            self.decided = []
            return
        allowed = self.allowed = propagated
        open_delicts = [d for d in range(N) if allowed[d] & (allowed[d] - 1)]
        if not open_delicts:
            assignment = tuple(mask.bit_length() - 1 for mask in allowed)
            self.decided = [assignment] if self._holds_all(assignment) else []
            return
        groups: list[list[tuple[int, int]]] = []  # group clues not yet satisfied: (delict, location) options
        for group, directions in reduced.group_dirs.items():
            members = GROUP_MEMBERS[group]
            for direction in directions:
                inside = facts.inside_mask[direction]
                if any(not allowed[d] & ~inside for d in members):
                    continue  # a member can only be inside
                options = [(d, loc) for d in members for loc in indices(allowed[d] & inside)]
                if not options:
                    self.decided = []
                    return
                groups.append(options)

        model = self.model = new_cp_model()
        new = model.new_bool_var
        x: dict[int, cp_model.IntVar] = {}
        taken = 0  # the locations of settled delicts: no other delict may take them (shrunk_masks saw to it)
        for d in range(N):
            if not allowed[d] & (allowed[d] - 1):
                taken |= allowed[d]
        for d in open_delicts:
            row = [new(f"d{d}_at_l{loc}") for loc in indices(allowed[d])]
            x.update(zip([d * N + loc for loc in indices(allowed[d])], row, strict=True))
            model.add_exactly_one(row)
        for loc in indices(((1 << N) - 1) & ~taken):  # never empty: see shrunk_masks
            model.add_exactly_one([x[d * N + loc] for d in open_delicts if allowed[d] >> loc & 1])
        for options in groups:
            model.add_bool_or([x[d * N + loc] for d, loc in options])
        for first, second, relation in reduced.pairs:
            if allowed[first] & (allowed[first] - 1) == 0 or allowed[second] & (allowed[second] - 1) == 0:
                continue  # arc consistency already makes every location of the other delict fit
            masks = facts.partner_masks[relation]
            for here, there in ((first, second), (second, first)):
                target = allowed[there]
                for loc in indices(allowed[here]):
                    support = masks[loc] & target
                    if support != target:
                        model.add_bool_or([~x[here * N + loc], *[x[there * N + p] for p in indices(support)]])
        self.x = x
        self.solver = _new_solver()

    def _holds_all(self, assignment: Assignment) -> bool:
        where = {names.DELICTS[d]: names.LOCATIONS[loc] for d, loc in enumerate(assignment)}
        return all(holds(clue, where, self.board) for clue in self.clues)

    # -- asking

    def _switch(self, index: int) -> cp_model.IntVar:
        """The literal that turns clue `index` on (a switchable model has one per clue)."""
        if not self.switchable:
            raise ValueError("a model built with switchable=False has no clue switches")
        return self.enforce[index]

    def _all_on(self, active: Iterable[int] | None) -> None:
        if active is not None and sorted(active) != list(range(len(self.clues))):
            raise ValueError("a model built with switchable=False always has every clue on")

    def solve(self, active: Iterable[int] | None = None, exclude: Sequence[Assignment] = ()) -> Assignment | None:
        """A solution with the `active` clues (all by default), differing from each of `exclude`."""
        if not self.switchable:
            self._all_on(active)
            for other in exclude:
                self._forbid(other)
            if self.decided is not None:
                return next((s for s in self.decided if s not in self._forbidden), None)
            return self._run()
        self.model.clear_assumptions()
        chosen = range(len(self.clues)) if active is None else active
        assumptions = [self._switch(index) for index in chosen]
        assumptions += [literal for other in exclude if (literal := self._forbid(other)) is not None]
        self.model.add_assumptions(assumptions)
        return self._run()

    def _run(self) -> Assignment | None:
        from ortools.sat.python import cp_model

        status = self.solver.solve(self.model)
        if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            return None
        if self._decode is None:
            self._decode = self._decoder(self.solver.boolean_value)
        return self._decode()

    def _decoder(self, value: Callable[[cp_model.IntVar], bool]) -> Callable[[], Assignment]:
        """Reads a solution through `value` (the solver's or a solution callback's boolean_value)."""
        x = self.x
        masks = self.allowed or [(1 << N) - 1] * N
        rows = [([x[d * N + loc] for loc in indices(mask)] if mask & (mask - 1) else [], indices(mask))
                for d, mask in enumerate(masks)]

        def decode() -> Assignment:
            return tuple(next(loc for var, loc in zip(row, locs, strict=True) if value(var)) if row else locs[0]
                         for row, locs in rows)

        return decode

    def _enumerate(self, limit: int) -> list[Assignment]:
        """Up to `limit` solutions in one CP-SAT run (measured: a third faster than one run per
        solution); fewer than `limit` means there are no more."""
        found: list[Assignment] = []
        self.solver.parameters.enumerate_all_solutions = True
        try:
            self.solver.solve(self.model, _collector_class()(self, limit, found))
        finally:
            self.solver.parameters.enumerate_all_solutions = False
        return found

    def _forbid(self, solution: Assignment) -> cp_model.IntVar | None:
        """A literal that, when assumed, rules out `solution` (cached per solution); hard when not switchable."""
        if solution in self._forbidden:
            return self._forbidden[solution]
        literal = None
        if self.switchable:
            literal = self.model.new_bool_var(f"not_solution{len(self._forbidden)}")
            self.model.add_bool_or([~literal, *[~self.x[d * N + loc] for d, loc in enumerate(solution)]])
        elif self.decided is None and all(self.allowed[d] >> loc & 1 for d, loc in enumerate(solution)):
            # (a solution outside the masks is no solution of this model: nothing to forbid)
            self.model.add_bool_or([~self.x[d * N + loc] for d, loc in enumerate(solution)
                                    if self.allowed[d] & (self.allowed[d] - 1)])
        self._forbidden[solution] = literal
        return literal

    def solutions(self, active: Iterable[int] | None = None, limit: int = 2) -> list[Assignment]:
        """Up to `limit` distinct solutions; fewer than `limit` means there are no more."""
        chosen = list(range(len(self.clues)) if active is None else active)
        if self.switchable:
            # every literal beside the booleans fixed, so that each solution is enumerated once
            on = set(chosen)
            self.model.clear_assumptions()
            self.model.add_assumptions([switch if index in on else ~switch
                                        for index, switch in enumerate(self.enforce)])
            self.model.add_assumptions([~literal for literal in self._forbidden.values() if literal is not None])
            return self._enumerate(limit)
        self._all_on(chosen)
        # a fixed model excludes what it found for good, so it remembers it
        wanted = limit - len(self._found)
        if wanted > 0 and not self._exhausted:
            if self.decided is None:
                new = self._enumerate(wanted)
            else:
                new = [solution for solution in self.decided if solution not in self._forbidden][:wanted]
            for solution in new:
                self._forbid(solution)
            self._found += new
            self._exhausted = len(new) < wanted
        return self._found[:limit]

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


def _only_one_inside(allowed: list[int], group_dirs: dict[int, frozenset[str]], facts: BoardFacts) -> list[int] | None:
    """A group card whose direction only one member can still be in puts that member there: the
    narrowed masks, or None when no group card narrows any."""
    narrowed = None
    for group, directions in group_dirs.items():
        for direction in directions:
            inside = facts.inside_mask[direction]
            can = [d for d in GROUP_MEMBERS[group] if allowed[d] & inside]
            if len(can) == 1 and allowed[can[0]] & ~inside:
                narrowed = narrowed or list(allowed)
                narrowed[can[0]] &= inside
    return narrowed


def _full_clauses(clue: DelictClue | LocationClue | GroupClue | DistrictClue, x: list[cp_model.IntVar],
                  facts: BoardFacts) -> list[list[cp_model.LiteralT]]:
    """The clue as clauses over all 256 booleans x[d * N + l] (docs/formats.md, "Clues")."""
    match clue:
        case DelictClue(delict, locations):
            d = names.DELICT_INDEX[delict] * N
            return [[x[d + loc] for loc in indices(location_mask(locations))]]
        case LocationClue(location, delicts):
            loc = names.LOCATION_INDEX[location]
            return [[x[names.DELICT_INDEX[d] * N + loc] for d in delicts]]
        case GroupClue(group, direction):
            inside = facts.inside[direction]
            return [[x[names.DELICT_INDEX[d] * N + loc] for d in names.GROUPS[group] for loc in inside]]
        case DistrictClue((first, second), relation):
            # wherever one delict is, the other is at a partner location (both ways round, for propagation)
            partners = facts.partners[relation]
            d1, d2 = names.DELICT_INDEX[first] * N, names.DELICT_INDEX[second] * N
            return [[~x[here + loc], *[x[there + p] for p in partners[loc]]]
                    for here, there in ((d1, d2), (d2, d1)) for loc in range(N)]
        case _:
            assert_never(clue)


def to_solution(assignment: Assignment) -> dict[str, str]:
    """delict-index tuple -> {location: delict} in board order."""
    by_location = {loc: d for d, loc in enumerate(assignment)}
    return {names.LOCATIONS[loc]: names.DELICTS[by_location[loc]] for loc in range(N)}
