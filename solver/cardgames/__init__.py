"""The card games: an OpenSpiel-shaped Game/State/Observer API shared by both engines (`api`), the bot protocol
(`bots`), a many-games simulator (`simulate`), and the engines `schadenfreude` and `scandaroon`.

May import `solver.core` (errors, YAML, bundled data paths) and nothing else of `solver`.
"""
