// "New game" when the server has no game open: the players in turn order, the two-player variant,
// the points for a last delict without markers (POST /api/games).

import { api } from "./api.js";
import { byId } from "./dom.js";

export function startForm(onStarted) {
  const form = byId("new-game");
  const output = byId("new-game-error");
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const players = [...form.querySelectorAll("input[name=player]")].map((input) => input.value.trim()).filter(Boolean);
    const body = {
      players,
      two_player: form.elements.two_player.checked,
      last_delict_points: form.elements.last_one.checked ? 1 : 5,
    };
    output.textContent = "";
    try {
      const answer = await api.newGame(body);
      onStarted(answer.state);
    } catch (error) {
      output.textContent = error.message;
    }
  });
}
