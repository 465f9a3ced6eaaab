"""Playing Influence cards for their action (etherfields "Influence Cards": "you may only
play Influence cards from your hand either for their Intent or for their action/effect";
Rapid cards "can be played at any time during your action (even in the middle of another
action)"; "Assault / Contact Actions" printed on cards).

A card is played with ``play:<card>``: it leaves the hand at once (to the discard pile, or
to the Sealed pile when its cost is "Seal this card"), so it can never pay for itself, and
its ability's cost is then paid like any other action. A Rapid card is also offered inside
its Dreamer's own payment (the payment resumes after its effect) and, when its effect is a
reroll, in the reroll window after a roll ("Rerolls"). Progress cards act only once placed
(not built yet); a card's action is played in the Dreamers Phase only.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ....core import Action
from ....core.effects import Ctx
from ....core.flow import Flow
from ..kinds import RUNTIME
from ..names import names_of
from ..params import BASE_RANGE_INTERACTION
from ..records import Ability
from ..rules import check_cards

if TYPE_CHECKING:
    from ..state import EtherfieldsState


def card_ability(s: EtherfieldsState, card: str, ident: str | None = None) -> Ability | None:
    """The action (or Rapid) ability of an Influence card (``ident``: that one of a card
    with several), None for a card without one or a Progress card not placed (its
    abilities work once placed, "Progress Influence Cards")."""
    if s.catalog.has("flaw", s.table.face(card)):
        from .flaws import removal

        return removal(s, card)  # "Flaw Cards": removed for a price
    rec = s.card(s.table.face(card))
    if rec.type == "progress" and not _placed(s, card):
        return None
    return next(
        (
            a
            for a in rec.abilities
            if a.kind in ("action", "rapid")
            and "dreamworld" not in a.keywords  # on the Dreamworld map only (campaign)
            and (ident is None or a.id == ident)
        ),
        None,
    )


def _placed(s: EtherfieldsState, card: str) -> bool:
    """A placed, active Progress card ("Progress Influence Cards": "From then on, you may
    use any action or effect on this card"; not while flipped)."""
    from .progress import active

    zone, owner = s.table.place(card)
    return zone == "progress" and owner is not None and card in active(s, owner)


def rerolls(ability: Ability) -> str | None:
    """The scope of a reroll effect (``own`` or ``any``), or None."""
    node = ability.effects
    if node is not None and node.op == "reroll":
        return str(node.args.scope)  # type: ignore[attr-defined]
    return None


def _entity_in_reach(s: EtherfieldsState, seat: int, ability: Ability) -> bool:
    """Assault/Contact need an Entity within their range (base 1, "Entity Tiles")."""
    here = s.pos[seat]
    if here is None:
        return False
    from .states import capped

    r = ability.range if isinstance(ability.range, int) else BASE_RANGE_INTERACTION
    reach = s.board().within(here, capped(s, seat, r))
    return any(m[2] in reach for m in s.minis)


def playable(s: EtherfieldsState, seat: int, rapid_only: bool = False) -> list[Action]:
    """The cards of the Dreamer's hand they may play for their action now."""
    from .actions import affordable, spent

    out: list[Action] = []
    for card in s.table.ids("hand", seat):
        ability = card_ability(s, card)
        if ability is None or (rapid_only and ability.kind != "rapid"):
            continue
        if rerolls(ability) is not None:
            continue  # offered in the reroll window only
        key = f"card:{card}:{ability.id}"
        ctx = Ctx(seat=seat, source=key)
        if spent(s, key, ability, seat) or not affordable(s, seat, ability, ctx, card):
            continue
        if not RUNTIME.holds(s, ability.requires, ctx):
            continue
        if ability.keywords & {"assault", "contact"} and not _entity_in_reach(s, seat, ability):
            continue
        name = names_of(s).piece(s.table.face(card))
        out.append(Action(f"play:{card}", f"Play {name}: {ability.text}"))
    return out


def leave_hand(s: EtherfieldsState, flow: Flow, seat: int, card: str, ability: Ability) -> bool:
    """The played card leaves the hand: Sealed when its cost is "Seal this card", else
    discarded. False once the Dream is lost (fewer than 6 cards, "Distress and Dying")."""
    sealed = ability.cost.op == "seal_this"
    s.table.move(
        card,
        "sealed" if sealed else "discard",
        seat,
        flow=flow,
        kind="played",
        fmt="Dreamer {seat} plays {face}" + (" and seals it" if sealed else ""),
        rule="influence",
        seat=seat,
    )
    if sealed:
        s.tally["sealed"] += 1
        return check_cards(s, flow)
    return True


def play_card(s: EtherfieldsState, flow: Flow, seat: int, card: str) -> None:
    """``play:<card>``: the card leaves the hand, then its ability starts (paid like any
    action, ``actions.start``)."""
    from .actions import start

    ability = card_ability(s, card)
    assert ability is not None
    if leave_hand(s, flow, seat, card, ability):
        start(s, flow, seat, f"card:{card}:{ability.id}")


def may_hold(s: EtherfieldsState, seat: int, rapid: str) -> bool:
    """Whether the Dreamer may hold a Rapid card of this sort (``reroll`` or ``other``), from
    what every seat sees: cards in hand, and such a card among their deck and hand (a set no
    deal changes). A window opens on this alone, so its opening tells nothing of a hand."""
    if not s.table.count("hand", seat):
        return False
    for card in (*s.table.ids("deck", seat), *s.table.ids("hand", seat)):
        ability = card_ability(s, card)
        kind = None if ability is None or ability.kind != "rapid" else rerolls(ability)
        if (
            ability is not None
            and ability.kind == "rapid"
            and (kind is not None) == (rapid == "reroll")
        ):
            return True
    return False


def reroll_cards(s: EtherfieldsState, seat: int, own: bool) -> list[str]:
    """Cards in the Dreamer's hand whose Rapid effect rerolls this roll ("Rerolls":
    "sometimes this only applies to your roll, sometimes to any roll")."""
    out = []
    for card in s.table.ids("hand", seat):
        ability = card_ability(s, card)
        if ability is None or ability.cost.op not in ("seal_this", "free"):
            continue
        scope = rerolls(ability)
        if scope == "any" or (scope == "own" and own):
            out.append(card)
    return out
