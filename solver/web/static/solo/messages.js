// @ts-check
// The message box above the grid (beside it on a wide screen): hints, check results, errors.

import { byId, h } from "../dom.js";

/** @typedef {"hint" | "error" | "success" | "info"} Kind */

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
  }

  /**
   * @param {Kind} kind
   * @param {Node[]} children
   * @param {boolean} [sticky] kept when the grid changes
   */
  show(kind, children, sticky = false) {
    this.box.className = `message ${kind}${sticky ? " sticky" : ""}`;
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

  /** On a wide screen the box stands above the info cards, so the grid stays in view. @param {boolean} wide */
  place(wide) {
    if (wide) byId("info").prepend(this.box); else byId("grid-box").before(this.box);
  }
}
