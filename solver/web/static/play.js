// @ts-check
// Playing a card in two taps: the keypad takes a card number (or the Remove-one-marker card), the
// card is checked as soon as the number is complete, the verdict and a preview of its effect are
// shown (on the board too), and "Play" applies it on the board the page last saw.

import { api } from "./api.js";
import { byId, clear, h, parseCards, points } from "./dom.js";
import { capitalise } from "./vocab.js";

/** Whether typing another digit could still make a card number (up to `highest`). */
function complete(digits, highest) {
  return digits.length >= String(highest).length || Number(digits) * 10 > highest;
}

export class PlayPanel {
  constructor(table) {
    this.table = table;
    this.digits = "";
    this.request = null; // what /api/check was asked: {card: 38} or {card: "remove"}
    /** @type {import("./types").Verdict | null} */
    this.verdict = null;
    /** @type {string | null} */
    this.choice = null;
    /** @type {{text: string, kind: string} | null} */
    this.message = null;
    this.locationPick = null; // a location tapped in pick mode: its markers offered as buttons
    this.sequence = 0;
    /** @type {(number: number, clue: object | null) => void} */
    this.onEnterCard = () => {};
    this.box = byId("verdict");
    this.display = byId("card-display");
    this.more = byId("more", HTMLInputElement);
    byId("keypad").addEventListener("click", (event) => {
      this.key(/** @type {HTMLElement} */ (event.target).closest("button"));
    });
    this.more.addEventListener("change", () => this.recheck());
    document.addEventListener("keydown", (event) => this.typed(event));
    table.onChange((state, previous, source) => this.boardChanged(state, previous, source));
    this.render();
  }

  // ----- entering a card ------------------------------------------------------------------------

  key(button) {
    if (!button || button.disabled) return;
    if (button.dataset.digit !== undefined) this.digit(button.dataset.digit);
    else if (button.dataset.key === "back") this.backspace();
    else if (button.dataset.key === "check") this.checkTyped();
    else if (button.dataset.key === "remove") this.check({ card: "remove" });
  }

  typed(event) {
    const target = event.target;
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (target instanceof HTMLInputElement || target instanceof HTMLSelectElement
        || target instanceof HTMLTextAreaElement || target.closest?.("summary, [role=button]")) return;
    if (/^[0-9]$/.test(event.key)) this.digit(event.key);
    else if (event.key === "Backspace") this.backspace();
    else if (event.key === "Enter" && this.digits && !(target instanceof HTMLButtonElement)) this.checkTyped();
    else return;
    event.preventDefault();
  }

  digit(digit) {
    if (this.request) this.reset(); // a new card after a checked one
    if (!this.digits && digit === "0") return;
    this.digits = (this.digits + digit).slice(0, String(this.table.vocabulary.cards.last).length);
    this.message = null;
    if (complete(this.digits, this.table.vocabulary.cards.last)) this.checkTyped();
    else this.render();
  }

  backspace() {
    const digits = this.digits.slice(0, -1);
    this.reset(digits);
  }

  checkTyped() {
    if (!this.digits) return;
    const number = Number(this.digits);
    const { first, last } = this.table.vocabulary.cards;
    if (number < first || number > last) {
      this.reset();
      this.message = { text: `There is no card ${number}: info cards are numbered ${first} to ${last}.`, kind: "error" };
      this.render();
      return;
    }
    this.check({ card: number });
  }

  /** Forget the card; keep `digits` typed so far. */
  reset(digits = "") {
    this.sequence += 1; // a check still under way is forgotten
    this.digits = digits;
    this.request = null;
    this.verdict = null;
    this.choice = null;
    this.locationPick = null;
    this.message = null;
    this.render();
  }

  /** Load a card from elsewhere on the page (the hand advisor) and check it, with a choice made. */
  load(card, choice = null) {
    this.digits = typeof card === "number" ? String(card) : "";
    this.check({ card }, choice, false);
    byId("play").scrollIntoView({ block: "start" });
  }

  // ----- checking ----------------------------------------------------------------------------------

  body(extra = {}) {
    const body = { ...this.request, ...extra };
    if (this.more.checked && this.twoPlayer()) body.more = true;
    return body;
  }

  twoPlayer() {
    const state = this.table.state;
    return Boolean(state && state.variant && state.variant.cards_per_turn > 1);
  }

