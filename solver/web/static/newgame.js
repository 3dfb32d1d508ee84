// @ts-check
// "New game" when the server has no game open: the players in turn order, the two-player variant,
// the points for a last delict without markers (POST /api/games).

import { api, ApiError } from "./api.js";
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
      onStarted((await api.newGame(body)).state);
    } catch (error) {
      if (error instanceof ApiError && error.status === 409 && error.data.state) {
        // another device started (or still plays) a game: ask before it is replaced for everyone
        const open = error.data.state;
        const asked = `A game of ${open.players.join(", ")} is being played. Replace it with a new one for everyone?`;
        if (window.confirm(asked)) {
          try {
            onStarted((await api.newGame({ ...body, replace: true })).state);
          } catch (again) {
            output.textContent = again.message;
          }
        } else {
          onStarted(open);
        }
        return;
      }
      output.textContent = error.message;
    }
  });
}
