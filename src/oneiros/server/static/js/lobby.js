// The lobby: create a table (game, rule set, options, who sits where), share the invite
// links, join an open table, watch a running one, replay a finished one; start a campaign
// and continue the ones this browser keeps (their secret links, in localStorage).
import { api, el, personality, playerNames, pretty, setLanguage, t } from "./common.js";

const $ = (id) => document.getElementById(id);
let games = [];
let agents = [];

function currentGame() {
  return games.find((g) => g.name === $("game").value);
}

function fillGame() {
  const g = currentGame();
  if (!g) return;
  $("game-summary").textContent = t(g.summary);
  const [lo, hi] = g.players;
  const players = [];
  for (let n = lo; n <= hi; n++) players.push(el("option", { value: n, selected: n === g.default_players }, n));
  $("players").replaceChildren(...players);
  fillRulesets(g, g.default_ruleset);
  $("options").replaceChildren(el("legend", {}, t("Options")), ...g.options.map(optionInput));
  $("options").hidden = g.options.length === 0;
  fillSeats();
}

function optionInput(o) {
  const id = `opt-${o.name}`;
  let input;
  if (o.type === "bool") input = el("input", { type: "checkbox", id, checked: !!o.default, dataset: { option: o.name, kind: "bool" } });
  else if (o.choices) input = el("select", { id, dataset: { option: o.name } }, o.choices.map((c) => el("option", { value: c, selected: c === o.default }, t(o.labels?.[c] ?? String(c)))));
  else if (o.type === "int") input = el("input", { type: "number", id, value: o.default, min: o.min ?? undefined, max: o.max ?? undefined, dataset: { option: o.name, kind: "int" } });
  else input = el("input", { id, value: o.default ?? "", dataset: { option: o.name } });
  if (o.type === "bool") return el("div", { class: "field" }, el("label", { class: "check", for: id }, input, ` ${t(pretty(o.name))}`), el("span", { class: "muted small-text" }, t(o.help)));
  return el("div", { class: "field" }, el("label", { for: id }, t(pretty(o.name))), input, el("span", { class: "muted small-text" }, t(o.help)));
}

/** The names the table will give its seats (bots by personality), as on the table page. */
function seatNames() {
  const specs = [...$("seats").querySelectorAll(".seat-spec")].map((row, i) => {
    const kind = row.querySelector("[data-field=kind]").value;
    return { seat: i, kind, agent: row.querySelector("[data-field=agent]").value, name: i === 0 && kind === "human" ? ($("my-name").value.trim() || t("You")) : null, claimed: kind !== "human" || i === 0 };
  });
  return playerNames(specs);
}

function summarise() {
  const rows = [...$("seats").querySelectorAll(".seat-spec")];
  const bots = rows.filter((r) => r.querySelector("[data-field=kind]").value === "bot").length;
  const friends = rows.length - bots - 1;
  const parts = [];
  if (friends > 0) parts.push(friends === 1 ? t("1 friend (you get invite links)") : t("{n} friends (you get invite links)", { n: friends }));
  if (bots > 0) parts.push(bots === 1 ? t("1 bot") : t("{n} bots", { n: bots }));
  const names = seatNames();
  $("seat-summary").textContent = t("You against {who}: {names}.", { who: parts.join(t(" and ")) || t("nobody"), names: names.slice(1).join(", ") });
  rows.forEach((r, i) => { r.querySelector(".seat-name").textContent = i === 0 ? t("You") : names[i]; });
}

/** A bot's name in the seat menu: its agent and its personality ("heuristic (careful)"). */
function agentName(name) {
  const kind = personality(name);
  return kind === name ? name : `${name} (${kind})`;
}

