"""The Dreamworld between Dreams as typed flow steps (etherfields "Dreamworld Map", "Season
Cards", "Shopping", "Influence Deck Card Limits (20-40)", "Awakening", "Saving Your Game").

The team decides together ("Multiple Choices"): the First Player's ``Travel`` choice stands
for the group. Each step cites its section; every event names it.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ....core import Action
from ....core.flow import AutoStep, ChanceStep, DecisionStep, Flow, GroupStep
from ....core.i18n import plural
from .refs import KINDS

if TYPE_CHECKING:
    from .dreamworld import DreamworldState

from .shop_steps import SaveBuy, ShopChoice, ShopEnd
from .wisdom import knows, procedure_event
from .world_cards import WorldCards
from .world_rules import DECK_MAX, DECK_MIN, card_label, counted, gain_ether, is_flaw

# -- helpers


def awaken_1_3(s: DreamworldState, flow: Flow, rule: str) -> None:
    """The Awakening card's steps 1-3 ("Awakening", "Saving Your Game"): discard all
    Influence cards (into the collection, for the next deckbuilding), cure all Distress and
    unseal all cards, discard all Keys and Shining Gems."""
    for seat, h in enumerate(s.doc["dreamers"]):
        for zone in ("deck", "hand", "discard", "sealed", "progress"):
            h["aside"] += h[zone]
            h[zone] = []
        h["aside"].sort()
        h["distress"] = 0
        h["gems"] = 0
        flow.emit(
            "awakening_reset",
            "Dreamer {seat} discards every Influence card, cures all Distress, unseals "
            "every card and discards Shining Gems",
            rule,
            seat=seat,
        )
    if s.doc["keys"]:
        flow.emit("keys_lost", "The team discards {n} Keys", rule, n=s.doc["keys"])
    s.doc["keys"] = 0


def reset_dreamscape(s: DreamworldState, flow: Flow, rule: str) -> None:
    """ "Dream Gate Tiles" (discard the Slumber Dreamscape before entering a Dream) and "The
    Slumber Map" (during Awakening, back to the 2 Setup tiles): ``campaign.slumber``."""
    from .slumber import discard_dreamscape

    if s.doc["slumber"].get("tiles") or s.doc["slumber"].get("quirks"):
        flow.emit(
            "dreamscape_discarded",
            "The Slumber Dreamscape is discarded: Setup tiles only, Quirks to the Fate deck",
            rule,
        )
    s.doc["slumber"] = discard_dreamscape(s.doc["slumber"])


def deck_steps(s: DreamworldState) -> list[Any]:
    """The deckbuilding of every Dreamer, seat 0 first (pushed in reverse)."""
    seats = range(len(s.doc["dreamers"]))
    return [*(DeckBuild(seat=k, moved=(), awakening=True) for k in reversed(seats)), FormDecks()]


def form_deck(s: DreamworldState, h: dict[str, Any]) -> None:
    """ "Influence Deck Card Limits (20-40)": every available card in the deck, up to 40
    (Flaws always, outside the count); the excess waits in the box."""
    cards = sorted(h["deck"] + h["aside"])
    flaws = [c for c in cards if is_flaw(s, c)]
    cards = [c for c in cards if not is_flaw(s, c)]
    h["deck"], h["aside"] = sorted(cards[:DECK_MAX] + flaws), cards[DECK_MAX:]


def change_dreamer(s: DreamworldState, seat: int, dreamer: str) -> None:
    """ "Awakening": a player changes their Dreamer. The one left sits out with what they
    hold; the new one comes back with theirs, or with their starting deck."""
    from .sessions import starting_holding

    doc = s.doc
    benched = doc["benched"]
    found = next((h for h in benched if h["dreamer"] == dreamer), None)
    if found is not None:
        benched.remove(found)
    else:
        found = starting_holding(s.catalog, dreamer).model_dump(mode="json")
    benched.append(doc["dreamers"][seat])
    for zone in ("hand", "discard", "sealed", "progress"):
        found["aside"] += found[zone]
        found[zone] = []
    form_deck(s, found)
    doc["dreamers"][seat] = found


