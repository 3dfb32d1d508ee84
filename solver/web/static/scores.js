// @ts-check
// The score track beside the board: players and points, whose turn it is, the last move, the cards out
// of the game, the supply, the game's outcome, and undo.

import { api, withToken } from "./api.js";
import { byId, clear, h } from "./dom.js";
import { capitalise } from "./vocab.js";

export class ScorePanel {
  constructor(table) {
    this.table = table;
    this.undoButton = byId("undo", HTMLButtonElement);
    this.undoButton.addEventListener("click", () => this.askUndo());
    this.asking = byId("undo-ask");
    this.redoButton = byId("redo", HTMLButtonElement);
    this.redoButton.addEventListener("click", () => this.redo());
    /** @type {string | null} the board right after this page's undo: redo is offered while it lasts */
    this.redoVersion = null;
    table.onChange((state, previous) => this.render(state, previous));
  }

  /** @param {import("./types").StateDocument} state @param {import("./types").StateDocument | null} [previous] */
  render(state, previous = null) {
    const best = Math.max(1, ...state.players.map((p) => state.scores[p] || 0));
    clear(byId("score-list"), state.players.map((player) => {
      const score = state.scores[player] || 0;
      const current = player === state.turn && !state.outcome;
      const used = (state.remove_one_used || []).includes(player);
      return h("li", { class: current ? "current" : "", "aria-current": current ? "true" : false },
        h("span", { class: "player-name" }, current ? `▶ ${player}` : player,
          used ? h("span", { class: "remove-used", title: `${player} has played the Remove one marker card` },
            "Remove used") : null),
        h("span", { class: "score-bar", "aria-hidden": "true" },
          h("span", { style: `width:${(100 * score) / best}%` })),
        h("span", { class: "player-score", "aria-label": `${score} points` }, String(score)));
    }));
    // on a phone the score track is far below the board: the header, which stays in view, has them too
    byId("header-scores").textContent = state.players.map((player) => `${player} ${state.scores[player] || 0}`)
      .join(" · ");
    const turn = byId("turn");
    if (state.outcome) {
      turn.textContent = "Game over";
    } else {
      const more = state.variant && state.variant.cards_per_turn > 1 && state.cards_this_turn
        ? ` (${state.cards_this_turn} card${state.cards_this_turn > 1 ? "s" : ""} played this turn)` : "";
      turn.textContent = `${state.turn}'s turn${more}`;
    }
    const history = state.history || [];
    byId("last-move").textContent = history.length ? `Last move: ${history[history.length - 1].text}` : "";
    const outcome = byId("outcome");
    outcome.hidden = !state.outcome;
    if (state.outcome) {
      const winners = state.outcome.winners;
      const best = state.scores[winners[0]] || 0;
      clear(outcome, [
        h("span", { class: "outcome-text" }, `Game over (${state.outcome.reason}): ${winners.join(" and ")} `
          + `${winners.length > 1 ? "win" : "wins"} with ${best} point${best === 1 ? "" : "s"}.`),
        h("span", { class: "actions" },
          h("button", { type: "button", class: "primary", onclick: () => this.playAgain(state) }, "Play again"),
          h("a", { href: withToken("/solo"), class: "button-link" }, "Solo puzzles")),
      ]);
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
    if (!previous || previous.version !== state.version) this.asking.hidden = true; // it asked about another board
    this.redoButton.hidden = this.redoVersion !== state.version; // anything else changed: no redo
  }

  /** Undo names the move it takes back and asks first: one tap never undoes unseen. */
  askUndo() {
    const history = this.table.state ? this.table.state.history || [] : [];
    if (!history.length) return;
    const version = this.table.version;
    clear(this.asking, [
      h("span", {}, `Undo ${history[history.length - 1].text}?`),
      h("span", { class: "actions" },
        h("button", { type: "button", class: "primary", onclick: () => this.undo(version) }, "Undo it"),
        h("button", { type: "button", class: "secondary", onclick: () => { this.asking.hidden = true; } }, "Keep it")),
    ]);
    this.asking.hidden = false;
  }

  async redo() {
    const line = byId("last-move");
    try {
      const answer = await api.redo(this.redoVersion);
      this.redoVersion = null;
      this.table.setState(answer.state, "redo");
    } catch (error) {
      this.redoVersion = null;
      this.redoButton.hidden = true;
      this.table.explain(error, line);
    }
  }

  /** A new game with the same players in the same order and the same variant (the finished one is
   * replaced without asking: it is over). @param {import("./types").StateDocument} state */
  async playAgain(state) {
    const variant = state.variant;
    try {
      const answer = await api.newGame({ players: state.players, cards_per_turn: variant.cards_per_turn,
        rule_15_at_turn_end: variant.rule_15_at_turn_end, last_delict_points: variant.last_delict_points });
      this.table.setState(answer.state, "new game");
    } catch (error) {
      this.table.explain(error, byId("outcome"));
    }
  }

  /** @param {string | null} version the board the person saw when asked */
  async undo(version) {
    const line = byId("last-move");
    this.asking.hidden = true;
    try {
      const answer = await api.undo(version);
      this.redoVersion = answer.state.version;
      this.redoButton.textContent = `Redo ${answer.redo.words}`;
      this.table.setState(answer.state, "undo");
      line.textContent = `Undone: ${answer.undone.text}`;
    } catch (error) {
      this.table.explain(error, line);
    }
  }
}
