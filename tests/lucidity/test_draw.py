"""lucidity-en "2. Draw and Select Dreams" (lucidity-es "2. Dibujar y seleccionar sueños") and the
FAQ's worst case at the table (option table_slips): draw to the control, return exactly two;
too many drawn, returned or rolled."""

from __future__ import annotations

import pytest

from oneiros import IllegalAction

from .builder import pending
from .helpers import (
    check_invariants,
    empty_bag_but,
    legal,
    new,
    play,
)


def test_return_exactly_two_then_roll_the_rest():
    """lucidity-en "2. Draw and Select Dreams": return exactly two, roll control minus two."""
    s = new(3)
    play(s, "track:4-6-8", "draw:red", "draw:red", "draw:green", "draw:blue", "return:red")
    assert s.decision().kind == "return"
    play(s, "return:red")
    assert s.is_chance() and s.decision().kind == "roll"
    assert sorted(s.hand) == ["blue", "green"]


def test_illegal_return_is_rejected_and_state_unchanged():
    s = new(3)
    play(s, "track:3-5-7", "draw:red", "draw:red", "draw:green")
    before = s.snapshot()
    with pytest.raises(IllegalAction, match="return:blue"):
        s.apply("return:blue")
    with pytest.raises(IllegalAction):
        s.apply("draw:blue")  # not chance's turn
    assert s.snapshot() == before


def test_faq_too_many_drawn_next_player_returns_the_excess():
    """lucidity-en "FAQ and Overlooked Rules": drawn too many, the next player chooses the excess."""
    s = new(3, table_slips=True)
    play(s, "track:3-5-7", "draw:red", "draw:blue", "draw:blue", "return:blue", "return:blue")
    assert legal(s) == ["return:red", "draw_extra", "proceed", "roll_anyway"]
    play(s, "draw_extra", "draw:green", "proceed")
    assert s.to_move() == (1,) and legal(s) == ["excess:green", "excess:red"]
    play(s, "excess:red")
    assert s.hand == ["green"] and s.is_chance()


def test_faq_too_many_returned_next_player_picks_replacements():
    """lucidity-en FAQ / lucidity-es "peor caso": returned too many, the next player picks
    replacements from the bag; a returned dream is never taken back by the dreamer."""
    s = new(3, table_slips=True)
    play(s, "track:4-6-8", "draw:red", "draw:blue", "draw:blue", "draw:green")
    play(s, "return:blue", "return:blue", "return:green", "proceed")
    assert s.to_move() == (1,) and s.decision().kind == "replace"
    play(s, "replace:yellow")
    assert sorted(s.hand) == ["red", "yellow"] and s.is_chance()
    es = new(3, ruleset="es", table_slips=True)
    play(es, "track:4-6-8", "draw:red", "draw:blue", "draw:blue", "draw:green")
    play(es, "return:blue", "return:blue", "return:green", "proceed")
    # the worst-case rule is a paragraph of "Fin del juego" (La regla del "peor caso")
    assert es.decision().rule == 'lucidity-es "Fin del juego"'
    assert "worst-case" in es.game.rule_text(es.decision().rule)


def test_without_slips_exactly_two_are_returned():
    s = new(3)
    play(s, "track:3-5-7", "draw:red", "draw:blue", "draw:blue", "return:blue", "return:blue")
    assert s.is_chance()


def test_faq_too_many_rolled_next_player_returns_rolled_dreams():
    """lucidity-en "FAQ and Overlooked Rules": rolled too many, the next player chooses which
    rolled dreams go back instead of being resolved."""
    s = new(3, table_slips=True)
    play(s, "track:3-5-7", "draw:red", "draw:blue", "draw:blue", "return:blue", "return:blue")
    play(s, "draw_extra", "draw:green", "roll_anyway", "roll:power1", "roll:hunt")
    assert s.to_move() == (1,) and legal(s) == ["excess:green:power1", "excess:red:hunt"]
    play(s, "excess:red:hunt")
    assert s.seats[0].hunt == [] and s.power_of(0) == 1
    check_invariants(s)


def test_en_faq_too_many_returned_and_rolled_the_replacement_is_rolled_with_the_rest():
    """lucidity-en "FAQ and Overlooked Rules": "If you put too many dreams back into the bag,
    the next player chooses a dream from the bag to make up the shortfall" (lucidity-es
    "peor caso": "Entonces debes tirar"). After returning too many and rolling everything
    held, the replacement joins the hand before the roll and is rolled in the same stage."""
    s = new(3, table_slips=True)
    play(s, "track:4-6-8", "draw:red", "draw:blue", "draw:blue", "draw:green")
    play(s, "return:blue", "return:blue", "return:green", "roll_anyway")
    assert s.to_move() == (1,) and s.decision().kind == "replace"
    play(s, "replace:yellow")
    assert sorted(s.hand) == ["red", "yellow"] and s.decision().kind == "roll"
    play(s, "roll:power1", "roll:power2")
    assert s.hand == [] and s.power_of(0) == 3
    assert s.decision().kind == "rest_or_draw"
    play(s, "draw_again")
    assert pending(s)["upto"] == 6


