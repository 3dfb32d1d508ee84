// @ts-check
// A seat at a digital table (or a watcher, without a seat token; a companion table's page is the
// table page, index.html): the seat's own hand with each card's verdict, the board with a play's
// preview, the piles by their backs, the players, the cards played, the STOP window, the log and time travel, and "play again".
//
// Every step of a turn is one of the view's legal actions (its int, sent with the view's version).
// The server plays the bots at once; this page shows each bot's turn on its own, BOT_DELAY apart,
// drawing the board after it from the public board at that move (GET /api/tables/ID/moves/K).

import { api, followChanges, withToken } from "./api.js";
import { BoardView } from "./board.js";
import { byId, clear, h, points } from "./dom.js";
import { keepSeat, seatToken, tablesApi } from "./lobbyapi.js";
import { verdictLine } from "./play.js";
import { applyPalette, capitalise, describePlay, makeVocabulary } from "./vocab.js";

const BOT_DELAY = 700; // ms each bot's turn stays on the board before the next move is shown
const NEXT_POLL = 2500; // ms between looks for the next table, once the game is over
const OPENING_HAND = 4;

/**
 * @typedef {import("./types").TableView} TableView
 * @typedef {import("./types").HandPlay} HandPlay
 * @typedef {import("./types").LegalAction} LegalAction
 * @typedef {import("./types").CardBack} CardBack
 */

const STEP_WORDS = {
  opening: "draws an opening hand",
  play: "chooses a card to play",
  discard: "may discard one card",
  "pass discard": "passed and discards",
  pick: "picks a card",
  "pick discard": "may discard",
  draw: "draws",
  stop: "is asked: STOP or not",
};

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function fatal(message) {
  const element = byId("fatal");
  element.textContent = message;
  element.hidden = false;
}

/** A card's back: its type letter and what it shows, in its group's colour. @param {CardBack} back */
function backBadge(back, extra = "") {
  return h("span", { class: `back back-${back.colour || "none"} ${extra}`, title: `back ${back.letter}: ${back.shows}` },
    h("span", { class: "back-letter" }, back.letter), h("span", { class: "back-shows" }, back.shows));
}

/** The runs of one seat's consecutive moves after `from`: [{seat, last}] in order. */
function runs(log, from) {
  const found = [];
  for (const entry of log) {
    if (entry.seq <= from) continue;
    const run = found[found.length - 1];
    if (run && run.seat === entry.seat) run.last = entry.seq;
    else found.push({ seat: entry.seat, last: entry.seq });
  }
  return found;
}

class SeatPage {
  /** @param {import("./types").BoardDocument} boardDocument @param {number} table @param {string | null} token */
  constructor(boardDocument, table, token) {
    this.table = table;
    this.token = token;
    this.vocabulary = makeVocabulary(boardDocument);
    applyPalette(boardDocument.vocabulary.palette);
    /** @type {TableView | null} the table as the server last told it */
    this.view = null;
    /** @type {TableView | null} what the page shows: the view, or a board on the way to it (a bot's turn) */
    this.shown = null;
    /** @type {TableView | null} time travel: the board after an earlier move */
    this.past = null;
    /** @type {{card: number | "remove", choice: string | null} | null} the hand's card looked at */
    this.selected = null;
    this.presenting = 0;
    this.busy = false;
    this.polling = null;
    this.board = new BoardView(byId("board"), boardDocument, this.vocabulary, {
      onPick: (delict, location) => this.pickMarker(delict, location),
    });
    const range = byId("travel-range", HTMLInputElement);
    range.addEventListener("input", () => this.travelLabel(Number(range.value)));
    range.addEventListener("change", () => this.travel(Number(range.value)));
    byId("travel-now").addEventListener("click", () => this.travel(null));
  }

  get me() {
    return this.view ? this.view.seat : null;
  }

  // ----- the view from the server -----------------------------------------------------------------

  async load() {
    this.present(await tablesApi.view(this.table, this.token));
  }

