"""Back-of-card actions and the visible backs of the decks (etherfields "Influence Cards":
"each individual starting Influence deck has its own special feature – a character specific
action – printed on the back of each card. Dreamers may perform this action when the card is
on the top of their deck"; "A Brief Strategy Guide": "your Dreamer's special action if
visible on the back of the Influence deck"; design §3 "Visible deck backs").

- The back of a card: a starting card bears its Dreamer's back (its ``owner``, else the
  back of the Dreamer whose deck it is in); a Market or Secret card its plain or Secret
  back; a Flaw the Flaw back. These are the back classes.
- The back on top of every deck is seen by every seat. The engine's deck is unordered (a
  draw is chance within it), so the top is told by chance: the deck's unknown part (every
  card but a Flaw a Seal put back on top, whose place is known) is split by back class;
  each time that part changes (a draw, a Seal, a reshuffle, cards shuffled in), the
  checkpoint between steps (``checkpoint``) pushes the chance step ``back:<class>``
  (``BackReveal``; each class as likely as its share of the unknown cards), and the next
  draw or Seal of that deck is chance within the revealed class (``within``). When every
  unknown card shows one back there is no step: the back is known (a Dream's starting
  deck). ``state.backs`` keeps, per seat, ``[back, cards, last card, told by chance]``: the
  back and the unknown part it was told for (its size and last card id, so any change
  is seen). ``top_back`` reads it ("flaw" while a known Flaw lies on top).
- ``keep_backs``: a determinized world deals the unseen cards of a Dreamer's deck and hand
  anew within each back class (every seat saw how many of each back went where: gains are
  public, the backs of a hand face the table, each draw showed its back), so the revealed
  top back holds in every world.
- The action is that Dreamer's board ``back_action`` (another Dreamer's starting card on
  top gives that Dreamer's action). ``use:back``: a reroll (the Dicer's "Seal the top card:
  reroll your own die") is offered in the reroll window after the Dreamer's own roll, any
  other in the Card and Action step; its cost ``seal_this`` Seals the top card of the deck
  (the card bearing the back, "Sealing and Unsealing Cards"), then the effect runs; its
  ``limit`` holds as for any ability.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ....core import Action
from ....core.effects import Ctx
from ....core.flow import ChanceStep, Flow
from .. import catalog as content
from ..kinds import KINDS, RUNTIME
from ..names import names_of
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


BACKS = ("plain", "secret", "flaw")
"""The back classes besides the Dreamers' starting backs (each a Dreamer id)."""


def unknown_part(s: EtherfieldsState, seat: int) -> list[str]:
    """The deck's cards whose place nobody knows: all but a Flaw a Seal put back on top."""
    cards = s.table.ids("deck", seat)
    tops = getattr(s, "flaw_top", ())
    return [c for c in cards if c not in tops] if tops else cards


def _entry(s: EtherfieldsState, seat: int) -> list[Any] | None:
    """The seat's told back if it is still about the deck's unknown part as it is."""
    backs = getattr(s, "backs", None)
    entry = backs[seat] if backs is not None and seat < len(backs) else None
    if entry is None:
        return None
    cards = unknown_part(s, seat)
    if entry[1] != len(cards) or entry[2] != (cards[-1] if cards else ""):
        return None
    return entry


def tell(s: EtherfieldsState, seat: int, back: str | None, mixed: bool) -> None:
    """Keep the back told for the deck's unknown part as it is now (the list is replaced:
    copies of the state share it)."""
    cards = unknown_part(s, seat)
    backs = list(getattr(s, "backs", None) or [None] * s.game.players)
    backs[seat] = [back, len(cards), cards[-1] if cards else "", mixed]
    s.backs = backs


def forget(s: EtherfieldsState, seat: int) -> None:
    """The deck was shuffled: the back on top is told anew."""
    backs = getattr(s, "backs", None)
    if backs is not None and seat < len(backs) and backs[seat] is not None:
        s.backs = [None if k == seat else e for k, e in enumerate(backs)]


def classes(s: EtherfieldsState, seat: int) -> dict[str, int]:
    """How many cards of each back the deck's unknown part holds."""
    owner = s.dreamers[seat] if seat < len(s.dreamers) else ""
    backs = _backs_of(s.pack, owner)
    faces = s.table.faces
    out: dict[str, int] = {}
    for card in unknown_part(s, seat):
        face = faces[card]
        back = backs.get(face) or _back(s.pack, face, owner)
        out[back] = out.get(back, 0) + 1
    return out


@functools.lru_cache(maxsize=64)
def _backs_of(pack: str, deck_owner: str) -> dict[str, str]:
    """Every Influence card and Flaw of the pack by the back it shows in that deck."""
    cat = content.catalog(pack)
    faces = [*cat.ids("influence"), *cat.ids("flaw")]
    return {face: _back(pack, face, deck_owner) for face in faces}


