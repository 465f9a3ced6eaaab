// Which table view draws which game; anything unknown gets the generic view.
import { t } from "../common.js";
import * as etherfields from "./etherfields.js";
import * as generic from "./generic.js";
import * as lucidity from "./lucidity.js";
import * as sleeptight from "./sleeptight.js";

const VIEWS = { lucidity, "sleep-tight": sleeptight, etherfields };

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

/** A seat's final score in the game's words ("16 Power"); "3 points" by default. */
export function scoreText(msg, seat, score) {
  const view = viewFor(msg.game);
  try { if (view.scoreText) return view.scoreText(msg, seat, score); } catch { /* the default */ }
  return score === "1" ? t("1 point") : t("{score} points", { score });
}

/** What happened to a seat that is out of the game ({kind, you, other}), or null. */
export function fateOf(msg, seat, events) {
  const view = viewFor(msg.game);
  if (!view.fate || seat === null || seat === undefined) return null;
  try { return view.fate(msg, seat, events); } catch { return null; }
}
