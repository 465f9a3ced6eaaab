// Which table view draws which game; anything unknown gets the generic view.
import * as generic from "./generic.js";
import * as lucidity from "./lucidity.js";
import * as sleeptight from "./sleeptight.js";

const VIEWS = { lucidity, "sleep-tight": sleeptight };

export function viewFor(game) {
  return VIEWS[game] || generic;
}

export function renderBoard(board, msg, ctx) {
  try {
    viewFor(msg.game).render(board, msg, ctx);
  } catch (err) {
    console.error(err);  // a view that cannot draw this observation falls back to the generic one
    generic.render(board, msg, ctx);
  }
}
