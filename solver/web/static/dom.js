// @ts-check
// Small DOM helpers shared by the panels: build elements, parse card lists, format numbers.

export function h(tag, attributes = {}, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === false || value === null || value === undefined) continue;
    if (name === "class") element.className = value;
    else if (name === "text") element.textContent = value;
    else if (name.startsWith("on")) element.addEventListener(name.slice(2), value);
    else element.setAttribute(name, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    element.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return element;
}

/**
 * The element with this id, checked to be a `type` (any HTML element by default).
 * @template {HTMLElement} T
 * @param {string} id
 * @param {{new (): T, prototype: T}} [type]
 * @returns {T}
 */
export function byId(id, type) {
  const element = document.getElementById(id);
  if (!(element instanceof (type || HTMLElement))) throw new Error(`the page has no ${type ? type.name : "element"} #${id}`);
  return /** @type {T} */ (element);
}

export function clear(element, ...children) {
  element.replaceChildren(...children.flat().filter((child) => child !== null && child !== undefined));
}

/** Card numbers typed in any way ("38 27, 11" or "38.27.11"); "r" or "remove" names the Remove-one-marker card. */
export function parseCards(text) {
  const cards = (text.match(/\d+/g) || []).map(Number);
  if (/\br(emove)?\b/i.test(text)) cards.push("remove");
  return cards;
}

const INTEGER = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });

export function formatInteger(value) {
  return typeof value === "bigint" ? value.toLocaleString("en-US") : INTEGER.format(value);
}

export function formatPercent(probability) {
  if (probability <= 0) return "0%";
  if (probability >= 1) return "100%";
  const percent = probability * 100;
  if (percent < 1) return "<1%";
  if (percent > 99) return ">99%";
  return `${Math.round(percent)}%`;
}

export function points(value) {
  return value >= 0 ? `+${value}` : `${value}`;
}
