"""Schadenfreude: a trick-taking game where the second-highest card wins and
whoever climbs above 40 points falls off the castle.

Layout: rules (cards, trick, scoring) -> the OpenSpiel shape (game, state, observation)
-> bots and fast playouts -> terminal play, scoring applet, plots; `openspiel` registers
the game with pyspiel when that is installed."""