  /** Show a new view; the bots' turns since the one shown come first, one at a time. */
  async present(view) {
    if (this.view && view.version < this.view.version) return; // an older answer that arrived late
    const run = ++this.presenting;
    const from = this.shown && this.shown.table === view.table ? this.shown.version : view.version;
    this.view = view;
    const bots = new Set(view.seats.filter((seat) => seat.bot).map((seat) => seat.seat));
    for (const step of view.kind === "digital" ? runs(view.log, from) : []) {
      if (!bots.has(step.seat)) continue;
      this.showStep(step, view);
      await sleep(BOT_DELAY);
      if (run !== this.presenting) return; // a newer view took over
      if (step.last < view.version) {
        let board;
        try {
          board = await tablesApi.boardAt(this.table, step.last);
        } catch {
          break; // the board of a past move is only for show: the view itself follows
        }
        if (run !== this.presenting) return;
        this.show({ ...board, seat: view.seat, player: view.player, hand: view.hand, legal: [], next: view.next });
      }
    }
    if (run !== this.presenting) return;
    this.show(view);
    this.followNext();
  }

  /** While a bot's turn is on its way: say whose (the board shown has no live buttons: it is not the view). */
  showStep(step, view) {
    this.render();
    const seat = view.seats[step.seat];
    byId("prompt").textContent = `${seat.name} (${seat.bot} bot) is moving…`;
  }

  show(view) {
    this.shown = view;
    this.render();
  }

  async refresh() {
    try {
      const view = await tablesApi.view(this.table, this.token);
      if (!this.view || view.version !== this.view.version || view.next !== this.view.next) this.present(view);
    } catch (error) {
      this.say(error.message, "error");
    }
  }

  /** Once the game is over, look for the next table now and then (it does not change the version). */
  followNext() {
    const view = this.view;
    if (!view || !view.over || view.next !== null || this.polling) return;
    this.polling = setTimeout(async () => {
      this.polling = null;
      await this.refresh();
      this.followNext();
    }, NEXT_POLL);
  }

  // ----- moving -----------------------------------------------------------------------------------

  /** @param {LegalAction | undefined} legal */
  async act(legal) {
    const view = this.view;
    if (!legal || !view || this.busy || this.shown !== view) return;
    this.busy = true;
    this.render();
    try {
      const answer = await tablesApi.act(this.table, this.token, legal.action, view.version);
      this.selected = null;
      this.say("", "info");
      this.busy = false;
      await this.present(answer);
    } catch (error) {
      this.busy = false;
      if (error.data && error.data.view) {
        this.say(error.status === 409 ? "The table moved on meanwhile: here it is now." : error.message, "error");
        await this.present(error.data.view);
      } else {
        this.say(error.message, "error");
        this.render();
      }
    }
  }

  /** The legal action of this kind (and card, choice, pile, depth where given). */
  legal(kind, match = {}) {
    const view = this.shown;
    if (!view || view !== this.view || this.busy) return undefined;
    return view.legal.find((entry) => entry.kind === kind
      && Object.entries(match).every(([key, value]) => entry[key] === value));
  }

  say(text, kind) {
    const message = byId("message");
    message.textContent = text;
    message.className = `message message-${kind}`;
    message.hidden = !text;
  }

  // ----- time travel --------------------------------------------------------------------------------

  travelLabel(move) {
    const view = this.view;
    if (!view) return;
    const entry = view.log.find((found) => found.seq === move);
    byId("travel-label").textContent = move === 0 ? "0: the deal" : `${move} of ${view.version}${entry ? `: ${entry.text}` : ""}`;
  }

  /** Show the board after `move` (null: now). */
  async travel(move) {
    if (!this.view) return;
    if (move === null || move >= this.view.version) {
      this.past = null;
      this.render();
      return;
    }
    try {
      this.past = await tablesApi.boardAt(this.table, move);
    } catch (error) {
      this.say(error.message, "error");
      return;
    }
    this.render();
  }

  // ----- the hand ---------------------------------------------------------------------------------

  /** Every verdict on `card` (a number, or "remove"), the playable ones first. @returns {HandPlay[]} */
  verdicts(card) {
    const hand = this.shown && this.shown.hand;
    if (!hand) return [];
    const same = (play) => (card === "remove" ? play.card.number === null : play.card.number === card);
    return [...hand.plays.filter(same), ...hand.not_playable.filter(same)];
  }

  select(card, choice = null) {
    const same = this.selected && this.selected.card === card;
    this.selected = same && choice === null ? null : { card, choice };
    if (this.selected && choice === null) {
      const best = this.verdicts(card).find((play) => play.playable);
      this.selected.choice = best ? best.choice : null;
    }
    this.render();
    byId("selected").querySelector(".actions")?.scrollIntoView({ block: "nearest" });
  }

