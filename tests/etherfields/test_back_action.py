"""Back-of-card actions (etherfields "Influence Cards": "each individual starting Influence
deck has its own special feature – a character specific action – printed on the back of
each card. Dreamers may perform this action when the card is on the top of their deck"):
the Dicer's "Seal the top card: reroll your own die". Chance is forced by id."""

from __future__ import annotations

import oneiros

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


def test_a_mixed_deck_offers_the_action_while_her_back_shows():
    """A gained Market card shuffled into the deck: each new top shows its back by chance
    (``test_deck_backs.py``); her back on top offers the reroll, a plain back does not."""
    s = position(1, hands={0: ["s05"]}, decks={0: ["s08", "s01", "m03"]})
    play(s, "back:dicer")
    _boost_to_skull(s)
    assert "use:back" in legal(s)
    s = position(1, hands={0: ["s05"]}, decks={0: ["s08", "s01", "m03"]})
    play(s, "back:plain")
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
    top, or the plain back of a Market card."""
    import io

    from oneiros.cli.render import game_renderer, make_console

    s = position(2, decks={1: ["s01", "m03"]})
    play(s, "back:plain")
    assert [d["top_back"] for d in s.observation(1)["dreamers"]] == ["dicer", "plain"]
    assert [d["top_back"] for d in s.observation(None)["dreamers"]] == ["dicer", "plain"]
    buf = io.StringIO()
    make_console(file=buf, width=160).print(game_renderer(s.game)(s.observation(1), 1, None))
    assert "22 (back: dicer)" in buf.getvalue()  # no card texts given: ids
    assert "2 (back: plain)" in buf.getvalue()


def test_a_card_of_another_back_in_hand_leaves_the_deck_back_known():
    """Every card left in the Dicer's deck shows her back (the Market card is in her hand,
    its back seen by all): her back is on top for every seat, with no chance step, every
    determinized world agrees, and her reroll is offered."""
    import random

    s = position(2, hands={0: ["m03", "s05", "s06"]})
    assert s.to_move() != (oneiros.CHANCE,)
    assert [d["top_back"] for d in s.observation(0)["dreamers"]] == ["dicer", "tinkerer"]
    assert [d["top_back"] for d in s.observation(1)["dreamers"]] == ["dicer", "tinkerer"]
    for k in range(10):
        world = s.determinize(1, random.Random(k))
        assert world.observation(1) == s.observation(1)
        assert "m03" not in world.table.faces_in("deck", 0)  # its back is in her hand
    _boost_to_skull(s)
    assert "use:back" in legal(s)
