// Lucidity: each player's dreamer card as a mat with its rows, dice drawn as dice (colour,
// colour letter and face symbol), the bag with its counts, the Nightmare cards with their
// abilities, Manifestations and Dreamscapes as cards. Drawn from the observation fixed in
// core-api.md ("Lucidity observation"). Each die says what it is (data-tokens, data-owner)
// and which ids it could stand for; pieces.js highlights the ones the legal actions name.
import { cardName, el, seatStyle, seatTag, showCard, t } from "../common.js";

const COLOURS = ["blue", "green", "yellow", "red"];
export const LETTER = { blue: "B", green: "G", yellow: "Y", red: "R", bone: "X" };
export const SYMBOL = { power1: "★", power2: "★★", hunt: "⚔", exhaust: "z", shadow: "☾", shadowmark: "☠" };
// the words are looked up when drawn, so they follow the language switch
const faceWord = (face) => ({ power1: t("1 Power"), power2: t("2 Power"), hunt: t("hunt"), exhaust: t("exhaust"), shadow: t("shadow"), shadowmark: t("Shadowmark") })[face];
const colourWord = (c) => ({ blue: t("blue"), green: t("green"), yellow: t("yellow"), red: t("red"), bone: t("bone") })[c] || c;
const colourCount = (c, n) => ({ blue: t("{n} blue", { n }), green: t("{n} green", { n }), yellow: t("{n} yellow", { n }), red: t("{n} red", { n }), bone: t("{n} bone", { n }) })[c] || `${n} ${c}`;
const ROWS = ["power", "hunt", "exhaust", "shadow_blue", "shadow_green", "shadow_yellow", "shadow_red", "shadowmark"];
const rowLabel = (key) => ({ power: t("Power"), hunt: t("Hunt"), exhaust: t("Exhaust"), shadowmark: t("Shadowmarks") })[key];
const SLOTS = { hunt: 4, exhaust: 3 };
export function scoreText(msg, seat, score) {
  return t("{score} Power", { score });
}

function faceOf(die) {
  if (die.face === "exhaust" && die.shadow_side) return "rotated";
  return die.face;
}

function describe(d) {
  const face = d.face ? faceWord(d.face) || d.face : t("not rolled yet");
  const turned = d.face === "exhaust" && d.shadow_side ? t(" (turned to its shadow side)") : "";
  return t("{colour} dream: {face}", { colour: colourWord(d.colour), face }) + turned;
}

/** One die: its colour, its colour's letter and its face symbol. */
export function die(d, attrs = {}) {
  const symbol = d.face ? (SYMBOL[d.face] || d.face) : "";
  const title = describe(d);
  return el("span", {
    class: `die ${d.colour}${d.face === "exhaust" && d.shadow_side ? " turned" : ""}${d.face ? "" : " unrolled"}`,
    title, ...attrs,
  }, el("span", { class: `face${symbol.length > 1 ? " double" : ""}`, "aria-hidden": "true" }, symbol), el("span", { class: "letter", "aria-hidden": "true" }, LETTER[d.colour] || "?"),
  el("span", { class: "sr-only" }, title));
}

/** The ids a die on seat ``seat``'s row ``row`` could stand for (no seat in them). */
function rowActions(d, row, seat, me) {
  const face = faceOf(d);
  const out = [`pick:${row}:${d.colour}:${face}`];
  if (seat === me) {
    if (row === "power") out.push(`reroll:${d.colour}`, `spend:${d.colour}:${d.face}`);
    if (row === "exhaust") out.push(face === "rotated" ? `rest:rotated:${d.colour}` : "rest:exhaust");
    if (row.startsWith("shadow_")) out.push(`rest:shadow:${d.colour}`, `fear:${d.colour}`);
    if (row === "exhaust" && face === "rotated") out.push(`fear:rotated:${d.colour}`);
    if (row === "hunt") out.push(`rest:hunt:${d.colour}`);
  } else if (row === "power" && d.face) {
    out.push(`consume:seat${seat}:${d.face}`);
  }
  return out;
}

function handActions(d) {
  const out = [`return:${d.colour}`, `minion:${d.colour}`, `excess:${d.colour}`, `excess:${d.colour}:${d.face}`, `empower:${d.colour}:${d.face}`];
  if (d.face === "power1" || d.face === "power2") out.push("resolve:power");
  else if (d.face === "hunt") out.push("resolve:hunt");
  else if (d.face === "exhaust") out.push("resolve:exhaust");
  else if (d.face === "shadow") out.push(`resolve:shadow:${d.colour}`);
  else if (d.face === "shadowmark") out.push("resolve:shadowmark");
  if (d.face) out.push(`reroll:${d.colour}:${d.face}`);
  return out;
}

