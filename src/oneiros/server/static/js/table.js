// The table page: one WebSocket to the server, which holds the only real state. Every
// message carries this seat's view; the page draws it and sends the chosen action's id.
// Other players' moves arrive one message each and are shown one by one at the chosen
// speed (the last move stays highlighted); "Skip to my turn" shows them all at once.
import { api, currentLanguage, el, fill, humanize, humanText, percent, ruleLink, seatTag, setLanguage, setRuleSource, setVocabulary, t, toast } from "./common.js";
import { campaignTools } from "./campaign-table.js";
import { markPlayable } from "./pieces.js";
import { fateOf, renderBoard, scoreText } from "./views/index.js";

const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
const tokenKey = `oneiros:token:${tableId}`;
const campaignOf = localStorage.getItem(`oneiros:campaign-of:${tableId}`);   // a campaign's session
const params = new URLSearchParams(location.hash.slice(1));
if (params.get("token")) localStorage.setItem(tokenKey, params.get("token"));
const token = params.get("token") || localStorage.getItem(tokenKey);

const $ = (id) => document.getElementById(id);
const campaign = campaignTools(campaignOf, document.querySelector("header.bar"));
let view = null;          // the message on screen
let events = [];          // every event on screen, in order
let groups = [];          // the log: [{turn, events}] in order
let lastEvents = [];      // the events of the message on screen (the last move)
let queue = [];           // messages received and not shown yet
let timer = null;
let socket = null;
let retry = 0;
let stopped = false;
let insights = {};
let cards = {};
let shownDecision = null;
let fateSeen = false;

// ----- settings ----------------------------------------------------------------------------
const speedBox = $("speed");
speedBox.value = localStorage.getItem("oneiros:speed") ?? "900";
if (!speedBox.value) speedBox.value = "900";
// at the instant speed nothing waits: new pieces are outlined instead of growing into place
const markInstant = () => document.body.classList.toggle("instant", !Number(speedBox.value));
markInstant();
speedBox.addEventListener("change", () => { localStorage.setItem("oneiros:speed", speedBox.value); markInstant(); });
const palette = $("palette");
palette.value = localStorage.getItem("oneiros:palette") || "standard";
document.documentElement.dataset.palette = palette.value;
palette.addEventListener("change", () => {
  localStorage.setItem("oneiros:palette", palette.value);
  document.documentElement.dataset.palette = palette.value;
});

// The language: chosen here (kept in this browser) or, until chosen, the rule set's (the
// lucidity-es rule set opens in Spanish). The server sends the game's texts in it.
const langBox = $("lang");
let chosenLang = localStorage.getItem("oneiros:lang");
if (chosenLang) langBox.value = chosenLang;
langBox.addEventListener("change", async () => {
  chosenLang = langBox.value;
  localStorage.setItem("oneiros:lang", chosenLang);
  await useLanguage(chosenLang);
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ type: "lang", lang: chosenLang }));
});

async function useLanguage(lang) {
  if (lang === currentLanguage() && Object.keys(cards).length) return;
  await setLanguage(lang);
  langBox.value = lang;
  if (socket && socket.readyState === WebSocket.OPEN) setLink(token ? t("connected") : t("watching"), "ok");
  loadGlossary();
  if (view) draw();
}

const ruleCache = new Map();
setRuleSource(async (ref) => {
  const key = `${currentLanguage()}|${ref}`;
  if (!ruleCache.has(key)) {
    ruleCache.set(key, api(`/api/tables/${encodeURIComponent(tableId)}/rule?ref=${encodeURIComponent(ref)}&lang=${currentLanguage()}`).then((r) => r.text, () => null));
  }
  return ruleCache.get(key);
});
function loadGlossary() {
  api(`/api/tables/${encodeURIComponent(tableId)}/glossary?lang=${currentLanguage()}`).then((g) => {
    cards = g.cards || {};
    setVocabulary(cards);
    if (view) draw();
  }, () => {});
}