  pickMarker(delict, location) {
    if (this.selected && this.selected.card === "remove") this.select("remove", `${delict}@${location}`);
  }

  /** The verdict looked at: the chosen choice's, else the card's first. */
  chosen() {
    if (!this.selected) return null;
    const all = this.verdicts(this.selected.card);
    return all.find((play) => play.choice === this.selected.choice) || all[0] || null;
  }

  // ----- drawing ----------------------------------------------------------------------------------

  render() {
    const view = this.shown;
    if (!view) return;
    // an uploaded deck is named beside the table: its card texts are not the bundled ones
    byId("title").textContent = `Table ${view.table}` + (view.deck && view.deck !== "bundled" ? ` · ${view.deck}` : "");
    document.title = `Schinderhannes — table ${view.table}`;
    this.renderHeader(view);
    this.renderPrompt(view);
    this.renderStop(view);
    this.renderHand(view);
    this.renderPiles(view);
    this.renderPlayers(view);
    this.renderPlayed(view);
    this.renderLog(view);
    this.renderTravel(view);
    this.renderOutcome(view);
    this.renderBoard(view);
  }

  renderBoard(view) {
    const past = this.past;
    /** @type {Record<string, unknown>} */
    const overlay = {};
    const chosen = past ? null : this.chosen();
    if (chosen && chosen.playable) overlay.preview = chosen.effect;
    if (!past && this.selected && this.selected.card === "remove" && view.step === "play") {
      overlay.pick = { choices: Object.fromEntries(this.verdicts("remove").filter((play) => play.choice)
        .map((play) => [play.choice, play])), selected: this.selected.choice };
    }
    const stop = (past || view).stop;
    if (stop) overlay.stop = stop.removable;
    this.board.render((past || view).board, overlay);
    const note = byId("travel-note");
    note.hidden = !past;
    if (past) {
      const entry = this.view.log.find((found) => found.seq === past.version);
      clear(note, `The board after move ${past.version} of ${this.view.version}`
        + (entry ? ` (${entry.text})` : " (the deal)") + `. The scores then: `
        + past.players.map((player) => `${player.name} ${player.score}`).join(" · ") + ". ",
      h("button", { type: "button", class: "secondary", onclick: () => this.travel(null) }, "Back to now"));
    }
  }

  renderHeader(view) {
    const mover = view.to_move === null ? null : view.players[view.to_move];
    const mine = mover !== null && mover.seat === view.seat;
    let words = "";
    if (view.over) words = "Game over";
    else if (view.step === "stop" && mover) words = mine ? "STOP? You are asked" : `STOP? ${mover.name} is asked`;
    else if (mover) words = mine ? "Your turn" : `${mover.name}'s turn`;
    byId("turn").textContent = words;
    byId("header-scores").textContent = view.players.map((player) => `${player.name} ${player.score}`).join(" · ");
    // for the browser tests: "me" while this seat is to move on the view shown and nothing is under way
    document.body.dataset.moving = view.over ? "over" : mine && view === this.view && !this.busy ? "me" : "other";
  }

  renderPrompt(view) {
    const prompt = byId("prompt");
    const actions = [];
    const mine = view.to_move !== null && view.to_move === view.seat && view === this.view;
    if (view.over) {
      prompt.textContent = `Game over: ${view.over.reason}.`;
    } else if (!mine) {
      const mover = view.to_move === null ? null : view.seats[view.to_move];
      prompt.textContent = mover ? `${mover.name}${mover.bot ? ` (${mover.bot} bot)` : ""} ${STEP_WORDS[view.step] || view.step}…`
        : "";
      if (view.seat === null) prompt.textContent += " You are watching: the hands are private.";
    } else {
      prompt.textContent = this.myPrompt(view);
      actions.push(...this.stepButtons(view));
    }
    clear(byId("prompt-actions"), actions);
  }

