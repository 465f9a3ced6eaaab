// The lobby: create a table (game, rule set, options, who sits where), share the invite
// links, join an open table, watch a running one, replay a finished one.
import { api, el, playerNames, pretty } from "./common.js";

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
  if (o.type === "bool") return el("div", { class: "field" }, el("label", { class: "check", for: id }, input, ` ${pretty(o.name)}`), el("span", { class: "muted small-text" }, o.help));
  return el("div", { class: "field" }, el("label", { for: id }, pretty(o.name)), input, el("span", { class: "muted small-text" }, o.help));
}

/** The names the table will give its seats (bots by personality), as on the table page. */
function seatNames() {
  const specs = [...$("seats").querySelectorAll(".seat-spec")].map((row, i) => {
    const kind = row.querySelector("[data-field=kind]").value;
    return { seat: i, kind, agent: row.querySelector("[data-field=agent]").value, name: i === 0 && kind === "human" ? ($("my-name").value.trim() || "You") : null, claimed: kind !== "human" || i === 0 };
  });
  return playerNames(specs);
}

function summarise() {
  const rows = [...$("seats").querySelectorAll(".seat-spec")];
  const bots = rows.filter((r) => r.querySelector("[data-field=kind]").value === "bot").length;
  const friends = rows.length - bots - 1;
  const parts = [];
  if (friends > 0) parts.push(`${friends} friend${friends === 1 ? "" : "s"} (you get invite links)`);
  if (bots > 0) parts.push(`${bots} bot${bots === 1 ? "" : "s"}`);
  const names = seatNames();
  $("seat-summary").textContent = `You against ${parts.join(" and ") || "nobody"}: ${names.slice(1).join(", ")}.`;
  rows.forEach((r, i) => { r.querySelector(".seat-name").textContent = i === 0 ? "You" : names[i]; });
}

function fillSeats() {
  const g = currentGame();
  const n = Number($("players").value);
  const bot = g.hints ? "heuristic" : "random";
  const rows = [];
  for (let i = 0; i < n; i++) {
    const kind = el("select", { dataset: { seat: i, field: "kind" }, "aria-label": i === 0 ? "who plays your seat" : `who plays seat ${i + 1}` },
      el("option", { value: "human", selected: i === 0 }, i === 0 ? "Me" : "A friend"),
      el("option", { value: "bot", selected: i !== 0 }, "A bot"));
    const agent = el("select", { dataset: { seat: i, field: "agent" }, "aria-label": `which bot plays seat ${i + 1}` },
      agents.map((a) => el("option", { value: a.name, selected: a.name === bot, title: a.summary }, a.name)));
    agent.disabled = i === 0;
    kind.addEventListener("change", () => { agent.disabled = kind.value !== "bot"; summarise(); });
    agent.addEventListener("change", summarise);
    rows.push(el("div", { class: "seat-spec" }, el("span", { class: "seat-name" }), kind, agent));
  }
  $("seats").replaceChildren(el("legend", {}, "Seats"), ...rows);
  summarise();
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
    const names = seatNames();
    $("invites").replaceChildren(...humans.slice(1).map((s) => el("li", {}, `${names[s.seat]}: `,
      el("a", { href: s.url }, s.url), " ",
      el("button", { type: "button", class: "small", onclick: () => navigator.clipboard && navigator.clipboard.writeText(s.url) }, "Copy"))));
    if (humans.length <= 1) $("invites").replaceChildren(el("li", { class: "muted" }, "No other human seat: you play against bots."));
    $("spectate-link").href = made.spectate_url;
    $("spectate-link").textContent = made.spectate_url;
    $("go-seat").href = mine ? mine.url : made.spectate_url;
    $("go-seat").textContent = mine ? "Go to my seat" : "Watch the bots";
    if (mine && humans.length === 1) { location.href = mine.url; return; }   // against bots: straight to the table
    $("create-form").hidden = true;
    $("created").hidden = false;
    $("created").focus();   // the invite links are where the eye (and the keyboard) is
    refresh();
  } catch (err) {
    $("create-error").textContent = err.message;
  }
}

function tableLine(t) {
  const names = playerNames(t.seats);
  const who = t.seats.map((s, i) => (s.kind === "human" && !s.claimed ? "free seat" : names[i])).join(", ");
  const actions = [];
  if (t.status === "open") actions.push(el("button", { type: "button", class: "small", onclick: () => join(t.id) }, "Join"));
  if (t.status !== "finished") actions.push(el("a", { class: "button small", href: `/t/${t.id}` }, "Watch"));
  else actions.push(el("a", { class: "button small", href: `/replay/${t.id}` }, "Replay"));
  const details = [`${t.players} players`, who];
  if (t.status === "finished") {
    details.push(t.winners && t.winners.length ? `won by ${t.winners.map((w) => names[w]).join(" and ")}` : "nobody won");
    if (t.scores && t.scores.length) details.push(`scores ${t.scores.map((x) => Math.round(x * 10) / 10).join(" · ")}`);
  }
  const when = t.created_at ? new Date(t.created_at) : null;
  if (when && !Number.isNaN(when.getTime())) details.push(when.toLocaleString([], { dateStyle: "medium", timeStyle: "short" }));
  return el("li", {}, el("span", {}, el("strong", {}, t.title), ` · ${details.join(" · ")}`), el("span", { class: "row" }, actions));
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
  $("my-name").addEventListener("input", summarise);
  $("another").addEventListener("click", () => { $("created").hidden = true; $("create-form").hidden = false; $("my-name").focus(); });
  refresh();
}

start();
