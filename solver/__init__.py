"""schinderhannes: solver and puzzle tool for Schinderhannes, engines for Schadenfreude and Scandaroon."""

__version__ = "0.1.0"
