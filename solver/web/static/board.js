// @ts-check
// The board as SVG, drawn from GET /api/board: the four districts, the two rivers, the paths (bridges
// and reconstructed paths drawn apart), and on every location its markers and tile. Overlays: a
// play's preview, the markers STOP may take, the odds, and picking a marker to remove.

import { formatPercent } from "./dom.js";

const NS = "http://www.w3.org/2000/svg";
const SCALE = 50; // SVG units per board unit
const EXTENT = 10.6; // the board runs from -10 to 10 east and north; a margin around it
const SIZE = 2 * EXTENT * SCALE;
const BOX = { width: 118, height: 150 }; // one location: its name, then three marker areas
const NAME_BASELINE = 24;
const LONG_NAME = 9; // longer names are squeezed into the box
const AREA_TOP = 32;
const CHIP = { width: 110, height: 34, gap: 4 };
const SMALL_CHIP = { width: 53, height: 27, gap: 3 };

const NARROW = 560; // px: below this board width, locations are drawn larger
const NARROW_ZOOM = 1.6;
const NARROW_STRETCH = 1.2; // and the board a little taller than wide
const RIVER_CLEARANCE = 22; // between a river's middle and a location's box
const EDGE = 6;
const GAP = 8; // between two locations' boxes

const DISTRICT_TINTS = { NW: "#eaf1e1", NE: "#f4eedd", SW: "#e3ebf3", SE: "#f3e6ea" };
const QUADRANTS = { NW: [-1, 1], NE: [1, 1], SW: [-1, -1], SE: [1, -1] };

function el(tag, attributes = {}, ...children) {
  const node = document.createElementNS(NS, tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === null || value === undefined || value === false) continue;
    if (name === "text") node.textContent = value;
    else node.setAttribute(name, value);
  }
  for (const child of children.flat()) if (child) node.append(child);
  return node;
}

function title(text) {
  return el("title", { text });
}

/** SVG coordinates of a board position (x east, y north); `stretch` draws the board taller than wide. */
export function toSvg([x, y], stretch = 1) {
  return [(x + EXTENT) * SCALE, (EXTENT - y) * SCALE * stretch];
}

/**
 * Where each location is drawn: at its position, nudged apart where two boxes of width x height
 * would overlap, each box kept inside its own district (rivers and the board's edge stay clear).
 */
function spreadOut(anchors, districtOf, width, height, frame) {
  const tries = ["overlap", "anchors"].map((rule) => spreadOutBy(rule, anchors, districtOf, width, height, frame));
  const cost = ({ overlaps, moved }) => overlaps * 1e6 + moved;
  return tries.reduce((best, next) => (cost(next) < cost(best) ? next : best)).at;
}

