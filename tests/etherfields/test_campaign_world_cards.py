"""Cards played on the Dreamworld map (etherfields "Playing Cards in the Dreamworld",
"FAQ / Clarifications — World Map"): what may be used there, by whom, what it costs and
where the card goes; hands stay private while the team decides."""

from __future__ import annotations

from oneiros.games.etherfields.campaign.world_cards import unusable
from tests.etherfields.builder import play
from tests.etherfields.campaign_scenarios import campaign, catalog, world


def legal(s, seat: int = 0) -> list[str]:
    return [a.id for a in s.legal_actions(seat)]


def at_cards(doc):
    leg = world(doc)
    play(leg, "cards")
    assert leg.flow.top.kind == "world_cards"
    return leg


def test_a_card_in_hand_with_an_immediate_effect_is_played_on_the_map():
    """ "If you can find a use for an Influence card ... you may use it on the Dreamworld
    Map": the Bruiser's Grit (Seal this card: remove 1 Distress) from the hand; "you must
    have them in your hand ... as there is no draw step on the Dreamworld Map"."""
    doc = campaign(
        location="lamp-row", dreamers=["dicer", "bruiser"], hands={1: ["b3"]}, distress=[0, 2]
    )
    leg = at_cards(doc)
    aid = next(a for a in legal(leg, 1) if a.startswith("use:1:card:b3:"))
    leg.apply(aid, player=1)
    h = leg.doc["dreamers"][1]
    assert h["hand"] == [] and h["sealed"] == ["b3"] and h["distress"] == 1
    kinds = [e.kind for e in leg.events()]
    assert "world_use" in kinds and "world_cure" in kinds
    used = next(e for e in leg.events() if e.kind == "world_use")
    assert used.rule.endswith('"Playing Cards in the Dreamworld"')


def test_a_played_market_card_goes_to_the_discard_pile():
    """An action card with no Seal cost (Second Wind, from the Market) is discarded once
    played, as in a Dream ("Influence Cards")."""
    deck = ["m05"] + ["s01"] * 21
    doc = campaign(location="lamp-row", decks={0: deck}, hands={0: ["m05"]}, distress=[1, 0])
    leg = at_cards(doc)
    aid = next(a for a in legal(leg, 0) if a.startswith("use:0:card:m05:"))
    leg.apply(aid, player=0)
    h = leg.doc["dreamers"][0]
    assert h["discard"] == ["m05"] and h["distress"] == 0 and "m05" not in h["hand"]


def test_a_card_whose_effect_means_nothing_on_the_map_is_not_offered():
    """Wader's Stride needs Water and moves a miniature (no Dreamscape on the map); a card
    with no action (Quiet Resolve) has nothing to play: neither is offered."""
    doc = campaign(location="lamp-row", hands={0: ["s09", "s01"]})
    leg = at_cards(doc)
    assert [a for a in legal(leg, 0) if a.startswith("use:")] == []
    s09 = catalog().get("influence", "s09").abilities[0]
    assert "additional requirement" in (unusable(s09) or "")
    plain = s09.model_copy(update={"requires": None})
    assert "move has no immediate effect" in (unusable(plain) or "")


def test_an_item_is_used_by_any_dreamer_once_per_travel():
    """Items are the team's: any Dreamer may use the Sleep Salts on the map; "once per"
    abilities only once during each travel between Slumbers/Dreams ("FAQ /
    Clarifications — World Map")."""
    doc = campaign(
        location="lamp-row",
        items=["sleep-salts", "tin-lantern", "iron-poker"],
        distress=[0, 3],
    )
    leg = at_cards(doc)
    assert "use:0:item:sleep-salts:salts" in legal(leg, 0)
    assert "use:1:item:sleep-salts:salts" in legal(leg, 1)
    leg.apply("use:1:item:sleep-salts:salts", player=1)
    assert leg.doc["dreamers"][1]["distress"] == 2
    assert "sleep-salts" in leg.doc["items"]  # used for its ability, not its Intent: kept
    assert not [a for s in (0, 1) for a in legal(leg, s) if "sleep-salts" in a]
    for seat in (0, 1):
        leg.apply("done", player=seat)
    assert leg.flow.top.kind == "travel" and "cards" not in legal(leg)  # once per Location
    play(leg, "travel:key-well")
    play(leg, "cards")
    assert "use:0:item:sleep-salts:salts" not in legal(leg, 0)  # the same travel


def test_the_first_player_never_sees_another_dreamers_hand():
    """Hidden information (design §3): while the team decides, the First Player's choices
    name no card of another hand; each Dreamer is offered only their own cards; a card
    played on the map is public from then on."""
    doc = campaign(
        location="lamp-row", dreamers=["dicer", "bruiser"], hands={1: ["b3"]}, distress=[0, 2]
    )
    leg = world(doc)
    assert not [a for a in legal(leg, 0) if "b3" in a]
    play(leg, "cards")
    assert not [a for a in legal(leg, 0) if "b3" in a]
    assert leg.observation(0)["dreamers"][1]["hand_cards"] is None
    aid = next(a for a in legal(leg, 1) if "b3" in a)
    leg.apply(aid, player=1)
    seen = [e for e in leg.events(0) if e.kind == "world_use"]
    assert seen and seen[0].data["card"] == "b3"


def test_the_dreamworld_keyword_keeps_an_ability_on_the_map(tmp_path):
    """The keyword ``dreamworld`` ("some cards will have specific references to movement
    across the Dreamworld map or affect resolution of location effects"): such an ability
    is offered on the map, never inside a Dream; without it the Sleep Salts work in both."""
    import shutil

    from oneiros.games.etherfields.pack import DEFAULT_PACK
    from tests.etherfields.builder import legal as dream_legal
    from tests.etherfields.builder import position

    salts = "use:item:sleep-salts:salts"
    plain = position(items=["sleep-salts"], distress=[1])
    assert salts in dream_legal(plain)
    root = tmp_path / "pack"
    shutil.copytree(DEFAULT_PACK, root)
    items = root / "items.toml"
    text = items.read_text("utf-8")
    marked = text.replace(
        'id = "salts", kind = "action",',
        'id = "salts", kind = "action", keywords = ["dreamworld"],',
    )
    assert marked != text
    items.write_text(marked, "utf-8")
    dream = position(items=["sleep-salts"], distress=[1], options={"content": str(root)})
    assert salts not in dream_legal(dream)
    doc = campaign(location="lamp-row", items=["sleep-salts"], distress=[1, 0])
    leg = world(doc, content=str(root))
    play(leg, "cards")
    assert "use:0:item:sleep-salts:salts" in legal(leg, 0)


def test_a_placed_progress_card_is_used_on_the_map():
    """ "you must have them in your hand or as active Progress cards": Last Light, placed,
    Seals itself and Unseals 3, the most recently sealed first, as in a Dream ("Sealing
    and Unsealing Cards")."""
    deck = ["m-last-light"] + ["s01"] * 21
    doc = campaign(
        location="lamp-row",
        decks={0: [*deck, "s03", "s04"]},
        progress={0: ["m-last-light"]},
        sealed={0: ["s03", "s04"]},
    )
    leg = at_cards(doc)
    aid = next(a for a in legal(leg, 0) if a.startswith("use:0:progress:m-last-light:"))
    leg.apply(aid, player=0)
    h = leg.doc["dreamers"][0]
    assert h["progress"] == [] and h["sealed"] == []
    assert h["discard"] == ["m-last-light", "s04", "s03"]
    assert aid not in legal(leg, 0)
