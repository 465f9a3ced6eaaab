// Which pieces on the board the legal actions name, derived from the action ids alone.
//
// A view marks each clickable piece with what it is, never with which ids are legal:
//   data-actions  the ids the piece could stand for, without any seat ("pick:power:blue:power1")
//   data-tokens   the words that describe it ("power blue power1")
//   data-owner    the seat whose card it lies on (absent for shared pieces)
// A legal id that names a seat ("pick:seat1:power:blue:power1", "consume:seat1:power1") only
// matches pieces on that seat's card; one that names none matches wherever the rest fits.
// An id that fits pieces on several players' cards is ambiguous: clicking such a piece only
// points at the buttons, so a click never acts on a die the player did not mean.

const SEAT_PART = /^seat(\d+)$/;

function split(id) {
  const parts = String(id).split(":");
  let seat = null;
  const rest = [];
  for (const p of parts) {
    const m = SEAT_PART.exec(p);
    if (m) seat = Number(m[1]);
    else rest.push(p);
  }
  return { seat, core: rest.join(":"), verb: rest[0], words: rest.slice(1) };
}

function ownerOf(node) {
  const v = node.dataset.owner;
  return v === undefined || v === "" ? null : Number(v);
}

/** Map every piece of ``board`` to the legal ids it stands for: {ids, ambiguous}. */
export function matchPieces(board, legalIds) {
  const pieces = [...board.querySelectorAll("[data-actions], [data-tokens]")];
  const found = new Map(pieces.map((n) => [n, new Set()]));
  for (const id of legalIds) {
    const want = split(id);
    let hits = pieces.filter((n) => {
      if (want.seat !== null && ownerOf(n) !== want.seat) return false;
      const own = (n.dataset.actions || "").split(" ").filter(Boolean);
      return own.some((c) => split(c).core === want.core);
    });
    if (!hits.length && want.words.length) {
      // not one of the view's own words for its pieces: any piece whose description has
      // every word of the id (and lies on the seat it names, if it names one)
      hits = pieces.filter((n) => {
        if (!n.dataset.tokens) return false;
        if (want.seat !== null && ownerOf(n) !== want.seat) return false;
        const tokens = new Set(n.dataset.tokens.split(" "));
        return want.words.every((w) => tokens.has(w));
      });
    }
    for (const n of hits) found.get(n).add(id);
  }
  // an id matching pieces of different owners cannot say which one a click means
  const owners = new Map();
  for (const [n, ids] of found) for (const id of ids) {
    if (!owners.has(id)) owners.set(id, new Set());
    owners.get(id).add(ownerOf(n));
  }
  const out = new Map();
  for (const [n, ids] of found) {
    if (!ids.size) continue;
    const list = [...ids];
    out.set(n, { ids: list, ambiguous: list.some((id) => owners.get(id).size > 1) });
  }
  return out;
}

/** Highlight the pieces the legal actions name; a click acts (one id) or points at the buttons. */
export function markPlayable(board, legalIds, act, point) {
  for (const node of board.querySelectorAll(".playable")) node.classList.remove("playable", "ambiguous");
  for (const [node, { ids, ambiguous }] of matchPieces(board, legalIds)) {
    node.classList.add("playable");
    if (ambiguous) node.classList.add("ambiguous");
    node.tabIndex = 0;
    node.setAttribute("role", "button");
    const choose = () => {
      if (ids.length === 1 && !ambiguous) act(ids[0]);
      else point(ids);
    };
    node.addEventListener("click", choose);
    node.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); choose(); } });
  }
}
