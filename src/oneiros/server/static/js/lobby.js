// The lobby: create a table (game, rule set, options, who sits where), share the invite
// links, join an open table, watch a running one, replay a finished one.
import { api, el, pretty } from "./common.js";

const $ = (id) => document.getElementById(id);
let games = [];
let agents = [];

function currentGame() {
  return games.find((g) => g.name === $("game").value);
}

function fillGame() {
  const g = currentGame();
  if (!g) return;
  $("game-summary").textContent = g.summary;
  const [lo, hi] = g.players;
  const players = [];
  for (let n = lo; n <= hi; n++) players.push(el("option", { value: n, selected: n === g.default_players }, n));
  $("players").replaceChildren(...players);
  $("ruleset").replaceChildren(...g.rulesets.map((r) => el("option", { value: r, selected: r === g.default_ruleset }, g.ruleset_titles[r] || r)));
  $("options").replaceChildren(el("legend", {}, "Options"), ...g.options.map(optionInput));
  $("options").hidden = g.options.length === 0;
  fillSeats();
}

function optionInput(o) {
  const id = `opt-${o.name}`;
  let input;
  if (o.type === "bool") input = el("input", { type: "checkbox", id, checked: !!o.default, dataset: { option: o.name, kind: "bool" } });
  else if (o.choices) input = el("select", { id, dataset: { option: o.name } }, o.choices.map((c) => el("option", { value: c, selected: c === o.default }, String(c))));
  else if (o.type === "int") input = el("input", { type: "number", id, value: o.default, min: o.min ?? undefined, max: o.max ?? undefined, dataset: { option: o.name, kind: "int" } });
  else input = el("input", { id, value: o.default ?? "", dataset: { option: o.name } });
  return el("label", { class: o.type === "bool" ? "check" : "", title: o.help }, input, ` ${pretty(o.name)}`, el("span", { class: "muted" }, o.help));
}

function fillSeats() {
  const g = currentGame();
  const n = Number($("players").value);
  const bot = g.hints ? "heuristic" : "random";
  const rows = [];
  for (let i = 0; i < n; i++) {
    const kind = el("select", { dataset: { seat: i, field: "kind" }, "aria-label": `seat ${i}` },
      el("option", { value: "human", selected: i === 0 }, i === 0 ? "Me" : "Friend"),
      el("option", { value: "bot", selected: i !== 0 }, "Bot"));
    const agent = el("select", { dataset: { seat: i, field: "agent" }, "aria-label": `bot of seat ${i}` },
      agents.map((a) => el("option", { value: a.name, selected: a.name === bot, title: a.summary }, a.name)));
    agent.disabled = i === 0;
    kind.addEventListener("change", () => { agent.disabled = kind.value !== "bot"; });
    rows.push(el("div", { class: "seat-spec" }, el("span", {}, `Seat ${i}`), kind, agent));
  }
  $("seats").replaceChildren(el("legend", {}, "Seats"), ...rows);
}

function formBody() {
  const options = {};
  for (const input of $("options").querySelectorAll("[data-option]")) {
    if (input.dataset.kind === "bool") options[input.dataset.option] = input.checked;
    else if (input.dataset.kind === "int") options[input.dataset.option] = Number(input.value);
    else options[input.dataset.option] = input.value;
  }
  const seats = [];
  for (const row of $("seats").querySelectorAll(".seat-spec")) {
    const kind = row.querySelector("[data-field=kind]").value;
    const seat = { kind };
    if (kind === "bot") seat.agent = row.querySelector("[data-field=agent]").value;
    seats.push(seat);
  }
  const name = $("my-name").value.trim();
  if (name && seats[0] && seats[0].kind === "human") seats[0].name = name;
  return {
    game: $("game").value, ruleset: $("ruleset").value, players: Number($("players").value),
    options, seats, public: $("public").checked,
  };
}

async function create(e) {
  e.preventDefault();
  $("create-error").textContent = "";
  const name = $("my-name").value.trim();
  if (name) localStorage.setItem("oneiros:name", name);
  try {
    const made = await api("/api/tables", { method: "POST", body: formBody() });
    const humans = made.seats.filter((s) => s.kind === "human");
    const mine = humans[0];
    // the table page shows the invite links to its creator while seats are free
    localStorage.setItem(`oneiros:invites:${made.id}`, JSON.stringify(humans.slice(1).map((s) => ({ seat: s.seat, url: s.url }))));
    $("invites").replaceChildren(...humans.slice(1).map((s) => el("li", {}, `Seat ${s.seat}: `,
      el("a", { href: s.url }, s.url), " ",
      el("button", { type: "button", class: "small", onclick: () => navigator.clipboard && navigator.clipboard.writeText(s.url) }, "Copy"))));
    if (humans.length <= 1) $("invites").replaceChildren(el("li", { class: "muted" }, "No other human seat: you play against bots."));
    $("spectate-link").href = made.spectate_url;
    $("spectate-link").textContent = made.spectate_url;
    $("go-seat").href = mine ? mine.url : made.spectate_url;
    $("go-seat").textContent = mine ? "Go to my seat" : "Watch the bots";
    $("created").hidden = false;
    if (mine && humans.length === 1) location.href = mine.url;   // against bots: straight to the table
    refresh();
  } catch (err) {
    $("create-error").textContent = err.message;
  }
}

function tableLine(t) {
  const seats = t.seats.map((s) => s.kind === "bot" ? "bot" : (s.claimed ? (s.name || "player") : "free")).join(", ");
  const actions = [];
  if (t.status === "open") actions.push(el("button", { type: "button", class: "small", onclick: () => join(t.id) }, "Join"));
  if (t.status !== "finished") actions.push(el("a", { class: "button small", href: `/t/${t.id}` }, "Watch"));
  else actions.push(el("a", { class: "button small", href: `/replay/${t.id}` }, "Replay"));
  return el("li", {}, el("span", {}, el("strong", {}, t.title), ` · ${t.players} players · ${seats}`), el("span", { class: "row" }, actions));
}

async function join(id) {
  try {
    const name = $("my-name").value.trim() || localStorage.getItem("oneiros:name") || undefined;
    const joined = await api(`/api/tables/${encodeURIComponent(id)}/join`, { method: "POST", body: { name } });
    location.href = joined.url;
  } catch (err) {
    $("create-error").textContent = err.message;
    refresh();
  }
}

async function refresh() {
  for (const status of ["open", "running", "finished"]) {
    try {
      const list = await api(`/api/tables?status=${status}&limit=20`);
      $(`${status}-tables`).replaceChildren(...(list.length ? list.map(tableLine) : [el("li", { class: "muted" }, "none")]));
    } catch (err) {
      $("create-error").textContent = err.message;
    }
  }
}

async function start() {
  $("my-name").value = localStorage.getItem("oneiros:name") || "";
  try {
    [games, agents] = await Promise.all([api("/api/games"), api("/api/agents")]);
  } catch (err) {
    $("create-error").textContent = err.message;
    return;
  }
  const preferred = games.find((g) => g.name === "lucidity") ? "lucidity" : (games[0] && games[0].name);
  $("game").replaceChildren(...games.map((g) => el("option", { value: g.name, selected: g.name === preferred }, g.title)));
  fillGame();
  $("game").addEventListener("change", fillGame);
  $("players").addEventListener("change", fillSeats);
  $("create-form").addEventListener("submit", create);
  $("refresh").addEventListener("click", refresh);
  refresh();
}

start();
