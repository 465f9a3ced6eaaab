// Etherfields: the Dreamscape map in SVG (Walls, Blocked spaces, the Entrance, Spawn spaces
// with their suits, terrain, Traps, drawing bonuses, map actions), the miniatures, the
// Entities with their Morphings, the Turn card and the Hours, each Dreamer's Distress, Ether,
// Gems and piles, the back on top of each deck, and the viewer's hand with its Intent. In a
// Slumber: the Slumber map as Fate cards place its tiles, each tile's name, the Quirk spaces
// and the Fate cards lying in them (their Quirk on the card), the Slumber, the Fate card
// drawn and the journey so far.
// Everything comes from the observation and the card texts; no rule is decided here.
//
// A space stands for the ids that name it (space:<ref>, use:map:<ref>:<ability>), the space
// one step from the viewer's Dreamer for step:<dir>, and a miniature for the ids naming its
// Entity (target:entity:<id>, use:entity:<id>:<ability>): pieces.js lights the legal ones.
import { cardName, el, seatStyle, seatTag, showCard, t } from "../common.js";

const NS = "http://www.w3.org/2000/svg";
const SUITS = { hearts: "♥", spades: "♠", diamonds: "♦", clubs: "♣" };
const TERRAIN = {
  water: { fill: "#1d4f7a", mark: "≈" }, darkness: { fill: "#14101c", mark: "▒" },
  light: { fill: "#6b5d22", mark: "☼" }, swamp: { fill: "#2f4a2a", mark: "§" },
};
const COLOURS = { awareness: "A", cunning: "C", wrath: "W" };
const STEPS = { n: [0, -1], e: [1, 0], s: [0, 1], w: [-1, 0] };
const CELL = 100;
const STYLE = `
.ef-map { width: 100%; max-width: 40rem; height: auto; display: block; margin: 0 auto; touch-action: manipulation; }
.ef-map text { font-family: "DejaVu Sans", system-ui, sans-serif; pointer-events: none; }
.ef-map .space rect.floor { stroke: #3d3560; stroke-width: 1; }
.ef-map .space.playable { outline: none; cursor: pointer; }
.ef-map .space.playable rect.floor { stroke: var(--warn); stroke-width: 5; }
.ef-map .space.playable.ambiguous rect.floor { stroke-dasharray: 8 5; }
.ef-map .mini.playable { outline: none; cursor: pointer; }
.ef-map .mini.playable circle, .ef-map .mini.playable polygon { stroke: var(--warn); stroke-width: 4; }
.ef-map .space:focus-visible rect.floor, .ef-map .mini:focus-visible circle { stroke: var(--moon); stroke-width: 6; }
.ef-intent { display: inline-block; min-width: 1.4rem; text-align: center; border-radius: .3rem; padding: 0 .25rem; font-weight: 700; margin-right: .15rem; }
.ef-intent.awareness { background: #3a7bd5; color: #fff; } .ef-intent.cunning { background: #3fa34d; color: #fff; }
.ef-intent.wrath { background: #d64545; color: #fff; }
.ef-map .quirk-slot { fill: none; stroke: #9fd8cb; stroke-width: 2; stroke-dasharray: 5 4; }
.ef-map .quirk rect { fill: #efe3c2; stroke: #7a5c2e; stroke-width: 2; }
.ef-map .quirk text { fill: #3b2a12; }
.ef-map .tile-edge { fill: none; stroke: #8a7fb8; stroke-width: 2; stroke-dasharray: 2 6; pointer-events: none; }
.ef-placed.flipped { color: #9a93b3; font-style: italic; } .ef-placed.flaw { color: #e07a7a; }
.ef-slumber ul { margin: .3rem 0 0 1.1rem; padding: 0; }
.ef-back { grid-column: span 2; color: #c9c2e0; } .ef-back.flaw { color: #e07a7a; } .ef-back.secret { color: #e6c46a; }
.ef-stats { display: grid; grid-template-columns: repeat(auto-fill, minmax(6.5rem, 1fr)); gap: .2rem .6rem; font-size: .9rem; }
`;

