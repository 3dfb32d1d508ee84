"""The cards a companion table entered from the cards in hand (laid over the server's deck for that
table), and which stored decks were frozen from them for a digital table (`decks.origin`).

Revision ID: 0005
Revises: 0004
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "entered_cards",
        sa.Column("table_id", sa.Integer, sa.ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("number", sa.Integer, primary_key=True),
        sa.Column("entry", sa.Text, nullable=False),
        sa.Column("provenance", sa.String(16), nullable=False),
        sa.Column("entered", sa.DateTime(timezone=True), nullable=False),
    )
    with op.batch_alter_table("decks") as batch:
        batch.add_column(sa.Column("origin", sa.String(16), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("decks") as batch:
        batch.drop_column("origin")
    op.drop_table("entered_cards")
