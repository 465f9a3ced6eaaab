"""Flaw cards (etherfields "Flaw Cards", "Sealing and Unsealing Cards").

- "When the game instructs you to gain a FLAW CARD, draw one from the FLAW DECK and put it
  on the top of your Discard pile" (``gain_flaw``, the chance ``draw:<flaw>``).
- "Whenever you draw a Flaw card from your Influence deck, you must resolve it immediately
  ... some will be placed into your Discard pile afterward or into your Progress Zone
  (applying a persistent negative effect) – these are not counted toward the active
  Progress card limit" (``drawn``). Option ``flaw_draw`` (design §6, reading 7): ``counts``
  (the default: the Flaw is one of the cards drawn) or ``replaced`` (another card is drawn
  in its place).
- "Flaw cards are omitted when having to Seal cards and are then placed back on top of
  your Influence deck": a Flaw the Seal reveals is set aside (``state.flaw_top``, public:
  every seat saw it) and the next draw of that Dreamer takes it (``known_top``).
- "Most Flaw cards can be removed from your deck for a price (generally 1 Ether) after
  which it is returned to the bottom of the Flaw deck": ``use:card:<flaw>:remove`` for a
  Flaw in the discard pile or the Progress zone; the Flaw deck draws the Flaws never drawn
  first (at random), then the returned ones in the order they came back
  (``state.flaw_bottom``).

The state's lists are replaced, never changed in place (copies and older snapshots stay
sound).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ....core import Action
from ....core.effects import Ctx
from ....core.flow import ChanceStep, DecisionStep, Flow
from ..kinds import KINDS, RUNTIME
from ..names import chance_label, names_of
from ..records import Ability

if TYPE_CHECKING:
    from ..state import EtherfieldsState

effect = RUNTIME.language.handler


def is_flaw(s: EtherfieldsState, face: str) -> bool:
    return s.catalog.has("flaw", face)


def flaw_deck(s: EtherfieldsState) -> list[tuple[str, float]]:
    """The Flaw deck's next card: a Flaw never drawn (each as likely), else the first
    Flaw returned to the bottom."""
    bottom = list(getattr(s, "flaw_bottom", ()))
    fresh = [c for c in s.table.ids("flaw_deck") if c not in bottom]
    if fresh:
        return [(c, 1 / len(fresh)) for c in fresh]
    left = [c for c in bottom if c in s.table.ids("flaw_deck")]
    return [(left[0], 1.0)] if left else []


@KINDS.step
@dataclass(frozen=True, slots=True)
class FlawDraw(ChanceStep):
    """etherfields "Flaw Cards": a Flaw is drawn from the Flaw deck onto the top of the
    Dreamer's discard pile."""

    kind = "flaw_draw"
    rule = "flaws"
    decision_kind = "draw"
    prompt = "Draw a Flaw for Dreamer {seat}"
    seat: int

    def done(self, s: EtherfieldsState) -> bool:
        return not flaw_deck(s)

    def outcomes(self, s: EtherfieldsState) -> list[tuple[Action, float]]:
        out = []
        for card, p in flaw_deck(s):
            face = s.table.face(card)
            out.append((Action(f"draw:{face}", chance_label(s, "draw", face)), p))
        return out

    def apply(self, s: EtherfieldsState, flow: Flow, action: Action) -> None:
        flow.pop()
        card = s.table.find("flaw_deck", action.id.split(":", 1)[1])
        assert card is not None
        s.flaw_bottom = [c for c in getattr(s, "flaw_bottom", ()) if c != card]
        s.table.move(
            card,
            "discard",
            self.seat,
            flow=flow,
            kind="flaw_gained",
            fmt="Dreamer {seat} gains the Flaw {face}",
            rule="flaws",
            seat=self.seat,
        )


def drawn(s: EtherfieldsState, flow: Flow, seat: int, card: str) -> None:
    """A Flaw drawn from the Influence deck is resolved at once, then goes to the discard
    pile or the Progress zone (outside the Progress limit)."""
    rec = s.catalog.get("flaw", s.table.face(card))
    s.flaw_top = [x for x in getattr(s, "flaw_top", ()) if x != card]
    s.table.move(
        card,
        "progress" if rec.goes_to == "progress" else "discard",
        seat,
        flow=flow,
        kind="flaw_drawn",
        fmt="Dreamer {seat} draws the Flaw {face} and resolves it",
        rule="flaws",
        seat=seat,
    )
    flow.push(*RUNTIME.steps(rec.on_draw, Ctx(seat=seat, source=f"card:{card}:flaw")))


def known_top(s: EtherfieldsState, seat: int) -> str | None:
    """A Flaw a Seal put back on top of the Dreamer's deck (the next card drawn)."""
    for card in getattr(s, "flaw_top", ()):
        if s.table.place(card) == ("deck", seat):
            return card
    return None


