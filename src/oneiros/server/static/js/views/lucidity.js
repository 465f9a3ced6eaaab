// Lucidity: dreamer cards with the dice in their rows, the bag, the Nightmare cards and the
// dreams in hand, drawn from the observation fixed in core-api.md ("Lucidity observation").
// Dice are clickable when an action uses them (pick, spend to reroll, rest, consume...).
import { el, pretty, seatName } from "../common.js";

const COLOURS = ["blue", "green", "yellow", "red"];
const FACE = { power1: "1★", power2: "2★", hunt: "Hunt", exhaust: "Exh", shadow: "Shd", shadowmark: "Mark" };
const ROWS = [
  ["power", "Power"], ["hunt", "Hunt"], ["exhaust", "Exhaust"],
  ["shadow_blue", "Shadow blue"], ["shadow_green", "Shadow green"],
  ["shadow_yellow", "Shadow yellow"], ["shadow_red", "Shadow red"], ["shadowmark", "Shadowmarks"],
];

function faceOf(die) {
  if (die.face === "exhaust" && die.shadow_side) return "rotated";
  return die.face;
}

export function die(d, actions = []) {
  const face = d.face === null || d.face === undefined ? "?" : (FACE[d.face] || d.face);
  const title = `${d.colour} ${d.face ? pretty(d.face) : "dream (not rolled)"}${d.shadow_side ? " (shadow side)" : ""}`;
  return el("span", {
    class: `die ${d.colour}${d.shadow_side ? " shadow" : ""}`,
    title, "aria-label": title,
    dataset: actions.length ? { actions: actions.join(" ") } : undefined,
  }, face);
}

/** The actions a die on seat ``seat``'s row ``row`` could stand for. */
function rowActions(d, row, seat, me) {
  const face = faceOf(d);
  const out = [`pick:${row}:${d.colour}:${face}`];
  if (seat === me) {
    if (row === "power") out.push(`reroll:${d.colour}`);
    if (row === "exhaust") out.push(face === "rotated" ? `rest:rotated:${d.colour}` : "rest:exhaust");
    if (row.startsWith("shadow_")) out.push(`rest:shadow:${d.colour}`, `fear:${d.colour}`);
    if (row === "hunt") out.push(`rest:hunt:${d.colour}`);
  } else if (row === "power" && d.face) {
    out.push(`consume:seat${seat}:${d.face}`);
  }
  return out;
}

function handActions(d) {
  const out = [`return:${d.colour}`, `minion:${d.colour}`, `excess:${d.colour}`];
  if (d.face === "power1" || d.face === "power2") out.push("resolve:power");
  else if (d.face === "hunt") out.push("resolve:hunt");
  else if (d.face === "exhaust") out.push("resolve:exhaust");
  else if (d.face === "shadow") out.push(`resolve:shadow:${d.colour}`);
  else if (d.face === "shadowmark") out.push("resolve:shadowmark");
  return out;
}

export function render(board, msg, ctx) {
  const o = msg.observation || {};
  const me = msg.seat;
  const bag = el("div", { class: "bag" }, el("strong", {}, "Bag"),
    Object.entries(o.bag || {}).filter(([c, n]) => c !== "bone" || n > 0).map(([c, n]) =>
      el("span", { class: "chip", title: `${n} ${c} dreams in the bag` }, el("span", { class: `swatch ${c}` }), `${n}`)));
  const hand = el("div", {}, el("strong", {}, "In hand "),
    el("span", { class: "dice" }, (o.in_hand || []).map((d) => die(d, handActions(d)))),
    (o.in_hand || []).length ? null : el("span", { class: "muted" }, "nothing drawn"));
  const cards = el("div", { class: "cards" }, (o.players || []).map((p, i) => dreamerCard(p, i, o, msg, ctx)));
  const nightmares = el("div", { class: "nightmares" }, COLOURS.filter((c) => o.nightmare_cards && o.nightmare_cards[c])
    .map((c) => {
      const card = o.nightmare_cards[c];
      return el("div", { class: "nightmare-card" },
        el("div", {}, el("span", { class: `swatch ${c}` }), ` Nightmare (${c}) `,
          card.holder === null || card.holder === undefined ? el("span", { class: "muted" }, "free") : el("strong", {}, seatName(ctx.seats, card.holder))),
        el("span", { class: "dice" }, (card.dice || []).map((d) => die(d, [`pick:nightmare:${d.colour}:${faceOf(d)}`]))));
    }));
  const extra = [];
  if (o.final_turns && o.final_turns.length) extra.push(el("p", { class: "muted" }, `Final turns: ${o.final_turns.map((s) => seatName(ctx.seats, s)).join(", ")}`));
  board.replaceChildren(
    el("section", { class: "panel" }, el("div", { class: "row" }, bag, o.turn !== undefined ? el("span", { class: "muted" }, `turn ${o.turn}`) : null), hand, extra),
    cards,
    el("section", { class: "panel" }, el("h3", {}, "Nightmare cards"), nightmares),
  );
}

function dreamerCard(p, i, o, msg, ctx) {
  const role = p.role || "dreamer";
  const power = o.power ? o.power[i] : undefined;
  const rows = p.rows || {};
  const lines = ROWS.filter(([key]) => key in rows && (rows[key].length || !key.startsWith("shadow_") || role === "dreamer"))
    .filter(([key]) => key !== "shadowmark" || rows[key].length)
    .map(([key, label]) => el("div", { class: "rowline" },
      el("span", { class: "rowname" }, label),
      el("span", { class: "dice" }, rows[key].map((d) => die(d, rowActions(d, key, i, msg.seat))))));
  const head = el("div", { class: "row", dataset: { actions: `target:seat${i}` } },
    el("strong", {}, seatName(ctx.seats, i)), i === msg.seat ? el("span", { class: "pill" }, "you") : null,
    el("span", { class: "pill" }, role === "nightmare" ? `Nightmare${p.colour ? " (" + p.colour + ")" : ""}` : pretty(role)),
    power !== undefined ? el("span", { title: "Power" }, `★ ${power}`) : null);
  const track = p.track ? el("div", { class: "muted" }, `Track ${p.track}`,
    p.control !== null && p.control !== undefined ? ` · control ${p.control}` : "",
    p.track_stage !== null && p.track_stage !== undefined ? ` · stage ${p.track_stage + 1}` : "",
    p.shadow_needed ? ` · ${p.shadow_needed} shadows make a Nightmare` : "") : null;
  return el("article", { class: `dreamer${o.current === i ? " current" : ""}${role === "nightmare" ? " nightmare" : ""}` },
    head, track, role === "eliminated" ? el("p", { class: "muted" }, "eliminated") : lines);
}
