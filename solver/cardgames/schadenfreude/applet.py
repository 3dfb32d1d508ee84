"""The scoring applet of the tarot reference, as a terminal UI.

Per player a row of value buttons: tap a value to put a card of that value on the
score pile, tap it again to cancel the pair; lit buttons are the unmatched cards.
The round total (the pile's sum, editable) is applied to the score track; the
applet shows when the game ends and who wins. It fits an 80×24 terminal with 5
players; arrow keys move between the buttons, `n` asks before starting a new game.
It starts on P1's first value button with its keys in the footer, and counts every
key of a burst (arrows, Enter) as if they had been typed one by one.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import ClassVar, Self

from textual import events
from textual.actions import SkipAction
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Button, Footer, Header, Input, Label, Static
from textual.widgets.button import ButtonVariant

from solver.cardgames.schadenfreude import scoring

VALUES = tuple(range(-3, 11))  # -3..10; 0 and 10 are the Jesters
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


class ConfirmNewGame(ModalScreen[bool]):
    """Asks before the score track is cleared: y (or Enter) starts a new game, n or
    Escape keeps the current one."""

    BINDINGS: ClassVar = [("y", "answer(True)", "yes"), ("enter", "answer(True)", "yes"),
                          ("n", "answer(False)", "no"), ("escape", "answer(False)", "no")]
    CSS = """
    ConfirmNewGame { align: center middle; }
    #question { width: 44; height: 5; border: thick $warning; padding: 0 2; background: $surface; }
    """

    def compose(self) -> ComposeResult:
        yield Static("Start a new game? The scores are lost.\n\ny: yes    n: no", id="question")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)


async def run_own_binding(widget: Widget, event: events.Key) -> bool:
    """Run `widget`'s own binding of the key (Enter on a button, Backspace in a field)
    as the key reaches it; True if it has one. Textual runs a widget's bindings only
    once the key has gone up to the app, after the keys the widget handles itself
    (digits in a field) and on whatever has the focus by then: in a burst of keys
    they would run out of order, or on the next button."""
    for binding in widget._bindings.key_to_bindings.get(event.key, ()):
        event.stop()
        event.prevent_default()
        await widget.run_action(binding.action)
        return True
    return False


class TapButton(Button):
    """A button that acts at once, on every press. Textual's Button ignores the presses
    that come while its press animation (0.2 s) still shows, so a value tapped twice
    quickly (a pair that cancels) would stay lit; and it only posts a message, which
    reaches the applet after the keys queued behind the press (`a` right after a tap
    would apply the total without it)."""

    def __init__(self, label: str, act: Callable[[TapButton], None], *, id: str,
                 classes: str = "", variant: ButtonVariant = "default") -> None:
        super().__init__(label, id=id, classes=classes, variant=variant)
        self.act = act

    def press(self) -> Self:
        if not self.disabled and self.display:
            self.act(self)
        return super().press()  # the animation (and a Pressed message nobody needs)

    def action_press(self) -> None:
        self.press()

    async def _on_key(self, event: events.Key) -> None:
        await run_own_binding(self, event)


class TotalInput(Input):
    """A round total that takes only what an integer can hold, so that the applet's
    letter keys (a, n, q) still work, and show in the footer, while it has the focus."""

    def check_consume_key(self, key: str, character: str | None) -> bool:
        return character is not None and (character.isdigit() or character in "+-")

    async def _on_key(self, event: events.Key) -> None:
        if await run_own_binding(self, event):
            return
        if event.is_printable and not self.check_consume_key(event.key, event.character):
            event.prevent_default()  # Input's own handler would swallow it; it goes on to the bindings


class ScoringApplet(App[None]):
    """Fits 80×24 with 5 players: per player a line with the name, the score and the
    editable round total, and a line of the 14 value buttons. Arrow keys move between
    the buttons and totals; Tab works as well."""

    CSS = """
    .head { height: 1; }
    .name { width: 4; }
    .score { width: 10; }
    .caption { width: 13; }
    Input.total { width: 8; height: 1; border: none; padding: 0 1; }
    .values { height: 1; margin-bottom: 1; }
    Button.value { min-width: 5; width: 5; height: 1; border: none; padding: 0; margin: 0; }
    .actions { height: 1; }
    .actions Button { height: 1; border: none; min-width: 14; margin-right: 2; }
    #status { height: 2; padding: 0 1; }
    """
    BINDINGS: ClassVar = [
        ("a", "apply", "apply round"), ("n", "new_game", "new game"), ("q", "quit", "quit"),
        # The keys that move the focus are priority bindings: the applet handles them in
        # the order they came, before it hands the next key to the focused widget, so the
        # keys of a burst (arrows, then Enter or digits) reach the widget each one left focused.
        Binding("left", "move(0, -1)", show=False, priority=True),
        Binding("right", "move(0, 1)", show=False, priority=True),
        Binding("up", "move(-1, 0)", show=False, priority=True),
        Binding("down", "move(1, 0)", show=False, priority=True),
        Binding("tab", "focus_next", show=False, priority=True),
        Binding("shift+tab", "focus_previous", show=False, priority=True),
    ]
    TITLE = "Schadenfreude scoring"
    AUTO_FOCUS = "#v-0-0"  # where a player acts: P1's first value button, not a total

    def __init__(self, players: int = 4, notation: str = "standard") -> None:
        super().__init__()
        self.sheet = ScoreSheet(players)
        self.labels = LABELS[notation]

    def compose(self) -> ComposeResult:
        yield Header()
        with Vertical():
            for p in range(self.sheet.players):
                with Horizontal(classes="head"):
                    yield Label(f"P{p + 1}", classes="name")
                    yield Label("score 0", id=f"score-{p}", classes="score")
                    yield Label("round total:", classes="caption")
                    yield TotalInput("0", id=f"total-{p}", classes="total", type="integer")
                with Horizontal(classes="values"):
                    for i, value in enumerate(VALUES):
                        button = TapButton(self.labels[value], self._tap, id=f"v-{p}-{i}", classes="value")
                        button.styles.line_pad = 0  # "Fool" fills the 5 columns (CSS wants > 0)
                        yield button
            with Horizontal(classes="actions"):
                yield TapButton("Apply round", lambda _: self.action_apply(), id="apply", variant="primary")
                yield TapButton("New game", lambda _: self.action_new_game(), id="new")
            yield Static(self.sheet.status(), id="status")
        yield Footer()

    def _grid(self) -> list[list[str]]:
        """The ids arrow keys move over: per player its total, then its value buttons;
        the last line holds the two action buttons."""
        lines = []
        for p in range(self.sheet.players):
            lines.append([f"total-{p}"])
            lines.append([f"v-{p}-{i}" for i in range(len(VALUES))])
        lines.append(["apply", "new"])
        return lines

    def action_move(self, rows: int, columns: int) -> None:
        if isinstance(self.screen, ModalScreen) or (columns and isinstance(self.focused, Input)):
            raise SkipAction  # not in the dialog; in a round total left and right move the cursor
        grid = self._grid()
        focused = self.focused.id if self.focused is not None else None
        place = next(((r, line.index(focused)) for r, line in enumerate(grid) if focused in line), None)
        if place is None:
            row, column = 1, 0
        else:
            row = min(max(place[0] + rows, 0), len(grid) - 1)
            # keep the horizontal position when moving between lines of different length
            wanted = place[1] + columns
            if rows:
                fraction = place[1] / max(len(grid[place[0]]) - 1, 1)
                wanted = round(fraction * (len(grid[row]) - 1))
            column = min(max(wanted, 0), len(grid[row]) - 1)
        # at once, not after the keys still queued (as Widget.focus does): in a burst of
        # arrows each one moves on from where the one before it left the focus
        self.screen.set_focus(self.query_one(f"#{grid[row][column]}"))

    def _tap(self, button: TapButton) -> None:
        """A value button: its value goes on the player's pile, or cancels its pair."""
        _, player_text, index = (button.id or "").split("-")
        player, value = int(player_text), VALUES[int(index)]
        button.variant = "success" if self.sheet.tap(player, value) else "default"
        self.query_one(f"#total-{player}", Input).value = str(self.sheet.pile_total(player))

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
        """Asks first; a new game clears the score track."""

        def answered(yes: bool | None) -> None:
            if yes:
                self.sheet = ScoreSheet(self.sheet.players)
                self._refresh()

        self.push_screen(ConfirmNewGame(), answered)

    def _refresh(self) -> None:
        for p in range(self.sheet.players):
            self.query_one(f"#score-{p}", Label).update(f"score {self.sheet.scores[p]}")
            self.query_one(f"#total-{p}", Input).value = "0"
            for i, value in enumerate(VALUES):
                button = self.query_one(f"#v-{p}-{i}", Button)
                button.variant = "success" if self.sheet.lit(p, value) else "default"
        self.query_one("#status", Static).update(self.sheet.status())
