"""A finished table's next table ("play again": the same seats, a new deal).

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:  # SQLite alters a table by copying it: the batch does that
        batch.add_column(sa.Column("next_table", sa.Integer, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("next_table")