# -- the leg's start -----------------------------------------------------------------------


@KINDS.step
class WorldStart(AutoStep):
    """How a Dreamworld leg begins: after a save, "Game Setup" step 8 (the Awakening card
    from step 4, with the Ether vouchers cashed); after the First Dream or a Death, an
    Awakening; after another Dream, "Finishing Dreams/Slumbers": back to the Team marker."""

    kind = "world_start"
    rule = "setup"

    def run(self, s: DreamworldState, flow: Flow) -> None:
        phase = s.doc["phase"]
        seats = tuple(range(len(s.doc["dreamers"])))
        if phase == "setup":
            # "Game Setup" step 8: "Resolve the Awakening Card starting from Step 4"
            procedure_event(s, flow, "awakening")
            flow.replace(Travel(seats=seats), *deck_steps(s), Vouchers())
        elif phase == "awaken":
            flow.replace(Travel(seats=seats), Awaken())
        else:
            flow.emit(
                "returned",
                "The Dreamers return to the Team marker at {location}",
                "finishing",
                location=s.doc["location"],
            )
            flow.replace(Travel(seats=seats))


@KINDS.step
class Vouchers(AutoStep):
    """ "Saving Your Game": each Ether voucher kept at the save gains 1 Ether at setup."""

    kind = "vouchers"
    rule = "saving"

    def run(self, s: DreamworldState, flow: Flow) -> None:
        for seat, h in enumerate(s.doc["dreamers"]):
            if h["vouchers"]:
                got = gain_ether(s, seat, h["vouchers"])
                s.doc["vouchers_left"] += h["vouchers"]
                flow.emit(
                    "voucher",
                    plural(
                        h["vouchers"],
                        "Dreamer {seat} cashes {n} Ether voucher: +{got} Ether",
                        "Dreamer {seat} cashes {n} Ether vouchers: +{got} Ether",
                    ),
                    seat=seat,
                    n=h["vouchers"],
                    got=got,
                )
                h["vouchers"] = 0


@KINDS.step
class Awaken(AutoStep):
    """ "Awakening": the team Awakens at the Awakening Location: steps 1-3, then the
    original Awakening Wisdom card's step 4 onward (each Dreamer builds a 20-40 card deck
    and chooses their Mask; the deck is shuffled)."""

    kind = "awaken"
    rule = "awakening"

    def run(self, s: DreamworldState, flow: Flow) -> None:
        where = s.campaign_start().awakening
        flow.emit("awaken", "The Dreamers Awaken at {location}", location=where)
        procedure_event(s, flow, "awakening")
        s.doc["location"] = where
        awaken_1_3(s, flow, "awakening")
        reset_dreamscape(s, flow, "awakening")
        flow.replace(*deck_steps(s))


@KINDS.step
class FormDecks(AutoStep):
    """ "Influence Deck Card Limits (20-40)": every available card goes into the deck, up
    to 40; the excess waits in the box (then each Dreamer may change the composition)."""

    kind = "form_decks"
    rule = "deck_limits"

    def run(self, s: DreamworldState, flow: Flow) -> None:
        for seat, h in enumerate(s.doc["dreamers"]):
            form_deck(s, h)
            flow.emit(
                "deck_formed",
                "Dreamer {seat}'s deck holds {n} cards ({aside} set aside)",
                seat=seat,
                n=len(h["deck"]),
                aside=len(h["aside"]),
            )


