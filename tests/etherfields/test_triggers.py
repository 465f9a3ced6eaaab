"""Trigger abilities (etherfields design §2.3, "modifiers and triggers"): each original
card with a trigger, fired by the rules of play at its moment, with the section of its
source in the ``triggered`` event; ``content check`` refuses a trigger no rule would run.
Chance is forced by id."""

from __future__ import annotations

import shutil
from pathlib import Path

from oneiros.games.etherfields.pack import DEFAULT_PACK, PACK

from .builder import event_kinds, legal, play, position, run_effect


def _fired(s) -> list[tuple[str, str]]:
    return [(e.data["card"], e.rule) for e in s.events() if e.kind == "triggered"]


def _card(s, face: str, seat: int = 0, zone: str = "hand") -> str:
    return s.table.find(zone, face, seat)


def test_a_placed_progress_card_fires_at_the_start_of_each_turn():
    """Early Riser ("Progress Influence Cards": a placed card's ability acts): when the
    Turn card is drawn, 1 Hour is gained, before the Draw step."""
    s = position(1, progress={0: ["r-early-riser"]}, hours=2, phase="end")
    play(s, "turn:T-05")
    assert s.hours == 3
    assert _fired(s) == [("r-early-riser", 'etherfields "Progress Influence Cards"')]
    kinds = event_kinds(s)
    assert kinds.index("turn_revealed") < kinds.index("triggered") < kinds.index("draw_step")


def test_a_flipped_progress_card_does_not_fire():
    """ "Flipping Progress Cards": "The card's action can no longer be used until it is
    unflipped"."""
    s = position(
        1, progress={0: ["r-early-riser"]}, flipped={0: ["r-early-riser"]}, hours=2, phase="end"
    )
    play(s, "turn:T-05")
    assert s.hours == 2 and _fired(s) == []


def test_a_card_in_hand_does_not_fire():
    s = position(1, hands={0: ["r-early-riser"]}, hours=2, phase="end")
    play(s, "turn:T-05")
    assert s.hours == 2 and _fired(s) == []


def test_entering_water_cures_once_per_turn():
    """Puddle Jumper: entering a Water space ("Terrain Symbols and Terrain Tokens") removes
    1 Distress, once per Turn; a space without Water does nothing."""
    s = position(
        1, at=["A2.1"], progress={0: ["r-puddle-jumper"]}, distress=[2], hands={0: ["s05"]}
    )
    play(s, "use:basic:move", f"pay:{_card(s, 's05')}:cunning", "resolve")
    play(s, "step:s")  # A2.1 -> A2.3, Water
    assert s.distress == [1] and _fired(s) == [
        ("r-puddle-jumper", 'etherfields "Progress Influence Cards"')
    ]
    play(s, "step:n", "use:basic:effort", "step:s")  # out and back in: the limit holds
    assert s.distress == [1] and len(_fired(s)) == 1


def test_the_requirement_of_a_trigger_holds():
    s = position(1, at=["A2.3"], progress={0: ["r-puddle-jumper"]}, distress=[2])
    play(s, "use:basic:effort", "step:n")  # to A2.1: no Water
    assert s.distress == [2] and _fired(s) == []


def test_moving_through_and_ending_a_move_fire_in_order():
    """Trailblazer ("Movement Actions"): leaving a space entered in the same Move gains 1
    Ether; ending the Move places a Light token there ("Terrain Symbols and Terrain
    Tokens"). A Move of one space passes through nothing."""
    s = position(1, at=["A2.3"], progress={0: ["r-trailblazer"]}, hands={0: ["s05"]})
    play(s, "use:basic:move", f"pay:{_card(s, 's05')}:cunning", "resolve")
    play(s, "step:n")
    assert s.ether == [0] and _fired(s) == []
    play(s, "step:e")  # A2.1 -> A2.2: through A2.1, the Move ends at A2.2
    assert s.ether == [1]
    assert "light" in s.terrain("A2.2")
    assert [c for c, _ in _fired(s)] == ["r-trailblazer", "r-trailblazer"]
    sources = [e.data["trigger"] for e in s.events() if e.kind == "triggered"]
    assert sources == ["move_through", "end_move"]