// ----- the connection ----------------------------------------------------------------------
function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${location.host}/ws/${encodeURIComponent(tableId)}`);
  setLink(t("connecting…"), "");
  socket.addEventListener("open", () => {
    retry = 0;
    const hello = { type: "hello" };
    if (token) hello.token = token;
    const name = localStorage.getItem("oneiros:name");
    if (name) hello.name = name.slice(0, 40);
    hello.panels = true;   // this page shows the risk meter
    if (chosenLang) hello.lang = chosenLang;
    socket.send(JSON.stringify(hello));
    setLink(token ? t("connected") : t("watching"), "ok");
  });
  socket.addEventListener("message", (e) => handle(JSON.parse(e.data)));
  socket.addEventListener("close", (e) => {
    if (stopped || e.code === 4401 || e.code === 4404) {
      setLink(t("disconnected"), "bad");
      if (e.code === 4404) badLink();
      return;
    }
    setLink(t("reconnecting…"), "bad");
    retry = Math.min(retry + 1, 6);
    setTimeout(connect, 300 * 2 ** retry);   // a reload or a dropped network resumes the seat
  });
}

function badLink() {
  fill($("status"), t("This table does not exist (the link may be mistyped or the table was removed). "),
    el("a", { class: "button small", href: "/" }, t("Back to the lobby")));
}

function setLink(text, cls) {
  const pill = $("link-state");
  pill.textContent = text;
  pill.className = `pill ${cls}`;
}

function handle(msg) {
  if (msg.type === "snapshot") {
    queue = [];
    clearTimeout(timer);
    timer = null;
    take(msg, true);
    if (msg.lang && msg.lang !== currentLanguage()) { useLanguage(msg.lang); return; }
    draw();
  } else if (msg.type === "update") {
    queue.push(msg);
    pump();
  } else if (msg.type === "insights") { if (view && msg.n === view.n) { insights = msg.insights; drawRisk(); } }
  else if (msg.type === "hint") { showHint(msg); }
  else if (msg.type === "notice") { toast(view && msg.seat === view.seat ? t("You took back a move") : msg.message); }
  else if (msg.type === "error") {
    toast(msg.message);
    if (view) draw();   // the move was refused: offer the choices again
    if (["unauthorized", "unknown_table"].includes(msg.code)) stopped = true;
    if (msg.code === "unknown_table") badLink();
  }
}

/** Show the next waiting message, then the one after it once the pause has passed. */
function pump() {
  if (timer !== null || !queue.length) { drawBehind(); return; }
  const pause = Number(speedBox.value) || 0;
  if (pause <= 0) { skipAll(); return; }
  take(queue.shift(), false);
  draw();
  // the next move waits its turn, even if it has not arrived yet
  timer = setTimeout(() => { timer = null; pump(); }, pause);
  drawBehind();
}

function skipAll() {
  clearTimeout(timer);
  timer = null;
  while (queue.length) take(queue.shift(), false);
  draw();
  drawBehind();
}

function take(msg, snapshot) {
  if (snapshot) {
    events = msg.events;
    groups = msg.events.length ? [{ turn: null, events: [...msg.events] }] : [];
    lastEvents = [];
  } else {
    const turn = view ? view.turn : msg.turn;
    events = events.concat(msg.events);
    if (msg.events.length) {
      const g = groups[groups.length - 1];
      if (g && g.turn === turn) g.events.push(...msg.events);
      else groups.push({ turn, events: [...msg.events] });
    }
    lastEvents = msg.events;
  }
  view = msg;
  insights = msg.insights || {};
}

function send(message) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
  else toast(t("not connected: the move was not sent"));
}

function act(id) {
  if (!view || view.decision_id === null) return;
  send({ type: "act", action: id, decision: view.decision_id });
  for (const b of document.querySelectorAll("#actions button")) b.disabled = true;   // until the answer
}

// ----- drawing -----------------------------------------------------------------------------
function draw() {
  document.title = `Oneiros — ${view.title}`;
  $("title").textContent = `${view.title} · ${view.ruleset}`;
  drawStatus();
  drawMoment();
  drawActions();
  const legal = view.legal.map((a) => a.id);
  const before = pieceCounts();
  renderBoard($("board"), view, { seats: view.seats, players: view.seats.length, legal: new Set(legal), cards });
  markFresh(before);
  markPlayable($("board"), legal, act, point);
  drawSeats();
  drawEvents();
  drawLastMove();
  drawRisk();
  focusFirstAction();
}

/** How many of each piece (what it is, whose card it is on) the board shows. */
function pieceCounts() {
  const counts = new Map();
  for (const n of $("board").querySelectorAll("[data-tokens]")) {
    const key = `${n.dataset.owner ?? ""}|${n.dataset.tokens}`;
    counts.set(key, (counts.get(key) || 0) + 1);
  }
  return counts;
}

/** The pieces the last move brought (a die drawn or rolled, a card played) glow a moment. */
function markFresh(before) {
  if (!before.size) return;
  const seen = new Map();
  for (const n of $("board").querySelectorAll("[data-tokens]")) {
    const key = `${n.dataset.owner ?? ""}|${n.dataset.tokens}`;
    const k = (seen.get(key) || 0) + 1;
    seen.set(key, k);
    if (k > (before.get(key) || 0)) n.classList.add("fresh");
  }
}

function point(ids) {
  for (const b of document.querySelectorAll("#actions button")) b.classList.toggle("focus", ids.includes(b.dataset.action));
  const first = [...document.querySelectorAll("#actions button")].find((b) => ids.includes(b.dataset.action));
  if (first) first.focus({ preventScroll: true });
  $("actions").scrollIntoView({ block: "nearest" });
}

function fmtScore(x) {
  const n = Number(x);
  return Number.isInteger(n) ? String(n) : String(Math.round(n * 10) / 10);
}


function endingEvents() {
  const tail = events.slice(-4).filter((e) => /over|win|victory|end/i.test(e.kind || ""));
  return tail.length ? tail : events.slice(-1);
}

function drawStatus() {
  const s = $("status");
  s.className = "status";
  campaign?.show(view);
  if (view.status === "finished" && view.to_move.length) {   // closed before its end: saved
    s.classList.add("over");
    fill(s, el("strong", { id: "game-over" }, t("Session saved. ")),
      t("It was saved before its end; the campaign continues from what the save kept."),
      el("div", { class: "row" },
        campaignOf ? el("a", { class: "button small", id: "campaign-link", href: `/#continue=${encodeURIComponent(campaignOf)}` }, t("Continue the campaign")) : null,
        el("a", { class: "button small", href: "/" }, t("Back to the lobby"))));
    return;
  }
  if (view.status === "finished") {
    s.classList.add("over");
    const w = view.winners;
    const headline = [];
    const score = (i) => scoreText(view, i, fmtScore(view.scores[i]));
    if (!w.length) headline.push(t("Nobody wins."));
    else if (w.length === 1) headline.push(seatTag(view.seats, w[0]), t(" wins with {score}.", { score: score(w[0]) }));
    else {
      w.forEach((x, k) => headline.push(k ? (k === w.length - 1 ? t(" and ") : ", ") : "", seatTag(view.seats, x)));
      headline.push(t(" win."));
    }
    const notes = [];
    for (let i = 0; i < view.seats.length; i++) {
      const f = fateOf(view, i, events);
      if (!f) continue;
      const you = i === view.seat;
      const note = w.includes(i)
        ? (you ? t("You {what}, and still share the win: it goes to the whole winning side, as the end of the game above says.", { what: f.other })
          : t(" {what}, and still shares the win: it goes to the whole winning side, as the end of the game above says.", { what: f.other }))
        : (you ? t("You {what}.", { what: f.other }) : t(" {what}.", { what: f.other }));
      notes.push(el("li", { class: "fate-note" }, you ? null : seatTag(view.seats, i), note));
    }
    fill(s,
      el("strong", { id: "game-over" }, t("Game over. ")), ...headline,
      el("div", { class: "ending" }, endingEvents().map((e) => el("div", {}, humanize(e.text, view.seats), ruleLink(e.rule)))),
      notes.length ? el("ul", { class: "fates" }, notes) : null,
      el("div", { class: "row" }, view.scores.map((sc, i) => el("span", { class: "chip score" }, seatTag(view.seats, i), `: ${score(i)}`))),
      el("div", { class: "row" },
        el("a", { class: "button small", id: "replay-link", href: `/replay/${encodeURIComponent(tableId)}` }, t("Watch the replay")),
        el("a", { class: "button small", href: `/api/tables/${encodeURIComponent(tableId)}/record`, download: "" }, t("Download the record")),
        campaignOf ? el("a", { class: "button small", id: "campaign-link", href: `/#continue=${encodeURIComponent(campaignOf)}` }, t("Continue the campaign")) : null,
        el("a", { class: "button small", href: "/" }, t("New game"))));
    return;
  }
  if (view.status === "open") {
    const free = view.seats.filter((x) => x.kind === "human" && !x.claimed).length;
    let invites = [];
    try { invites = JSON.parse(localStorage.getItem(`oneiros:invites:${tableId}`) || "[]"); } catch { invites = []; }
    const open = invites.filter((i) => view.seats[i.seat] && !view.seats[i.seat].claimed);
    fill(s, free === 1 ? t("Waiting for 1 more player: the game starts when every seat is taken.")
      : t("Waiting for {n} more players: the game starts when every seat is taken.", { n: free }),
      open.length ? el("ul", { id: "invites" }, open.map((i) => el("li", {}, t("Invite link for "), seatTag(view.seats, i.seat), ": ",
        el("a", { href: i.url }, i.url), " ",
        el("button", { type: "button", class: "small", onclick: () => navigator.clipboard && navigator.clipboard.writeText(i.url) }, t("Copy"))))) : null);
    return;
  }
  const mine = view.decision_id !== null;
  if (mine) s.classList.add("mine");
  const others = view.to_move.filter((p) => p !== view.seat && p >= 0);
  const list = [];
  others.forEach((p, k) => list.push(k ? ", " : "", seatTag(view.seats, p)));
  fill(s,
    mine ? el("strong", { id: "your-turn" }, t("Your turn. ")) : "",
    others.length ? [mine ? t("Also deciding: ") : t("Waiting for: "), ...list, "."] : "",
    view.turn ? el("span", { class: "muted" }, t(" Turn {turn}.", { turn: view.turn })) : "");
}

