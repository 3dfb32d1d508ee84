// @ts-check
// The tools under the keypad: pass (with discards), STOP (rule 10), the hand advisor, the draw-pile
// check (rule 11), the number of complete assignments left, the odds, and ending the game (rule 12).

import { api } from "./api.js";
import { byId, clear, formatInteger, formatPercent, h, parseCards, points } from "./dom.js";
import { verdictLine } from "./play.js";
import { capitalise, describePlay } from "./vocab.js";

function error(output, message) {
  clear(output, h("p", { class: "error" }, message));
}

/** Run `action`; a failure is shown in `output` (409 also redraws the board it returns). */
async function attempt(table, output, action) {
  try {
    await action();
  } catch (failure) {
    table.explain(failure, output);
  }
}

/** The odds as {location: [[delict, probability, count], ...]} most likely first, from GET /api/odds. */
export function oddsByLocation(answer, vocabulary) {
  const byLocation = {};
  for (const location of vocabulary.locations) {
    const cells = (answer.odds || {})[location] || {};
    byLocation[location] = Object.entries(cells)
      .map(([delict, cell]) => [delict, cell.probability, cell.count])
      .sort((a, b) => b[1] - a[1]);
  }
  return byLocation;
}

/** A card of the API (label, number, ...) as the keypad takes it: its number, or "remove". */
function keypadCard(card) {
  if (typeof card.number === "number") return card.number;
  return card.provenance === "rulebook" ? "remove" : null;
}

const SHOWN_PLAYS = 6; // the hand advisor's best plays; the rest behind "more plays"

export class Tools {
  constructor(table, play) {
    this.table = table;
    this.play = play;
    this.stopFound = null;
    byId("pass").addEventListener("click", () => this.pass());
    byId("stop-look").addEventListener("click", () => this.lookForStop());
    byId("hand-rank").addEventListener("click", () => this.rankHand());
    byId("drawpile-check").addEventListener("click", () => this.checkDrawPiles(false));
    byId("count").addEventListener("click", () => this.count());
    byId("end").addEventListener("click", () => this.end());
    byId("odds-toggle", HTMLInputElement).addEventListener("change", () => this.odds());
    // Enter in a tool's field presses its button
    for (const [field, button] of [["pass-discard", "pass"], ["hand-cards", "hand-rank"],
      ["drawpile-cards", "drawpile-check"], ["end-cards", "end"]]) {
      byId(field).addEventListener("keydown", (event) => {
        if (event.key === "Enter") {
          event.preventDefault();
          byId(button).click();
        }
      });
    }
    table.onChange((state, previous) => this.boardChanged(state, previous));
  }

  boardChanged(state, previous) {
    // in the two-player variant, "pass" after a card played this turn ends the turn
    const ending = Boolean(state.variant && state.variant.cards_per_turn > 1 && state.cards_this_turn);
    byId("pass-title").textContent = ending ? "End the turn" : "Pass";
    byId("pass").textContent = ending ? "End the turn" : "Pass the turn";
    if (previous && previous.version === state.version) return;
    if (previous && (state.history || []).length < (previous.history || []).length) {
      for (const id of ["pass-result", "stop-result", "drawpile-result", "end-result"]) clear(byId(id), []);
      this.stopFound = null; // what they told of was undone
    }
    if (previous && this.stopFound) {
      clear(byId("stop-result"), h("p", { class: "hint" }, "The board changed: look again."));
      this.stopFound = null;
    }
    if (previous && byId("count-result").textContent) this.count();
    if (byId("odds-toggle", HTMLInputElement).checked) this.odds();
  }

  // ----- pass ------------------------------------------------------------------------------------------

  async pass() {
    const output = byId("pass-result");
    const discard = parseCards(byId("pass-discard", HTMLInputElement).value).filter((card) => card !== "remove");
    await attempt(this.table, output, async () => {
      const answer = await api.pass(this.table.version, discard);
      byId("pass-discard", HTMLInputElement).value = "";
      if (answer.state) this.table.setState(answer.state, "pass");
      else await this.table.refresh("pass");
      output.textContent = `${capitalise(answer.passed.text)}; ${this.table.state.turn}'s turn.`;
    });
  }

  // ----- STOP (rule 10) -------------------------------------------------------------------------------

