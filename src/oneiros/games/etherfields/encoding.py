"""Etherfields' machine-learning encodings (``docs/rl.md``, issue "ML encodings"): the flat
observation tensor of a seat, built from its redacted observation only.

``encode(obs, player, layout)`` reads ``state.observation(player)``, so it sees exactly what
the seat sees: the other Dreamers' hands are counts, never cards. The vocabulary (cards,
Turn cards, tiles, spaces, Entities, Items, Morphings, Slumber tiles, Slumber map tiles,
Fate cards and Quirk spaces) comes from the content pack, so the
shape is fixed for one configuration. Every entry lies in [0, 1]
(``EtherfieldsGame.observation_bounds``): a count is divided by the largest value it can
take under the rules (the Distress pool, a pool's size, the Turn deck, the Clock track) and
capped at 1 where the rules set no bound (a deck that grows by gained cards).
"""

from __future__ import annotations

from typing import Any

from ...core.board import rotate_index
from ...core.content import Catalog
from .params import DEATH_DISTRESS, HAND_LIMIT, MAX_HOURS, SPACE_CAPACITY

MAX_SEATS = 4
CARD_CAP = 40.0
"""Cards in a deck (a starting deck has 18; gained cards add to it): capped at 1."""
COPIES_CAP = 4.0
"""Copies of one card in one zone: capped at 1."""
OPEN_CAP = 10.0
"""Counts without a printed limit (flags, Peek memories, an Entity's wounds): capped at 1."""


RESULTS = ("won", "lost", "skipped", "done", "delivered")
"""How a Slumber ended (``SlumberState.results``)."""


def _frac(x: float, top: float) -> float:
    return 0.0 if x <= 0 else min(1.0, x / top)


def _all(cat: Catalog, kind: str) -> list[Any]:
    """The records of a kind, none when the pack has no such kind."""
    try:
        return list(cat.all(kind))
    except KeyError:
        return []


