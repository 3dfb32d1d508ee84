"""Click commands for every part of the tool: parse, call the library, print.

May import any package of `solver`; nothing in `solver` imports this package except `solver.cli`.
"""