/** One greedy pass: each overlapping pair is pushed apart along the axis `rule` picks first. */
function spreadOutBy(rule, anchors, districtOf, width, height, frame) {
  const names = Object.keys(anchors);
  const at = Object.fromEntries(names.map((name) => [name, [...anchors[name]]]));
  const [midX, midY] = [frame.width / 2, frame.height / 2];
  const limits = Object.fromEntries(names.map((name) => {
    const [east, north] = QUADRANTS[districtOf[name]] || [1, 1];
    const [x0, x1] = east > 0 ? [midX + RIVER_CLEARANCE, frame.width - EDGE] : [EDGE, midX - RIVER_CLEARANCE];
    const [y0, y1] = north > 0 ? [EDGE, midY - RIVER_CLEARANCE] : [midY + RIVER_CLEARANCE, frame.height - EDGE];
    return [name, [[x0 + width / 2, Math.max(x0 + width / 2, x1 - width / 2)],
      [y0 + height / 2, Math.max(y0 + height / 2, y1 - height / 2)]]];
  }));
  const clamp = (name, axis) => {
    const [low, high] = limits[name][axis];
    at[name][axis] = Math.min(Math.max(at[name][axis], low), high);
  };
  for (const name of names) [0, 1].forEach((axis) => clamp(name, axis));
  const size = [width + GAP, height + GAP];
  /** Push a and b apart along `axis` until they no longer overlap; returns the overlap left. */
  const separate = (a, b, axis) => {
    const sign = anchors[b][axis] - anchors[a][axis] >= 0 ? 1 : -1;
    const overlap = () => size[axis] - sign * (at[b][axis] - at[a][axis]);
    const half = overlap() / 2;
    at[a][axis] -= sign * half;
    at[b][axis] += sign * half;
    clamp(a, axis);
    clamp(b, axis);
    at[a][axis] -= sign * Math.max(0, overlap()); // one stopped at a river or the edge: the other moves on
    clamp(a, axis);
    at[b][axis] += sign * Math.max(0, overlap());
    clamp(b, axis);
    return Math.max(0, overlap());
  };
  for (let round = 0; round < 200; round += 1) {
    let moved = false;
    for (let i = 0; i < names.length; i += 1) {
      for (let j = i + 1; j < names.length; j += 1) {
        const [a, b] = [names[i], names[j]];
        const overlap = [0, 1].map((axis) => size[axis] - Math.abs(at[b][axis] - at[a][axis]));
        if (overlap[0] <= 0.5 || overlap[1] <= 0.5) continue;
        moved = true;
        // the axis of the smaller overlap, or the one on which the anchors lie further apart; when a river
        // or the edge stops that, the other one
        const apart = [0, 1].map((axis) => Math.abs(anchors[b][axis] - anchors[a][axis]) / size[axis]);
        const first = rule === "overlap" ? (overlap[0] / size[0] <= overlap[1] / size[1] ? 0 : 1)
          : (apart[0] >= apart[1] ? 0 : 1);
        const saved = [[...at[a]], [...at[b]]];
        if (separate(a, b, first) > 0.5) {
          [at[a], at[b]] = saved;
          if (separate(a, b, 1 - first) > 0.5) {
            [at[a], at[b]] = saved;
            separate(a, b, first);
          }
        }
      }
    }
    if (!moved) break;
  }
  let overlaps = 0;
  let moved = 0;
  names.forEach((a, i) => {
    moved += Math.hypot(at[a][0] - anchors[a][0], at[a][1] - anchors[a][1]);
    for (const b of names.slice(i + 1)) {
      if (Math.abs(at[a][0] - at[b][0]) < size[0] - 0.5 && Math.abs(at[a][1] - at[b][1]) < size[1] - 0.5) overlaps += 1;
    }
  });
  return { at, overlaps, moved };
}

/** What lies on each location, as the board will look: each entry {delict, status}. */
function contents(state, overlay, vocabulary) {
  const here = Object.fromEntries(vocabulary.locations.map((name) => [name, { chips: [], tile: null, ghost: null }]));
  const status = new Map(); // "delict@location" -> status
  const effect = overlay.preview || null;
  if (effect) {
    for (const { delict, location } of effect.removed || []) status.set(`${delict}@${location}`, "removed");
    for (const { delict, location } of effect.replaced || []) status.set(`${delict}@${location}`, "replaced");
  }
  for (const [delict, locations] of Object.entries(state.markers || {})) {
    for (const location of locations) {
      here[location]?.chips.push({ delict, status: status.get(`${delict}@${location}`) || "on" });
    }
  }
  for (const [delict, location] of Object.entries(state.tiles || {})) {
    if (here[location]) here[location].tile = delict;
  }
  if (effect) {
    for (const { delict, location } of effect.placed || []) here[location]?.chips.push({ delict, status: "placed" });
    for (const { delict, location } of effect.tiles || []) if (here[location]) here[location].ghost = delict;
  }
  const order = (a, b) => vocabulary.delicts.indexOf(a.delict) - vocabulary.delicts.indexOf(b.delict);
  for (const spot of Object.values(here)) spot.chips.sort(order);
  return here;
}

const STATUS_WORDS = {
  on: "marker",
  placed: "marker to be placed",
  removed: "marker to be removed",
  replaced: "last marker, to be replaced by its tile",
};

export class BoardView {
  /**
   * container: the element to draw in; boardDocument: GET /api/board; vocabulary: vocab.js;
   * onPick(delict, location) when a marker is tapped in pick mode, onPickLocation(location) when
   * a location is tapped elsewhere in pick mode.
   * @param {HTMLElement} container
   * @param {import("./types").BoardDocument} boardDocument
   * @param {import("./types").Vocabulary} vocabulary
   * @param {{onPick?: (delict: string, location: string) => void, onPickLocation?: (location: string) => void}} [handlers]
   */
  constructor(container, boardDocument, vocabulary, { onPick, onPickLocation } = {}) {
    this.container = container;
    this.document = boardDocument;
    this.vocabulary = vocabulary;
    this.onPick = onPick || (() => {});
    this.onPickLocation = onPickLocation || (() => {});
    this.districtOf = Object.fromEntries(boardDocument.locations.map((l) => [l.name, l.district]));
    this.last = null; // the last render's arguments, to draw again after a resize
    this.zoom = null;
    new ResizeObserver(() => this.fit()).observe(container);
    this.fit();
  }

