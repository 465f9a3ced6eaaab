"""A game of Slumbers (etherfields design §1, P3): ``scenario=slumber:<id>`` plays one
Slumber on the 2 Setup Slumber map tiles; ``scenario=journey`` draws Slumber tiles from the
Slumber deck one after another, a Fate card between two of them, up to the Delta Phase.

The campaign's entry: ``game.new_state(seed, carry=...)`` starts from the Dreamers'
states (``carry_over()`` of an earlier game, or a campaign's), and ``carry_over()`` returns
them when the Dreamers are back on the Dreamworld Map ("Finishing Dreams/Slumbers")."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any

from ...core.flow import FlowStep
from ...core.zones import COUNT_ONLY, PUBLIC, Zone
from .language import LANGUAGE
from .records import DreamGate
from .state import EtherfieldsState
from .steps import delta, fate, loot  # noqa: F401  (registers the steps and ops)
from .steps.slumber import BeginSlumber, Journey, SlumberEntrance

if TYPE_CHECKING:
    from .game import EtherfieldsGame

SLUMBER_ZONES = (
    # etherfields design §3: the Fate, Slumber and Slumber map decks show their count only;
    # each draw is chance. What lies at a deck's bottom is known (the Delta Phase tile,
    # tiles and Fate cards put there): those parts are public and ordered.
    Zone("slumber_deck", visibility=COUNT_ONLY),
    Zone("slumber_bottom", ordered=True, visibility=PUBLIC),
    Zone("slumber_current", visibility=PUBLIC),
    # Slumber tiles a Deliverance removed from the game ("remove or alter certain Slumbers")
    Zone("slumber_box", visibility=PUBLIC),
    Zone("fate_deck", visibility=COUNT_ONLY),
    Zone("fate_bottom", ordered=True, visibility=PUBLIC),
    Zone("fate_current", visibility=PUBLIC),
    Zone("quirks", visibility=PUBLIC),
    Zone("map_deck", visibility=COUNT_ONLY),
    Zone("map_placed", visibility=PUBLIC),
)

SLUMBER_OBSERVED = (
    *("slumber_deck", "slumber_bottom", "slumber_box"),
    *("fate_deck", "fate_bottom", "fate_current", "map_deck"),
)
"""The Slumber zones the observation reads from the seat's view."""

DELIVERANCE = "deliverance"
"""The campaign flag of an unlocked Deliverance ("Slumber Entity Tiles")."""

CARRIED = ("deck", "hand", "discard", "sealed", "progress")
"""A Dreamer's zones handed on from one game to the next."""


@functools.lru_cache(maxsize=32)
def _gate(pack: str, tile: str) -> DreamGate:
    """A Slumber seen through the Dream's fields the shared steps read (no Flying rule)."""
    from . import catalog as content

    rec = content.catalog(pack).get("slumber", tile) if tile else None
    return DreamGate.model_validate(
        {
            "id": tile or "journey",
            "name": rec.name if rec is not None else "Journey",
            "district": "Slumber",
            "keys": 0,
            "turns": max(1, rec.turns) if rec is not None else 1,
            "setup": LANGUAGE.parse("done"),
            "intro": 1,
            "goal": rec.text if rec is not None else "A journey of Slumbers.",
            "out_of_turns": 1,
        }
    )


