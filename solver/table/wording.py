"""The one place where the table's answers become English: verdicts, their facts, and moves.

The rules engine (`solver.table.rules`, `solver.table.deduce`) returns values; this module
words them. The command line prints these sentences and the JSON documents
(`solver.documents`) serve them beside the values, so the page shows the very same words.
Nothing parses what this module writes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, assert_never

from solver.table.facts import Fact, FactKind
from solver.table.state import REMOVE, Effect, Move, MoveKind

if TYPE_CHECKING:
    from solver.table.rules import Verdict


def plural(n: int, noun: str) -> str:
    """`1 legal play`, `6 legal plays`."""
    return f"{n} {noun}{'' if n == 1 else 's'}"


def points(n: int | None) -> str:
    """`1 point`, `4 points`."""
    return f"{n} point{'' if n == 1 else 's'}"


def signed(n: int | None) -> str:
    """Points won, as the score track shows them: `+1`, `+4`, `+0`."""
    return f"+{n or 0}"


def numbers(found: list[int]) -> str:
    """`card 44`, `cards 44, 45`."""
    return f"card{'' if len(found) == 1 else 's'} {', '.join(map(str, found))}"


def winners(found: list[str]) -> str:
    """`winner Anna`, `winners Anna, Ben` (a tie)."""
    return f"winner{'' if len(found) == 1 else 's'} {', '.join(found) or '-'}"


def card_of_move(move: Move) -> str:
    """The card a move played: `card 11`, `Remove one marker`, `a written-out card`."""
    if isinstance(move.card, int) and not isinstance(move.card, bool):
        return f"card {move.card}"
    return "Remove one marker" if move.card == REMOVE else "a written-out card"


def played_as(label: str, choice: str | None) -> str:
    """A card as played: `card 27 as murder`, `Remove one marker: break-in on Meisenheim`."""
    if not choice:
        return label
    if "@" in choice:
        return f"{label}: {choice.replace('@', ' on ')}"
    return f"{label} as {choice}"


def move_sentence(move: Move) -> str:
    """A move of the history as the score track tells it: `Anna played card 11: +1`."""
    gained = move.effect.points
    discarded = f" (discarded {', '.join(map(str, move.out))})" if move.out and move.kind != MoveKind.PLAY else ""
    if move.kind == MoveKind.PLAY:
        return f"{move.player} played {played_as(card_of_move(move), move.choice)}: {signed(gained)}"
    if move.kind == MoveKind.PASS:
        return f"{move.player} {'ended the turn' if move.cards_this_turn_before else 'passed'}{discarded}"
    if move.kind == MoveKind.STOP:
        return f"{move.player} called STOP: {signed(gained)}"
    if move.kind == MoveKind.DRAWPILE:
        return f"{numbers(move.out)} went out of the game (rule 11)"
    if move.kind == MoveKind.SHUFFLE:
        return f"{move.player} paid {points(move.effect.paid)} to shuffle pile {move.choice}: {signed(gained)}"
    return "the game was ended (rule 12)"


def undone_move(move: Move) -> str:
    """A move taken back, in words: `Anna's play of card 11 (1 point)`, `Ben's pass`, ..."""
    gained = f" ({points(move.effect.points)})" if move.effect.points else ""
    if move.kind == MoveKind.PLAY:
        choice = f" as {move.choice}" if move.choice else ""
        return f"{move.player}'s play of {card_of_move(move)}{choice}{gained}"
    if move.kind == MoveKind.STOP:
        return f"{move.player}'s STOP{gained}"
    if move.kind == MoveKind.DRAWPILE:
        return f"taking {numbers(move.out)} out of the game (rule 11)" if move.out else "a drawpile check"
    if move.kind == MoveKind.END:
        return "the end of the game (rule 12)"
    if move.kind == MoveKind.SHUFFLE:
        return f"{move.player}'s shuffle of pile {move.choice} ({points(move.effect.paid)} paid)"
    return f"{move.player}'s pass" + (f", discarding {numbers(move.out)}" if move.out else "")


# ----- facts ------------------------------------------------------------------------------------


def _listed(items: tuple[str, ...]) -> str:
    return ", ".join(items)


def _where(relation: str | None) -> str:
    return "in the same district" if relation == "same" else "in an adjoining district"


def fact_sentence(fact: Fact) -> str:
    """One fact as a sentence, with its rule: `Boos is full (3 markers) and would need ... (rule 15)`."""
    return _with_rule(fact, _fact_words(fact))


def _with_rule(fact: Fact, words: str) -> str:
    if fact.rule is None or fact.kind in _CITES_ITS_RULE:
        return words
    return f"{words} (rule {fact.rule})"


# kinds whose words cite their rule themselves, inside a longer bracket
_CITES_ITS_RULE = frozenset({FactKind.TURN_ENDS_OVERFULL, FactKind.DISTRICT_NEEDS_DELICT,
                             FactKind.LOCATION_NEEDS_MARKER, FactKind.NO_ASSIGNMENT})


def _fact_words(fact: Fact) -> str:
    d, loc, n = fact.delict, fact.location, len(fact.locations)
    match fact.kind:
        case FactKind.TOO_MANY_MARKERS:
            return f"{d} would need {n} markers ({_listed(fact.locations)}); there are only 5"
        case FactKind.NO_OPEN_LOCATION:
            return f"no location is open for {d}: {'; '.join(map(fact_sentence, fact.notes)) or 'none named'}"
        case FactKind.LOCATION_FULL:
            return f"{loc} is full (3 markers) and would need a marker of {d}"
        case FactKind.TURN_ENDS_OVERFULL:
            return (f"the turn would end with {fact.count} markers on {loc} "
                    "(rule 15, checked at the end of the turn in the two-player variant)")
        case FactKind.REMOVES_EVERY_MARKER:
            return f"it would remove every {d} marker" + (f" ({_listed(fact.locations)})" if n else "")
        case FactKind.TILE_COVERS_LAST_MARKER:
            return f"it would remove every {d} marker: the {fact.tile} tile covers {loc}"
        case FactKind.NO_MARKER_HAS_PARTNER:
            return f"it would remove every {d} marker (none has a partner)"
        case FactKind.FORCED_WITHOUT_MARKER:
            return f"{d} must be on {loc}, where it has no marker"
        case FactKind.LAST_DELICT_WITHOUT_MARKER:
            return f"the last delict, {d}, has no marker on the last free location {loc}"
        case FactKind.CHANGES_NOTHING:
            return "it changes nothing on the board: no new information"
        case FactKind.DELICT_PINPOINTED:
            return f"{d} is already pinpointed on {loc}: no new information"
        case FactKind.LOCATION_PINPOINTED:
            return f"{loc} is already pinpointed ({fact.tile}): no new information"
        case FactKind.OUT_OF_GAME:
            return "already out of the game (played or discarded)"
        case FactKind.TILE_EXCLUDED:
            return f"the {d} tile lies on {loc}, which the card excludes"
        case FactKind.TILES_NOT_JOINED:
            (first, second), (first_at, second_at) = fact.delicts, fact.locations
            return (f"the {first} tile on {first_at} and the {second} tile on {second_at} "
                    "are not joined as the card says")
        case FactKind.TILE_WITHOUT_NEIGHBOUR:
            return f"the {d} tile lies on {loc}, which has no free neighbour {_where(fact.relation)}"
        case FactKind.TILE_NOT_ON_CARD:
            return f"the {fact.tile} tile on {loc} is not one of the card's delicts"
        case FactKind.ALL_TILED_ELSEWHERE:
            return "all four delicts of the card have tiles elsewhere"
        case FactKind.NOT_CLUE_WITHOUT_MARKERS:
            return f"a 'not' clue places no markers and {d} has none on the board"
        case FactKind.DISTRICT_NEEDS_DELICT:
            first, second = fact.delicts
            return (f"neither {first} nor {second} is on the board; a district card needs one "
                    "of its delicts there (card type C; rule 16: playable later)")
        case FactKind.LOCATION_NEEDS_MARKER:
            return (f"no marker lies on {loc}; a location card needs one there, or one of "
                    "its delicts forced there (card type D and its update; rule 16: playable later)")
        case FactKind.REMOVE_CARD_USED:
            return f"{fact.player} has already used the 'Remove one marker' card"
        case FactKind.NO_MARKER_TO_REMOVE:
            return "there is no marker on the board to remove"
        case FactKind.NO_CHOICE_PLAYABLE:
            return "no choice is playable"
        case FactKind.SKIPS_TILE:
            return f"skips {loc}, which holds the {fact.tile} tile"
        case FactKind.SKIPS_RESERVED:
            return (f"skips {loc}, which is one of {n} locations ({_listed(fact.locations)}) holding every marker "
                    f"of {len(fact.delicts)} other delicts ({_listed(fact.delicts)})")
        case FactKind.FORCED:
            tiled = ", ".join(f"{other} on {where}" for other, where in fact.pairs)
            return f"{d} is forced on {loc}: the card's other delicts have tiles ({tiled}) (update to type D)"
        case FactKind.LAST_DELICT:
            return f"{d} is the last delict: pinpointed on {loc} too (update, 2-4 players)"
        case FactKind.NO_ASSIGNMENT:
            return (f"no complete assignment agrees with the board (rule 9): {len(fact.delicts)} delicts "
                    f"({_listed(fact.delicts)}) have only {plural(n, 'location')} between them "
                    f"({_listed(fact.locations) or 'none'})")
        case FactKind.MARKER_IMPOSSIBLE:
            if len(fact.delicts) == 1:
                left = f"only {_listed(fact.locations)}" if n else "no location"
                return f"if {d} were on {loc}, {fact.delicts[0]} would have {left} left"
            return (f"if {d} were on {loc}, {len(fact.delicts)} delicts ({_listed(fact.delicts)}) would have only "
                    f"{plural(n, 'location')} left ({_listed(fact.locations) or 'none'})")
        case FactKind.DEAD_PINPOINTED:
            return f"{d} is pinpointed on {loc}"
        case FactKind.DEAD_CONFIRMS_ONLY:
            return f"every {d} marker already lies where the card says: it can only confirm them"
        case FactKind.DEAD_REMOVES_ALL:
            return f"no {d} marker lies where the card says: it would remove them all (rule 4)"
        case FactKind.DEAD_ALL_TILED:
            return f"every location the card names for {d} has a tile (rule 14)"
        case FactKind.DEAD_NOT_EXCLUDES_NOTHING:
            return f"no {d} marker lies where the card excludes it"
        case FactKind.DEAD_EVERY_CHOICE:
            return "every choice is dead: " + "; ".join(map(dead_sentence, fact.notes))
        case FactKind.DEAD_BOTH_PINPOINTED:
            first, second = fact.delicts
            return f"{first} and {second} are both pinpointed"
        case FactKind.DEAD_NEVER_JOINED:
            first, second = fact.delicts
            return (f"no location {first} may still take is joined to one {second} may still take, as the card "
                    "says (rules 4 and 14)")
        case FactKind.DEAD_NEXT_TO_TILE:
            return f"every {d} marker is already next to the {fact.tile} tile as the card says"
        case FactKind.DEAD_LOCATION_PINPOINTED:
            return f"{loc} is pinpointed ({fact.tile})"
        case FactKind.DEAD_ALL_FOUR_PINPOINTED:
            return "all four delicts of the card are pinpointed elsewhere (rule 14)"
        case _:
            assert_never(fact.kind)


def dead_sentence(fact: Fact) -> str:
    """Why a card can never be played again (rule 11): the fact's own words, which cite the rules
    that kill the card where another rule than 11 does."""
    return _fact_words(fact)


def deduction_sentence(fact: Fact) -> str:
    """Rules 9 and 10 as the STOP panel says them: the words alone (the rule is the panel's)."""
    return _fact_words(fact)


# ----- verdicts ---------------------------------------------------------------------------------


def effect_facts(effect: Effect, notes: tuple[Fact, ...] = (), removal_rule: int = 4) -> list[str]:
    """What a play does, one fact a line, each with its rule once: what is placed, kept, removed (by
    rule 4, or by the "Remove one marker" card: rule 6), pinpointed; the notes, bracketed, after
    the last. The points are the verdict's."""
    parts = [f"places {d} on {spots} (rule 1)" for d, spots in _by_delict(effect.placed)]
    kept = [f"{n} {d}" for d, n in effect.kept.items() if n]
    if kept:
        parts.append(f"keeps {', '.join(kept)}")
    if effect.removed:
        parts.append("removes " + "; ".join(f"{d} from {spots}" for d, spots in _by_delict(effect.removed))
                     + f" (rule {removal_rule})")
    if effect.tiles:
        parts.append("pinpoints " + ", ".join(f"{d} on {loc}" for d, loc in effect.tiles) + " (rule 7)")
    if effect.replaced:
        parts.append("scores the last marker of " + ", ".join(d for d, _ in effect.replaced) + ", now under its tile")
    if notes:
        said = " [" + "; ".join(map(fact_sentence, notes)) + "]"
        parts = [*parts[:-1], (parts[-1] if parts else "") + said]
    return parts


def _by_delict(pairs: list[tuple[str, str]]) -> list[tuple[str, str]]:
    grouped: dict[str, list[str]] = {}
    for delict, location in pairs:
        grouped.setdefault(delict, []).append(location)
    return [(delict, ", ".join(spots)) for delict, spots in grouped.items()]


def reason(verdict: Verdict) -> str:
    """The verdict in one sentence: why it is refused, or what it does."""
    if verdict.choices:
        return _choices_reason(verdict)
    if not verdict.playable:
        assert verdict.refusal is not None, "a refusal says why"
        return fact_sentence(verdict.refusal)
    assert verdict.effect is not None, "a playable verdict has its effect"
    return "; ".join(effect_facts(verdict.effect, verdict.notes, verdict.removal_rule))


def _choices_reason(verdict: Verdict) -> str:
    choices = verdict.choices
    if verdict.playable:
        assert verdict.best is not None
        playable = [name for name, choice in choices.items() if choice.playable]
        top = choices[verdict.best]
        return f"playable as {', '.join(playable)}; best: {verdict.best} (+{top.points}): {reason(top)}"
    first = next(iter(choices.values()))
    if len({choice.rule for choice in choices.values()}) == 1:
        return f"no choice is playable: {reason(first)}"
    return "no choice is playable (" + "; ".join(f"{name}: {reason(v)}" for name, v in choices.items()) + ")"


def verdict_facts(verdict: Verdict) -> list[str]:
    """A verdict's facts, one a line, without the rule its head already cites: a playable verdict's
    effect; a refusal's reason whole."""
    own = f" (rule {verdict.rule})"
    if not verdict.playable or verdict.effect is None:
        return [reason(verdict).removesuffix(own)]
    return [fact.removesuffix(own) for fact in effect_facts(verdict.effect, verdict.notes, verdict.removal_rule)
            if fact]


def grouped_choices(verdict: Verdict) -> list[tuple[list[str], Verdict, str]]:
    """Choices that get the same verdict for the same reason but for their own delict, as one entry:
    (their names, the first one's verdict, the reason, naming the delict `each` when there are several)."""
    groups: dict[tuple[bool, int | None, int, str], list[str]] = {}
    for name, choice in verdict.choices.items():
        key = (choice.playable, choice.points, choice.rule, reason(choice.renamed(name, EACH)))
        groups.setdefault(key, []).append(name)
    found = []
    for (_, _, _, text), members in groups.items():
        first = verdict.choices[members[0]]
        words = reason(first) if len(members) == 1 else text
        found.append((members, first, words.removesuffix(f" (rule {first.rule})")))
    return found


EACH = "each"  # a group of choices' delict, said once


def credits(effect: Effect) -> list[str]:
    """Every marker and tile an effect credits, with its points: the lines add up to the total."""
    lines = [f"keeps {n} {d} marker{'' if n == 1 else 's'}: +{n}" for d, n in effect.kept.items() if n]
    lines += [f"removes {d} from {loc}: +1" for d, loc in effect.removed]
    lines += [f"pinpoints {d} on {loc}, its last marker under the tile: +1" for d, loc in effect.replaced]
    return lines
