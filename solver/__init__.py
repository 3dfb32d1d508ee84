"""schinderhannes: solver and puzzle tool for Schinderhannes, engines for Schadenfreude and Scandaroon.

One package per concept; each may import only the packages to its left:

    core -> counting -> solo -> decks     (the deduction game: data model, counting, solo puzzles, deck files)
    core -> counting -> table             (the multiplayer game: board state, rules 1-16, deductions)
    core, counting, table -> game         (the whole game: the deck in play, piles, hands, turns, bots)
    core -> cardgames                     (Schadenfreude and Scandaroon)
    core, counting, solo, table -> documents    (every JSON answer, built once for the CLI and the server)
    core, counting, solo, decks, table, documents -> web   (table mode: the live board served to the browser)
    everything -> commands -> cli         (click commands: parse, call the library, print)
"""

__version__ = "0.1.0"