class Layout:
    """The vocabulary of one content pack, in a fixed order."""

    def __init__(self, cat: Catalog) -> None:
        self.cards = cat.ids("influence")
        self.turns = cat.ids("turn")
        self.dreamers = cat.ids("dreamer")
        self.backs = [*self.dreamers, "plain", "secret", "flaw"]
        """The backs a deck's top card may show ("Influence Cards")."""
        self.items = cat.ids("item")
        self.morphs = cat.ids("morphing")
        self.tiles = cat.ids("tile")
        smaps = _all(cat, "slumber_map")
        self.smaps = [t.id for t in smaps]
        """The Slumber map tiles ("The Slumber Dreamscape Map")."""
        boards = [*cat.all("tile"), *smaps]
        self.spaces = list(
            dict.fromkeys(f"{t.at}.{i}" for t in boards for i in range(1, len(t.spaces) + 1))
        )
        self.space_info: dict[str, list[tuple[str, list[str], bool, bool]]] = {}
        """Per space: for each tile that may lie at its slot (a Dream's or a Slumber map's),
        that tile, its map actions, a Trap, a Spawn (printed on the tile)."""
        for t in boards:
            for i, sp in enumerate(t.spaces, start=1):
                acts = [a.id for a in sp.actions] + ([sp.gem_slot.id] if sp.gem_slot else [])
                self.space_info.setdefault(f"{t.at}.{i}", []).append(
                    (t.id, acts, sp.trap is not None, bool(sp.spawn))
                )
        self.slumbers = [r.id for r in _all(cat, "slumber")]
        self.fates = [r.id for r in _all(cat, "fate")]
        self.quirk_spaces = list(
            dict.fromkeys(
                f"{t.at}.{rotate_index(i, t.rotation)}" for t in smaps for i in t.quirk_slots
            )
        )
        """The Quirk spaces printed on the Slumber map tiles ("Fate Cards")."""
        self.minis = [f"{e.id}.{k}" for e in cat.all("entity") for k in range(1, e.copies + 1)]
        self.masks = [r.id for r in _all(cat, "mask")]
        self.flaws = [r.id for r in _all(cat, "flaw")]
        self.companions = [r.id for r in _all(cat, "companion")]
        self.state_kinds = sorted({side for r in _all(cat, "state") for side in r.sides})
        """The States a token can show ("State Tokens")."""
        self.morph_total = {m.id: float(max(1, m.count)) for m in cat.all("morphing")}
        pools = {p.id: float(p.size) for p in cat.all("pool")}
        self.ether = pools.get("ether", 1.0)
        self.gems = pools.get("gems", 1.0)
        self.gear = pools.get("gear", 1.0)
        self.distress = pools.get("distress", 1.0)
        self.cix = _index(self.cards)
        self.six = _index(self.spaces)
        n_cards, n_spaces = len(self.cards), len(self.spaces)
        self.header = 8 + 2 * len(self.turns) + 2 * len(self.tiles) + 2 * len(self.items)
        self.header += len(self.morphs)
        self.seat = 10 + len(self.dreamers) + len(self.backs) + 3 * n_cards + n_spaces
        self.seat += 2 * n_cards + len(self.flaws) + len(self.masks) + len(self.state_kinds)
        self.space = 6
        self.mini = 2 + n_spaces + len(self.state_kinds)
        self.companion = 1 + n_spaces
        n_slumbers, n_fates = len(self.slumbers), len(self.fates)
        self.slumber = 9 + (3 + len(RESULTS)) * n_slumbers + len(self.smaps)
        self.slumber += (2 + len(self.quirk_spaces)) * n_fates
        self.size = (
            self.header
            + MAX_SEATS * self.seat
            + n_spaces * self.space
            + len(self.minis) * self.mini
            + len(self.companions) * self.companion
            + self.slumber
        )
        # index maps, worked out once per pack (``encode`` only writes the non-zero entries)
        self.tix = _index(self.turns)
        self.tlx = _index(self.tiles)
        self.iix = _index(self.items)
        self.dix = _index(self.dreamers)
        self.bix = _index(self.backs)
        self.fix = _index(self.flaws)
        self.maskx = _index(self.masks)
        self.stx = _index(self.state_kinds)
        self.mix = _index(self.minis)
        self.cpx = _index(self.companions)
        self.slx = _index(self.slumbers)
        self.smx = _index(self.smaps)
        self.ftx = _index(self.fates)
        self.qix = _index(self.quirk_spaces)
        self.rix = _index(list(RESULTS))
        self.morph_at = [(m, self.header - len(self.morphs) + k) for k, m in enumerate(self.morphs)]
        self.seat_at = [self.header + s * self.seat for s in range(MAX_SEATS)]
        self.spaces_at = self.header + MAX_SEATS * self.seat
        self.minis_at = self.spaces_at + n_spaces * self.space
        self.companions_at = self.minis_at + len(self.minis) * self.mini
        self.slumber_at = self.companions_at + len(self.companions) * self.companion
        self.tile_spaces: dict[str, list[str]] = {}
        """Per tile (a Dream's or a Slumber map's): the spaces it prints."""
        for ref, infos in self.space_info.items():
            for info in infos:
                self.tile_spaces.setdefault(info[0], []).append(ref)
        self.space_used: dict[str, list[tuple[str, list[str], bool, bool, list[str]]]] = {
            ref: [(*info, [f"map:{ref}:{a}" for a in info[1]]) for info in infos]
            for ref, infos in self.space_info.items()
        }
        """``space_info`` with each map action's ``used`` id (``map:<space>:<action>``)."""
        self._placed: dict[tuple[str, ...], list[tuple[str, int, list[str], int, float, float]]]
        self._placed = {}

    def placed(self, tiles: list[str]) -> list[tuple[str, int, list[str], int, float, float]]:
        """The spaces on the map with these tiles placed: per space, its reference, where
        its part of the tensor starts, its map actions' ``used`` ids, how many (at least 1),
        a Trap and a Spawn (1.0 or 0.0) of the first tile of ``space_info`` placed there."""
        key = tuple(tiles)
        found = self._placed.get(key)
        if found is not None:
            return found
        placed = set(tiles)
        refs = {ref for t in placed for ref in self.tile_spaces.get(t, ())}
        found = []
        for ref in sorted(refs, key=self.six.__getitem__):
            for tile, acts, trap, spawn, ids in self.space_used[ref]:
                if tile in placed:
                    at = self.spaces_at + self.six[ref] * self.space
                    found.append(
                        (
                            ref,
                            at,
                            ids,
                            max(1, len(acts)),
                            1.0 if trap else 0.0,
                            1.0 if spawn else 0.0,
                        )
                    )
                    break
        if len(self._placed) >= 4096:
            self._placed.clear()  # bounded: the tiles placed in the games of one process
        self._placed[key] = found
        return found