@KINDS.step
@dataclass(frozen=True, slots=True)
class DeckBuild(DecisionStep):
    """ "Influence Deck Card Limits (20-40)": a Dreamer sets cards aside or takes them
    back, and may wear another of their Masks ("Awakening"); done once the deck holds 20
    to 40 cards, or every available card when fewer than 20. A card face or Mask is moved
    once per deckbuilding step (keeps the step finite)."""

    kind = "deck_build"
    rule = "deck_limits"
    prompt = "Dreamer {seat}: build your Influence deck (20-40 cards)"
    seat: int
    moved: tuple[str, ...]
    awakening: bool = False
    """During an Awakening (or setup) a seat may also change its Dreamer ("Awakening")."""

    def legal(self, s: DreamworldState) -> list[Action]:
        h = s.doc["dreamers"][self.seat]
        deck, aside = h["deck"], h["aside"]
        n = counted(s, deck)
        out = []
        if DECK_MIN <= n <= DECK_MAX or (n < DECK_MIN and not aside):
            out.append(Action("done", f"Keep this deck ({n} cards)"))
        if n > DECK_MIN:
            out += [
                Action(f"aside:{face}", f"Set {card_label(s, face)} aside")
                for face in sorted(set(deck))
                if f"card:{face}" not in self.moved and not is_flaw(s, face)
            ]
        if n < DECK_MAX:
            out += [
                Action(f"include:{face}", f"Put {card_label(s, face)} into the deck")
                for face in sorted(set(aside))
                if f"card:{face}" not in self.moved
            ]
        if self.awakening and "dreamer" not in self.moved:
            seated = {x["dreamer"] for x in s.doc["dreamers"]}
            out += [
                Action(f"dreamer:{d}", f"Change to the Dreamer {s.catalog.get('dreamer', d).name}")
                for d in s.catalog.ids("dreamer")
                if d not in seated
            ]
        out += [
            Action(f"wear:{mask}", f"Wear the Mask {mask}")
            for mask in h["masks"]
            if mask != h["mask"] and f"mask:{mask}" not in self.moved
        ]
        return out

    def apply(self, s: DreamworldState, flow: Flow, action: Action) -> None:
        h = s.doc["dreamers"][self.seat]
        verb, _, what = action.id.partition(":")
        if verb == "done":
            flow.emit(
                "deck_built",
                "Dreamer {seat} builds a deck of {n} cards",
                seat=self.seat,
                n=len(h["deck"]),
            )
            flow.pop()
            return
        if verb == "dreamer":
            change_dreamer(s, self.seat, what)
            flow.emit(
                "dreamer_changed",
                "Seat {seat} now plays {dreamer}",
                "awakening",
                seat=self.seat,
                dreamer=what,
            )
            flow.replace_top(
                DeckBuild(seat=self.seat, moved=(*self.moved, "dreamer"), awakening=True)
            )
            return
        if verb == "wear":
            h["mask"] = what
            flow.emit(
                "mask_worn", "Dreamer {seat} wears {mask}", "awakening", seat=self.seat, mask=what
            )
            flow.replace_top(
                DeckBuild(
                    seat=self.seat, moved=(*self.moved, f"mask:{what}"), awakening=self.awakening
                )
            )
            return
        src, dst = ("deck", "aside") if verb == "aside" else ("aside", "deck")
        h[src].remove(what)
        h[dst].append(what)
        h[dst].sort()
        flow.emit(
            "deck_card",
            "Dreamer {seat} moves {card} to the {where}",
            seat=self.seat,
            card=what,
            where="box" if dst == "aside" else "deck",
        )
        flow.replace_top(
            DeckBuild(seat=self.seat, moved=(*self.moved, f"card:{what}"), awakening=self.awakening)
        )


# -- travel ----------------------------------------------------------------------------------


