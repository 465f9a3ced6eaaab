// The table page: one WebSocket to the server, which holds the only real state. Every
// message carries this seat's view; the page draws it and sends the chosen action's id.
import { el, fill, percent, pretty, seatName, toast } from "./common.js";
import { renderBoard } from "./views/index.js";

const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
const tokenKey = `oneiros:token:${tableId}`;
const params = new URLSearchParams(location.hash.slice(1));
if (params.get("token")) localStorage.setItem(tokenKey, params.get("token"));
const token = params.get("token") || localStorage.getItem(tokenKey);

const $ = (id) => document.getElementById(id);
let view = null;          // the latest snapshot/update
let events = [];          // every event this seat may see, in order
let socket = null;
let retry = 0;
let stopped = false;
let insights = {};

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${location.host}/ws/${encodeURIComponent(tableId)}`);
  setLink("connecting…", "");
  socket.addEventListener("open", () => {
    retry = 0;
    const hello = { type: "hello" };
    if (token) hello.token = token;
    const name = localStorage.getItem("oneiros:name");
    if (name) hello.name = name.slice(0, 40);
    hello.panels = true;   // this page shows the risk meter
    socket.send(JSON.stringify(hello));
    setLink(token ? "connected" : "watching", "ok");
  });
  socket.addEventListener("message", (e) => handle(JSON.parse(e.data)));
  socket.addEventListener("close", (e) => {
    if (stopped || e.code === 4401 || e.code === 4404) { setLink("disconnected", "bad"); return; }
    setLink("reconnecting…", "bad");
    retry = Math.min(retry + 1, 6);
    setTimeout(connect, 300 * 2 ** retry);   // a reload or a dropped network resumes the seat
  });
}

function setLink(text, cls) {
  const pill = $("link-state");
  pill.textContent = text;
  pill.className = `pill ${cls}`;
}

function handle(msg) {
  if (msg.type === "snapshot") { events = msg.events; view = msg; insights = msg.insights || {}; draw(); }
  else if (msg.type === "update") { events = events.concat(msg.events); view = msg; insights = msg.insights || {}; draw(); }
  else if (msg.type === "insights") { if (view && msg.n === view.n) { insights = msg.insights; drawRisk(); } }
  else if (msg.type === "hint") { showHint(msg); }
  else if (msg.type === "error") {
    toast(msg.message);
    if (view) draw();   // the move was refused: offer the choices again
    if (["unauthorized", "unknown_table"].includes(msg.code)) stopped = true;
  }
}

function send(message) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
  else toast("not connected: the move was not sent");
}

function act(id) {
  if (!view || view.decision_id === null) return;
  send({ type: "act", action: id, decision: view.decision_id });
  for (const b of document.querySelectorAll("#actions button")) b.disabled = true;   // until the answer
}

function draw() {
  document.title = `Oneiros — ${view.title}`;
  $("title").textContent = `${view.title} · ${view.ruleset}`;
  drawStatus();
  drawActions();
  const legal = new Set(view.legal.map((a) => a.id));
  renderBoard($("board"), view, { seats: view.seats, players: view.seats.length, legal });
  markPlayable(legal);
  drawSeats();
  drawEvents();
  drawRisk();
}

function drawStatus() {
  const s = $("status");
  s.className = "status";
  if (view.status === "finished") {
    s.classList.add("over");
    const winners = view.winners.map((w) => seatName(view.seats, w));
    fill(s, 
      el("strong", { id: "game-over" }, "Game over. "),
      winners.length ? `${winners.join(" and ")} ${winners.length > 1 ? "win" : "wins"}.` : "Nobody wins.",
      view.end_reason ? el("span", { class: "muted" }, ` (${pretty(view.end_reason)})`) : null,
      el("div", { class: "row" }, view.scores.map((sc, i) => el("span", { class: "chip" }, `${seatName(view.seats, i)}: ${sc}`))),
      el("div", { class: "row" },
        el("a", { class: "button small", id: "replay-link", href: `/replay/${encodeURIComponent(tableId)}` }, "Watch the replay"),
        el("a", { class: "button small", href: `/api/tables/${encodeURIComponent(tableId)}/record`, download: "" }, "Download the record"),
        el("a", { class: "button small", href: "/" }, "New game")));
    return;
  }
  if (view.status === "open") {
    const free = view.seats.filter((x) => x.kind === "human" && !x.claimed).length;
    let invites = [];
    try { invites = JSON.parse(localStorage.getItem(`oneiros:invites:${tableId}`) || "[]"); } catch { invites = []; }
    const open = invites.filter((i) => view.seats[i.seat] && !view.seats[i.seat].claimed);
    fill(s, `Waiting for ${free} more player${free === 1 ? "" : "s"}: the game starts when every seat is taken.`,
      open.length ? el("ul", { id: "invites" }, open.map((i) => el("li", {}, `Invite link for seat ${i.seat}: `, el("a", { href: i.url }, i.url)))) : null);
    return;
  }
  const mine = view.decision_id !== null;
  if (mine) s.classList.add("mine");
  const others = view.to_move.filter((p) => p !== view.seat).map((p) => seatName(view.seats, p));
  fill(s, 
    mine ? el("strong", { id: "your-turn" }, "Your turn. ") : "",
    others.length ? `${mine ? "Also deciding" : "Waiting for"}: ${others.join(", ")}.` : "",
    view.turn ? el("span", { class: "muted" }, ` Turn ${view.turn}.`) : "");
}

function drawActions() {
  const box = $("actions");
  const prompt = $("prompt");
  $("hint-text").textContent = "";
  if (!view.decision) {
    prompt.textContent = view.status === "running" ? "" : "";
    box.replaceChildren();
    $("controls").hidden = view.status !== "running" || view.seat === null;
    $("hint").hidden = true;
    if (view.seat !== null && view.status === "running") prompt.textContent = "Not your decision right now.";
    return;
  }
  $("controls").hidden = false;
  prompt.replaceChildren(view.decision.prompt, view.decision.rule ? el("span", { class: "muted" }, ` — ${view.decision.rule}`) : "");
  box.replaceChildren(...view.legal.map((a) =>
    el("button", { type: "button", dataset: { action: a.id }, title: a.id, onclick: () => act(a.id) }, a.label)));
  $("hint").hidden = !view.hints;
}

function markPlayable(legal) {
  for (const node of $("board").querySelectorAll("[data-actions]")) {
    const ids = node.dataset.actions.split(" ").filter((id) => legal.has(id));
    if (!ids.length) continue;
    node.classList.add("playable");
    node.setAttribute("role", "button");
    node.setAttribute("tabindex", "0");
    node.title = ids.map((id) => (view.legal.find((a) => a.id === id) || {}).label || id).join(" / ");
    const choose = () => {
      if (ids.length === 1) { act(ids[0]); return; }
      for (const b of document.querySelectorAll("#actions button")) b.classList.toggle("focus", ids.includes(b.dataset.action));
      $("actions").scrollIntoView({ block: "nearest" });
    };
    node.addEventListener("click", choose);
    node.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); choose(); } });
  }
}

function drawSeats() {
  $("name-form").hidden = view.seat === null || view.status === "finished";
  $("seat-list").replaceChildren(...view.seats.map((x) => el("li", {
    class: `${view.to_move.includes(x.seat) ? "turn" : ""} ${x.connected ? "" : "off"}`,
  }, x.name || `Seat ${x.seat}`, x.seat === view.seat ? " (you)" : "",
  x.kind === "bot" ? el("span", { class: "muted" }, " · bot") : (x.claimed ? (x.connected ? "" : el("span", { class: "muted" }, " · away")) : el("span", { class: "muted" }, " · free seat")))));
}

function drawEvents() {
  const list = $("events");
  const shown = events.slice(-200).reverse();
  list.replaceChildren(...shown.map((e) => el("li", { class: e.visible_to ? "private" : "" },
    e.text, e.visible_to ? el("span", { class: "muted" }, " (only you)") : null,
    e.rule ? el("span", { class: "rule" }, e.rule) : null)));
}

function drawRisk() {
  const box = $("risk");
  const risk = insights && insights.risk;
  if (!risk || !view || view.decision_id === null) { box.hidden = true; box.replaceChildren(); return; }
  box.hidden = false;
  const meter = (label, p) => el("div", { class: "meter" }, el("span", {}, label),
    el("span", { class: "barbg" }, el("span", { class: "barfg", style: `width:${Math.round(p * 100)}%` })), el("span", {}, percent(p)));
  box.replaceChildren(el("strong", {}, "Risk of drawing again"),
    meter("eaten", risk.eaten), meter("nightmare", risk.nightmare), meter("exhausted", risk.exhausted),
    el("span", { class: "muted" }, `expected Power +${Number(risk.expected_power).toFixed(2)} (${risk.samples} samples)`));
}

function showHint(msg) {
  if (!view || msg.decision_id !== view.decision_id) return;
  $("hint-text").textContent = `Suggested: ${msg.label}`;
  for (const b of document.querySelectorAll("#actions button")) b.classList.toggle("focus", b.dataset.action === msg.action);
}

$("hint").addEventListener("click", () => send({ type: "hint" }));
$("name-form").addEventListener("submit", (e) => {
  e.preventDefault();
  const name = $("name-input").value.trim();
  if (!name) return;
  localStorage.setItem("oneiros:name", name);
  send({ type: "name", name });
  $("name-input").value = "";
});
connect();