def _index(vocab: list[str]) -> dict[str, int]:
    """Each word of a vocabulary by its place (every vocabulary lists a word once)."""
    out = {v: i for i, v in enumerate(vocab)}
    if len(out) != len(vocab):
        twice = sorted({v for v in vocab if vocab.count(v) > 1})
        raise ValueError(f"etherfields encoding: the content pack names {twice} twice")
    return out


_LAYOUTS: dict[str, Layout] = {}


def layout(cat: Catalog) -> Layout:
    found = _LAYOUTS.get(cat.hash)
    if found is None:
        found = _LAYOUTS[cat.hash] = Layout(cat)
    return found


def _hot(out: Any, at: int, values: Any, index: dict[str, int]) -> None:
    """One-hot (or many-hot) of ``values`` over a vocabulary written at ``at``."""
    for v in values or ():
        i = index.get(v)
        if i is not None:
            out[at + i] = 1.0


def _one(out: Any, at: int, value: Any, index: dict[str, int]) -> None:
    i = index.get(value)
    if i is not None:
        out[at + i] = 1.0


_COPIES = tuple(_frac(n, COPIES_CAP) for n in range(int(COPIES_CAP) + 1))
"""``_frac(n, COPIES_CAP)`` for the copies below the cap (at and above it: 1.0)."""


def _counts(out: Any, at: int, faces: list[str], cix: dict[str, int]) -> None:
    """The copies of each card among ``faces`` / COPIES_CAP (capped), written at ``at``."""
    seen: dict[int, int] = {}
    for face in faces:
        i = cix.get(face)
        if i is not None:
            seen[i] = seen.get(i, 0) + 1
    top = len(_COPIES)
    for i, n in seen.items():
        out[at + i] = _COPIES[n] if n < top else 1.0


def encode(obs: dict[str, Any], player: int, lay: Layout) -> list[float]:
    """Flat encoding of ``state.observation(player)``, in this order:

    - the Dream: turn and Turn cards left / the Turn deck, Hours / the Clock track, the
      Distress pool / 16, the team's Gears / their pool, flags and Peek memories (capped),
      whether the Dream ended in victory; the current Turn card (one-hot) and the discarded
      ones; the map tiles placed and revealed; Active Items and Items in Storage; Morphing
      tokens on Entities per kind / that kind's tokens;
    - per seat (four slots, empty beyond the player count): present, this seat, first
      player, Distress / 8, Ether and Gems / their pools, deck / 40 and hand / 10
      (capped), whether the hand's cards are seen, not on the map; the Dreamer (one-hot);
      the back on top of the deck (one-hot: a Dreamer's, plain, secret, Flaw, "Influence
      Cards"); the copies of each
      card in the hand (only the seat's own), discard and Sealed pile / 4 (capped); the
      copies of each card placed in the Progress zone and of those flipped face down / 4
      ("Progress Influence Cards"), the Flaws lying there ("Flaws"), the worn Mask
      ("Masks", one-hot) and the States on the Dreamer ("State Tokens"); the Dreamer's
      space (one-hot);
    - per space of the pack: on the map, Entities there / 4 (the space capacity), tokens
      there (capped), map actions used / its actions, a Trap, a Spawn;
    - per Entity miniature: on the map, wounds (capped), its space (one-hot), its States;
    - per Companion of the pack: on the map, its space (one-hot) ("Companions");
    - the Slumbers (``_slumber``, last).

    The tensor starts as zeros and only its non-zero entries are written, at offsets the
    layout works out once per pack.
    """
    out = [0.0] * lay.size
    write(out, obs, player, lay)
    return out


def encode_array(obs: dict[str, Any], player: int, lay: Layout) -> Any:
    """``encode`` as a float32 numpy array (equal to ``numpy.float32(encode(...))``), its
    non-zero entries written in place rather than a list of floats converted."""
    import numpy as np

    out = np.zeros(lay.size, dtype=np.float32)
    write(out, obs, player, lay)
    return out


