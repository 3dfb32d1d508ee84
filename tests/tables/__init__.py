"""Tests of solver.tables: the lobby on a real database."""
