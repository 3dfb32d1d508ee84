"""Scandaroon: a rules engine for the card-row scoring game.

Layout: data (symbols, deck) -> model (effects, values, scoring, state) -> bots -> terminal play.
"""
