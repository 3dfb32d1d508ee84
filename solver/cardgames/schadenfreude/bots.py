"""Schadenfreude bots: random, a heuristic that keeps its score under 40, and a
Monte-Carlo bot that samples the unseen cards and plays the round out at random.

The Monte-Carlo bots draw each deal of the unseen cards consistent with the suits each
player showed they lack (`sample_hands`); `mc-infer` also weighs the deals by this round's
play: it draws `CANDIDATES` times as many deals as it keeps, keeping
each with a weight of how likely the others' plays this round were had they held it
(`play_likelihood`): a player who could have played a Jester or a standard card plays a
Jester with a fixed chance. So a player who kept following with standard cards while a
Jester was legal is less likely to hold one (Jesters held back are few). Measured against
three `mc`, it was not stronger (docs/schadenfreude.md), so `mc` does not weigh."""

from __future__ import annotations

import random
from functools import partial

from solver.cardgames.bots import Bot, MakeBot, RandomBot
from solver.cardgames.schadenfreude import scoring, trick
from solver.cardgames.schadenfreude.cards import JESTER_MASK, SUIT_MASKS, cards_of, is_jester
from solver.cardgames.schadenfreude.playout import random_tricks
from solver.cardgames.schadenfreude.state import SchadenfreudeState
from solver.core.errors import BadInput


def unseen_cards(state: SchadenfreudeState, me: int) -> list[int]:
    """Cards `me` cannot see: the other hands and the set-aside cards."""
    mask = state.game.deck_mask & ~state.hands[me] & ~state.played
    return cards_of(mask)


def known_voids(state: SchadenfreudeState) -> list[int]:
    """Per seat, a mask of suits they showed they lack (an off-suit standard card)."""
    players = state.game.players
    voids = [0] * players
    records = [(t.leader, t.cards) for t in state.tricks]
    if state.trick:
        records.append((state.trick_leader, tuple(state.trick)))
    for leader, played in records:
        suit = trick.lead_suit(played)
        if suit is None:
            continue
        for position, card in enumerate(played):
            if not is_jester(card) and card // 12 != suit:
                voids[(leader + position) % players] |= SUIT_MASKS[suit]
    return voids


def sample_hands(state: SchadenfreudeState, me: int, rng: random.Random) -> list[int]:
    """A deal of the unseen cards to the other seats consistent with hand sizes and,
    when a few tries find one, with the suits they are known to lack."""
    sizes = [bin(hand).count("1") for hand in state.hands]
    unseen = unseen_cards(state, me)
    voids = known_voids(state)
    others = [seat for seat in range(state.game.players) if seat != me]
    for attempt in range(20):
        rng.shuffle(unseen)
        hands = list(state.hands)
        for seat in others:
            hands[seat] = 0
        need = {seat: sizes[seat] for seat in others}
        ok = True
        for card in unseen:
            bit = 1 << card
            takers = [s for s in others if need[s] and (attempt == 19 or not voids[s] & bit)]
            if not takers:
                continue  # goes to the set-aside cards
            seat = takers[0]
            hands[seat] |= bit
            need[seat] -= 1
        ok = not any(need.values())
        if ok:
            return hands
    # give up on voids: plain random deal
    rng.shuffle(unseen)
    hands = list(state.hands)
    position = 0
    for seat in others:
        hands[seat] = sum(1 << c for c in unseen[position : position + sizes[seat]])
        position += sizes[seat]
    return hands


# How often a player plays a Jester when both a Jester and a standard card are legal (the
# first mc in 4-player self-play: 30% of such follows, 10% of such leads)
JESTER_FOLLOW, JESTER_LEAD = 0.3, 0.1
CANDIDATES = 4  # deals drawn per deal kept, when the bot weighs them by the play


def round_plays(state: SchadenfreudeState) -> list[tuple[int, int, tuple[int, ...]]]:
    """(seat, card, the cards played before it in its trick) of every card played this
    round, in order."""
    players = state.game.players
    records = [(t.leader, t.cards) for t in state.tricks]
    if state.trick:
        records.append((state.trick_leader, tuple(state.trick)))
    return [((leader + position) % players, card, cards[:position])
            for leader, cards in records for position, card in enumerate(cards)]


def play_likelihood(hands: list[int], plays: list[tuple[int, int, tuple[int, ...]]],
                    me: int) -> float:
    """How likely the plays of everyone but `me` were, had they held `hands` now (and so
    each card they played since, before it): 0 when a card was not legal from that hand;
    otherwise, over the plays where a Jester and a standard card were both legal, the
    chance of playing a Jester (JESTER_FOLLOW, or JESTER_LEAD before a suit is led) or
    not, as they did. Which standard card is not weighed: a bot's choice among them says
    more about the bot than about the hand."""
    held = list(hands)
    likelihood = 1.0
    for seat, card, before in reversed(plays):
        held[seat] |= 1 << card
        if seat == me:
            continue
        suit = trick.lead_suit(before)
        legal = trick.legal_mask(held[seat], suit)
        if not legal >> card & 1:
            return 0.0
        if legal & JESTER_MASK and legal & ~JESTER_MASK:
            chance = JESTER_LEAD if suit is None else JESTER_FOLLOW
            likelihood *= chance if is_jester(card) else 1.0 - chance
    return likelihood