@KINDS.step
class Travel(GroupStep):
    """The team's choice on the Dreamworld map ("Dreamworld Map", "Multiple Choices": the
    First Player decides for the group): follow an arrow, enter a Dream Gate, shop, Awaken,
    let every Dreamer play cards on the map ("Playing Cards in the Dreamworld",
    ``campaign.world_cards``), or save ("Saving Your Game": after resolving a Location
    effect)."""

    kind = "travel"
    rule = "world"
    prompt = "The team is on the Dreamworld map: travel, enter a Gate, shop, Awaken or save"
    policy = "leader"

    def leader(self, s: DreamworldState) -> int:
        return int(s.doc["first"]) % len(s.doc["dreamers"])

    def legal(self, s: DreamworldState, seat: int) -> list[Action]:
        out = []
        here = s.location()
        if s.arrived < s.limit:
            for arrow in s.arrows_from(here.id):
                dest = s.catalog.get("location", arrow.end)
                if arrow.shortcut:
                    n = s.season().shortcut_seal
                    out.append(
                        Action(
                            f"shortcut:{arrow.end}",
                            f"Shortcut to {dest.name} (each Dreamer Seals {n})",
                        )
                    )
                else:
                    out.append(Action(f"travel:{arrow.end}", f"Travel to {dest.name}"))
        if here.kind == "gate" and here.gate in s.doc["gates"]:
            gate = s.catalog.get("gate", here.gate)
            if s.doc["keys"] >= gate.keys:
                out.append(Action(f"enter:{gate.id}", f"Enter {gate.name} ({gate.keys} Keys)"))
        if here.kind == "shop" and s.doc["shopping"] and "shop" not in s.acted:
            out.append(Action("shop", "Use the Shopping card"))
        if "awaken" not in s.acted and knows(s, "awakening"):
            out.append(Action("awaken", "Awaken at the Awakening Location"))
        if "cards" not in s.acted:
            out.append(Action("cards", "Play cards on the Dreamworld map"))
        out.append(Action("save", "Save the campaign and stop for tonight"))
        return out

    def apply(self, s: DreamworldState, flow: Flow, seat: int, action: Action) -> None:
        verb, _, what = action.id.partition(":")
        if verb in ("travel", "shortcut"):
            arrive = Arrive(location=what, shortcut=verb == "shortcut")
            flow.push(arrive)
            if verb == "shortcut":
                n = s.season().shortcut_seal
                flow.push(*[SealCards(seat=k, n=n) for k in reversed(range(s.players))])
        elif verb == "enter":
            flow.push(EnterDream(gate=what))
        elif verb == "shop":
            s.acted.append("shop")
            flow.push(ShopEnd(), *[ShopChoice(seat=k) for k in reversed(range(s.players))])
        elif verb == "cards":
            s.acted.append("cards")
            flow.push(WorldCards(seats=tuple(range(s.players))))
        elif verb == "awaken":
            s.acted.append("awaken")
            flow.push(Awaken())
        else:
            flow.push(SaveEnd(), *[SaveBuy(seat=k) for k in reversed(range(s.players))])


@KINDS.step
@dataclass(frozen=True, slots=True)
class SealCards(ChanceStep):
    """ "Dreamworld Map": following a shortcut, each Dreamer Seals 1 card (the Season may
    say more): the top card of the deck, unknown until sealed ("Sealing and Unsealing
    Cards": an empty deck seals nothing)."""

    kind = "seal_cards"
    rule = "world"
    prompt = "The top card of Dreamer {seat}'s deck is sealed"
    seat: int
    n: int

    def done(self, s: DreamworldState) -> bool:
        return self.n <= 0 or not s.doc["dreamers"][self.seat]["deck"]

    def outcomes(self, s: DreamworldState) -> list[tuple[Action, float]]:
        deck = Counter(s.doc["dreamers"][self.seat]["deck"])
        total = sum(deck.values())
        return [
            (Action(f"seal:{face}", f"Seal {face}"), k / total) for face, k in sorted(deck.items())
        ]

    def apply(self, s: DreamworldState, flow: Flow, action: Action) -> None:
        h = s.doc["dreamers"][self.seat]
        face = action.id.split(":", 1)[1]
        h["deck"].remove(face)
        h["sealed"].append(face)
        flow.emit("sealed", "Dreamer {seat} seals {card} (shortcut)", seat=self.seat, card=face)
        flow.replace_top(SealCards(seat=self.seat, n=self.n - 1))


