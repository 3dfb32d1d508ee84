"""Schadenfreude random-playout throughput on one core, side by side with baselines.

    python bench/bench_schadenfreude.py [--seconds 2] [--slices 5] [--json]

Rates are per second of this process's CPU time; the rows take turns in `--slices`
slices and each keeps its best, so other work on a shared machine slows no single row.
Rows (all measured in this run, one process, one core):
  engine, checked API   - SchadenfreudeGame states + RandomBot through apply_action()
  engine, fast playout  - solver.cardgames.schadenfreude.playout.random_game (bitmask loop)
  baseline trick loop   - a minimal pure-Python loop: 4 x 12 cards, follow suit,
                          second-highest wins, no scoring (the reference loop)
  hearts C++ (pyspiel)  - OpenSpiel hearts, uniform random bots, whole game in C++
  hearts from Python    - the same, each action applied from Python
  schadenfreude pyspiel - our game through its pyspiel registration, driven from
                          Python: the whole game (deals = rounds played) and the
                          single-round game (max_rounds=1: one deal per game), and
                          the single-round game played by C++ random bots
                          (evaluate_bots), next to hearts' deals/s
  pyspiel floor         - a game written in Python with no rules at all, of the same
                          shape as one round (48 deal chance nodes over the undealt
                          cards, then 48 plays of any held card), through pyspiel the
                          same two ways: what the Python side of pyspiel costs before a
                          game does anything (the registration's ceiling)
The pyspiel rows are skipped when pyspiel is not installed.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from solver.cardgames.bots import RandomBot
from solver.cardgames.schadenfreude.game import SchadenfreudeGame
from solver.cardgames.schadenfreude.playout import random_game

GOAL_CHECKED = 0.25  # the engine's checked API, deals/s over hearts' in C++
GOAL_PYSPIEL = 0.1  # the pyspiel registration's best row, the same ratio


def rate(step, seconds: float) -> tuple[float, float]:
    """Call step() for `seconds` of this process's CPU time; returns (calls/s, extra
    units/s) per CPU second, where step returns how many extra units (e.g. deals) it
    did. CPU time, not the wall clock: other work on a shared machine then does not
    count against a row (every row is single-threaded)."""
    calls = units = 0
    clock = time.process_time
    start = clock()
    deadline = start + seconds
    while clock() < deadline:
        for _ in range(10):
            units += step()
            calls += 1
    elapsed = clock() - start
    return calls / elapsed, units / elapsed


def measure(specs, seconds: float, slices: int) -> list[dict]:
    """Each row's rates, measured in `slices` turns round-robin over the rows (so that
    every row sees the same machine load); a row keeps its best slice."""
    best: list[tuple[float, float]] = [(0.0, 0.0)] * len(specs)
    for _ in range(max(1, slices)):
        for i, (_, _, step, _) in enumerate(specs):
            calls, units = rate(step, seconds / max(1, slices))
            if calls > best[i][0]:
                best[i] = (calls, units)
    rows = []
    for (name, unit, _, per_unit), (calls, units) in zip(specs, best, strict=True):
        row = {"name": name, unit: round(calls, 1)}
        if per_unit:
            row[per_unit] = round(units, 1)
        rows.append(row)
    return rows


def engine_checked(players: int):
    rng, bot = random.Random(1), RandomBot(2)
    game = SchadenfreudeGame(players)

    def step() -> int:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.resolve_chance(rng)
            else:
                state.apply_action(bot.step(state))
        return state.rounds_played()

    return step


def engine_fast(players: int):
    rng = random.Random(1)
    return lambda: random_game(players, rng)[1]


def baseline_trick_loop():
    """4 x 12 cards in 4 suits of 12, follow suit, second-highest wins; one deal."""
    rng = random.Random(1)
    rand = rng.random
    deck = list(range(48))
    suit_masks = [0xFFF << (12 * s) for s in range(4)]

    def step() -> int:
        rng.shuffle(deck)
        hands = [0, 0, 0, 0]
        for i, card in enumerate(deck):
            hands[i & 3] |= 1 << card
        leader = 0
        for _ in range(12):
            played = []
            suit = -1
            for k in range(4):
                seat = (leader + k) & 3
                hand = hands[seat]
                legal = hand & suit_masks[suit] if suit >= 0 else hand
                legal = legal or hand
                for _ in range(int(rand() * legal.bit_count())):
                    legal &= legal - 1
                bit = legal & -legal
                hands[seat] = hand ^ bit
                card = bit.bit_length() - 1
                if suit < 0:
                    suit = card // 12
                played.append(card)
            followers = sorted((c, k) for k, c in enumerate(played) if c // 12 == suit)
            leader = (leader + followers[-2 if len(followers) > 1 else -1][1]) & 3
        return 1

    return step


def hearts_cpp():
    import pyspiel

    game = pyspiel.load_game("hearts")
    bots = [pyspiel.make_uniform_random_bot(p, 100 + p) for p in range(4)]
    seed = iter(range(10**9))

    def step() -> int:
        pyspiel.evaluate_bots(game.new_initial_state(), bots, next(seed))
        return 1

    return step


def pyspiel_from_python(game):
    """Whole games through pyspiel; returns the deals played (rounds for our game)."""
    rng = random.Random(1)

    def step() -> int:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(actions, probs)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        inner = getattr(state, "inner", None)
        return inner.rounds_played() if inner is not None else 1

    return step


def pyspiel_cpp_bots(game, players: int):
    """C++ uniform random bots on a registered game (evaluate_bots); one deal per game
    for the single-round game."""
    import pyspiel

    bots = [pyspiel.make_uniform_random_bot(p, 100 + p) for p in range(players)]
    seed = iter(range(10**9))

    def step() -> int:
        pyspiel.evaluate_bots(game.new_initial_state(), bots, next(seed))
        return 1

    return step


def floor_game():
    """A pyspiel game in Python with no rules, the shape of one 4-player round: 48 chance
    nodes dealing the undealt cards in turn, then 48 plays, each of any card the seat holds."""
    import pyspiel

    game_type = pyspiel.GameType(
        short_name="python_bench_floor", long_name="Python bench floor (no rules)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=4, min_num_players=4,
        provides_information_state_string=False, provides_information_state_tensor=False,
        provides_observation_string=False, provides_observation_tensor=False,
        parameter_specification={})
    info = pyspiel.GameInfo(num_distinct_actions=48, max_chance_outcomes=48, num_players=4,
                            min_utility=0.0, max_utility=1.0, utility_sum=None, max_game_length=96)

    class FloorState(pyspiel.State):
        def __init__(self, game) -> None:
            super().__init__(game)
            self.undealt, self.hands, self.moves = list(range(48)), [[], [], [], []], 0
            self._player = pyspiel.PlayerId.CHANCE

        def current_player(self) -> int:
            return self._player

        def is_chance_node(self) -> bool:
            return self._player == pyspiel.PlayerId.CHANCE

        def is_terminal(self) -> bool:
            return self._player == pyspiel.PlayerId.TERMINAL

        def chance_outcomes(self) -> list[tuple[int, float]]:
            probability = 1 / len(self.undealt)
            return [(card, probability) for card in self.undealt]

        def legal_actions(self, player=None) -> list[int]:
            return list(self.hands[self._player])

        def _legal_actions(self, player: int) -> list[int]:
            return list(self.hands[player])

        def _apply_action(self, action: int) -> None:
            moves = self.moves
            if moves < 48:
                self.undealt.remove(action)
                self.hands[moves & 3].append(action)
                if moves == 47:
                    self._player = 0
            else:
                self.hands[self._player].remove(action)
                self._player = pyspiel.PlayerId.TERMINAL if moves == 95 else (self._player + 1) & 3
            self.moves = moves + 1

        def returns(self) -> list[float]:
            return [0.0] * 4

    class FloorGame(pyspiel.Game):
        def __init__(self, params=None) -> None:
            super().__init__(game_type, info, params or {})

        def new_initial_state(self):
            return FloorState(self)

    pyspiel.register_game(game_type, FloorGame)
    return pyspiel.load_game("python_bench_floor")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="time per row")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--slices", type=int, default=5,
                        help="each row runs in this many slices, taking turns with the other "
                             "rows; its figure is its best slice (load from other work on the "
                             "machine then slows every row alike, not one row)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()

    p = args.players
    specs: list[tuple[str, str, object, str | None]] = [
        (f"schadenfreude engine, checked API ({p}p)", "games_per_s", engine_checked(p), "deals_per_s"),
        (f"schadenfreude fast playout ({p}p)", "games_per_s", engine_fast(p), "deals_per_s"),
        ("baseline pure-Python trick loop (4x12)", "deals_per_s", baseline_trick_loop(), None),
    ]
    try:
        import pyspiel
    except ImportError:
        pyspiel = None
    if pyspiel is not None:
        from solver.cardgames.schadenfreude import openspiel

        single = openspiel.load_game(players=p, max_rounds=1)
        specs += [
            ("OpenSpiel hearts C++ random playouts", "deals_per_s", hearts_cpp(), None),
            ("OpenSpiel hearts driven from Python", "deals_per_s",
             pyspiel_from_python(pyspiel.load_game("hearts")), None),
            (f"schadenfreude pyspiel, whole game ({p}p)", "games_per_s",
             pyspiel_from_python(openspiel.load_game(players=p)), "deals_per_s"),
            (f"schadenfreude pyspiel, one round ({p}p)", "deals_per_s", pyspiel_from_python(single), None),
            (f"schadenfreude pyspiel, one round, C++ bots ({p}p)", "deals_per_s",
             pyspiel_cpp_bots(single, p), None),
        ]
        if p == 4:
            floor = floor_game()
            specs += [
                ("pyspiel floor: no rules, from Python (4p)", "deals_per_s", pyspiel_from_python(floor), None),
                ("pyspiel floor: no rules, C++ bots (4p)", "deals_per_s", pyspiel_cpp_bots(floor, 4), None),
            ]
    rows = measure(specs, args.seconds, args.slices)

    if args.json:
        print(json.dumps({"rows": rows, "seconds_per_row": args.seconds}))
        return
    hearts = next((r["deals_per_s"] for r in rows if "hearts C++" in r["name"]), None)
    print(f"{'benchmark (one core)':45} {'games/s':>10} {'deals/s':>10}  vs hearts C++")
    for row in rows:
        games = row.get("games_per_s")
        deals = row.get("deals_per_s")
        ratio = f"{deals / hearts:.2f}x" if hearts and deals else ""
        print(f"{row['name']:45} {games or '':>10} {deals or '':>10}  {ratio}")
    if hearts:
        for line in goal_lines(rows, hearts):
            print(line)


def goal_lines(rows: list[dict], hearts: float) -> list[str]:
    """The goals beside what this run measured: the checked API at GOAL_CHECKED of hearts, the
    pyspiel path at GOAL_PYSPIEL (with the floor of a game with no rules beside it)."""
    def ratio(start: str) -> float | None:
        found = [r["deals_per_s"] / hearts for r in rows if r["name"].startswith(start)]
        return max(found) if found else None

    lines = []
    checked = ratio("schadenfreude engine, checked API")
    if checked is not None:
        verdict = "met" if checked >= GOAL_CHECKED else "NOT met"
        lines.append(f"checked API {checked:.2f}x hearts (goal >= {GOAL_CHECKED}x): {verdict}")
    through = ratio("schadenfreude pyspiel")
    if through is not None:
        verdict = "met" if through >= GOAL_PYSPIEL else "NOT met"
        floor = ratio("pyspiel floor")
        beside = f"; a game with no rules through pyspiel: {floor:.2f}x" if floor is not None else ""
        lines.append(f"pyspiel path {through:.2f}x hearts at best (goal >= {GOAL_PYSPIEL}x): {verdict}{beside}")
    return lines


if __name__ == "__main__":
    main()