function drawMoment() {
  const box = $("moment");
  const f = view.seat === null ? null : fateOf(view, view.seat, events);
  if (!f || fateSeen || view.status === "finished") { box.hidden = true; return; }
  box.hidden = false;
  fill(box, el("strong", { id: "fate", dataset: { kind: f.kind } }, f.you), " ",
    el("button", { type: "button", class: "small", onclick: () => { fateSeen = true; box.hidden = true; } }, t("Keep watching")));
}

function drawActions() {
  const box = $("actions");
  const prompt = $("prompt");
  $("hint-text").textContent = "";
  if (!view.decision) {
    box.replaceChildren();
    $("controls").hidden = view.status !== "running" || view.seat === null;
    $("hint").hidden = true;
    $("undo").hidden = !view.can_undo;
    const out = view.seat !== null && fateOf(view, view.seat, events);
    prompt.textContent = view.seat !== null && view.status === "running"
      ? (out ? t("You are out of the game: watching the others play.") : t("Not your decision right now.")) : "";
    return;
  }
  $("controls").hidden = false;
  prompt.replaceChildren(...humanize(view.decision.prompt, view.seats), view.decision.rule ? " " : "", ruleLink(view.decision.rule));
  // a redraw of the same choice (someone connected, a name changed) keeps the keyboard where it was
  const had = box.contains(document.activeElement) ? document.activeElement.dataset.action : null;
  box.replaceChildren(...view.legal.map((a, k) =>
    el("button", { type: "button", dataset: { action: a.id }, title: humanText(a.label, view.seats), onclick: () => act(a.id) },
      k < 9 ? el("kbd", { "aria-hidden": "true" }, String(k + 1)) : null, humanize(a.label, view.seats))));
  const again = had === null ? null : [...box.querySelectorAll("button")].find((b) => b.dataset.action === had);
  if (again) again.focus({ preventScroll: true });
  $("hint").hidden = !view.hints;
  $("undo").hidden = !view.can_undo;
}

