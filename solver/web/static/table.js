// @ts-check
// The table page: loads the board and the state, keeps every open page on the same board through the
// change feed, and wires the panels (scores, playing a card, the tools, entering cards, a new game).

import { api, followTable, lobbyTable, withToken } from "./api.js";
import { BoardView, legendSwatch } from "./board.js";
import { CardEntry } from "./cardentry.js";
import { byId, clear, h } from "./dom.js";
import { startForm } from "./newgame.js";
import { PlayPanel } from "./play.js";
import { ScorePanel } from "./scores.js";
import { Tools } from "./tools.js";
import { applyPalette, makeVocabulary } from "./vocab.js";

/** The page's copy of the game: the latest state, the overlays on the board, who listens. */
export class Table {
  /** @param {import("./types").BoardDocument} boardDocument */
  constructor(boardDocument) {
    this.boardDocument = boardDocument;
    this.vocabulary = makeVocabulary(boardDocument);
    applyPalette(boardDocument.vocabulary.palette);
    /** @type {import("./types").StateDocument | null} */
    this.state = null;
    this.overlays = { preview: null, pick: null, stop: null, odds: null };
    /** @type {((state: import("./types").StateDocument, previous: import("./types").StateDocument | null, source: string) => void)[]} */
    this.listeners = [];
    this.view = null;
  }

  get version() {
    return this.state ? this.state.version : null;
  }

  /** @param {(state: import("./types").StateDocument, previous: import("./types").StateDocument | null, source: string) => void} listener */
  onChange(listener) {
    this.listeners.push(listener);
  }

  /** A new state from the server; `source` says why ("load", "feed", "play", "conflict", ...). */
  /** @param {import("./types").StateDocument} state @param {string} [source] */
  setState(state, source = "load") {
    const previous = this.state;
    this.state = state;
    if (!previous || previous.version !== state.version) this.overlays.stop = null;
    this.redraw();
    for (const listener of this.listeners) listener(state, previous, source);
  }

  setOverlay(name, value) {
    this.overlays[name] = value;
    this.redraw();
  }

  redraw() {
    if (this.view && this.state) this.view.render(this.state, this.overlays);
  }

  async refresh(source = "feed") {
    this.setState(await api.state(), source);
  }

  /** Handle an API error in `output`: 409 redraws the board it returns; returns the message shown. */
  explain(error, output) {
    let message = error.message;
    if (error.status === 409 && error.data && error.data.state) {
      message = "The board changed: here is the new one.";
      this.setState(error.data.state, "changed");
    }
    if (output) clear(output, h("span", { class: "error" }, message));
    return message;
  }
}

function drawLegend(list, vocabulary) {
  const items = vocabulary.groups.map((group) => {
    const info = vocabulary.delict(group.delicts[0]);
    return h("li", {}, legendSwatch("chip", info),
      ` ${info.letter} = ${group.name} (${group.colour}): ${group.delicts.map((d) => vocabulary.delict(d).short).join(" ")}`);
  });
  const first = vocabulary.delict(vocabulary.delicts[0]);
  items.push(
    h("li", {}, legendSwatch("tile", first), " crime-scene tile (the delict is pinpointed)"),
    h("li", {}, legendSwatch("placed", first), " preview: a marker the card places"),
    h("li", {}, legendSwatch("removed", first), " preview: a marker the card removes"),
    h("li", {}, legendSwatch("ghost", first), " preview: a tile the card places"),
    h("li", {}, legendSwatch("stop", first), " STOP: a marker anyone may take"),
    h("li", {}, legendSwatch("path-known", null), " path, printed or derived from the rulebook"),
    h("li", {}, legendSwatch("path-reconstructed", null), " path reconstructed, not checked against the printed board"),
    h("li", {}, legendSwatch("bridge", null), " bridge across a river"),
  );
  clear(list, items);
}

function showConnection(status) {
  const element = byId("connection");
  element.textContent = status === "live" ? "● live" : "○ reconnecting…";
  element.className = `connection connection-${status}`;
}

function fatal(message) {
  const element = byId("fatal");
  element.textContent = message;
  element.hidden = false;
}

/** With a join token in the address, show the address (and its QR code) for the other devices. */
function showJoinLink(session) {
  if (!new URLSearchParams(location.search).get("token")) return;
  const link = byId("join-link", HTMLAnchorElement);
  link.href = session.join || location.href;
  link.textContent = link.href;
  if (session.join) {
    const code = byId("join-qr", HTMLImageElement);
    code.src = withToken("/api/join.svg");
    code.hidden = false;
  }
  byId("join-box").hidden = false;
}

async function openGame(table, state, session) {
  byId("start").hidden = true;
  byId("game").hidden = false;
  showJoinLink(session);
  const play = new PlayPanel(table);
  table.view = new BoardView(byId("board"), table.boardDocument, table.vocabulary, {
    onPick: (delict, location) => play.pick(delict, location),
    onPickLocation: (location) => play.pickLocation(location),
  });
  drawLegend(byId("legend"), table.vocabulary);
  new ScorePanel(table);
  const entry = new CardEntry(table, play);
  play.onEnterCard = (number, clue) => {
    entry.open(number, clue);
  };
  new Tools(table, play);
  table.setState(state, "load");
  followTable(async (version) => {
    if (version && version === table.version) return;
    try {
      await table.refresh("feed");
    } catch (error) {
      fatal(error.message);
    }
  }, showConnection);
}

async function boot() {
  if (lobbyTable !== null) document.title = `Schinderhannes — table ${lobbyTable}`; // a lobby's companion table
  let table;
  try {
    table = new Table(await api.board());
  } catch (error) {
    fatal(error.message);
    return;
  }
  let session;
  let state;
  try {
    session = await api.session();
    if (session.game === null) {
      byId("solo-link", HTMLAnchorElement).href = withToken("/solo");
      byId("start").hidden = false;
      startForm((started) => openGame(table, started, session));
      return;
    }
    state = await api.state();
  } catch (error) {
    fatal(error.message);
    return;
  }
  await openGame(table, state, session);
}

boot();