def test_stopping_early_ends_the_move():
    s = position(1, at=["A2.3"], progress={0: ["r-trailblazer"]}, hands={0: ["s05"]})
    play(s, "use:basic:move", f"pay:{_card(s, 's05')}:cunning", "resolve", "step:n", "stop")
    assert "light" in s.terrain("A2.1")


def test_a_turn_step_trigger_fires_after_that_step_only_when_not_blocked():
    """Bell Ringer ("Turn Cards"): after the Movement step of the current Turn card, 1
    Distress is removed; a blocked Movement step ("Other Turn Card Rules") fires nothing."""
    s = position(1, progress={0: ["r-bell-ringer"]}, distress=[2], turn="T-01", phase="dreamscape")
    assert s.distress == [1]
    assert [e.data["detail"] for e in s.events() if e.kind == "triggered"] == ["movement"]
    card = s.turn_record("T-01")
    blocked = [card.steps.index("movement")]
    s = position(
        1,
        progress={0: ["r-bell-ringer"]},
        distress=[2],
        turn="T-01",
        phase="dreamscape",
        blocked=blocked,
    )
    assert s.distress == [2] and _fired(s) == []


def test_running_out_of_turns_fires_before_the_script():
    """Bell Ringer ("Counting Turns"): when the last Turn card is discarded each Dreamer
    gains 1 Ether, before the Out of Turns script is read."""
    s = position(2, progress={1: ["r-bell-ringer"]}, turns_left=0, phase="end")
    assert s.ether == [1, 1]
    kinds = event_kinds(s)
    assert kinds.index("out_of_turns") < kinds.index("triggered")
    assert s.outcome == "defeat"


def test_a_worn_mask_fires_when_a_secret_is_revealed():
    """Echo Mask ("Masks", "Reveal"): a reveal draws 1 card (forced), once per Turn."""
    s = position(1, options={"masks": "echo-mask"})
    run_effect(s, "reveal('OD-01 T3')")
    assert _fired(s) == [("echo-mask", 'etherfields "Masks"')]
    play(s, "draw:s08")
    assert "s08" in s.table.faces_in("hand", 0)
    run_effect(s, "reveal('OD-01 T4')")
    assert len(_fired(s)) == 1


def test_an_active_item_fires_for_the_team_at_the_start_of_the_dreamscape_phase():
    """Brass Bell ("Items", "Dreamscape Phase"): the team chooses the Dreamer who removes
    1 Distress ("Multiple Choices")."""
    s = position(2, items=["brass-bell"], distress=[0, 2], phase="dreamscape")
    assert _fired(s) == [("brass-bell", 'etherfields "Items"')]
    choice = [a for a in legal(s) if a.endswith(":1") or a.endswith("1")]
    play(s, choice[0])
    assert s.distress == [0, 1]


def test_an_item_in_storage_does_not_fire():
    s = position(2, items=[], storage=["brass-bell"], distress=[0, 2], phase="dreamscape")
    assert _fired(s) == []


def test_a_companion_trigger_fires_for_its_summoner():
    """Cog Sparrow ("Companions", "Entity Spawn"): when an Entity spawns, its summoner
    (Dreamer 1) draws 1 card, once per Turn."""
    s = position(2, at=["A2.3", "A2.4"])
    run_effect(s, "summon('cog-sparrow')", seat=1)
    run_effect(s, "spawn('rust-moth', 1)")
    assert _fired(s) == [("cog-sparrow", 'etherfields "Companions"')]
    before = s.table.count("hand", 1)
    play(s, "draw:s02")
    assert s.table.count("hand", 1) == before + 1


def test_no_source_in_play_changes_nothing_at_the_events():
    s = position(1, hours=2, phase="end")
    play(s, "turn:T-05")
    assert s.hours == 2 and "triggered" not in event_kinds(s)


# -- content check -----------------------------------------------------------------------


def _pack_with(tmp_path: Path, file: str, extra: str) -> list[str]:
    root = tmp_path / "pack"
    shutil.copytree(DEFAULT_PACK, root)
    path = root / file
    path.write_text(path.read_text(encoding="utf-8") + extra, "utf-8")
    return [str(p) for p in PACK.check(root).errors]


