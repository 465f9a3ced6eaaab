// Small helpers shared by the lobby, the table and the replay pages (no framework).

/** Create an element: el("div", {class: "x", onclick: f}, child, "text", ...). */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") node.addEventListener(key.slice(2), value);
    else if (key === "dataset") Object.assign(node.dataset, value);
    else if (key === "text") node.textContent = value;
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat(Infinity)) {
    if (child === undefined || child === null || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** Replace a node's children, skipping null, undefined and empty strings. */
export function fill(node, ...children) {
  node.replaceChildren(...children.flat(Infinity).filter((c) => c !== null && c !== undefined && c !== false && c !== ""));
}

/** JSON over HTTP; throws an Error carrying the server's one-line message. */
export async function api(path, options = {}) {
  const init = { headers: { "content-type": "application/json" }, ...options };
  if (init.body && typeof init.body !== "string") init.body = JSON.stringify(init.body);
  const response = await fetch(path, init);
  let data = null;
  try { data = await response.json(); } catch { data = null; }
  if (!response.ok) throw new Error((data && data.error) || `${response.status} ${response.statusText}`);
  return data;
}

let toastTimer = null;
export function toast(message) {
  const box = document.getElementById("toast");
  if (!box) return;
  box.textContent = message;
  box.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { box.hidden = true; }, 6000);
}

/** "blanket-fort" -> "Blanket fort". */
export function pretty(id) {
  if (id === null || id === undefined) return "";
  const text = String(id).replace(/[-_]/g, " ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function percent(x) {
  return `${Math.round(x * 1000) / 10}%`;
}

// ----- language: the interface strings of the page (the server sends the game's texts) -----
let language = "en";
let catalogue = {};
/** The page's text in the current language, its {fields} filled from ``vars``. The Spanish strings
 * come from /static/i18n/es.json, built from the same gettext catalogue as the terminal's. */
export function t(msg, vars) {
  const text = catalogue[msg] || msg;
  return vars ? text.replace(/\{(\w+)\}/g, (m, k) => (k in vars ? String(vars[k]) : m)) : text;
}
export function currentLanguage() { return language; }
/** Load the catalogue of ``lang`` ("en" or "es") and translate the page's marked elements. */
export async function setLanguage(lang) {
  const wanted = lang === "es" ? "es" : "en";
  let loaded = {};
  if (wanted !== "en") {
    try { loaded = await api(`/static/i18n/${wanted}.json`); } catch { loaded = {}; }
  }
  language = wanted;
  catalogue = loaded;
  document.documentElement.lang = wanted;
  for (const node of document.querySelectorAll("[data-i18n]")) {
    if (!node.dataset.en) node.dataset.en = node.textContent;
    node.textContent = t(node.dataset.en);
  }
  for (const node of document.querySelectorAll("[data-i18n-placeholder]")) {
    if (!node.dataset.enPlaceholder) node.dataset.enPlaceholder = node.placeholder;
    node.placeholder = t(node.dataset.enPlaceholder);
  }
  for (const [selector, attr, key] of [["[data-i18n-aria]", "aria-label", "enAria"], ["[data-i18n-title]", "title", "enTitle"]]) {
    for (const node of document.querySelectorAll(selector)) {
      if (!node.dataset[key]) node.dataset[key] = node.getAttribute(attr) || "";
      node.setAttribute(attr, t(node.dataset[key]));
    }
  }
}

// ----- who is who: one name, one colour and one shape per player, everywhere ---------------
/** Seat colours (none of them a dice colour) and shapes, so colour is never the only cue. */
export const SEAT_COLOURS = ["#dcc8ff", "#74e8dd", "#ffbc94", "#ffb3cf", "#cdf28a", "#b3ceff"];
export const SEAT_SHAPES = ["●", "▲", "■", "◆", "★", "✚"];
const DREAMERS = ["Luna", "Orin", "Vesper", "Somna", "Mara", "Hypnos"];
/** A bot's personality, from the agent that plays it (in the page's language). */
export function personality(agent) {
  const words = { random: t("wild"), heuristic: t("careful"), mcts: t("deep"), ismcts: t("deep"), greedy: t("greedy") };
  return words[agent] || agent;
}

/** A bot's default name from its seat and its personality: "Orin (careful bot)". */
function botName(seat) {
  const agent = String(seat.agent || "bot").split(":")[0];
  return t("{name} ({kind} bot)", { name: DREAMERS[seat.seat % DREAMERS.length], kind: personality(agent) });
}

/** One unique display name per seat: bots by personality, never "Seat 2". */
export function playerNames(seats) {
  const names = (seats || []).map((s, i) => {
    const seat = { seat: i, ...s };
    if (seat.kind === "bot" && (!seat.name || /^Bot \(/.test(seat.name))) return botName(seat);
    if (seat.name) return seat.name;
    return seat.kind === "human" && !seat.claimed ? t("{name} (free seat)", { name: DREAMERS[i % DREAMERS.length] }) : DREAMERS[i % DREAMERS.length];
  });
  const seen = new Map();
  return names.map((n) => {
    const k = (seen.get(n) || 0) + 1;
    seen.set(n, k);
    return k === 1 ? n : `${n} ${k}`;
  });
}

export function seatName(seats, index) {
  if (index === -1) return t("chance");
  return playerNames(seats)[index] ?? t("Player {n}", { n: Number(index) + 1 });
}

/** A player's name in their colour with their shape: used in every list, event and button. */
export function seatTag(seats, index, opts = {}) {
  if (index === -1 || index === null || index === undefined) return el("span", { class: "seat-tag chance" }, t("chance"));
  const colour = SEAT_COLOURS[index % SEAT_COLOURS.length];
  const shape = SEAT_SHAPES[index % SEAT_SHAPES.length];
  return el("span", { class: "seat-tag", style: `--seat:${colour}`, dataset: { seat: index } },
    el("span", { class: "seat-shape", "aria-hidden": "true" }, shape), seatName(seats, index),
    opts.you ? el("span", { class: "you" }, t(" (you)")) : null);
}

export function seatStyle(index) {
  return `--seat:${SEAT_COLOURS[index % SEAT_COLOURS.length]}`;
}

// ----- engine text for people: names instead of seat numbers, words instead of ids ---------
let vocabulary = {};
/** Words for internal ids that engine texts may contain ("shadow_green" -> "Shadow of Envy"). */
export function setVocabulary(cards) {
  vocabulary = {};
  for (const [id, card] of Object.entries(cards || {})) {
    const short = id.includes(":") ? id.split(":").pop() : id;
    if (/[_\d]/.test(short) || id.startsWith("face:") || id.startsWith("row:")) vocabulary[short] = card.name;
  }
}
export function cardName(id, cards) {
  const c = cards && (cards[id] || cards[`row:${id}`] || cards[`face:${id}`]);
  return c ? c.name : (vocabulary[id] || pretty(id));
}

// English "Seat 2", "Dreamer 2", "seats [0, 1]" (and "seat(s) [0, 1]" of older records);
// Spanish "el asiento 2", "al asiento 1", "los asientos [0, 1]", "el Soñador 2"
const SEAT_RE = /\b(?:[Ss]eat(?:\(s\)|s) \[([\d, ]*)\]|(?:[Ss]eats? ?|Dreamer )(\d+)|(?:(El\/los|[Ll]os|[Ee]l|[Aa]l|[Dd]el) )?(?:[Aa]siento(?:\(s\)|s)?|Soñador) (?:\[([\d, ]*)\]|(\d+)))/g;
const ES_ARTICLE = { al: "a ", del: "de " };

/** Engine text as nodes: "Seat 2 gains power1" -> [tag(Nina), " gains 1 Power"]. */
export function humanize(text, seats) {
  const words = String(text ?? "").replace(/\b([a-z]+(?:[_\d][a-z0-9]*)+)\b/g, (m) => vocabulary[m] || m);
  const out = [];
  let last = 0;
  for (const m of words.matchAll(SEAT_RE)) {
    out.push(words.slice(last, m.index));
    const spanish = m[4] !== undefined || m[5] !== undefined;
    const listed = spanish ? m[4] : m[1];
    const list = listed !== undefined ? listed.split(",").map((x) => x.trim()).filter(Boolean).map(Number) : [Number(spanish ? m[5] : m[2])];
    if (spanish && m[3]) out.push(ES_ARTICLE[m[3].toLowerCase()] || "");
    if (!list.length) out.push(t("nobody"));
    list.forEach((s, k) => {
      if (k) out.push(k === list.length - 1 ? t(" and ") : ", ");
      out.push(seats && seats.length > s ? seatTag(seats, s) : t("player {n}", { n: s + 1 }));
    });
    last = m.index + m[0].length;
  }
  out.push(words.slice(last));
  return out.filter((x) => x !== "");
}

/** The same as plain text (button titles, the document title). */
export function humanText(text, seats) {
  return humanize(text, seats).map((x) => (x instanceof Node ? x.textContent : x)).join("");
}

// ----- rule citations open their text ------------------------------------------------------
let ruleSource = null;
/** Where rule texts come from: a function ref -> Promise<string|null>. */
export function setRuleSource(fn) { ruleSource = fn; }

export function ruleLink(ref) {
  if (!ref) return null;
  return el("button", { type: "button", class: "rule-link", title: t("Show this rule"), onclick: (e) => { e.stopPropagation(); openRule(ref); } },
    el("span", { "aria-hidden": "true" }, "§ "), ref);
}

export async function openRule(ref) {
  const dialog = document.getElementById("rule-dialog");
  if (!dialog) return;
  document.getElementById("rule-title").textContent = ref;
  const body = document.getElementById("rule-body");
  body.textContent = "…";
  if (!dialog.open) dialog.showModal();
  let text = null;
  try { text = ruleSource ? await ruleSource(ref) : null; } catch { text = null; }
  body.textContent = text || t("No text is stored for this rule; see the rulebook section named above.");
}

export function showCard(card) {
  const dialog = document.getElementById("rule-dialog");
  if (!dialog || !card) return;
  document.getElementById("rule-title").textContent = card.name;
  fill(document.getElementById("rule-body"), card.cost !== undefined ? el("p", { class: "muted" }, t("Cost {cost}", { cost: card.cost })) : null,
    el("p", {}, card.text), card.rule ? ruleLink(card.rule) : null);
  if (!dialog.open) dialog.showModal();
}
