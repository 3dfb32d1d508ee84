"""The counting package's fitted constants: prices, limits and switches between its paths.

Each was measured with `python bench/bench_count.py` on an otherwise idle 2-core machine (the
worst-case hunt: random clue sets weighted to group and district cards, sets with every true
group card, and hill climbing from the slowest; docs/solo.md, "Counting"). They choose between
exact paths, so a change here moves only the time a count takes, never its result; after one,
rerun the hunt and compare its p99 and max. Work is priced in dense units: one element added by
numpy, about 3 ns.
"""

from __future__ import annotations

# --- the dense subset DP (dense.py)

# a layer with at most 1/SPARSE_LAYER of its states reached is stepped from those alone
SPARSE_LAYER = 8

# --- the sparse DP over reachable partial placements (sparse.py)

SPARSE_STATE_LIMIT = 600  # past a few hundred partial placements the dense DP is faster
SPARSE_WORK_LIMIT = 6000  # placements tried in all before giving up (caps the time lost, ≈ 1-2 ms)
SPARSE_TIED_OPTIONS = 2  # a delict whose district partner is placed has about this many options

# --- the keyed DP's cost model (keyed._Item.work), fitted to measured steps

SINGLE_KEY_WORK = 2400  # per key of a single delict's step, besides a shifted copy per location
UNIT_CLASS_WORK = 1300  # per key and class of a unit's step, besides its disjoint pairs
UNIT_PAIR_TEST = 4  # per (location set, placement) pair a unit's step tests, once for all keys

# --- the keyed DP's search for an order and a split (keyed._search)

SEARCH_STARTS = 6  # greedy orders tried, from the biggest item of each distinct set of groups
# Measured on sets with every true group clue: 6 starts and 150 keys followed exactly find the
# same plans as more, in less search time.
JOINT_KEYS = 150  # the search follows the keys exactly up to this many, then bounds them
# A plan this cheap (≈ twice 16 free delicts with one key) ends the search: light mixes pay less for it.
SEARCH_ENOUGH = 1.2e6

# --- free delicts over profiles (keyed._choose, profiles.py)

FREE_MEET = 3.0  # work per set of the last layer and key, summing a vector per profile
FREE_STEP = 5000.0  # work per key of one free delict's step over PROFILES_PRICED profiles
PROFILES_PRICED = 625  # the quarters' profiles, on which FREE_STEP was fitted
# Fitted on the slowest sets the hunt finds: priced below FREE_ENOUGH, or below FREE_HALF
# with at least half the delicts free, a free plan won and the search (3-7 ms) could not pay;
# otherwise the cost model errs both ways by up to about two (a long forward run's keys
# are priced by their bound past JOINT_KEYS), and the free plan is taken while priced
# under FREE_FACTOR (FREE_FACTOR_HALF with half the delicts free) times the best split.
FREE_ENOUGH = SEARCH_ENOUGH
FREE_HALF = 1e7  # above it, hundreds of keys may reach the free delicts: search for a split
FREE_FACTOR = 1.6
FREE_FACTOR_HALF = 2.5  # with at least half the delicts free
FREE_FEWEST = 8  # a delict on fewer locations costs little placed exactly (over reached states)
# Measured on the slowest sets of 30 hunts: past this many profiles, placing the delicts exactly is cheaper.
PROFILE_LIMIT = 4096

# --- runs over the reached states alone (reached.py, keyed._free_over_reached)

# Measured: a step costs ≈ 80 us of numpy calls, then 8-20 ns a (state, placement) pair; the
# big steps, which decide between plans, take the most (priced at 18 ns)
STEP_WORK = 25_000.0
PAIR_WORK = 6.0
DENSE_SUM = 8  # measured: a bincount costs ≈ 2 ns per (key, set), sorting ≈ 18 ns per pair
FREE_REACHED_BUDGET = 6e5  # ≈ 2 ms: most sets the free plan over reached states finishes take a third of it
SPLIT_PRICE = 0.5  # past the budget, the free plan goes on while its price stays below half the split's

# --- odds (odds.py)

# Past these the pinned counts (≈ 250 counts of ≈ 2-4 ms) are the cheaper way: a signed
# term costs three passes over its segment, a joint placement a dot product.
MOST_TERMS = 256
MOST_PLACEMENTS = 20_000
# backward.py tallies a unit's joint placements one by one; past this many, odds take the reference way
ODDS_UNIT_ROWS = 50_000