def inferred_hands(state: SchadenfreudeState, me: int, rng: random.Random,
                   count: int) -> list[list[int]]:
    """`count` deals of the unseen cards, drawn from CANDIDATES times as many in proportion
    to `play_likelihood` (plain `sample_hands` deals when no candidate fits the play)."""
    plays = round_plays(state)
    candidates = [sample_hands(state, me, rng) for _ in range(CANDIDATES * count)]
    weights = [play_likelihood(hands, plays, me) for hands in candidates]
    if not any(weights):
        return candidates[:count]
    return rng.choices(candidates, weights, k=count)


def position_value(scores: list[int], me: int, limit: int = scoring.LIMIT) -> float:
    """How good these scores are for `me`: the game result when they end the game,
    otherwise high-but-safe scores ahead of the others score well."""
    if scoring.game_over(scores, limit):
        return 1.0 if scoring.winner(scores, limit) == me else 0.0
    safe = limit - 8

    def own(score: int) -> float:
        return score if score <= safe else safe - 2.5 * (score - safe)

    others = [own(scores[s]) for s in range(len(scores)) if s != me]
    value = 0.5 + (own(scores[me]) - sum(others) / len(others)) / (2 * limit)
    return min(0.95, max(0.05, value))


def projected_scores(state: SchadenfreudeState, piles: list[int]) -> list[int]:
    return scoring.apply_round(state.scores, [scoring.pile_points(p) for p in piles])


class _SamplingBot:
    """A bot that weighs each legal card over `samples` random deals of the unseen cards."""

    samples_by_default = 8

    def __init__(self, seed: int | None = None, samples: int | None = None) -> None:
        self.rng = random.Random(seed)
        self.samples = self.samples_by_default if samples is None else samples

    def step(self, state: SchadenfreudeState) -> int:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        return self.choose(state, legal, state.current_player())

    def choose(self, state: SchadenfreudeState, legal: list[int], me: int) -> int:
        raise NotImplementedError


class HeuristicBot(_SamplingBot):
    """Tries each legal card against a few random completions of this trick only and
    keeps the one whose projected scores (score + pile) look best: high but under 40."""

    name = "heuristic"

    def choose(self, state: SchadenfreudeState, legal: list[int], me: int) -> int:
        worlds = [sample_hands(state, me, self.rng) for _ in range(self.samples)]
        best, best_value = legal[0], -1.0
        for card in legal:
            total = 0.0
            for hands in worlds:
                piles = self._finish_trick(state, list(hands), card)
                total += position_value(projected_scores(state, piles), me, state.game.limit)
            if total > best_value:
                best, best_value = card, total
        return best

    def _finish_trick(self, state: SchadenfreudeState, hands: list[int], card: int) -> list[int]:
        me = state.current_player()
        hands[me] ^= 1 << card
        played = [*state.trick, card]
        piles = list(state.piles)
        # finish only the current trick: give everyone just the cards they need
        players = state.game.players
        leader = state.trick_leader
        rand = self.rng.random
        for position in range(len(played), players):
            seat = (leader + position) % players
            legal = trick.legal_mask(hands[seat], trick.lead_suit(played))
            options = cards_of(legal)
            pick = options[int(rand() * len(options))]
            hands[seat] ^= 1 << pick
            played.append(pick)
        position = trick.trick_winner(played)
        seat = (leader + position) % players
        piles[seat] = scoring.take(piles[seat], trick.taken_cards(played, position))
        return piles


class MonteCarloBot(_SamplingBot):
    """For each legal card: sample the unseen cards into hands, play the rest of the
    round at random, score the round with position_value, average."""

    name = "mc"
    samples_by_default = 24
    infer = False  # True: weigh the sampled deals by the play this round (mc-infer)

    def choose(self, state: SchadenfreudeState, legal: list[int], me: int) -> int:
        totals = dict.fromkeys(legal, 0.0)
        rand = self.rng.random
        if self.infer:
            worlds = inferred_hands(state, me, self.rng, self.samples)
        else:
            worlds = [sample_hands(state, me, self.rng) for _ in range(self.samples)]
        for hands in worlds:
            for card in legal:
                world = list(hands)
                world[me] ^= 1 << card
                piles = random_tricks(
                    world, state.trick_leader, list(state.piles), rand, started=[*state.trick, card]
                )
                totals[card] += position_value(projected_scores(state, piles), me, state.game.limit)
        return max(legal, key=lambda card: totals[card])


class InferringMonteCarloBot(MonteCarloBot):
    """`mc` whose sampled deals are weighed by the others' play this round
    (`inferred_hands`)."""

    name = "mc-infer"
    infer = True


BOTS: dict[str, MakeBot[SchadenfreudeState]] = {
    "random": RandomBot, "heuristic": HeuristicBot, "mc": MonteCarloBot,
    "mc-infer": InferringMonteCarloBot,
}


def parse_bot_names(text: str | list[str], players: int) -> list[str]:
    """'mc,random' style list -> one name per seat (a single name fills every seat)."""
    items = text if isinstance(text, list) else [text]
    names = [name.strip().lower() for item in items for name in item.split(",") if name.strip()]
    for name in names:
        if name not in BOTS:
            raise BadInput(f"unknown bot {name!r}; bots are {', '.join(BOTS)}")
    if len(names) == 1:
        names = names * players
    if len(names) != players:
        raise BadInput(
            f"{len(names)} bots for {players} players; give one bot name or one per seat"
        )
    return names


def make_bots(names: list[str], seed: int) -> list[Bot[SchadenfreudeState]]:
    return [BOTS[name](seed=seed * 7 + seat) for seat, name in enumerate(names)]


def bots_factory(names: list[str]) -> partial[list[Bot[SchadenfreudeState]]]:
    """A picklable seed -> bots function for solver.cardgames.simulate."""
    return partial(make_bots, list(names))
