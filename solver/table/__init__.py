"""The multiplayer game at the table: the board state with its move stack, the rules that
decide whether a card is playable and what it does (rules 1-16 and the updates), deductions
the table overlooked (STOP, careless boards, the draw piles).
Every change to a state is a checked call (`rules.play`, `rules.pass_turn`, `rules.end_game`,
`deduce.take_stop`, `deduce.take_out_dead`); what they refuse is a typed error in `errors`.

May import `solver.core` and `solver.counting`.
"""
