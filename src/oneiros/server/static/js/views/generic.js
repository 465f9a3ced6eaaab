// The fallback table for any game: the observation drawn as lists and tables.
import { el, pretty, seatName, t } from "../common.js";

function isPlain(value) {
  return value === null || ["string", "number", "boolean"].includes(typeof value);
}

function show(value) {
  if (value === null || value === undefined) return "—";
  if (typeof value === "boolean") return value ? t("yes") : t("no");
  return String(value);
}

/** Any JSON value as nested lists and tables; ``seats`` names per-seat arrays. */
export function renderValue(value, ctx, key = "") {
  if (isPlain(value)) return el("span", {}, show(value));
  if (Array.isArray(value)) {
    if (value.length === 0) return el("span", { class: "muted" }, t("none"));
    const perSeat = ctx.players && value.length === ctx.players;
    if (value.every(isPlain)) {
      if (perSeat && key !== "to_move") {
        return el("dl", { class: "kv" }, value.flatMap((v, i) => [el("dt", {}, seatName(ctx.seats, i)), el("dd", {}, show(v))]));
      }
      return el("span", {}, value.map(show).join(", "));
    }
    if (value.every((v) => v && typeof v === "object" && !Array.isArray(v))) {
      const cols = [...new Set(value.flatMap((v) => Object.keys(v)))];
      return el("table", { class: "grid" },
        el("thead", {}, el("tr", {}, perSeat ? el("th", {}, t("seat")) : null, cols.map((c) => el("th", {}, pretty(c))))),
        el("tbody", {}, value.map((row, i) => el("tr", {},
          perSeat ? el("td", {}, seatName(ctx.seats, i)) : null,
          cols.map((c) => el("td", {}, renderValue(row[c], ctx, c)))))));
    }
    return el("ol", {}, value.map((v) => el("li", {}, renderValue(v, ctx))));
  }
  return el("dl", { class: "kv" },
    Object.entries(value).flatMap(([k, v]) => [el("dt", {}, pretty(k)), el("dd", {}, renderValue(v, ctx, k))]));
}

export function render(board, msg, ctx) {
  board.replaceChildren(el("section", { class: "panel" }, el("h2", {}, msg.title || pretty(msg.game)), renderValue(msg.observation, ctx)));
}
