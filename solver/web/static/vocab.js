// @ts-check
// The game's names as the page shows them, all from the vocabulary the server sends with the board
// (GET /api/board, docs/formats.md "The vocabulary document"): marker labels (an abbreviation plus
// the group's letter, readable in black and white), the group colours, card ranges and wording.

/**
 * @typedef {import("./types").BoardDocument} BoardDocument
 * @typedef {import("./types").VocabularyDocument} VocabularyDocument
 * @typedef {import("./types").Palette} Palette
 * @typedef {import("./types").DelictInfo} DelictInfo
 * @typedef {import("./types").Vocabulary} Vocabulary
 */

/**
 * Set the served palette as CSS custom properties: `--group-blue-fill`, `--group-blue-tint`, ...
 * (the style sheets hold no group colour of their own).
 * @param {Palette} palette
 */
export function applyPalette(palette) {
  const style = document.documentElement.style;
  for (const [colour, roles] of Object.entries(palette)) {
    for (const [role, value] of Object.entries(roles)) {
      if (role !== "hatch") style.setProperty(`--group-${colour}-${role}`, value);
    }
  }
}

/**
 * Everything the table page needs to know about a delict, from the board document.
 * @param {BoardDocument} boardDocument
 * @returns {Vocabulary}
 */
export function makeVocabulary(boardDocument) {
  const served = boardDocument.vocabulary;
  /** @type {string[]} */
  const delicts = [];
  /** @type {Record<string, DelictInfo>} */
  const byDelict = {};
  for (const group of served.groups) {
    const { fill, ink, tint } = served.palette[group.colour];
    for (const name of group.delicts) {
      byDelict[name] = {
        name, group: group.name, colourName: group.colour, letter: group.letter,
        short: served.delicts[name].abbreviation, fill, ink, tint,
      };
      delicts.push(name);
    }
  }
  return {
    served,
    delicts,
    groups: served.groups,
    cards: served.cards,
    locations: boardDocument.locations.map((location) => location.name),
    districts: boardDocument.districts, // code -> name
    district: (location) => boardDocument.locations.find((l) => l.name === location)?.district,
    delict: (name) => byDelict[name],
    label: (name) => `${byDelict[name].short}·${byDelict[name].letter}`,
    provenance: (provenance) => served.provenances[provenance] || provenance,
  };
}

/**
 * @param {string} text
 * @returns {string}
 */
export function capitalise(text) {
  return text ? text[0].toUpperCase() + text.slice(1) : text;
}

/**
 * A card as played, for the hand advisor (whose plays are not moves yet, so the server serves no
 * sentence for them): "card 27 as murder", "Remove one marker: break-in on Meisenheim", "card 38".
 * @param {string} label
 * @param {string | null | undefined} choice
 * @returns {string}
 */
export function describePlay(label, choice) {
  if (!choice) return label;
  if (choice.includes("@")) return `${label}: ${choice.replace("@", " on ")}`;
  return `${label} as ${choice}`;
}
