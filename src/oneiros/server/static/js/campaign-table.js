// The table of a campaign's session (this browser keeps the campaign's link): "Save and
// leave" saves where the rules allow it. The server says what saving now does: a session that
// a save ends (an Etherfields Dream: "Saving Your Game" treats it as a Death) is closed and
// the campaign's next snapshot stored; any other waits where it stopped (every move is
// already saved) and the lobby's campaign line brings the players back to it.
import { api, el, fill, t, toast } from "./common.js";

export function campaignTools(campaignToken, bar) {
  if (!campaignToken) return null;
  const link = `/api/campaigns/${encodeURIComponent(campaignToken)}`;
  const dialog = el("dialog", { id: "save-dialog", "aria-labelledby": "save-title" });
  document.querySelector("main").append(dialog);
  const button = el("button", { type: "button", class: "small", id: "save-leave", onclick: ask }, t("Save and leave"));
  bar.append(button);

  async function ask() {
    let seen;
    try { seen = await api(link); } catch (err) { toast(err.message); return; }
    const save = seen.playing && seen.playing.where === "web" ? seen.playing.save : null;
    if (!save) { location.href = "/"; return; }   // the session is over: the lobby continues it
    fill(dialog,
      el("h2", { id: "save-title" }, save.ends ? t("Save and end this session?") : t("Leave this session?")),
      el("p", { id: "save-note" }, t(save.note)),
      el("p", { class: "muted" }, save.ends
        ? t("The campaign continues from the lobby, from what this save keeps.")
        : t("Every move is saved: Continue in the lobby's Campaigns panel brings you back here.")),
      el("form", { method: "dialog", class: "row" },
        el("button", { type: "button", id: "save-confirm", onclick: () => leave(save.ends, seen.name) },
          save.ends ? t("Save and end the session") : t("Leave for the lobby")),
        el("button", { type: "submit", class: "small", id: "save-cancel" }, t("Keep playing"))));
    dialog.showModal();
  }

  async function leave(ends, name) {
    if (ends) {
      let done;
      try { done = await api(`${link}/save`, { method: "POST" }); }
      catch (err) { dialog.close(); toast(err.message); return; }
      // the lobby says what the save did
      sessionStorage.setItem("oneiros:campaign-saved", JSON.stringify({ name, session: done.session, note: done.note }));
    }
    location.href = "/";
  }

  return {
    /** Only while the session is played. */
    show(view) { button.hidden = view.status === "finished"; },
  };
}