/** The seat rows; ``keep`` keeps who sits where (the language changed, not the game). */
function fillSeats(keep = false) {
  const g = currentGame();
  const n = Number($("players").value);
  const bot = g.hints ? "heuristic" : "random";
  const rows = [];
  const before = [...$("seats").querySelectorAll(".seat-spec")].map((r) => ({
    kind: r.querySelector("[data-field=kind]").value, agent: r.querySelector("[data-field=agent]").value }));
  for (let i = 0; i < n; i++) {
    const was = keep ? before[i] : undefined;
    const human = was ? was.kind === "human" : i === 0;
    const kind = el("select", { dataset: { seat: i, field: "kind" }, "aria-label": i === 0 ? t("who plays your seat") : t("who plays seat {n}", { n: i + 1 }) },
      el("option", { value: "human", selected: human }, i === 0 ? t("Me") : t("A friend")),
      el("option", { value: "bot", selected: !human }, t("A bot")));
    const chosen = was ? was.agent : bot;
    const agent = el("select", { dataset: { seat: i, field: "agent" }, "aria-label": t("which bot plays seat {n}", { n: i + 1 }) },
      agents.map((a) => el("option", { value: a.name, selected: a.name === chosen, title: t(a.summary) }, agentName(a.name))));
    agent.disabled = kind.value !== "bot";
    kind.addEventListener("change", () => { agent.disabled = kind.value !== "bot"; summarise(); });
    agent.addEventListener("change", summarise);
    rows.push(el("div", { class: "seat-spec" }, el("span", { class: "seat-name" }), kind, agent));
  }
  $("seats").replaceChildren(el("legend", {}, t("Seats")), ...rows);
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
      el("button", { type: "button", class: "small", onclick: () => navigator.clipboard && navigator.clipboard.writeText(s.url) }, t("Copy")))));
    if (humans.length <= 1) $("invites").replaceChildren(el("li", { class: "muted" }, t("No other human seat: you play against bots.")));
    $("spectate-link").href = made.spectate_url;
    $("spectate-link").textContent = made.spectate_url;
    $("go-seat").href = mine ? mine.url : made.spectate_url;
    $("go-seat").textContent = mine ? t("Go to my seat") : t("Watch the bots");
    if (mine && humans.length === 1) { location.href = mine.url; return; }   // against bots: straight to the table
    $("create-form").hidden = true;
    $("created").hidden = false;
    $("created").focus();   // the invite links are where the eye (and the keyboard) is
    refresh();
  } catch (err) {
    $("create-error").textContent = err.message;
  }
}

function tableLine(tb) {
  const names = playerNames(tb.seats);
  const who = tb.seats.map((s, i) => (s.kind === "human" && !s.claimed ? t("free seat") : names[i])).join(", ");
  const actions = [];
  if (tb.status === "open") actions.push(el("button", { type: "button", class: "small", onclick: () => join(tb.id) }, t("Join")));
  if (tb.status !== "finished") actions.push(el("a", { class: "button small", href: `/t/${tb.id}` }, t("Watch")));
  else actions.push(el("a", { class: "button small", href: `/replay/${tb.id}` }, t("Replay")));
  const details = [t("{n} players", { n: tb.players }), who];
  if (tb.status === "finished") {
    details.push(tb.winners && tb.winners.length ? t("won by {names}", { names: tb.winners.map((w) => names[w]).join(t(" and ")) }) : t("nobody won"));
    if (tb.scores && tb.scores.length) details.push(t("scores {list}", { list: tb.scores.map((x) => Math.round(x * 10) / 10).join(" · ") }));
  }
  const when = tb.created_at ? new Date(tb.created_at) : null;
  if (when && !Number.isNaN(when.getTime())) details.push(when.toLocaleString(document.documentElement.lang || [], { dateStyle: "medium", timeStyle: "short" }));
  return el("li", {}, el("span", {}, el("strong", {}, tb.title), ` · ${details.join(" · ")}`), el("span", { class: "row" }, actions));
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
      $(`${status}-tables`).replaceChildren(...(list.length ? list.map(tableLine) : [el("li", { class: "muted" }, t("none"))]));
    } catch (err) {
      $("create-error").textContent = err.message;
    }
  }
}

// The language: the one chosen at a table or here (kept in this browser), English until then.
const langBox = $("lang");
langBox.value = localStorage.getItem("oneiros:lang") || "en";
langBox.addEventListener("change", async () => {
  localStorage.setItem("oneiros:lang", langBox.value);
  await setLanguage(langBox.value);
  redraw();
});

/** Draw the form's own words again in the current language, keeping what was chosen. */
function redraw() {
  const g = currentGame();
  if (!g) return;
  $("game-summary").textContent = t(g.summary);
  const ruleset = $("ruleset").value;
  fillRulesets(g, ruleset);
  const options = new Map([...$("options").querySelectorAll("[data-option]")].map((i) => [i.dataset.option, i.dataset.kind === "bool" ? i.checked : i.value]));
  $("options").replaceChildren(el("legend", {}, t("Options")), ...g.options.map(optionInput));
  for (const input of $("options").querySelectorAll("[data-option]")) {
    if (!options.has(input.dataset.option)) continue;
    if (input.dataset.kind === "bool") input.checked = options.get(input.dataset.option);
    else input.value = options.get(input.dataset.option);
  }
  fillSeats(true);
  refresh();
  drawCampaigns();
}