def checkpoint(s: EtherfieldsState, flow: Flow) -> bool:
    """Between steps (``core.flow.Flow.checkpoint``): a deck whose unknown part changed
    shows its new top back: known at once when all its cards share one back, else the chance
    step ``back:<class>`` goes on top (True: the stack changed)."""
    items = flow.items
    if not items:
        return False
    backs = getattr(s, "backs", None) or [None] * s.game.players
    decks = s.table.contents  # read only: (zone, owner) -> ids, as ``Table.ids``
    plain = not getattr(s, "flaw_top", None)
    for seat, entry in enumerate(backs):
        if entry is not None and plain:  # the common case, kept cheap: nothing changed
            cards = decks[("deck", seat)]
            if entry[1] == len(cards) and entry[2] == (cards[-1] if cards else ""):
                continue
        if _entry(s, seat) is not None:
            continue
        found = classes(s, seat)
        if len(found) > 1:
            if type(items[-1]) is BackReveal:
                return False  # one is told at a time
            flow.push(BackReveal(seat))
            return True
        tell(s, seat, next(iter(found), None), False)
    return False


@KINDS.step
@dataclass(frozen=True, slots=True)
class BackReveal(ChanceStep):
    """etherfields "Influence Cards": the back of the new top card of a Dreamer's deck shows
    to every seat: chance among the back classes of the deck's unknown cards."""

    kind = "back_reveal"
    rule = "influence"
    decision_kind = "draw"
    prompt = "The back on top of Dreamer {seat}'s deck"
    seat: int

    def done(self, s: EtherfieldsState) -> bool:
        return _entry(s, self.seat) is not None  # told already

    def outcomes(self, s: EtherfieldsState) -> list[tuple[Action, float]]:
        found = classes(s, self.seat)
        n = sum(found.values())
        return [(_outcome(s, back), k / n) for back, k in sorted(found.items())]

    def apply(self, s: EtherfieldsState, flow: Flow, action: Action) -> None:
        flow.pop()
        back = action.id.split(":", 1)[1]
        tell(s, self.seat, back, True)
        flow.emit(
            "back_revealed",
            "The top card of Dreamer {seat}'s deck shows a plain back"
            if back == "plain"
            else "The top card of Dreamer {seat}'s deck shows a Secret back"
            if back == "secret"
            else "The top card of Dreamer {seat}'s deck shows a Flaw back"
            if back == "flaw"
            else "The top card of Dreamer {seat}'s deck shows the back of {card}",
            "influence",
            seat=self.seat,
            card=back,
        )


def _outcome(s: EtherfieldsState, back: str) -> Action:
    name = names_of(s).piece(back)  # a Dreamer's back: the Dreamer's name
    return Action(
        f"back:{back}",
        "A plain back shows on top"
        if back == "plain"
        else "A Secret back shows on top"
        if back == "secret"
        else "A Flaw back shows on top"
        if back == "flaw"
        else f"The back of {name} shows on top",
    )


def within(s: EtherfieldsState, seat: int, cards: list[str]) -> list[str]:
    """The cards a draw or a Seal of the top may take: those of the back told by chance
    (all of them when the deck's unknown part shows one back)."""
    entry = _entry(s, seat)
    if entry is None or not entry[3]:
        return cards
    return [c for c in cards if back_of(s, c, seat) == entry[0]]


def top_back(s: EtherfieldsState, seat: int) -> str | None:
    """The back on top of the Dreamer's deck, seen by every seat: "flaw" for a Flaw a Seal
    put back on top, else the back told for the deck's unknown part (None: an empty deck,
    or not told yet)."""
    if getattr(s, "flaw_top", None):
        from .flaws import known_top

        if known_top(s, seat) is not None:
            return "flaw"
        return told(s, seat)
    # no Flaw set aside: the unknown part is the whole deck (``unknown_part``, ``_entry``)
    backs = getattr(s, "backs", None)
    entry = backs[seat] if backs is not None and seat < len(backs) else None
    if entry is None:
        return None
    cards = s.table.contents[("deck", seat)]
    if entry[1] != len(cards) or entry[2] != (cards[-1] if cards else ""):
        return None
    back: str | None = entry[0]
    return back


def told(s: EtherfieldsState, seat: int) -> str | None:
    """The back told for the top of the deck's unknown part (None: empty, or not yet)."""
    entry = _entry(s, seat)
    return None if entry is None else entry[0]


def keep_backs(real: EtherfieldsState, world: EtherfieldsState, player: int, rng: Any) -> None:
    """A determinized world of ``player``: the unseen cards of each Dreamer's deck and hand
    dealt anew among the cards of their back class (see the module)."""
    t = real.table
    for seat in range(real.game.players):
        groups: dict[str, list[str]] = {}
        for zone in ("deck", "hand"):
            for card in t.ids(zone, seat):
                if not t.sees_face(player, card):
                    groups.setdefault(back_of(real, card, seat), []).append(card)
        for cards in groups.values():
            faces = [t.face(c) for c in cards]
            rng.shuffle(faces)
            for card, face in zip(cards, faces, strict=True):
                world.table.set_face(card, face)


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
    "BackReveal",
    "back_ability",
    "back_of",
    "card_actions",
    "checkpoint",
    "classes",
    "forget",
    "keep_backs",
    "rerolls_own",
    "tell",
    "told",
    "top_back",
    "unknown_part",
    "use",
    "within",
]
