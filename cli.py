"""`python cli.py ...` from a checkout: the same command line as the installed `schinderhannes`."""

from solver.cli import main

if __name__ == "__main__":
    main()
