"""The terminal table of Etherfields is drawn from the observation alone."""

from __future__ import annotations

import io

import oneiros
from oneiros.cli.render import game_renderer, make_console

from .builder import position


def _text(state, viewer):
    buf = io.StringIO()
    console = make_console(file=buf, width=140)
    console.print(game_renderer(state.game)(state.observation(viewer), viewer, None))
    return buf.getvalue()


def test_the_map_miniatures_and_the_viewers_hand_are_drawn():
    s = position(
        2,
        at=["A2.3", "B2.3"],
        hands={0: ["s08"], 1: ["t1"]},
        entities=[("rust-moth", "B2.4")],
        turn="T-01",
    )
    out = _text(s, 0)
    assert "A2.3" in out and "▓▓ blocked" in out and "S♥" in out
    assert "D0" in out and "rust-moth.1@B2.4" in out
    assert "s08 3A" in out and "t1" not in out  # another hand is never drawn
    assert "Turn card T-01" in out and "♥ morphing → basic → movement" in out


def test_the_hand_shows_its_intent_and_the_turn_card_its_blocked_steps():
    """The terminal shows each card's Intent ("Performing Actions": a two-colour card
    lists both) and a Turn step blocked by a Block token ("Other Turn Card Rules")."""
    s = position(1, hands={0: ["s07", "s05"]}, turn="T-02", blocked=[0])
    out = _text(s, 0)
    assert "s07 1W/2A" in out and "s05 2C" in out
    assert "basic[blocked] → movement" in out


def test_a_spectator_sees_no_hand():
    out = _text(oneiros.make("etherfields", players=1).new_state(0), None)
    assert "Your hand" not in out


def test_the_docs_say_every_op_has_a_handler():
    """docs/games/etherfields.md, "Not yet built", says what is true of the handlers."""
    from pathlib import Path

    from oneiros.games.etherfields.kinds import RUNTIME

    doc = (Path(__file__).parents[2] / "docs" / "games" / "etherfields.md").read_text()
    section = doc[doc.index("## Not yet built") : doc.index("## Hidden information")]
    assert RUNTIME.missing() == [] and "`kinds.RUNTIME.missing()` is empty" in section


def test_every_op_is_documented_with_an_example():
    """docs/games/etherfields.md, "The effect language", names every op of the language."""
    import re
    from pathlib import Path

    from oneiros.games.etherfields.kinds import RUNTIME

    doc = (Path(__file__).parents[2] / "docs" / "games" / "etherfields.md").read_text()
    section = doc[doc.index("### The effect language") : doc.index("## The map")]
    symbols = {"seq", "if", "add", "sub", "mul", "neg"}  # a list, when, + - * and -a
    missing = [
        spec.name
        for spec in RUNTIME.language.ops()
        if spec.name not in symbols and not re.search(rf"`[^`]*\b{spec.name}\b", section)
    ]
    assert missing == []


def test_every_rule_reference_has_a_text_for_the_question_mark():
    """`?` explains the rule behind any decision or event: every reference has a text."""
    from oneiros.games.etherfields.refs import REFS, RULE_TEXTS

    assert [key for key, ref in REFS.items() if ref not in RULE_TEXTS] == []


def test_the_terminal_names_the_miniatures_with_the_card_texts():
    """With the game's card texts (as ``oneiros play`` passes them), a miniature is drawn by
    name and number, not by its id."""
    s = position(2, at=["A2.3", "B2.3"], entities=[("rust-moth", "B2.4")], turn="T-01")
    buf = io.StringIO()
    console = make_console(file=buf, width=140)
    draw = game_renderer(s.game)
    console.print(draw(s.observation(0), 0, None, cards=s.game.card_texts()))
    out = buf.getvalue()
    assert "Rust Moth 1@B2.4" in out and "rust-moth.1" not in out


def _named(state, viewer):
    """The table as the terminal draws it, cards named (``Game.card_texts``)."""
    from oneiros.games.etherfields.render import render_observation

    buf = io.StringIO()
    console = make_console(file=buf, width=240)
    obs = state.observation(viewer)
    console.print(render_observation(obs, viewer, None, cards=state.game.card_texts()))
    return buf.getvalue()


def _flawed_and_flipped():
    """Dreamer 0 has Wound Spring flipped face down ("Progress Influence Cards") and draws
    Dread Weight, a Flaw that lies in the Progress zone ("Flaws"); the Brass Whistle
    summons the Cog Sparrow on Dreamer 0's space ("Companions")."""
    from .builder import play, run_effect

    s = position(
        2,
        at=["B2.3", "A2.3"],
        progress={0: ["s10", "c-wound-spring", "m-brass-whistle"]},
        flipped={0: ["c-wound-spring"]},
        decks={0: ["dread-weight", "s01"]},
        hands={0: ["s04"]},
        entities=[("rust-moth", "B2.4")],
    )
    run_effect(s, "draw(1)")
    play(s, "back:flaw", "draw:dread-weight")  # its Flaw back shows on top first
    whistle = s.table.find("progress", "m-brass-whistle", 0)
    play(s, f"use:card:{whistle}:whistle", f"pay:{s.table.find('hand', 's04', 0)}:awareness")
    assert s.companions == [["cog-sparrow", "B2.3", 0]]
    return s


def test_flipped_progress_flaws_and_companions_are_drawn():
    """The terminal reads a flipped Progress card as face down, a Flaw in the Progress zone
    as a Flaw, and shows the Companion on its space and in the Entities line."""
    s = _flawed_and_flipped()
    out = _named(s, 1)
    assert "Wound Spring (face down)" in out
    assert "Dread Weight (Flaw)" in out
    assert "Brass Whistle" in out and "Brass Whistle (face down)" not in out
    assert "Companions: Cog Sparrow (CS)@B2.3" in out
    rows = out.splitlines()
    k = next(i for i, line in enumerate(rows) if "│B2.3 " in line)
    col = rows[k].index("│B2.3 ") + 1
    assert rows[k + 1][col : col + 11].split() == ["D0", "CS"]  # the Sparrow by Dreamer 0


def test_a_card_flipped_back_is_drawn_face_up():
    s = position(1, progress={0: ["s10", "c-wound-spring"]})
    out = _named(s, 0)
    assert "Wound Spring" in out and "(face down)" not in out and "(Flaw)" not in out
