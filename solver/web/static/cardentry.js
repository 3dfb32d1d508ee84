// @ts-check
// Entering a card by tapping (POST /api/cards/{n}): the card's type follows from its number; the
// player taps the delict, group and direction, or location, then the four locations or delicts (and
// for a district card the two delicts and the relation). What the table enters replaces the
// reconstructed text for this game.

import { api } from "./api.js";
import { byId, clear, h } from "./dom.js";

const DIRECTIONS = ["north", "south", "west", "east"];

/**
 * The card type a number gives at the table (the solo cards are not played there), or null.
 * @param {import("./types").CardRanges} cards
 * @param {number | null} number
 * @returns {import("./types").CardType | null}
 */
function typeOf(cards, number) {
  if (number === null || !Number.isInteger(number)) return null;
  return cards.types.find((type) => type.at_table && type.first <= number && number <= type.last) || null;
}

export class CardEntry {
  constructor(table, play) {
    this.table = table;
    this.play = play;
    this.box = byId("enter-box", HTMLDetailsElement);
    this.root = byId("enter-form");
    this.number = null;
    this.fields = this.empty();
    this.message = null;
    this.render();
  }

  empty() {
    return { delict: null, group: null, direction: null, location: null, relation: null, locations: [], delicts: [] };
  }

  /** Open the form for card `number`, filled from `clue` or from the card's current text. */
  async open(number, clue) {
    this.box.open = true;
    this.number = number;
    this.fields = this.empty();
    this.message = null;
    if (clue) this.fill(clue);
    else {
      try {
        const card = await api.card(number);
        if (card.clue) this.fill(card.clue);
      } catch (error) {
        this.message = { text: error.message, kind: "error" };
      }
    }
    this.render();
    this.box.scrollIntoView({ behavior: "smooth", block: "start" });
  }

  openTyped(text) {
    const number = Number(text);
    if (this.typeOf(number)) {
      this.open(number, null);
      return;
    }
    const { first, last_at_table: last } = this.table.vocabulary.cards;
    this.number = null;
    this.message = { text: `Info cards at the table are numbered ${first} to ${last}.`, kind: "error" };
    this.render();
  }

  fill(clue) {
    const fields = this.empty();
    if (clue.type === "delict") Object.assign(fields, { delict: clue.delict, locations: [...clue.locations] });
    if (clue.type === "group") Object.assign(fields, { group: clue.group, direction: clue.direction });
    if (clue.type === "district") Object.assign(fields, { delicts: [...clue.delicts], relation: clue.relation });
    if (clue.type === "location") Object.assign(fields, { location: clue.location, delicts: [...clue.delicts] });
    this.fields = fields;
  }

  /** @param {number | null} number */
  typeOf(number) {
    return typeOf(this.table.vocabulary.cards, number);
  }

  /** The clue type of the open card: delict, group, district or location. */
  kind() {
    return this.typeOf(this.number)?.kind;
  }

  clue() {
    const type = this.kind();
    const f = this.fields;
    if (type === "delict") return { type, delict: f.delict, locations: f.locations };
    if (type === "group") return { type, group: f.group, direction: f.direction };
    if (type === "district") return { type, delicts: f.delicts, relation: f.relation };
    return { type, location: f.location, delicts: f.delicts };
  }

  missing() {
    const type = this.kind();
    const f = this.fields;
    if (type === "delict") return !f.delict ? "tap the delict" : f.locations.length !== 4 ? "tap the 4 locations" : null;
    if (type === "group") return !f.group ? "tap the group" : !f.direction ? "tap the direction" : null;
    if (type === "district") return f.delicts.length !== 2 ? "tap the 2 delicts (the first is the larger one)" : !f.relation ? "tap the relation" : null;
    return !f.location ? "tap the location" : f.delicts.length !== 4 ? "tap the 4 delicts" : null;
  }

  set(field, value) {
    this.fields[field] = value;
    this.message = null;
    this.render();
  }

  toggle(field, value, limit) {
    const list = this.fields[field];
    if (list.includes(value)) list.splice(list.indexOf(value), 1);
    else if (list.length < limit) list.push(value);
    this.message = null;
    this.render();
  }

