"""An Etherfields position described as data (the scenario builder of the tests).

``position(players, ...)`` starts a real game of the original Dream and states where
things are: the revealed tiles, the Dreamers' spaces, each Dreamer's hand, discard pile and
Sealed pile (faces of their starting deck; the rest stays in the deck, or is Sealed when
``deck`` is given), the Entities on the map with their Morphings, the current Turn card,
the Hours, the flags, the placed Progress cards (and which are flipped), and which step of the Turn is next (``phase``). Chance is then
forced by id in the tests (``state.apply("luck:skull")``)."""

from __future__ import annotations

from typing import Any

import oneiros
from oneiros.core.flow import advance
from oneiros.games.etherfields.state import EtherfieldsState
from oneiros.games.etherfields.steps.cards import DrawFor, PreDraw
from oneiros.games.etherfields.steps.dreamscape import Dreamscape
from oneiros.games.etherfields.steps.rounds import action_step
from oneiros.games.etherfields.steps.triggers import fire_step
from oneiros.games.etherfields.steps.turn import EndTurn

ALL_TILES = ("OD-01 SETUP", "OD-01 T2", "OD-01 T3", "OD-01 T4", "OD-01 I", "OD-01 J")


def _take(s: EtherfieldsState, seat: int, face: str, zones: tuple[str, ...] = ("deck",)) -> str:
    for zone in zones:
        card = s.table.find(zone, face, seat)
        if card is not None:
            return card
    if s.catalog.has("flaw", face) and s.table.place(f"flaw.{face}")[0] == "flaw_deck":
        return f"flaw.{face}"  # a Flaw comes from the Flaw deck ("Flaw Cards")
    ident = f"gained.{face}"
    if ident not in s.table.faces:
        return s.table.create(ident, face, "deck", seat)
    raise ValueError(f"Dreamer {seat} has no {face} left to place")