  async lookForStop() {
    const output = byId("stop-result");
    await attempt(this.table, output, async () => {
      const answer = await api.stop();
      const found = answer.removable || [];
      this.stopFound = found;
      this.table.setOverlay("stop", found);
      const parts = [];
      if (answer.contradiction) parts.push(h("p", { class: "warning" }, answer.contradiction));
      if (!found.length) {
        parts.push(h("p", {}, answer.contradiction ? "Markers stay until a card decides (rule 9)."
          : "No marker can be removed by deduction."));
        clear(output, parts);
        return;
      }
      parts.push(h("p", {}, `${found.length} marker${found.length > 1 ? "s" : ""} can be taken (ringed red on the board):`),
        h("ul", { class: "stop-list" }, found.map((entry) => h("li", {},
          h("strong", {}, `${entry.delict} on ${entry.location}`), `: ${entry.reason}`))));
      // "another player may call STOP": the players who may, the first asked first (the default)
      /** @type {string[]} */
      const takers = answer.takers || this.table.state.players;
      const taker = h("select", { id: "stop-taker", "aria-label": "who takes them" },
        takers.map((player) => h("option", { value: player }, player)));
      const gain = typeof answer.points === "number" ? answer.points : found.length;  // rule 7's tiles included
      parts.push(h("div", { class: "actions" }, h("label", {}, "taken by ", taker),
        h("button", { type: "button", class: "primary", onclick: () => this.takeStop(taker.value) },
          `Take them (${points(gain)})`)));
      clear(output, parts);
    });
  }

  async takeStop(taker) {
    const output = byId("stop-result");
    await attempt(this.table, output, async () => {
      const answer = await api.takeStop(this.table.version, taker);
      if (answer.state) this.table.setState(answer.state, "stop");
      else await this.table.refresh("stop");
      this.stopFound = null;
      this.table.setOverlay("stop", null);
      const history = this.table.state.history;
      clear(output, h("p", { class: "message message-done" }, `${history[history.length - 1].text}.`));
    });
  }

  // ----- the hand advisor -----------------------------------------------------------------------------

  async rankHand() {
    const output = byId("hand-result");
    const cards = parseCards(byId("hand-cards", HTMLInputElement).value);
    if (byId("hand-remove", HTMLInputElement).checked && !cards.includes("remove")) cards.push("remove");
    if (!cards.length) {
      error(output, "Type the numbers of the cards in your hand.");
      return;
    }
    await attempt(this.table, output, async () => {
      const answer = await api.hand(cards);
      const plays = answer.plays || [];
      const refused = answer.not_playable || [];
      const parts = [h("p", {}, plays.length
        ? `${plays.length} legal play${plays.length > 1 ? "s" : ""} for ${answer.player}, best first:`
        : `No card of this hand is playable for ${answer.player} now.`)];
      const item = (entry) => h("li", {},
        h("span", { class: "rank-points" }, points(entry.points)),
        h("span", { class: "rank-card" }, describePlay(entry.card.label, entry.choice)),
        keypadCard(entry.card) !== null ? h("button", {
          type: "button", class: "small", onclick: () => this.play.load(keypadCard(entry.card), entry.choice),
        }, "Check") : h("span"),
        h("span", { class: "rank-reason" }, entry.reason));
      if (plays.length) parts.push(h("ol", { class: "ranked" }, plays.slice(0, SHOWN_PLAYS).map(item)));
      if (plays.length > SHOWN_PLAYS) {
        parts.push(h("details", { class: "more-plays" }, h("summary", {}, `${plays.length - SHOWN_PLAYS} more plays`),
          h("ol", { class: "ranked", start: SHOWN_PLAYS + 1 }, plays.slice(SHOWN_PLAYS).map(item))));
      }
      if (refused.length) {
        parts.push(h("details", { class: "refused" }, h("summary", {}, `${refused.length} not playable now`),
          h("ul", {}, refused.map((entry) => h("li", {},
            `${describePlay(entry.card.label, entry.choice)} (rule ${entry.rule}): ${entry.reason}`)))));
      }
      clear(output, parts);
    });
  }

  // ----- the draw piles (rule 11) ------------------------------------------------------------------------

  async checkDrawPiles(takeOut) {
    const output = byId("drawpile-result");
    const cards = parseCards(byId("drawpile-cards", HTMLInputElement).value).filter((card) => card !== "remove");
    if (!cards.length) {
      error(output, "Type the numbers of the cards on top of the draw piles.");
      return;
    }
    await attempt(this.table, output, async () => {
      const answer = await api.drawpile(cards, this.table.version, takeOut);
      if (answer.state) this.table.setState(answer.state, "drawpile");
      else if (takeOut) await this.table.refresh("drawpile");
      const results = answer.cards || [];
      const dead = results.filter((entry) => entry.dead && entry.card.number !== null);
      const parts = [h("ul", { class: "drawpile-list" }, results.map((entry) => h("li", {
        class: entry.dead ? "dead" : "alive",
      }, h("strong", {}, entry.card.label), entry.dead ? `: never playable again, back in the box (${entry.reason})`
        : ": may still be played",
      entry.card.reconstructed ? h("span", { class: "hint" }, " — judged by a reconstructed text: check it against your card")
        : null)))];
      const taken = answer.taken_out || [];
      if (taken.length) parts.push(h("p", { class: "message message-done" }, `Taken out of the game: ${taken.join(", ")}.`));
      else if (dead.length && !takeOut) {
        parts.push(h("button", { type: "button", onclick: () => this.checkDrawPiles(true) },
          `Take ${dead.map((entry) => entry.card.number).join(", ")} out of the game`));
      }
      clear(output, parts);
    });
  }

