"""Every op of the effect language runs (etherfields design §2.3, "There is no resolve by
hand op"): the choices an effect asks for ("Multiple Choices"), discarding, ending the Turn,
rerolls and "Seal this card", each through an original card. Chance is forced by id."""

from __future__ import annotations

import shutil
from pathlib import Path

import oneiros
from oneiros.games.etherfields.kinds import RUNTIME
from oneiros.games.etherfields.pack import DEFAULT_PACK, PACK

from .builder import ALL_TILES, event_kinds, legal, play, position, run_effect


def _card(s, face: str, seat: int = 0, zone: str = "hand") -> str:
    return s.table.find(zone, face, seat)


def test_every_supported_op_has_a_handler():
    """No op of the language is left without a rule in play (``RUNTIME.missing()``)."""
    import oneiros.games.etherfields.state  # noqa: F401  (registers every handler)

    assert RUNTIME.missing() == []


def test_every_supported_op_is_used_by_the_original_pack():
    """The original pack uses every op the language supports (etherfields design §5),
    triggers included; the ops of the campaign (``supported=False``) are left out."""
    from oneiros.core.content import nodes

    catalog = PACK.load()
    used = {(n.category, n.op) for loc in catalog.located() for _, n in nodes(loc.record)}
    unused = [
        f"{spec.category} {spec.name}"
        for spec in RUNTIME.language.ops()
        if spec.supported and (spec.category, spec.name) not in used
    ]
    assert unused == []


def test_a_card_using_an_op_the_language_lacks_is_a_content_error(tmp_path: Path):
    """A card whose effect names an op the language does not have is an error that names
    the card's entry (``influence.toml: cards[<n>]``), never a silent no-op."""
    root = tmp_path / "pack"
    shutil.copytree(DEFAULT_PACK, root)
    path = root / "influence.toml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("[discard(1), draw(2)]", "[scatter(1), draw(2)]"), "utf-8")
    report = PACK.check(root)
    lines = [str(p) for p in report.errors]
    assert len(lines) == 1
    import tomllib

    cards = tomllib.loads(text)["cards"]  # the entry's place in its own file
    index = [c["id"] for c in cards].index("m-steady-hand")
    assert lines[0].startswith(f"influence.toml: cards[{index}].abilities[0].effects")
    assert "unknown effect 'scatter'" in lines[0]


def test_a_placed_card_discards_then_draws():
    """Steady Hand (a placed Progress card, "Progress Influence Cards": "From then on, you
    may use any action or effect on this card"): 1 Cunning, discard 1 card of the Dreamer's
    choice, then draw 2 (forced)."""
    s = position(1, progress={0: ["m-steady-hand"]}, hands={0: ["s05", "s01", "s04"]})
    placed = _card(s, "m-steady-hand", zone="progress")
    play(s, f"use:card:{placed}:sift", f"pay:{_card(s, 's05')}:cunning")
    assert s.flow.top.kind == "discard_effect"
    assert sorted(legal(s)) == sorted(f"discard:{_card(s, f)}" for f in ("s01", "s04"))
    play(s, f"discard:{_card(s, 's04')}", "draw:s06", "draw:s08")
    assert sorted(s.table.faces_in("hand", 0)) == ["s01", "s06", "s08"]
    assert s.table.faces_in("discard", 0) == ["s05", "s04"]
    assert f"use:card:{placed}:sift" not in legal(s)  # once per Turn


def test_a_progress_card_in_hand_offers_no_action():
    s = position(1, hands={0: ["m-steady-hand", "s05"]})
    assert not any(a.startswith("use:card:") or a.startswith("play:") for a in legal(s))


def test_the_team_chooses_a_dreamer_then_the_turn_ends():
    """Early Dawn: a Dreamer of the team's choice (``choose_dreamer``, "Multiple
    Choices") removes 1 Distress, then the Turn ends at once ("2) Discard Turn Step": the
    Dreamscape Phase of this Turn is not played, the Turn card is discarded)."""
    s = position(
        2,
        hands={0: ["m-early-dawn", "s08"]},
        distress=[0, 2],
        entities=[("rust-moth", "B2.4")],
        turn="T-02",
    )
    play(s, f"play:{_card(s, 'm-early-dawn')}", f"pay:{_card(s, 's08')}:awareness")
    assert s.flow.top.kind == "choose_target" and sorted(legal(s)) == ["choose:0", "choose:1"]
    play(s, "choose:1")
    assert s.distress == [0, 1]
    kinds = event_kinds(s)
    assert "turn_ended" in kinds and "turn_discarded" in kinds
    assert "dreamscape" not in kinds and "entity_moved" not in kinds
    assert s.table.faces_in("turn_discard") == ["T-02"] and s.turn_no == 2


