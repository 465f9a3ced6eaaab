"""The map actions of Quirks (etherfields "Fate Cards": "FATE cards with Quirks on them ...
create opportunities for certain spaces on the Map or negative/positive effects for the
whole Dreamscape"; "Map Actions": "Map actions are those that can be found on Map tiles.
Those with the single-use symbol are single use only"). The original Fate card A Bench in
the Fog (F-02) gives its Quirk space two: Sit a while (2 Awareness, once per Turn) and
Carve your name (single use)."""

from __future__ import annotations

import oneiros

from .slumber_play import drive, events, position, run_effect, top_kind

SIT, CARVE = "use:map:B1.3:sit", "use:map:B1.3:carve"


def _acting(s):
    """On to the Card and Action step of the first Turn (the Skip declined)."""
    drive(s, "card_action", {"turn_card": ["turn:T-04"]})
    return s


def _ids(s, seat: int) -> list[str]:
    return [a.id for a in s.legal_actions(seat)]


def test_a_quirk_offers_its_map_actions_to_the_dreamer_on_its_space_only():
    # F-02 lies in the Setup tile's Quirk space B1.3: seat 0 stands there, seat 1 does not
    s = _acting(position("slumber:OS-02", ("B1.3", "A1.2"), quirks=(("B1.3", "F-02"),)))
    assert CARVE in _ids(s, 0) and CARVE not in _ids(s, 1)
    assert SIT in _ids(s, 0)  # 2 Awareness: the Dicer's hand pays it
    assert not any(i.startswith("use:map:") for i in _ids(s, 1))
    # the map shows the Quirk's actions on its space, as a printed space's
    view = {sp["ref"]: sp for sp in s.observation(1)["map"]}
    assert view["B1.3"]["actions"] == {"sit": False, "carve": False}


def test_without_the_quirk_the_space_has_no_action():
    s = _acting(position("slumber:OS-02", ("B1.3", "A1.2")))
    assert not any(i.startswith("use:map:") for i in _ids(s, 0))


def test_a_single_use_quirk_action_is_blocked_after_use():
    # "Map Actions": single use; used, it is not offered again, this Turn or the next
    s = _acting(position("slumber:OS-02", ("B1.3", "A1.2"), quirks=(("B1.3", "F-02"),)))
    gems = s.gems[0]
    s.apply(CARVE, player=0)
    drive(s, "card_action")
    assert s.gems[0] == gems + 1
    assert CARVE not in _ids(s, 0)
    view = {sp["ref"]: sp for sp in s.observation(0)["map"]}
    assert view["B1.3"]["actions"]["carve"] is True  # blocked, for every seat to see
    turn = s.turn_no
    for seat in (0, 1):
        if seat in s.to_move():
            s.apply("pass", player=seat)
    drive(s, lambda st: top_kind(st) == "card_action" and st.turn_no > turn)
    assert CARVE not in _ids(s, 0)


def test_a_paid_quirk_action_resolves_and_is_once_per_turn():
    # Sit a while: pay 2 Awareness (the team's Tin Lantern gives them), unseal 2 cards;
    # once per Turn for that Dreamer
    s = _acting(position("slumber:OS-02", ("B1.3", "A1.2"), quirks=(("B1.3", "F-02"),)))
    run_effect(s, "seal(2)", seat=0)  # two cards in the Sealed pile to unseal
    drive(s, "card_action")
    assert s.table.count("sealed", 0) == 2
    s.apply(SIT, player=0)
    assert top_kind(s) == "pay"
    s.apply("pay-item:item.tin-lantern:awareness", player=0)
    drive(s, "card_action")
    assert s.table.count("sealed", 0) == 0  # "Unseal": to the discard pile
    assert SIT not in _ids(s, 0)  # once per Turn


def test_a_dreamscape_quirk_has_no_map_action_and_quirk_ids_are_in_the_action_space():
    # F-03 (Falling Soot) acts on the whole Dreamscape: its space offers nothing to use
    s = _acting(position("slumber:OS-02", ("B1.3", "A1.2"), quirks=(("B1.3", "F-03"),)))
    assert not any(i.startswith("use:map:") for i in _ids(s, 0))
    game = oneiros.make("etherfields", players=2, options={"scenario": "journey"})
    ids = set(game.action_ids())
    for ref in ("B1.3", "B2.1", "C2.4"):  # every Quirk space of the original Slumber map
        assert {f"use:map:{ref}:sit", f"use:map:{ref}:carve"} <= ids
    assert events(s, "quirk_fires")  # its effect still resolves at the start of the Turn