  /** Check `request` on the board; `reveal` scrolls the Play button into view (a check the player asked for). */
  async check(request, choice = null, reveal = true) {
    this.request = request;
    this.verdict = null;
    this.choice = null;
    this.locationPick = null;
    this.message = { text: "checking…", kind: "info" };
    this.render();
    const sequence = ++this.sequence;
    let verdict;
    try {
      verdict = await api.check(this.body());
    } catch (error) {
      if (sequence !== this.sequence) return;
      this.request = null;
      this.digits = "";
      this.message = { text: error.message, kind: "error" };
      this.render();
      return;
    }
    if (sequence !== this.sequence) return; // another card was named meanwhile
    this.verdict = verdict;
    this.choice = this.defaultChoice(verdict, choice);
    this.message = null;
    this.render();
    if (reveal) this.box.querySelector(".actions")?.scrollIntoView({ block: "nearest" });
  }

  defaultChoice(verdict, wanted) {
    const choices = verdict.choices || {};
    if (wanted && wanted in choices) return wanted;
    if (this.isRemove()) return null; // the player taps the marker
    return verdict.best || null;
  }

  /** Check the same card again (the board or the options changed), keeping the choice when it still exists. */
  async recheck(note = null) {
    if (!this.request) return;
    const choice = this.choice;
    await this.check(this.request, choice, false);
    if (note && this.verdict) {
      this.message = { text: note, kind: "info" };
      this.render();
    }
  }

  boardChanged(state, previous, source) {
    // the two-player variant: 1 to 3 cards a turn; the third one ends it
    const canGoOn = this.twoPlayer() && (state.cards_this_turn || 0) < 2;
    this.more.closest("label").hidden = !canGoOn;
    if (!canGoOn) this.more.checked = false;
    if (!previous || previous.version === state.version) return;
    if ((state.history || []).length < (previous.history || []).length && this.message) {
      this.message = null; // it told of a move that was undone
      this.render();
    }
    if (source === "conflict") return; // play() was refused on a stale board: it checks again and says why
    if (this.request && source !== "played") this.recheck("The board changed: the card was checked again on the new board.");
  }

  isRemove() {
    return this.request && this.request.card === "remove";
  }

  /** The verdict that Play would apply: the chosen choice's, or the card's own when it has none. */
  chosen() {
    if (!this.verdict) return null;
    const choices = this.verdict.choices || {};
    if (Object.keys(choices).length) return this.choice ? choices[this.choice] : null;
    return this.verdict;
  }

  choose(choice) {
    this.choice = choice;
    this.locationPick = null;
    this.render();
  }

  pick(delict, location) {
    if (!this.isRemove() || !this.verdict) return;
    this.choose(`${delict}@${location}`);
  }

  pickLocation(location) {
    if (!this.isRemove() || !this.verdict) return;
    const keys = Object.keys(this.verdict.choices || {}).filter((key) => key.endsWith(`@${location}`));
    if (keys.length === 1) this.choose(keys[0]);
    else {
      this.locationPick = { location, keys };
      this.render();
    }
  }

  // ----- playing ------------------------------------------------------------------------------------

  async play() {
    const chosen = this.chosen();
    if (!chosen || !chosen.playable) return;
    const extra = { version: this.table.version };
    if (this.choice) extra.choose = this.choice;
    const discard = parseCards(byId("play-discard", HTMLInputElement).value).filter((card) => card !== "remove");
    if (discard.length) extra.discard = discard;
    const body = this.body(extra);
    if (this.playButton) this.playButton.disabled = true;
    try {
      const answer = await api.play(body);
      const history = answer.state.history;
      byId("play-discard", HTMLInputElement).value = "";
      this.more.checked = false;
      this.reset();
      this.message = { text: history[history.length - 1].text, kind: "done" };
      this.table.setState(answer.state, "played");
      this.render();
    } catch (error) {
      if (error.status === 409 && error.data && error.data.state) {
        this.table.setState(error.data.state, "conflict");
        await this.recheck();
        this.message = { text: "The board changed: here is the new one. The card was checked again on it.", kind: "error" };
      } else if (error.status === 422 && error.data) {
        this.verdict = error.data;
        this.choice = this.defaultChoice(error.data, this.choice);
        this.message = { text: "Not playable on the board as it is now.", kind: "error" };
      } else {
        this.message = { text: error.message, kind: "error" };
      }
      this.render();
    }
  }

  // ----- drawing ------------------------------------------------------------------------------------

  render() {
    this.display.textContent = this.isRemove() ? "Remove one marker" : this.digits ? `card ${this.digits}` : "card —";
    const parts = [];
    if (this.message) parts.push(h("p", { class: `message message-${this.message.kind}`, role: "status" }, this.message.text));
    if (this.verdict) parts.push(...this.verdictParts());
    clear(this.box, parts);
    this.box.hidden = !parts.length;
    const chosen = this.chosen();
    this.table.overlays.preview = chosen && chosen.playable ? chosen.effect : null;
    this.table.overlays.pick = this.isRemove() && this.verdict && Object.keys(this.verdict.choices || {}).length
      ? { choices: this.verdict.choices, selected: this.choice } : null;
    this.table.redraw();
  }

