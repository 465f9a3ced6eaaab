// Sleep Tight: your hand, every player's Dreamscape and fragments, face-down plays, the
// Sandman deck and card. Cards are clickable when an action uses them.
import { el, pretty, seatName } from "../common.js";

function card(id, cls = "", actions = [], note = "") {
  const face = id === null || id === undefined;
  return el("div", {
    class: `card ${cls}${face ? " facedown" : ""}`,
    title: face ? "face down" : pretty(id),
    dataset: actions.length ? { actions: actions.join(" ") } : undefined,
  }, face ? "face down" : pretty(id), note ? el("div", { class: "muted" }, note) : null);
}

/** Legal ids that name this card (play:x, discard:x, stack:x:y, harm:x:seat, take:x...). */
function cardActions(id, legal) {
  return [...legal].filter((a) => a.split(":").slice(1).includes(id));
}

export function render(board, msg, ctx) {
  const o = msg.observation || {};
  const me = msg.seat;
  const players = o.players || [];
  const mine = me !== null && me !== undefined ? players[me] : null;
  const sections = [];
  const table = el("div", { class: "row" },
    el("span", { class: "chip", title: "fragments in the pile" }, `Pile: ${o.pile ?? "?"} fragments`),
    el("span", { class: "chip" }, `Round ${o.round ?? "?"}`),
    el("span", { class: "chip" }, `Phase: ${pretty(o.phase || "")}`),
    el("span", { class: "chip" }, `First player: ${seatName(ctx.seats, o.first_player)}`));
  const sandman = el("div", { class: "row" },
    el("div", { class: "card sandman facedown", title: "Sandman deck" }, `Sandman deck: ${o.sandman_deck ?? "?"}`),
    o.sandman_card ? card(o.sandman_card, "sandman", [], "Sandman card") : null,
    el("span", { class: "muted" }, `Actions deck ${o.action_deck ?? "?"} · Dreamscapes ${o.dreamscape_deck ?? "?"}`));
  sections.push(el("section", { class: "panel" }, table, sandman));
  if (mine && Array.isArray(mine.hand)) {
    sections.push(el("section", { class: "panel" }, el("h3", {}, "Your hand"),
      el("div", { class: "hand" }, mine.hand.length ? mine.hand.map((c) => card(c, "", cardActions(c, ctx.legal))) : el("span", { class: "muted" }, "empty"))));
  }
  sections.push(el("div", { class: "cards" }, players.map((p, i) => seatPanel(p, i, me, ctx))));
  if ((o.action_discard || []).length) {
    sections.push(el("section", { class: "panel" }, el("h3", {}, "Discarded actions"),
      el("div", { class: "hand" }, o.action_discard.slice(-12).map((c) => card(c)))));
  }
  board.replaceChildren(...sections);
}

function seatPanel(p, i, me, ctx) {
  const seatActions = [`target:${i}`, `from:${i}`, `pass:${i}`];
  const plays = (p.plays || []).map((play) => {
    if (play === null || typeof play !== "object") return card(play);
    const note = [play.bottom ? `on ${pretty(play.bottom)}` : "", play.face_up ? "face up" : "", play.status || ""].filter(Boolean).join(" · ");
    return card(play.card, "", [], note);
  });
  return el("article", { class: `dreamer${p.alive === false ? " dead" : ""}` },
    el("div", { class: "row", dataset: { actions: seatActions.join(" ") } },
      el("strong", {}, seatName(ctx.seats, i)), i === me ? el("span", { class: "pill" }, "you") : null,
      el("span", { class: "fragments", title: "dream fragments" }, `◆ ${p.fragments ?? "?"}`),
      el("span", { class: "muted" }, `${p.hand_count ?? "?"} cards`),
      p.role && p.role !== "dreamer" ? el("span", { class: "pill" }, pretty(p.role)) : null,
      p.alive === false ? el("span", { class: "pill bad" }, "dead") : null),
    el("div", { class: "hand" },
      p.dreamscape ? card(p.dreamscape, "dreamscape", [], p.dream ? `dream: ${pretty(p.dream)}` : "") : null,
      plays),
    el("div", { class: "muted" }, [
      p.prevent_sandman ? `prevents ${p.prevent_sandman} Sandman damage` : "",
      p.prevent_players ? `prevents ${p.prevent_players} player damage` : "",
      p.shield ? "shielded" : "", p.untouchable ? "untouchable" : "",
      p.buys ? `bought ${p.buys}` : "",
    ].filter(Boolean).join(" · ")));
}
