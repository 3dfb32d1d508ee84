"""Schadenfreude: a trick-taking game where the second-highest card wins and
whoever climbs above 40 points falls off the castle."""
