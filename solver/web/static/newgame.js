// @ts-check
// "New game" when the server has no game open: the players in turn order, the two-player variant,
// the points for a last delict without markers (POST /api/games).

import { api } from "./api.js";
import { byId } from "./dom.js";

export function startForm(onStarted) {
  const form = byId("new-game", HTMLFormElement);
  const output = byId("new-game-error");
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const players = [...form.querySelectorAll("input[name=player]")]
      .map((input) => /** @type {HTMLInputElement} */ (input).value.trim()).filter(Boolean);
    /** @param {string} name */
    const ticked = (name) => /** @type {HTMLInputElement} */ (form.elements.namedItem(name)).checked;
    const body = { players, two_player: ticked("two_player"), last_delict_points: ticked("last_one") ? 1 : 5 };
    output.textContent = "";
    try {
      const answer = await api.newGame(body);
      onStarted(answer.state);
    } catch (error) {
      output.textContent = error.message;
    }
  });
}
