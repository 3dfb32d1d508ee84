// @ts-check
// Solo puzzles in the browser: pick or upload a puzzle, work the elimination grid, ask for a hint,
// check, reveal. The modules are in solo/; the API is described in docs/table.md, "Solo puzzles".

import { api } from "./api.js";
import { byId } from "./dom.js";
import { Messages } from "./solo/messages.js";
import { applyDistrictShades } from "./solo/grid.js";
import { SoloPage } from "./solo/page.js";
import { applyPalette } from "./vocab.js";

async function boot() {
  /** @type {SoloPage | null} */
  let page = null;
  try {
    const { vocabulary } = await api.board();
    applyPalette(vocabulary.palette);
    applyDistrictShades(vocabulary.district_shades);
    page = new SoloPage(vocabulary);
    page.wire();
    await page.start();
  } catch (error) {
    byId("title").textContent = "The puzzles could not be loaded";
    (page ? page.messages : new Messages(() => {})).error(error);
  }
}

boot();
