// @ts-check
// What the solo page keeps in localStorage: each puzzle's grid and undo stack, the last puzzle
// opened, and the texts of uploaded puzzles (to upload again after the server restarted).

/**
 * @typedef {import("./session.js").CellState} CellState
 * @typedef {import("./session.js").Step} Step
 * @typedef {{name: string, title: string, text: string}} Upload
 */

const STORE = "schinderhannes.solo.";
const MAX_UPLOADS = 10;

/** @param {string} name @returns {any} */
function read(name) {
  try {
    return JSON.parse(localStorage.getItem(STORE + name) || "null");
  } catch {
    return null; // unreadable: start afresh
  }
}

/** @param {string} name @param {string} value */
function write(name, value) {
  try {
    localStorage.setItem(STORE + name, value);
  } catch { /* storage full or private mode: it lasts for this visit */ }
}

/** @returns {Upload[]} */
export function uploads() {
  const kept = read("uploads");
  return Array.isArray(kept) ? kept : [];
}

/** @param {{name: string, title: string}} doc @param {string} text */
export function remember(doc, text) {
  const kept = uploads().filter((entry) => entry.name !== doc.name);
  kept.unshift({ name: doc.name, title: doc.title, text });
  write("uploads", JSON.stringify(kept.slice(0, MAX_UPLOADS)));
}

/** @returns {string | null} */
export function lastPuzzle() {
  try {
    return localStorage.getItem(STORE + "last");
  } catch {
    return null;
  }
}

/** @param {string} name */
export function rememberLast(name) {
  write("last", name);
}

/**
 * @param {string} name
 * @param {Map<string, CellState>} cells
 * @param {Step[][]} undo
 * @param {number} hints how many hints the grid had
 */
export function saveGrid(name, cells, undo, hints) {
  write(`grid.${name}`, JSON.stringify({ cells: [...cells], undo, hints }));
}

/**
 * @param {string} name
 * @returns {{cells: Map<string, CellState>, undo: Step[][], hints: number}}
 */
export function loadGrid(name) {
  const saved = read(`grid.${name}`);
  if (!saved || !Array.isArray(saved.cells)) return { cells: new Map(), undo: [], hints: 0 };
  /** @type {[string, CellState][]} */
  const cells = saved.cells.filter((/** @type {unknown} */ entry) => Array.isArray(entry)
    && /^\d+,\d+$/.test(String(entry[0])) && (entry[1] === "x" || entry[1] === "o"));
  const hints = Number.isInteger(saved.hints) && saved.hints > 0 ? saved.hints : 0;
  return { cells: new Map(cells), undo: Array.isArray(saved.undo) ? saved.undo : [], hints };
}

/** Whether the board picture is shown (open) or folded away; open unless folded before. */
export function boardOpen() {
  return read("board") !== false;
}

/** @param {boolean} open */
export function rememberBoard(open) {
  write("board", JSON.stringify(open));
}