  async submit() {
    try {
      const answer = await api.enterCard(this.number, this.clue());
      const warnings = answer.warnings || [];
      this.message = { text: `Card ${answer.number} entered: ${answer.text}${warnings.length ? ` Warning: ${warnings.join("; ")}` : ""}`,
        kind: warnings.length ? "warning" : "done" };
      if (this.play.request && this.play.request.card === this.number) await this.play.recheck();
    } catch (error) {
      this.message = { text: error.message, kind: "error" };
    }
    this.render();
  }

  // ----- drawing ----------------------------------------------------------------------------------

  render() {
    const numberInput = h("input", {
      id: "enter-number", type: "number", inputmode: "numeric", min: this.table.vocabulary.cards.first,
      max: this.table.vocabulary.cards.last_at_table, value: this.number ?? "",
      "aria-label": "card number",
    });
    const parts = [h("div", { class: "enter-number" }, h("label", { for: "enter-number" }, "Card number "), numberInput,
      h("button", { type: "button", onclick: () => this.openTyped(numberInput.value) }, "Open"))];
    const type = this.typeOf(this.number);
    if (type) {
      parts.push(h("p", { class: "enter-type" }, `Card ${this.number} is type ${type.letter} · ${type.name} (by its number).`));
      parts.push(...this.typeParts(type.kind));
      const missing = this.missing();
      parts.push(h("div", { class: "actions" },
        h("button", { type: "button", class: "primary", disabled: Boolean(missing), onclick: () => this.submit() },
          `Save card ${this.number}`),
        missing ? h("span", { class: "hint" }, missing) : null));
    }
    if (this.message) parts.push(h("p", { class: `message message-${this.message.kind}`, role: "status" }, this.message.text));
    clear(this.root, parts);
  }

  typeParts(type) {
    const vocabulary = this.table.vocabulary;
    const f = this.fields;
    const delictButtons = (field, limit, selected) => this.buttons(vocabulary.delicts, selected,
      (name) => (limit === 1 ? this.set(field, name) : this.toggle(field, name, limit)),
      (name) => vocabulary.delict(name).colourName);
    if (type === "delict") {
      return [this.group("The delict", delictButtons("delict", 1, [f.delict])),
        this.group("The 4 locations", this.locationButtons(f.locations, (name) => this.toggle("locations", name, 4)))];
    }
    if (type === "group") {
      return [this.group("The group", this.buttons(vocabulary.groups.map((g) => g.name), [f.group], (name) => this.set("group", name),
        (name) => vocabulary.groups.find((g) => g.name === name).colour)),
      this.group("The direction", this.buttons(DIRECTIONS, [f.direction], (name) => this.set("direction", name)))];
    }
    if (type === "district") {
      return [this.group("The 2 delicts (first the larger one)", delictButtons("delicts", 2, f.delicts)),
        this.group("Where", this.buttons(["same", "adjoining"], [f.relation], (name) => this.set("relation", name),
          null, { same: "in the same district", adjoining: "in an adjoining district" }))];
    }
    return [this.group("The location", this.locationButtons([f.location], (name) => this.set("location", name))),
      this.group("The 4 delicts", delictButtons("delicts", 4, f.delicts))];
  }

  /** The locations in four rows, one per district. */
  locationButtons(selected, onTap) {
    const vocabulary = this.table.vocabulary;
    return Object.entries(vocabulary.districts).map(([code, name]) => h("div", { class: "district-row" },
      h("span", { class: "district-label", title: name }, code),
      this.buttons(vocabulary.locations.filter((location) => vocabulary.district(location) === code), selected, onTap)));
  }

  group(legend, buttons) {
    return h("fieldset", { class: "tap-group" }, h("legend", {}, legend), buttons);
  }

  buttons(names, selected, onTap, colourOf = null, labels = {}) {
    return h("div", { class: "tap-buttons" }, names.map((name) => h("button", {
      type: "button", class: `tap${colourOf ? ` group-${colourOf(name)}` : ""}`,
      "aria-pressed": String(selected.includes(name)), onclick: () => onTap(name),
    }, labels[name] || name)));
  }
}
