// @ts-check
// The lobby page: a new digital table (its seats, people or bots, the rules), its join links with a QR
// code each, the open tables to watch or join, and a companion table: new and empty, or a state file
// imported; its page is the shared board (the table page, on that table).

import { withToken } from "./api.js";
import { byId, clear, h } from "./dom.js";
import { keepSeat, tablesApi } from "./lobbyapi.js";

const PERSON = "";
const NOBODY = "-";
const DEFAULT_NAMES = ["Anna", "Ben", "Cleo", "Dora"];

function fatal(message) {
  const element = byId("fatal");
  element.textContent = message;
  element.hidden = false;
}

/** @param {import("./types").SeatSummary} seat */
function seatWords(seat) {
  return seat.bot ? `${seat.name} (${seat.bot} bot)` : seat.name;
}

/** The seat rows of the form: a name, and who plays it (a person, a bot, or no seat at all). */
function drawSeatRows(options) {
  const rows = [];
  for (let index = 0; index < options.players.max; index += 1) {
    const choices = [h("option", { value: PERSON }, "a person"),
      ...options.bots.map((bot) => h("option", { value: bot }, `${bot} bot`))];
    if (index >= options.players.min) choices.push(h("option", { value: NOBODY }, "no seat"));
    const select = h("select", { name: "who", "aria-label": `seat ${index + 1} is played by` }, choices);
    select.value = index < 2 ? PERSON : (options.bots.includes("greedy") ? "greedy" : options.bots[0]);
    rows.push(h("div", { class: "seat-row" },
      h("label", {}, `Seat ${index + 1} `, h("input", {
        name: "name", type: "text", autocomplete: "off", value: DEFAULT_NAMES[index] || "", maxlength: "40",
      })), select));
  }
  clear(byId("seat-rows"), rows);
  drawDecks(options.decks);
}

/**
 * The deck choice: the bundled deck, the cards this server's companion tables entered (once one
 * was), then the decks uploaded to this server; `chosen` is selected.
 * @param {import("./types").TableOptions["decks"]} decks
 * @param {string} [chosen]
 */
function drawDecks(decks, chosen) {
  const select = byId("deck", HTMLSelectElement);
  clear(select, decks.map((deck) => h("option", { value: deck.name },
    deck.uploaded ? `${deck.name} (uploaded)`
      : deck.default ? "the bundled deck" : "the cards this server's tables have entered")));
  const fallback = decks.find((deck) => deck.default);
  select.value = chosen || (fallback ? fallback.name : "bundled");
}

/** A deck file uploaded under its name (the file's name without .yaml unless one is typed), then chosen. */
async function uploadDeck(input) {
  const file = input.files && input.files[0];
  if (!file) return;
  const typed = byId("deck-name", HTMLInputElement);
  const name = typed.value.trim() || file.name.replace(/\.ya?ml$/i, "");
  byId("deck-error").textContent = "";
  try {
    const deck = await tablesApi.uploadDeck(name, await file.text());
    const options = await tablesApi.options();
    drawDecks(options.decks, deck.name);
    typed.value = "";
    byId("deck-error").textContent = "";
    byId("deck-done").textContent = `Uploaded: ${deck.name}, ${deck.cards} cards`
      + (deck.reconstructed ? ` (${deck.reconstructed} of them reconstructed texts)` : "") + ".";
  } catch (error) {
    byId("deck-error").textContent = error.message;
  } finally {
    input.value = "";
  }
}

function createBody(form) {
  const names = [...form.querySelectorAll("input[name=name]")].map((input) => input.value.trim());
  const who = [...form.querySelectorAll("select[name=who]")].map((select) => select.value);
  const seats = [];
  names.forEach((name, index) => {
    if (who[index] === NOBODY) return;
    seats.push(who[index] === PERSON ? { name } : { name, bot: who[index] });
  });
  const field = (name) => /** @type {HTMLInputElement} */ (form.elements.namedItem(name)).checked;
  /** @type {Record<string, unknown>} */
  const variant = {};
  if (field("two_player")) variant.two_player = true;
  if (field("last_one")) variant.last_delict_points = 1;
  return { seats, variant, alternative_piles: field("alternative_piles"), first_draws_abc: field("first_draws_abc"),
    deck: byId("deck", HTMLSelectElement).value };
}

