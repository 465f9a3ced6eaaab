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

from collections import Counter
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
        self.cix = {c: i for i, c in enumerate(self.cards)}
        self.six = {s: i for i, s in enumerate(self.spaces)}
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


_LAYOUTS: dict[str, Layout] = {}


def layout(cat: Catalog) -> Layout:
    found = _LAYOUTS.get(cat.hash)
    if found is None:
        found = _LAYOUTS[cat.hash] = Layout(cat)
    return found


def _hot(values: Any, vocab: list[str]) -> list[float]:
    have = set(values or ())
    return [1.0 if v in have else 0.0 for v in vocab]


def _counts(faces: list[str] | None, lay: Layout) -> list[float]:
    out = [0.0] * len(lay.cards)
    for face, n in Counter(faces or ()).items():
        i = lay.cix.get(face)
        if i is not None:
            out[i] = _frac(n, COPIES_CAP)
    return out


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
    """
    out: list[float] = []
    turns = float(len(lay.turns))
    out += [
        _frac(obs["turn"], turns),
        _frac(obs["turns_left"], turns),
        _frac(obs["hours"], MAX_HOURS),
        _frac(obs["distress_pool"], lay.distress),
        _frac(obs["team"].get("gear", 0), lay.gear),
        _frac(len(obs["flags"]), OPEN_CAP),
        _frac(len(obs["memory"]), OPEN_CAP),
        1.0 if obs["outcome"] == "victory" else 0.0,
    ]
    out += _hot([obs["turn_card"]], lay.turns)
    out += _hot(obs["turn_discard"], lay.turns)
    out += _hot(obs["tiles"], lay.tiles)
    out += _hot(obs["revealed"], lay.tiles)
    out += _hot(obs["items"], lay.items)
    out += _hot(obs["storage"], lay.items)
    morphs = Counter(k for ks in obs["morphings"].values() for k in ks)
    out += [_frac(morphs[m], lay.morph_total[m]) for m in lay.morphs]
    dreamers = obs["dreamers"]
    flipped = _flipped(obs)
    states: dict[Any, list[str]] = {}
    for who, kind in obs.get("states") or []:
        states.setdefault(who, []).append(kind)
    for s in range(MAX_SEATS):
        if s >= len(dreamers):
            out += [0.0] * lay.seat
            continue
        d = dreamers[s]
        out += [
            1.0,
            1.0 if s == player else 0.0,
            1.0 if s == obs["first"] else 0.0,
            _frac(d["distress"], DEATH_DISTRESS),
            _frac(d["ether"], lay.ether),
            _frac(d["gems"], lay.gems),
            _frac(d["deck"] or 0, CARD_CAP),
            _frac(d["hand"] or 0, HAND_LIMIT + 4),
            1.0 if d["hand_cards"] is not None else 0.0,
            1.0 if d["space"] is None else 0.0,
        ]
        out += _hot([d["dreamer"]], lay.dreamers)
        out += _hot([d.get("top_back")], lay.backs)
        out += _counts(d["hand_cards"], lay)
        out += _counts(d["discard"], lay)
        out += _counts(d["sealed"], lay)
        progress = d.get("progress") or []
        out += _counts(progress, lay)
        out += _counts(flipped[s], lay)
        out += _hot(progress, lay.flaws)
        out += _hot([d.get("mask")], lay.masks)
        out += _hot(states.get(s, ()), lay.state_kinds)
        out += _hot([d["space"]], lay.spaces)
    placed = set(obs["tiles"])
    used = set(obs["used"])
    entities = Counter(m[2] for m in obs["entities"])
    tokens = Counter(t[0] for t in obs["tokens"])
    for ref in lay.spaces:
        here = [info for info in lay.space_info[ref] if info[0] in placed]
        if not here:
            out += [0.0] * lay.space
            continue
        _tile, acts, trap, spawn = here[0]
        out += [
            1.0,
            _frac(entities[ref], SPACE_CAPACITY),
            _frac(tokens[ref], SPACE_CAPACITY),
            _frac(sum(f"map:{ref}:{a}" in used for a in acts), max(1, len(acts))),
            1.0 if trap else 0.0,
            1.0 if spawn else 0.0,
        ]
    minis = {m[0]: m for m in obs["entities"]}
    for mini in lay.minis:
        m = minis.get(mini)
        if m is None:
            out += [0.0] * lay.mini
            continue
        out += [1.0, _frac(m[3], OPEN_CAP)]
        out += _hot([m[2]], lay.spaces)
        out += _hot(states.get(mini, ()), lay.state_kinds)
    on_map = {c: at for c, at in obs.get("companions") or []}
    for companion in lay.companions:
        at = on_map.get(companion)
        out += [1.0 if at is not None else 0.0, *_hot([at], lay.spaces)]
    out += _slumber(obs, lay)
    return out


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


def _slumber(obs: dict[str, Any], lay: Layout) -> list[float]:
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
        return [0.0] * lay.slumber
    n_slumbers = max(1, len(lay.slumbers))
    out = [
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
    out += _hot([sl["tile"]], lay.slumbers)
    out += _hot(sl["bottom"], lay.slumbers)
    out += _hot(sl.get("removed", []), lay.slumbers)
    ended = {(tile, result) for tile, result in sl["results"]}
    out += [1.0 if (t, r) in ended else 0.0 for t in lay.slumbers for r in RESULTS]
    out += _hot(obs["tiles"], lay.smaps)
    out += _hot(sl["fate_current"], lay.fates)
    out += _hot(sl["fate_bottom"], lay.fates)
    lying = {(ref, face) for ref, face in sl["quirks"]}
    out += [1.0 if (q, f) in lying else 0.0 for q in lay.quirk_spaces for f in lay.fates]
    return out


__all__ = ["Layout", "encode", "layout"]