  /** Draw the board for the container's width: on a narrow screen every location is drawn larger. */
  fit() {
    const narrow = this.container.clientWidth > 0 && this.container.clientWidth < NARROW;
    const zoom = narrow ? NARROW_ZOOM : 1;
    if (zoom === this.zoom) return;
    this.zoom = zoom;
    const stretch = narrow ? NARROW_STRETCH : 1;
    this.frame = { width: SIZE, height: SIZE * stretch };
    const anchors = Object.fromEntries(this.document.locations.map((l) => [l.name, toSvg(l.position, stretch)]));
    this.positions = spreadOut(anchors, this.districtOf, BOX.width * zoom, BOX.height * zoom, this.frame);
    this.svg = el("svg", {
      viewBox: `0 0 ${this.frame.width} ${this.frame.height}`, class: "board-svg", role: "group",
      "aria-label": "The board: 16 locations in four districts",
    });
    this.svg.append(this.drawDistricts(), this.drawRivers(), this.drawPaths());
    this.locationLayer = el("g", { class: "locations" });
    this.svg.append(this.locationLayer);
    this.container.replaceChildren(this.svg);
    if (this.last) this.render(...this.last);
  }

  drawDistricts() {
    const layer = el("g", { class: "districts" });
    const { width, height } = this.frame;
    for (const [code, name] of Object.entries(this.document.districts)) {
      const [east, north] = QUADRANTS[code] || [1, 1];
      const x = east > 0 ? width / 2 : 0;
      const y = north > 0 ? 0 : height / 2;
      layer.append(el("rect", { x, y, width: width / 2, height: height / 2, fill: DISTRICT_TINTS[code] || "#eee" }));
      const labelX = east > 0 ? width - 18 : 18;
      const labelY = north > 0 ? 40 : height - 18;
      layer.append(el("text", {
        x: labelX, y: labelY, class: "district-name", "text-anchor": east > 0 ? "end" : "start", text: name,
      }));
    }
    return layer;
  }

  drawRivers() {
    const layer = el("g", { class: "rivers" }, title("rivers: the district borders"));
    const { width, height } = this.frame;
    const wave = (horizontal) => {
      const points = [];
      for (let t = 0; t <= (horizontal ? width : height); t += 20) {
        const offset = Math.sin(t / 55) * 7;
        points.push(horizontal ? `${t},${height / 2 + offset}` : `${width / 2 + offset},${t}`);
      }
      return `M${points.join(" L")}`;
    };
    layer.append(el("path", { d: wave(true), class: "river" }), el("path", { d: wave(false), class: "river" }));
    return layer;
  }

  drawPaths() {
    const layer = el("g", { class: "paths" });
    const bridges = el("g", { class: "bridges" });
    for (const path of this.document.paths) {
      const [a, b] = path.between;
      const [x1, y1] = this.positions[a];
      const [x2, y2] = this.positions[b];
      const reconstructed = path.provenance === "reconstructed";
      const label = `path ${a} – ${b}${path.bridge ? " (bridge)" : ""}, ${path.provenance}`;
      layer.append(el("line", {
        x1, y1, x2, y2, class: `path ${reconstructed ? "path-reconstructed" : "path-known"}`,
        "data-between": `${a}|${b}`, "data-provenance": path.provenance,
      }, title(label)));
      if (path.bridge) bridges.append(this.drawBridge(x1, y1, x2, y2, label));
    }
    layer.append(bridges);
    return layer;
  }

  drawBridge(x1, y1, x2, y2, label) {
    // where the path crosses a river (an axis of the board)
    const [midX, midY] = [this.frame.width / 2, this.frame.height / 2];
    let t = 0.5;
    if ((x1 - midX) * (x2 - midX) < 0) t = (midX - x1) / (x2 - x1);
    else if ((y1 - midY) * (y2 - midY) < 0) t = (midY - y1) / (y2 - y1);
    const cx = x1 + t * (x2 - x1);
    const cy = y1 + t * (y2 - y1);
    const angle = (Math.atan2(y2 - y1, x2 - x1) * 180) / Math.PI;
    return el("g", { class: "bridge", transform: `translate(${cx} ${cy}) rotate(${angle})` },
      title(label),
      el("rect", { x: -34, y: -13, width: 68, height: 26, rx: 4, class: "bridge-deck" }),
      el("line", { x1: -34, y1: -13, x2: 34, y2: -13, class: "bridge-rail" }),
      el("line", { x1: -34, y1: 13, x2: 34, y2: 13, class: "bridge-rail" }));
  }

