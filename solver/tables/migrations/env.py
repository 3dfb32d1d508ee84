"""Alembic's environment for the lobby's database: run on the connection `db.upgrade` hands over."""

from __future__ import annotations

from alembic import context

from solver.tables.schema import metadata

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=metadata, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
