"""The whole multiplayer game: the deck in play, the draw piles, the hands, the turn's steps,
the STOP window and the co-ordinator's rule 11 check between turns, and bots that play it
(docs/game.md, "The whole game"). In the shape of OpenSpiel's games: a `Game` holds what is
fixed (deck, board, players, rules), a `State` what changes; every move is an `Action` value,
checked by the table's rules (`solver.table`) and undone exactly by `State.pop()`.

May import `solver.core`, `solver.counting` and `solver.table`; the OpenSpiel registration
(`openspiel`, with `encoding` and `observation`) also `solver.cardgames`, whose pyspiel wrappers it reuses.
"""
