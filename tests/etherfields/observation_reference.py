"""Etherfields' observation and observation tensor written the plain way: the reference
the fast ``EtherfieldsState.observation``/``observation_tensor`` must equal, for every seat
at every step (tests/etherfields/test_observation_fast.py).

The observation is read from the reference redaction (``tests.core.zones_reference``)
field by field; the tensor is the straightforward encoder (a list grown vocabulary by
vocabulary, ``Counter`` per zone), over the same ``Layout``."""

from __future__ import annotations

from collections import Counter
from typing import Any

from oneiros.games.etherfields.encoding import (
    CARD_CAP,
    COPIES_CAP,
    MAX_SEATS,
    OPEN_CAP,
    RESULTS,
    Layout,
    layout,
)
from oneiros.games.etherfields.params import DEATH_DISTRESS, HAND_LIMIT, MAX_HOURS, SPACE_CAPACITY
from oneiros.games.etherfields.slumber_state import SlumberState
from oneiros.games.etherfields.steps.back import told
from oneiros.games.etherfields.steps.fate import quirk_spaces
from oneiros.games.etherfields.steps.flaws import known_top
from tests.core.zones_reference import reference_view


def _frac(x: float, top: float) -> float:
    return 0.0 if x <= 0 else min(1.0, x / top)


class _View:
    """``reference_view`` read as ``core.zones.View``."""

    def __init__(self, data: dict[str, Any]) -> None:
        self.data = data

    def _entry(self, zone: str, owner: int | None) -> dict[str, Any]:
        return self.data["zones"][zone]["-" if owner is None else str(owner)]

    def cards(self, zone: str, owner: int | None = None) -> Any:
        return self._entry(zone, owner)["faces"]

    def ids(self, zone: str, owner: int | None = None) -> Any:
        return self._entry(zone, owner)["ids"]

    def count(self, zone: str, owner: int | None = None) -> Any:
        return self._entry(zone, owner)["count"]


def _intent(state: Any, faces: list[Any] | None) -> Any:
    if faces is None:
        return None
    return [[[i.colour, i.value] for i in state.card(face).intent] for face in faces]


def reference_inner(state: Any, player: int | None) -> dict[str, Any]:
    """``_observation``: the observation without the map's layout."""
    view = _View(reference_view(state.table, player))
    current = state.table.top("turn_current")
    card = state.current_turn()
    dreamers = []
    for seat in range(state.game.players):
        dreamers.append(
            {
                "dreamer": state.dreamers[seat],
                "space": state.pos[seat],
                "distress": state.distress[seat],
                "ether": state.ether[seat],
                "gems": state.gems[seat],
                "deck": view.count("deck", seat),
                "hand": view.count("hand", seat),
                "hand_cards": view.cards("hand", seat),
                "hand_ids": view.ids("hand", seat),
                "hand_intent": _intent(state, view.cards("hand", seat)),
                "discard": view.cards("discard", seat),
                "sealed": view.cards("sealed", seat),
                "progress": view.cards("progress", seat),
                "mask": state.masks[seat],
                "top_back": "flaw" if known_top(state, seat) is not None else told(state, seat),
            }
        )
    obs = {
        "gate": state.gate_id,
        "turn": state.turn_no,
        "turns_left": state.turns_left,
        "turn_card": None if current is None else state.table.face(current),
        "turn_suit": None if card is None else card.suit,
        "turn_steps": [] if card is None else list(card.steps),
        "blocked_steps": list(state.blocked_steps),
        "turn_discard": view.cards("turn_discard"),
        "turn_deck": view.cards("turn_deck"),
        "hours": state.hours,
        "first": state.first,
        "tiles": list(state.tiles),
        "revealed": list(state.revealed),
        "flags": list(state.flags),
        "used": list(state.used),
        "gradual": dict(state.gradual),
        "entities": [list(m) for m in state.minis],
        "morphings": {e: [state.table.face(t) for t in ts] for e, ts in state.morphs.items()},
        "tokens": [list(t) for t in state.tokens],
        "states": [[x[0], x[1]] for x in state.states],
        "flipped": list(getattr(state, "flipped", ())),
        "companions": [list(c[:2]) for c in getattr(state, "companions", ())],
        "items": view.cards("items"),
        "storage": view.cards("storage"),
        "team": dict(state.team),
        "distress_pool": state.table.amount("distress"),
        "dreamers": dreamers,
        "memory": [m[1:] for m in state.memory if m[0] == player],
        "outcome": state.outcome,
        "end_reason": state.reason,
    }
    if isinstance(state, SlumberState):
        obs["slumber"] = {
            "mode": state.mode,
            "tile": state.slumber,
            "deck": view.count("slumber_deck"),
            "bottom": view.cards("slumber_bottom"),
            "fate_deck": view.count("fate_deck"),
            "fate_bottom": view.cards("fate_bottom"),
            "fate_current": view.cards("fate_current"),
            "map_deck": view.count("map_deck"),
            "quirks": [list(q) for q in state.quirks],
            "results": [list(r) for r in state.results],
            "loot": state.loot,
            "delta_done": state.delta_done,
            "removed": view.cards("slumber_box"),
            "deliverance": state.deliverance,
        }
    return obs


def reference_observation(state: Any, player: int | None) -> dict[str, Any]:
    """``observation``: the redacted fields, then the map, memories and the end."""
    obs = reference_inner(state, player)
    obs["map"] = reference_map(state)
    obs["memory"] = obs.pop("memory")
    obs["outcome"] = obs.pop("outcome")
    obs["end_reason"] = obs.pop("end_reason")
    return obs


def reference_map(state: Any) -> list[dict[str, Any]]:
    """``map_view``: every revealed space read from the board and the space records."""
    board = state.board()
    out = []
    for ref, node in board.spaces.items():
        _tile, space = state.space(ref)
        x, y = node.pos
        walls = []
        for side, (dx, dy) in (("n", (0, -1)), ("e", (1, 0)), ("s", (0, 1)), ("w", (-1, 0))):
            other = board.at((x + dx, y + dy))
            edge = board.edge(ref, other) if other is not None else None
            if edge is not None and edge.wall:
                walls.append(side)
        actions = [a.id for a in space.actions] + ([space.gem_slot.id] if space.gem_slot else [])
        out.append(
            {
                "ref": ref,
                "x": x,
                "y": y,
                "walls": walls,
                "blocked": space.blocked,
                "spawn": space.spawn,
                "trap": space.trap is not None,
                "draw_bonus": space.draw_bonus,
                "stairs": space.stairs,
                "special": space.special,
                "terrain": sorted(state.terrain(ref)),
                "actions": {a: f"map:{ref}:{a}" in state.used for a in actions},
                "entrance": ref in state.entrance_spaces(),
            }
        )
    if isinstance(state, SlumberState):
        slots = set(quirk_spaces(state))
        lying = {ref: face for ref, face in state.quirks}
        for space in out:
            ref = space["ref"]
            space["tile"] = state.space(ref)[0].id
            space["quirk_slot"] = ref in slots
            space["quirk"] = lying.get(ref)
    return out


def reference_tensor(state: Any, player: int) -> list[float]:
    """``observation_tensor``: the reference encoder over the reference observation."""
    return encode(reference_inner(state, player), player, layout(state.catalog))


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
