// @ts-check
// The message box above the grid (beside it on a wide screen): hints, check results, errors.

import { byId, h } from "../dom.js";

/** @typedef {"hint" | "error" | "info" | "win"} Kind */

/** @param {string} text @param {string} [className] */
export function paragraph(text, className) {
  return h("p", { class: className || false }, text);
}

/** A row of buttons. @param {[string, () => void][]} list */
export function actions(list) {
  return h("div", { class: "actions" },
    list.map(([text, action]) => h("button", { type: "button", onclick: action }, text)));
}

export class Messages {
  /** @param {() => void} onHintGone called when a hint's message goes (its highlights go with it) */
  constructor(onHintGone) {
    this.box = byId("message");
    this.onHintGone = onHintGone;
    this.wide = false;
  }

  /**
   * @param {Kind} kind
   * @param {Node[]} children
   * @param {boolean} [sticky] kept when the grid changes
   */
  show(kind, children, sticky = false) {
    this.box.className = `message ${kind}${sticky ? " sticky" : ""}`;
    this.put(kind === "win");
    this.box.replaceChildren(...children);
    this.box.hidden = false;
    if (kind !== "hint") this.onHintGone();
  }

  hide() {
    this.box.hidden = true;
    this.box.className = "message";
    this.box.replaceChildren();
    this.onHintGone();
  }

  get sticky() {
    return this.box.classList.contains("sticky");
  }

  /** @param {unknown} error */
  error(error) {
    this.show("error", [paragraph(error instanceof Error ? error.message : String(error))]);
  }

  /** Scroll the page (if need be) so that the box is in view. */
  reveal() {
    this.box.scrollIntoView({ block: "nearest", behavior: "smooth" });
  }

  /** On a wide screen the box stands above the board and the info cards, so the grid stays in view. @param {boolean} wide */
  place(wide) {
    this.wide = wide;
    this.put(this.box.classList.contains("win"));
  }

  /** Above the grid (a phone; the win on any screen), else above the board. @param {boolean} overGrid */
  put(overGrid) {
    if (this.wide && !overGrid) byId("info-top").prepend(this.box); else byId("grid-frame").before(this.box);
  }
}
