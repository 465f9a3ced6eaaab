"""Overlay cards and Companions (etherfields "Overlay Cards", "Companions"; design P2
acceptance 18 and 19)."""

from __future__ import annotations

from .builder import ALL_TILES, event_kinds, legal, play, position, run_effect


def test_an_overlay_changes_the_map_and_what_stands_there_stays():
    """The Fallen Bridge covers C2.1 and C2.3 with spaces walled on the east: a Dreamer on
    C2.1 can no longer step east; "any miniature/token/marker occupying its dedicated spot
    is placed on the top of the Overlay card in the same (albeit changed) place"."""
    s = position(
        1, tiles=ALL_TILES, at=["C2.1"], entities=[("rust-moth", "C2.3")], phase="dreamscape"
    )
    run_effect(s, "move(1)")
    assert "step:e" in legal(s)
    s = position(1, tiles=ALL_TILES, at=["C2.1"], entities=[("rust-moth", "C2.3")])
    run_effect(s, "overlay('fallen-bridge')")
    assert "overlay" in event_kinds(s) and "overlay:fallen-bridge" in s.tiles
    assert s.pos == ["C2.1"] and s.mini("rust-moth.1")[2] == "C2.3"
    assert s.space("C2.1")[1].name.en == "Bridge head"
    run_effect(s, "move(1)")
    assert "step:e" not in legal(s) and "step:n" in legal(s)


def test_revealing_the_secret_that_holds_an_overlay_places_it():
    """ "These cards should be immediately placed on the Dreamscape when revealed"."""
    s = position(1, tiles=ALL_TILES)
    run_effect(s, "reveal('OD-01 G')")
    assert "overlay:fallen-bridge" in s.tiles and "OD-01 G" in s.revealed
    assert s.board().edge("C2.1", "C2.2").wall


def test_a_companion_counts_toward_the_space_limit_and_is_never_a_target():
    """The Cog Sparrow (summoned by the Brass Whistle) "count[s] to the miniature/token
    space limit" and is "ignored by all Actions and/or effects": with two Dreamers and a
    moth, the space is full, so a spawn there pushes a Dreamer out; a choice of Entity
    never offers the Sparrow."""
    s = position(
        2,
        at=["B2.4", "B2.4"],
        progress={0: ["m-brass-whistle"]},
        hands={0: ["s04", "m-lure", "s05"]},
        entities=[("rust-moth", "B2.4")],
    )
    whistle = s.table.find("progress", "m-brass-whistle", 0)
    play(s, f"use:card:{whistle}:whistle", f"pay:{s.table.find('hand', 's04', 0)}:awareness")
    assert s.companions == [["cog-sparrow", "B2.4", 0]] and "summoned" in event_kinds(s)
    play(
        s,
        f"play:{s.table.find('hand', 'm-lure', 0)}",
        "pay:" + s.table.find("hand", "s05", 0) + ":cunning",
    )
    assert s.mini("rust-moth.1")[2] == "B2.4"  # the moth, the only candidate, was taken
    run_effect(s, "spawn('rust-moth', 1)")
    assert s.flow.top.kind == "push"
    play(s, "choose:1", "space:B2.3")
    assert s.pos[1] == "B2.3" and s.mini("rust-moth.2")[2] == "B2.4"


def test_a_companion_is_summoned_once():
    s = position(1, at=["A2.3"])
    run_effect(s, "summon('cog-sparrow')")
    run_effect(s, "summon('cog-sparrow', at=space('A2.1'))")
    assert s.companions == [["cog-sparrow", "A2.3", 0]] and event_kinds(s)[-1] == "not_summoned"