  // ----- counting and odds ---------------------------------------------------------------------------------

  async count() {
    const output = byId("count-result");
    output.textContent = "counting…";
    await attempt(this.table, output, async () => {
      const answer = await api.count();
      const count = answer.count;
      output.textContent = `${formatInteger(count)} complete assignment${count === 1 ? "" : "s"} agree${count === 1 ? "s" : ""} with the board.`;
      output.dataset.count = String(count);
    });
  }

  async odds() {
    const output = byId("odds-result");
    if (!byId("odds-toggle", HTMLInputElement).checked) {
      this.table.setOverlay("odds", null);
      clear(output);
      return;
    }
    const contradiction = this.table.state.contradiction;
    if (contradiction) { // no complete assignment: no odds
      this.table.setOverlay("odds", null);
      clear(output, h("p", { class: "warning" }, `No odds: ${contradiction}`));
      return;
    }
    output.textContent = "computing the odds…";
    await attempt(this.table, output, async () => {
      const answer = await api.odds();
      const odds = oddsByLocation(answer, this.table.vocabulary);
      if (!byId("odds-toggle", HTMLInputElement).checked) return;
      this.table.setOverlay("odds", odds);
      clear(output, this.oddsTable(odds, answer));
    });
  }

  oddsTable(odds, answer) {
    const vocabulary = this.table.vocabulary;
    const header = h("tr", {}, h("th", { scope: "col" }, "location"), vocabulary.delicts.map((delict) => {
      const info = vocabulary.delict(delict);
      return h("th", { scope: "col", title: delict, class: `group-${info.colourName}` }, h("abbr", { title: delict }, info.short));
    }));
    const rows = vocabulary.locations.map((location) => {
      const cells = Object.fromEntries(odds[location].map(([delict, share, count]) => [delict, { share, count }]));
      return h("tr", {}, h("th", { scope: "row" }, location), vocabulary.delicts.map((delict) => {
        const { share, count } = cells[delict] || { share: 0, count: 0 };
        return h("td", {
          style: share ? `background:hsl(8 85% ${96 - 46 * share}%)` : "",
          title: `${delict} on ${location}: ${formatInteger(count)} of ${formatInteger(answer.total)} complete assignments`
            + ` (${formatPercent(share)})`,
        }, share ? formatPercent(share).replace("%", "") : "");
      }));
    });
    const detail = h("p", { class: "odds-detail", "aria-live": "polite" }, "Tap a cell for its exact count.");
    const table = h("table", { class: "odds-table" },
      h("caption", {}, "Probability (%) of each delict at each location"), h("thead", {}, header), h("tbody", {}, rows));
    table.addEventListener("click", (event) => {
      const cell = event.target.closest("td");
      if (cell) detail.textContent = cell.title;
    });
    return [h("p", {}, `Exact shares of the ${formatInteger(answer.total)} complete assignments that agree with the board.`),
      h("div", { class: "table-scroll" }, table), detail];
  }

  // ----- the end of the game (rule 12) ------------------------------------------------------------------------

  async end() {
    const output = byId("end-result");
    const cards = parseCards(byId("end-cards", HTMLInputElement).value).filter((card) => card !== "remove");
    try {
      const answer = await api.end(this.table.version, cards);
      if (answer.state) this.table.setState(answer.state, "end");
      else await this.table.refresh("end");
      const outcome = this.table.state.outcome;
      output.textContent = outcome ? `Game over: ${outcome.winners.join(" and ")} ${outcome.winners.length > 1 ? "win" : "wins"}.`
        : "The game is over.";
    } catch (failure) {
      if (failure.status === 422 && failure.data && "playable" in failure.data) {
        clear(output, h("p", { class: "error" }, `${capitalise(failure.message)}.`), verdictLine(failure.data.playable));
      } else {
        this.table.explain(failure, output);
      }
    }
  }
}
