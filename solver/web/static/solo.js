// Solo puzzles in the browser: pick or upload a puzzle, work the elimination grid, ask for a hint,
// check, reveal. The grid lives here (and in localStorage per puzzle); every question sends it to
// the server, which keeps no progress. The API is described in docs/table.md, "Solo puzzles".
"use strict";

(() => {
  const STORE = "schinderhannes.solo.";
  const MAX_UNDO = 1000;
  const MAX_UPLOADS = 10;
  // readable short column labels; the full name is in each header's title and every cell's label
  const SHORT = {
    "donkey theft": "donkey", "sheep theft": "sheep", "horse theft": "horse", "beehive theft": "beehive",
    "break-in": "break-in", "robbers' ball": "robbers' ball", "stolen goods sold": "goods sold",
    "show of power": "show of power", "arrest": "arrest", "jailbreak": "jailbreak", "imprisonment": "prison",
    "hideout": "hideout", "robbery": "robbery", "extortion": "extortion", "murder": "murder",
    "highway robbery": "highway",
  };
  const GROUP_SHORT = {
    "Livestock theft": "Livestock", "Crime": "Crime", "Imprisonment/Jailbreak": "Prison", "Felony": "Felony",
  };
  const TECHNIQUES = {
    card: "a card and the board", single: "one place left", "closed-set": "closed set", group: "group card",
    partner: "district partners", trial: "trial and contradiction",
  };
  const SERIES = {
    tutorial: "Tutorials", easy: "Easy", medium: "Medium", hard: "Hard", expert: "Expert",
    box: "From the game box", upload: "Uploaded",
  };

  const $ = (id) => document.getElementById(id);
  const key = (l, d) => `${l},${d}`;

  let puzzle = null; // the open puzzle's document from /api/puzzles/{name}
  let cells = new Map(); // "l,d" -> "x" (crossed out) | "o" (placed)
  let undoStack = []; // batches of {k, from, to}
  let marks = emptyMarks();
  let buttons = []; // buttons[l][d]
  let solvedShown = false;

  function emptyMarks() {
    return { out: new Set(), in: new Set(), wrong: new Set(), clues: new Set() };
  }

  // ----- talking to the server --------------------------------------------------------------

  async function api(path, options = {}) {
    let response;
    try {
      response = await fetch(path, options);
    } catch (error) {
      throw new Error("the server does not answer; is it still running?");
    }
    let body;
    try {
      body = await response.json();
    } catch (error) {
      body = { error: `${response.status} ${response.statusText}` };
    }
    if (!response.ok) {
      const failure = new Error(body.error || response.statusText);
      failure.status = response.status;
      throw failure;
    }
    return body;
  }

  const post = (path, data) => api(path, {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(data),
  });

  function gridDocument() {
    const placed = [], crossed = [];
    for (const [k, state] of cells) {
      const [l, d] = k.split(",").map(Number);
      const pair = [puzzle.locations[l].name, puzzle.delicts[d].name];
      (state === "o" ? placed : crossed).push(pair);
    }
    return { placed, crossed };
  }

  function keyOf(pair) {
    const l = puzzle.locations.findIndex((row) => row.name === pair.location);
    const d = puzzle.delicts.findIndex((column) => column.name === pair.delict);
    return key(l, d);
  }

  // ----- the puzzle list and uploads --------------------------------------------------------

  function uploads() {
    try {
      return JSON.parse(localStorage.getItem(STORE + "uploads")) || [];
    } catch (error) {
      return [];
    }
  }

  function remember(doc, text) {
    const kept = uploads().filter((entry) => entry.name !== doc.name);
    kept.unshift({ name: doc.name, title: doc.title, text });
    try {
      localStorage.setItem(STORE + "uploads", JSON.stringify(kept.slice(0, MAX_UPLOADS)));
    } catch (error) { /* storage full: the upload still works for this visit */ }
  }

  async function uploadText(text) {
    return api("/api/puzzles", { method: "POST", headers: { "Content-Type": "text/yaml" }, body: text });
  }

  async function fillList(selected) {
    const select = $("puzzle-select");
    const { puzzles } = await api("/api/puzzles");
    select.replaceChildren();
    const groups = new Map();
    const group = (series) => {
      if (!groups.has(series)) {
        const element = document.createElement("optgroup");
        element.label = SERIES[series] || series;
        groups.set(series, element);
        select.append(element);
      }
      return groups.get(series);
    };
    for (const entry of puzzles) {
      const option = new Option(labelOf(entry), entry.name);
      group(entry.name.replace(/-\d+$/, "")).append(option);
    }
    for (const entry of uploads()) {
      group("upload").append(new Option(entry.title, entry.name));
    }
    if (selected) select.value = selected;
    return puzzles;
  }

  function labelOf(entry) {
    const title = entry.title || entry.name;
    return title.toLowerCase().includes(entry.difficulty) ? title : `${title} (${entry.difficulty})`;
  }

  // ----- opening a puzzle -------------------------------------------------------------------

  async function open(name) {
    let doc;
    try {
      doc = await api(`/api/puzzles/${encodeURIComponent(name)}`);
    } catch (error) {
      const kept = uploads().find((entry) => entry.name === name);
      if (error.status === 404 && kept) { // the server restarted: upload the same text again
        doc = await uploadText(kept.text);
      } else {
        throw error;
      }
    }
    puzzle = doc;
    load();
    marks = emptyMarks();
    solvedShown = false;
    $("title").textContent = doc.title;
    $("subtitle").textContent = `${doc.difficulty} · ${doc.clue_count} info cards`;
    document.title = `${doc.title} · Schinderhannes`;
    $("puzzle-select").value = doc.name;
    if (decodeURIComponent(location.hash.slice(1)) !== doc.name) {
      history.replaceState(null, "", `#${encodeURIComponent(doc.name)}`);
    }
    try { localStorage.setItem(STORE + "last", doc.name); } catch (error) { /* private mode */ }
    buildClues();
    buildGrid();
    hideMessage();
    render();
  }

  function buildClues() {
    const list = $("clues");
    list.replaceChildren();
    for (const clue of puzzle.clues) {
      const item = document.createElement("li");
      item.id = `clue-${clue.number}`;
      item.value = clue.number;
      // a card of the deck shows its number; a written clue its label where that is not its place in the list
      const shown = clue.card ? `card ${clue.card}` : clue.label !== `clue ${clue.number}` ? clue.label : "";
      if (shown) {
        const label = document.createElement("span");
        label.className = "label";
        label.textContent = shown;
        item.append(label, " ");
      }
      item.append(clue.sentence);
      list.append(item);
    }
  }

  function buildGrid() {
    const table = $("grid");
    table.replaceChildren();
    const head = table.createTHead();
    const groupRow = head.insertRow();
    const corner = document.createElement("th");
    corner.className = "corner";
    corner.rowSpan = 2;
    corner.textContent = "";
    groupRow.append(corner);
    let previous = null;
    for (const column of puzzle.delicts) {
      if (column.group === previous) {
        groupRow.lastElementChild.colSpan += 1;
        continue;
      }
      previous = column.group;
      const cell = document.createElement("th");
      cell.className = `group g-${column.colour}`;
      cell.colSpan = 1;
      cell.title = column.group;
      cell.textContent = GROUP_SHORT[column.group] || column.group;
      groupRow.append(cell);
    }
    const nameRow = head.insertRow();
    puzzle.delicts.forEach((column, d) => {
      const cell = document.createElement("th");
      cell.scope = "col";
      cell.className = `col g-${column.colour}${d % 4 === 0 ? " group-start" : ""}`;
      cell.title = column.name;
      const text = document.createElement("span");
      text.textContent = SHORT[column.name] || column.name;
      cell.append(text);
      nameRow.append(cell);
    });
    const body = table.createTBody();
    buttons = [];
    puzzle.locations.forEach((row, l) => {
      const tr = body.insertRow();
      if (l > 0 && row.district !== puzzle.locations[l - 1].district) tr.className = "district-start";
      const header = document.createElement("th");
      header.scope = "row";
      header.className = `row d-${row.district}`;
      header.title = `${row.name} (${puzzle.districts[row.district]})`;
      header.textContent = row.name;
      tr.append(header);
      buttons.push(puzzle.delicts.map((column, d) => {
        const td = tr.insertCell();
        td.className = `g-${column.colour}${d % 4 === 0 ? " group-start" : ""}`;
        const button = document.createElement("button");
        button.type = "button";
        button.className = "cell";
        button.dataset.l = l;
        button.dataset.d = d;
        td.append(button);
        return button;
      }));
    });
  }

  // ----- the grid ---------------------------------------------------------------------------

  function render() {
    const rowPlaced = new Map(), columnPlaced = new Map();
    for (const [k, state] of cells) {
      if (state !== "o") continue;
      const [l, d] = k.split(",").map(Number);
      rowPlaced.set(l, (rowPlaced.get(l) || 0) + 1);
      columnPlaced.set(d, (columnPlaced.get(d) || 0) + 1);
    }
    buttons.forEach((row, l) => row.forEach((button, d) => {
      const k = key(l, d);
      const state = cells.get(k) || "";
      const derived = !state && (rowPlaced.has(l) || columnPlaced.has(d));
      const conflict = state === "o" && (rowPlaced.get(l) > 1 || columnPlaced.get(d) > 1);
      const ghost = !state && marks.in.has(k) ? "●" : !state && marks.out.has(k) ? "×" : "";
      button.textContent = state === "o" ? "●" : state === "x" || derived ? "×" : ghost;
      button.classList.toggle("placed", state === "o");
      button.classList.toggle("crossed", state === "x");
      button.classList.toggle("derived", derived);
      button.classList.toggle("conflict", conflict);
      button.classList.toggle("hint-out", marks.out.has(k));
      button.classList.toggle("hint-in", marks.in.has(k));
      button.classList.toggle("wrong", marks.wrong.has(k));
      const word = state === "o" ? "placed" : state === "x" ? "crossed out" : derived ? "ruled out by a placement"
        : "open";
      button.setAttribute("aria-label", `${puzzle.locations[l].name}, ${puzzle.delicts[d].name}: ${word}`);
    }));
    for (const item of $("clues").children) {
      item.classList.toggle("used", marks.clues.has(Number(item.value)));
    }
    $("undo").disabled = undoStack.length === 0;
  }

  function change(updates, options = {}) {
    const batch = [];
    for (const [k, to] of updates) {
      const from = cells.get(k) || "";
      if (from === to) continue;
      batch.push({ k, from, to });
      if (to) cells.set(k, to); else cells.delete(k);
    }
    if (!batch.length) return false;
    undoStack.push(batch);
    if (undoStack.length > MAX_UNDO) undoStack.shift();
    if (options.clearMarks) marks = emptyMarks();
    for (const { k } of batch) marks.wrong.delete(k); // a changed cell is no longer the one checked
    save();
    render();
    if (!options.quiet) afterChange();
    return true;
  }

  function undo() {
    const batch = undoStack.pop();
    if (!batch) return;
    for (const { k, from } of batch.slice().reverse()) {
      if (from) cells.set(k, from); else cells.delete(k);
    }
    marks = emptyMarks();
    solvedShown = false;
    save();
    render();
    hideMessage();
  }

  function tap(button) {
    const k = key(Number(button.dataset.l), Number(button.dataset.d));
    const next = { "": "x", x: "o", o: "" }[cells.get(k) || ""];
    change([[k, next]]);
  }

  function placedCount() {
    let count = 0;
    for (const state of cells.values()) if (state === "o") count += 1;
    return count;
  }

  async function afterChange() {
    if (placedCount() !== puzzle.locations.length || solvedShown) {
      if (!$("message").classList.contains("sticky")) hideMessage();
      return;
    }
    const name = puzzle.name;
    try {
      const answer = await post(`/api/puzzles/${encodeURIComponent(name)}/check`, { grid: gridDocument() });
      if (puzzle.name !== name) return;
      if (answer.solved) {
        solvedShown = true;
        showMessage("success", [paragraph("Solved! Every delict has its place.")]);
      }
    } catch (error) { /* the player can still press check */ }
  }

  // ----- saving -----------------------------------------------------------------------------

  function save() {
    try {
      localStorage.setItem(STORE + "grid." + puzzle.name, JSON.stringify({ cells: [...cells], undo: undoStack }));
    } catch (error) { /* storage full or private mode: progress lasts for this visit */ }
  }

  function load() {
    cells = new Map();
    undoStack = [];
    try {
      const saved = JSON.parse(localStorage.getItem(STORE + "grid." + puzzle.name));
      if (saved && Array.isArray(saved.cells)) {
        cells = new Map(saved.cells.filter(([k, state]) => /^\d+,\d+$/.test(k) && (state === "x" || state === "o")));
        undoStack = Array.isArray(saved.undo) ? saved.undo : [];
      }
    } catch (error) { /* unreadable: start afresh */ }
  }

  // ----- messages ---------------------------------------------------------------------------

  function paragraph(text, className) {
    const element = document.createElement("p");
    if (className) element.className = className;
    element.textContent = text;
    return element;
  }

  function actionButton(text, action) {
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = text;
    button.addEventListener("click", action);
    return button;
  }

  function showMessage(kind, children, sticky = false) {
    const box = $("message");
    box.className = `message ${kind}${sticky ? " sticky" : ""}`;
    box.replaceChildren(...children);
    box.hidden = false;
    if (kind !== "hint") clearHintMarks();
  }

  function hideMessage() {
    const box = $("message");
    box.hidden = true;
    box.className = "message";
    box.replaceChildren();
    clearHintMarks();
  }

  // a hint's highlights last as long as its message
  function clearHintMarks() {
    if (!marks.out.size && !marks.in.size && !marks.clues.size) return;
    marks = { ...emptyMarks(), wrong: marks.wrong };
    if (puzzle) render();
  }

  function showError(error) {
    showMessage("error", [paragraph(error.message || String(error))]);
  }

  // ----- hint, check, solution, restart -----------------------------------------------------

  async function busy(button, work) {
    button.disabled = true;
    try {
      await work();
    } catch (error) {
      showError(error);
    } finally {
      button.disabled = false;
      render();
    }
  }

  async function hint() {
    const answer = await post(`/api/puzzles/${encodeURIComponent(puzzle.name)}/hint`, { grid: gridDocument() });
    marks = emptyMarks();
    if (answer.status !== "step") {
      const kind = { wrong: "error", solved: "success" }[answer.status] || "info";
      const children = [paragraph(answer.message)];
      if (answer.status === "wrong") children.push(actions([["Undo", undo], ["Check", () => $("check").click()]]));
      showMessage(kind, children, true);
      return;
    }
    answer.removals.forEach((pair) => marks.out.add(keyOf(pair)));
    answer.placements.forEach((pair) => marks.in.add(keyOf(pair)));
    answer.clues.forEach((number) => marks.clues.add(number));
    const children = [paragraph(`Hint · ${TECHNIQUES[answer.technique] || answer.technique} (${answer.difficulty})`,
      "kicker"), paragraph(answer.reason, "reason")];
    if (answer.chain.length) {
      const details = document.createElement("details");
      const summary = document.createElement("summary");
      summary.textContent = `The steps after the supposition (${answer.chain.length})`;
      const chain = document.createElement("ol");
      chain.className = "chain";
      for (const line of answer.chain) {
        const item = document.createElement("li");
        item.textContent = line.charAt(0).toUpperCase() + line.slice(1);
        chain.append(item);
      }
      details.append(summary, chain);
      children.push(details);
    }
    if (answer.clues.length) {
      const uses = document.createElement("p");
      uses.className = "uses";
      uses.append("Uses ");
      answer.clues.forEach((number, index) => {
        const label = answer.cards[index];
        const chip = actionButton(label === `clue ${number}` ? `${number}` : label, () => showClue(number));
        chip.className = "chip";
        chip.title = answer.cards[index];
        uses.append(chip, " ");
      });
      children.push(uses);
    }
    children.push(actions([["Apply", () => apply(answer)], ["Dismiss", dismiss]]));
    showMessage("hint", children, true);
  }

  function actions(list) {
    const row = document.createElement("div");
    row.className = "actions";
    for (const [text, action] of list) row.append(actionButton(text, action));
    return row;
  }

  function showClue(number) {
    const item = $(`clue-${number}`);
    if (!item) return;
    item.scrollIntoView({ behavior: "smooth", block: "center" });
    item.classList.remove("flash");
    void item.offsetWidth; // restart the animation
    item.classList.add("flash");
  }

  function apply(answer) {
    const updates = answer.removals.map((pair) => [keyOf(pair), "x"]);
    answer.placements.forEach((pair) => updates.push([keyOf(pair), "o"]));
    change(updates.filter(([k]) => cells.get(k) !== "o"), { clearMarks: true });
    hideMessage();
  }

  function dismiss() {
    marks = emptyMarks();
    hideMessage();
    render();
  }

  async function check(which = false) {
    const answer = await post(`/api/puzzles/${encodeURIComponent(puzzle.name)}/check`,
      { grid: gridDocument(), which });
    marks = emptyMarks();
    if (answer.solved) {
      solvedShown = true;
      showMessage("success", [paragraph("Solved! Every delict has its place.")], true);
    } else if (answer.wrong) {
      if (which) {
        answer.wrong_entries.forEach((pair) => marks.wrong.add(keyOf(pair)));
        const where = answer.wrong === 1 ? "It is marked in red." : "They are marked in red.";
        showMessage("error", [paragraph(`${answer.message} ${where}`),
          actions([["Undo", undo], ["Dismiss", dismiss]])], true);
      } else {
        showMessage("error", [paragraph(answer.message),
          actions([["Show which", () => busy($("check"), () => check(true))], ["Undo", undo]])], true);
      }
    } else {
      showMessage("info", [paragraph(answer.message)], true);
    }
  }

  async function reveal() {
    if (!confirm("Show the solution? Your entries are replaced (Undo brings them back).")) return;
    const answer = await api(`/api/puzzles/${encodeURIComponent(puzzle.name)}/solution`);
    const solution = new Set(answer.solution.map(keyOf));
    const updates = [];
    puzzle.locations.forEach((_, l) => puzzle.delicts.forEach((__, d) => {
      const k = key(l, d);
      updates.push([k, solution.has(k) ? "o" : ""]);
    }));
    solvedShown = true;
    change(updates, { quiet: true, clearMarks: true });
    showMessage("info", [paragraph("The solution is shown. Undo takes it back.")], true);
  }

  function restart() {
    if (!cells.size || !confirm("Clear the whole grid? (Undo brings it back.)")) return;
    solvedShown = false;
    change([...cells.keys()].map((k) => [k, ""]), { quiet: true, clearMarks: true });
    hideMessage();
  }

  // ----- wiring -----------------------------------------------------------------------------

  function moveFocus(button, dl, dd) {
    const l = Number(button.dataset.l) + dl, d = Number(button.dataset.d) + dd;
    if (buttons[l] && buttons[l][d]) buttons[l][d].focus();
  }

  function wire() {
    $("grid").addEventListener("click", (event) => {
      const button = event.target.closest("button.cell");
      if (button) tap(button);
    });
    $("grid").addEventListener("keydown", (event) => {
      const button = event.target.closest("button.cell");
      const step = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] }[event.key];
      if (button && step) {
        event.preventDefault();
        moveFocus(button, ...step);
      }
    });
    document.addEventListener("keydown", (event) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "z" && puzzle) {
        event.preventDefault();
        undo();
      }
    });
    $("undo").addEventListener("click", undo);
    $("hint").addEventListener("click", () => busy($("hint"), hint));
    $("check").addEventListener("click", () => busy($("check"), () => check(false)));
    $("reveal").addEventListener("click", () => busy($("reveal"), reveal));
    $("restart").addEventListener("click", restart);
    $("puzzle-select").addEventListener("change", (event) => {
      open(event.target.value).catch(showError);
    });
    $("upload").addEventListener("change", async (event) => {
      const file = event.target.files[0];
      event.target.value = "";
      if (!file) return;
      try {
        const text = await file.text();
        const doc = await uploadText(text);
        remember(doc, text);
        await fillList(doc.name);
        await open(doc.name);
        showMessage("info", [paragraph(`Uploaded ${file.name}: ${doc.clue_count} info cards, one solution.`)]);
      } catch (error) {
        const where = error.message.replace(/^upload:(\d+): /, "line $1: ").replace(/^upload: /, "");
        showMessage("error", [paragraph(`${file.name}: ${where}`)], true);
      }
    });
    window.addEventListener("hashchange", () => {
      const name = decodeURIComponent(location.hash.slice(1));
      if (name && (!puzzle || name !== puzzle.name)) open(name).catch(showError);
    });
  }

  // on a wide screen the message stands above the info cards, beside the grid, so the grid stays in view
  function placeMessage(wide) {
    const box = $("message");
    if (wide) $("info").prepend(box); else $("grid-box").before(box);
  }

  async function start() {
    const wide = matchMedia("(min-width: 900px)");
    placeMessage(wide.matches);
    wide.addEventListener("change", (event) => placeMessage(event.matches));
    wire();
    try {
      const wanted = decodeURIComponent(location.hash.slice(1)) || localStorage.getItem(STORE + "last");
      const puzzles = await fillList();
      try {
        await open(wanted || puzzles[0].name);
      } catch (error) {
        await open(puzzles[0].name);
        showError(error);
      }
    } catch (error) {
      $("title").textContent = "The puzzles could not be loaded";
      showError(error);
    }
  }

  start();
})();
