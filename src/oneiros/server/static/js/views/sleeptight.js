// Sleep Tight: your hand as cards (name, cost, text), every player's mat with their
// Dreamscape, Soul Fragments and face-down plays, the Sandman deck and card. A card says
// which legal ids name it (play:x, discard:x, stack:x:y, harm:x:1, take:x...); pieces.js
// highlights it and a click acts.
import { cardName, el, seatStyle, seatTag, showCard } from "../common.js";

/** Sleep Tight scores 1 for a win: the chips show the Soul Fragments each player kept. */
export function scoreText(msg, seat) {
  const p = ((msg.observation || {}).players || [])[seat] || {};
  const n = p.fragments ?? 0;
  return `${n} Soul Fragment${n === 1 ? "" : "s"}`;
}
const TYPE_MARK = { hide: "☂", attack: "⚔", run: "➜", collect: "◆", special: "✦", dreamscape: "☁", sandman: "☾" };

function card(id, cards, opts = {}) {
  const facedown = id === null || id === undefined;
  if (facedown) return el("div", { class: "card facedown", title: "face down" }, el("span", { class: "card-name" }, "face down"), opts.note ? el("span", { class: "card-note" }, opts.note) : null);
  const c = cards[id] || { name: cardName(id, cards), text: "" };
  const kind = opts.kind || c.kind || "";
  // the "?" button sits beside the card, not in it: a playable card is itself a button
  return el("div", { class: "card-wrap" }, el("div", {
    class: `card ${kind} ${opts.cls || ""}`, title: c.text ? `${c.name}: ${c.text}` : c.name,
    dataset: { tokens: String(id), ...(opts.actions && opts.actions.length ? { actions: opts.actions.join(" ") } : {}), ...(opts.owner !== undefined && opts.owner !== null ? { owner: String(opts.owner) } : {}) },
  },
  el("span", { class: "card-head" },
    el("span", { class: "type-mark", "aria-hidden": "true" }, TYPE_MARK[kind] || ""),
    el("span", { class: "card-name" }, c.name),
    c.cost !== undefined ? el("span", { class: "cost", title: `needs ${c.cost} Soul Fragment(s)` }, c.cost) : null),
  c.text ? el("span", { class: "card-text" }, c.text) : null,
  opts.note ? el("span", { class: "card-note" }, opts.note) : null),
  el("button", { type: "button", class: "card-more", "aria-label": `Read ${c.name}`, onclick: () => showCard(c) }, "?"));
}

/** Legal ids that name this card (play:x, discard:x, stack:x:y, harm:x:seat, take:x...). */
function cardActions(id, legal) {
  return [...legal].filter((a) => a.split(":").slice(1).includes(id));
}

export function render(board, msg, ctx) {
  const o = msg.observation || {};
  const cards = ctx.cards || {};
  const me = msg.seat;
  const players = o.players || [];
  const mine = me !== null && me !== undefined ? players[me] : null;
  const sections = [];
  const table = el("div", { class: "row" },
    el("span", { class: "chip", title: "Soul Fragments in the pile" }, `◆ Pile: ${o.pile ?? "?"} Soul Fragments`),
    el("span", { class: "chip" }, `Round ${o.round ?? "?"}`),
    el("span", { class: "chip" }, `Phase: ${String(o.phase || "").replace(/_/g, " ")}`),
    o.first_player !== undefined && o.first_player !== null ? el("span", { class: "chip" }, "First player: ", seatTag(ctx.seats, o.first_player)) : null);
  const sandman = el("div", { class: "row" },
    el("div", { class: "card sandman facedown deck", title: "Sandman deck" }, el("span", { class: "card-name" }, "Sandman deck"), el("span", { class: "card-note" }, `${o.sandman_deck ?? "?"} card${o.sandman_deck === 1 ? "" : "s"} left`)),
    o.sandman_card ? card(o.sandman_card, cards, { kind: "sandman", note: "the Sandman's card" }) : null,
    el("span", { class: "muted" }, `Action deck ${o.action_deck ?? "?"} · Dreamscapes ${o.dreamscape_deck ?? "?"}`));
  sections.push(el("section", { class: "panel tabletop" }, table, sandman));
  if (mine && Array.isArray(mine.hand)) {
    sections.push(el("section", { class: "panel my-hand" }, el("h2", {}, "Your hand"),
      el("div", { class: "hand" }, mine.hand.length ? mine.hand.map((c) => card(c, cards, { actions: cardActions(c, ctx.legal), owner: me })) : el("span", { class: "muted" }, "empty"))));
  }
  const order = players.map((_, i) => i);
  if (mine) { order.splice(order.indexOf(me), 1); order.unshift(me); }
  sections.push(el("div", { class: "mats" }, order.map((i) => seatPanel(players[i], i, me, ctx, cards))));
  if ((o.action_discard || []).length) {
    sections.push(el("details", { class: "panel" }, el("summary", {}, `Discarded actions (${o.action_discard.length})`),
      el("div", { class: "hand" }, o.action_discard.slice(-12).map((c) => card(c, cards)))));
  }
  board.replaceChildren(...sections);
}

function seatPanel(p, i, me, ctx, cards) {
  const seatActions = [`target:${i}`, `from:${i}`, `pass:${i}`];
  const plays = (p.plays || []).map((play) => {
    if (play === null || typeof play !== "object") return card(play, cards);
    const note = [play.bottom ? `on ${cardName(play.bottom, cards)}` : "", play.face_up ? "face up" : "", play.status || ""].filter(Boolean).join(" · ");
    return card(play.card, cards, { note });
  });
  const dead = p.alive === false;
  return el("article", { class: `mat${dead ? " dead" : ""}`, style: seatStyle(i) },
    el("div", { class: "mat-head", dataset: { actions: seatActions.join(" "), owner: String(i) } },
      seatTag(ctx.seats, i, { you: i === me }),
      el("span", { class: "fragments", title: "Soul Fragments" }, `◆ ${p.fragments ?? "?"}`),
      el("span", { class: "muted" }, `${p.hand_count ?? "?"} cards in hand`),
      p.role && p.role !== "dreamer" ? el("span", { class: "pill" }, String(p.role).replace(/_/g, " ")) : null,
      dead ? el("span", { class: "pill bad" }, "✝ dead") : null),
    el("div", { class: "hand" },
      p.dreamscape ? card(p.dreamscape, cards, { kind: "dreamscape", note: p.dream ? `dream: ${p.dream}` : "" }) : null,
      plays),
    el("div", { class: "muted small-text" }, [
      p.prevent_sandman ? `prevents ${p.prevent_sandman} Sandman damage` : "",
      p.prevent_players ? `prevents ${p.prevent_players} player damage` : "",
      p.shield ? "shielded" : "", p.untouchable ? "untouchable" : "",
      p.buys ? `bought ${p.buys}` : "",
    ].filter(Boolean).join(" · ")));
}

/** What happened to ``seat`` if it died (shown once, and at the game's end). */
export function fate(msg, seat) {
  const p = ((msg.observation || {}).players || [])[seat];
  if (!p || p.alive !== false) return null;
  const most = msg.options && msg.options.most_fragments_wins;
  return {
    kind: "dead",
    you: `You lost your last Soul Fragment: you are out of this nightmare. You keep watching;${most ? "" : " you still share the win if the Sandman is defeated."}`,
    other: "died (no Soul Fragment left)",
  };
}
