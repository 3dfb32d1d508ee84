// @ts-check
// The questions the player asks about the grid: a hint (the next deduction, highlighted, with the
// cards it uses), check (is anything wrong, and where), the solution.

import { api } from "../api.js";
import { h } from "../dom.js";
import { capitalise } from "../vocab.js";
import { showClue } from "./clues.js";
import { actions, paragraph } from "./messages.js";
import { key } from "./session.js";

/**
 * @typedef {import("../types").HintDocument} HintDocument
 * @typedef {import("./page.js").SoloPage} SoloPage
 */

const SOLVED = "Solved! Every delict has its place.";

/**
 * The hint's technique, reasoning, chain of steps and cards, with Apply and Dismiss.
 * @param {SoloPage} page
 * @param {HintDocument} answer
 * @returns {Node[]}
 */
function hintParts(page, answer) {
  const technique = page.vocabulary.techniques[answer.technique] || answer.technique;
  const parts = [paragraph(`Hint · ${technique} (${answer.difficulty})`, "kicker"), paragraph(answer.reason, "reason")];
  if (answer.chain.length) {
    parts.push(h("details", {}, h("summary", {}, `The steps after the supposition (${answer.chain.length})`),
      h("ol", { class: "chain" }, answer.chain.map((line) => h("li", {}, capitalise(line))))));
  }
  if (answer.clues.length) {
    parts.push(h("p", { class: "uses" }, "Uses ", answer.clues.flatMap((number, index) => {
      const label = answer.cards[index];
      return [h("button", { type: "button", class: "chip", title: label, onclick: () => showClue(number) },
        label === `clue ${number}` ? `${number}` : label), " "];
    })));
  }
  parts.push(actions([["Apply", () => apply(page, answer)], ["Dismiss", () => page.dismiss()]]));
  return parts;
}

/** @param {SoloPage} page */
export async function hint(page) {
  const { session } = page;
  const answer = await api.hint(session.current.name, session.gridDocument());
  session.clearMarks();
  if (answer.status !== "step") {
    const kind = answer.status === "wrong" ? "error" : answer.status === "solved" ? "success" : "info";
    const parts = [paragraph(answer.message)];
    if (answer.status === "wrong") {
      parts.push(actions([["Undo", () => page.undo()], ["Check", () => page.press("check")]]));
    }
    page.messages.show(kind, parts, true);
    return;
  }
  answer.removals.forEach((pair) => session.marks.out.add(session.keyOf(pair)));
  answer.placements.forEach((pair) => session.marks.in.add(session.keyOf(pair)));
  answer.clues.forEach((number) => session.marks.clues.add(number));
  page.messages.show("hint", hintParts(page, answer), true);
}

/** Enter what the hint found. @param {SoloPage} page @param {HintDocument} answer */
function apply(page, answer) {
  const { session } = page;
  /** @type {[string, "x" | "o"][]} */
  const updates = answer.removals.map((pair) => [session.keyOf(pair), "x"]);
  answer.placements.forEach((pair) => updates.push([session.keyOf(pair), "o"]));
  const changed = session.change(updates.filter(([k]) => session.cells.get(k) !== "o"), { clearMarks: true });
  page.messages.hide();
  if (changed) sayWhenSolved(page);
}

/** @param {SoloPage} page @param {boolean} [which] mark the wrong entries */
export async function check(page, which = false) {
  const { session, messages } = page;
  const answer = await api.checkGrid(session.current.name, session.gridDocument(), which);
  session.clearMarks();
  if (answer.solved) {
    session.solvedShown = true;
    messages.show("success", [paragraph(SOLVED)], true);
  } else if (answer.wrong && which) {
    (answer.wrong_entries || []).forEach((pair) => session.marks.wrong.add(session.keyOf(pair)));
    const where = answer.wrong === 1 ? "It is marked in red." : "They are marked in red.";
    messages.show("error", [paragraph(`${answer.message} ${where}`),
      actions([["Undo", () => page.undo()], ["Dismiss", () => page.dismiss()]])], true);
  } else if (answer.wrong) {
    messages.show("error", [paragraph(answer.message),
      actions([["Show which", () => page.ask("check", () => check(page, true))], ["Undo", () => page.undo()]])], true);
  } else {
    messages.show("info", [paragraph(answer.message)], true);
  }
}

/** After a change that places the last delict: say so when the grid is solved. @param {SoloPage} page */
export async function sayWhenSolved(page) {
  const { session } = page;
  const puzzle = session.current;
  if (session.placedCount() !== puzzle.locations.length || session.solvedShown) {
    if (!page.messages.sticky) page.messages.hide();
    return;
  }
  try {
    const answer = await api.checkGrid(puzzle.name, session.gridDocument());
    if (session.puzzle !== puzzle || !answer.solved) return;
    session.solvedShown = true;
    page.messages.show("success", [paragraph(SOLVED)]);
  } catch { /* the player can still press check */ }
}

/** Show the solution as one undoable step, after asking. @param {SoloPage} page */
export async function reveal(page) {
  if (!confirm("Show the solution? Your entries are replaced (Undo brings them back).")) return;
  const { session } = page;
  const puzzle = session.current;
  const answer = await api.solution(puzzle.name);
  const solution = new Set(answer.solution.map((pair) => session.keyOf(pair)));
  /** @type {[string, "o" | ""][]} */
  const updates = [];
  puzzle.locations.forEach((_, l) => puzzle.delicts.forEach((__, d) => {
    const k = key(l, d);
    updates.push([k, solution.has(k) ? "o" : ""]);
  }));
  session.solvedShown = true;
  session.change(updates, { clearMarks: true });
  page.messages.show("info", [paragraph("The solution is shown. Undo takes it back.")], true);
}
