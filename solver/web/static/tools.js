// The tools under the keypad: pass (with discards), STOP (rule 10), the hand advisor, the draw-pile
// check (rule 11), the number of complete assignments left, the odds, and ending the game (rule 12).

import { api } from "./api.js";
import { byId, clear, formatInteger, formatPercent, h, parseCards, points } from "./dom.js";
import { verdictLine } from "./play.js";

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

function cardLabel(card) {
  return card === "remove" ? "the Remove-one-marker card" : `card ${card}`;
}

/** The odds as {location: [[delict, probability], ...]} most likely first, from GET /api/odds. */
export function oddsByLocation(answer, vocabulary) {
  const table = answer.odds || answer.probabilities || {};
  const total = answer.count;
  const value = (raw) => {
    if (typeof raw === "number") return raw > 1 && total ? raw / total : raw;
    if (typeof raw === "string" && raw.includes("/")) {
      const [top, bottom] = raw.split("/").map(Number);
      return bottom ? top / bottom : 0;
    }
    if (raw && typeof raw === "object" && "numerator" in raw) return raw.numerator / raw.denominator;
    return Number(raw) || 0;
  };
  const byLocation = Object.fromEntries(vocabulary.locations.map((location) => [location, []]));
  const keyedByDelict = Object.keys(table).some((key) => vocabulary.delicts.includes(key));
  for (const [outer, inner] of Object.entries(table)) {
    for (const [key, raw] of Object.entries(inner || {})) {
      const [delict, location] = keyedByDelict ? [outer, key] : [key, outer];
      if (byLocation[location]) byLocation[location].push([delict, value(raw)]);
    }
  }
  for (const list of Object.values(byLocation)) list.sort((a, b) => b[1] - a[1]);
  return byLocation;
}

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
    byId("odds-toggle").addEventListener("change", () => this.odds());
    table.onChange((state, previous) => this.boardChanged(state, previous));
  }

  boardChanged(state, previous) {
    if (previous && previous.version === state.version) return;
    if (previous && this.stopFound) {
      clear(byId("stop-result"), h("p", { class: "hint" }, "The board changed: look again."));
      this.stopFound = null;
    }
    if (previous && byId("count-result").textContent) this.count();
    if (byId("odds-toggle").checked) this.odds();
  }

  // ----- pass ------------------------------------------------------------------------------------------

  async pass() {
    const output = byId("pass-result");
    const discard = parseCards(byId("pass-discard").value).filter((card) => card !== "remove");
    await attempt(this.table, output, async () => {
      const answer = await api.pass(this.table.version, discard);
      byId("pass-discard").value = "";
      if (answer.state) this.table.setState(answer.state, "pass");
      else await this.table.refresh("pass");
      output.textContent = `Passed${discard.length ? ` (discarded ${discard.join(", ")})` : ""}; ${this.table.state.turn}'s turn.`;
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
      const taker = h("select", { id: "stop-taker", "aria-label": "who takes them" },
        this.table.state.players.map((player) => h("option", { value: player }, player)));
      parts.push(h("div", { class: "actions" }, h("label", {}, "taken by ", taker),
        h("button", { type: "button", class: "primary", onclick: () => this.takeStop(taker.value) },
          `Take them (${points(found.length)})`)));
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
      const gained = answer.points ?? (answer.effect ? answer.effect.points : null);
      clear(output, h("p", { class: "message message-done" },
        `${taker} called STOP${gained !== null && gained !== undefined ? `: ${points(gained)}` : ""}.`));
    });
  }

  // ----- the hand advisor -----------------------------------------------------------------------------

  async rankHand() {
    const output = byId("hand-result");
    const cards = parseCards(byId("hand-cards").value);
    if (byId("hand-remove").checked && !cards.includes("remove")) cards.push("remove");
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
      if (plays.length) {
        parts.push(h("ol", { class: "ranked" }, plays.map((entry) => h("li", {},
          h("span", { class: "rank-points" }, points(entry.points)),
          h("span", { class: "rank-card" }, `${entry.card}${entry.choice ? ` as ${entry.choice}` : ""}`),
          h("button", { type: "button", class: "small", onclick: () => this.loadPlay(entry) }, "Check"),
          h("span", { class: "rank-reason" }, entry.reason)))));
      }
      if (refused.length) {
        parts.push(h("details", { class: "refused" }, h("summary", {}, `${refused.length} not playable now`),
          h("ul", {}, refused.map((entry) => h("li", {},
            `${entry.card}${entry.choice ? ` as ${entry.choice}` : ""} (rule ${entry.rule}): ${entry.reason}`)))));
      }
      clear(output, parts);
    });
  }

  loadPlay(entry) {
    const number = /card (\d+)/.exec(entry.card);
    const card = number ? Number(number[1]) : entry.card.toLowerCase().startsWith("remove") ? "remove" : null;
    if (card !== null) this.play.load(card, entry.choice);
  }

  // ----- the draw piles (rule 11) ------------------------------------------------------------------------

  async checkDrawPiles(takeOut) {
    const output = byId("drawpile-result");
    const cards = parseCards(byId("drawpile-cards").value).filter((card) => card !== "remove");
    if (!cards.length) {
      error(output, "Type the numbers of the cards on top of the draw piles.");
      return;
    }
    await attempt(this.table, output, async () => {
      const answer = await api.drawpile(cards, this.table.version, takeOut);
      if (answer.state) this.table.setState(answer.state, "drawpile");
      else if (takeOut) await this.table.refresh("drawpile");
      const results = answer.cards || [];
      const dead = results.filter((entry) => entry.dead && entry.number !== null);
      const parts = [h("ul", { class: "drawpile-list" }, results.map((entry) => h("li", {
        class: entry.dead ? "dead" : "alive",
      }, h("strong", {}, entry.card), entry.dead ? `: never playable again (${entry.reason}); out of the game`
        : ": may still be played")))];
      const taken = answer.taken_out || [];
      if (taken.length) parts.push(h("p", { class: "message message-done" }, `Taken out of the game: ${taken.join(", ")}.`));
      else if (dead.length && !takeOut) {
        parts.push(h("button", { type: "button", onclick: () => this.checkDrawPiles(true) },
          `Take ${dead.map((entry) => entry.number).join(", ")} out of the game`));
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
    if (!byId("odds-toggle").checked) {
      this.table.setOverlay("odds", null);
      clear(output);
      return;
    }
    output.textContent = "computing the odds…";
    await attempt(this.table, output, async () => {
      const answer = await api.odds();
      const odds = oddsByLocation(answer, this.table.vocabulary);
      if (!byId("odds-toggle").checked) return;
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
      const shares = Object.fromEntries(odds[location]);
      return h("tr", {}, h("th", { scope: "row" }, location), vocabulary.delicts.map((delict) => {
        const share = shares[delict] || 0;
        return h("td", { style: share ? `background:hsl(8 85% ${96 - 46 * share}%)` : "" }, share ? formatPercent(share) : "");
      }));
    });
    const count = answer.count !== undefined ? h("p", {}, `Out of ${formatInteger(answer.count)} complete assignments.`) : null;
    return [count, h("div", { class: "table-scroll" }, h("table", { class: "odds-table" },
      h("caption", {}, "Probability of each delict at each location"), h("thead", {}, header), h("tbody", {}, rows)))];
  }

  // ----- the end of the game (rule 12) ------------------------------------------------------------------------

  async end() {
    const output = byId("end-result");
    const cards = parseCards(byId("end-cards").value).filter((card) => card !== "remove");
    try {
      const answer = await api.end(this.table.version, cards);
      if (answer.state) this.table.setState(answer.state, "end");
      else await this.table.refresh("end");
      const outcome = this.table.state.outcome;
      output.textContent = outcome ? `Game over: ${outcome.winners.join(" and ")} ${outcome.winners.length > 1 ? "win" : "wins"}.`
        : "The game is over.";
    } catch (failure) {
      if (failure.status === 422 && failure.data && "playable" in failure.data) {
        clear(output, h("span", {}, `The game goes on: ${cardLabel(failure.data.card?.number ?? "?")} is playable. `),
          verdictLine(failure.data));
      } else {
        this.table.explain(failure, output);
      }
    }
  }
}
