"""Work owed from one step to a later one lives in the fields of the steps that owe it
(``core.flow``: "pending work lives in step fields"): the cards discarded face down for a
Soul Fragment each (sleep-tight "3. Play Actions Facedown"; the ``Play`` step, then
``Reveal``), the exposed agent's harm discards ("Playing as an Exposed Agent"; ``Play``,
then ``Discards``), a cancelled Soul Consumer ("Special Cards"; ``Cancel``, then
``ConsumerApply``) and the losses it deals instead of the Sandman's damage
(``SandmanDamage``, then each ``SandmanHit``), and the Sandman's offer, which is no field
at all: a living dreamer holding I Am the Sandman has it to answer ("Special Cards"). Each
survives a snapshot taken while it is owed, and snapshots made before the move still
load."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

import oneiros
from oneiros.core import ConfigError
from oneiros.games.sleep_tight.state import SleepTightState

from .helpers import (
    IAM,
    all_done,
    chance,
    count_cards,
    kinds,
    play,
    reveal,
    run_until,
    scenario,
    step_top,
)

OLD_SNAPSHOTS = Path(__file__).parent / "data" / "snapshots_before_owed_steps.json"
"""Snapshots of the positions below made by the engine before this move (commit 27019dd),
when the work owed was kept in seat fields (``pending_discards``, ``pending_harm``,
``pending_offer``, ``consumer_extra``), ``consumer_cancelled`` and ``consumer_active``."""


def round_trip(state: SleepTightState) -> SleepTightState:
    again = state.game.from_snapshot(json.loads(json.dumps(state.to_snapshot())))
    assert isinstance(again, SleepTightState)
    assert again.to_snapshot() == state.to_snapshot()
    return again


def both(states: list[SleepTightState], aid: str, player: int | None = None) -> None:
    for s in states:
        s.apply(aid, player=player)


# ----- positions (the old snapshots were made from the same ones) --------------------------


def discards_mid() -> SleepTightState:
    """Seat 0 has discarded two cards face down for fragments, seat 2 (the exposed agent)
    one to damage seat 1; nobody is done."""
    state = scenario(
        3,
        hands={0: ["nightlight", "paper-slingshot", "tantrum"], 2: ["pickpocket", "tantrum"]},
        fragments={0: 3},
        agents={2: "exposed"},
    )
    state.apply("discard:nightlight", player=0)
    state.apply("harm:tantrum:1", player=2)
    state.apply("discard:paper-slingshot", player=0)
    return state


def harm_after_reveal() -> SleepTightState:
    """The plays are revealed, the Sandman card is still to draw: the exposed agent's two
    harm discards wait for "first, discard cards"."""
    state = discards_mid()
    state.apply("harm:pickpocket:0", player=2)
    all_done(state)
    return state


def offer() -> SleepTightState:
    return scenario(3, hands={0: ["tantrum"]}, offers=[1])


def consumer_cancelled() -> SleepTightState:
    """The Soul Consumer is revealed and seat 2 has cancelled it; seats 0 and 1 still
    answer."""
    state = scenario(
        3, hands={0: ["paper-slingshot"], 2: ["discard-soul-consumer"]}, fragments={0: 3}
    )
    play(state, 0, "play:paper-slingshot")
    reveal(state, "soul-consumer")
    state.apply("cancel", player=2)
    return state


def consumer_losses() -> SleepTightState:
    """The Soul Consumer applies: seat 0 (12 fragments) loses the 1 its Paper Slingshot
    required and is asked about Wake Up! at 11, before the Sandman turns to seats 1 and 2."""
    state = scenario(3, hands={0: ["paper-slingshot"]}, fragments={0: 12})
    play(state, 0, "play:paper-slingshot")
    all_done(state)
    while step_top(state) == "wake":
        state.apply("wait")
    state.apply("sandman:soul-consumer")
    for seat in range(3):
        state.apply("pass", player=seat)
    return state


POSITIONS: dict[str, Callable[[], SleepTightState]] = {
    "discards_mid": discards_mid,
    "harm_after_reveal": harm_after_reveal,
    "offer": offer,
    "consumer_cancelled": consumer_cancelled,
    "consumer_losses": consumer_losses,
}


# ----- discards for fragments ---------------------------------------------------------------


def test_discards_owed_by_two_seats_survive_a_snapshot_and_are_paid_one_seat_at_a_time() -> None:
    # 2 fragments in the pile. Seat 0 (First Player) discards two cards, seat 1 one: at the
    # reveal seat 0 is paid first and takes both; seat 1's discard finds the pile empty and
    # stays in its hand.
    state = scenario(
        4,
        hands={0: ["nightlight", "paper-slingshot"], 1: ["heel-kick", "tantrum"]},
        fragments={0: 3, 1: 3, 2: 9, 3: 9},
    )
    assert state.pile == 2
    state.apply("discard:nightlight", player=0)
    state.apply("discard:heel-kick", player=1)
    # mid-way: each seat sees its own discards owed, nobody else's
    again = round_trip(state)
    for s in (state, again):
        assert s.observation(0)["players"][0]["pending_discards"] == ["nightlight"]
        assert s.observation(1)["players"][1]["pending_discards"] == ["heel-kick"]
        assert s.observation(1)["players"][0]["pending_discards"] == []
        assert s.observation(None)["players"][1]["pending_discards"] == []
        # what the discard so far will pay counts for the requirements and the pile
        assert "discard:paper-slingshot" in [a.id for a in s.legal_actions(0)]
        assert count_cards(s) == (40, 28, 28)
    both([state, again], "discard:paper-slingshot", 0)
    assert [a.id for a in again.legal_actions(0)] == [a.id for a in state.legal_actions(0)]
    for s in (state, again):
        reveal(s)
        paid = kinds(s, "discarded_for_fragments")
        assert [(e.data["seat"], e.data["cards"], e.data["got"]) for e in paid] == [
            (0, ["nightlight", "paper-slingshot"], 2)
        ]
        (refused,) = kinds(s, "discard_refused")
        assert (refused.data["seat"], refused.data["cards"]) == (1, ["heel-kick"])
        assert "heel-kick" in s.hands[1]
        assert s.pending_discards == [[], [], [], []]
    assert again.to_snapshot() == state.to_snapshot()


# ----- the exposed agent's harm -------------------------------------------------------------


def test_harm_owed_after_the_reveal_survives_a_snapshot_and_is_dealt_first_in_phase_4() -> None:
    state = harm_after_reveal()
    assert state.is_chance() and step_top(state) == "sandman_draw"
    again = round_trip(state)
    for s in (state, again):
        # the owner sees its harm discards with their targets; the others only their count
        assert s.observation(2)["players"][2]["pending_harm"] == [["tantrum", 1], ["pickpocket", 0]]
        assert s.observation(0)["players"][2]["pending_harm"] == []
        assert s.pending_harm == [[], [], [("tantrum", 1), ("pickpocket", 0)]]
        assert count_cards(s) == (40, 28, 28)
        reveal_card = "grinning-moth"
        s.apply("sandman:" + reveal_card)
        harm = kinds(s, "harm")
        assert [(e.data["card"], e.data["target"]) for e in harm] == [
            ("tantrum", 1),
            ("pickpocket", 0),
        ]
        assert s.pending_harm == [[], [], []]
    assert again.to_snapshot() == state.to_snapshot()


def test_harm_owed_when_the_game_ends_stays_by_its_seat() -> None:
    # The last Sandman card is drawn after the reveal: the Sandman is dead and the game
    # ends before the exposed agent's discards deal their damage; the cards stay counted.
    state = scenario(3, hands={2: ["pickpocket", "tantrum"]}, agents={2: "exposed"}, sandman_deck=1)
    play(state, 2, "harm:tantrum:1")
    all_done(state)
    chance(state)
    assert state.is_terminal() and state.end_reason() == "sandman_defeated"
    assert not kinds(state, "harm")
    assert state.pending_harm[2] == [("tantrum", 1)]
    assert state.observation(2)["players"][2]["pending_harm"] == [["tantrum", 1]]
    assert count_cards(state) == (40, 28, 28)
    again = round_trip(state)
    assert again.pending_harm == state.pending_harm and again.is_terminal()


# ----- the Sandman's offer ------------------------------------------------------------------


def test_an_offer_drawn_by_an_effect_waits_for_the_next_round_and_survives_a_snapshot() -> None:
    # Seat 0's Frantic Search draws I Am the Sandman in phase 4: the offer stays open
    # through the end of the round and is answered first at the next round's draws.
    state = scenario(3, hands={0: ["frantic-search"]}, fragments={0: 5})
    play(state, 0, "play:frantic-search")
    reveal(state)
    while state.is_chance():
        chance(state, ["draw:" + IAM])
    assert step_top(state) == "return" and IAM in state.hands[0]
    assert state.observation(0)["players"][0]["offer_pending"]
    assert "offer_pending" not in state.observation(1)["players"][0]
    again = round_trip(state)
    for s in (state, again):
        run_until(s, "buy", round=2)
        assert s.observation(0)["players"][0]["offer_pending"]
        assert [a.id for a in s.legal_actions(0)] == ["accept", "refuse"]
        s.apply("accept", player=0)
        assert not s.observation(0)["players"][0]["offer_pending"]
        assert s.observation(0)["players"][0]["role"] == "undercover"
    assert again.to_snapshot() == state.to_snapshot()


# ----- the Soul Consumer's cancel -----------------------------------------------------------


def test_a_cancelled_soul_consumer_survives_a_snapshot_before_the_others_answer() -> None:
    state = consumer_cancelled()
    again = round_trip(state)
    for s in (state, again):
        s.apply("pass", player=0)
        s.apply("pass", player=1)
        assert kinds(s, "consumer_cancelled") and not kinds(s, "soul_consumer")
        assert not kinds(s, "sandman_damage")
    assert again.to_snapshot() == state.to_snapshot()


def test_the_soul_consumers_losses_survive_a_snapshot_between_two_seats_damage() -> None:
    state = consumer_losses()
    assert step_top(state) == "wake" and state.fragments[0] == 11
    again = round_trip(state)
    for s in (state, again):
        s.apply("wait")
        # seats 1 and 2 played nothing: the Soul Consumer takes nothing from them, and no
        # Sandman damage either (it replaces his usual damage)
        lost = [(e.data["seat"], e.data["lost"]) for e in kinds(s, "sandman_damage")]
        assert lost == [(0, 1), (1, 0), (2, 0)]
        assert s.fragments == [11, 3, 3]
    assert again.to_snapshot() == state.to_snapshot()


# ----- snapshots made before the move -------------------------------------------------------


def old_snapshot(name: str) -> dict:
    return json.loads(OLD_SNAPSHOTS.read_text())[name]


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_a_snapshot_made_before_the_move_loads_as_the_same_position(name: str) -> None:
    data = old_snapshot(name)
    assert "pending_offer" in data["fields"]["seats"][0]  # the older layout
    now = POSITIONS[name]()
    old = now.game.from_snapshot(data)
    assert old.to_snapshot() == now.to_snapshot()
    # and play goes on the same
    for _ in range(60):
        if now.is_terminal():
            break
        tm = now.to_move()
        if now.is_chance():
            aid = chance(now)
            old.apply(aid)
            continue
        seat = tm[0]
        aid = now.legal_actions(seat)[-1].id
        player = seat if len(tm) > 1 else None
        both([now, old], aid, player)
        assert old.snapshot() == now.snapshot()
    assert old.to_snapshot() == now.to_snapshot()


def test_an_old_snapshot_whose_offer_does_not_match_the_hand_fails_in_one_line() -> None:
    data = old_snapshot("offer")
    data["fields"]["seats"][1]["pending_offer"] = False
    with pytest.raises(ConfigError) as err:
        oneiros.make("sleep-tight", players=3).from_snapshot(data)
    assert "fields.seats[1].pending_offer is False" in str(err.value)
    assert "\n" not in str(err.value)


def test_an_old_snapshot_with_discards_no_step_owes_fails_in_one_line() -> None:
    data = old_snapshot("harm_after_reveal")
    data["fields"]["seats"][0]["pending_discards"] = ["tantrum"]
    with pytest.raises(ConfigError, match="no step on the stack owes them"):
        oneiros.make("sleep-tight", players=3).from_snapshot(data)