/** The new table's join links: each person's link and its QR code, and a button to sit there on this device. */
function showCreated(created) {
  const items = created.seats.map((seat) => {
    if (!seat.join) return h("li", { class: "join-seat" }, h("strong", {}, seatWords(seat)), " — played by the server");
    const code = h("img", {
      class: "join-qr", alt: `QR code of ${seat.name}'s join link`, width: "164", height: "164",
      src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(seat.qr)}`,
    });
    return h("li", { class: "join-seat", "data-seat": String(seat.seat) },
      h("strong", {}, seat.name), code,
      h("a", { class: "join-link", href: seat.join }, seat.join),
      h("button", { type: "button", class: "secondary", onclick: () => sitHere(created.table, seat) },
        `Sit here as ${seat.name}`));
  });
  items.push(h("li", {}, h("a", { href: withToken(`/tables/${created.table}`) }, `Watch table ${created.table}`)));
  clear(byId("join-list"), items);
  byId("created-title").textContent = `Table ${created.table}: join links`;
  byId("created").hidden = false;
  byId("created").scrollIntoView({ block: "start" });
}

function sitHere(table, seat) {
  keepSeat(table, seat.token);
  location.assign(withToken(`/tables/${table}`));
}

async function listTables() {
  const every = byId("show-all", HTMLInputElement).checked;
  let answer;
  try {
    answer = await tablesApi.list(every);
  } catch (error) {
    clear(byId("table-list"), h("li", { class: "error" }, error.message));
    return;
  }
  const items = answer.tables.map((table) => h("li", { class: "table-entry", "data-table": String(table.table) },
    h("a", { href: withToken(`/tables/${table.table}`) },
      table.kind === "companion" ? `Table ${table.table}: a companion board` : `Table ${table.table}`),
    ` — ${table.seats.map(seatWords).join(", ")} · ${table.version} ${table.kind === "companion" ? "changes" : "moves"}`
      + (table.status === "over" ? " · over" : "")));
  clear(byId("table-list"), items.length ? items : h("li", { class: "hint" }, "No table yet."));
}

/** A new companion table's body: the players named, the variant ticked. */
function companionBody(form) {
  const players = [...form.querySelectorAll("input[name=player]")]
    .map((input) => /** @type {HTMLInputElement} */ (input).value.trim()).filter((name) => name);
  const ticked = (name) => /** @type {HTMLInputElement} */ (form.elements.namedItem(name)).checked;
  return { kind: "companion", players, two_player: ticked("two_player"), last_delict_points: ticked("last_one") ? 1 : 5 };
}

async function importFile(input) {
  const file = input.files && input.files[0];
  if (!file) return;
  try {
    const view = await tablesApi.importState(await file.text());
    location.assign(withToken(`/tables/${view.table}`));
  } catch (error) {
    byId("import-error").textContent = error.message;
  }
}

async function boot() {
  let options;
  try {
    options = await tablesApi.options();
  } catch (error) {
    fatal(error.message);
    return;
  }
  drawSeatRows(options);
  byId("board-link", HTMLAnchorElement).href = withToken("/board");
  byId("solo-link", HTMLAnchorElement).href = withToken("/solo");
  const form = byId("create", HTMLFormElement);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    byId("create-error").textContent = "";
    try {
      showCreated(await tablesApi.create(createBody(form)));
      listTables();
    } catch (error) {
      byId("create-error").textContent = error.message;
    }
  });
  const companion = byId("companion", HTMLFormElement);
  companion.addEventListener("submit", async (event) => {
    event.preventDefault();
    byId("companion-error").textContent = "";
    try {
      const view = await tablesApi.createCompanion(companionBody(companion));
      location.assign(withToken(`/tables/${view.table}`));
    } catch (error) {
      byId("companion-error").textContent = error.message;
    }
  });
  byId("show-all").addEventListener("change", listTables);
  byId("import-file").addEventListener("change", (event) => importFile(event.target));
  byId("deck-file").addEventListener("change", (event) => uploadDeck(event.target));
  listTables();
}

boot();
