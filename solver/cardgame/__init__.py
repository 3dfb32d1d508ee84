"""Shared pieces for trick-taking card-game engines: an OpenSpiel-shaped state API,
the bot protocol and a generic many-games simulator."""
