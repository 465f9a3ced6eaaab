"""Overlay cards and Companions (etherfields "Overlay Cards", "Companions").

- "The Overlay cards are Secret cards which contain parts of the Dream Map. These cards
  should be immediately placed on the Dreamscape when revealed ... When an Overlay card is
  placed in the Dreamscape, it cannot be removed ... any miniature/token/marker occupying
  its dedicated spot is placed on the top of the Overlay card in the same (albeit changed)
  place": ``overlay(code)`` (and revealing a Secret that holds one) lists it among the
  map's pieces (``overlay:<id>``, ``catalog.py``), whose covered spaces then read as the
  Overlay's; miniatures keep their space references.
- "Companions for purpose of rules are not Dreamers nor Entities. They still count to the
  miniature/token space limit. They are ignored by all Actions and/or effects":
  ``summon(companion, at=)`` puts one on a space (``state.companions``: [id, space,
  summoner]); its own abilities and movement are its summoner's (``companions.py``); it
  is never a target (selectors read Dreamers and Entity miniatures only), counts in
  ``movement.occupants``, and a Big Entity pushes it out like any miniature. One summoned
  already, or onto a full space, is not summoned ("Component Limitations").

The state's lists are replaced, never changed in place.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ....core.effects import Ctx
from ....core.flow import Flow
from ..catalog import OVERLAY
from ..kinds import RUNTIME

if TYPE_CHECKING:
    from ..state import EtherfieldsState

effect = RUNTIME.language.handler


def lay(s: EtherfieldsState, flow: Flow, overlay: str) -> None:
    key = f"{OVERLAY}{overlay}"
    if key in s.tiles:
        return
    s.tiles.append(key)
    rec = s.catalog.get("overlay", overlay)  # its name, through names.py
    flow.emit(
        "overlay",
        "The Overlay {card} is placed over {spaces}",
        "overlays",
        card=overlay,
        spaces=", ".join(rec.covers),
    )


def companions(s: EtherfieldsState) -> list[list[str]]:
    return [list(c) for c in getattr(s, "companions", ())]


def companions_at(s: EtherfieldsState, space: str) -> list[str]:
    return [f"companion:{c[0]}" for c in getattr(s, "companions", ()) if c[1] == space]


def move_companion(s: EtherfieldsState, ident: str, to: str) -> None:
    name = ident.split(":", 1)[1]
    s.companions = [[c[0], to if c[0] == name else c[1], *c[2:]] for c in companions(s)]


@effect("overlay")
def _overlay(s: EtherfieldsState, flow: Flow, a: Any, ctx: Ctx) -> None:
    lay(s, flow, a.code)


@effect("summon")
def _summon(s: EtherfieldsState, flow: Flow, a: Any, ctx: Ctx) -> None:
    from ..params import SPACE_CAPACITY
    from .movement import occupants

    at = RUNTIME.select(s, a.at, ctx) if a.at is not None else ()
    space = at[0] if at else (s.pos[ctx.seat] if ctx.seat is not None else None)
    if space is None:
        return
    if any(c[0] == a.companion for c in companions(s)) or occupants(s, space) >= SPACE_CAPACITY:
        flow.emit("not_summoned", "The Companion cannot be summoned", "companions")
        return
    summoner = ctx.seat if ctx.seat is not None else s.first  # its abilities are theirs
    s.companions = [*companions(s), [a.companion, space, summoner]]
    flow.emit(
        "summoned",
        "{card} is summoned to {space}",
        "companions",
        card=a.companion,
        space=space,
    )
