// The game's names as the page shows them: short labels for markers (readable in black and white:
// an abbreviation plus the group's letter), group colours, provenance wording.

export const ABBREVIATIONS = {
  "donkey theft": "DON",
  "sheep theft": "SHP",
  "horse theft": "HRS",
  "beehive theft": "BEE",
  "break-in": "BRK",
  "robbers' ball": "BALL",
  "stolen goods sold": "GDS",
  "show of power": "SHOW",
  arrest: "ARR",
  jailbreak: "JAIL",
  imprisonment: "PRIS",
  hideout: "HIDE",
  robbery: "ROB",
  extortion: "EXT",
  murder: "MUR",
  "highway robbery": "HWY",
};

// the group's letter on every chip: L(ivestock theft), C(rime), I(mprisonment/Jailbreak), F(elony)
const GROUP_LETTERS = { "Livestock theft": "L", Crime: "C", "Imprisonment/Jailbreak": "I", Felony: "F" };

// the four colours of the game, with the text colour that reads on each
const COLOURS = {
  blue: { fill: "#2d6cc0", ink: "#ffffff", tint: "#dce8f8" },
  yellow: { fill: "#f3cc2f", ink: "#1b1b1b", tint: "#fbf1c4" },
  orange: { fill: "#ee8427", ink: "#1b1b1b", tint: "#fbe0c8" },
  green: { fill: "#2f8a45", ink: "#ffffff", tint: "#d6efdc" },
};

const PROVENANCES = {
  printed: "the rulebook prints this card",
  derived: "derived from the rulebook",
  reconstructed: "reconstructed by this project",
  user: "your own deck file",
  entered: "entered at this table",
  written: "written out for this play",
  rulebook: "rule 6 of the rulebook",
};

/** Everything the page needs to know about a delict, from the board document's groups. */
export function makeVocabulary(boardDocument) {
  const delicts = [];
  const byDelict = {};
  for (const group of boardDocument.groups) {
    const colour = COLOURS[group.colour] || { fill: "#777", ink: "#fff", tint: "#eee" };
    for (const name of group.delicts) {
      const info = {
        name,
        group: group.name,
        colourName: group.colour,
        letter: GROUP_LETTERS[group.name] || group.name[0],
        short: ABBREVIATIONS[name] || name.slice(0, 4).toUpperCase(),
        ...colour,
      };
      delicts.push(name);
      byDelict[name] = info;
    }
  }
  return {
    delicts,
    groups: boardDocument.groups,
    locations: boardDocument.locations.map((location) => location.name),
    districts: boardDocument.districts, // code -> name
    district: (location) => boardDocument.locations.find((l) => l.name === location)?.district,
    delict: (name) => byDelict[name],
    label: (name) => `${byDelict[name].short}·${byDelict[name].letter}`,
  };
}

export function provenanceText(provenance) {
  return PROVENANCES[provenance] || provenance;
}

export function capitalise(text) {
  return text ? text[0].toUpperCase() + text.slice(1) : text;
}

/** A card as played: "card 27 as murder", "Remove one marker: break-in on Meisenheim", "card 38". */
export function describePlay(label, choice) {
  if (!choice) return label;
  if (choice.includes("@")) return `${label}: ${choice.replace("@", " on ")}`;
  return `${label} as ${choice}`;
}