  myPrompt(view) {
    const turn = view.this_turn;
    switch (view.step) {
      case "opening": {
        const held = view.hand ? view.hand.cards.length : 0;
        return `Draw your opening hand: tap a pile by its back (card ${held + 1} of ${OPENING_HAND}).`;
      }
      case "play":
        return turn.played ? "Play another card, or end the turn."
          : "Your turn: tap a card in your hand to see what it does, then play it — or pass.";
      case "discard":
        return "You may discard one more card (Discard on it), or keep your cards.";
      case "pass discard":
        return "You passed: discard any cards you like, then Done. You draw as many plus one.";
      case "pick":
        return "Pick a card: tap one of the backs on top of a pile.";
      case "pick discard":
        return "You may discard up to 2 cards, or keep your cards.";
      case "draw":
        return `Draw ${turn.to_draw} card${turn.to_draw === 1 ? "" : "s"}: tap the piles by their backs.`;
      case "stop": {
        const stop = view.stop;
        return stop ? `STOP? ${stop.removable.length} marker${stop.removable.length === 1 ? "" : "s"} can be removed by `
          + `deduction (${points(stop.points)} for whoever calls it).` : "STOP?";
      }
      default:
        return "Your move.";
    }
  }

  /** The buttons of the step that are not on a card or a pile: pass, keep, done, STOP, the rest. */
  stepButtons(view) {
    const buttons = [];
    const button = (legal, label, primary = false) => h("button", {
      type: "button", class: primary ? "primary" : "secondary", disabled: this.busy, "data-action": String(legal.action),
      onclick: () => this.act(legal),
    }, label);
    for (const legal of view.legal) {
      if (legal.kind === "pass") buttons.push(button(legal, view.this_turn.played ? "End the turn" : "Pass"));
      else if (legal.kind === "decline") {
        buttons.push(button(legal, view.step === "stop" ? "No STOP" : view.step === "pass discard" ? "Done discarding"
          : "Keep my cards", view.step !== "stop"));
      } else if (legal.kind === "stop") buttons.push(button(legal, `STOP: take them (${points(view.stop ? view.stop.points : 0)})`, true));
      else if (legal.kind === "pay shuffle") buttons.push(button(legal, capitalise(legal.text)));
    }
    return buttons;
  }

  renderStop(view) {
    const stop = view.stop;
    byId("stop-box").hidden = !stop;
    if (!stop) return;
    const asked = view.seats[stop.asked];
    clear(byId("stop"),
      h("p", {}, `The last turn left markers that can be removed by deduction. ${asked.name}`
        + `${asked.seat === view.seat ? " (you)" : ""} is asked now (in turn order: ${stop.takers.join(", ")}); `
        + `STOP takes them all, ${points(stop.points)}.`),
      h("ul", { class: "stop-list" }, stop.removable.map((found) => h("li", {},
        h("strong", {}, `${found.delict} on ${found.location}`), `: ${found.reason}`))));
  }

  renderHand(view) {
    const hand = view.hand;
    byId("hand-box").hidden = !hand;
    if (!hand) return;
    const discarding = ["discard", "pass discard", "pick discard"].includes(view.step);
    const items = hand.cards.map(({ card, back }) => this.handCard(card, back, discarding));
    if (hand.holds_remove) items.push(this.handCard("remove", null, false));
    clear(byId("hand"), items.length ? items : h("li", { class: "hint" }, "No cards yet."));
    this.renderSelected(view);
  }

  handCard(card, back, discarding) {
    const verdicts = this.verdicts(card);
    const best = verdicts.find((play) => play.playable) || verdicts[0];
    const playable = verdicts.filter((play) => play.playable);
    const label = card === "remove" ? "Remove one marker" : `Card ${card}`;
    const summary = !best ? "" : playable.length ? `playable ${points(playable[0].points)}`
      + (playable.length > 1 ? ` (${playable.length} ways)` : "") : "not playable";
    const discard = discarding && card !== "remove" ? this.legal("discard", { card }) : undefined;
    const selected = this.selected && this.selected.card === card;
    return h("li", { class: `hand-card${selected ? " hand-card-selected" : ""}${playable.length ? " hand-card-playable" : ""}`,
      "data-card": String(card) },
    h("button", { type: "button", class: "hand-card-face", "aria-pressed": String(Boolean(selected)),
      onclick: () => this.select(card) },
    h("span", { class: "hand-card-label" }, label), back ? backBadge(back) : null,
    h("span", { class: `hand-card-verdict ${playable.length ? "playable" : "unplayable"}` }, summary)),
    discard ? h("button", { type: "button", class: "secondary", onclick: () => this.act(discard) }, `Discard ${card}`) : null);
  }