function pieceAttrs(d, actions, tokens, owner) {
  return { dataset: { actions: actions.join(" "), tokens: tokens.filter(Boolean).join(" "), ...(owner === null ? {} : { owner: String(owner) }) } };
}

function bagView(bag) {
  const entries = Object.entries(bag || {}).filter(([c, n]) => c !== "bone" || n > 0);
  const total = entries.reduce((a, [, n]) => a + n, 0);
  return el("div", { class: "bag", role: "group", "aria-label": t("The bag: {n} dreams", { n: total }) },
    el("div", { class: "pouch", "aria-hidden": "true" }, el("span", {}, total)),
    el("div", { class: "bag-counts" }, el("strong", {}, t("Bag")),
      entries.map(([c, n]) => el("span", { class: "chip", title: t("In the bag: {count}", { count: colourCount(c, n) }) },
        el("span", { class: `die mini ${c}`, "aria-hidden": "true" }, el("span", { class: "letter" }, LETTER[c] || "?")), colourCount(c, n)))));
}

export function render(board, msg, ctx) {
  const o = msg.observation || {};
  const cards = ctx.cards || {};
  const inHand = o.in_hand || [];
  const hand = el("div", { class: "in-hand" }, el("strong", {}, t("Just drawn ")),
    el("span", { class: "dice" }, inHand.map((d) => die(d, pieceAttrs(d, handActions(d), ["hand", d.colour, d.face], null)))),
    inHand.length ? null : el("span", { class: "muted" }, t("nothing")));
  const players = o.players || [];
  const order = players.map((_, i) => i);
  if (msg.seat !== null && msg.seat !== undefined && msg.seat < players.length) {
    order.splice(order.indexOf(msg.seat), 1);
    order.unshift(msg.seat);   // your own card first: always on screen
  }
  const mats = el("div", { class: "mats" }, order.map((i) => dreamerMat(players[i], i, o, msg, ctx)));
  const nightmares = el("div", { class: "nightmares" }, COLOURS.filter((c) => o.nightmare_cards && o.nightmare_cards[c])
    .map((c) => nightmareCard(c, o.nightmare_cards[c], cards, ctx)));
  const extra = [];
  if (o.final_turns && o.final_turns.length) extra.push(el("p", { class: "note" }, t("Final turns: "), o.final_turns.map((s) => seatTag(ctx.seats, s))));
  if (o.dreamscape) extra.push(cardView(o.dreamscape, cards, "dreamscape"));
  const manifest = (o.manifest_revealed || []).concat(o.manifest_pool || []);
  const sections = [
    el("section", { class: "panel tabletop" }, el("div", { class: "row spread" }, bagView(o.bag),
      o.turn !== undefined ? el("span", { class: "chip" }, t("Turn {turn}", { turn: o.turn })) : null), hand, extra),
    mats,
    el("section", { class: "panel" }, el("h2", {}, t("Nightmare cards")), nightmares),
  ];
  if (manifest.length) sections.push(el("section", { class: "panel" }, el("h2", {}, t("Manifestations")),
    el("div", { class: "hand" }, [...new Set(manifest)].map((id) => cardView(id, cards, "manifestation")))));
  sections.push(legend(cards));
  board.replaceChildren(...sections);
}

function cardView(id, cards, kind) {
  const c = cards[id] || { name: cardName(id, cards), text: "" };
  return el("button", { type: "button", class: `card ${kind}`, title: c.text || c.name, onclick: () => showCard(c), dataset: { tokens: `${kind} ${id}` } },
    el("span", { class: "card-name" }, c.name), c.cost !== undefined ? el("span", { class: "cost", title: t("cost") }, c.cost) : null,
    c.text ? el("span", { class: "card-text" }, c.text) : null);
}

function nightmareCard(colour, card, cards, ctx) {
  const info = cards[`nightmare:${colour}`] || { name: t("Nightmare"), text: "" };
  const holder = card.holder === null || card.holder === undefined ? null : card.holder;
  return el("div", { class: `nightmare-card ${colour}` },
    el("button", { type: "button", class: "card-name linkish", onclick: () => showCard(info) },
      el("span", { class: `die mini ${colour}`, "aria-hidden": "true" }, el("span", { class: "letter" }, LETTER[colour])), ` ${info.name}`),
    el("div", { class: "card-text" }, info.text),
    el("div", {}, holder === null ? el("span", { class: "muted" }, t("not taken")) : seatTag(ctx.seats, holder)),
    el("span", { class: "dice" }, (card.dice || []).map((d) => die(d, pieceAttrs(d, [`pick:nightmare:${d.colour}:${faceOf(d)}`], ["nightmare", d.colour, d.face, faceOf(d)], null)))));
}

function rowName(key, cards) {
  const c = cards[`row:${key}`];
  if (c) return c.name;
  return rowLabel(key) || key;
}

