// @ts-check
// The info cards beside the grid: numbered as the puzzle lists them, those a hint uses highlighted.

import { byId, h } from "../dom.js";

/** @typedef {import("../types").PuzzleDocument} PuzzleDocument */

/**
 * A card of the deck shows its number; a written clue its label where that is not its place in the list.
 * @param {import("../types").PuzzleClue} clue
 */
function shownLabel(clue) {
  if (clue.card) return `card ${clue.card}`;
  return clue.label !== `clue ${clue.number}` ? clue.label : "";
}

/** @param {PuzzleDocument} puzzle */
export function buildClues(puzzle) {
  byId("clues").replaceChildren(...puzzle.clues.map((clue) => {
    const shown = shownLabel(clue);
    return h("li", { id: `clue-${clue.number}`, value: clue.number },
      shown ? [h("span", { class: "label" }, shown), " "] : null, clue.sentence);
  }));
}

/** @param {Set<number>} used the numbers of the clues a hint uses */
export function markUsedClues(used) {
  for (const item of byId("clues").children) {
    item.classList.toggle("used", used.has(Number(/** @type {HTMLLIElement} */ (item).value)));
  }
}

/** Scroll to a clue (just below the board, which sticks above the cards) and flash it. @param {number} number */
export function showClue(number) {
  const item = document.getElementById(`clue-${number}`);
  if (!item) return;
  item.style.scrollMarginTop = `${byId("info-top").offsetHeight + 8}px`;
  item.scrollIntoView({ behavior: "smooth", block: "start" });
  item.classList.remove("flash");
  void item.offsetWidth; // restart the animation
  item.classList.add("flash");
}
