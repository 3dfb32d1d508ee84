// @ts-check
// The solo page: the open puzzle, its grid and clues, the toolbar, the puzzle list and uploads.

import { byId } from "../dom.js";
import { buildClues, markUsedClues } from "./clues.js";
import { buildGrid, renderGrid, scrollToCells, showOverflow, tap, wireGrid } from "./grid.js";
import { check, hint, reveal, sayWhenSolved } from "./hints.js";
import { Messages, paragraph } from "./messages.js";
import { fetchPuzzle, fillList, uploadFile, uploadProblem } from "./puzzles.js";
import { Session } from "./session.js";
import { boardOpen, lastPuzzle, rememberBoard, rememberLast } from "./store.js";

/** @typedef {import("../types").VocabularyDocument} VocabularyDocument */

const WIDE = "(min-width: 1000px)";

export class SoloPage {
  /** @param {VocabularyDocument} vocabulary */
  constructor(vocabulary) {
    this.vocabulary = vocabulary;
    this.session = new Session();
    this.messages = new Messages(() => this.session.clearHintMarks());
    /** @type {HTMLButtonElement[][]} */
    this.buttons = [];
    this.session.onRender = () => this.render();
    /** shows the fade on the side where the grid has more columns (set by wire) */
    this.updateOverflow = () => {};
  }

  /** @param {string} name */
  async open(name) {
    const doc = await fetchPuzzle(name);
    this.session.open(doc);
    byId("title").textContent = doc.title;
    byId("subtitle").textContent = `${doc.difficulty} · ${doc.clue_count} info cards`;
    document.title = `${doc.title} · Schinderhannes`;
    /** @type {HTMLSelectElement} */ (byId("puzzle-select")).value = doc.name;
    if (decodeURIComponent(location.hash.slice(1)) !== doc.name) {
      history.replaceState(null, "", `#${encodeURIComponent(doc.name)}`);
    }
    rememberLast(doc.name);
    buildClues(doc);
    this.buttons = buildGrid(/** @type {HTMLTableElement} */ (byId("grid")), doc, this.vocabulary);
    byId("grid-box").scrollLeft = 0;
    this.messages.hide();
    this.render();
    this.updateOverflow();
  }

  render() {
    if (!this.session.puzzle) return;
    renderGrid(this.session, this.buttons);
    markUsedClues(this.session.marks.clues);
    byId("grid-frame").classList.toggle("solved", this.session.won);
    /** @type {HTMLButtonElement} */ (byId("undo")).disabled = this.session.undoStack.length === 0;
  }

  /** Scroll the grid sideways to a hint's cells. @param {string[]} keys */
  showCells(keys) {
    scrollToCells(byId("grid-box"), this.buttons, keys);
  }

  /** The puzzle after this one in the list, if any. @returns {{name: string, title: string} | null} */
  nextPuzzle() {
    const options = [.../** @type {HTMLSelectElement} */ (byId("puzzle-select")).options];
    const here = options.findIndex((option) => option.value === this.session.puzzle?.name);
    const next = here >= 0 ? options[here + 1] : undefined;
    return next ? { name: next.value, title: next.text } : null;
  }

  /** @param {string} name */
  openNext(name) {
    this.open(name).then(() => window.scrollTo({ top: 0, behavior: "smooth" }))
      .catch((error) => this.messages.error(error));
  }

  undo() {
    if (this.session.undo()) this.messages.hide();
  }

  dismiss() {
    this.session.clearMarks();
    this.messages.hide();
    this.render();
  }

  /** @param {HTMLButtonElement} button */
  tap(button) {
    if (tap(this.session, button)) sayWhenSolved(this);
  }

  restart() {
    const { session } = this;
    if (!session.cells.size || !confirm("Clear the whole grid? (Undo brings it back.)")) return;
    session.solvedShown = false;
    session.hints = 0;
    session.change([...session.cells.keys()].map((k) => [k, ""]), { clearMarks: true });
    this.messages.hide();
  }

  /** Press a toolbar button. @param {string} id */
  press(id) {
    byId(id).click();
  }

  /**
   * Run a question with its button disabled; a failure is shown as a message.
   * @param {string} id the button's id
   * @param {() => Promise<void>} work
   */
  async ask(id, work) {
    const button = /** @type {HTMLButtonElement} */ (byId(id));
    button.disabled = true;
    try {
      await work();
    } catch (error) {
      this.messages.error(error);
    } finally {
      button.disabled = false;
      this.render();
    }
  }

  /** @param {Event} event */
  async upload(event) {
    const input = /** @type {HTMLInputElement} */ (event.target);
    const file = input.files && input.files[0];
    input.value = "";
    if (!file) return;
    try {
      const doc = await uploadFile(file);
      await fillList(this.vocabulary, doc.name);
      await this.open(doc.name);
      this.messages.show("info", [paragraph(`Uploaded ${file.name}: ${doc.clue_count} info cards, one solution.`)]);
    } catch (error) {
      this.messages.show("error", [paragraph(`${file.name}: ${uploadProblem(error)}`)], true);
    }
  }

  wire() {
    wireGrid(byId("grid"), () => this.buttons, (button) => this.tap(button));
    document.addEventListener("keydown", (event) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "z" && this.session.puzzle) {
        event.preventDefault();
        this.undo();
      }
    });
    byId("undo").addEventListener("click", () => this.undo());
    byId("hint").addEventListener("click", () => this.ask("hint", () => hint(this)));
    byId("check").addEventListener("click", () => this.ask("check", () => check(this, false)));
    byId("reveal").addEventListener("click", () => this.ask("reveal", () => reveal(this)));
    byId("restart").addEventListener("click", () => this.restart());
    byId("puzzle-select").addEventListener("change", (event) => {
      this.open(/** @type {HTMLSelectElement} */ (event.target).value).catch((error) => this.messages.error(error));
    });
    byId("upload").addEventListener("change", (event) => this.upload(event));
    window.addEventListener("hashchange", () => {
      const name = decodeURIComponent(location.hash.slice(1));
      if (name && name !== this.session.puzzle?.name) this.open(name).catch((error) => this.messages.error(error));
    });
    this.updateOverflow = showOverflow(byId("grid-frame"), byId("grid-box"));
    const board = /** @type {HTMLDetailsElement} */ (byId("board-box"));
    board.open = boardOpen();
    board.addEventListener("toggle", () => rememberBoard(board.open));
    const wide = matchMedia(WIDE);
    this.messages.place(wide.matches);
    wide.addEventListener("change", (event) => this.messages.place(event.matches));
  }

  /** Open the puzzle the address names, else the last one, else the first. */
  async start() {
    const wanted = decodeURIComponent(location.hash.slice(1)) || lastPuzzle();
    const puzzles = await fillList(this.vocabulary);
    try {
      await this.open(wanted || puzzles[0].name);
    } catch (error) {
      await this.open(puzzles[0].name);
      this.messages.error(error);
    }
  }
}
