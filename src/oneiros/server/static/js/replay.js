// The replay page: step through a finished game (public view, every event) by action or by
// turn, or let it play; each step says what happened in the players' names.
import { api, currentLanguage, el, fill, humanize, ruleLink, seatTag, setLanguage, setRuleSource, setVocabulary, t, toast } from "./common.js";
import { renderBoard } from "./views/index.js";

const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
const $ = (id) => document.getElementById(id);
const base = `/api/tables/${encodeURIComponent(tableId)}`;
let steps = 0;
let current = 0;
let turns = [];
let cards = {};
let shownEvents = 0;
let timer = null;

const palette = $("palette");
palette.value = localStorage.getItem("oneiros:palette") || "standard";
document.documentElement.dataset.palette = palette.value;
palette.addEventListener("change", () => {
  localStorage.setItem("oneiros:palette", palette.value);
  document.documentElement.dataset.palette = palette.value;
});
setRuleSource((ref) => api(`${base}/rule?ref=${encodeURIComponent(ref)}&lang=${currentLanguage()}`).then((r) => r.text, () => null));

// The language: the one chosen at a table or in the lobby (kept in this browser); the
// server sends the events, rule and card texts in it.
const langBox = $("lang");
langBox.value = localStorage.getItem("oneiros:lang") || "en";
langBox.addEventListener("change", async () => {
  localStorage.setItem("oneiros:lang", langBox.value);
  await useLanguage(langBox.value);
  shownEvents = 0;
  show(current);
});

async function useLanguage(lang) {
  await setLanguage(lang);
  $("play").textContent = timer ? t("Pause") : t("Play");
  try { cards = (await api(`${base}/glossary?lang=${currentLanguage()}`)).cards || {}; } catch { cards = {}; }
  setVocabulary(cards);
}

async function show(step) {
  try {
    const r = await api(`${base}/replay/${step}?lang=${currentLanguage()}`);
    const previous = current;
    steps = r.steps;
    current = step;
    turns = r.turns || [];
    $("step").max = String(steps);
    $("step").value = String(step);
    $("title").textContent = t("{title} · replay", { title: r.title });
    $("step-label").textContent = t("Action {step} of {steps}", { step, steps }) + (r.turn !== undefined ? t(" · turn {turn}", { turn: r.turn }) : "");
    const msg = { game: r.game, title: r.title, seat: null, seats: r.seats, observation: r.observation, legal: [] };
    renderBoard($("board"), msg, { seats: r.seats, players: r.seats.length, legal: new Set(), cards });
    const done = step === steps && r.scores.length;
    const who = (list) => list.flatMap((p, k) => [k ? ", " : "", seatTag(r.seats, p)]);
    fill($("status"), done
      ? [t("Final: "), r.scores.flatMap((s, i) => [i ? ", " : "", seatTag(r.seats, i), ` ${Math.round(s * 10) / 10}`]),
        t("; won by "), r.winners.length ? who(r.winners) : t("nobody"), "."]
      : [t("To move: "), r.to_move.length ? who(r.to_move.filter((p) => p >= 0)) : "", r.to_move.includes(-1) ? t("chance") : ""]);
    // what this step did: the events since the step before (forward) or of this step
    const fresh = step > previous ? r.events.slice(step === previous + 1 ? shownEvents : 0) : [];
    shownEvents = r.events.length;
    fill($("last-move"), fresh.length && step ? [el("span", { class: "muted" }, t("This step: ")),
      el("span", { class: "flash" }, fresh.slice(-4).flatMap((e, k) => [k ? " · " : "", ...humanize(e.text, r.seats)]))] : "");
    $("events").replaceChildren(...r.events.slice(-200).reverse().map((e) =>
      el("li", { class: fresh.includes(e) ? "fresh" : "" }, humanize(e.text, r.seats), e.rule ? ruleLink(e.rule) : null)));
  } catch (err) {
    stop();
    toast(err.message);
    if (/no table|409/.test(err.message)) fill($("status"), `${err.message}. `, el("a", { class: "button small", href: "/" }, t("Back to the lobby")));
  }
}

function turnStep(direction) {
  if (!turns.length) return current + direction;
  const now = turns[current];
  let s = current;
  if (direction > 0) {
    while (s < steps && turns[s] === now) s++;
  } else {
    while (s > 0 && turns[s - 1] === now) s--;   // the start of this turn
    if (s === current && s > 0) {                // already there: the start of the one before
      const before = turns[s - 1];
      s--;
      while (s > 0 && turns[s - 1] === before) s--;
    }
  }
  return s;
}

function stop() {
  clearInterval(timer);
  timer = null;
  $("play").textContent = t("Play");
  $("play").setAttribute("aria-pressed", "false");
}

const go = (f) => () => { show(Math.max(0, Math.min(steps, f(current)))); };
$("first").addEventListener("click", go(() => 0));
$("prev").addEventListener("click", go((s) => s - 1));
$("next").addEventListener("click", go((s) => s + 1));
$("last").addEventListener("click", go(() => steps));
$("prev-turn").addEventListener("click", go(() => turnStep(-1)));
$("next-turn").addEventListener("click", go(() => turnStep(1)));
$("step").addEventListener("change", () => show(Number($("step").value)));
$("play").addEventListener("click", () => {
  if (timer) { stop(); return; }
  if (current >= steps) show(0);
  $("play").textContent = t("Pause");
  $("play").setAttribute("aria-pressed", "true");
  timer = setInterval(() => { if (current >= steps) stop(); else show(current + 1); }, 900);
});
$("download").href = `${base}/record`;
useLanguage(langBox.value).catch(() => {}).finally(() => show(0).then(() => show(steps)));