def test_a_chosen_miniature_is_lured():
    """Lure: a miniature within range 2 of the Dreamer's choice (``choose_entity``)
    relocates to the Dreamer's space; one out of range is never offered."""
    s = position(
        1,
        tiles=ALL_TILES,
        at=["A2.4"],
        hands={0: ["m-lure", "s05"]},
        entities=[("rust-moth", "B2.3"), ("rust-moth", "C2.4"), ("rust-moth", "A2.1")],
    )
    play(s, f"play:{_card(s, 'm-lure')}", f"pay:{_card(s, 's05')}:cunning")
    assert sorted(legal(s)) == ["target:entity:rust-moth.1", "target:entity:rust-moth.3"]
    play(s, "target:entity:rust-moth.1")
    assert s.mini("rust-moth.1")[2] == "A2.4" and s.mini("rust-moth.2")[2] == "C2.4"


def test_a_lone_candidate_is_taken_without_asking():
    s = position(1, at=["A2.4"], hands={0: ["m-lure", "s05"]}, entities=[("rust-moth", "B2.3")])
    play(s, f"play:{_card(s, 'm-lure')}", f"pay:{_card(s, 's05')}:cunning")
    assert s.mini("rust-moth.1")[2] == "A2.4" and s.flow.top.kind == "card_action"


def test_a_placed_card_seals_itself_to_unseal_three():
    """Last Light: "Seal this card" as its effect takes it from the Progress zone to the
    Sealed pile ("Sealing and Unsealing Cards"), then Unseal 3 returns the most recently
    sealed (itself first) to the discard pile."""
    s = position(1, progress={0: ["m-last-light"]}, sealed={0: ["s01", "s02", "s03"]})
    placed = _card(s, "m-last-light", zone="progress")
    play(s, f"use:card:{placed}:spend")
    assert s.table.count("progress", 0) == 0
    assert s.table.faces_in("discard", 0) == ["m-last-light", "s03", "s02"]
    assert s.table.faces_in("sealed", 0)[-1] == "s01"


def test_a_reroll_card_runs_its_effect_in_the_window_and_only_there():
    """The Loaded Die ("Rerolls"): played in the window after a roll, its ``reroll``
    effect rolls that die again; the effect with no roll to answer does nothing."""
    s = position(1, options={"dreamers": "dicer"}, hands={0: ["d3", "s06", "d1"]})
    play(s, f"play:{_card(s, 'd3')}", f"pay:{_card(s, 's06')}:wrath")
    assert s.to_move() == (oneiros.CHANCE,)
    play(s, "luck:skull")
    d1 = _card(s, "d1")
    assert f"play:{d1}" in legal(s)
    play(s, f"play:{d1}")
    assert s.table.top("sealed", 0) == d1 and s.to_move() == (oneiros.CHANCE,)
    play(s, "luck:3", "done")
    assert s.ether == [2] and s.distress == [0]
    s = position(1)
    run_effect(s, "reroll('any')")
    assert event_kinds(s)[-1] == "no_reroll"


def test_what_no_rule_reads_yet_is_a_warning_never_silent(tmp_path: Path):
    """A passive on a statistic no rule reads yet validates, and ``content check`` names it
    "not supported yet"; a trigger on a worn Mask is fired by the rules of play
    (``test_triggers.py``), so it is no warning."""
    root = tmp_path / "pack"
    shutil.copytree(DEFAULT_PACK, root)
    path = root / "flaws.toml"
    text = path.read_text(encoding="utf-8")
    text = text.replace("modify('hand_limit', -1, scope=self)", "modify('entity_range', 1)")
    path.write_text(text, "utf-8")
    path = root / "masks.toml"
    path.write_text(
        path.read_text(encoding="utf-8")
        + '\n[[masks]]\nid = "x-mask"\nname = "X"\nabilities = [{ id = "t", kind = "trigger", '
        'on = "turn_start", effects = "draw(1)", text = "At the start of a Turn: draw 1." }]\n',
        "utf-8",
    )
    report = PACK.check(root)
    warnings = [str(p) for p in report.warnings]
    assert [str(p) for p in report.errors] == []
    assert any("modify('entity_range') is not supported yet" in w for w in warnings)
    assert not any("turn_start" in w for w in warnings)
