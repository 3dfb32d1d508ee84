// @ts-check
// The elimination grid: locations (by district) by delicts (by group), a button per cell; a tap
// crosses out, places, clears; the arrow keys move between cells.

import { h } from "../dom.js";
import { key } from "./session.js";

/**
 * @typedef {import("../types").PuzzleDocument} PuzzleDocument
 * @typedef {import("../types").VocabularyDocument} VocabularyDocument
 * @typedef {import("./session.js").Session} Session
 */

const NEXT = { "": "x", x: "o", o: "" }; // a tap's cycle: open, crossed out, placed

/** A cell's class: its group's colour, a thick line where a group starts. */
const columnClass = (/** @type {string} */ colour, /** @type {number} */ d) =>
  `g-${colour}${d % 4 === 0 ? " group-start" : ""}`;

/**
 * The header rows: the groups (short names), then the delicts (short labels, the full name in the title).
 * @param {PuzzleDocument} puzzle
 * @param {VocabularyDocument} vocabulary
 */
function header(puzzle, vocabulary) {
  const groupRow = h("tr", {}, h("th", { class: "corner", colspan: 2, rowspan: 2 }));
  /** @type {HTMLTableCellElement | null} */
  let last = null;
  for (const column of puzzle.delicts) {
    if (last && last.title === column.group) {
      last.colSpan += 1;
      continue;
    }
    const short = vocabulary.groups.find((group) => group.name === column.group)?.short;
    last = /** @type {HTMLTableCellElement} */ (h("th", { class: `group g-${column.colour}`, colspan: 1,
      title: column.group }, short || column.group));
    groupRow.append(last);
  }
  const nameRow = h("tr", {}, puzzle.delicts.map((column, d) => h("th", {
    scope: "col", class: `col ${columnClass(column.colour, d)}`, title: column.name,
  }, h("span", {}, vocabulary.delicts[column.name]?.short || column.name))));
  return h("thead", {}, groupRow, nameRow);
}

/**
 * Draw the empty grid into `table`; returns its buttons, buttons[l][d].
 * @param {HTMLTableElement} table
 * @param {PuzzleDocument} puzzle
 * @param {VocabularyDocument} vocabulary
 * @returns {HTMLButtonElement[][]}
 */
export function buildGrid(table, puzzle, vocabulary) {
  /** @type {HTMLButtonElement[][]} */
  const buttons = [];
  const rows = puzzle.locations.map((row, l) => {
    const start = l > 0 && row.district !== puzzle.locations[l - 1].district;
    const cells = puzzle.delicts.map((column, d) => {
      const button = /** @type {HTMLButtonElement} */ (h("button", {
        type: "button", class: "cell", "data-l": l, "data-d": d,
      }));
      return { button, cell: h("td", { class: columnClass(column.colour, d) }, button) };
    });
    buttons.push(cells.map((entry) => entry.button));
    const district = puzzle.districts[row.district];
    const first = l === 0 || start;
    return h("tr", { class: start ? "district-start" : false, style: `--row: ${l}` },
      first ? districtBand(puzzle, row.district, l) : null,
      h("th", { scope: "row", class: `row d-${row.district}`, title: `${row.name} (${district})` }, row.name),
      cells.map((entry) => entry.cell));
  });
  table.replaceChildren(header(puzzle, vocabulary), h("tbody", {}, rows));
  return buttons;
}

/**
 * The district's code beside its rows (as on the board picture and the printed sheet).
 * @param {PuzzleDocument} puzzle
 * @param {string} code
 * @param {number} l its first row
 */
function districtBand(puzzle, code, l) {
  let span = 0;
  while (puzzle.locations[l + span]?.district === code) span += 1;
  return h("th", { scope: "rowgroup", rowspan: span, class: `district d-${code}`, title: puzzle.districts[code] },
    h("span", {}, code));
}

/**
 * The grid's row shadings from the vocabulary, as --district-NW and so on (the sheet has no colour of its own).
 * @param {Record<string, string>} shades
 */
export function applyDistrictShades(shades) {
  for (const [code, shade] of Object.entries(shades)) document.documentElement.style.setProperty(`--district-${code}`, shade);
}

/**
 * Where the grid scrolls sideways (a phone): a fade on the side with more columns.
 * @param {HTMLElement} frame
 * @param {HTMLElement} box
 */
export function showOverflow(frame, box) {
  const update = () => {
    frame.classList.toggle("scrolls", box.scrollWidth > box.clientWidth);
    frame.classList.toggle("more-right", box.scrollLeft + box.clientWidth < box.scrollWidth - 2);
    frame.classList.toggle("more-left", box.scrollLeft > 2);
  };
  box.addEventListener("scroll", update, { passive: true });
  window.addEventListener("resize", update);
  update();
  return update;
}