function focusFirstAction() {
  const key = view.decision_id === null ? null : `${view.n}:${view.decision_id}`;
  if (key === null || key === shownDecision) return;
  const first = document.querySelector("#actions button:not([disabled])");
  if (!first) return; // the buttons are not offered yet (moves still playing): at the next draw
  shownDecision = key;
  const active = document.activeElement;
  if (active && active !== document.body && !$("actions").contains(active) && !$("board").contains(active)) return;
  if ($("rule-dialog").open) return;
  first.focus({ preventScroll: true });
}

function drawSeats() {
  $("name-form").hidden = view.seat === null || view.status === "finished";
  $("seat-list").replaceChildren(...view.seats.map((x, i) => el("li", {
    class: `${view.to_move.includes(i) ? "turn" : ""} ${x.connected ? "" : "off"}`,
  }, seatTag(view.seats, i, { you: i === view.seat }),
  view.to_move.includes(i) && view.status === "running" ? el("span", { class: "muted" }, t(" · to move")) : null,
  x.kind === "bot" ? null : (x.claimed ? (x.connected ? "" : el("span", { class: "muted" }, t(" · away"))) : el("span", { class: "muted" }, t(" · free seat"))))));
}

function eventItem(e, fresh) {
  return el("li", { class: `${e.visible_to ? "private" : ""}${fresh ? " fresh" : ""}` },
    humanize(e.text, view.seats), e.visible_to ? el("span", { class: "muted" }, t(" (only you)")) : null,
    e.rule ? ruleLink(e.rule) : null);
}

