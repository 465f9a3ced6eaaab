"""Back-of-card actions (etherfields "Influence Cards": "each individual starting Influence
deck has its own special feature – a character specific action – printed on the back of
each card. Dreamers may perform this action when the card is on the top of their deck"):
the Dicer's "Seal the top card: reroll your own die". Chance is forced by id."""

from __future__ import annotations

from .builder import event_kinds, legal, play, position, run_effect


def _boost_to_skull(s, seat: int = 0) -> None:
    card = s.table.find("hand", "s05", seat)
    play(s, "use:basic:move", f"pay:{card}:cunning", "boost", "luck:skull", seat=seat)


def test_the_dicer_seals_the_top_card_to_reroll_her_own_boost():
    """A skull on her boost: the window offers ``use:back`` (her starting back is on top);
    the top card (forced) is Sealed, the die rolled again, and only the last result
    applies ("Rerolls"): 3 more Cunning, the Move goes on with 5."""
    s = position(1, hands={0: ["s05"]})
    _boost_to_skull(s)
    assert s.flow.top.kind == "reroll_window"
    assert "use:back" in legal(s)
    play(s, "use:back", "draw:s08", "luck:3")
    assert s.table.faces_in("sealed", 0) == ["s08"]
    assert "back_action" in event_kinds(s)
    back = next(e for e in s.events() if e.kind == "back_action")
    assert back.rule == 'etherfields "Influence Cards"'
    assert s.flow.top.kind == "move" and s.flow.top.left == 5


def test_once_per_turn():
    s = position(1, hands={0: ["s05", "s06"]})
    _boost_to_skull(s)
    play(s, "use:back", "draw:s08", "luck:skull")
    assert "use:back" not in legal(s)


def test_no_back_action_for_a_dreamer_whose_back_prints_none():
    """The Tinkerer's back prints no action: after her skull no reroll window opens."""
    s = position(2, hands={1: ["s05"]}, gems=[0, 0])
    _boost_to_skull(s, seat=1)
    assert s.flow.top.kind != "reroll_window"  # no one may reroll: no window opens


def test_a_mixed_deck_shows_no_known_back():
    """A gained Market card shuffled into the deck: the top back is no longer known to be
    hers, and the engine offers no back action (docs: readings)."""
    s = position(1, hands={0: ["s05"]}, decks={0: ["s08", "s01", "m03"]})
    _boost_to_skull(s)
    assert "use:back" not in legal(s)


def test_another_dreamers_starting_card_on_top_gives_that_dreamers_action():
    """Design acceptance 17: the Tinkerer holds only the Dicer's Loaded Die, Long Odds
    and Double or Nothing (her starting back): the Tinkerer may use the Dicer's back
    action."""
    s = position(2, hands={1: ["d2"]}, decks={1: ["d1", "d3"]})
    assert s.observation(0)["dreamers"][1]["top_back"] == "dicer"
    play(s, "use:basic:move", f"pay:{s.table.find('hand', 'd2', 1)}:cunning", seat=1)
    play(s, "boost", "luck:skull", seat=1)
    assert "use:back" in legal(s, 1)


def test_without_a_roll_it_is_not_offered_in_the_action_step():
    s = position(1)
    run_effect(s, "done")
    assert "use:back" not in legal(s)


def test_every_seat_sees_the_back_on_top_of_each_deck():
    """ "Influence deck: size and the back of the top card: everyone" (design §3): the
    observation of any seat, and the terminal table, name the Dreamer whose back is on
    top; a mixed deck shows none."""
    import io

    from oneiros.cli.render import game_renderer, make_console

    s = position(2, decks={1: ["s01", "m03"]})
    assert [d["top_back"] for d in s.observation(1)["dreamers"]] == ["dicer", None]
    assert [d["top_back"] for d in s.observation(None)["dreamers"]] == ["dicer", None]
    buf = io.StringIO()
    make_console(file=buf, width=160).print(game_renderer(s.game)(s.observation(1), 1, None))
    assert "22 (back: dicer)" in buf.getvalue()  # no card texts given: ids


def test_a_card_of_another_back_in_hand_makes_the_top_unknown_to_everyone():
    """The engine's draws are chance within the deck, so the back on top is known only from
    what every seat knows (design §3): a Market card in the Dicer's hand could be the card
    the next draws leave on top, so no seat, not even hers, reads a back, and no
    determinized world differs."""
    import random

    s = position(2, hands={0: ["m03", "s05", "s06"]})
    assert [d["top_back"] for d in s.observation(0)["dreamers"]] == [None, "tinkerer"]
    assert [d["top_back"] for d in s.observation(1)["dreamers"]] == [None, "tinkerer"]
    for k in range(10):
        assert s.determinize(1, random.Random(k)).observation(1) == s.observation(1)
    card = s.table.find("hand", "s05", 0)
    play(s, "use:basic:move", f"pay:{card}:cunning", "boost", "luck:skull")
    assert "use:back" not in legal(s)
