// @ts-check
// The JSON API client (docs/table.md): every call resolves to the answer's JSON or throws an ApiError
// carrying the status and the answer (the current state on 409, the verdict on 422).

const TOKEN = new URLSearchParams(location.search).get("token");
const LOBBY_TABLE = location.pathname.match(/^\/tables\/([0-9]+)$/);
/** The lobby's companion table this page shows (its id), or null: the served state file's table. */
export const lobbyTable = LOBBY_TABLE ? Number(LOBBY_TABLE[1]) : null;
/** Where the table's routes are: /api, or /api/tables/ID for a lobby's companion table. */
const BASE = lobbyTable === null ? "/api" : `/api/tables/${lobbyTable}`;

export class ApiError extends Error {
  constructor(status, data) {
    super(data && typeof data.error === "string" ? data.error : `the server answered ${status}`);
    this.status = status;
    this.data = data;
  }
}

export function withToken(path) {
  if (!TOKEN) return path;
  return `${path}${path.includes("?") ? "&" : "?"}token=${encodeURIComponent(TOKEN)}`;
}

/**
 * @param {string} method
 * @param {string} path
 * @param {unknown} [body] sent as JSON, or as it is with a `type`
 * @param {string} [type] the body's media type when it is text (a puzzle file)
 * @param {string | null} [seat] a lobby seat's join token, sent as `Authorization: Bearer`
 * @returns {Promise<any>}
 */
export async function request(method, path, body, type, seat) {
  /** @type {Record<string, string>} */
  const headers = { Accept: "application/json" };
  if (seat) headers.Authorization = `Bearer ${seat}`;
  /** @type {RequestInit} */
  const options = { method, headers };
  if (body !== undefined) {
    headers["Content-Type"] = type || "application/json";
    options.body = type ? String(body) : JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(withToken(path), options);
  } catch {
    throw new ApiError(0, { error: "the server does not answer: is it still running?" });
  }
  let data;
  try {
    data = await response.json();
  } catch {
    data = { error: `the server answered ${response.status} without JSON` };
  }
  if (!response.ok) throw new ApiError(response.status, data);
  return data;
}

/** @param {string} path */
const get = (path) => request("GET", path);
/** @param {string} path @param {unknown} body */
const post = (path, body) => request("POST", path, body);
/** @param {string} name */
const puzzle = (name) => `/api/puzzles/${encodeURIComponent(name)}`;

export const api = {
  session: () => get(`${BASE}/session`),
  /** @returns {Promise<import("./types").BoardDocument>} */
  board: () => get("/api/board"), // the same board at every table
  /** @returns {Promise<import("./types").StateDocument>} */
  state: () => get(`${BASE}/state`),
  /** @returns {Promise<import("./types").Verdict>} */
  check: (body) => post(`${BASE}/check`, body),
  /** @returns {Promise<{played: import("./types").Verdict, state: import("./types").StateDocument}>} */
  play: (body) => post(`${BASE}/play`, body),
  /** @returns {Promise<{undone: import("./types").Move & {words: string}, redo: import("./types").Move & {words: string},
   *   state: import("./types").StateDocument}>} */
  undo: (version) => post(`${BASE}/undo`, { version }),
  /** @returns {Promise<{passed: import("./types").Move, state: import("./types").StateDocument}>} */
  pass: (version, discard) => post(`${BASE}/pass`, { version, discard }),
  /** @returns {Promise<{redone: import("./types").Move & {words: string}, state: import("./types").StateDocument}>} */
  redo: (version) => post(`${BASE}/redo`, { version }),
  stop: () => get(`${BASE}/stop`),
  takeStop: (version, taker) => post(`${BASE}/stop`, { version, taker }),
  hand: (cards) => post(`${BASE}/hand`, { cards }),
  drawpile: (cards, version, takeOut = false) => post(`${BASE}/drawpile`, { cards, version, take_out: takeOut }),
  count: () => get(`${BASE}/count`),
  end: (version, cards) => post(`${BASE}/end`, { version, cards }),
  odds: () => get(`${BASE}/odds`),
  /** @returns {Promise<import("./types").CardDocument>} */
  card: (number) => get(`${BASE}/cards/${number}`),
  /** @returns {Promise<import("./types").CardDocument>} */
  enterCard: (number, clue) => post(`${BASE}/cards/${number}`, { clue }),
  confirmCard: (number) => post(`${BASE}/cards/${number}`, { confirm: true }),
  newGame: (body) => post(`${BASE}/games`, body),
  // the solo puzzles
  /** @returns {Promise<{puzzles: import("./types").PuzzleSummary[]}>} */
  puzzles: () => get("/api/puzzles"),
  /** @returns {Promise<import("./types").PuzzleDocument>} */
  puzzle: (name) => get(puzzle(name)),
  /** @returns {Promise<import("./types").PuzzleDocument>} */
  upload: (text) => request("POST", "/api/puzzles", text, "text/yaml"),
  /** @returns {Promise<import("./types").HintDocument>} */
  hint: (name, grid) => post(`${puzzle(name)}/hint`, { grid }),
  /** @returns {Promise<import("./types").GridCheckDocument>} */
  checkGrid: (name, grid, which = false) => post(`${puzzle(name)}/check`, { grid, which }),
  /** @returns {Promise<{name: string, solution: import("./types").Pair[]}>} */
  solution: (name) => get(`${puzzle(name)}/solution`),
};

/** Follow this page's table: the served state file's change feed, or a lobby companion table's
 * (its `version` events, told as text as the state's version is). */
export function followTable(onVersion, onStatus) {
  if (lobbyTable === null) return followChanges(onVersion, onStatus);
  // a lobby's companion table: the lobby's change feed, whose versions are numbers
  return followChanges((version) => onVersion(version === null || version === undefined ? null : String(version)),
    onStatus, `${BASE}/events`, "version");
}

/** Follow the change feed: onVersion(version) on every `state` event (the lobby's tables: `version`
 * events at `path`), onStatus("live" | "reconnecting"). */
export function followChanges(onVersion, onStatus, path = "/api/events", event = "state") {
  const source = new EventSource(withToken(path));
  source.addEventListener("open", () => onStatus("live"));
  source.addEventListener("error", () => onStatus("reconnecting"));
  source.addEventListener(event, (message) => {
    onStatus("live");
    try {
      onVersion(JSON.parse(message.data).version);
    } catch {
      onVersion(null);
    }
  });
  return source;
}
