"""The lobby of tables played together (docs/table.md, "Tables"): a database of tables, their private
seats and their moves (`schema`, `db`, the Alembic `migrations`), a digital table's game replayed from
its parameters, seed and moves (`params`, `replay`), and the checked, versioned moves (`service`);
the cards a companion table entered are written and read as deck file entries (`solver.decks`).

May import `solver.core`, `solver.counting`, `solver.decks`, `solver.table` and `solver.game`.
"""
