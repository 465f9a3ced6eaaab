"""The Dreamworld leg of a campaign: a session on the core flow (``scenario=dreamworld``).

It starts from a campaign snapshot (option ``campaign``) and ends when the team enters a
Dream Gate, reaches a Slumber Location (a journey is next, ``campaign.slumber``), or
saves; ``carry_over()`` is then the next snapshot. The Dreamworld has no Turns, so a leg may resolve at most
``session_limit`` Locations: after that only entering a Gate, shopping, Awakening and
saving are offered (an engine limit, etherfields design §6).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ....core import State
from ....core.flow import Flow, FlowState
from .. import catalog as content
from .document import Campaign
from .dream import snapshot_of
from .records import Arrow, CampaignStart, Location, Season
from .refs import KINDS, REFS
from .wisdom import legend
from .world_steps import WorldStart

if TYPE_CHECKING:
    from ..game import EtherfieldsGame

SESSION_LIMIT = 12
"""Locations a Dreamworld leg may resolve by default (option ``session_limit``)."""


class DreamworldState(FlowState, State):
    KINDS = KINDS

    def __init__(self, game: EtherfieldsGame, seed: int | None) -> None:
        super().__init__(game, seed)
        doc = snapshot_of(game.options)
        assert doc is not None  # check_config refuses scenario=dreamworld without one
        self.pack = str(content.pack_path(game.options.get("content", "")))
        self.doc: dict[str, Any] = doc.copy_json()
        self.start_hash = doc.hash()
        self.limit = int(game.options.get("session_limit") or SESSION_LIMIT)
        self.arrived = 0
        self.acted: list[str] = []
        self.used: list[str] = []
        """Limited abilities used on the map during this travel ("FAQ / Clarifications —
        World Map": once per travel between Slumbers/Dreams), ``campaign.world_cards``."""
        self.drawn: list[str] = []
        self.ended: str | None = None
        self.flow = Flow(REFS, self._events, [WorldStart()])
        self.start()

    # -- content -------------------------------------------------------------------------
    @property
    def catalog(self) -> Any:
        return content.catalog(self.pack)

    @property
    def players(self) -> int:
        return len(self.doc["dreamers"])

    def campaign_start(self) -> CampaignStart:
        return self.catalog.all("campaign")[0]

    def location(self) -> Location:
        return self.catalog.get("location", self.doc["location"])

    def season(self) -> Season:
        return self.catalog.get("season", self.doc["season"])

    def arrows_from(self, here: str) -> list[Arrow]:
        return [a for a in self.catalog.all("arrow") if a.start == here]

    def pool(self, name: str) -> int:
        return int(self.catalog.get("pool", name).size)

    def end(self, flow: Flow, ended: str, rule: str) -> None:
        """The leg is over: ``ended`` says why (``saved``, ``dream:<gate>``, ``slumber``)."""
        self.ended = ended
        flow.emit("leg_over", "The Dreamworld leg ends: {ended}", rule, ended=ended)
        flow.clear()

    # -- the contract --------------------------------------------------------------------
    def observation(self, player: int | None) -> dict[str, Any]:
        doc = self.doc
        dreamers = []
        for seat, h in enumerate(doc["dreamers"]):
            dreamers.append(
                {
                    "dreamer": h["dreamer"],
                    "deck": len(h["deck"]),
                    "hand": len(h["hand"]),
                    # a hand is its Dreamer's alone, as at a table (design §3)
                    "hand_cards": list(h["hand"]) if player == seat else None,
                    "discard": list(h["discard"]),
                    "sealed": list(h["sealed"]),
                    "progress": list(h["progress"]),
                    "aside": len(h["aside"]),
                    "ether": h["ether"],
                    "gems": h["gems"],
                    "distress": h["distress"],
                    "mask": h["mask"],
                    "masks": list(h["masks"]),
                    "vouchers": h["vouchers"],
                }
            )
        return {
            "campaign": doc["name"],
            "snapshot": doc["snapshot"],
            "location": doc["location"],
            "district": self.location().district,
            "season": doc["season"],
            "season_name": f"{self.season().name} ({self.season().polarity})",
            "keys": doc["keys"],
            "gates": list(doc["gates"]),
            "items": list(doc["items"]),
            "storage": list(doc["storage"]),
            "market": len(doc["market"]),
            "item_market": len(doc["item_market"]),
            "shopping": doc["shopping"],
            "wisdom": list(doc["wisdom"]),
            "notes": list(doc["notes"]),
            "legend": legend(self.catalog, doc["wisdom"]),
            "drawn": list(self.drawn),
            "arrived": self.arrived,
            "session_limit": self.limit,
            "dreamers": dreamers,
            "map": world_map(self.catalog),
            "ended": self.ended,
        }

    def scores(self) -> list[float]:
        return [] if self.flow.items else [0.0] * self.game.players

    def winners(self) -> list[int]:
        return []

    def end_reason(self) -> str | None:
        return self.ended

    def stats(self) -> dict[str, Any]:
        return {"end_reason": self.ended, "locations": self.arrived, "keys": self.doc["keys"]}

    def carry_over(self) -> dict[str, Any]:
        """The next snapshot once the leg is over ({} while it is not)."""
        if self.flow.items or self.ended is None:
            return {}
        data = dict(self.doc, snapshot=self.doc["snapshot"] + 1, parent=self.start_hash)
        return Campaign.model_validate(data).to_json()


def world_map(cat: Any) -> dict[str, Any]:
    """The Dreamworld map as data for renderers: Locations and arrows."""
    return {
        "locations": [
            {"id": x.id, "name": str(x.name), "district": x.district, "kind": x.kind}
            for x in cat.all("location")
        ],
        "arrows": [[a.start, a.end, a.shortcut] for a in cat.all("arrow")],
    }


__all__ = ["SESSION_LIMIT", "DreamworldState", "world_map"]
