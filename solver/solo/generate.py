"""Generating solo puzzles: uniquely solvable, minimal, graded by the technique ladder.

Following the usual recipe (Tatham's puzzles): a random full solution; every candidate
clue true for it; remove clues in shuffled order while the puzzle stays uniquely
solvable at or below the target difficulty; accept only a minimal puzzle whose grade
is exactly the target, else retry. Nothing is handed out unproven: uniqueness is
CP-SAT's proof, minimality is checked clue by clue.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from solver.core import names
from solver.core.board import Board
from solver.core.cards import Clue, DelictClue, DistrictClue, GroupClue, LocationClue, NotClue
from solver.core.semantics import as_delict_map, holds
from solver.solo.explain import explain_clues
from solver.solo.model import PuzzleModel
from solver.solo.options import DEFAULT_TYPES, Options
from solver.solo.puzzle import Puzzle, PuzzleClue
from solver.solo.techniques import DIFFICULTIES, GRADING_TECHNIQUES


@dataclass(frozen=True)
class GiveUp:
    """Why the generator gave up: the values its message is worded from."""

    seed: int
    difficulty: str
    rejections: tuple[tuple[str, int], ...]  # (a REASONS key, attempts turned down so), most common first
    at_floor: bool  # the card range has a floor above one, where the removal of cards stops
    time_limit: float | None = None  # the time limit in seconds, when it stopped the search

    def sentence(self, words: Mapping[str, str] | None = None) -> str:
        """How the attempts failed, most common first, and what to change, naming the options
        in `words` (WORDS, or a caller's own names for them)."""
        words = words or WORDS
        tried = sum(count for _, count in self.rejections)
        counts = ", ".join(f"{count} {REASONS[reason].format(**words)}" for reason, count in self.rejections)
        common = self.rejections[0][0] if self.rejections else None
        advice = ADVICE[common].format(**words) if common else "try another seed"
        if common == NOT_MINIMAL and self.at_floor:
            advice = (f"lower the smallest number of {words['cards']}: a minimal puzzle of this difficulty "
                      "rarely needs that many")
        stopped = "" if self.time_limit is None else (f" (stopped after {words['time_limit']} "
                                                      f"{self.time_limit:g} seconds)")
        return (f"no {self.difficulty} puzzle for seed {self.seed} in {tried} attempts{stopped}: {counts}; "
                f"{advice}, or allow more {words['max_tries']}")


class GenerationFailed(RuntimeError):
    """The generator gave up; `give_up` holds why."""

    def __init__(self, give_up: GiveUp) -> None:
        super().__init__(give_up.sentence())
        self.give_up = give_up


def random_solution(rng: random.Random, given: dict[str, str]) -> dict[str, str]:
    """delict -> location, agreeing with the given (location -> delict) entries."""
    fixed = as_delict_map(given)
    free_locations = [loc for loc in names.LOCATIONS if loc not in given]
    free_delicts = [d for d in names.DELICTS if d not in fixed]
    rng.shuffle(free_locations)
    return {**fixed, **dict(zip(free_delicts, free_locations, strict=True))}


def candidate_clues(solution: dict[str, str], board: Board, rng: random.Random, types: Sequence[str]) -> list[Clue]:
    """Clues true for `solution`: one delict card per delict, one location card per location,
    every true group and district card, and (with S) one "not" clue per delict."""
    at = {location: delict for delict, location in solution.items()}
    found: list[Clue] = []
    if "A" in types:
        for delict in names.DELICTS:
            decoys = rng.sample([loc for loc in names.LOCATIONS if loc != solution[delict]], 3)
            found.append(DelictClue(delict, tuple(_shuffled(rng, [*decoys, solution[delict]]))))
    if "D" in types:
        for location in names.LOCATIONS:
            decoys = rng.sample([d for d in names.DELICTS if d != at[location]], 3)
            found.append(LocationClue(location, tuple(_shuffled(rng, [*decoys, at[location]]))))
    if "B" in types:
        found += [GroupClue(group, direction) for group in names.GROUPS for direction in names.DIRECTIONS
                  if holds(GroupClue(group, direction), solution, board)]
    if "C" in types:
        found += _true_district_clues(solution, board, rng)
    if "S" in types:
        for delict in names.DELICTS:
            size = rng.randint(2, 4)
            found.append(NotClue(delict, tuple(rng.sample([loc for loc in names.LOCATIONS
                                                           if loc != solution[delict]], size))))
    rng.shuffle(found)
    return found


def _true_district_clues(solution: dict[str, str], board: Board, rng: random.Random) -> list[Clue]:
    found: list[Clue] = []
    for i, first in enumerate(names.DELICTS):
        for second in names.DELICTS[i + 1:]:
            for relation in ("same", "adjoining"):
                pair = (first, second) if rng.random() < 0.5 else (second, first)
                clue = DistrictClue(pair, relation)
                if holds(clue, solution, board):
                    found.append(clue)
    return found


def _shuffled(rng: random.Random, items: list) -> list:
    rng.shuffle(items)
    return items


def solvable_within(clues: Sequence[Clue], board: Board, level: int) -> bool:
    """Whether the explainer finishes using only techniques up to `level`."""
    entries = [PuzzleClue(f"clue {i + 1}", clue) for i, clue in enumerate(clues)]
    ladder = [technique for technique in GRADING_TECHNIQUES if technique.level <= level]
    return explain_clues(entries, board, ladder=ladder).status == "solved"


def grade(clues: Sequence[Clue], board: Board) -> int | None:
    """The lowest ladder level that solves the clues, or None when the ladder cannot finish."""
    for level in sorted({technique.level for technique in GRADING_TECHNIQUES}):
        if solvable_within(clues, board, level):
            return level
    return None


def target_level(difficulty: str) -> int:
    return max(t.level for t in GRADING_TECHNIQUES if t.difficulty == difficulty)


def generate(seed: int, board: Board, options: Options = Options(),
             progress: Callable[[str | None], None] | None = None) -> Puzzle:
    """A proven-unique, minimal puzzle graded exactly `options.difficulty`, the same for a seed.

    `progress` is called after every attempt with why it was turned down (None: accepted).
    GenerationFailed after `options.max_tries` attempts or `options.time_limit` seconds says
    why the attempts were turned down and what to change."""
    started = time.monotonic()
    rejections: Counter[str] = Counter()
    if options.difficulty not in DIFFICULTIES:
        raise ValueError(f"difficulty must be one of {', '.join(DIFFICULTIES)}")
    rng = random.Random(seed_for(seed, options.difficulty))
    for attempt in range(options.max_tries):
        puzzle = _attempt(rng, board, options)
        if progress is not None:
            progress(puzzle if isinstance(puzzle, str) else None)
        if isinstance(puzzle, str):
            rejections[puzzle] += 1
            if options.time_limit is not None and time.monotonic() - started > options.time_limit:
                raise GenerationFailed(_give_up(seed, options, rejections, options.time_limit))
            continue
        puzzle.extra.update({"difficulty": options.difficulty, "seed": seed})
        puzzle.title = f"Generated puzzle, seed {seed} ({options.difficulty})"
        puzzle.extra["notes"] = f"found on attempt {attempt + 1}"
        return puzzle
    raise GenerationFailed(_give_up(seed, options, rejections))


# why an attempt is turned down: the key of the tally, and its words with the options named
TOO_FEW = "too few cards"
TOO_MANY = "too many cards"
EASIER = "easier"
HARDER = "harder"
NOT_UNIQUE = "not unique"
NOT_MINIMAL = "not minimal"
REASONS = {
    TOO_FEW: "fewer cards than {card_range} asks for",
    TOO_MANY: "more cards than {card_range} allows",
    EASIER: "graded easier",
    HARDER: "graded harder",
    NOT_UNIQUE: "the cards did not make the solution unique",
    NOT_MINIMAL: "not minimal (a card could go)",
}
# what to change when it is the most common reason
ADVICE = {
    TOO_FEW: "lower the smallest number of {cards}",
    TOO_MANY: "raise the largest number of {cards}",
    EASIER: "choose an easier {difficulty}, or allow fewer {cards} (more cards make a puzzle easier)",
    HARDER: "choose a harder {difficulty}, or allow more {cards} (fewer cards make a puzzle harder)",
    NOT_UNIQUE: "use more {types}, or fewer {given}",
    NOT_MINIMAL: "try other seeds or more {max_tries}",
}
# the options as the sentences name them (Options: min_cards/max_cards, difficulty, types, given, max_tries, time_limit)
WORDS = {
    "cards": "cards",
    "card_range": "the range of cards",
    "difficulty": "difficulty",
    "types": "card types",
    "given": "given placements",
    "max_tries": "tries",
    "time_limit": "the time limit of",
}


def _give_up(seed: int, options: Options, rejections: Counter[str], time_limit: float | None = None) -> GiveUp:
    return GiveUp(seed, options.difficulty, tuple(rejections.most_common()), options.min_cards > 1, time_limit)


def seed_for(seed: int, difficulty: str) -> str:
    """The random generator's seed: the difficulty is mixed in, so that seed 7 at easy and at hard
    start from different hidden solutions (random.Random hashes a string seed the same way on every run)."""
    return f"{difficulty}:{seed}"


TRIAL_LEVEL = 4  # the only technique too slow to run inside the removal loop


def _attempt(rng: random.Random, board: Board, options: Options) -> Puzzle | str:
    """A puzzle, or why this attempt is turned down (one of the ADVICE keys)."""
    solution = random_solution(rng, options.given)
    pool = candidate_clues(solution, board, rng, options.types or DEFAULT_TYPES[options.difficulty])
    limit = target_level(options.difficulty)
    model = PuzzleModel(pool, board)
    if not model.is_unique():
        return NOT_UNIQUE
    active = list(range(len(pool)))
    for index in list(active):
        trial = [i for i in active if i != index]
        if len(trial) < options.min_cards:
            break
        if options.needs_district and not _has_district(pool, trial):
            continue
        if _still_fine(model, pool, trial, board, limit):
            active = trial
    return _accept([pool[i] for i in active], board, solution, options, limit)


def _still_fine(model: PuzzleModel, pool: list[Clue], trial: list[int], board: Board, limit: int) -> bool:
    """Whether the clues left stay solvable at the target level (and so unique: the ladder is sound).

    For expert, any unique clue set may stay: trial steps are graded once, at the end."""
    if solvable_within([pool[i] for i in trial], board, min(limit, TRIAL_LEVEL - 1)):
        return True
    return limit >= TRIAL_LEVEL and model.is_unique(trial)


def _has_district(pool: Sequence[Clue], active: Sequence[int]) -> bool:
    return any(isinstance(pool[i], DistrictClue) for i in active)


def _accept(clues: list[Clue], board: Board, solution: dict[str, str], options: Options,
            limit: int) -> Puzzle | str:
    if len(clues) < options.min_cards:
        return TOO_FEW
    if len(clues) > options.max_cards:
        return TOO_MANY
    level = grade(clues, board)
    if level != limit:
        return HARDER if level is None or level > limit else EASIER
    model = PuzzleModel(clues, board)
    if not model.is_unique():
        return NOT_UNIQUE
    if not is_minimal(model, range(len(clues))):
        return NOT_MINIMAL
    entries = [PuzzleClue(f"clue {k + 1}", clue) for k, clue in enumerate(clues)]
    at = {location: delict for delict, location in solution.items()}
    return Puzzle(entries, {loc: at[loc] for loc in names.LOCATIONS})


def is_minimal(model: PuzzleModel, active: Sequence[int]) -> bool:
    """Dropping any one clue leaves more than one solution."""
    active = list(active)
    return all(not model.is_unique([i for i in active if i != index]) for index in active)