def write(out: Any, obs: dict[str, Any], player: int, lay: Layout) -> None:
    """Write the non-zero entries of ``encode``'s tensor into ``out`` (zeros, of the
    layout's size: a list or an array)."""
    turns = float(len(lay.turns))
    out[0:8] = [
        _frac(obs["turn"], turns),
        _frac(obs["turns_left"], turns),
        _frac(obs["hours"], MAX_HOURS),
        _frac(obs["distress_pool"], lay.distress),
        _frac(obs["team"].get("gear", 0), lay.gear),
        _frac(len(obs["flags"]), OPEN_CAP),
        _frac(len(obs["memory"]), OPEN_CAP),
        1.0 if obs["outcome"] == "victory" else 0.0,
    ]
    at = 8
    n_turns, n_tiles, n_items = len(lay.turns), len(lay.tiles), len(lay.items)
    _one(out, at, obs["turn_card"], lay.tix)
    _hot(out, at + n_turns, obs["turn_discard"], lay.tix)
    at += 2 * n_turns
    _hot(out, at, obs["tiles"], lay.tlx)
    _hot(out, at + n_tiles, obs["revealed"], lay.tlx)
    at += 2 * n_tiles
    _hot(out, at, obs["items"], lay.iix)
    _hot(out, at + n_items, obs["storage"], lay.iix)
    if obs["morphings"]:
        morphs: dict[str, int] = {}
        for ks in obs["morphings"].values():
            for k in ks:
                morphs[k] = morphs.get(k, 0) + 1
        total = lay.morph_total
        for m, i in lay.morph_at:
            n = morphs.get(m)
            if n:
                out[i] = _frac(n, total[m])
    dreamers = obs["dreamers"]
    flipped = _flipped(obs) if obs.get("flipped") else None
    states: dict[Any, list[str]] = {}
    for who, kind in obs.get("states") or []:
        states.setdefault(who, []).append(kind)
    n_cards = len(lay.cards)
    n_dreamers, n_backs = len(lay.dreamers), len(lay.backs)
    n_flaws, n_masks = len(lay.flaws), len(lay.masks)
    n_states = len(lay.state_kinds)
    cix = lay.cix
    first = obs["first"]
    for s in range(min(MAX_SEATS, len(dreamers))):
        d = dreamers[s]
        at = lay.seat_at[s]
        out[at : at + 10] = [
            1.0,
            1.0 if s == player else 0.0,
            1.0 if s == first else 0.0,
            _frac(d["distress"], DEATH_DISTRESS),
            _frac(d["ether"], lay.ether),
            _frac(d["gems"], lay.gems),
            _frac(d["deck"] or 0, CARD_CAP),
            _frac(d["hand"] or 0, HAND_LIMIT + 4),
            1.0 if d["hand_cards"] is not None else 0.0,
            1.0 if d["space"] is None else 0.0,
        ]
        at += 10
        _one(out, at, d["dreamer"], lay.dix)
        at += n_dreamers
        _one(out, at, d.get("top_back"), lay.bix)
        at += n_backs
        progress = d.get("progress") or []
        for faces in (d["hand_cards"], d["discard"], d["sealed"], progress):
            if faces:
                _counts(out, at, faces, cix)
            at += n_cards
        if flipped is not None and flipped[s]:
            _counts(out, at, flipped[s], cix)
        at += n_cards
        if progress:
            _hot(out, at, progress, lay.fix)
        at += n_flaws
        _one(out, at, d.get("mask"), lay.maskx)
        at += n_masks
        _hot(out, at, states.get(s, ()), lay.stx)
        at += n_states
        _one(out, at, d["space"], lay.six)
    _spaces(out, obs, lay)
    minis = {m[0]: m for m in obs["entities"]}
    for mini, m in minis.items():
        k = lay.mix.get(mini)
        if k is None:
            continue
        at = lay.minis_at + k * lay.mini
        out[at] = 1.0
        out[at + 1] = _frac(m[3], OPEN_CAP)
        _one(out, at + 2, m[2], lay.six)
        _hot(out, at + 2 + len(lay.spaces), states.get(mini, ()), lay.stx)
    on_map = {c: at for c, at in obs.get("companions") or []}
    for companion, where in on_map.items():
        k = lay.cpx.get(companion)
        if k is None or where is None:
            continue
        at = lay.companions_at + k * lay.companion
        out[at] = 1.0
        _one(out, at + 1, where, lay.six)
    _slumber(out, obs, lay)