function dreamerMat(p, i, o, msg, ctx) {
  const cards = ctx.cards || {};
  const role = p.role || "dreamer";
  const power = o.power ? o.power[i] : undefined;
  const rows = p.rows || {};
  const lines = ROWS.filter((key) => key in rows)
    .filter((key) => key !== "shadowmark" || rows[key].length)
    .filter((key) => role === "dreamer" || rows[key].length)
    .map((key) => {
      const dice = rows[key];
      const cap = key.startsWith("shadow_") ? (p.shadow_needed || 3) : (o.dreamscape ? 0 : (SLOTS[key] || 0));
      const empty = Math.max(0, cap - dice.length);
      const colour = key.startsWith("shadow_") ? key.slice(7) : "";
      return el("div", { class: `rowline ${key.startsWith("shadow_") ? "shadow-row " + colour : key}` },
        el("button", { type: "button", class: "rowname linkish", title: (cards[`row:${key}`] || {}).text || "", onclick: () => cards[`row:${key}`] && showCard(cards[`row:${key}`]) },
          colour ? el("span", { class: `die mini ${colour}`, "aria-hidden": "true" }, el("span", { class: "letter" }, LETTER[colour])) : null, rowName(key, cards)),
        el("span", { class: "dice" },
          dice.map((d) => die(d, pieceAttrs(d, rowActions(d, key, i, msg.seat), [key, d.colour, d.face, faceOf(d), key.startsWith("shadow_") ? "shadow" : ""], i))),
          Array.from({ length: empty }, () => el("span", { class: "slot", "aria-hidden": "true" }))));
    });
  const roleText = role === "nightmare" ? (cards[`nightmare:${p.colour}`] || {}).name || t("Nightmare")
    : role === "eliminated" ? t("eaten by the Nightmares") : t("dreamer");
  const head = el("div", { class: "mat-head", dataset: { actions: `target:seat${i}`, owner: String(i) } },
    seatTag(ctx.seats, i, { you: i === msg.seat }),
    el("span", { class: `pill role ${role}` }, roleText),
    power !== undefined ? el("span", { class: "power", title: t("Power") }, t("★ {n} Power", { n: power })) : null);
  const track = p.track ? el("div", { class: "muted small-text" }, t("Sleep track {track}", { track: p.track }),
    p.control !== null && p.control !== undefined ? t(" · control {n}", { n: p.control }) : "",
    p.track_stage !== null && p.track_stage !== undefined ? t(" · stage {n}", { n: p.track_stage + 1 }) : "",
    p.shield ? t(" · shield {n}", { n: p.shield }) : "") : null;
  const owned = (p.manifestations || []).length ? el("div", { class: "hand" }, p.manifestations.map((id) => cardView(id, cards, "manifestation"))) : null;
  return el("article", {
    class: `mat${o.current === i ? " current" : ""} ${role}`, style: seatStyle(i),
    "aria-label": t("{role} card", { role: roleText }),
  }, head, track, role === "eliminated" ? el("p", { class: "muted" }, t("Eaten: out of the game.")) : lines, owned);
}

function legend(cards) {
  return el("details", { class: "panel legend" }, el("summary", {}, t("Legend: dice faces and rows")),
    el("div", { class: "row" }, Object.entries(SYMBOL).map(([face, s]) => el("span", { class: "chip" },
      el("span", { class: "die mini bone", "aria-hidden": "true" }, el("span", { class: "face" }, s)), faceWord(face)))),
    el("p", { class: "muted" }, t("Each die shows its colour's letter: B blue, G green, Y yellow, R red, X bone. A die drawn in italics with a stripe is turned to its shadow side.")),
    el("ul", {}, ["shadow_blue", "shadow_green", "shadow_yellow", "shadow_red"].filter((k) => cards[`row:${k}`]).map((k) =>
      el("li", {}, el("button", { type: "button", class: "linkish", onclick: () => showCard(cards[`row:${k}`]) }, t("{letter} row: {name}", { letter: LETTER[k.slice(7)], name: cards[`row:${k}`].name }))))));
}

/** What happened to ``seat`` if it is out of the game (shown once, and at the game's end). */
export function fate(msg, seat, events = []) {
  const p = ((msg.observation || {}).players || [])[seat];
  if (!p || p.role !== "eliminated") return null;
  const e = events.filter((x) => x.kind === "eliminated" && x.data && x.data.seat === seat).pop();
  const marks = e && /Shadowmark|marcas de sombra/.test(e.text);   // the event may be in Spanish
  return {
    kind: marks ? "eliminated" : "eaten",
    you: marks ? t("You were taken by the Bone Hunters (three Shadowmarks): you are out of the game. You keep watching the others play to the end.")
      : t("You were eaten by the Nightmares: you are out of the game. You keep watching the others play to the end."),
    other: marks ? t("got taken by the Bone Hunters (three Shadowmarks)") : t("got eaten by the Nightmares"),
  };
}