def test_a_trigger_on_a_card_no_rule_fires_is_an_error_naming_it(tmp_path: Path):
    """A trigger on an Influence card that is not a Progress card is never in play:
    ``content check`` fails naming the card, never a silent no-op."""
    errors = _pack_with(
        tmp_path,
        "influence-rewards.toml",
        '\n[[cards]]\nid = "x-dud"\nname = "Dud"\nback = "secret"\n'
        'intent = [{ colour = "wrath", value = 1 }]\n'
        'abilities = [{ id = "t", kind = "trigger", on = "turn_start", effects = "draw(1)", '
        'text = "x" }]\n',
    )
    assert len(errors) == 1
    assert "influence 'x-dud'" in errors[0] and "no rule of play fires" in errors[0]


def test_a_trigger_without_its_event_and_an_event_off_a_trigger_are_errors(tmp_path: Path):
    errors = _pack_with(
        tmp_path,
        "masks.toml",
        '\n[[masks]]\nid = "x-mask"\nname = "X"\nabilities = ['
        '{ id = "a", kind = "trigger", effects = "draw(1)", text = "x" }, '
        '{ id = "b", kind = "anytime", on = "turn_end", limit = "once_per_turn", '
        'effects = "draw(1)", text = "x" }]\n',
    )
    assert len(errors) == 2
    assert all("mask 'x-mask'" in e for e in errors)
    assert any("needs 'on'" in e for e in errors) and any("'on' is set" in e for e in errors)


def test_a_trigger_with_a_cost_is_an_error(tmp_path: Path):
    errors = _pack_with(
        tmp_path,
        "masks.toml",
        '\n[[masks]]\nid = "x-mask"\nname = "X"\nabilities = [{ id = "a", kind = "trigger", '
        'on = "turn_end", cost = "wrath(1)", effects = "draw(1)", text = "x" }]\n',
    )
    assert len(errors) == 1 and "has no cost" in errors[0]


def test_a_mask_trigger_is_valid(tmp_path: Path):
    errors = _pack_with(
        tmp_path,
        "masks.toml",
        '\n[[masks]]\nid = "x-mask"\nname = "X"\nabilities = [{ id = "t", kind = "trigger", '
        'on = "turn_start", effects = "draw(1)", text = "x" }]\n',
    )
    assert errors == []


def test_a_flaw_in_the_progress_zone_fires_and_one_for_the_discard_pile_is_an_error(
    tmp_path: Path,
):
    """A pack's own Flaw placed in the Progress zone ("Flaw Cards": "applying a persistent
    negative effect") fires at its event with its section; the same trigger on a Flaw that
    goes to the discard pile is never in play: a content error naming it."""
    flaw = (
        '\n[[flaws]]\nid = "x-night-terror"\nname = "Night Terror"\ngoes_to = "{to}"\n'
        'abilities = [{{ id = "t", kind = "trigger", on = "turn_start", '
        'effects = "distress(1)", text = "At the start of each Turn: suffer 1 Distress." }}]\n'
    )
    root = tmp_path / "pack"
    shutil.copytree(DEFAULT_PACK, root)
    path = root / "flaws.toml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text + flaw.format(to="progress"), "utf-8")
    assert [str(p) for p in PACK.check(root).errors] == []
    s = position(1, progress={0: ["x-night-terror"]}, phase="end", options={"content": str(root)})
    play(s, "turn:T-05")
    assert s.distress == [1]
    assert _fired(s) == [("x-night-terror", 'etherfields "Flaw Cards"')]
    errors = _pack_with(tmp_path / "other", "flaws.toml", flaw.format(to="discard"))
    assert len(errors) == 1 and "flaw 'x-night-terror'" in errors[0]


def test_a_turn_ended_early_still_reaches_its_end_triggers():
    """ "The Turn ends" (``end_turn``, "2) Discard Turn Step"): the rest of the Turn is
    skipped, not its end: the Echo Mask's ``turn_end`` trigger Unseals 1 card (forced)."""
    s = position(1, sealed={0: ["s01", "s02"]}, options={"masks": "echo-mask"})
    run_effect(s, "end_turn")
    fired = [e.data["trigger"] for e in s.events() if e.kind == "triggered"]
    assert fired == ["turn_end"]
    assert s.table.faces_in("sealed", 0) == ["s01"]