def _spaces(out: Any, obs: dict[str, Any], lay: Layout) -> None:
    """Per space of the pack (on the map: a tile printing it is placed; the first such
    tile of ``space_info`` tells its map actions, Trap and Spawn)."""
    rows = lay.placed(obs["tiles"])
    if not rows:
        return
    used = set(obs["used"])
    entities: dict[str, int] = {}
    for m in obs["entities"]:
        entities[m[2]] = entities.get(m[2], 0) + 1
    tokens: dict[str, int] = {}
    for t in obs["tokens"]:
        tokens[t[0]] = tokens.get(t[0], 0) + 1
    for ref, at, ids, n_acts, trap, spawn in rows:
        out[at] = 1.0
        n = entities.get(ref)
        if n:
            out[at + 1] = _frac(n, SPACE_CAPACITY)
        n = tokens.get(ref)
        if n:
            out[at + 2] = _frac(n, SPACE_CAPACITY)
        if used and ids:
            n = sum(u in used for u in ids)
            if n:
                out[at + 3] = _frac(n, n_acts)
        out[at + 4] = trap
        out[at + 5] = spawn


def _flipped(obs: dict[str, Any]) -> list[list[str]]:
    """Per seat slot, the faces of its placed Progress cards that are flipped face down:
    ``flipped`` holds card ids (``<owner>.<face>.<k>``, ``gained.<face>``); a face flipped
    once marks one card of that face, the Dreamers read in seat order."""
    down = [str(c).split(".")[1] if "." in str(c) else str(c) for c in obs.get("flipped") or []]
    out: list[list[str]] = [[] for _ in range(MAX_SEATS)]
    for seat, d in enumerate((obs.get("dreamers") or [])[:MAX_SEATS]):
        for face in d.get("progress") or []:
            if face in down:
                down.remove(face)
                out[seat].append(face)
    return out


def _slumber(out: Any, obs: dict[str, Any], lay: Layout) -> None:
    """The Slumbers (zeros in a Dream): a single Slumber or a journey; the Slumber decks
    by their counts (each draw is chance: never what lies inside) over the pack's cards of
    that kind; Slumbers played / the pack's Slumber tiles, Loot gained (capped), the Delta
    Phase done; the current Slumber tile (one-hot, its Slumber Entity is among the
    miniatures), the tiles known at the bottom of the Slumber deck and those a Deliverance
    removed; whether Deliverance is unlocked; how each Slumber tile ended (won, lost,
    skipped, done, delivered); the Slumber map tiles placed; the Fate card
    being resolved, the Fate cards known at the bottom of the Fate deck, and the Fate card
    lying in each Quirk space."""
    sl = obs.get("slumber")
    if sl is None:
        return
    n_slumbers = max(1, len(lay.slumbers))
    at = lay.slumber_at
    out[at : at + 9] = [
        1.0 if sl["mode"] == "slumber" else 0.0,
        1.0 if sl["mode"] == "journey" else 0.0,
        _frac(sl["deck"], n_slumbers),
        _frac(sl["fate_deck"], max(1, len(lay.fates))),
        _frac(sl["map_deck"], max(1, len(lay.smaps))),
        _frac(len(sl["results"]), n_slumbers),
        _frac(sl["loot"], OPEN_CAP),
        1.0 if sl["delta_done"] else 0.0,
        1.0 if sl.get("deliverance") else 0.0,
    ]
    at += 9
    n = len(lay.slumbers)
    _one(out, at, sl["tile"], lay.slx)
    _hot(out, at + n, sl["bottom"], lay.slx)
    _hot(out, at + 2 * n, sl.get("removed", []), lay.slx)
    at += 3 * n
    n_results = len(RESULTS)
    for tile, result in sl["results"]:
        t, r = lay.slx.get(tile), lay.rix.get(result)
        if t is not None and r is not None:
            out[at + t * n_results + r] = 1.0
    at += n * n_results
    _hot(out, at, obs["tiles"], lay.smx)
    at += len(lay.smaps)
    n_fates = len(lay.fates)
    _hot(out, at, sl["fate_current"], lay.ftx)
    _hot(out, at + n_fates, sl["fate_bottom"], lay.ftx)
    at += 2 * n_fates
    for ref, face in sl["quirks"]:
        q, f = lay.qix.get(ref), lay.ftx.get(face)
        if q is not None and f is not None:
            out[at + q * n_fates + f] = 1.0


__all__ = ["Layout", "encode", "encode_array", "layout", "write"]