def position(
    players: int = 1,
    *,
    tiles: tuple[str, ...] = ("OD-01 SETUP", "OD-01 T2"),
    at: list[str] | None = None,
    hands: dict[int, list[str]] | None = None,
    discards: dict[int, list[str]] | None = None,
    sealed: dict[int, list[str]] | None = None,
    progress: dict[int, list[str]] | None = None,
    flipped: dict[int, list[str]] | None = None,
    decks: dict[int, list[str]] | None = None,
    entities: list[tuple[str, str]] = (),  # type: ignore[assignment]
    morphings: dict[str, list[str]] | None = None,
    turn: str | None = "T-02",
    turns_left: int = 7,
    turn_discard: list[str] = (),  # type: ignore[assignment]
    hours: int | None = None,
    distress: list[int] | None = None,
    ether: list[int] | None = None,
    gems: list[int] | None = None,
    flags: list[str] = (),  # type: ignore[assignment]
    first: int = 0,
    blocked: list[int] = (),  # type: ignore[assignment]
    used: list[str] = (),  # type: ignore[assignment]
    items: list[str] | None = None,
    storage: list[str] | None = None,
    phase: str = "actions",
    options: dict[str, Any] | None = None,
) -> EtherfieldsState:
    game = oneiros.make("etherfields", players=players, options=options or {})
    s: Any = game.new_state(seed=0)
    s.tiles = list(tiles)
    s.revealed = [t for t in tiles] + (
        ["OD-01 A"] if any(e[0] == "rust-moth" for e in entities) else []
    )
    s.pos = list(at) if at is not None else ["A2.3"] * players
    s.minis, s.morphs, s.tokens, s.used, s.gradual = [], {}, [], [], {}
    t = s.table
    for seat in range(players):
        for zone, wanted in (
            ("hand", hands),
            ("discard", discards),
            ("sealed", sealed),
            ("progress", progress),
        ):
            for face in (wanted or {}).get(seat, []):
                t.move(_take(s, seat, face), zone, seat)
        if decks is not None and seat in decks:
            keep: list[str] = []
            for face in decks[seat]:
                card = next(
                    (c for c in t.ids("deck", seat) if t.face(c) == face and c not in keep),
                    None,
                )
                card = card if card is not None else _take(s, seat, face, ("deck",))
                if t.place(card) != ("deck", seat):
                    t.move(card, "deck", seat)
                keep.append(card)
            for card in list(t.ids("deck", seat)):
                if card not in keep:
                    t.move(card, "sealed", seat, bottom=True)
    for k, (entity, space) in enumerate(entities):
        copies = [m for m in s.minis if m[1] == entity]
        s.minis.append([f"{entity}.{len(copies) + 1}", entity, space, 0])
        del k
    for entity, kinds in (morphings or {}).items():
        for kind in kinds:
            token = t.find("morph_pool", kind)
            t.move(token, "morph_on")
            s.morphs.setdefault(entity, []).append(token)
    if turn is not None:
        t.move(t.find("turns", turn), "turn_current")
    for face in turn_discard:
        t.move(t.find("turns", face), "turn_discard")
    s.turns_left = turns_left
    s.turn_no = 1
    if hours is not None:
        s.hours = hours
    if distress is not None:
        s.distress = list(distress)
        t.take("distress", sum(distress))
    if ether is not None:
        s.ether = list(ether)
        t.take("ether", sum(ether))
    if gems is not None:
        s.gems = list(gems)
        t.take("gems", sum(gems))
    if items is not None:  # the Active Items; the other starting Items wait in Storage
        for item in list(t.ids("items")):
            if t.face(item) not in items:
                t.move(item, "storage")
        for face in items:  # an Item of the pack beyond the starting ones
            if f"item.{face}" not in t.faces:
                t.create(f"item.{face}", face, "items")
            t.move(f"item.{face}", "items")
    if storage is not None:  # exactly these Items in Storage
        for item in list(t.ids("storage")):
            if t.face(item) not in storage:
                t.move(item, "item_market")
        for face in storage:
            if f"item.{face}" not in t.faces:
                t.create(f"item.{face}", face, "storage")
            t.move(f"item.{face}", "storage")
    s.flipped = [  # placed Progress cards turned face down ("Progress Influence Cards")
        t.find("progress", face, seat) for seat, faces in (flipped or {}).items() for face in faces
    ]
    s.flags = list(flags)
    s.first = first
    s.blocked_steps = list(blocked)
    s.used = list(used)
    s.turn_used = []  # what the Gate's setup used (a trigger of a worn Mask) is forgotten
    seats = tuple(range(players))
    s.flow.clear()
    ending = [EndTurn(), *fire_step(s, "turn_end")]  # as begin_turn lays out a Turn
    if phase == "draw":
        s.flow.items[:] = [
            *ending,
            Dreamscape(),
            action_step(s),
            *reversed([DrawFor(x) for x in seats]),
            PreDraw(seats=tuple(x for x in seats if t.count("hand", x))),
        ]
    elif phase == "actions":
        s.flow.items[:] = [*ending, Dreamscape(), action_step(s)]
    elif phase == "dreamscape":
        s.flow.items[:] = [*ending, Dreamscape()]
    elif phase == "end":
        s.flow.items[:] = [EndTurn()]
    else:
        raise ValueError(f"unknown phase {phase!r}")
    s._events.clear()
    s.flow.changed()
    advance(s, s.flow)
    return s  # type: ignore[no-any-return]


def hand(s: EtherfieldsState, seat: int = 0) -> list[str]:
    return sorted(s.table.faces_in("hand", seat))


def event_kinds(s: EtherfieldsState) -> list[str]:
    return [e.kind for e in s.events()]


def play(s: EtherfieldsState, *ids: str, seat: int | None = None) -> None:
    """Apply actions in order (a seat for group steps, chance by id)."""
    for aid in ids:
        tm = s.to_move()
        if len(tm) > 1:
            s.apply(aid, player=seat if seat is not None else tm[0])
        else:
            s.apply(aid)


def legal(s: EtherfieldsState, seat: int = 0) -> list[str]:
    if s.to_move() == (oneiros.CHANCE,):
        return [a.id for a, _ in s.chance_outcomes()]
    return [a.id for a in s.legal_actions(seat)]


def run_effect(s: EtherfieldsState, text: str, seat: int = 0) -> None:
    """Resolve an effect of the content language for a Dreamer, as a card or script would
    (the decisions and chance it opens are then played with ``play``)."""
    from oneiros.core.effects import Ctx
    from oneiros.games.etherfields.kinds import RUNTIME

    s.flow.push(*RUNTIME.steps(RUNTIME.language.parse(text), Ctx(seat=seat)))
    s.flow.changed()
    advance(s, s.flow)