def test_en_faq_too_many_returned_a_bone_hunter_may_be_the_replacement():
    """lucidity-en "FAQ and Overlooked Rules": the next player "chooses a dream from the bag";
    the de-lux booklet: Bone Hunters "act like dreams in every mechanical respect". With only
    Bone Hunters left in the bag, one is chosen (``replace:bone``, appended to the action
    table so that the earlier ids keep their index)."""
    s = new(3, table_slips=True, bone_hunters=2)
    play(s, "track:4-6-8", "draw:red", "draw:blue", "draw:blue", "draw:green")
    play(s, "return:blue", "return:blue", "return:green")
    empty_bag_but(s, {"bone": 2})
    play(s, "proceed")
    assert s.to_move() == (1,) and legal(s) == ["replace:bone"]
    play(s, "replace:bone")
    assert sorted(s.hand) == ["bone", "red"] and s.bag["bone"] == 1
    play(s, "roll:shadowmark", "roll:power1")
    assert len(s.seats[0].marks) == 1
    ids = s.game.action_ids()
    assert ids.index("replace:bone") == ids.index("reroll:chosen") + 1
    assert ids.index("replace:red") < ids.index("spend:blue:power1")


def test_en_faq_too_many_rolled_the_kept_dreams_keep_their_results() -> None:
    """lucidity-en "FAQ and Overlooked Rules": "the next player chooses which dreams to
    return to the bag instead of resolving"; the English book has no reroll after it: the
    kept green dream resolves with its first result."""
    s = new(3, table_slips=True)
    play(s, "track:3-5-7", "draw:red", "draw:blue", "draw:blue", "return:blue", "return:blue")
    play(s, "draw_extra", "draw:green", "roll_anyway", "roll:power1", "roll:hunt")
    play(s, "excess:red:hunt")
    assert s.power_of(0) == 1 and s.decision().kind == "rest_or_draw"


def test_es_fin_del_juego_peor_caso_the_kept_dreams_are_rolled_again() -> None:
    """lucidity-es "Fin del juego", La regla del "peor caso": "si alguna vez sacas o lanzas
    más sueños de los que te permiten, el siguiente jugador ... puede seleccionar el exceso
    que se devolverá a la bolsa. Entonces debes tirar / volver a tirar los sueños". Rolled
    one dream too many: the next player returns the red hunt; the green dream kept is
    rolled again (its first 1 Power does not count) and only then resolved."""
    s = new(3, ruleset="es", table_slips=True)
    play(s, "track:3-5-7", "draw:red", "draw:blue", "draw:blue", "return:blue", "return:blue")
    play(s, "draw_extra", "draw:green", "roll_anyway", "roll:power1", "roll:hunt")
    assert s.to_move() == (1,) and legal(s) == ["excess:green:power1", "excess:red:hunt"]
    play(s, "excess:red:hunt")
    assert s.is_chance() and s.decision().kind == "roll"
    assert s.decision().data["colour"] == "green"
    again = [e for e in s.events() if e.kind == "reroll"][-1]
    assert again.rule == 'lucidity-es "Fin del juego"' and again.data["n"] == 1
    play(s, "roll:exhaust")
    assert s.power_of(0) == 0 and [d[:2] for d in s.seats[0].exhaust] == [("green", "exhaust")]
    assert s.seats[0].hunt == []


def test_es_fin_del_juego_peor_caso_a_kept_bone_hunter_is_not_rolled_again() -> None:
    """lucidity-es "peor caso" with the de-lux Bone Hunters: "A Bone Hunter dice may never
    be rerolled": it keeps its result while the other kept dreams are rolled again."""
    s = new(3, ruleset="es", table_slips=True, bone_hunters=1)
    play(s, "track:4-6-8", "draw:red", "draw:blue", "draw:blue", "draw:bone")
    play(s, "return:blue", "return:blue", "draw_extra", "draw:green", "roll_anyway")
    play(s, "roll:power1", "roll:power2", "roll:hunt")  # green, the Bone Hunter, red
    assert s.to_move() == (1,)
    play(s, "excess:red:hunt")
    assert s.decision().kind == "roll" and s.decision().data["colour"] == "green"
    play(s, "roll:exhaust")
    assert s.power_of(0) == 2  # the Bone Hunter's 2 Power; the green dream became exhaust