class SlumberState(EtherfieldsState):
    EXTRA_ZONES = SLUMBER_ZONES
    slumber: str | None = None

    def __init__(
        self, game: EtherfieldsGame, seed: int | None, carry: dict[str, Any] | None = None
    ) -> None:
        self._carry = carry
        super().__init__(game, seed)

    @property
    def gate(self) -> DreamGate:
        return _gate(self.pack, getattr(self, "slumber", None) or "")

    def opening(self) -> list[FlowStep]:
        scenario = str(self.game.options.get("scenario"))
        # ``visit`` and ``fate``: a campaign's Slumber or Fate Location (campaign/slumber.py)
        self.mode = scenario if scenario in ("journey", "visit", "fate") else "slumber"
        self.slumber = None
        self.results: list[list[str]] = []  # [tile, won|lost|skipped|done]
        self.quirks: list[list[str]] = []  # [space, Fate card]
        self.loot = 0
        self.delta_done = False
        self.awake = False
        # "Slumber Entity Tiles": Deliverance, "a mechanic unlocked later in the campaign":
        # the option ``deliverance``, a campaign whose flags hold it, or ``unlock_deliverance``
        self.deliverance = bool(self.game.options.get("deliverance"))
        self.between_done = False
        cat = self.catalog
        t = self.table
        for rec in cat.all("slumber"):
            if rec.kind == "delta":
                t.create(f"slumber.{rec.id}", rec.id, "slumber_bottom")
        for rec in cat.all("slumber"):
            if rec.kind != "delta" and rec.in_deck:
                t.create(f"slumber.{rec.id}", rec.id, "slumber_deck")
        for rec in cat.all("fate"):
            t.create(f"fate.{rec.id}", rec.id, "fate_deck")
        self.tiles = []
        for rec in cat.all("slumber_map"):
            t.create(f"smap.{rec.id}", rec.id, "map_placed" if rec.setup else "map_deck")
            if rec.setup:
                self.tiles.append(rec.id)
        carry, self._carry = self._carry, None
        del self._carry
        placed = False
        if carry is not None:
            placed = self.load_carry(carry)
        elif self.game.options.get("campaign"):
            # a campaign's journey: the Dreamers' cards are laid out from the snapshot
            # (``campaign.dream.lay_out``); the Slumber Dreamscape as the last one left it
            from .campaign.dream import snapshot_of

            doc = snapshot_of(self.game.options)
            if doc is not None and DELIVERANCE in doc.flags:
                self.deliverance = True
            if doc is not None and doc.slumber:
                placed = self.load_slumber(doc.slumber)
            if doc is not None:  # tiles a Deliverance removed stay out of the game
                self.load_slumber({"slumber_removed": list(doc.removed)})
        seats = tuple(range(self.game.players))
        steps: list[FlowStep] = [Journey()]
        if self.mode == "slumber":
            tile = self.gate_id
            card = (
                t.find("slumber_deck", tile)
                or t.find("slumber_bottom", tile)
                or t.find("slumber_box", tile)
            )
            if card is None:
                card = t.create(f"slumber.{tile}", tile, "slumber_current")
            else:
                t.move(card, "slumber_current")
            steps.append(BeginSlumber(tile))
        if not placed and self.mode != "fate":
            # a Fate card is resolved on the Dreamworld map ("Fate Cards"): nobody stands
            # on the Slumber map for it; the next Slumber asks for the spaces
            steps.append(SlumberEntrance(seats=seats))
        return steps

    # -- the campaign's entry: the Dreamers' states in and out ---------------------------
    def carry_over(self) -> dict[str, Any]:
        """In a campaign session (option ``campaign``): the next ``Campaign`` snapshot as
        JSON once the journey is over ({} before; ``campaign.slumber.finish``). Otherwise
        the Dreamers' states as they are now (``slumber_carry``)."""
        if not self.game.options.get("campaign"):
            return self.slumber_carry()
        if self.flow.top is not None or self.outcome is None:
            return {}
        from .campaign.dream import snapshot_of
        from .campaign.slumber import finish

        doc = snapshot_of(self.game.options)
        assert doc is not None
        return finish(doc, self).to_json()

    def slumber_carry(self) -> dict[str, Any]:
        """The Dreamers' states as they are now, for the next game (a journey, a Dream of
        the campaign): each Dreamer's card faces by zone, Distress, Ether, Gems, space;
        the Hours, the team's tokens, the Slumber map and its Quirks, and what lies at the
        bottom of the Slumber and Fate decks."""
        t = self.table
        return {
            "dreamers": [
                {
                    "dreamer": self.dreamers[seat],
                    **{z: [t.face(c) for c in t.ids(z, seat)] for z in CARRIED},
                    "distress": self.distress[seat],
                    "ether": self.ether[seat],
                    "gems": self.gems[seat],
                    "space": self.pos[seat],
                }
                for seat in range(self.game.players)
            ],
            "hours": self.hours,
            "team": dict(self.team),
            "tiles": list(self.tiles),
            "quirks": [list(q) for q in self.quirks],
            "slumber_bottom": [t.face(c) for c in t.ids("slumber_bottom")],
            "slumber_removed": [t.face(c) for c in t.ids("slumber_box")],
            "fate_bottom": [t.face(c) for c in t.ids("fate_bottom")],
            "deliverance": self.deliverance,
        }

    def load_carry(self, carry: dict[str, Any]) -> bool:
        """Start from ``carry`` (``carry_over()``); True when the Dreamers have spaces."""
        t = self.table
        for seat, d in enumerate(carry.get("dreamers", [])[: self.game.players]):
            pool = {z: list(t.ids(z, seat)) for z in CARRIED}
            everything = [c for z in CARRIED for c in pool[z]]
            for zone in CARRIED:
                for face in d.get(zone, []):
                    card = next((c for c in everything if t.face(c) == face), None)
                    if card is None and self.catalog.has("flaw", face):
                        # "Flaw Cards": a Flaw the Dreamer gained comes from the Flaw deck
                        card = t.find("flaw_deck", face)
                        if card is not None:
                            t.move(card, zone, seat)
                            continue
                    if card is None:
                        card = t.create(f"gained.{face}", face, zone, seat)
                    else:
                        everything.remove(card)
                        t.move(card, zone, seat)
            for key in ("distress", "ether", "gems"):
                getattr(self, key)[seat] = t.take(key, d.get(key, 0))
        self.team.update(carry.get("team", {}))
        spaces = [d.get("space") for d in carry.get("dreamers", [])]
        return self.load_slumber(dict(carry, spaces=spaces))

    def load_slumber(self, carry: dict[str, Any]) -> bool:
        """The Slumber Dreamscape as a journey left it ("Slumber Entity Tiles": "The next
        Slumber will begin with everything as it is now"): the Dreamers' ``spaces``, the
        Hours, the placed map tiles and Quirks, the bottoms of the Slumber and Fate decks,
        the Slumber tiles a Deliverance removed and whether Deliverance is unlocked.
        True when every Dreamer has a space."""
        t = self.table
        for seat, space in enumerate(carry.get("spaces", [])[: self.game.players]):
            self.pos[seat] = space
        self.hours = carry.get("hours", self.hours)
        for face in carry.get("tiles", []):
            card = t.find("map_deck", face)
            if card is not None:
                t.move(card, "map_placed")
                self.tiles.append(face)
        for ref, face in carry.get("quirks", []):
            card = t.find("fate_deck", face)
            if card is not None:
                t.move(card, "quirks")
                self.quirks.append([ref, face])
        for face in carry.get("fate_bottom", []):
            card = t.find("fate_deck", face)
            if card is not None:
                t.move(card, "fate_bottom", bottom=True)
        for face in carry.get("slumber_bottom", []):
            card = t.find("slumber_deck", face) or t.find("slumber_bottom", face)
            if card is None:
                card = t.create(f"slumber.{face}", face, "slumber_bottom")
            t.move(card, "slumber_bottom")  # in order, bottom first: each on top of the last
        for face in carry.get("slumber_removed", []):
            card = t.find("slumber_deck", face) or t.find("slumber_bottom", face)
            if card is not None:
                t.move(card, "slumber_box")
        self.deliverance = self.deliverance or bool(carry.get("deliverance"))
        return all(p is not None for p in self.pos)

    def space(self, ref: str) -> tuple[Any, Any]:
        """The tile and space at ``ref``; a Quirk lying there adds its map actions ("Fate
        Cards", ``steps/fate.py`` ``quirk_space``)."""
        tile, space = super().space(ref)
        if not self.quirks:
            return tile, space
        from .steps.fate import quirk_space

        return tile, quirk_space(self, ref, space)

    def entrance_spaces(self) -> list[str]:
        return []  # a Slumber map has no Entrance: the Dreamers start anywhere on Setup tiles

    def map_view(self) -> list[dict[str, Any]]:
        """The spaces of the Slumber map, each with its tile, whether it is a Quirk space
        and the Fate card whose Quirk lies there ("The Slumber Dreamscape Map", "Fate
        Cards"): the map grows as Fate cards place tiles."""
        from .steps.fate import quirk_spaces

        slots = set(quirk_spaces(self))
        lying = {ref: face for ref, face in self.quirks}
        out = super().map_view()
        for space in out:
            ref = space["ref"]
            space["tile"] = self.space(ref)[0].id
            space["quirk_slot"] = ref in slots
            space["quirk"] = lying.get(ref)
        return out

    # -- the contract ----------------------------------------------------------------------
    def _observation(self, player: int | None) -> dict[str, Any]:
        obs = super()._observation(player)
        view = self.table.view(player, only=SLUMBER_OBSERVED)
        obs["slumber"] = {
            "mode": self.mode,
            "tile": self.slumber,
            "deck": view.count("slumber_deck"),
            "bottom": view.cards("slumber_bottom"),
            "fate_deck": view.count("fate_deck"),
            "fate_bottom": view.cards("fate_bottom"),
            "fate_current": view.cards("fate_current"),
            "map_deck": view.count("map_deck"),
            "quirks": [list(q) for q in self.quirks],
            "results": [list(r) for r in self.results],
            "loot": self.loot,
            "delta_done": self.delta_done,
            "removed": view.cards("slumber_box"),
            "deliverance": self.deliverance,
        }
        return obs

    def scores(self) -> list[float]:
        if self.flow.top is not None:
            return []
        if self.outcome == "defeat" or not self.results:
            return [0.0] * self.game.players
        value = {"won": 1.0, "done": 1.0, "delivered": 1.0, "skipped": 0.5}
        score = sum(value.get(r, 0.0) for _t, r in self.results) / len(self.results)
        return [score] * self.game.players

    def stats(self) -> dict[str, Any]:
        out = super().stats()
        count = {
            k: sum(1 for _t, r in self.results if r == k)
            for k in ("won", "lost", "skipped", "done", "delivered")
        }
        out.update(
            {
                "slumbers": len(self.results),
                "slumbers_won": count["won"],
                "slumbers_lost": count["lost"],
                "slumbers_skipped": count["skipped"],
                "slumbers_delivered": count["delivered"],
                "instructions": count["done"],
                "loot": self.loot,
                "delta_phase": self.delta_done,
                "tiles_placed": len(self.tiles),
                "quirks": len(self.quirks),
            }
        )
        return out

    def _copy(self) -> SlumberState:
        new: Any = super()._copy()
        new.results = [list(r) for r in self.results]
        new.quirks = [list(q) for q in self.quirks]
        return new


__all__ = ["SLUMBER_ZONES", "SlumberState"]
