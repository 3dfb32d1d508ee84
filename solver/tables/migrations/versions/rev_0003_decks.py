"""The decks hosts uploaded, which digital tables are dealt from (a table's parameters name one by
its digest).

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "decks",
        sa.Column("digest", sa.String(64), primary_key=True),
        sa.Column("name", sa.String(80), nullable=False, unique=True),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("decks")
