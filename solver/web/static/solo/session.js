// @ts-check
// The open puzzle and the player's grid: which cells are crossed out or placed, the undo stack and
// the hint's highlights. The grid lives here (and in localStorage per puzzle); every question sends
// it to the server, which keeps no progress.

import { loadGrid, saveGrid } from "./store.js";

/**
 * @typedef {import("../types").PuzzleDocument} PuzzleDocument
 * @typedef {import("../types").Pair} Pair
 * @typedef {import("../types").Grid} Grid
 * @typedef {"x" | "o"} CellState crossed out, or placed
 * @typedef {{k: string, from: CellState | "", to: CellState | ""}} Step
 * @typedef {{out: Set<string>, in: Set<string>, why: Set<string>, wrong: Set<string>, clues: Set<number>}} Marks
 *   a hint's cells to rule out and to place, the open cells its cards rule out, a check's wrong cells, the
 *   cards a hint uses
 */

const MAX_UNDO = 1000;

/** @returns {Marks} */
export function emptyMarks() {
  return { out: new Set(), in: new Set(), why: new Set(), wrong: new Set(), clues: new Set() };
}

/** A cell's key: "l,d" (row and column indices). */
export const key = (/** @type {number} */ l, /** @type {number} */ d) => `${l},${d}`;

export class Session {
  constructor() {
    /** @type {PuzzleDocument | null} the open puzzle's document from /api/puzzles/{name} */
    this.puzzle = null;
    /** @type {Map<string, CellState>} */
    this.cells = new Map();
    /** @type {Step[][]} batches of changes, the last on top */
    this.undoStack = [];
    this.marks = emptyMarks();
    this.solvedShown = false;
    /** the grid is solved and the win was shown: the grid celebrates until a cell changes */
    this.won = false;
    /** how many hints this grid had (since the last restart) */
    this.hints = 0;
    /** called after every change of the cells or marks */
    this.onRender = () => {};
  }

  /** @param {PuzzleDocument} puzzle */
  open(puzzle) {
    this.puzzle = puzzle;
    const saved = loadGrid(puzzle.name);
    this.cells = saved.cells;
    this.undoStack = saved.undo;
    this.hints = saved.hints;
    this.marks = emptyMarks();
    this.solvedShown = false;
    this.won = false;
  }

  /** A hint was given: counted for the win's message. */
  countHint() {
    this.hints += 1;
    this.save();
  }

  /** Every delict placed, each row and column once (whether right, the server says). */
  full() {
    const puzzle = this.current;
    const rows = new Set();
    const columns = new Set();
    for (const [k, state] of this.cells) {
      if (state !== "o") continue;
      const [l, d] = k.split(",");
      rows.add(l);
      columns.add(d);
    }
    return rows.size === puzzle.locations.length && columns.size === puzzle.delicts.length;
  }

  /** @returns {PuzzleDocument} */
  get current() {
    if (!this.puzzle) throw new Error("no puzzle is open");
    return this.puzzle;
  }

  /** The grid as the API takes it. @returns {Grid} */
  gridDocument() {
    const puzzle = this.current;
    /** @type {[string, string][]} */
    const placed = [];
    /** @type {[string, string][]} */
    const crossed = [];
    for (const [k, state] of this.cells) {
      const [l, d] = k.split(",").map(Number);
      (state === "o" ? placed : crossed).push([puzzle.locations[l].name, puzzle.delicts[d].name]);
    }
    return { placed, crossed };
  }

  /** @param {Pair} pair */
  keyOf(pair) {
    const puzzle = this.current;
    const l = puzzle.locations.findIndex((row) => row.name === pair.location);
    const d = puzzle.delicts.findIndex((column) => column.name === pair.delict);
    return key(l, d);
  }

  /**
   * Set cells as one undoable step; false when nothing changed.
   * @param {[string, CellState | ""][]} updates
   * @param {{clearMarks?: boolean}} [options]
   */
  change(updates, options = {}) {
    /** @type {Step[]} */
    const batch = [];
    for (const [k, to] of updates) {
      const from = this.cells.get(k) || "";
      if (from === to) continue;
      batch.push({ k, from, to });
      if (to) this.cells.set(k, to); else this.cells.delete(k);
    }
    if (!batch.length) return false;
    this.won = false;
    this.undoStack.push(batch);
    if (this.undoStack.length > MAX_UNDO) this.undoStack.shift();
    if (options.clearMarks) this.marks = emptyMarks();
    for (const { k } of batch) this.marks.wrong.delete(k); // a changed cell is no longer the one checked
    this.save();
    this.onRender();
    return true;
  }

  /** Take back the last step; false when there is none. */
  undo() {
    const batch = this.undoStack.pop();
    if (!batch) return false;
    for (const { k, from } of batch.slice().reverse()) {
      if (from) this.cells.set(k, from); else this.cells.delete(k);
    }
    this.marks = emptyMarks();
    this.solvedShown = false;
    this.won = false;
    this.save();
    this.onRender();
    return true;
  }

  /** Forget a hint's highlights (a check's wrong cells stay). */
  clearHintMarks() {
    const marks = this.marks;
    if (!marks.out.size && !marks.in.size && !marks.why.size && !marks.clues.size) return;
    this.marks = { ...emptyMarks(), wrong: marks.wrong };
    if (this.puzzle) this.onRender();
  }

  clearMarks() {
    this.marks = emptyMarks();
  }

  save() {
    if (this.puzzle) saveGrid(this.puzzle.name, this.cells, this.undoStack, this.hints);
  }
}
