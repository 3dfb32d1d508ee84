"""Every JSON answer of the library, one builder per question: `table` (the multiplayer game) and
`solo` (the solo puzzles). The command line's `--json` prints these documents and the served
routes return them unchanged, so the two cannot disagree.

May import `solver.core`, `solver.counting`, `solver.solo` and `solver.table`.
"""
