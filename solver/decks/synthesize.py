"""Reconstructing the deck: card texts under which every box puzzle has exactly its official solution.

A counter-example loop over CP-SAT models (docs/deck.md):

1. `choose_solutions`: a model that chooses a text for every card number (typed by its
   number, the printed cards fixed) and a complete hidden solution for each box puzzle
   extending its official entries, such that every card a puzzle uses is true under
   that puzzle's solution and every other card is true under at least one of them.
   Only the solutions are kept.
2. The *master* (the same model with those solutions fixed) chooses the texts; a
   *checker* (solver.solo.model.PuzzleModel) looks for further solutions of each puzzle.
   Each one is a counter-example τ: the master gets "some card of this puzzle is false
   under τ" and solves again, until no puzzle has a second solution. The 120 solutions
   that exchange two delicts of a hidden solution are given as counter-examples at once.

The master starts from a random deck drawn from the seed as solution hints, then hints
each previous answer (1 worker, a seeded search), so a seed reproduces the same deck.
"""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, assert_never

from ortools.sat.python import cp_model, cp_model_helper

from solver.core import names, vocabulary, workers
from solver.core.bits import N
from solver.core.board import Board
from solver.core.cards import Clue, DelictClue, DistrictClue, GroupClue, LocationClue, NotClue, card_type_of_number
from solver.core.semantics import holds
from solver.decks.box import BoxPuzzle, PartialCard
from solver.solo.model import Assignment, PuzzleModel

NUMBERS = vocabulary.CARD_NUMBERS
PAIRS: tuple[tuple[str, str], ...] = tuple((g, d) for g in names.GROUPS for d in names.DIRECTIONS)
NOT_SIZES = (2, 5)  # a solo "not" card names between 2 and 5 locations
Lit = cp_model_helper.Literal  # a Boolean variable or its negation


class SynthesisError(RuntimeError):
    """No deck fits: the fixed cards and the official solutions contradict each other, or no convergence.
    `seed_dependent`: the failure is of this seed's hidden solutions, so another seed may succeed."""

    def __init__(self, message: str, seed_dependent: bool = False) -> None:
        super().__init__(message)
        self.seed_dependent = seed_dependent


@dataclass
class Synthesis:
    clues: dict[int, Clue]  # card number -> clue, every number
    solutions: dict[int, Assignment]  # box puzzle number -> its hidden complete solution
    iterations: int
    cuts: int
    seconds: float
    log: list[str] = field(default_factory=list)


@dataclass
class _Texts:
    """The master's variables for the text of one card."""

    letter: str
    choice: list[Lit]  # A/S: delict, D: location, B: group×direction pair, C: first delict
    members: list[Lit] = field(default_factory=list)  # A/S: locations, D: delicts, C: second delict
    same: Lit | None = None  # C: relation is "same"


