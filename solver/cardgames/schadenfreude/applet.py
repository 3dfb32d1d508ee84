"""The scoring applet of the tarot reference, as a terminal UI.

Per player a row of value buttons: tap a value to put a card of that value on the
score pile, tap it again to cancel the pair; lit buttons are the unmatched cards.
The round total (the pile's sum, editable) is applied to the score track; the
applet shows when the game ends and who wins.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from textual.app import App, ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Footer, Header, Input, Label, Static

from solver.cardgames.schadenfreude import scoring

VALUES = tuple(range(-3, 11))  # -3..10; 0 and 10 are the wilds
LABELS = {
    "standard": {v: str(v) for v in VALUES},
    "tarot": {-3: "K", -2: "Q", -1: "J", 0: "Fool", 10: "X", 1: "A",
              **{v: str(v) for v in range(2, 10)}},
}


@dataclass
class ScoreSheet:
    """The applet's model: score piles as value bitmasks and the score track."""

    players: int
    limit: int = scoring.LIMIT
    scores: list[int] = field(default_factory=list)
    piles: list[int] = field(default_factory=list)
    rounds: int = 0

    def __post_init__(self) -> None:
        self.scores = self.scores or [0] * self.players
        self.piles = self.piles or [0] * self.players

    def tap(self, player: int, value: int) -> bool:
        """Toggle `value` on the pile (a second card of a value cancels the pair);
        returns whether the value is lit now."""
        self.piles[player] ^= 1 << (value + 3)
        return self.lit(player, value)

    def lit(self, player: int, value: int) -> bool:
        return bool(self.piles[player] >> (value + 3) & 1)

    def pile_total(self, player: int) -> int:
        return scoring.pile_points(self.piles[player])

    def apply_round(self, totals: list[int]) -> None:
        if self.game_over():
            raise ValueError("the game is over; start a new game")
        self.scores = scoring.apply_round(self.scores, totals)
        self.piles = [0] * self.players
        self.rounds += 1

    def game_over(self) -> bool:
        return scoring.game_over(self.scores, self.limit)

    def status(self) -> str:
        if not self.game_over():
            leader = scoring.next_leader(self.scores)
            who = "a random player" if leader is None else f"P{leader + 1}"
            return f"after round {self.rounds}: nobody above {self.limit}; {who} leads next"
        best = scoring.winner(self.scores, self.limit)
        result = "nobody wins" if best is None else f"P{best + 1} wins"
        return f"GAME OVER after round {self.rounds}: {result}"


class ScoringApplet(App[None]):
    CSS = """
    .row { height: 3; }
    .name { width: 6; padding: 1 1; }
    .score { width: 12; padding: 1 1; }
    Button.value { min-width: 6; width: 6; }
    Input.total { width: 10; }
    #status { padding: 1 1; }
    """
    BINDINGS: ClassVar = [
        ("a", "apply", "apply round"), ("n", "new_game", "new game"), ("q", "quit", "quit")
    ]
    TITLE = "Schadenfreude scoring"

    def __init__(self, players: int = 4, notation: str = "standard") -> None:
        super().__init__()
        self.sheet = ScoreSheet(players)
        self.labels = LABELS[notation]

    def compose(self) -> ComposeResult:
        yield Header()
        with Vertical():
            for p in range(self.sheet.players):
                with Horizontal(classes="row"):
                    yield Label(f"P{p + 1}", classes="name")
                    for i, value in enumerate(VALUES):
                        yield Button(self.labels[value], id=f"v-{p}-{i}", classes="value")
                    yield Input("0", id=f"total-{p}", classes="total", type="integer")
                    yield Label("score 0", id=f"score-{p}", classes="score")
            with Horizontal(classes="row"):
                yield Button("Apply round", id="apply", variant="primary")
                yield Button("New game", id="new")
            yield Static(self.sheet.status(), id="status")
        yield Footer()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        button_id = event.button.id or ""
        if button_id.startswith("v-"):
            _, player_text, index = button_id.split("-")
            player, value = int(player_text), VALUES[int(index)]
            lit = self.sheet.tap(player, value)
            event.button.variant = "success" if lit else "default"
            self.query_one(f"#total-{player}", Input).value = str(self.sheet.pile_total(player))
        elif button_id == "apply":
            self.action_apply()
        elif button_id == "new":
            self.action_new_game()

    def action_apply(self) -> None:
        status = self.query_one("#status", Static)
        try:
            totals = [int(self.query_one(f"#total-{p}", Input).value or 0)
                      for p in range(self.sheet.players)]
            self.sheet.apply_round(totals)
        except ValueError as error:
            status.update(f"cannot apply: {error}")
            return
        self._refresh()

    def action_new_game(self) -> None:
        self.sheet = ScoreSheet(self.sheet.players)
        self._refresh()

    def _refresh(self) -> None:
        for p in range(self.sheet.players):
            self.query_one(f"#score-{p}", Label).update(f"score {self.sheet.scores[p]}")
            self.query_one(f"#total-{p}", Input).value = "0"
            for i, value in enumerate(VALUES):
                button = self.query_one(f"#v-{p}-{i}", Button)
                button.variant = "success" if self.sheet.lit(p, value) else "default"
        self.query_one("#status", Static).update(self.sheet.status())
