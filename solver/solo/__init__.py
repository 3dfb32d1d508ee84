"""Solo puzzles: puzzle files, the CP-SAT model, solving and proving uniqueness, the human-style
technique ladder with its explanations and hints, generation (one or many), printed sheets.

May import `solver.core` and `solver.counting`.
"""