class Master:
    """The CP-SAT model that chooses card texts and hidden solutions."""

    def __init__(self, board: Board, puzzles: Sequence[BoxPuzzle], fixed: Mapping[int, Clue],
                 partial: Mapping[int, PartialCard], seed: int, solutions: Mapping[int, Assignment] | None = None,
                 *, cover_all: bool = True, balanced: bool = True):
        """With `solutions` the hidden solutions are given; without, the master chooses them too.

        `cover_all`: every card in no puzzle must hold under at least one puzzle's solution.
        `balanced`: every location on four A cards, every delict on four D cards.
        """
        self.cover_all, self.balanced = cover_all, balanced
        self.board, self.puzzles, self.rng = board, list(puzzles), random.Random(seed)
        self.model = cp_model.CpModel()
        self.given = dict(solutions) if solutions else None
        self.sigma = {p.number: self._solution_vars(p) for p in self.puzzles}
        self.cards = {n: self._text_vars(n) for n in NUMBERS}
        self._deck_shape()
        for number, clue in fixed.items():
            self._fix(number, clue)
        for number, facts in partial.items():
            self._fix_partial(number, facts)
        self._truths()
        self.cuts = 0
        self._hints = self._random_hints()

    # --- variables -------------------------------------------------------------------------

    def _bools(self, count: int, prefix: str) -> list[Lit]:
        return [self.model.new_bool_var(f"{prefix}{i}") for i in range(count)]

    def _solution_vars(self, puzzle: BoxPuzzle) -> list[list[Lit | bool]]:
        if self.given is not None:
            where = self.given[puzzle.number]
            return [[where[d] == loc for loc in range(N)] for d in range(N)]
        x: list[list[Lit | bool]] = [list(self._bools(N, f"p{puzzle.number}_d{d}_l")) for d in range(N)]
        for d in range(N):
            self.model.add_exactly_one(x[d])
        for loc in range(N):
            self.model.add_exactly_one(x[d][loc] for d in range(N))
        for location, delict in puzzle.solution.items():
            self.model.add(x[names.DELICT_INDEX[delict]][names.LOCATION_INDEX[location]] == 1)
        return x

    def _text_vars(self, number: int) -> _Texts:
        letter = card_type_of_number(number)
        tag = f"c{number}_"
        if letter == "B":
            texts = _Texts(letter, self._bools(len(PAIRS), tag + "pair"))
        elif letter == "C":
            texts = _Texts(letter, self._bools(N, tag + "first"), self._bools(N, tag + "second"),
                           self.model.new_bool_var(tag + "same"))
            for d in range(N):
                self.model.add_bool_or([texts.choice[d].Not(), texts.members[d].Not()])
            self.model.add_exactly_one(texts.members)
        else:
            texts = _Texts(letter, self._bools(N, tag + "choice"), self._bools(N, tag + "member"))
            low, high = NOT_SIZES if letter == "S" else (4, 4)
            self.model.add_linear_constraint(sum(texts.members), low, high)
        self.model.add_exactly_one(texts.choice)
        return texts

    def _numbers(self, letter: str) -> list[int]:
        return [n for n in NUMBERS if self.cards[n].letter == letter]

    def _deck_shape(self) -> None:
        """One A card per delict, one D card per location, the 16 B pairs once each; C and S cards varied."""
        for letter in "ABD":
            numbers = self._numbers(letter)
            for k in range(N):
                self.model.add_exactly_one(self.cards[n].choice[k] for n in numbers)
            if letter != "B" and self.balanced:  # each location on four A cards, each delict on four D cards
                for k in range(N):
                    self.model.add(sum(self.cards[n].members[k] for n in numbers) == 4)
        solo = self._numbers("S")
        for d in range(N):  # the solo cards are about different delicts
            self.model.add_at_most_one(self.cards[n].choice[d] for n in solo)
        c_cards = [self.cards[n] for n in self._numbers("C")]
        for group in names.GROUPS:  # the large (first) delict's colour sorts the piles: 6 each
            members = [names.DELICT_INDEX[d] for d in names.GROUPS[group]]
            self.model.add(sum(card.choice[d] for card in c_cards for d in members) == len(c_cards) // 4)
        self.model.add_linear_constraint(sum(card.same for card in c_cards if card.same is not None), 10, 14)
        for d in range(N):
            for e in range(d + 1, N):
                used = []
                for card in c_cards:
                    pair = self.model.new_bool_var("")
                    for a, b in ((d, e), (e, d)):
                        self.model.add_bool_or([card.choice[a].Not(), card.members[b].Not(), pair])
                    used.append(pair)
                self.model.add_at_most_one(used)

    def _fix(self, number: int, clue: Clue) -> None:
        texts, add = self.cards[number], self.model.add
        match clue:
            case DelictClue(delict, locations) | NotClue(delict, locations):
                add(texts.choice[names.DELICT_INDEX[delict]] == 1)
                for loc in range(N):
                    add(texts.members[loc] == int(names.LOCATIONS[loc] in locations))
            case LocationClue(location, delicts):
                add(texts.choice[names.LOCATION_INDEX[location]] == 1)
                for d in range(N):
                    add(texts.members[d] == int(names.DELICTS[d] in delicts))
            case GroupClue(group, direction):
                add(texts.choice[PAIRS.index((group, direction))] == 1)
            case DistrictClue((first, second), relation):
                add(texts.choice[names.DELICT_INDEX[first]] == 1)
                add(texts.members[names.DELICT_INDEX[second]] == 1)
                add(texts.same == int(relation == "same"))
            case _:
                assert_never(clue)

    def _fix_partial(self, number: int, facts: PartialCard) -> None:
        texts = self.cards[number]
        self.model.add(texts.choice[names.LOCATION_INDEX[facts.location]] == 1)
        for delict in facts.includes:
            self.model.add(texts.members[names.DELICT_INDEX[delict]] == 1)
        for delict in facts.excludes:
            self.model.add(texts.members[names.DELICT_INDEX[delict]] == 0)

    # --- truth of a card under a hidden solution ---------------------------------------------

    def _truths(self) -> None:
        """Cards of a puzzle hold under its solution; every other card under at least one."""
        for number in NUMBERS:
            using = [p for p in self.puzzles if number in p.cards]
            for puzzle in using:
                self._truth(number, puzzle.number, None)
            if not using and self.cover_all:
                options = [self.model.new_bool_var(f"true_{number}_{p.number}") for p in self.puzzles]
                for literal, puzzle in zip(options, self.puzzles, strict=True):
                    self._truth(number, puzzle.number, literal)
                self.model.add_bool_or(options)

    def _clause(self, enforce: Lit | None, literals: Iterable[Lit | bool]) -> None:
        """enforce -> OR(literals); Python booleans stand for fixed facts of a given solution."""
        kept = [literal for literal in literals if literal is not False]
        if any(literal is True for literal in kept):
            return
        self.model.add_bool_or([*([enforce.Not()] if enforce is not None else []), *kept])

    def _truth(self, number: int, puzzle: int, enforce: Lit | None) -> None:
        texts, x = self.cards[number], self.sigma[puzzle]
        if texts.letter == "B":
            for k, (group, direction) in enumerate(PAIRS):
                places = [x[names.DELICT_INDEX[d]][loc] for d in names.GROUPS[group]
                          for loc in range(N) if self.board.in_direction(names.LOCATIONS[loc], direction)]
                self._clause(enforce, [texts.choice[k].Not(), *places])
        elif texts.letter == "C":
            self._district_truth(texts, x, enforce)
        else:
            for d in range(N):
                for loc in range(N):
                    self._unary_truth(texts, d, loc, _negated(x[d][loc]), enforce)

    def _unary_truth(self, texts: _Texts, d: int, loc: int, away: Lit | bool, enforce: Lit | None) -> None:
        """A/D/S card, when delict d is at loc (`away` is false)."""
        if texts.letter == "A":
            self._clause(enforce, [texts.choice[d].Not(), away, texts.members[loc]])
        elif texts.letter == "D":
            self._clause(enforce, [texts.choice[loc].Not(), away, texts.members[d]])
        else:
            self._clause(enforce, [texts.choice[d].Not(), away, texts.members[loc].Not()])

    def _district_truth(self, texts: _Texts, x: list[list[Lit | bool]], enforce: Lit | None) -> None:
        if self.given is not None:
            at = [row.index(True) for row in x]
            for a in range(N):
                for b in range(N):
                    if a != b:
                        self._clause(enforce, [texts.choice[a].Not(), texts.members[b].Not(),
                                               *self._joined(texts, at[a], at[b])])
            return
        first, second = self._bools(N, "u"), self._bools(N, "v")  # where the card's delicts are
        for where, chosen in ((first, texts.choice), (second, texts.members)):
            self.model.add_exactly_one(where)
            for d in range(N):
                for loc in range(N):
                    self.model.add_bool_or([chosen[d].Not(), _negated(x[d][loc]), where[loc]])
        for a in range(N):
            for b in range(N):
                self._clause(enforce, [first[a].Not(), second[b].Not(), *self._joined(texts, a, b)])

    def _joined(self, texts: _Texts, a: int, b: int) -> list[Lit]:
        """Literals of which one must hold for the card to be true with its delicts at a and b."""
        assert texts.same is not None
        if (a, b) in self.board.joined_pairs["same"]:
            return [texts.same]
        if (a, b) in self.board.joined_pairs["adjoining"]:
            return [texts.same.Not()]
        return []

    # --- counter-examples -------------------------------------------------------------------

    def cut(self, puzzle: BoxPuzzle, tau: Assignment) -> None:
        """Some card of `puzzle` is false when each delict d is at tau[d]."""
        if self.given is not None:  # a card true under the given solution can only be false where tau moves
            moved = [d for d in range(N) if tau[d] != self.given[puzzle.number][d]]
        else:
            moved = list(range(N))
        falsities = [self._false_under(self.cards[n], tau, moved) for n in puzzle.cards]
        self.model.add_bool_or(falsities)
        self.cuts += 1

    def _false_under(self, texts: _Texts, tau: Assignment, moved: list[int]) -> Lit:
        """A literal that implies the card is false under tau (its delict or location is among `moved`)."""
        false = self.model.new_bool_var("")
        choice, members = texts.choice, texts.members
        if texts.letter in "AS":
            self._clause(false, [choice[d] for d in moved])
            for d in moved:
                inside = members[tau[d]]
                self._clause(false, [choice[d].Not(), inside.Not() if texts.letter == "A" else inside])
        elif texts.letter == "D":
            self._clause(false, [choice[tau[d]] for d in moved])
            for d in moved:
                self._clause(false, [choice[tau[d]].Not(), members[d].Not()])
        elif texts.letter == "C":
            self._clause(false, [*(choice[d] for d in moved), *(members[d] for d in moved)])
            for a, b in {(a, b) for a in moved for b in range(N)} | {(b, a) for a in moved for b in range(N)}:
                joined = self._joined(texts, tau[a], tau[b]) if a != b else []
                if joined:  # joined under tau: false only with the other relation
                    self._clause(false, [choice[a].Not(), members[b].Not(), joined[0].Not()])
        else:
            where = {names.DELICTS[d]: names.LOCATIONS[tau[d]] for d in range(N)}
            for k, (group, direction) in enumerate(PAIRS):
                if holds(GroupClue(group, direction), where, self.board):
                    self._clause(false, [choice[k].Not()])
        return false

    # --- solving ----------------------------------------------------------------------------

    def _random_hints(self) -> dict[int, int]:
        """A random deck drawn from the seed, as hints: which of the many fitting decks is found."""
        hints: dict[int, int] = {}
        for letter in "ABCDS":
            numbers = self._numbers(letter)
            order = self.rng.sample(range(N), N) * 2
            for number, choice in zip(numbers, order, strict=False):
                texts = self.cards[number]
                members = set(self.rng.sample([k for k in range(N) if k != choice], 4 if letter != "C" else 1))
                for k, literal in enumerate(texts.choice):
                    hints[literal.index] = int(k == choice)
                for k, literal in enumerate(texts.members):
                    hints[literal.index] = int(k in members)
        return hints

    def solve(self) -> tuple[dict[int, Clue], dict[int, Assignment]] | None:
        solver = cp_model.CpSolver()
        solver.parameters.num_workers = 1
        solver.parameters.random_seed = self.rng.randint(0, 2**30)
        self.model.clear_hints()
        for index, value in self._hints.items():
            self.model.add_hint(self.model.get_bool_var_from_proto_index(index), value)
        status = solve_interruptibly(solver, self.model)
        if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            return None
        self._remember(solver)
        return self._decode(solver)

    def _remember(self, solver: cp_model.CpSolver) -> None:
        variables = [*(v for texts in self.cards.values() for v in (*texts.choice, *texts.members))]
        variables += [v for x in self.sigma.values() for row in x for v in row if not isinstance(v, bool)]
        self._hints = {v.index: int(solver.boolean_value(v)) for v in variables if isinstance(v, cp_model.IntVar)}

    def _decode(self, solver: cp_model.CpSolver) -> tuple[dict[int, Clue], dict[int, Assignment]]:
        solutions = {
            p: tuple(next(loc for loc in range(N) if _value(solver, x[d][loc])) for d in range(N))
            for p, x in self.sigma.items()
        }
        return {n: _clue_of(texts, solver) for n, texts in self.cards.items()}, solutions


def _negated(literal: Lit | bool) -> Lit | bool:
    return (not literal) if isinstance(literal, bool) else literal.Not()


def solve_interruptibly(solver: cp_model.CpSolver, model: cp_model.CpModel) -> Any:
    """solver.solve(model), with Ctrl-C stopping the search at once and raised as KeyboardInterrupt.

    The search runs in a thread while this one waits (a wait Ctrl-C interrupts); CP-SAT's own
    SIGINT handler is off, since it would end only this search and let the run go on.
    """
    solver.parameters.catch_sigint_signal = False
    found: list[Any] = []
    thread = threading.Thread(target=lambda: found.append(solver.solve(model)), daemon=True)
    thread.start()
    try:
        while thread.is_alive():
            thread.join(0.1)
    except KeyboardInterrupt:
        solver.stop_search()
        thread.join()
        workers.native_threads_interrupted = True
        raise
    return found[0]


def _clue_of(texts: _Texts, solver: cp_model.CpSolver) -> Clue:
    choice = next(k for k, lit in enumerate(texts.choice) if solver.boolean_value(lit))
    members = [k for k, lit in enumerate(texts.members) if solver.boolean_value(lit)]
    if texts.letter == "A":
        return DelictClue(names.DELICTS[choice], tuple(names.LOCATIONS[k] for k in members))
    if texts.letter == "S":
        return NotClue(names.DELICTS[choice], tuple(names.LOCATIONS[k] for k in members))
    if texts.letter == "D":
        return LocationClue(names.LOCATIONS[choice], tuple(names.DELICTS[k] for k in members))
    if texts.letter == "B":
        return GroupClue(*PAIRS[choice])
    assert texts.same is not None
    relation = "same" if solver.boolean_value(texts.same) else "adjoining"
    return DistrictClue((names.DELICTS[choice], names.DELICTS[members[0]]), relation)


def _value(solver: cp_model.CpSolver, literal: Lit | bool) -> bool:
    return literal if isinstance(literal, bool) else solver.boolean_value(literal)


def second_solutions(clues: Sequence[Clue], board: Board, solution: Assignment, limit: int) -> list[Assignment]:
    """Up to `limit` solutions of the clues other than `solution` (which must be one)."""
    model = PuzzleModel(clues, board)
    found: list[Assignment] = []
    while len(found) < limit:
        other = model.solve(exclude=[solution, *found])
        if other is None:
            break
        found.append(other)
    return found


def choose_solutions(board: Board, puzzles: Sequence[BoxPuzzle], fixed: Mapping[int, Clue],
                     partial: Mapping[int, PartialCard], seed: int, *, cover_all: bool = True,
                     balanced: bool = True) -> dict[int, Assignment]:
    """Complete hidden solutions extending the official entries, with some deck true under them."""
    found = Master(board, puzzles, fixed, partial, seed, cover_all=cover_all, balanced=balanced).solve()
    if found is None:
        raise SynthesisError("the fixed cards (printed or user) contradict the official solutions: no deck fits")
    return found[1]


def swaps(solution: Assignment) -> list[Assignment]:
    """The solution with two delicts exchanged, for every pair: the most common counter-examples."""
    found = []
    for d in range(N):
        for e in range(d + 1, N):
            other = list(solution)
            other[d], other[e] = other[e], other[d]
            found.append(tuple(other))
    return found


def synthesize(board: Board, puzzles: Sequence[BoxPuzzle], fixed: Mapping[int, Clue],
               partial: Mapping[int, PartialCard], seed: int, max_iterations: int = 500,
               per_puzzle: int = 10, progress: Callable[[str], None] | None = None,
               cover_all: bool = True, balanced: bool = True) -> Synthesis:
    """Card texts for every card number under which each puzzle has exactly one solution (see module doc).

    `cover_all` and `balanced` as for Master; turn `balanced` off when fixing cards of a real deck.
    """
    shape = {"cover_all": cover_all, "balanced": balanced}
    start = time.perf_counter()
    say = progress or (lambda line: None)
    solutions = choose_solutions(board, puzzles, fixed, partial, seed, **shape)
    say(f"hidden solutions chosen ({time.perf_counter() - start:.1f} s)")
    master = Master(board, puzzles, fixed, partial, seed, solutions, **shape)
    for puzzle in puzzles:
        for tau in swaps(solutions[puzzle.number]):
            master.cut(puzzle, tau)
    log: list[str] = []
    for iteration in range(1, max_iterations + 1):
        found = master.solve()
        if found is None:
            raise SynthesisError(f"no deck fits the hidden solutions of seed {seed} after {master.cuts} "
                                 "counter-examples", seed_dependent=True)
        clues = found[0]
        open_puzzles = []
        for puzzle in puzzles:
            others = second_solutions([clues[n] for n in puzzle.cards], board, solutions[puzzle.number], per_puzzle)
            for tau in others:
                master.cut(puzzle, tau)
            if others:
                open_puzzles.append(puzzle.number)
        line = (f"iteration {iteration}: {master.cuts} counter-examples; not yet unique: "
                f"{', '.join(map(str, open_puzzles)) or 'none'} ({time.perf_counter() - start:.1f} s)")
        log.append(line)
        say(line)
        if not open_puzzles:
            return Synthesis(clues, solutions, iteration, master.cuts, time.perf_counter() - start, log)
    raise SynthesisError(f"not converged after {max_iterations} iterations", seed_dependent=True)
