"""Campaign positions described as data (the campaign's scenario builder for the tests).

``campaign(players, ...)`` makes a new original campaign and states, as a player would set
up the box, where the team stands and what each Dreamer holds: the Team marker's Location,
the Season, the Keys, each Dreamer's Ether, Distress, Gems, hand, Sealed and Progress cards,
the cards in the box, the Shopping card, the Item Market and what the next session is.
``world(doc)`` starts that Dreamworld leg; ``dream(doc)`` starts the Dream ``doc.next``
names. Chance is forced by id (``play(s, "seal:s01")``)."""

from __future__ import annotations

from typing import Any

from oneiros.games.etherfields import catalog as content
from oneiros.games.etherfields.campaign.document import Campaign
from oneiros.games.etherfields.campaign.sessions import new_campaign, session_game

FIRST_DREAM_WISDOM = ("morning-light", "cartographers-key")
"""The original Wisdom cards of the Awakening and Dreamworld Map procedures."""


def catalog() -> Any:
    return content.catalog(content.pack_path())


def campaign(
    players: int = 2,
    *,
    location: str | None = None,
    season: str | None = None,
    keys: int = 0,
    ether: list[int] | None = None,
    distress: list[int] | None = None,
    gems: list[int] | None = None,
    hands: dict[int, list[str]] | None = None,
    sealed: dict[int, list[str]] | None = None,
    progress: dict[int, list[str]] | None = None,
    aside: dict[int, list[str]] | None = None,
    decks: dict[int, list[str]] | None = None,
    shopping: bool = True,
    item_market: list[str] | None = None,
    items: list[str] | None = None,
    vouchers_left: int | None = None,
    nxt: str = "dreamworld",
    phase: str = "travel",
    dreamers: list[str] | None = None,
    wisdom: list[str] | None = None,
    notes: list[str] | None = None,
) -> Campaign:
    """A campaign snapshot: cards named in ``hands``, ``sealed``, ``progress`` and ``aside``
    come out of the Dreamer's starting deck (``decks`` replaces the deck outright). The team
    holds the Wisdom cards the First Dream gives ("Awakening", "Dreamworld Map") unless
    ``wisdom`` names others; ``notes`` are the Note cards in Storage."""
    doc = new_campaign(catalog(), "scenario", players, dreamers)
    data = doc.to_json()
    for seat, h in enumerate(data["dreamers"]):
        if decks and seat in decks:
            h["deck"] = sorted(decks[seat])
        for zone, given in (
            ("hand", hands),
            ("sealed", sealed),
            ("progress", progress),
            ("aside", aside),
        ):
            for face in (given or {}).get(seat, []):
                h["deck"].remove(face)
                h[zone].append(face)
        h["ether"] = (ether or [0] * players)[seat]
        h["distress"] = (distress or [0] * players)[seat]
        h["gems"] = (gems or [0] * players)[seat]
    data.update(
        wisdom=list(FIRST_DREAM_WISDOM if wisdom is None else wisdom),
        notes=list(notes or []),
        keys=keys,
        shopping=shopping,
        next=nxt,
        phase=phase,
        entry=None if nxt == "dreamworld" else data["dreamers"],
    )
    if location is not None:
        data["location"] = location
    if season is not None:
        data["season"] = season
    if item_market is not None:
        data["item_market"] = item_market
    if items is not None:
        data["items"] = items
    if vouchers_left is not None:
        data["vouchers_left"] = vouchers_left
    return Campaign.model_validate(data)


def world(doc: Campaign, seed: int = 0, **options: Any) -> Any:
    """The Dreamworld leg that starts from ``doc``."""
    game = session_game(doc)
    if options:
        from oneiros.games.etherfields.game import EtherfieldsGame

        game = EtherfieldsGame(players=doc.players, options={**game.options, **options})
    return game.new_state(seed=seed)


def dream(doc: Campaign, seed: int = 0) -> Any:
    """The Dream ``doc.next`` names, from the Dreamers' holdings in ``doc``."""
    return session_game(doc).new_state(seed=seed)


def holding(s: Any, seat: int) -> dict[str, Any]:
    return s.doc["dreamers"][seat]
