"""Older records keep replaying after the backs on top of the decks became visible
(etherfields "Influence Cards", design §3 "Visible deck backs"; ``back.py``).

A record made before then holds no ``back:<class>`` chance step, and its engine offered a
back-of-card action only while every card of the Dreamer's deck and hand showed one back.
``replayed`` is the game's ``renamed_action``: when a recorded action is not legal where the
replay stands, it plays what the older engine did not have, then the action applies as
recorded:

- a ``back:<class>`` step on top is told the back of the card the record draws next (a
  ``draw:<card>`` of that deck), else a back that offers no back-of-card action (the older
  engine offered none on a mixed deck), else the likeliest;
- a draw or Seal whose recorded card is of another back than the one told takes that
  card's back as told (the older engine drew among the whole deck);
- a reroll window that a back-of-card action opened, where the record goes on without it,
  is closed with ``done`` by every seat in it (the older engine opened none).

It works on a copy first, and changes the state only when the recorded action then applies:
a record that does not replay still fails with the same clear error, the state untouched.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ....core.types import CHANCE
from .back import BackReveal, back_of, classes, tell, told, unknown_part

if TYPE_CHECKING:
    from ..state import EtherfieldsState

MAX_STEPS = 64
"""Steps played for one recorded action at most (a back per deck, a window per roll)."""


def _legal(s: EtherfieldsState, aid: str, player: int | None) -> bool:
    tm = s.to_move()
    if not tm:
        return False
    if tm == (CHANCE,):
        return player is None and any(a.id == aid for a, _ in s.chance_outcomes())
    seats = (player,) if player is not None else tm
    return any(a.id == aid for seat in seats for a in s.legal_actions(seat))


def _card(s: EtherfieldsState, seat: int, aid: str) -> str | None:
    """The card of the deck's unknown part a recorded ``draw:<face>`` names."""
    if not aid.startswith("draw:"):
        return None
    face = aid.split(":", 1)[1]
    return next((c for c in unknown_part(s, seat) if s.table.face(c) == face), None)


def _guess(s: EtherfieldsState, seat: int, aid: str) -> str:
    card = _card(s, seat, aid)
    if card is not None:
        return back_of(s, card, seat)
    cat = s.catalog
    found = classes(s, seat)

    def acts(back: str) -> bool:
        return cat.has("dreamer", back) and cat.get("dreamer", back).back_action is not None

    return min(found, key=lambda b: (acts(b), -found[b], b))


def _step(s: EtherfieldsState, aid: str, player: int | None) -> bool:
    """Play one step the older engine did not have; False when there is none."""
    from .luck import RerollWindow, back_rerollers

    top = s.flow.top
    if isinstance(top, BackReveal):
        s.apply(f"back:{_guess(s, top.seat, aid)}")
        return True
    if isinstance(top, RerollWindow):
        if not set(top.seats) & set(back_rerollers(s, top.die, top.owner)):
            return False
        s.apply("done", player=top.seats[0])
        return True
    if top is not None and top.kind in ("draw", "seal") and hasattr(top, "seat"):
        seat = top.seat
        card = _card(s, seat, aid)
        if card is None or back_of(s, card, seat) == told(s, seat):
            return False
        tell(s, seat, back_of(s, card, seat), True)
        s.flow.changed()
        return True
    return False


def _play(s: EtherfieldsState, aid: str, player: int | None) -> bool:
    for _ in range(MAX_STEPS):
        if _legal(s, aid, player):
            return True
        if not _step(s, aid, player):
            return False
    return False


def replayed(s: EtherfieldsState, aid: str, player: int | None) -> str | None:
    """``renamed_action`` (see the module): the recorded id, legal once the steps the
    older engine did not have are played; None (nothing changed) otherwise."""
    if not _play(s.clone(), aid, player):
        return None
    _play(s, aid, player)
    return aid


__all__ = ["replayed"]
