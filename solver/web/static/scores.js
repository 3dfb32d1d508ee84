// The score track beside the board: players and points, whose turn it is, the last move, the cards out
// of the game, the supply, the game's outcome, and undo.

import { api } from "./api.js";
import { byId, clear, h, points } from "./dom.js";
import { capitalise, describePlay } from "./vocab.js";

function describeMove(move) {
  if (!move) return "";
  const gained = move.effect ? move.effect.points : 0;
  const card = move.card === "remove" ? "Remove one marker"
    : typeof move.card === "number" ? `card ${move.card}` : "a written-out card";
  const discarded = move.out && move.out.length && move.kind !== "play" ? ` (discarded ${move.out.join(", ")})` : "";
  switch (move.kind) {
    case "play":
      return `${move.player} played ${describePlay(card, move.choice)}: ${points(gained)}`;
    case "pass":
      return `${move.player} ${move.cards_this_turn_before ? "ended the turn" : "passed"}${discarded}`;
    case "stop":
      return `${move.player} called STOP: ${points(gained)}`;
    case "drawpile":
      return `cards ${move.out.join(", ")} went out of the game (rule 11)`;
    case "end":
      return "the game was ended (rule 12)";
    default:
      return `${move.player}: ${move.kind}`;
  }
}

export class ScorePanel {
  constructor(table) {
    this.table = table;
    this.undoButton = byId("undo");
    this.undoButton.addEventListener("click", () => this.undo());
    table.onChange((state) => this.render(state));
  }

  render(state) {
    const best = Math.max(1, ...state.players.map((p) => state.scores[p] || 0));
    clear(byId("score-list"), state.players.map((player) => {
      const score = state.scores[player] || 0;
      const current = player === state.turn && !state.outcome;
      return h("li", { class: current ? "current" : "", "aria-current": current ? "true" : false },
        h("span", { class: "player-name" }, current ? `▶ ${player}` : player),
        h("span", { class: "score-bar", "aria-hidden": "true" },
          h("span", { style: `width:${(100 * score) / best}%` })),
        h("span", { class: "player-score", "aria-label": `${score} points` }, String(score)));
    }));
    const turn = byId("turn");
    if (state.outcome) {
      turn.textContent = "Game over";
    } else {
      const more = state.variant && state.variant.cards_per_turn > 1 && state.cards_this_turn
        ? ` (${state.cards_this_turn} card${state.cards_this_turn > 1 ? "s" : ""} played this turn)` : "";
      turn.textContent = `${state.turn}'s turn${more}`;
    }
    const history = state.history || [];
    byId("last-move").textContent = history.length ? `Last move: ${describeMove(history[history.length - 1])}` : "";
    const outcome = byId("outcome");
    outcome.hidden = !state.outcome;
    if (state.outcome) {
      const winners = state.outcome.winners;
      const best = state.scores[winners[0]] || 0;
      outcome.textContent = `Game over (${state.outcome.reason}): ${winners.join(" and ")} ${winners.length > 1 ? "win" : "wins"}`
        + ` with ${best} points.`;
    }
    for (const id of ["play", "pass-box", "end-box"]) byId(id).hidden = Boolean(state.outcome);
    const contradiction = byId("contradiction");
    contradiction.hidden = !state.contradiction;
    contradiction.textContent = capitalise(state.contradiction || "");
    const out = [...(state.out_of_game || [])].sort((a, b) => a - b);
    byId("out-of-game").textContent = out.length ? out.join(", ") : "none";
    byId("supply").textContent = (state.supply || []).length === 16 ? "every delict"
      : (state.supply || []).join(", ") || "none";
    this.undoButton.disabled = !history.length;
  }

  async undo() {
    const line = byId("last-move");
    try {
      const answer = await api.undo(this.table.version);
      this.table.setState(answer.state, "undo");
      line.textContent = `Undone: ${describeMove(answer.undone)}`;
    } catch (error) {
      this.table.explain(error, line);
    }
  }
}