/** The observation's words in the page's language (suits, terrain, colours, outcomes). */
function word(value) {
  const words = {
    hearts: t("hearts"), spades: t("spades"), diamonds: t("diamonds"), clubs: t("clubs"),
    water: t("water"), darkness: t("darkness"), light: t("light"), swamp: t("swamp"),
    awareness: t("Awareness"), cunning: t("Cunning"), wrath: t("Wrath"),
    victory: t("victory"), defeat: t("defeat"), distress: t("a Dreamer suffered an 8th Distress"),
    empty_pool: t("Distress was due and the pool was empty"), out_of_turns: t("out of Turn cards"),
    too_few_cards: t("a Dreamer had fewer than 6 cards"),
    slumber_won: t("the Slumber is won"), slumber_lost: t("the Slumber is lost"),
    slumber_skipped: t("the Slumber was skipped"), slumber_done: t("the Slumber is over"),
    slumber_delivered: t("the Slumber is delivered"), delivered: t("delivered"),
    awakened: t("the Dreamers awakened"), delta_phase: t("the Delta Phase came"),
    won: t("won"), lost: t("lost"), skipped: t("skipped"), done: t("done"),
  };
  return words[value] || String(value ?? "").replace(/_/g, " ");
}

/** A map action by its printed words ("Climb the ladder"), from the card texts
 * (``map:<slot>:<ability>``); the whole printed text for a tooltip. */
function actionName(ref, ability, cards) {
  const found = cards[`map:${String(ref).split(".")[0]}:${ability}`];
  return found ? found.name : ability.replace(/[-_]/g, " ");
}

function actionText(ref, ability, cards) {
  const found = cards[`map:${String(ref).split(".")[0]}:${ability}`];
  return found ? `${found.name} — ${found.text}` : actionName(ref, ability, cards);
}