@KINDS.step
@dataclass(frozen=True, slots=True)
class Arrive(AutoStep):
    """ "Dreamworld Map": the Team marker arrives and the Location's effect resolves
    (Keys, Ether, a Slumber); the active Season alters it ("Season Cards")."""

    kind = "arrive"
    rule = "world"
    location: str
    shortcut: bool

    def run(self, s: DreamworldState, flow: Flow) -> None:
        loc = s.catalog.get("location", self.location)
        s.doc["location"] = loc.id
        s.arrived += 1
        s.acted = []
        s.doc["progress"]["locations"] += 1
        flow.emit(
            "arrived",
            "The team arrives at {location} ({district})",
            location=loc.id,
            district=loc.district,
        )
        if loc.kind == "keys":
            want = max(0, loc.keys + s.season().keys_bonus)
            got = max(0, min(want, s.pool("keys") - s.doc["keys"]))
            s.doc["keys"] += got
            flow.emit(
                "keys", "The team gains {n} Keys ({total})", "gate", n=got, total=s.doc["keys"]
            )
        elif loc.kind == "ether":
            for seat in range(s.players):
                got = gain_ether(s, seat, loc.ether)
                flow.emit("ether", "Dreamer {seat} gains {n} Ether", "limits", seat=seat, n=got)
        elif loc.kind == "slumber":
            # "Slumbers": a Slumber is drawn; the leg ends and the Slumber session
            # (``campaign.slumber``, one tile) starts from this snapshot, then "go back to
            # the Dreamworld Map" ("Slumber Entity Tiles": "This Slumber ends.")
            s.doc["next"] = "slumber"
            s.doc["phase"] = "travel"
            s.end(flow, "slumber", "slumbers")
        elif loc.kind == "fate":
            # "Fate Cards": "When you enter a Fate location, draw a FATE card from the top
            # of the FATE DECK and resolve it": the Fate session (``campaign.slumber``)
            s.doc["next"] = "fate"
            s.doc["phase"] = "travel"
            s.end(flow, "fate", "fate")


# -- leaving: a Dream, or the end of the evening ---------------------------------------------


@KINDS.step
@dataclass(frozen=True, slots=True)
class EnterDream(AutoStep):
    """ "Dream Gate Tiles": the Gate is entered by spending its Keys (design reading 13);
    the Slumber Dreamscape, if any, is discarded first; the session ends and the Dream
    starts from this snapshot."""

    kind = "enter_dream"
    rule = "gate"
    gate: str

    def run(self, s: DreamworldState, flow: Flow) -> None:
        gate = s.catalog.get("gate", self.gate)
        s.doc["keys"] -= gate.keys
        flow.emit(
            "gate_entered",
            "The team spends {keys} Keys and enters {gate}",
            keys=gate.keys,
            gate=self.gate,
        )
        reset_dreamscape(s, flow, "gate")
        s.doc["entry"] = [dict(h) for h in s.doc["dreamers"]]
        s.doc["next"] = f"dream:{self.gate}"
        s.end(flow, f"dream:{self.gate}", "gate")


@KINDS.step
class SaveEnd(AutoStep):
    """ "Saving Your Game": leftover Ether is discarded for one Ether voucher per Dreamer
    (while vouchers are left), then Awakening steps 1-3; the evening ends."""

    kind = "save_end"
    rule = "saving"

    def run(self, s: DreamworldState, flow: Flow) -> None:
        for seat, h in enumerate(s.doc["dreamers"]):
            if h["ether"] > 0:
                h["ether"] = 0
                if s.doc["vouchers_left"] > 0:
                    s.doc["vouchers_left"] -= 1
                    h["vouchers"] += 1
                    flow.emit(
                        "voucher_kept",
                        "Dreamer {seat} discards their Ether and keeps an Ether voucher",
                        seat=seat,
                    )
                else:
                    flow.emit(
                        "ether_lost",
                        "Dreamer {seat} discards their Ether (no voucher left)",
                        seat=seat,
                    )
        awaken_1_3(s, flow, "saving")
        if s.doc["slumber"]:
            # "Saving Your Game": the Slumber map, Fate and Slumber decks go to the box;
            # "Game Setup" steps 3 and 7 set them and the Hours up anew
            s.doc["slumber"] = {}
        s.doc["phase"] = "setup"
        s.doc["next"] = "dreamworld"
        s.doc["progress"]["evenings"] += 1
        flow.emit("saved", "The campaign is saved")
        s.end(flow, "saved", "saving")


__all__ = ["DECK_MAX", "DECK_MIN", "Travel", "WorldStart"]
