"""Deck files: the four box puzzles the deck must solve, synthesizing the reconstructed card
texts, verifying a user's own deck, writing deck files and templates.

May import `solver.core`, `solver.counting` and `solver.solo`.
"""
