// The replay page: step through a finished game (public view, every event).
import { api, el, seatName, toast } from "./common.js";
import { renderBoard } from "./views/index.js";

const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
const $ = (id) => document.getElementById(id);
let steps = 0;

async function show(step) {
  try {
    const r = await api(`/api/tables/${encodeURIComponent(tableId)}/replay/${step}`);
    steps = r.steps;
    $("step").max = String(steps);
    $("step").value = String(step);
    $("title").textContent = `${r.title} · replay`;
    $("step-label").textContent = `after ${step} of ${steps} actions`;
    const msg = { game: r.game, title: r.title, seat: null, seats: r.seats, observation: r.observation, legal: [] };
    renderBoard($("board"), msg, { seats: r.seats, players: r.seats.length, legal: new Set() });
    const done = step === steps && r.scores.length;
    $("status").replaceChildren(done
      ? `Final: ${r.scores.map((s, i) => `${seatName(r.seats, i)} ${s}`).join(", ")}; winners: ${r.winners.map((w) => seatName(r.seats, w)).join(", ") || "none"}`
      : `To move: ${r.to_move.map((p) => seatName(r.seats, p)).join(", ")}`);
    $("events").replaceChildren(...r.events.slice(-200).reverse().map((e) =>
      el("li", {}, e.text, e.rule ? el("span", { class: "rule" }, e.rule) : null)));
  } catch (err) {
    toast(err.message);
  }
}

const go = (f) => () => show(Math.max(0, Math.min(steps, f(Number($("step").value)))));
$("first").addEventListener("click", go(() => 0));
$("prev").addEventListener("click", go((s) => s - 1));
$("next").addEventListener("click", go((s) => s + 1));
$("last").addEventListener("click", go(() => steps));
$("step").addEventListener("change", go((s) => s));
$("download").href = `/api/tables/${encodeURIComponent(tableId)}/record`;
show(0).then(() => show(steps));
