// @ts-check
// The questions the player asks about the grid: a hint (the next deduction, highlighted, with what
// rules out each cell it takes as ruled out and the cards it uses), check (is anything wrong, and
// where), the solution; and the win, when every delict is placed right.

import { api } from "../api.js";
import { h } from "../dom.js";
import { capitalise } from "../vocab.js";
import { showClue } from "./clues.js";
import { actions, paragraph } from "./messages.js";
import { key } from "./session.js";

/**
 * @typedef {import("../types").HintDocument} HintDocument
 * @typedef {import("../types").Ruling} Ruling
 * @typedef {import("./page.js").SoloPage} SoloPage
 */

/** A card's chip: its number (or label), a tap shows the card. @param {string} label @param {number} number */
function chip(label, number) {
  return h("button", { type: "button", class: "chip", title: `${label}: show it`, onclick: () => showClue(number) },
    label === `clue ${number}` ? `${number}` : label);
}

/**
 * How a ruled-out cell is named: by what varies (the places of one delict, the delicts of one place).
 * @param {Ruling[]} rulings
 * @returns {[string, (ruling: Ruling) => string]} what the cells are, and the namer
 */
function cellNamer(rulings) {
  const { delict, location } = rulings[0];
  if (rulings.every((ruling) => ruling.delict === delict)) {
    return [`the other places of the ${delict}`, (ruling) => ruling.location];
  }
  if (rulings.every((ruling) => ruling.location === location)) {
    return [`the other delicts at ${location}`, (ruling) => ruling.delict];
  }
  return ["the rest", (ruling) => `${ruling.delict} in ${ruling.location}`];
}

const SHORT_LIST = 4; // a longer list of what the grid already shows is folded away

/**
 * A line of the grid's own reasons (placed delicts, crosses): folded when long.
 * @param {string} tag
 * @param {string[]} names
 */
function gridLine(tag, names) {
  const label = h("span", { class: "by tag" }, tag);
  if (names.length <= SHORT_LIST) return h("li", { class: "by-grid" }, label, " ", names.join(", "));
  return h("li", { class: "by-grid" }, h("details", {}, h("summary", {}, label, ` ${names.length} on your grid`),
    names.join(", ")));
}

/**
 * The rulings by cause: each card (or set of cards), the placed delicts, the crosses.
 * @param {Ruling[]} rulings
 */
function byCause(rulings) {
  /** @type {Map<string, {cards: string[], clues: number[], cells: Ruling[]}>} */
  const cards = new Map();
  /** @type {Map<string, Ruling>} one per placement */
  const placed = new Map();
  /** @type {Ruling[]} */
  const crossed = [];
  for (const ruling of rulings) {
    if (ruling.by === "card") {
      const group = cards.get(ruling.cards.join("\n")) || { cards: ruling.cards, clues: ruling.clues, cells: [] };
      group.cells.push(ruling);
      cards.set(ruling.cards.join("\n"), group);
    } else if (ruling.by === "placed" && ruling.placed) {
      placed.set(`${ruling.placed.location},${ruling.placed.delict}`, ruling);
    } else {
      crossed.push(ruling);
    }
  }
  return { cards: [...cards.values()], placed: [...placed.values()], crossed };
}

/**
 * What rules out each cell the hint's reason takes as ruled out: a line per card, then the placed
 * delicts and the crosses (already on the grid, so smaller).
 * @param {Ruling[]} rulings
 * @returns {Node | null}
 */
function rulingParts(rulings) {
  if (!rulings.length) return null;
  const [which, name] = cellNamer(rulings);
  const causes = byCause(rulings);
  const lines = causes.cards.map((group) => h("li", { class: "by-card" },
    h("span", { class: "by" }, group.cards.flatMap((label, i) => [i ? " + " : null, chip(label, group.clues[i])])),
    " ", group.cells.map(name).join(", ")));
  if (causes.placed.length) {
    lines.push(gridLine("placed", causes.placed.map((ruling) => `${ruling.placed?.delict} in ${ruling.placed?.location}`)));
  }
  if (causes.crossed.length) lines.push(gridLine("crossed out", causes.crossed.map(name)));
  return h("div", { class: "ruled" }, h("p", { class: "ruled-head" }, `What rules out ${which}:`), h("ul", {}, lines));
}