  /** The card looked at: its text, its choices with their verdicts, and Play. */
  renderSelected(view) {
    const box = byId("selected");
    const chosen = this.chosen();
    if (!this.selected || !chosen) {
      clear(box);
      return;
    }
    const card = chosen.card;
    const verdicts = this.verdicts(this.selected.card);
    const parts = [h("p", { class: "card-label" }, capitalise(card.label),
      h("span", { class: "provenance" }, ` · ${this.vocabulary.provenance(card.provenance)}`)),
    h("blockquote", { class: "card-text" }, card.printed || card.text)];
    if (card.printed) parts.push(h("p", { class: "card-reading" }, `That is: ${card.text}`));
    if (card.reconstructed) parts.push(h("p", { class: "notice" }, "Not the printed card: this text is reconstructed by this project."));
    const choices = verdicts.filter((play) => play.choice);
    if (this.selected.card === "remove") {
      parts.push(h("p", { class: "pick-hint" }, "Tap a marker on the board to remove it, or pick one here:"));
      parts.push(this.choiceList(choices.filter((play) => play.playable).slice(0, 8)));
    } else if (choices.length > 1) parts.push(this.choiceList(choices));
    parts.push(verdictLine(chosen));
    const legal = chosen.playable ? this.legal("play", { card: card.number === null ? "remove" : card.number,
      choice: chosen.choice }) : undefined;
    if (legal) {
      parts.push(h("div", { class: "actions" }, h("button", {
        type: "button", class: "primary play-button", onclick: () => this.act(legal),
      }, `Play ${describePlay(card.label, chosen.choice)} (${points(chosen.points)})`)));
    } else if (chosen.playable && view.step !== "play") {
      parts.push(h("p", { class: "hint" }, "A card is played at the start of your turn."));
    }
    clear(box, parts);
  }

  choiceList(choices) {
    return h("div", { class: "choices", role: "group", "aria-label": "choices" }, choices.map((play) => h("button", {
      type: "button", class: `choice${play.playable ? "" : " choice-unplayable"}`,
      "aria-pressed": String(this.selected.choice === play.choice), onclick: () => this.select(this.selected.card, play.choice),
    }, h("span", { class: "choice-name" }, play.choice.replace("@", " on ")),
    h("span", { class: "choice-verdict" }, play.playable ? points(play.points) : "not playable"))));
  }

  renderPiles(view) {
    const items = view.piles.map((pile) => {
      const draw = this.legal("draw", { pile: pile.name });
      const backs = pile.backs.map((back, depth) => {
        const pick = this.legal("pick", { pile: pile.name, depth });
        const move = pick || (depth === 0 ? draw : undefined);
        return h("button", {
          type: "button", class: `pile-card${move ? " pile-card-live" : ""}`, disabled: !move,
          "aria-label": `${move ? (pick ? "pick" : "draw") : ""} ${back.letter}: ${back.shows} from ${pile.name}`.trim(),
          "data-pile": pile.name, onclick: () => this.act(move),
        }, backBadge(back));
      });
      return h("li", { class: "pile", "data-pile": pile.name },
        h("span", { class: "pile-name" }, `${pile.name} · ${pile.size}`), backs.length ? backs : h("span", { class: "hint" }, "empty"));
    });
    clear(byId("piles"), items);
    const rule11 = [...view.log].reverse().find((entry) => entry.taken_out && entry.taken_out.length);
    const note = byId("rule-11");
    note.hidden = !rule11;
    if (rule11) {
      note.textContent = `Rule 11, after move ${rule11.seq}: the co-ordinator took ${rule11.taken_out.length > 1 ? "cards" : "card"} `
        + `${rule11.taken_out.join(", ")} off the piles: ${rule11.taken_out.length > 1 ? "they" : "it"} can never be played.`;
    }
  }

  renderPlayers(view) {
    clear(byId("players"), view.players.map((player) => {
      const seat = view.seats[player.seat];
      const current = view.to_move === player.seat && !view.over;
      return h("li", { class: `player${current ? " current" : ""}`, "data-seat": String(player.seat),
        "aria-current": current ? "true" : false },
      h("span", { class: "player-name" }, `${current ? "▶ " : ""}${player.name}`,
        seat.bot ? h("span", { class: "tag" }, `${seat.bot} bot`) : null,
        player.seat === view.seat ? h("span", { class: "tag tag-you" }, "you") : null),
      h("span", { class: "player-score", "aria-label": `${player.score} points` }, String(player.score)),
      h("span", { class: "player-hand" }, `${player.hand_size} card${player.hand_size === 1 ? "" : "s"}`
        + (player.holds_remove ? " + Remove one marker" : "")),
      h("span", { class: "player-backs" }, player.backs.map((back) => backBadge(back, "back-small"))));
    }));
  }

