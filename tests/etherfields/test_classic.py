"""The Classic Card Rules variant (etherfields "Variants", option ``classic_cards``): the
rulebook's example, Luck 10 + King + 2 = 25 against Drawback Ace + Queen + 3 = 29, applies
the negative effect; a tie is negative; once per Dream; backing out changes nothing. The
poker cards are chance, forced by id."""

from __future__ import annotations

import pytest

import oneiros
from oneiros.core.errors import ConfigError

from .builder import event_kinds, legal, play, position

CLASSIC = {"classic_cards": True}


def _result(s):
    return next(e for e in reversed(s.events()) if e.kind == "classic_result")


def test_the_rulebook_example_applies_the_negative_effect():
    """10 + K + 2 = 25 < A + Q + 3 = 29 (a King is 13, a Queen 12, an Ace 14): on Hours,
    "Lose all Hours"."""
    s = position(1, hours=3, options=CLASSIC)
    play(s, "use:classic", "classic:hours", "poker:10", "poker:k", "poker:2")
    assert s.flow.top.kind == "classic_try"
    assert s.decision(0).prompt == "Luck cards sum 25: try your Luck or back out?"
    play(s, "resolve", "poker:a", "poker:q", "poker:3")
    result = _result(s)
    assert (result.data["luck"], result.data["drawback"], result.data["positive"]) == (
        25,
        29,
        False,
    )
    assert result.rule == 'etherfields "Variants — Classic Card Rules"'
    assert s.hours == 0
    assert s.flow.top.kind == "card_action"
    assert "use:classic" not in legal(s)  # "Once per Dream"


def test_a_higher_luck_sum_applies_the_positive_effect():
    s = position(1, hours=3, options=CLASSIC)
    play(s, "use:classic", "classic:hours", "poker:a", "poker:k", "poker:joker")
    play(s, "resolve", "poker:2", "poker:3", "poker:4")
    assert _result(s).data["positive"] is True and s.hours == 5  # "Add 2 Hours"


def test_a_tie_is_negative():
    """ "If the sum of the Luck cards is higher ... otherwise resolve the negative one":
    9 + 8 + 7 = 24 against 10 + 10 + 4 = 24; on Distress, "Any 1 Dreamer suffers 1
    Distress" (the acting Dreamer chooses, "Multiple Choices")."""
    s = position(2, options=CLASSIC)
    play(s, "use:classic", "classic:distress", "poker:9", "poker:8", "poker:7", seat=1)
    play(s, "resolve", "poker:10", "poker:10", "poker:4", seat=1)
    assert _result(s).data["positive"] is False
    choices = legal(s, 1)
    play(s, next(a for a in choices if a.endswith("0")), seat=1)
    assert s.distress == [1, 0]


def test_cards_drawn_are_not_put_back():
    """A deck of 54 cards with 2 Jokers: after both, no third; an Ace is 4 of the 52 left."""
    s = position(1, options=CLASSIC)
    play(s, "use:classic", "classic:hours", "poker:joker", "poker:joker")
    assert "poker:joker" not in legal(s)
    outcomes = dict((a.id, p) for a, p in s.chance_outcomes())
    assert outcomes["poker:a"] == pytest.approx(4 / 52)


def test_backing_out_changes_nothing_but_uses_the_variant():
    s = position(1, hours=3, options=CLASSIC)
    play(s, "use:classic", "classic:sealing", "poker:2", "poker:2", "poker:3", "give-up")
    assert s.hours == 3 and "classic_back_out" in event_kinds(s)
    assert s.table.count("sealed", 0) == 0
    assert "use:classic" not in legal(s)


def test_sealing_and_morphings():
    """ "Each Dreamer Seals 5 cards"; "Discard all Morphings on an Entity"."""
    s = position(
        1,
        options=CLASSIC,
        entities=[("rust-moth", "B2.4")],
        morphings={"rust-moth": ["movement", "range"]},
    )
    play(s, "use:classic")
    assert "classic:morphings" in legal(s)
    play(s, "classic:morphings", "poker:a", "poker:a", "poker:a", "resolve")
    play(s, "poker:2", "poker:2", "poker:2")
    assert s.morphs["rust-moth"] == [] and s.table.count("morph_on") == 0


def test_the_variant_is_off_by_default_and_an_option_everywhere():
    s = position(1)
    assert "use:classic" not in legal(s)
    game = oneiros.make("etherfields", players=1, options={"classic_cards": True})
    assert "use:classic" in game.action_ids() and "poker:joker" in game.action_ids()
    with pytest.raises(ConfigError):
        oneiros.make("etherfields", players=1, options={"classic_cards": "maybe"})


def test_shining_gems_all_gained_or_all_discarded():
    """ "Gain all available Shining Gems" (alone, every Gem of the pool is the Dreamer's);
    "Dreamers discard ALL Shining Gems" (back to the pool, "Component Limitations")."""
    s = position(1, gems=[2], options=CLASSIC)
    pool = s.table.amount("gems")
    play(s, "use:classic", "classic:gems", "poker:a", "poker:a", "poker:k", "resolve")
    play(s, "poker:2", "poker:3", "poker:4")
    assert s.gems == [2 + pool] and s.table.amount("gems") == 0
    s = position(2, gems=[2, 1], options=CLASSIC)
    pool = s.table.amount("gems")
    play(s, "use:classic", "classic:gems", "poker:2", "poker:2", "poker:3", "resolve")
    play(s, "poker:4", "poker:5", "poker:6")
    assert s.gems == [0, 0] and s.table.amount("gems") == pool + 3