  /**
   * Draw the markers and tiles of `state`. overlay: {preview: effect, pick: {choices, selected},
   * stop: [{delict, location, reason}], odds: {location: [[delict, probability], ...]}}.
   */
  render(state, overlay = {}) {
    this.last = [state, overlay];
    const spots = contents(state, overlay, this.vocabulary);
    const stop = new Map((overlay.stop || []).map((entry) => [`${entry.delict}@${entry.location}`, entry.reason]));
    const layer = el("g", { class: "locations" });
    for (const name of this.vocabulary.locations) {
      layer.append(this.drawLocation(name, spots[name], overlay, stop));
    }
    this.locationLayer.replaceWith(layer);
    this.locationLayer = layer;
    this.svg.classList.toggle("picking", Boolean(overlay.pick));
  }

  drawLocation(name, spot, overlay, stop) {
    const [cx, cy] = this.positions[name];
    const left = cx - (BOX.width * this.zoom) / 2;
    const top = cy - (BOX.height * this.zoom) / 2;
    const odds = overlay.odds ? overlay.odds[name] : null;
    const group = el("g", {
      class: `location district-${this.districtOf[name]}`, "data-location": name,
      transform: `translate(${left} ${top}) scale(${this.zoom})`,
    });
    const box = el("rect", { width: BOX.width, height: BOX.height, rx: 10, class: "location-box" });
    if (odds && !spot.tile) box.style.fill = heat(odds[0] ? odds[0][1] : 0);
    group.append(box);
    const long = name.length > LONG_NAME;
    group.append(el("text", {
      x: BOX.width / 2, y: NAME_BASELINE, class: "location-name", text: name,
      textLength: long ? BOX.width - 4 : null, lengthAdjust: long ? "spacingAndGlyphs" : null,
    }));
    const described = [];
    if (spot.tile) {
      group.append(this.drawTile(spot.tile, AREA_TOP, BOX.height - AREA_TOP - 4, false));
      described.push(`${spot.tile} tile`);
    } else if (odds) {
      group.append(this.drawOdds(odds));
      described.push(...odds.filter(([, p]) => p > 0).map(([delict, p]) => `${delict} ${formatPercent(p)}`));
    } else {
      let y = AREA_TOP;
      // the last marker of a delict about to be pinpointed is its tile: drawn once, as the tile
      const chips = spot.ghost ? spot.chips.filter((chip) => chip.delict !== spot.ghost) : spot.chips;
      if (spot.ghost) {
        const height = [BOX.height - AREA_TOP - 4, 72, 58][chips.length] || 52;
        group.append(this.drawTile(spot.ghost, y, height, true));
        described.push(`${spot.ghost} tile to be placed`);
        y += height + 4;
      }
      const small = chips.length > 3 || (spot.ghost && chips.length > 1);
      chips.forEach((chip, index) => {
        const size = small ? SMALL_CHIP : CHIP;
        const column = small ? index % 2 : 0;
        const row = small ? Math.floor(index / 2) : index;
        const x = small ? 4 + column * (size.width + size.gap) : (BOX.width - size.width) / 2;
        group.append(this.drawChip(name, chip, x, y + row * (size.height + size.gap), size, small, overlay, stop));
        described.push(`${chip.delict} ${STATUS_WORDS[chip.status]}`);
      });
    }
    group.setAttribute("aria-label", `${name}: ${described.join(", ") || "empty"}`);
    group.prepend(title(`${name}: ${described.join(", ") || "no marker"}`));
    if (overlay.pick) {
      group.addEventListener("click", (event) => {
        if (!event.target.closest(".chip")) this.onPickLocation(name);
      });
    }
    return group;
  }

