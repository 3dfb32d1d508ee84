// @ts-check
// The lobby's JSON API (docs/table.md, "Tables") and a seat's join token on this device.
//
// A join link is /tables/ID#seat=TOKEN: the token lives after the `#`, which the browser never sends.
// The page takes it from there into this device's storage (one entry per table) and out of the address
// bar, and sends it only as the header `Authorization: Bearer TOKEN` of the lobby's own requests.

import { request } from "./api.js";

const STORED = "schinderhannes-seat-"; // + the table's id

/** @param {number} table */
const path = (table) => `/api/tables/${table}`;

export const tablesApi = {
  /** @returns {Promise<import("./types").TableOptions>} */
  options: () => request("GET", "/api/tables/options"),
  /** @returns {Promise<{tables: import("./types").TableSummary[]}>} */
  list: (every = false) => request("GET", every ? "/api/tables?all=1" : "/api/tables"),
  /** @returns {Promise<{table: number, seats: import("./types").CreatedSeat[], view: import("./types").TableView}>} */
  create: (body) => request("POST", "/api/tables", body),
  /** @returns {Promise<import("./types").TableView>} */
  createCompanion: (body) => request("POST", "/api/tables", body),
  /** @returns {Promise<import("./types").TableView>} */
  importState: (text) => request("POST", "/api/tables/import", text, "application/yaml"),
  /** @returns {Promise<import("./types").UploadedDeck>} */
  uploadDeck: (name, text) => request("POST", `/api/tables/decks?name=${encodeURIComponent(name)}`, text,
    "application/yaml"),
  /** @returns {Promise<import("./types").TableView>} */
  view: (table, seat) => request("GET", path(table), undefined, undefined, seat),
  /** @returns {Promise<import("./types").TableView>} */
  act: (table, seat, action, version) => request("POST", `${path(table)}/actions`, { action, version }, undefined, seat),
  /** @returns {Promise<import("./types").TableView>} */
  boardAt: (table, move) => request("GET", `${path(table)}/moves/${move}`),
  /** @returns {Promise<{table: number, token: string, join: string}>} */
  again: (table, seat) => request("POST", `${path(table)}/again`, {}, undefined, seat),
};

/**
 * This device's seat token at `table`: from the address's `#seat=` (then kept, and taken out of the
 * address), else as kept before; null for a watcher.
 * @param {number} table
 * @returns {string | null}
 */
export function seatToken(table) {
  const given = new URLSearchParams(location.hash.slice(1)).get("seat");
  if (given) {
    keepSeat(table, given);
    history.replaceState(null, "", location.pathname + location.search);
    return given;
  }
  try {
    return localStorage.getItem(STORED + table);
  } catch {
    return null;
  }
}

/** @param {number} table @param {string} token */
export function keepSeat(table, token) {
  try {
    localStorage.setItem(STORED + table, token);
  } catch {
    // storage refused (a private window): the seat lasts as long as this page
  }
}