def set_aside(s: EtherfieldsState, flow: Flow, seat: int, card: str) -> None:
    """A Seal reveals a Flaw: it is skipped, and goes back on top of the deck."""
    s.flaw_top = [*getattr(s, "flaw_top", ()), card]
    s.table.reveal(
        card,
        flow=flow,
        fmt="Dreamer {seat} reveals the Flaw {face} while sealing: it goes back on top",
        kind="flaw_skipped",
        rule="sealing",
        seat=seat,
    )


def sealable(s: EtherfieldsState, seat: int) -> list[str]:
    """The deck's cards a Seal may still reveal: not the Flaws already set aside."""
    top = set(getattr(s, "flaw_top", ()))
    return [c for c in s.table.ids("deck", seat) if c not in top]


def forget_tops(s: EtherfieldsState, seat: int) -> None:
    """A reshuffle: no card is known on top any more, and the new top shows its back
    ("Influence Cards", ``back.checkpoint``)."""
    from .back import forget

    s.flaw_top = [c for c in getattr(s, "flaw_top", ()) if s.table.place(c)[1] != seat]
    forget(s, seat)


# -- removal ---------------------------------------------------------------------------------


def removal(s: EtherfieldsState, card: str) -> Ability:
    """Removing a Flaw as an action: its removal cost, then ``remove_flaw``."""
    rec = s.catalog.get("flaw", s.table.face(card))
    return Ability.model_construct(
        id="remove",
        kind="action",
        cost=rec.removal_cost,
        keywords=frozenset(),
        range=None,
        requires=None,
        limit=None,
        on=None,
        effects=RUNTIME.language.parse("remove_flaw"),
        modifiers=[],
        text=f"Remove the Flaw {rec.name}",
        hint=None,
    )


def removable(s: EtherfieldsState, seat: int) -> list[Action]:
    """``use:card:<flaw>:remove`` for the Dreamer's Flaws in sight (the discard pile and
    the Progress zone) whose removal cost they can pay."""
    from .actions import affordable

    out = []
    for zone in ("discard", "progress"):
        for card in s.table.ids(zone, seat):
            if not is_flaw(s, s.table.face(card)):
                continue
            ability = removal(s, card)
            if affordable(s, seat, ability, Ctx(seat=seat)):
                out.append(Action(f"use:card:{card}:remove", str(ability.text)))
    return out


def flaws_of(s: EtherfieldsState, seat: int) -> list[str]:
    return [
        c
        for zone in ("discard", "progress")
        for c in s.table.ids(zone, seat)
        if is_flaw(s, s.table.face(c))
    ]


def remove(s: EtherfieldsState, flow: Flow, seat: int, card: str) -> None:
    s.flaw_bottom = [*getattr(s, "flaw_bottom", ()), card]
    s.table.move(
        card,
        "flaw_deck",
        flow=flow,
        kind="flaw_removed",
        fmt="Dreamer {seat} removes the Flaw {face}; it goes to the bottom of the Flaw deck",
        rule="flaws",
        seat=seat,
    )


@KINDS.step
@dataclass(frozen=True, slots=True)
class RemoveChoice(DecisionStep):
    """etherfields "Flaw Cards": the Dreamer picks the Flaw to remove (``discard:<card>``)."""

    kind = "flaw_choice"
    rule = "flaws"
    prompt = "Choose a Flaw to remove"
    seat: int

    def legal(self, s: EtherfieldsState) -> list[Action]:
        names = names_of(s)
        return [
            Action(f"discard:{c}", f"Remove {names.piece(s.table.face(c))}")
            for c in flaws_of(s, self.seat)
        ]

    skip_without_choice = True

    def apply(self, s: EtherfieldsState, flow: Flow, action: Action) -> None:
        flow.pop()
        remove(s, flow, self.seat, action.id.split(":", 1)[1])


@effect("gain_flaw")
def _gain_flaw(s: EtherfieldsState, flow: Flow, a: Any, ctx: Ctx) -> None:
    from ..ops import seats

    flow.push(*reversed([FlawDraw(seat) for seat in seats(s, a.who, ctx)]))


@effect("remove_flaw")
def _remove_flaw(s: EtherfieldsState, flow: Flow, a: Any, ctx: Ctx) -> None:
    """The Flaw whose removal was paid (``card:<flaw>:remove``), else one of the
    Dreamer's choice."""
    from ..ops import seats

    parts = (ctx.source or "").split(":")
    for seat in seats(s, a.who, ctx):
        if parts[0] == "card" and len(parts) > 1 and parts[1] in flaws_of(s, seat):
            remove(s, flow, seat, parts[1])
        elif len(flaws_of(s, seat)) == 1:
            remove(s, flow, seat, flaws_of(s, seat)[0])
        elif flaws_of(s, seat):
            flow.push(RemoveChoice(seat))
