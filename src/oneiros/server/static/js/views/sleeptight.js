// Sleep Tight: your hand as cards (name, cost, text), every player's mat with their
// Dreamscape, Soul Fragments and face-down plays, the Sandman deck and card. A card says
// which legal ids name it (play:x, discard:x, stack:x:y, harm:x:1, take:x...); pieces.js
// highlights it and a click acts.
import { cardName, el, seatStyle, seatTag, showCard, t } from "../common.js";

/** Sleep Tight scores 1 for a win: the chips show the Soul Fragments each player kept. */
export function scoreText(msg, seat) {
  const p = ((msg.observation || {}).players || [])[seat] || {};
  const n = p.fragments ?? 0;
  return n === 1 ? t("1 Soul Fragment") : t("{n} Soul Fragments", { n });
}
/** The observation's words in the page's language (phase, role, dream, state of a play). */
function word(value) {
  const words = {
    setup: t("setup"), keep: t("keep"), dreamscapes: t("Dreamscapes"), draw: t("draw"), play: t("play"),
    resolve: t("resolve"), over: t("over"), exposed: t("exposed"), hidden: t("hidden"), revealed: t("revealed"),
    resolved: t("resolved"), limbo: t("limbo"), cold: t("cold"), shadow: t("shadow"), desolation: t("desolation"),
    darkness: t("darkness"),
  };
  return words[value] || String(value ?? "").replace(/_/g, " ");
}
const TYPE_MARK = { hide: "☂", attack: "⚔", run: "➜", collect: "◆", special: "✦", dreamscape: "☁", sandman: "☾" };

function card(id, cards, opts = {}) {
  const facedown = id === null || id === undefined;
  if (facedown) return el("div", { class: "card facedown", title: t("face down") }, el("span", { class: "card-name" }, t("face down")), opts.note ? el("span", { class: "card-note" }, opts.note) : null);
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
    c.cost !== undefined ? el("span", { class: "cost", title: c.cost === 1 ? t("needs {n} Soul Fragment", { n: c.cost }) : t("needs {n} Soul Fragments", { n: c.cost }) }, c.cost) : null),
  c.text ? el("span", { class: "card-text" }, c.text) : null,
  opts.note ? el("span", { class: "card-note" }, opts.note) : null),
  el("button", { type: "button", class: "card-more", "aria-label": t("Read {name}", { name: c.name }), onclick: () => showCard(c) }, "?"));
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
    el("span", { class: "chip", title: t("Soul Fragments in the pile") }, t("◆ Pile: {n} Soul Fragments", { n: o.pile ?? "?" })),
    el("span", { class: "chip" }, t("Round {n}", { n: o.round ?? "?" })),
    el("span", { class: "chip" }, t("Phase: {phase}", { phase: word(o.phase) })),
    o.first_player !== undefined && o.first_player !== null ? el("span", { class: "chip" }, t("First player: "), seatTag(ctx.seats, o.first_player)) : null);
  const sandman = el("div", { class: "row" },
    el("div", { class: "card sandman facedown deck", title: t("Sandman deck") }, el("span", { class: "card-name" }, t("Sandman deck")), el("span", { class: "card-note" }, o.sandman_deck === 1 ? t("1 card left") : t("{n} cards left", { n: o.sandman_deck ?? "?" }))),
    o.sandman_card ? card(o.sandman_card, cards, { kind: "sandman", note: t("the Sandman's card") }) : null,
    el("span", { class: "muted" }, t("Action deck {n} · Dreamscapes {m}", { n: o.action_deck ?? "?", m: o.dreamscape_deck ?? "?" })));
  sections.push(el("section", { class: "panel tabletop" }, table, sandman));
  if (mine && Array.isArray(mine.hand)) {
    sections.push(el("section", { class: "panel my-hand" }, el("h2", {}, t("Your hand")),
      el("div", { class: "hand" }, mine.hand.length ? mine.hand.map((c) => card(c, cards, { actions: cardActions(c, ctx.legal), owner: me })) : el("span", { class: "muted" }, t("empty")))));
  }
  const order = players.map((_, i) => i);
  if (mine) { order.splice(order.indexOf(me), 1); order.unshift(me); }
  sections.push(el("div", { class: "mats" }, order.map((i) => seatPanel(players[i], i, me, ctx, cards))));
  if ((o.action_discard || []).length) {
    sections.push(el("details", { class: "panel" }, el("summary", {}, t("Discarded actions ({n})", { n: o.action_discard.length })),
      el("div", { class: "hand" }, o.action_discard.slice(-12).map((c) => card(c, cards)))));
  }
  board.replaceChildren(...sections);
}

function seatPanel(p, i, me, ctx, cards) {
  const seatActions = [`target:${i}`, `from:${i}`, `pass:${i}`];
  const plays = (p.plays || []).map((play) => {
    if (play === null || typeof play !== "object") return card(play, cards);
    const note = [play.bottom ? t("on {name}", { name: cardName(play.bottom, cards) }) : "", play.face_up ? t("face up") : "", play.status ? word(play.status) : ""].filter(Boolean).join(" · ");
    return card(play.card, cards, { note });
  });
  const dead = p.alive === false;
  return el("article", { class: `mat${dead ? " dead" : ""}`, style: seatStyle(i) },
    el("div", { class: "mat-head", dataset: { actions: seatActions.join(" "), owner: String(i) } },
      seatTag(ctx.seats, i, { you: i === me }),
      el("span", { class: "fragments", title: t("Soul Fragments") }, `◆ ${p.fragments ?? "?"}`),
      el("span", { class: "muted" }, t("{n} cards in hand", { n: p.hand_count ?? "?" })),
      p.role && p.role !== "dreamer" ? el("span", { class: "pill" }, word(p.role)) : null,
      dead ? el("span", { class: "pill bad" }, t("✝ dead")) : null),
    el("div", { class: "hand" },
      p.dreamscape ? card(p.dreamscape, cards, { kind: "dreamscape", note: p.dream ? t("dream: {dream}", { dream: word(p.dream) }) : "" }) : null,
      plays),
    el("div", { class: "muted small-text" }, [
      p.prevent_sandman ? t("prevents {n} Sandman damage", { n: p.prevent_sandman }) : "",
      p.prevent_players ? t("prevents {n} player damage", { n: p.prevent_players }) : "",
      p.shield ? t("shielded") : "", p.untouchable ? t("untouchable") : "",
      p.buys ? t("bought {n}", { n: p.buys }) : "",
    ].filter(Boolean).join(" · ")));
}

/** What happened to ``seat`` if it died (shown once, and at the game's end). */
export function fate(msg, seat) {
  const p = ((msg.observation || {}).players || [])[seat];
  if (!p || p.alive !== false) return null;
  const most = msg.options && msg.options.most_fragments_wins;
  return {
    kind: "dead",
    you: most ? t("You lost your last Soul Fragment: you are out of this nightmare. You keep watching.")
      : t("You lost your last Soul Fragment: you are out of this nightmare. You keep watching; you still share the win if the Sandman is defeated."),
    other: t("died (no Soul Fragment left)"),
  };
}
