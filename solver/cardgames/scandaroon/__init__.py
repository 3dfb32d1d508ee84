"""Scandaroon: a rules engine for the card-row scoring game.

Layout: data (symbols, deck) -> model (effects, values, scoring; actions, choices, state,
observation; game, which ties them together) -> bots -> terminal play.
"""