/**
 * Scroll the grid sideways (only) so that the first of these cells is in view beside the row names.
 * @param {HTMLElement} box
 * @param {HTMLButtonElement[][]} buttons
 * @param {Iterable<string>} keys cells as "l,d"
 */
export function scrollToCells(box, buttons, keys) {
  const columns = [...keys].map((k) => Number(k.split(",")[1]));
  if (!columns.length || box.scrollWidth <= box.clientWidth) return;
  const cell = /** @type {HTMLElement} */ (buttons[0][Math.min(...columns)].parentElement);
  const last = /** @type {HTMLElement} */ (buttons[0][Math.max(...columns)].parentElement);
  const names = /** @type {HTMLElement} */ (box.querySelector("tbody th.row"));
  const left = names.offsetLeft + names.offsetWidth; // the row names stay, stuck at the left
  const visible = box.clientWidth - left;
  if (cell.offsetLeft >= box.scrollLeft + left && last.offsetLeft + last.offsetWidth <= box.scrollLeft + box.clientWidth) return;
  const wanted = cell.offsetLeft - left - Math.max(0, (visible - (last.offsetLeft + last.offsetWidth - cell.offsetLeft)) / 2);
  box.scrollTo({ left: Math.max(0, wanted), behavior: "smooth" });
}

/** How many delicts are placed in each row and column. @param {Session} session */
function placedCounts(session) {
  /** @type {Map<number, number>} */
  const rows = new Map();
  /** @type {Map<number, number>} */
  const columns = new Map();
  for (const [k, state] of session.cells) {
    if (state !== "o") continue;
    const [l, d] = k.split(",").map(Number);
    rows.set(l, (rows.get(l) || 0) + 1);
    columns.set(d, (columns.get(d) || 0) + 1);
  }
  return { rows, columns };
}

/**
 * Show the session's cells and marks on the buttons.
 * @param {Session} session
 * @param {HTMLButtonElement[][]} buttons
 */
export function renderGrid(session, buttons) {
  const puzzle = session.current;
  const { marks } = session;
  const placed = placedCounts(session);
  buttons.forEach((row, l) => row.forEach((button, d) => {
    const k = key(l, d);
    const state = session.cells.get(k) || "";
    const derived = !state && (placed.rows.has(l) || placed.columns.has(d));
    const conflict = state === "o" && ((placed.rows.get(l) || 0) > 1 || (placed.columns.get(d) || 0) > 1);
    const ghost = !state && marks.in.has(k) ? "●" : !state && marks.out.has(k) ? "×" : "";
    button.textContent = state === "o" ? "●" : state === "x" || derived ? "×" : ghost;
    button.classList.toggle("placed", state === "o");
    button.classList.toggle("crossed", state === "x");
    button.classList.toggle("derived", derived);
    button.classList.toggle("conflict", conflict);
    button.classList.toggle("hint-out", marks.out.has(k));
    button.classList.toggle("hint-in", marks.in.has(k));
    button.classList.toggle("hint-why", marks.why.has(k) && !state);
    button.classList.toggle("wrong", marks.wrong.has(k));
    const word = state === "o" ? "placed" : state === "x" ? "crossed out" : derived ? "ruled out by a placement"
      : "open";
    button.setAttribute("aria-label", `${puzzle.locations[l].name}, ${puzzle.delicts[d].name}: ${word}`);
  }));
}

/**
 * A tap on a cell moves it on: open, crossed out, placed, open.
 * @param {Session} session
 * @param {HTMLButtonElement} button
 */
export function tap(session, button) {
  const k = key(Number(button.dataset.l), Number(button.dataset.d));
  const state = session.cells.get(k) || "";
  return session.change([[k, /** @type {"x" | "o" | ""} */ (NEXT[state])]]);
}

/** @type {Record<string, [number, number]>} */
const STEPS = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };

/**
 * Taps and arrow keys on the grid.
 * @param {HTMLElement} table
 * @param {() => HTMLButtonElement[][]} buttons
 * @param {(button: HTMLButtonElement) => void} onTap
 */
export function wireGrid(table, buttons, onTap) {
  table.addEventListener("click", (event) => {
    const button = /** @type {HTMLElement} */ (event.target).closest("button.cell");
    if (button) onTap(/** @type {HTMLButtonElement} */ (button));
  });
  table.addEventListener("keydown", (event) => {
    const button = /** @type {HTMLElement} */ (event.target).closest("button.cell");
    const step = STEPS[event.key];
    if (!(button instanceof HTMLButtonElement) || !step) return;
    event.preventDefault();
    const l = Number(button.dataset.l) + step[0];
    const d = Number(button.dataset.d) + step[1];
    buttons()[l]?.[d]?.focus();
  });
}