  drawChip(location, chip, x, y, size, small, overlay, stop) {
    const info = this.vocabulary.delict(chip.delict);
    const key = `${chip.delict}@${location}`;
    const classes = ["chip", `chip-${chip.status}`, `group-${info.colourName}`];
    const reason = stop.get(key);
    if (reason) classes.push("chip-stop");
    const pick = overlay.pick;
    const pickable = pick && pick.choices && key in pick.choices;
    if (pickable) {
      classes.push("chip-pickable");
      if (!pick.choices[key].playable) classes.push("chip-unplayable");
      if (pick.selected === key) classes.push("chip-picked");
    }
    const label = `${chip.delict} ${STATUS_WORDS[chip.status]} on ${location}${reason ? `: STOP may take it (${reason})` : ""}`;
    const group = el("g", {
      class: classes.join(" "), transform: `translate(${x} ${y})`, "data-delict": chip.delict,
      "data-location": location, "data-status": chip.status,
    }, title(label));
    const letterWidth = small ? 0 : 28;
    group.append(el("rect", { width: size.width, height: size.height, rx: 6, class: "chip-body", fill: info.fill }));
    if (!small) {
      group.append(el("rect", { width: letterWidth, height: size.height, rx: 6, class: "chip-letter-cell" }));
      group.append(el("text", {
        x: letterWidth / 2, y: size.height / 2 + 8, class: "chip-letter", "text-anchor": "middle", text: info.letter,
      }));
    }
    group.append(el("text", {
      x: letterWidth + (size.width - letterWidth) / 2, y: size.height / 2 + (small ? 6 : 8),
      class: small ? "chip-text chip-text-small" : "chip-text", "text-anchor": "middle", fill: info.ink,
      text: info.short,
    }));
    if (small) {
      group.append(el("text", { x: size.width - 3, y: 11, class: "chip-letter-small", "text-anchor": "end",
        fill: info.ink, text: info.letter }));
    }
    if (chip.status === "removed" || chip.status === "replaced") {
      group.append(el("line", { x1: 2, y1: size.height - 2, x2: size.width - 2, y2: 2, class: "chip-strike" }));
    }
    if (chip.status === "placed") {
      group.append(el("rect", { x: -3, y: -3, width: size.width + 6, height: size.height + 6, rx: 8,
        class: "chip-new-ring" }));
    }
    if (pickable) {
      group.setAttribute("role", "button");
      group.setAttribute("tabindex", "0");
      group.setAttribute("aria-label", `remove the ${chip.delict} marker on ${location}`);
      group.setAttribute("aria-pressed", String(pick.selected === key));
      const choose = (event) => {
        event.stopPropagation();
        this.onPick(chip.delict, location);
      };
      group.addEventListener("click", choose);
      group.addEventListener("keydown", (event) => {
        if (event.key === "Enter" || event.key === " ") {
          event.preventDefault();
          choose(event);
        }
      });
    } else {
      group.setAttribute("aria-label", label);
    }
    return group;
  }

  drawTile(delict, y, height, ghost) {
    const info = this.vocabulary.delict(delict);
    const width = BOX.width - 8;
    const big = height > 70;
    return el("g", {
      class: `tile${ghost ? " tile-ghost" : ""} group-${info.colourName}`, transform: `translate(4 ${y})`,
      "data-delict": delict,
    },
      title(`${delict} tile${ghost ? " to be placed" : ""}`),
      el("rect", { width, height, rx: 10, class: "tile-body", fill: info.fill }),
      el("text", { x: width / 2, y: big ? height / 2 + 4 : height / 2 + 6, class: "tile-text",
        "text-anchor": "middle", fill: info.ink, text: info.short }),
      el("text", { x: width / 2, y: big ? height / 2 + 34 : height - 4, class: "tile-sub", "text-anchor": "middle",
        fill: info.ink, text: big ? `${info.letter} · tile` : "" }));
  }

  drawOdds(odds) {
    const group = el("g", { class: "odds" });
    oddsRows(odds, ODDS_ROWS).forEach((row, index) => {
      const y = AREA_TOP + index * 38;
      const fill = row.delicts.length === 1 ? this.vocabulary.delict(row.delicts[0]).fill : "#bdbdbd";
      const label = row.delicts.length === 1 ? this.vocabulary.delict(row.delicts[0]).short
        : `${row.delicts.length} tied`;
      group.append(el("g", {},
        title(row.delicts.length === 1 ? row.delicts[0] : `tied: ${row.delicts.join(", ")}`),
        el("rect", { x: 4, y, width: 110, height: 34, rx: 6, class: "odds-row" }),
        el("rect", { x: 4, y, width: Math.max(6, 110 * row.probability), height: 34, rx: 6, fill, class: "odds-bar" }),
        el("text", { x: 9, y: y + 24, class: row.delicts.length === 1 ? "odds-text" : "odds-text odds-tie", text: label }),
        el("text", { x: 110, y: y + 24, class: "odds-text", "text-anchor": "end", text: formatPercent(row.probability) }),
      ));
    });
    return group;
  }
}

