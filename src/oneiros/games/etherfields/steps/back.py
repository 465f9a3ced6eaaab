"""Back-of-card actions (etherfields "Influence Cards": "each individual starting
Influence deck has its own special feature – a character specific action – printed on the
back of each card. Dreamers may perform this action when the card is on the top of their
deck"; "A Brief Strategy Guide": "your Dreamer's special action if visible on the back of
the Influence deck").

- The back of a card: a starting card bears its Dreamer's back (its ``owner``, else the
  back of the Dreamer whose deck it is in); a Market or Secret card
  its plain or Secret back; a Flaw the Flaw back. ``top_back`` is the Dreamer whose back
  shows on top of a deck: every seat sees it. The engine's draws are chance within the
  deck, so it knows the top's back only from what every seat knows: while every card the
  Dreamer holds in deck and hand shows the same back (a Dream's starting deck, until a
  gained card or a Flaw is shuffled in), or a Flaw a Seal put back lies on top; otherwise
  it is unknown and no back action is offered. (Read from the deck alone, the back would
  tell the other seats which card a draw took.)
- The action is that Dreamer's board ``back_action`` (another Dreamer's starting card on
  top gives that Dreamer's action). ``use:back``: a reroll (the Dicer's "Seal the top card:
  reroll your own die") is offered in the reroll window after the Dreamer's own roll, any
  other in the Card and Action step; its cost ``seal_this`` Seals the top card of the deck
  (the card bearing the back, "Sealing and Unsealing Cards"), then the effect runs; its
  ``limit`` holds as for any ability.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from ....core import Action
from ....core.effects import Ctx
from ....core.flow import Flow
from .. import catalog as content
from ..kinds import RUNTIME
from ..records import Ability

if TYPE_CHECKING:
    from ..state import EtherfieldsState


def back_of(s: EtherfieldsState, card: str, seat: int) -> str:
    """The back a card of the Dreamer's deck or hand shows: a Dreamer id (a starting back:
    its ``owner``, else that Dreamer's own), ``plain``, ``secret`` or ``flaw``."""
    owner = s.dreamers[seat] if seat < len(s.dreamers) else ""
    return _back(s.pack, s.table.face(card), owner)


@functools.lru_cache(maxsize=4096)
def _back(pack: str, face: str, deck_owner: str) -> str:
    cat = content.catalog(pack)
    if cat.has("flaw", face):
        return "flaw"
    rec = cat.get("influence", face)
    if rec.back != "starting":
        return str(rec.back)
    return str(rec.owner or deck_owner or "plain")


def top_back(s: EtherfieldsState, seat: int) -> str | None:
    """The back on top of the Dreamer's deck, when every seat can know it (see the
    module): every card the Dreamer holds unseen by the others (deck and hand) shows the
    same back, or a Flaw a Seal put back lies on top."""
    from .flaws import known_top

    cards = s.table.ids("deck", seat)
    if not cards:
        return None
    if known_top(s, seat) is not None:
        return "flaw"
    first = back_of(s, cards[0], seat)
    held = (*cards[1:], *s.table.ids("hand", seat))
    return first if all(back_of(s, c, seat) == first for c in held) else None


def _printed(s: EtherfieldsState, reroll: bool) -> bool:
    """Whether some Dreamer board of the pack prints a back action of that sort."""
    return _printed_in(s.pack, reroll)


@functools.lru_cache(maxsize=64)
def _printed_in(pack: str, reroll: bool) -> bool:
    from .influence import rerolls

    return any(
        d.back_action is not None and (rerolls(d.back_action) is not None) == reroll
        for d in content.catalog(pack).all("dreamer")
    )


def back_ability(s: EtherfieldsState, seat: int) -> Ability | None:
    """The back-of-card action on top of the Dreamer's deck, if any."""
    back = top_back(s, seat)
    if back is None or not s.catalog.has("dreamer", back):
        return None
    return s.catalog.get("dreamer", back).back_action


def _ready(s: EtherfieldsState, seat: int) -> Ability | None:
    from .actions import spent

    ability = back_ability(s, seat)
    if ability is None or spent(s, f"back:{seat}", ability, seat):
        return None
    if not RUNTIME.holds(s, ability.requires, Ctx(seat=seat, source=f"back:{seat}")):
        return None
    return ability


def rerolls_own(s: EtherfieldsState, seat: int, own: bool) -> bool:
    """The Dreamer may reroll this roll with the back action on top of their deck."""
    from .influence import rerolls
    from .progress import forbidden

    if not _printed(s, True):
        return False
    ability = _ready(s, seat)
    if ability is None or forbidden(s, seat, "reroll"):
        return False
    scope = rerolls(ability)
    return scope == "any" or (scope == "own" and own)


def card_actions(s: EtherfieldsState, seat: int) -> list[Action]:
    """``use:back`` in the Card and Action step, for a back action that is not a reroll."""
    from .actions import affordable
    from .influence import rerolls

    if not _printed(s, False):
        return []
    ability = _ready(s, seat)
    if ability is None or rerolls(ability) is not None or ability.kind != "action":
        return []
    if ability.cost.op != "seal_this" and not affordable(s, seat, ability, Ctx(seat=seat)):
        return []
    return [Action("use:back", f"Back of your deck: {ability.text}")]


def use(s: EtherfieldsState, flow: Flow, seat: int, roll: tuple[str, str] | None = None) -> None:
    """``use:back``: Seal the top card (its cost), then the effect (a reroll of ``roll``)."""
    from .actions import mark_used, start
    from .cards import SealOne

    ability = back_ability(s, seat)
    assert ability is not None
    key = f"back:{seat}"
    flow.emit(
        "back_action",
        "Dreamer {seat} uses the action on the back of their deck: {text}",
        "influence",
        seat=seat,
        text=str(ability.text),
    )
    if ability.cost.op != "seal_this":
        start(s, flow, seat, key)
        return
    mark_used(s, key, ability, seat)
    ctx = Ctx(seat=seat, source=key, extra=(("roll", roll),) if roll else ())
    flow.push(*RUNTIME.steps(ability.effects, ctx))
    flow.push(SealOne(seat, 1))  # "Seal the top card": the card bearing the back


__all__ = [
    "back_ability",
    "back_of",
    "card_actions",
    "rerolls_own",
    "top_back",
    "use",
]
