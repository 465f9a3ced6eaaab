"""Items beyond their Intent (etherfields "Items"): Restoring from the Storage, the Active
slots and the 4th one, Items going back to the Item Market. Chance is forced by id."""

from __future__ import annotations

import oneiros
from oneiros.games.etherfields.steps.items import slots

from .builder import event_kinds, legal, play, position, run_effect


def _rummage(s) -> None:
    card = s.table.find("hand", "m-rummage", 0)
    play(s, f"play:{card}", f"pay:{s.table.find('hand', 's05', 0)}:cunning")


def test_restore_draws_at_random_from_the_storage_into_a_free_slot():
    """ "draw one randomly from the STORAGE and place it in an Active Item slot": the
    Sleep Salts come back, and their ability can be used."""
    s = position(
        1,
        hands={0: ["m-rummage", "s05"]},
        items=["tin-lantern", "pocket-watch"],
        storage=["rope-coil", "sleep-salts"],
        distress=[1],
    )
    _rummage(s)
    assert s.to_move() == (oneiros.CHANCE,)
    assert sorted((a.id, p) for a, p in s.chance_outcomes()) == [
        ("item:rope-coil", 0.5),
        ("item:sleep-salts", 0.5),
    ]
    play(s, "item:sleep-salts")
    assert sorted(s.table.faces_in("items")) == ["pocket-watch", "sleep-salts", "tin-lantern"]
    assert "item_restored" in event_kinds(s)
    play(s, "use:item:sleep-salts:salts")
    assert s.distress == [0]


def test_restore_with_every_slot_full_discards_one_or_sends_the_drawn_back():
    """ "If there are no slots available, you must discard one of your other active Items
    or the Item you just drew back into the Storage" (design P2 acceptance 13)."""
    s = position(1, hands={0: ["m-rummage", "s05"]}, storage=["rope-coil"])
    _rummage(s)
    play(s, "item:rope-coil")
    assert s.flow.top.kind == "item_slot_choice"
    assert sorted(legal(s)) == sorted(
        f"discard:item.{i}" for i in ("rope-coil", "tin-lantern", "pocket-watch", "iron-poker")
    )
    play(s, "discard:item.iron-poker")
    assert sorted(s.table.faces_in("items")) == ["pocket-watch", "rope-coil", "tin-lantern"]
    assert s.table.faces_in("storage") == ["iron-poker"]
    s = position(1, hands={0: ["m-rummage", "s05"]}, storage=["rope-coil"])
    _rummage(s)
    play(s, "item:rope-coil", "discard:item.rope-coil")
    assert s.table.faces_in("storage") == ["rope-coil"] and s.table.count("items") == 3


def test_an_item_unlocks_the_fourth_slot():
    """ "There is a 4th Item Slot on the board that may also be unlocked": the Clockwork
    Bracket unlocks it when it becomes Active; the next Restore needs no discard."""
    s = position(1, storage=["clockwork-bracket"])
    assert slots(s) == 3
    run_effect(s, "restore_item(1)")
    play(s, "item:clockwork-bracket", "discard:item.iron-poker")
    assert slots(s) == 4 and "item_slot" in event_kinds(s)
    assert s.table.faces_in("storage") == ["iron-poker"]
    run_effect(s, "restore_item(1)")
    play(s, "item:iron-poker")
    assert s.table.count("items") == 4 and s.flow.top.kind == "card_action"


def test_an_item_paid_for_its_intent_may_go_back_to_the_market():
    """ "Generally DISCARDED ITEMS will go into the STORAGE (however some may go back to
    the ITEM MARKET)": the Borrowed Compass pays 3 Cunning and leaves for the Market."""
    s = position(1, items=["borrowed-compass"], hands={0: ["s02"]})
    play(s, "use:basic:move", "pay-item:item.borrowed-compass:cunning")
    assert s.table.faces_in("item_market")[-1] == "borrowed-compass"
    assert "borrowed-compass" not in s.table.faces_in("storage")
