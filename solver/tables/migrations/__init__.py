"""The Alembic migrations of the lobby's database, applied on start-up by `solver.tables.db.upgrade`."""