function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(NS, tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "dataset") Object.assign(node.dataset, value);
    else node.setAttribute(key, String(value));
  }
  for (const child of children.flat(Infinity)) {
    if (child === undefined || child === null || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

function text(x, y, content, attrs = {}) {
  return svg("text", { x, y, fill: "#efeafb", "font-size": 13, ...attrs }, content);
}

/** The Dreamscape map: one square per space, walls as thick edges, miniatures inside. */
function drawMap(o, msg, ctx) {
  const spaces = o.map || [];
  const cards = ctx.cards || {};
  const xs = spaces.map((s) => s.x), ys = spaces.map((s) => s.y);
  const x0 = Math.min(...xs), y0 = Math.min(...ys);
  const w = (Math.max(...xs) - x0 + 1) * CELL, h = (Math.max(...ys) - y0 + 1) * CELL;
  const at = new Map(spaces.map((s) => [`${s.x},${s.y}`, s]));
  // the spaces one step from the viewer's Dreamer stand for step:<dir>
  const steps = new Map();
  const me = msg.seat !== null && msg.seat !== undefined ? (o.dreamers || [])[msg.seat] : null;
  const mine = me && me.space ? spaces.find((s) => s.ref === me.space) : null;
  if (mine) for (const [d, [dx, dy]] of Object.entries(STEPS)) {
    const next = at.get(`${mine.x + dx},${mine.y + dy}`);
    if (next) steps.set(next.ref, d);
  }
  const here = new Map();
  (o.dreamers || []).forEach((d, seat) => { if (d.space) (here.get(d.space) || here.set(d.space, []).get(d.space)).push({ seat }); });
  for (const m of o.entities || []) (here.get(m[2]) || here.set(m[2], []).get(m[2])).push({ entity: m[0], kind: m[1] });
  for (const [c, sp] of o.companions || []) (here.get(sp) || here.set(sp, []).get(sp)).push({ companion: c });

  const root = svg("svg", { class: "ef-map", viewBox: `-4 -4 ${w + 8} ${h + 8}`, role: "group",
    "aria-label": o.slumber ? t("The Slumber Dreamscape map") : t("The Dreamscape map") }, svg("style", {}, STYLE));
  const layer = svg("g");
  const walls = svg("g", { "pointer-events": "none" });
  const minis = svg("g");
  for (const s of spaces) {
    const x = (s.x - x0) * CELL, y = (s.y - y0) * CELL;
    const terrain = s.terrain || [];
    const fill = s.blocked ? "#4a4452" : (TERRAIN[terrain[0]] || {}).fill || "#2b2447";
    const own = [`space:${s.ref}`, ...Object.keys(s.actions || {}).map((a) => `use:map:${s.ref}:${a}`)];
    if (steps.has(s.ref)) own.push(`step:${steps.get(s.ref)}`);
    const facts = [s.ref, s.blocked ? t("Blocked") : "", s.entrance ? t("Entrance") : "",
      s.spawn ? (typeof s.spawn === "string" ? t("Spawn {suit}", { suit: word(s.spawn) }) : t("Spawn")) : "", s.trap ? t("Trap") : "",
      s.draw_bonus ? t("drawing bonus +{n}", { n: s.draw_bonus }) : "", terrain.map(word).join(", "),
      ...Object.entries(s.actions || {}).map(([a, used]) => (used ? t("map action {name} (used)", { name: actionText(s.ref, a, cards) }) : t("map action {name}", { name: actionText(s.ref, a, cards) }))),
      s.tile && cards[s.tile] ? t("tile {name}", { name: cards[s.tile].name }) : "",
      s.quirk ? t("Quirk of {name}: {text}", { name: cardName(s.quirk, cards), text: (cards[s.quirk] || {}).quirk || "" })
        : (s.quirk_slot ? t("an empty Quirk space") : "")].filter(Boolean);
    const g = svg("g", { class: `space${s.blocked ? " blocked" : ""}`, dataset: { actions: own.join(" "), ref: s.ref } },
      svg("title", {}, facts.join(" · ")),
      svg("rect", { class: "floor", x: x + 2, y: y + 2, width: CELL - 4, height: CELL - 4, rx: 6, fill }),
      text(x + 7, y + 17, s.ref, { "font-size": 12, fill: "#b3acc9" }));
    if (s.blocked) {
      g.append(svg("path", { d: `M${x + 14} ${y + 14}L${x + CELL - 14} ${y + CELL - 14}M${x + CELL - 14} ${y + 14}L${x + 14} ${y + CELL - 14}`, stroke: "#1b1636", "stroke-width": 5 }));
    }
    const marks = [];
    if (s.entrance) marks.push("⌂E");
    if (s.spawn) marks.push(`S${SUITS[s.spawn] || ""}`);
    if (s.trap) marks.push("⚠T");
    if (s.draw_bonus) marks.push(`+${s.draw_bonus}`);
    for (const t of terrain) marks.push((TERRAIN[t] || {}).mark || t[0]);
    if (marks.length) g.append(text(x + CELL - 6, y + 17, marks.join(" "), { "text-anchor": "end", "font-size": 13, fill: "#f3e7b3" }));
    if (s.quirk_slot && !s.quirk) g.append(svg("rect", { class: "quirk-slot", x: x + 46, y: y + 46, width: 48, height: 36, rx: 4 }));
    if (s.quirk) {
      // the Fate card lying in its Quirk space, its Quirk printed on it ("Fate Cards")
      const name = cardName(s.quirk, cards);
      g.append(svg("g", { class: "quirk", dataset: { card: s.quirk } },
        svg("rect", { x: x + 44, y: y + 44, width: 52, height: 40, rx: 4 }),
        text(x + 70, y + 59, "Q", { "text-anchor": "middle", "font-size": 12, "font-weight": 700 }),
        text(x + 70, y + 75, name.length > 9 ? `${name.slice(0, 8)}…` : name, { "text-anchor": "middle", "font-size": 9 })));
    }
    Object.entries(s.actions || {}).forEach(([a, used], k) => {
      const name = actionName(s.ref, a, cards);
      const label = name.length > 13 ? name.slice(0, 12) + "…" : name;
      g.append(text(x + 7, y + CELL - 8 - 14 * k, `${used ? "·" : "★"} ${label}`, { "font-size": 11, fill: used ? "#7d7699" : "#ffb454", "text-decoration": used ? "line-through" : null }));
    });
    layer.append(g);
    // Walls: thick lines on the sides that have one
    const side = { n: [x, y, x + CELL, y], s: [x, y + CELL, x + CELL, y + CELL], w: [x, y, x, y + CELL], e: [x + CELL, y, x + CELL, y + CELL] };
    for (const d of s.walls || []) {
      const [a, b, c, e] = side[d];
      walls.append(svg("line", { x1: a, y1: b, x2: c, y2: e, stroke: "#f3e7b3", "stroke-width": 7, "stroke-linecap": "round" }));
    }
    // miniatures: Dreamers as coloured discs, Entities as crimson diamonds
    (here.get(s.ref) || []).forEach((m, k) => {
      const cx = x + 22 + (k % 3) * 28, cy = y + 44 + Math.floor(k / 3) * 26;
      if (m.companion !== undefined) {
        // a Companion ("Companions"): a friendly miniature, neither Dreamer nor Entity
        const name = cardName(m.companion, cards);
        minis.append(svg("g", { class: "mini companion", dataset: { companion: m.companion } },
          svg("title", {}, t("Companion {name} at {space}", { name, space: s.ref })),
          svg("rect", { x: cx - 11, y: cy - 11, width: 22, height: 22, rx: 4, fill: "#3fb8a4", stroke: "#120f1f", "stroke-width": 2 }),
          text(cx, cy + 5, name.slice(0, 1), { "text-anchor": "middle", "font-size": 13, "font-weight": 700, fill: "#120f1f" })));
      } else if (m.seat !== undefined) {
        minis.append(svg("g", { class: "mini dreamer", style: seatStyle(m.seat), dataset: { owner: String(m.seat) } },
          svg("title", {}, t("{dreamer} (player {n}) at {space}", { dreamer: cardName((o.dreamers[m.seat] || {}).dreamer, cards), n: m.seat + 1, space: s.ref })),
          svg("circle", { cx, cy, r: 12, style: "fill: var(--seat)", stroke: "#120f1f", "stroke-width": 2 }),
          text(cx, cy + 5, String(m.seat + 1), { "text-anchor": "middle", "font-size": 14, "font-weight": 700, fill: "#120f1f" })));
      } else {
        minis.append(svg("g", { class: "mini entity", dataset: { actions: `target:entity:${m.entity}` } },
          svg("title", {}, t("{entity} ({id}) at {space}", { entity: cardName(m.kind, cards), id: cardName(m.entity, cards), space: s.ref })),
          svg("polygon", { points: `${cx},${cy - 13} ${cx + 13},${cy} ${cx},${cy + 13} ${cx - 13},${cy}`, fill: "#d64545", stroke: "#120f1f", "stroke-width": 2 }),
          text(cx, cy + 4, m.entity.split(".").pop(), { "text-anchor": "middle", "font-size": 11, "font-weight": 700 })));
      }
    });
  }
  // a Slumber map: each tile's outline and name, so a newly placed tile reads as one
  const tiles = svg("g", { class: "tiles" });
  if (o.slumber) {
    const byTile = new Map();
    for (const s of spaces) if (s.tile) (byTile.get(s.tile) || byTile.set(s.tile, []).get(s.tile)).push(s);
    for (const [tile, own] of byTile) {
      const tx = Math.min(...own.map((s) => s.x)) - x0, ty = Math.min(...own.map((s) => s.y)) - y0;
      const tw = Math.max(...own.map((s) => s.x)) - x0 - tx + 1, th = Math.max(...own.map((s) => s.y)) - y0 - ty + 1;
      tiles.append(svg("g", { class: "tile", dataset: { tile } },
        svg("rect", { class: "tile-edge", x: tx * CELL + 1, y: ty * CELL + 1, width: tw * CELL - 2, height: th * CELL - 2, rx: 8 }),
        text(tx * CELL + tw * CELL / 2, ty * CELL + th * CELL - 3, cardName(tile, cards), { "text-anchor": "middle", "font-size": 10, fill: "#b3acc9" })));
    }
  }
  root.append(layer, tiles, walls, minis);
  return root;
}

function intentChips(intent) {
  return (intent || []).map(([colour, value]) => el("span", { class: `ef-intent ${colour}`, title: `${value} ${word(colour)}` }, `${value}${COLOURS[colour] || colour[0]}`));
}

/** A card in the viewer's hand stands for the ids naming its entity id (pay:, discard:...). */
function handCard(id, cards, entity) {
  const c = cards[id] || { name: cardName(id, cards), text: "" };
  const own = entity ? [`discard:${entity}`, `play:${entity}`, `place:${entity}`,
    ...(c.intent || []).map(([colour]) => `pay:${entity}:${colour}`)] : [];
  return el("div", { class: "card-wrap" },
    el("div", { class: "card influence", title: c.text ? `${c.name}: ${c.text}` : c.name, dataset: own.length ? { actions: own.join(" ") } : {} },
      el("span", { class: "card-head" }, el("span", { class: "card-name" }, c.name)),
      el("span", { class: "card-text" }, intentChips(c.intent), c.intent && c.intent.length > 1 ? t(" (one of)") : "")),
    el("button", { type: "button", class: "card-more", "aria-label": t("Read {name}", { name: c.name }), onclick: () => showCard(c) }, "?"));
}

/** Each Dreamer's Progress zone as read: a card by name, "(face down)" when flipped
 * (``o.flipped`` holds card ids, ``<owner>.<face>.<k>`` or ``gained.<face>``), a Flaw lying
 * there "(Flaw)" ("Progress Influence Cards", "Flaws"): ``[[name, "flipped"|"flaw"|""]]``. */
function progressNames(o, cards) {
  const down = (o.flipped || []).map((c) => (String(c).includes(".") ? String(c).split(".")[1] : String(c)));
  return (o.dreamers || []).map((d) => (d.progress || []).map((face) => {
    const name = cardName(face, cards);
    if ((cards[face] || {}).kind === "flaw") return [t("{name} (Flaw)", { name }), "flaw"];
    const k = down.indexOf(face);
    if (k >= 0) { down.splice(k, 1); return [t("{name} (face down)", { name }), "flipped"]; }
    return [name, ""];
  }));
}

/** The back on top of the Dreamer's deck, seen by every seat ("Influence Cards"): the
 * Dreamer whose starting back it is, plain, Secret or Flaw; nothing for an empty deck. */
function deckBack(d, cards) {
  const back = d.top_back;
  if (!back) return null;
  const words = { plain: t("back: plain"), secret: t("back: Secret"), flaw: t("back: Flaw") };
  const shown = words[back] || t("back: {name}", { name: cardName(back, cards) });
  return el("span", { class: `ef-back ${words[back] ? back : "starting"}`, title: t("The back on top of a deck is seen by everyone (Influence Cards); a Dreamer's own starting back on top lets them use their back-of-card action") }, shown);
}

function dreamerPanel(d, i, me, ctx, o) {
  const stat = (label, value, title) => el("span", { title }, el("b", {}, String(value ?? 0)), ` ${label}`);
  return el("article", { class: `mat ef-dreamer${i === o.first ? " first" : ""}`, style: seatStyle(i) },
    el("div", { class: "mat-head" }, seatTag(ctx.seats, i, { you: i === me }),
      el("span", { class: "pill" }, cardName(d.dreamer, ctx.cards)),
      el("span", { class: "muted" }, d.space ? t("at {space}", { space: d.space }) : t("not on the map")),
      i === o.first ? el("span", { class: "pill ok" }, t("first player")) : null),
    el("div", { class: "ef-stats" },
      stat(t("Distress"), d.distress, t("Distress tokens held")), stat(t("Ether"), d.ether, t("Ether")), stat(t("Gems"), d.gems, t("Gems")),
      stat(t("deck"), d.deck, t("cards in the deck")), deckBack(d, ctx.cards), stat(t("hand"), d.hand, t("cards in hand")),
      stat(t("discard"), (d.discard || []).length, t("cards in the discard pile")), stat(t("sealed"), (d.sealed || []).length, t("sealed cards")),
      (d.progress || []).length ? el("span", { class: "ef-progress", title: t("placed Progress cards") }, t("Progress: "),
        progressNames(o, ctx.cards)[i].map(([name, how], k) => el("span", { class: `ef-placed${how ? ` ${how}` : ""}` }, k ? ", " : "", name))) : null,
      d.mask ? el("span", { class: "pill", title: (ctx.cards[d.mask] || {}).text || t("worn Mask") }, t("Mask: {name}", { name: cardName(d.mask, ctx.cards) })) : null,
      ...(o.states || []).filter(([who]) => who === i).map(([, s]) => el("span", { class: "pill warn", title: t("State token") }, cardName(s, ctx.cards)))));
}

/** The Slumber: the tile being played, the decks, the Fate card drawn, the Quirks and how
 * each Slumber of the journey ended. */
function slumberPanel(sl, cards) {
  const tile = sl.tile ? cards[sl.tile] || { name: sl.tile, text: "" } : null;
  const lines = [];
  for (const f of sl.fate_current || []) lines.push(el("li", { class: "ef-fate" }, el("b", {}, t("Fate card: {name}", { name: cardName(f, cards) })), " ", (cards[f] || {}).text || ""));
  for (const [ref, f] of sl.quirks || []) lines.push(el("li", { class: "ef-quirk" }, t("Quirk at {space}: {name}", { space: ref, name: cardName(f, cards) }), " — ", (cards[f] || {}).quirk || ""));
  if ((sl.results || []).length) lines.push(el("li", {}, t("Slumbers so far: {list}", { list: sl.results.map(([s, r]) => `${cardName(s, cards)} (${word(r)})`).join(", ") })));
  if (sl.delta_done) lines.push(el("li", {}, t("The Delta Phase is done")));
  if (sl.deliverance) lines.push(el("li", {}, t("Deliverance is unlocked")));
  if ((sl.removed || []).length) lines.push(el("li", {}, t("Out of the game: {list}", { list: sl.removed.map((s) => cardName(s, cards)).join(", ") })));
  return el("section", { class: "panel ef-slumber" },
    el("h2", {}, sl.mode === "journey" ? t("Journey") : t("Slumber")),
    el("div", { class: "row" },
      el("span", { class: "chip", title: tile ? tile.text : "" }, tile ? tile.name : t("between Slumbers")),
      el("span", { class: "chip", title: t("Slumber tiles left in the Slumber deck") }, t("Slumber deck {n}", { n: sl.deck ?? 0 })),
      el("span", { class: "chip", title: t("Fate cards left in the Fate deck") }, t("Fate deck {n}", { n: sl.fate_deck ?? 0 })),
      el("span", { class: "chip", title: t("Slumber map tiles not placed yet") }, t("Map tiles left {n}", { n: sl.map_deck ?? 0 })),
      sl.loot ? el("span", { class: "chip" }, t("Loot {n}", { n: sl.loot })) : null),
    tile && tile.text ? el("p", { class: "muted" }, tile.text) : null,
    lines.length ? el("ul", {}, lines) : null);
}

export function render(board, msg, ctx) {
  const o = msg.observation || {};
  const cards = ctx.cards || {};
  const me = msg.seat;
  const dreamers = o.dreamers || [];
  const turnCard = o.turn_card ? cards[o.turn_card] : null;
  const head = el("div", { class: "row" },
    el("span", { class: "chip" }, t("Turn {turn}", { turn: o.turn ?? 0 })),
    el("span", { class: "chip", title: turnCard ? turnCard.text : "" }, t("Turn card {id}", { id: o.turn_card ? cardName(o.turn_card, cards) : "—" })),
    turnCard ? el("span", { class: "muted" }, turnCard.text) : null,
    el("span", { class: "chip" }, t("{n} Turn cards left", { n: o.turns_left ?? 0 })),
    (o.blocked_steps || []).length ? el("span", { class: "chip", title: t("Turn card steps marked with a Block token: skipped") },
      t("Blocked: {steps}", { steps: o.blocked_steps.map((k) => (o.turn_steps || [])[k] || k + 1).join(", ") })) : null,
    (o.turn_deck || []).length ? el("span", { class: "chip", title: t("The known Turn cards, top first") },
      t("Turn deck: {cards}", { cards: [...o.turn_deck].reverse().map((c) => cardName(c, cards)).join("; ") })) : null,
    el("span", { class: "chip" }, t("◷ Hours {n}", { n: o.hours ?? 0 })),
    el("span", { class: "chip", title: t("Distress tokens left in the pool") }, t("Distress pool {n}/16", { n: o.distress_pool ?? 0 })),
    el("span", { class: "chip" }, t("Gears {n}", { n: (o.team || {}).gear ?? 0 })),
    o.first !== undefined ? el("span", { class: "chip" }, t("First: "), seatTag(ctx.seats, o.first)) : null);
  const sections = [el("section", { class: "panel ef-head" }, head)];
  if (o.slumber) sections.push(slumberPanel(o.slumber, cards));
  sections.push(el("section", { class: "panel ef-dreamscape" }, el("h2", {}, o.slumber ? t("Slumber Dreamscape") : t("Dreamscape")),
    (o.map || []).length ? drawMap(o, msg, ctx) : el("p", { class: "muted" }, t("No map yet.")),
    el("p", { class: "muted small-text" }, t("⌂E Entrance · S♥ Spawn (suit) · ⚠T Trap · +n drawing bonus · ★ map action (· used) · ≈ water · ▒ darkness · ☼ light · thick edge: Wall · ✕ Blocked"),
      (o.companions || []).length ? t(" · teal square: a Companion") : "",
      o.slumber ? t(" · dashed box: an empty Quirk space · Q card: a Fate card's Quirk") : "")));
  const morphings = o.morphings || {};
  const kinds = [...new Set([...(o.entities || []).map((m) => m[1]), ...Object.keys(morphings)])];
  sections.push(el("section", { class: "panel ef-entities" }, el("h2", {}, t("Entities")),
    kinds.length ? el("ul", {}, kinds.map((k) => el("li", {},
      el("b", { title: (cards[k] || {}).text || "" }, cardName(k, cards)), ": ",
      (o.entities || []).filter((m) => m[1] === k).map((m) => t("{id} at {space}", { id: cardName(m[0], cards), space: m[2] })).join(", ") || t("none on the map"),
      t(" · Morphings: "), (morphings[k] || []).map((m) => cardName(m, cards)).join(", ") || t("none"),
      (o.states || []).some(([who]) => typeof who === "string" && who.startsWith(`${k}.`))
        ? t(" · States: {list}", { list: (o.states || []).filter(([who]) => typeof who === "string" && who.startsWith(`${k}.`)).map(([who, st]) => `${cardName(who, cards)} ${cardName(st, cards)}`).join(", ") }) : ""))) : el("p", { class: "muted" }, t("none"))));
  if (me !== null && me !== undefined && dreamers[me] && Array.isArray(dreamers[me].hand_cards)) {
    const hand = dreamers[me].hand_cards;
    sections.push(el("section", { class: "panel my-hand ef-hand" }, el("h2", {}, t("Your hand")),
      el("div", { class: "hand" }, hand.length ? hand.map((c, k) => handCard(c, cards, (dreamers[me].hand_ids || [])[k])) : el("span", { class: "muted" }, t("empty")))));
  }
  const order = dreamers.map((_, i) => i);
  if (me !== null && me !== undefined && dreamers[me]) { order.splice(order.indexOf(me), 1); order.unshift(me); }
  sections.push(el("div", { class: "mats ef-dreamers" }, order.map((i) => dreamerPanel(dreamers[i], i, me, ctx, o))));
  const itemLine = (ids) => ids.length ? ids.map((i) => cardName(i, cards)).join(", ") : t("none");
  sections.push(el("section", { class: "panel ef-items" },
    el("p", {}, el("b", {}, t("Active Items: ")), itemLine(o.items || [])),
    el("p", {}, el("b", {}, t("Storage: ")), itemLine(o.storage || []))));
  if (o.outcome) {
    const ends = !o.slumber ? t("The Dream ends: {outcome}", { outcome: word(o.outcome) })
      : o.slumber.mode === "journey" ? t("The journey ends: {outcome}", { outcome: word(o.outcome) })
        : t("The Slumber ends: {outcome}", { outcome: word(o.outcome) });
    sections.push(el("section", { class: "panel" }, el("h2", {}, ends), el("p", {}, word(o.end_reason))));
  }
  board.replaceChildren(...sections);
}
