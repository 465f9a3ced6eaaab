"""Masks (etherfields "Masks", "Morphings"; part 2 of the design, acceptance 11 and 12).
The original Dream starts without Masks: the game option ``masks`` puts them on."""

from __future__ import annotations

import pytest

import oneiros
from oneiros.core.errors import ConfigError

from .builder import legal, play, position, run_effect


def test_a_once_per_turn_mask_is_refused_a_second_time_and_returns_next_turn():
    """etherfields "Masks" ("If the Mask's action can be used Once per Turn ..."): the
    Dicer's Gambler's Grin draws 1 card once per Turn, at any time."""
    s = position(1, hands={0: ["s01"]}, options={"masks": "grin"})
    assert "use:mask" in legal(s)
    play(s, "use:mask", "draw:s02")
    assert sorted(s.table.faces_in("hand", 0)) == ["s01", "s02"]
    assert "use:mask" not in legal(s)
    play(s, "pass")  # the Dreamscape Phase, then the next Turn
    while s.flow.top.kind != "card_action":
        play(s, legal(s)[0])
    assert "use:mask" in legal(s)


def test_a_mask_is_used_at_any_time_inside_a_payment_and_before_a_turn_step():
    """etherfields "Masks" ("The ability on the back of this Mask may be used at any
    time"), design §6 reading 2: inside its Dreamer's payment, and in the window before a
    Turn-card step."""
    gear = {"tiles": ("OD-01 SETUP", "OD-01 T2", "OD-01 T4"), "at": ["B1.2"]}
    s = position(1, hands={0: ["s01"]}, options={"masks": "grin"}, **gear)
    play(s, "use:map:B1.2:gear", "pay:" + s.table.find("hand", "s01", 0) + ":awareness")
    assert "use:mask" in legal(s)
    play(s, "use:mask", "draw:s08")
    assert s.flow.top.kind == "pay"
    play(s, "pay:" + s.table.find("hand", "s08", 0) + ":awareness")
    assert s.team["gear"] == 1
    d = position(
        1,
        options={"dreamers": "drifter", "masks": "mist-veil"},
        distress=[1],
        turn="T-02",
        phase="dreamscape",
    )
    assert d.flow.top.kind == "rapid_window" and legal(d) == ["use:mask", "done"]
    play(d, "use:mask")
    assert d.distress == [0]


def test_bare_face_drops_a_hand_limit_mask_and_the_dreamer_discards_at_once():
    """etherfields "Morphings" (Bare Face: "All MASKS worn by the Dreamers are inactive.
    All effects are applied immediately (e.g.: hand or Progress card limit reductions cause
    immediate discards)"): with Deep Pockets the hand limit is 7; the Morphing drops it to
    6 and the Dicer discards one card of 7; removing the token restores 7."""
    hand = ["s01", "s02", "s03", "s04", "s05", "s06", "s07"]
    s = position(
        1,
        hands={0: hand},
        options={"masks": "deep-pockets"},
        at=["B2.3"],
        entities=[("rust-moth", "B2.4")],
        turn="T-01",  # morphing, basic, movement
        phase="dreamscape",
    )
    assert s.hand_limit(0) == 6 + 1
    play(s, "morph:no_masks")
    assert s.hand_limit(0) == 6 and s.flow.top.kind == "discard_down"
    play(s, "discard:" + s.table.find("hand", "s07", 0))
    assert s.table.count("hand", 0) == 6 and s.distress == [1]  # then the Basic step
    run_effect(s, "unmorph(1)")  # the token goes back: the Mask acts again
    assert s.observation(0)["morphings"]["rust-moth"] == [] and s.hand_limit(0) == 7


@pytest.mark.parametrize(
    ("masks", "message"),
    [
        ("grin,grin,grin", "3 Masks for 2 Dreamers"),
        ("nope", "unknown Mask 'nope'"),
        ("monocle", "the Mask 'monocle' is tinkerer's, not dicer's"),
    ],
)
def test_a_bad_masks_option_is_a_one_line_error(masks, message):
    with pytest.raises(ConfigError, match=message):
        oneiros.make("etherfields", players=2, options={"masks": masks})


@pytest.mark.parametrize("seed", [3, 11])
def test_random_dreams_with_masks_keep_hands_hidden_and_replay(seed):
    """Random play with every Dreamer masked: each Dream ends, replays to the same state,
    and no event depends on what a seat cannot see (the generic checks of
    ``oneiros.testing``)."""
    from oneiros.testing import check_hidden_information, check_replay, check_terminal

    options = {
        "dreamers": "dicer,tinkerer,bruiser,drifter",
        "masks": "grin,monocle,iron-brow,mist-veil",
    }
    game = oneiros.make("etherfields", players=4, options=options)
    state = check_hidden_information(game, seed)
    check_terminal(state)
    check_replay(state)
    assert state.stats()["end_reason"] is not None
