// @ts-check
// The puzzle list (bundled puzzles by series, then this browser's uploads), opening one, uploading one.

import { api, ApiError } from "../api.js";
import { byId, h } from "../dom.js";
import { remember, uploads } from "./store.js";

/**
 * @typedef {import("../types").PuzzleSummary} PuzzleSummary
 * @typedef {import("../types").PuzzleDocument} PuzzleDocument
 * @typedef {import("../types").VocabularyDocument} VocabularyDocument
 */

/** "Tutorial 1 (easy)": the difficulty where the title does not say it. @param {PuzzleSummary} entry */
function labelOf(entry) {
  const title = entry.title || entry.name;
  return title.toLowerCase().includes(entry.difficulty) ? title : `${title} (${entry.difficulty})`;
}

/**
 * Fill the puzzle list; returns the bundled puzzles.
 * @param {VocabularyDocument} vocabulary
 * @param {string} [selected]
 * @returns {Promise<PuzzleSummary[]>}
 */
export async function fillList(vocabulary, selected) {
  const select = /** @type {HTMLSelectElement} */ (byId("puzzle-select"));
  const { puzzles } = await api.puzzles();
  select.replaceChildren();
  /** @type {Map<string, HTMLElement>} */
  const groups = new Map();
  /** @param {string} series */
  const group = (series) => {
    let element = groups.get(series);
    if (!element) {
      element = h("optgroup", { label: vocabulary.puzzle_series[series] || series });
      groups.set(series, element);
      select.append(element);
    }
    return element;
  };
  for (const entry of puzzles) group(entry.name.replace(/-\d+$/, "")).append(new Option(labelOf(entry), entry.name));
  for (const entry of uploads()) group("upload").append(new Option(entry.title, entry.name));
  if (selected) select.value = selected;
  return puzzles;
}

/**
 * The puzzle's document; an upload the server forgot (it restarted) is uploaded again.
 * @param {string} name
 * @returns {Promise<PuzzleDocument>}
 */
export async function fetchPuzzle(name) {
  try {
    return await api.puzzle(name);
  } catch (error) {
    const kept = uploads().find((entry) => entry.name === name);
    if (error instanceof ApiError && error.status === 404 && kept) return api.upload(kept.text);
    throw error;
  }
}

/**
 * Upload a puzzle file and remember its text in this browser.
 * @param {File} file
 * @returns {Promise<PuzzleDocument>}
 */
export async function uploadFile(file) {
  const text = await file.text();
  const doc = await api.upload(text);
  remember(doc, text);
  return doc;
}

/** A refused upload's message, with the line of the file it names ("line 3: ..."). @param {unknown} error */
export function uploadProblem(error) {
  const message = error instanceof Error ? error.message : String(error);
  const line = error instanceof ApiError && typeof error.data.line === "number" ? error.data.line : null;
  return line === null ? message : `line ${line}: ${message}`;
}
