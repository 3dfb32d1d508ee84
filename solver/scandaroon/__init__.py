"""Scandaroon: a rules engine for the card game (issue 8).

Layout: data (symbols, deck) -> model (effects, values, scoring, state) -> bots -> CLI.
"""