function fillRulesets(g, chosen) {
  $("ruleset").replaceChildren(...g.rulesets.map((r) => el("option", { value: r, selected: r === chosen }, t(g.ruleset_titles[r] || r))));
}

// ----- campaigns: saved links (oneiros:campaigns), new campaign, continue ----------------
const CAMPAIGNS = "oneiros:campaigns";
let campaignGames = [];

function savedCampaigns() {
  try {
    const list = JSON.parse(localStorage.getItem(CAMPAIGNS) || "[]");
    return Array.isArray(list) ? list.filter((c) => c && typeof c.token === "string") : [];
  } catch { return []; }
}

function keepCampaign(entry) {
  const list = savedCampaigns().filter((c) => c.token !== entry.token);
  list.unshift(entry);
  localStorage.setItem(CAMPAIGNS, JSON.stringify(list.slice(0, 50)));
}

function forgetCampaign(token) {
  localStorage.setItem(CAMPAIGNS, JSON.stringify(savedCampaigns().filter((c) => c.token !== token)));
  drawCampaigns();
}

function campaignLink(token) {
  return `${location.origin}/#campaign=${encodeURIComponent(token)}`;
}

function fillCampaignPlayers() {
  const g = campaignGames.find((x) => x.name === $("campaign-game").value);
  if (!g) return;
  const [lo, hi] = g.players;
  const chosen = Number($("campaign-players").value) || g.default_players;
  const out = [];
  for (let n = lo; n <= hi; n++) out.push(el("option", { value: n, selected: n === chosen }, n));
  $("campaign-players").replaceChildren(...out);
}

async function campaignLine(saved) {
  let seen = null;
  try {
    seen = await api(`/api/campaigns/${encodeURIComponent(saved.token)}`);
  } catch (err) {
    return el("li", {}, el("span", {}, el("strong", {}, saved.name || "?"), ` · ${err.message}`),
      el("span", { class: "row" }, el("button", { type: "button", class: "small", onclick: () => forgetCampaign(saved.token) }, t("Forget"))));
  }
  const s = seen.summary || {};
  const details = [];
  if (s.next) details.push(s.next === "over" ? t("the campaign is over") : t("next: {what}", { what: s.next }));
  details.push(t("session {n}", { n: (seen.sessions || []).length + (seen.playing ? 0 : 1) }));
  if (s.dreamers) details.push(s.dreamers);
  const actions = [];
  if (seen.playing && seen.playing.url) {
    actions.push(el("a", { class: "button small", href: seen.playing.url, onclick: () => localStorage.setItem(`oneiros:campaign-of:${seen.playing.table}`, saved.token) }, t("Back to the session")));
  } else if (seen.playing) {
    details.push(t("a session is being played at a terminal"));
  } else if (!seen.finished) {
    const pick = playersPicker(seen.players);
    if (pick) actions.push(el("label", { class: "inline" }, t("Players"), pick));
    const players = () => (pick && Number(pick.value) !== seen.players.count ? Number(pick.value) : undefined);
    actions.push(el("button", { type: "button", class: "small", dataset: { campaign: saved.name }, onclick: () => continueCampaign(saved.token, players()) }, t("Continue")));
  }
  actions.push(el("button", { type: "button", class: "small", title: t("Copy the campaign's secret link"), onclick: () => navigator.clipboard && navigator.clipboard.writeText(campaignLink(saved.token)) }, t("Copy link")));
  const fixed = !seen.playing && !seen.finished && seen.players && seen.players.fixed;
  return el("li", { class: "campaign" }, el("span", {}, el("strong", {}, seen.name), ` · ${details.join(" · ")}`), el("span", { class: "row" }, actions),
    fixed ? el("span", { class: "muted small-text players-fixed" }, sentence(t(fixed))) : null);
}

const sentence = (text) => `${text.charAt(0).toUpperCase()}${text.slice(1)}${/[.!?)]$/.test(text) ? "" : "."}`;

/** The number of players of the next session ("Adding a New Dreamer": Dreamers join or sit
 * out between evenings); disabled, with the rules' reason, while it may not change. */
