"""Every JSON answer of the library, one builder per question: `table` (the multiplayer game),
`solo` (the solo puzzles) and `lobby` (the tables played together: what each seat may see). The
command line's `--json` prints these documents and the served routes return them unchanged, so
the two cannot disagree.

May import `solver.core`, `solver.counting`, `solver.solo`, `solver.table`, `solver.game` and
`solver.tables`.
"""