/**
 * The hint's technique, reasoning, what rules out what, chain of steps and cards, with Apply and Dismiss.
 * @param {SoloPage} page
 * @param {HintDocument} answer
 * @returns {Node[]}
 */
function hintParts(page, answer) {
  const technique = page.vocabulary.techniques[answer.technique] || answer.technique;
  const parts = [paragraph(`Hint · ${technique} (${answer.difficulty})`, "kicker"), paragraph(answer.reason, "reason")];
  const ruled = rulingParts(answer.ruled_out || []);
  if (ruled) parts.push(ruled);
  if (answer.chain.length) {
    parts.push(h("details", {}, h("summary", {}, `The steps after the supposition (${answer.chain.length})`),
      h("ol", { class: "chain" }, answer.chain.map((line) => h("li", {}, capitalise(line))))));
  }
  const named = new Set((answer.ruled_out || []).flatMap((ruling) => ruling.cards));
  if (answer.clues.length && !answer.cards.every((label) => named.has(label))) {
    parts.push(h("p", { class: "uses" }, "Uses ",
      answer.clues.flatMap((number, index) => [chip(answer.cards[index], number), " "])));
  }
  parts.push(actions([["Apply", () => apply(page, answer)], ["Dismiss", () => page.dismiss()]]));
  return parts;
}

/** @param {SoloPage} page */
export async function hint(page) {
  const { session } = page;
  const answer = await api.hint(session.current.name, session.gridDocument());
  session.clearMarks();
  if (answer.status === "solved" && !session.solvedShown) {
    win(page);
    return;
  }
  if (answer.status !== "step") {
    const kind = answer.status === "wrong" ? "error" : "info";
    const parts = [paragraph(answer.message)];
    if (answer.status === "wrong") {
      parts.push(actions([["Undo", () => page.undo()], ["Check", () => page.press("check")]]));
    }
    page.messages.show(kind, parts, true);
    return;
  }
  session.countHint();
  answer.removals.forEach((pair) => session.marks.out.add(session.keyOf(pair)));
  answer.placements.forEach((pair) => session.marks.in.add(session.keyOf(pair)));
  (answer.ruled_out || []).filter((ruling) => ruling.by === "card")
    .forEach((ruling) => session.marks.why.add(session.keyOf(ruling)));
  answer.clues.forEach((number) => session.marks.clues.add(number));
  page.messages.show("hint", hintParts(page, answer), true);
  page.showCells([...session.marks.in, ...session.marks.out]);
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
    win(page);
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

/** "a hard puzzle, ", "an easy puzzle, "; nothing for a grade off the ladder. @param {string} grade */
function graded(grade) {
  if (!["easy", "medium", "hard", "expert"].includes(grade)) return "";
  return `${/^[aeiou]/.test(grade) ? "an" : "a"} ${grade} puzzle, `;
}

/** "without a hint", "with 1 hint", "with 3 hints". @param {number} count */
function hintsUsed(count) {
  return count === 0 ? "without a hint" : `with ${count} hint${count === 1 ? "" : "s"}`;
}

/** The win: said once per solving, the grid celebrating, the next puzzle one tap away. @param {SoloPage} page */
function win(page) {
  const { session } = page;
  const puzzle = session.current;
  session.solvedShown = true;
  session.won = true;
  const next = page.nextPuzzle();
  const buttons = /** @type {[string, () => void][]} */ ([]);
  if (next) buttons.push([`Next: ${next.title}`, () => page.openNext(next.name)]);
  buttons.push(["Close", () => page.dismiss()]);
  page.messages.show("win", [
    h("div", { class: "win-badge", "aria-hidden": "true" }, "✓"),
    h("div", { class: "win-body" },
      h("p", { class: "win-title" }, "Solved!"),
      paragraph(`Every delict is in its place: ${graded(puzzle.difficulty)}solved ${hintsUsed(session.hints)}.`),
      actions(buttons)),
  ], true);
  page.render();
  page.messages.reveal();
}

/** After a change that places the last delict: say so when the grid is solved. @param {SoloPage} page */
export async function sayWhenSolved(page) {
  const { session } = page;
  const puzzle = session.current;
  if (!session.full() || session.solvedShown) {
    if (!page.messages.sticky) page.messages.hide();
    return;
  }
  try {
    const answer = await api.checkGrid(puzzle.name, session.gridDocument());
    if (session.puzzle !== puzzle || !answer.solved) return;
    win(page);
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
