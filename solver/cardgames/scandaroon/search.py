"""A search bot for Scandaroon: information-set Monte-Carlo tree search.

Each of the bot's moves runs `iterations` simulations. A simulation deals the cards the
bot cannot see (the other hands and the draw pile, `sample_world`) at random, walks one
shared tree of player actions with UCB (counting how often each action was available, as
single-observer ISMCTS does, since a deal decides which actions there are), adds one new
node, plays the game out at random and credits every node on the way with the final
return of the player who chose there. The move is the root action visited most.

Chance events (draws, trump cards) are sampled as they come and are not part of the
tree: two simulations that drew differently share the nodes of the same actions.
The number of simulations, not the clock, bounds a move, so a seed replays a game.
"""

from __future__ import annotations

import math
import random

from solver.cardgames.scandaroon.state import DRAW, ScandaroonState

ITERATIONS = 150  # simulations per move: well under a second on one core
EXPLORATION = 0.7  # UCB constant for returns in [0, 1]


def sample_world(state: ScandaroonState, me: int, rng: random.Random) -> ScandaroonState:
    """A copy of `state` in which the cards `me` cannot see (the other hands and the
    draw pile) are dealt anew at random; hand sizes and everything public stay."""
    world = state.clone(keep_log=False)
    others = [seat for seat in range(state.game.players) if seat != me]
    unseen = list(state.draw_pile)
    for seat in others:
        unseen.extend(state.hands[seat])
    rng.shuffle(unseen)
    start = 0
    for seat in others:
        size = len(state.hands[seat])
        world.hands[seat] = unseen[start:start + size]
        start += size
    world.draw_pile = sorted(unseen[start:])
    return world


class Node:
    """Statistics of one action in the tree, and the actions after it."""

    __slots__ = ("available", "children", "total", "visits")

    def __init__(self) -> None:
        self.children: dict[int, Node] = {}
        self.visits = 0
        self.total = 0.0
        self.available = 0


def _ucb(child: Node) -> float:
    return child.total / child.visits + EXPLORATION * math.sqrt(
        math.log(child.available) / child.visits)


class SearchBot:
    """Information-set MCTS with random playouts to the end of the game."""

    name = "search"

    def __init__(self, seed: int | None = None, iterations: int = ITERATIONS) -> None:
        self.rng = random.Random(seed)
        self.iterations = iterations

    def step(self, state: ScandaroonState) -> int:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        me = state.current_player()
        root = Node()
        for _ in range(self.iterations):
            self._simulate(sample_world(state, me, self.rng), root)
        visited = [a for a in legal if a in root.children]
        return max(visited, key=lambda a: root.children[a].visits)

    def _simulate(self, world: ScandaroonState, root: Node) -> None:
        rng = self.rng
        node, path = root, []
        while not world.is_terminal():
            if world.is_chance_node():
                _resolve_chance(world, rng)
                continue
            player, legal = world.current_player(), world.legal_actions()
            untried = [a for a in legal if a not in node.children]
            for a in legal:
                child = node.children.get(a)
                if child is not None:
                    child.available += 1
            if untried:
                action = rng.choice(untried)
                child = node.children[action] = Node()
                child.available = 1
                path.append((child, player))
                world.apply_action_unchecked(action)
                break
            action = max(legal, key=lambda a: _ucb(node.children[a]))
            node = node.children[action]
            path.append((node, player))
            world.apply_action_unchecked(action)
        _play_out(world, rng)
        returns = world.returns()
        for child, player in path:
            child.visits += 1
            child.total += returns[player]


def _play_out(world: ScandaroonState, rng: random.Random) -> None:
    """Random legal actions (and chance) to the end of the game."""
    while not world.is_terminal():
        if world.is_chance_node():
            _resolve_chance(world, rng)
        else:
            world.apply_action_unchecked(rng.choice(world.legal_actions()))


def _resolve_chance(world: ScandaroonState, rng: random.Random) -> None:
    """As `resolve_chance`, a draw taking a uniformly random card of the draw pile without
    listing the outcomes and their probabilities."""
    while world.is_chance_node():
        if world.queue[0].kind == DRAW:
            pile = world.draw_pile
            world.apply_action_unchecked(pile[int(rng.random() * len(pile))])
        else:
            world.apply_action_unchecked(world.sample_chance_outcome(rng))
