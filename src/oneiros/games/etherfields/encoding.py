"""Etherfields' machine-learning encodings (``docs/rl.md``, issue "ML encodings"): the flat
observation tensor of a seat, built from its redacted observation only.

``encode(obs, player, layout)`` reads ``state.observation(player)``, so it sees exactly what
the seat sees: the other Dreamers' hands are counts, never cards. The vocabulary (cards,
Turn cards, tiles, spaces, Entities, Items, Morphings) comes from the content pack, so the
shape is fixed for one configuration. Every entry lies in [0, 1]
(``EtherfieldsGame.observation_bounds``): a count is divided by the largest value it can
take under the rules (the Distress pool, a pool's size, the Turn deck, the Clock track) and
capped at 1 where the rules set no bound (a deck that grows by gained cards).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ...core.content import Catalog
from .params import DEATH_DISTRESS, HAND_LIMIT, MAX_HOURS, SPACE_CAPACITY

MAX_SEATS = 4
CARD_CAP = 40.0
"""Cards in a deck (a starting deck has 18; gained cards add to it): capped at 1."""
COPIES_CAP = 4.0
"""Copies of one card in one zone: capped at 1."""
OPEN_CAP = 10.0
"""Counts without a printed limit (flags, Peek memories, an Entity's wounds): capped at 1."""


def _frac(x: float, top: float) -> float:
    return 0.0 if x <= 0 else min(1.0, x / top)


class Layout:
    """The vocabulary of one content pack, in a fixed order."""

    def __init__(self, cat: Catalog) -> None:
        self.cards = cat.ids("influence")
        self.turns = cat.ids("turn")
        self.dreamers = cat.ids("dreamer")
        self.items = cat.ids("item")
        self.morphs = cat.ids("morphing")
        self.tiles = cat.ids("tile")
        self.spaces = [f"{t.at}.{i}" for t in cat.all("tile") for i in range(1, len(t.spaces) + 1)]
        self.space_info = {
            f"{t.at}.{i}": (
                t.id,
                [a.id for a in sp.actions] + ([sp.gem_slot.id] if sp.gem_slot else []),
                sp.trap is not None,
                bool(sp.spawn),
            )
            for t in cat.all("tile")
            for i, sp in enumerate(t.spaces, start=1)
        }
        """Per space: its tile, its map actions, a Trap, a Spawn (printed on the tile)."""
        self.minis = [f"{e.id}.{k}" for e in cat.all("entity") for k in range(1, e.copies + 1)]
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
        self.seat = 10 + len(self.dreamers) + 3 * n_cards + n_spaces
        self.space = 6
        self.mini = 2 + n_spaces
        self.size = (
            self.header
            + MAX_SEATS * self.seat
            + n_spaces * self.space
            + len(self.minis) * self.mini
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
      player, the Dreamer (one-hot), Distress / 8, Ether and Gems / their pools, deck /
      40 and hand / 10 (capped), whether the hand's cards are seen; the copies of each
      card in the hand (only the seat's own), discard and Sealed pile / 4 (capped); the
      Dreamer's space (one-hot);
    - per space of the pack: on the map, Entities there / 4 (the space capacity), tokens
      there (capped), map actions used / its actions, a Trap, a Spawn;
    - per Entity miniature: on the map, wounds (capped), its space (one-hot).
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
        out += _counts(d["hand_cards"], lay)
        out += _counts(d["discard"], lay)
        out += _counts(d["sealed"], lay)
        out += _hot([d["space"]], lay.spaces)
    placed = set(obs["tiles"])
    used = set(obs["used"])
    entities = Counter(m[2] for m in obs["entities"])
    tokens = Counter(t[0] for t in obs["tokens"])
    for ref in lay.spaces:
        tile, acts, trap, spawn = lay.space_info[ref]
        if tile not in placed:
            out += [0.0] * lay.space
            continue
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
    return out


__all__ = ["Layout", "encode", "layout"]
