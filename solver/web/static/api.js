// The JSON API client (docs/table.md): every call resolves to the answer's JSON or throws an ApiError
// carrying the status and the answer (the current state on 409, the verdict on 422).

const TOKEN = new URLSearchParams(location.search).get("token");

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

async function request(method, path, body) {
  const options = { method, headers: { Accept: "application/json" } };
  if (body !== undefined) {
    options.headers["Content-Type"] = "application/json";
    options.body = JSON.stringify(body);
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

const get = (path) => request("GET", path);
const post = (path, body) => request("POST", path, body);

export const api = {
  session: () => get("/api/session"),
  board: () => get("/api/board"),
  state: () => get("/api/state"),
  check: (body) => post("/api/check", body),
  play: (body) => post("/api/play", body),
  undo: (version) => post("/api/undo", { version }),
  pass: (version, discard) => post("/api/pass", { version, discard }),
  stop: () => get("/api/stop"),
  takeStop: (version, taker) => post("/api/stop", { version, taker }),
  hand: (cards) => post("/api/hand", { cards }),
  drawpile: (cards, version, takeOut = false) => post("/api/drawpile", { cards, version, take_out: takeOut }),
  count: () => get("/api/count"),
  end: (version, cards) => post("/api/end", { version, cards }),
  odds: () => get("/api/odds"),
  card: (number) => get(`/api/cards/${number}`),
  enterCard: (number, clue) => post(`/api/cards/${number}`, { clue }),
  confirmCard: (number) => post(`/api/cards/${number}`, { confirm: true }),
  newGame: (body) => post("/api/games", body),
};

/** Follow the change feed: onVersion(version) on every `state` event, onStatus("live" | "reconnecting"). */
export function followChanges(onVersion, onStatus) {
  const source = new EventSource(withToken("/api/events"));
  source.addEventListener("open", () => onStatus("live"));
  source.addEventListener("error", () => onStatus("reconnecting"));
  source.addEventListener("state", (event) => {
    onStatus("live");
    try {
      onVersion(JSON.parse(event.data).version);
    } catch {
      onVersion(null);
    }
  });
  return source;
}