  verdictParts() {
    const verdict = this.verdict;
    /** @type {Partial<import("./types").CardRefDocument>} */
    const card = verdict.card || {};
    const parts = [
      h("p", { class: "card-label" }, capitalise(card.label || "card"),
        card.reconstructed ? null : h("span", { class: "provenance" }, ` · ${this.table.vocabulary.provenance(card.provenance)}`)),
      h("blockquote", { class: "card-text" }, card.printed || card.text || ""),
    ];
    if (card.printed) parts.push(h("p", { class: "card-reading" }, `That is: ${card.text}`));
    if (card.reconstructed) parts.push(this.reconstructedNotice(card));
    const choices = verdict.choices || {};
    const keys = Object.keys(choices);
    if (!keys.length || !verdict.playable) parts.push(verdictLine(verdict));
    if (keys.length && this.isRemove()) parts.push(...this.removeParts(choices));
    else if (keys.length) parts.push(this.groupParts(choices));
    const chosen = this.chosen();
    const playable = Boolean(chosen && chosen.playable);
    this.playButton = h("button", {
      type: "button", class: "primary play-button", disabled: !playable, onclick: () => this.play(),
    }, playable ? this.playLabel(card, chosen) : "Play");
    parts.push(h("div", { class: "actions" }, this.playButton,
      h("button", { type: "button", class: "secondary", onclick: () => this.reset() }, "Cancel")));
    return parts;
  }

  playLabel(card, chosen) {
    const gain = `(${points(chosen.points)} for ${this.table.state ? this.table.state.turn : "you"})`;
    if (this.isRemove()) {
      const [delict, location] = this.choice.split("@");
      return `Remove ${delict} from ${location} ${gain}`;
    }
    return `Play ${card.label || "card"}${this.choice ? ` as ${this.choice}` : ""} ${gain}`;
  }

  reconstructedNotice(card) {
    const number = card.number;
    return h("div", { class: "notice", role: "note" },
      h("strong", {}, "Not the printed card — check it against your card."),
      h("p", {}, "This text is reconstructed by this project; the printed card may say something else."),
      number ? h("div", { class: "actions" },
        h("button", { type: "button", onclick: () => this.confirm(number) }, "It matches my card"),
        h("button", { type: "button", onclick: () => this.onEnterCard(number, null) }, "Enter my card…")) : null);
  }

  async confirm(number) {
    try {
      await api.confirmCard(number);
      await this.recheck(`Card ${number} confirmed: its text is now entered at this table.`);
    } catch (error) {
      this.message = { text: error.message, kind: "error" };
      this.render();
    }
  }

  groupParts(choices) {
    return h("fieldset", { class: "choices" },
      h("legend", {}, "Which delict?"),
      Object.entries(choices).map(([name, choice]) => h("button", {
        type: "button", class: `choice${choice.playable ? "" : " choice-unplayable"}`,
        "aria-pressed": String(this.choice === name), "data-choice": name, onclick: () => this.choose(name),
      }, h("span", { class: "choice-name" }, name),
      h("span", { class: "choice-verdict" }, choice.playable ? `${points(choice.points)} (rule ${choice.rule})`
        : `not playable (rule ${choice.rule})`))),
      this.choice && choices[this.choice] ? verdictLine(choices[this.choice]) : null);
  }

  removeParts(choices) {
    const parts = [];
    if (!this.choice) parts.push(h("p", { class: "pick-hint" }, "Tap the marker to remove on the board."));
    if (this.locationPick) {
      parts.push(h("div", { class: "choices", role: "group", "aria-label": `markers on ${this.locationPick.location}` },
        this.locationPick.keys.length ? this.locationPick.keys.map((key) => h("button", {
          type: "button", class: "choice", onclick: () => this.choose(key),
        }, `${key.split("@")[0]} on ${this.locationPick.location}`))
          : h("p", {}, `No marker lies on ${this.locationPick.location}.`)));
    }
    if (this.choice && choices[this.choice]) {
      const [delict, location] = this.choice.split("@");
      parts.push(h("p", { class: "picked" }, `Remove the ${delict} marker on ${location}:`), verdictLine(choices[this.choice]));
    }
    return parts;
  }
}

export function verdictLine(verdict) {
  const head = verdict.playable ? `playable ${points(verdict.points)} (rule ${verdict.rule})` : `not playable (rule ${verdict.rule})`;
  return h("p", { class: `verdict-line ${verdict.playable ? "playable" : "unplayable"}` },
    h("strong", {}, head), `: ${verdict.reason}`);
}
