"""The data model every other package builds on: names, bit masks, the board graph, clues and cards,
the deck, what a clue means, matching delicts to locations on masks, errors, YAML reading and
writing, where the bundled data lives.

Imports nothing from the rest of `solver`.
"""