const ODDS_ROWS = 3;  // rows of odds a location has room for

/**
 * The rows of a location's odds, most likely first: delicts tied at the same share stay together,
 * one row each while they fit, else one row for all of them ("12 tied 8%"), so that a tie never
 * reads as the first three being likelier than the rest.
 * @param {Array<[string, number, number?]>} odds [delict, probability, count], most likely first
 * @param {number} room
 * @returns {Array<{delicts: string[], probability: number}>}
 */
export function oddsRows(odds, room) {
  /** @type {Array<{delicts: string[], probability: number, count: number | undefined}>} */
  const ties = [];
  for (const [delict, probability, count] of odds.filter(([, p]) => p > 0)) {
    const last = ties[ties.length - 1];
    const same = last && (count !== undefined && last.count !== undefined ? last.count === count
      : last.probability === probability);
    if (same) last.delicts.push(delict);
    else ties.push({ delicts: [delict], probability, count });
  }
  const rows = [];
  for (const tie of ties) {
    const left = room - rows.length;
    if (left <= 0) break;
    if (tie.delicts.length <= left) rows.push(...tie.delicts.map((delict) => ({ delicts: [delict], probability: tie.probability })));
    else rows.push({ delicts: tie.delicts, probability: tie.probability });
  }
  return rows;
}

/** A warm colour for how sure the board is of a location (the top delict's probability). */
function heat(probability) {
  const lightness = 96 - 46 * Math.min(1, Math.max(0, probability));
  return `hsl(8 85% ${lightness}%)`;
}

const SWATCH = { width: 80, height: 30, margin: 4 }; // a path's swatch in the legend

/** A path across the legend's swatch, a margin clear of either end. */
function swatchLine() {
  const y = SWATCH.height / 2;
  return { x1: SWATCH.margin, y1: y, x2: SWATCH.width - SWATCH.margin, y2: y };
}

/** A small SVG of one marker chip or tile for the legend. */
export function legendSwatch(kind, info) {
  const tile = kind === "tile" || kind === "ghost";
  const swatch = el("svg", { viewBox: tile ? "0 0 60 40" : "0 0 80 30", class: `swatch swatch-${tile ? "tile" : kind}`,
    "aria-hidden": "true" });
  if (["chip", "placed", "removed", "stop"].includes(kind)) {
    swatch.classList.add(`chip-${kind}`);
    swatch.append(el("rect", { width: 80, height: 30, rx: 6, fill: info.fill, class: "chip-body" }),
      el("rect", { width: 24, height: 30, rx: 6, class: "chip-letter-cell" }),
      el("text", { x: 12, y: 22, class: "chip-letter", "text-anchor": "middle", text: info.letter }),
      el("text", { x: 52, y: 22, class: "chip-text", "text-anchor": "middle", fill: info.ink, text: info.short }));
    if (kind === "removed") swatch.append(el("line", { x1: 2, y1: 28, x2: 78, y2: 2, class: "chip-strike" }));
    if (kind === "placed") {
      swatch.setAttribute("viewBox", "-4 -4 88 38");
      swatch.append(el("rect", { x: -2, y: -2, width: 84, height: 34, rx: 8, class: "chip-new-ring" }));
    }
  } else if (kind === "tile" || kind === "ghost") {
    if (kind === "ghost") swatch.classList.add("tile-ghost");
    swatch.append(el("rect", { x: 2, y: 2, width: 56, height: 36, rx: 8, class: "tile-body", fill: info.fill }),
      el("text", { x: 30, y: 27, class: "tile-text-small", "text-anchor": "middle", fill: info.ink, text: info.short }));
  } else if (kind === "path-known" || kind === "path-reconstructed") {
    swatch.setAttribute("viewBox", `0 0 ${SWATCH.width} ${SWATCH.height}`);
    swatch.append(el("line", { ...swatchLine(), class: `path ${kind}` }));
  } else if (kind === "bridge") {
    swatch.setAttribute("viewBox", `0 0 ${SWATCH.width} ${SWATCH.height}`);
    swatch.append(el("line", { ...swatchLine(), class: "path path-known" }),
      el("g", { class: "bridge", transform: "translate(40 15)" },
        el("rect", { x: -22, y: -10, width: 44, height: 20, rx: 4, class: "bridge-deck" })));
  }
  return swatch;
}