function drawEvents() {
  const box = $("events");
  const fresh = new Set(lastEvents);
  const shown = groups.slice(-40).reverse();
  box.replaceChildren(...shown.map((g, k) => el("details", { class: "turn-group", open: k < 2 },
    el("summary", {}, g.turn === null ? t("Earlier in the game") : (g.turn ? t("Turn {turn}", { turn: g.turn }) : t("Setting up")), el("span", { class: "muted" }, g.events.length === 1 ? t(" · 1 event") : t(" · {n} events", { n: g.events.length }))),
    el("ol", {}, g.events.slice(-150).map((e) => eventItem(e, fresh.has(e)))))));
}

let revealTimer = null;
function drawLastMove() {
  const box = $("last-move");
  clearTimeout(revealTimer);
  if (!lastEvents.length) { box.replaceChildren(); return; }
  // the events of one move appear one after the other (dice drawn, then rolled...)
  const shown = lastEvents.slice(-4);
  const pause = Math.min(400, (Number(speedBox.value) || 0) / Math.max(1, shown.length));
  const list = el("span", {});
  fill(box, el("span", { class: "muted" }, t("Last move: ")), list);
  const add = (k) => {
    list.append(el("span", { class: "flash" }, k ? " · " : "", humanize(shown[k].text, view.seats)));
    if (k + 1 < shown.length) revealTimer = setTimeout(() => add(k + 1), pause);
  };
  if (pause > 0) add(0);
  else shown.forEach((_, k) => list.append(el("span", { class: "flash" }, k ? " · " : "", humanize(shown[k].text, view.seats))));
}

