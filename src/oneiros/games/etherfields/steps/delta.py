"""The Delta Phase and Awakening (etherfields "Delta Phase", "Awakening", "Finishing
Dreams/Slumbers").

The Delta Phase tile reads: "Each Dreamer may choose 1 option" (the default, design §6
reading 4; option ``delta=rulebook``: every option, as the rulebook's list says). Then
Hours reset by the Player Count, and the Slumber deck is shuffled with the Delta tile at
its bottom; the Slumber map is unchanged.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ....core import Action
from ....core.flow import EACH, LEADER, AutoStep, Flow, GroupStep
from ..kinds import KINDS
from ..params import DELTA_HOURS
from ..rules import cure

if TYPE_CHECKING:
    from ..slumber_state import SlumberState

DELTA_OPTIONS = ("cure", "unseal", "unflip", "reshuffle", "mask")
"""The Delta Phase options, in the order the tile lists them."""
DELTA_TEXT = {
    "cure": "Cure all your Distress",
    "unseal": "Unseal all your cards",
    "unflip": "Unflip all your Progress cards",
    "reshuffle": "Reshuffle your Influence deck (no penalty)",
    "mask": "Restore your Mask",
}


@KINDS.step
class DeltaPhase(AutoStep):
    """etherfields "Delta Phase": "The current Dream cycle ends, and a new one begins...
    Now, resolve the Delta Phase instead of a Slumber." Its steps in order: the Dreamers'
    options, the Hours, the Slumber deck."""

    kind = "delta_phase"
    rule = "delta"

    def run(self, s: SlumberState, flow: Flow) -> None:
        flow.emit(
            "delta", "The Delta Phase: the current Dream cycle ends, and a new one begins", "delta"
        )
        seats = tuple(range(s.game.players))
        if s.game.options.get("delta") == "rulebook":
            for seat in seats:
                for option in DELTA_OPTIONS:
                    delta_option(s, flow, seat, option)
            flow.replace(DeltaReset())
            return
        flow.replace(DeltaReset(), DeltaChoice(seats=seats))


@KINDS.step
class DeltaChoice(GroupStep):
    """etherfields "Delta Phase" (the tile): each Dreamer chooses 1 option."""

    kind = "delta_choice"
    rule = "delta"
    prompt = "Delta Phase: choose your option"
    policy = EACH

    def legal(self, s: SlumberState, seat: int) -> list[Action]:
        return [Action(f"delta:{o}", DELTA_TEXT[o]) for o in DELTA_OPTIONS]

    def apply(self, s: SlumberState, flow: Flow, seat: int, action: Action) -> None:
        delta_option(s, flow, seat, action.id.split(":", 1)[1])


def delta_option(s: SlumberState, flow: Flow, seat: int, option: str) -> None:
    t = s.table
    if option == "cure":
        cure(s, flow, seat, s.distress[seat])
    elif option == "unseal":
        for card in list(reversed(t.ids("sealed", seat))):
            t.move(card, "discard", seat)
    elif option == "unflip":
        from .flips import choices, do

        for card in choices(s, seat, "unflip"):
            do(s, flow, seat, "unflip", card)
    elif option == "reshuffle":
        # "Reshuffle!" without its penalty: the discard pile shuffled into the deck
        from .flaws import forget_tops

        for card in list(t.ids("discard", seat)):
            t.move(card, "deck", seat)
        forget_tops(s, seat)
    elif option == "mask":
        s.used = [u for u in s.used if not u.startswith(f"mask:{seat}")]
        s.turn_used = [u for u in s.turn_used if not u.startswith(f"mask:{seat}")]
    flow.emit(
        "delta_option",
        "Dreamer {seat}: {option}",
        "delta",
        seat=seat,
        option=option,
    )


@KINDS.step
class DeltaReset(AutoStep):
    """etherfields "Delta Phase": "Reset Hours to your limit, depending on the number of
    players" (5/4/3/2/1 for 1-5), then "Shuffle the Slumber Deck and place the Delta Phase
    tile at the bottom" (every tile played since goes back in)."""

    kind = "delta_reset"
    rule = "delta"

    def run(self, s: SlumberState, flow: Flow) -> None:
        flow.pop()
        s.hours = DELTA_HOURS[s.game.players]
        flow.emit("hours", "The Clock is reset to {hours} Hours", "delta", hours=s.hours)
        t = s.table
        delta = t.top("slumber_current")
        for card in list(t.ids("slumber_bottom")):
            t.move(card, "slumber_deck")
        if delta is not None:
            t.move(delta, "slumber_bottom")
        flow.emit(
            "slumber_deck",
            "The Slumber deck is shuffled ({n} tiles) with the Delta Phase tile at the bottom",
            "delta",
            n=t.count("slumber_deck") + 1,
        )
        s.delta_done = True


@KINDS.step
class AwakenChoice(GroupStep):
    """etherfields "Awakening": "This can be resolved at any moment after resolving the
    Location effect": after a Slumber the team may travel on or Awaken (the journey then
    ends); the First Player settles it ("Multiple Choices")."""

    kind = "awaken_choice"
    rule = "awakening"
    prompt = "Travel on, or Awaken"
    policy = LEADER

    def leader(self, s: SlumberState) -> int:
        return s.first

    def legal(self, s: SlumberState, seat: int) -> list[Action]:
        return [
            Action("continue", "Travel on to the next Slumber"),
            Action("awaken", "Awaken: lose all Distress and Sealed cards, Gems and Progress"),
        ]

    def apply(self, s: SlumberState, flow: Flow, seat: int, action: Action) -> None:
        flow.pop()
        if action.id == "awaken":
            flow.items[:] = flow.items[:1]  # no Fate card: the team wakes up
            flow.changed()
            awaken(s, flow)


def awaken(s: SlumberState, flow: Flow) -> None:
    """etherfields "Awakening": all Distress and Sealed cards removed, at the cost of Keys,
    Shining Gems and placed Progress cards; "The Slumber Map": the Dreamscape goes back to
    the 2 Setup Slumber tiles, the Quirk cards to the bottom of the Fate deck and the other
    map tiles face down."""
    t = s.table
    for seat in range(s.game.players):
        cure(s, flow, seat, s.distress[seat])
        for zone in ("sealed", "progress", "discard", "hand"):
            for card in list(t.ids(zone, seat)):
                t.move(card, "deck", seat)
        t.give("gems", s.gems[seat])
        s.gems[seat] = 0
    t.give("keys", s.team.get("keys", 0))
    s.team["keys"] = 0
    for card in list(t.ids("quirks")):
        t.move(card, "fate_bottom", bottom=True)
    s.quirks = []
    for card in list(t.ids("map_placed")):
        if not s.catalog.get("slumber_map", t.face(card)).setup:
            t.move(card, "map_deck")
    s.tiles = [x for x in s.tiles if s.catalog.get("slumber_map", x).setup]
    s.pos = [p if p is not None and p.split(".")[0] in _setup_slots(s) else None for p in s.pos]
    s.awake = True
    flow.emit(
        "awakened",
        "The Dreamers Awaken: Distress and Sealed cards gone, Gems and Progress lost; the "
        "Slumber map is back to its Setup tiles",
        "awakening",
    )


def _setup_slots(s: SlumberState) -> set[str]:
    return {s.catalog.get("slumber_map", x).at for x in s.tiles}


__all__ = ["AwakenChoice", "DeltaChoice", "DeltaPhase", "DeltaReset", "awaken", "delta_option"]