function playersPicker(p) {
  if (!p) return null;
  const options = [];
  for (let n = p.min; n <= p.max; n++) options.push(el("option", { value: n, selected: n === p.count }, n));
  return el("select", { class: "small campaign-players", disabled: !!p.fixed,
    title: p.fixed ? t(p.fixed) : t("Dreamers may join or sit out between evenings") }, options);
}

/** What the table page's "Save and leave" just did (kept for this tab until shown). */
function showSaved() {
  let done = null;
  try { done = JSON.parse(sessionStorage.getItem("oneiros:campaign-saved") || "null"); } catch { done = null; }
  sessionStorage.removeItem("oneiros:campaign-saved");
  if (!done) return;
  const box = $("campaign-notice");
  box.textContent = t("{name}: session {n} saved. {note}", { name: done.name, n: done.session, note: t(done.note) });
  box.hidden = false;
}

async function drawCampaigns() {
  const saved = savedCampaigns();
  if (!saved.length) {
    $("my-campaigns").replaceChildren(el("li", { class: "muted" }, t("No campaign in this browser yet: start one below, or open a campaign's link.")));
    return;
  }
  $("my-campaigns").replaceChildren(...(await Promise.all(saved.map(campaignLine))));
}

async function continueCampaign(token, players) {
  $("campaign-error").textContent = "";
  try {
    const name = $("my-name").value.trim() || localStorage.getItem("oneiros:name") || undefined;
    if (name) localStorage.setItem("oneiros:name", name);
    const opened = await api(`/api/campaigns/${encodeURIComponent(token)}/continue`, { method: "POST", body: { name, players } });
    localStorage.setItem(`oneiros:campaign-of:${opened.table}`, token);
    // the table page shows the friends' invite links while their seats are free
    localStorage.setItem(`oneiros:invites:${opened.table}`, JSON.stringify(opened.invites || []));
    location.href = opened.url;
  } catch (err) {
    $("campaign-error").textContent = err.message;
    drawCampaigns();
  }
}

async function createCampaign(e) {
  e.preventDefault();
  $("campaign-error").textContent = "";
  try {
    const made = await api("/api/campaigns", { method: "POST", body: {
      game: $("campaign-game").value, name: $("campaign-name").value.trim(), players: Number($("campaign-players").value) } });
    keepCampaign({ token: made.token, name: made.name, game: made.game });
    $("campaign-form").reset();
    $("new-campaign").open = false;
    await continueCampaign(made.token);
  } catch (err) {
    $("campaign-error").textContent = err.message;
  }
}

/** ``#campaign=TOKEN`` (a campaign's link) is kept in this browser; ``#continue=TOKEN`` (the
 * end of a session) also opens the next session's table. The token leaves the address bar. */
async function campaignFromHash() {
  const hash = new URLSearchParams(location.hash.slice(1));
  const token = hash.get("campaign") || hash.get("continue");
  if (!token) return false;
  history.replaceState(null, "", location.pathname + location.search);
  try {
    const seen = await api(`/api/campaigns/${encodeURIComponent(token)}`);
    keepCampaign({ token, name: seen.name, game: seen.game });
  } catch (err) {
    $("campaign-error").textContent = err.message;
    return false;
  }
  if (hash.get("continue")) { await continueCampaign(token); return true; }
  return false;
}

async function startCampaigns() {
  if (await campaignFromHash()) return;
  try {
    campaignGames = await api("/api/campaign-games");
  } catch (err) {
    $("campaign-error").textContent = err.message;
  }
  $("campaign-panel").hidden = !campaignGames.length && !savedCampaigns().length;
  $("campaign-game").replaceChildren(...campaignGames.map((g) => el("option", { value: g.name }, g.title)));
  fillCampaignPlayers();
  $("campaign-game").addEventListener("change", fillCampaignPlayers);
  $("campaign-form").addEventListener("submit", createCampaign);
  showSaved();
  drawCampaigns();
}

async function start() {
  await setLanguage(langBox.value).catch(() => {});
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
  $("players").addEventListener("change", () => fillSeats());
  $("create-form").addEventListener("submit", create);
  $("refresh").addEventListener("click", refresh);
  $("my-name").addEventListener("input", summarise);
  $("another").addEventListener("click", () => { $("created").hidden = true; $("create-form").hidden = false; $("my-name").focus(); });
  refresh();
  startCampaigns();
}

start();