function drawBehind() {
  const n = queue.length;
  $("skip").hidden = n === 0;
  const playing = view && view.seat !== null && !fateOf(view, view.seat, events);
  $("skip").textContent = playing ? t("Skip to my turn") : t("Show all the moves");
  $("behind").textContent = n ? (n === 1 ? t("1 more move to show") : t("{n} more moves to show", { n })) : "";
}

function drawRisk() {
  const box = $("risk");
  const risk = insights && insights.risk;
  if (!risk || !view || view.decision_id === null) { box.hidden = true; box.replaceChildren(); return; }
  box.hidden = false;
  const meter = (label, p) => el("div", { class: "meter" }, el("span", {}, label),
    el("span", { class: "barbg" }, el("span", { class: "barfg", style: `width:${Math.round(p * 100)}%` })), el("span", {}, percent(p)));
  box.replaceChildren(el("strong", {}, t("Risk of drawing again")),
    meter(t("eaten"), risk.eaten), meter(t("nightmare"), risk.nightmare), meter(t("exhausted"), risk.exhausted),
    el("span", { class: "muted" }, t("expected Power +{power} ({samples} samples)", { power: Number(risk.expected_power).toFixed(2), samples: risk.samples })));
}

function showHint(msg) {
  if (!view || msg.decision_id !== view.decision_id) return;
  const chance = typeof msg.win_chance === "number" && msg.playouts
    ? [" ", el("span", { class: "muted" }, t("(estimated win chance after it: {p}, {n} playouts)", { p: percent(msg.win_chance), n: msg.playouts }))]
    : [];
  fill($("hint-text"), t("Suggested: "), humanize(msg.label, view.seats), ...chance);
  for (const b of document.querySelectorAll("#actions button")) b.classList.toggle("focus", b.dataset.action === msg.action);
}

// ----- keys and controls -------------------------------------------------------------------
document.addEventListener("keydown", (e) => {
  if (e.altKey || e.ctrlKey || e.metaKey) return;
  const tag = (e.target && e.target.tagName) || "";
  if (["INPUT", "SELECT", "TEXTAREA"].includes(tag) || $("rule-dialog").open) return;
  if (/^[1-9]$/.test(e.key)) {
    const b = document.querySelectorAll("#actions button:not([disabled])")[Number(e.key) - 1];
    if (b) { e.preventDefault(); b.click(); }
  } else if (e.key === "u" && !$("undo").hidden) {
    e.preventDefault();
    undo();
  }
});
$("skip").addEventListener("click", skipAll);
$("fold-log").addEventListener("click", () => {
  const all = [...document.querySelectorAll("#events details")];
  const open = all.some((d) => d.open);
  for (const d of all) d.open = !open;
  $("fold-log").textContent = open ? t("Unfold all") : t("Fold all");
});
$("hint").addEventListener("click", () => send({ type: "hint" }));
/** Take back the seat's last move (the server says when it may: ``can_undo``). */
function undo() {
  $("undo").hidden = true;   // one request per click; the next view shows it again if allowed
  send({ type: "undo" });
}
$("undo").addEventListener("click", undo);
$("name-form").addEventListener("submit", (e) => {
  e.preventDefault();
  const name = $("name-input").value.trim();
  if (!name) return;
  localStorage.setItem("oneiros:name", name);
  send({ type: "name", name });
  $("name-input").value = "";
});
setLanguage(chosenLang || "en").then(() => {
  if (chosenLang) loadGlossary();
  if (socket && socket.readyState === WebSocket.OPEN) setLink(token ? t("connected") : t("watching"), "ok");
}, () => {});
if (!chosenLang) loadGlossary();
connect();