  renderPlayed(view) {
    clear(byId("played"), view.played.map((entry) => h("li", {}, entry.text)));
    byId("played").hidden = !view.played.length;
    const known = view.out.cards.length ? view.out.cards.join(", ") : "";
    const hidden = view.out.backs.length ? `${view.out.backs.length} discarded face down` : "";
    byId("out").textContent = [known, hidden].filter(Boolean).join("; ") || "none";
  }

  renderLog(view) {
    const list = byId("log");
    const at = this.past ? this.past.version : view.version;
    clear(list, view.log.map((entry) => h("li", {
      class: `log-entry${entry.seq === at ? " log-at" : ""}${entry.seat === view.seat ? " log-mine" : ""}`,
      value: String(entry.seq), "data-seq": String(entry.seq),
    }, h("button", { type: "button", class: "log-move", title: "show the board after this move",
      onclick: () => this.travel(entry.seq) }, entry.text))));
    // the newest move in view inside the log's own scrolling box (never the page's: it would jump)
    if (!this.past) list.scrollTop = list.scrollHeight;
  }

  renderTravel(view) {
    const range = byId("travel-range", HTMLInputElement);
    const latest = this.view ? this.view.version : view.version;
    range.max = String(latest);
    range.value = String(this.past ? this.past.version : latest);
    this.travelLabel(Number(range.value));
    byId("travel-now").hidden = !this.past;
  }

  renderOutcome(view) {
    const box = byId("outcome");
    box.hidden = !view.over;
    if (!view.over) return;
    const winners = view.over.winners;
    const best = view.scores[winners[0]] || 0;
    const parts = [h("p", { class: "outcome-text" }, `Game over (${view.over.reason}): ${winners.join(" and ")} `
      + `${winners.length > 1 ? "win" : "wins"} with ${best} point${best === 1 ? "" : "s"}. `
      + view.players.map((player) => `${player.name} ${player.score}`).join(" · "))];
    const actions = [];
    if (view.seat !== null) {
      actions.push(h("button", { type: "button", class: "primary", id: "play-again", onclick: () => this.playAgain() },
        view.next === null ? "Play again (the same seats)" : `Take my seat at table ${view.next}`));
    } else if (view.next !== null) {
      actions.push(h("a", { class: "button-link", href: withToken(`/tables/${view.next}`) }, `Watch table ${view.next}`));
    }
    actions.push(h("a", { class: "button-link", href: withToken(`/api/tables/${view.table}/export`) }, "The game as a state file"),
      h("a", { class: "button-link", href: withToken("/") }, "The lobby"));
    if (view.next !== null && view.seat !== null) parts.push(h("p", {}, `The next game at the same seats is ready: table ${view.next}.`));
    parts.push(h("div", { class: "actions" }, actions));
    clear(box, parts);
  }

  async playAgain() {
    try {
      const next = await tablesApi.again(this.table, this.token);
      keepSeat(next.table, next.token);
      location.assign(withToken(`/tables/${next.table}`));
    } catch (error) {
      this.say(error.message, "error");
    }
  }
}

function showConnection(status) {
  const element = byId("connection");
  element.textContent = status === "live" ? "● live" : "○ reconnecting…";
  element.className = `connection connection-${status}`;
}

async function boot() {
  const match = location.pathname.match(/^\/tables\/(\d+)/);
  if (!match) {
    fatal("This is no table's address: open a table from the lobby.");
    return;
  }
  const table = Number(match[1]);
  const token = seatToken(table);
  let page;
  try {
    page = new SeatPage(await api.board(), table, token);
    byId("seat").hidden = false;
    await page.load();
  } catch (error) {
    fatal(error.message);
    return;
  }
  followChanges(async (version) => {
    if (version !== null && page.view && version === page.view.version) return;
    await page.refresh();
  }, showConnection, `/api/tables/${table}/events`, "version");
  // a device back on the network asks at once (the change feed reconnects in its own time)
  window.addEventListener("online", () => page.refresh());
  window.addEventListener("offline", () => showConnection("reconnecting"));
}

boot();
