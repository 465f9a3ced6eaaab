"""Scripted scenarios checking rulebook points one by one (sleep-tight rulebook sections in the
test names): damage and its protections, the Soul Consumer's cost, Where Is The Sandman and a
pending offer, Hide Behind a Friend, discard cards discarding each other, and what other seats
and spectators may see."""

from __future__ import annotations

import random
from itertools import permutations
from typing import Any

from oneiros.cli.render import status_line
from oneiros.games.sleep_tight.state import SleepTightState

from .helpers import (
    IAM,
    all_done,
    at_play,
    chance,
    kinds,
    make_agent,
    new,
    play,
    reveal,
    run_until,
    set_fragments,
    set_hand,
    step_top,
)
from .scenario import scenario

VIEWERS_OTHER_THAN_0 = (1, 2, None)


def public_view(state: SleepTightState, viewer: int | None) -> dict[str, Any]:
    """Everything ``viewer`` can see: observation, events, whose move it is and the decision
    (``decision(None)`` for a spectator, the viewer's own otherwise)."""
    decision = state.decision(viewer)
    return {
        "observation": state.observation(viewer),
        "events": [(e.kind, e.text, dict(e.data)) for e in state.events(viewer)],
        "to_move": state.to_move(),
        "decision": None if decision is None else decision.to_dict(),
        "status": status_line(state, viewer, None).plain,
        "event_count": state.event_count(viewer),
        "turn": state.turn_number(),
    }


# ----- "Playing as an Exposed Agent" with "Card Symbols" (prevent damage from players) -----
def test_playing_as_an_exposed_agent_discard_damage_meets_prevent_damage_from_players() -> None:
    # Seat 2, the exposed agent, discards 2 cards to damage seat 1, who plays Pillow Wall
    # ("prevent 2 damage other players deal you"): both points are prevented.
    state = scenario(
        3,
        hands={1: ["pillow-wall"], 2: ["pickpocket", "tantrum"]},
        fragments={1: 4},
        agents={2: "exposed"},
    )
    play(state, 1, "play:pillow-wall")
    play(state, 2, "harm:pickpocket:1", "harm:tantrum:1")
    reveal(state)  # a Sandman card lurking in no dream: 1 damage to seats 0 and 1
    damaged = [e.data for e in kinds(state, "damaged") if e.data["source"] == 2]
    assert [(d["lost"], d["prevented"]) for d in damaged] == [(0, 1), (0, 1)]
    assert state.fragments[1] == 3  # only the Sandman's 1
    assert state.prevent_players[1] == 0


# ----- "Special Cards": the Soul Consumer charges the requirements that applied ----------
def test_special_cards_soul_consumer_charges_the_requirements_that_applied() -> None:
    # Seat 0 is in Frozen Stairwell (Run cards require double): Frantic Search required 4.
    # Seat 1 stacks Slam the Closet Door (2) on Paper Slingshot (1): the stack required 1.
    state = at_play(
        3,
        hands={0: ["frantic-search"], 1: ["slam-the-closet", "paper-slingshot"]},
        frags={0: 6, 1: 1},
        dreams={0: "frozen-stairwell"},
    )
    assert state.requirement(0, "frantic-search") == 4
    play(state, 0, "play:frantic-search")
    play(state, 1, "stack:slam-the-closet:paper-slingshot")
    set_fragments(state, 1, 4)
    reveal(state, "soul-consumer")
    for seat in (0, 1, 2):
        state.apply("pass", player=seat)
    assert kinds(state, "soul_consumer")[-1].data["extra"] == [4, 1, 0]
    # What the cards required, in place of the Sandman's usual damage.
    assert state.fragments == [2, 3, 3]


# ----- "Special Cards": a pending offer is answered before Where Is The Sandman ----------
def where_is_after_a_draw(agent_before: bool) -> SleepTightState:
    """Seat 0 resolves Dash Down the Hall, then seat 1's Where Is The Sandman resolves. With
    ``agent_before`` seat 0 was already the undercover agent and draws Paper Slingshot;
    otherwise seat 0 draws I Am the Sandman now. Seat 0 ends with the same two cards."""
    hand0 = ["dash-down-the-hall"] if agent_before else ["dash-down-the-hall", "paper-slingshot"]
    state = scenario(3, hands={0: hand0, 1: ["where-is-the-sandman"]})
    if agent_before:
        make_agent(state, 0)
    play(state, 0, "play:dash-down-the-hall")
    play(state, 1, "play:where-is-the-sandman")
    reveal(state)
    assert step_top(state) == "draw"
    chance(state, ["draw:paper-slingshot" if agent_before else "draw:" + IAM])
    assert state.hands[0].count("paper-slingshot") == 1
    return state


def test_special_cards_where_is_the_sandman_lets_a_pending_offer_be_refused_first() -> None:
    state = where_is_after_a_draw(agent_before=False)
    assert state.pending_offer[0] and state.role[0] == "dreamer"
    assert state.to_move() == (0,)
    assert [a.id for a in state.legal_actions(0)] == ["accept", "refuse"]
    state.apply("refuse")
    # Refusing: 1 fragment, the card is shown and shuffled back; Where Is finds no one.
    assert state.role[0] == "dreamer" and IAM not in state.hands[0]
    assert kinds(state, "refused") and kinds(state, "nobody") and not kinds(state, "exposed")
    assert state.fragments[0] == 1  # 3, minus the Sandman's 1, minus the refusal's 1


def test_special_cards_where_is_the_sandman_after_an_accepted_pending_offer() -> None:
    state = where_is_after_a_draw(agent_before=False)
    state.apply("accept")
    assert state.role[0] == "exposed" and state.exposed_cards == [IAM]
    assert not state.pending_offer[0]


def test_special_cards_where_is_the_sandman_shows_no_more_than_the_rule() -> None:
    # Whether the holder drew the card just now (its offer still pending) or accepted it in an
    # earlier round, the other seats and spectators see the same thing before and after.
    fresh = where_is_after_a_draw(agent_before=False)
    old = where_is_after_a_draw(agent_before=True)
    assert fresh.pending_offer[0] and not old.pending_offer[0]
    for viewer in VIEWERS_OTHER_THAN_0:
        assert public_view(fresh, viewer) == public_view(old, viewer)
    assert [a.id for a in old.legal_actions(0)] == ["expose"]
    fresh.apply("accept")
    old.apply("expose")
    assert fresh.role[0] == old.role[0] == "exposed"
    for viewer in VIEWERS_OTHER_THAN_0:
        assert public_view(fresh, viewer) == public_view(old, viewer)


# ----- "Card Examples": Hide Behind a Friend ------------------------------------------------
def hide_behind(left_card: str | None, left_frags: int = 3) -> SleepTightState:
    hands = {1: ["hide-behind-a-friend"], 2: [left_card] if left_card else []}
    state = scenario(3, hands=hands, fragments={2: left_frags})
    play(state, 1, "play:hide-behind-a-friend")
    if left_card:
        play(state, 2, f"play:{left_card}")
    return state


def test_card_examples_hide_behind_a_friend_is_mandatory() -> None:
    state = hide_behind(None)
    reveal(state)  # 1 damage to everyone; seat 1's goes to seat 2 without a question
    assert step_top(state) != "dodge" and not state.is_terminal()
    assert state.fragments == [2, 3, 1]


def test_card_examples_hide_behind_a_friend_spares_an_exposed_agent() -> None:
    state = hide_behind(None)
    make_agent(state, 2, "exposed")
    reveal(state)
    assert step_top(state) != "dodge"
    assert state.fragments == [2, 3, 3]  # "The Sandman does not damage you"


def test_card_examples_hide_behind_a_friend_meets_sandman_protection_only() -> None:
    # Nightlight (prevent 2 Sandman damage) covers its own hit and the redirected one.
    state = hide_behind("nightlight")
    reveal(state)
    assert step_top(state) != "dodge"
    assert state.fragments == [2, 3, 3]
    # Pillow Wall (prevent damage from players) does not: it is the Sandman's damage.
    state = hide_behind("pillow-wall")
    reveal(state)
    assert step_top(state) != "dodge"
    assert state.fragments == [2, 3, 1]
    # Blanket Fort: no Sandman damage touches you this round.
    state = hide_behind("blanket-fort")
    reveal(state)
    assert step_top(state) != "dodge"
    assert state.fragments == [2, 3, 3]


def test_card_examples_hide_behind_a_friend_kill_is_passing_damage() -> None:
    # An undercover agent whose redirected Sandman damage kills wins ("passing damage").
    state = hide_behind(None, left_frags=1)
    make_agent(state, 1)
    reveal(state)
    assert state.end_reason() == "undercover_agent" and state.winners() == [1]


# ----- "Card Symbols": discard all played actions of the shown type ------------------------
def test_card_symbols_a_discarded_discard_card_has_no_effect_whatever_the_seating() -> None:
    # Trip Wire (attack: discards Run), Hold Your Breath (hide: discards Attack), Dash Down the
    # Hall (run). Hold Your Breath discards Trip Wire, so Dash is never discarded.
    for tw, hyb, run in permutations(range(3)):
        state = at_play(
            3, hands={tw: ["trip-wire"], hyb: ["hold-your-breath"], run: ["dash-down-the-hall"]}
        )
        play(state, tw, "play:trip-wire")
        play(state, hyb, "play:hold-your-breath")
        play(state, run, "play:dash-down-the-hall")
        reveal(state)
        statuses = {p.card: p.status for plays in state.plays for p in plays}
        assert statuses["trip-wire"] == "failed", (tw, hyb, run)
        assert statuses["dash-down-the-hall"] == "resolved", (tw, hyb, run)
        hits = [e.data["hit"] for e in kinds(state, "discard_type")]
        assert hits == [[f"seat {tw}: Trip Wire"]], (tw, hyb, run)


# ----- "Special Cards": the offer is a private decision -------------------------------------
def offer_at_buy(with_offer: bool) -> SleepTightState:
    state = new(3)
    run_until(state, "dream")
    first = IAM if with_offer else "elbow-jab"
    run_until(state, "buy", draws=[first, "heel-kick", "tantrum"])
    assert [state.hands[1].count("heel-kick"), state.hands[2].count("tantrum")] == [1, 1]
    assert state.pending_offer[0] == with_offer
    for seat in (1, 2):
        state.apply("done", player=seat)
    assert state.to_move() == (0,)
    return state


def test_special_cards_the_sandman_offer_is_not_shown_to_other_viewers() -> None:
    offer = offer_at_buy(True)
    control = offer_at_buy(False)
    assert offer.decision(0).kind == "sandman_offer"  # type: ignore[union-attr]
    for viewer in (1, 2, None):
        seen = offer.decision(viewer)
        assert seen is None or seen.kind == "buy"
        assert public_view(offer, viewer) == public_view(control, viewer)
    assert offer.decision().to_dict() == control.decision().to_dict()  # type: ignore[union-attr]


def test_special_cards_accepting_the_offer_changes_nothing_another_seat_is_sent() -> None:
    # Two games that differ only in a hidden choice: seat 0 drew I Am the Sandman and accepts
    # it, or drew Elbow Jab. Every other seat and a spectator are sent the same things all
    # along, the position counter included (``event_count``), though one more action was
    # applied (``len(history())`` counts it).
    offer = offer_at_buy(True)
    control = offer_at_buy(False)
    before = {v: public_view(offer, v) for v in (1, 2, None)}
    offer.apply("accept")
    assert offer.role[0] == "undercover"
    assert len(offer.history()) == len(control.history()) + 1
    for viewer in (1, 2, None):
        assert public_view(offer, viewer) == before[viewer] == public_view(control, viewer)
    assert offer.event_count(0) == control.event_count(0) + 1  # seat 0's own "you accept"
    offer.apply("done")
    control.apply("done")
    for viewer in (1, 2, None):
        assert public_view(offer, viewer) == public_view(control, viewer)
        assert offer.event_count(viewer) == len(offer.events(viewer))


# ----- "3. Play Actions Facedown": nothing public changes before the reveal ---------------
def ten_fragments_at_play(secret: bool) -> SleepTightState:
    state = scenario(
        3,
        hands={0: ["paper-slingshot", "wake-up"], 1: ["elbow-jab"]},
        fragments={0: 10},
    )
    if secret:
        state.apply("play:paper-slingshot", player=0)
    state.apply("done", player=1)
    return state


def test_play_actions_facedown_wake_up_questions_wait_for_the_reveal() -> None:
    acted = ten_fragments_at_play(True)
    idle = ten_fragments_at_play(False)
    assert acted.to_move() == idle.to_move() == (0, 2)
    assert step_top(acted) == step_top(idle) == "play"
    for viewer in (1, 2, None):
        assert public_view(acted, viewer) == public_view(idle, viewer)
    # The question comes back at the reveal, when hand sizes are public again.
    all_done(acted)
    assert step_top(acted) == "wake" and acted.to_move() == (0,)
    assert [a.id for a in acted.legal_actions()] == ["wake", "wait"]


# ----- "Special Cards" with "Card Symbols": Where Is The Sandman meets a protected holder ---
def where_is_against(guard: str, holds: bool) -> SleepTightState:
    """Seat 0 plays Where Is The Sandman; seat 1 plays ``guard`` and holds I Am the Sandman
    (as an undercover agent) when ``holds``, or Paper Slingshot in its place."""
    state = scenario(3, hands={0: ["where-is-the-sandman"], 1: [guard]}, fragments={1: 3})
    if holds:
        make_agent(state, 1)
    else:
        set_hand(state, 1, [guard, "paper-slingshot"])
    play(state, 0, "play:where-is-the-sandman")
    play(state, 1, f"play:{guard}")
    reveal(state)
    return state


def test_special_cards_where_is_the_sandman_does_not_expose_a_protected_holder() -> None:
    # Blanket Fort: "you cannot be affected by any other effects this turn"; Mirror Ward:
    # "All actions played against you by other players fail".
    for guard in ("blanket-fort", "mirror-ward"):
        state = where_is_against(guard, holds=True)
        assert step_top(state) != "where", guard  # the holder is not even asked
        assert state.role[1] == "undercover" and IAM in state.hands[1], guard
        assert not kinds(state, "exposed") and kinds(state, "nobody"), guard
        assert state.removed_actions == ["where-is-the-sandman"], guard
        # Nothing tells the others that the protected player held the card.
        control = where_is_against(guard, holds=False)
        for viewer in VIEWERS_OTHER_THAN_0[1:]:
            assert public_view(state, viewer) == public_view(control, viewer), guard


def test_special_cards_where_is_the_sandman_still_exposes_an_unprotected_holder() -> None:
    state = where_is_against("nightlight", holds=True)  # protection from the Sandman only
    assert step_top(state) == "where" and state.to_move() == (1,)
    state.apply("expose")
    assert state.role[1] == "exposed"


# ----- "Special Cards": the Soul Consumer's worked example --------------------------------
def soul_consumer_round(cancel: bool) -> SleepTightState:
    """Seat 0 plays 3 cards requiring 5 in all (2 + 1 + 2); seat 1 plays nothing; seat 2
    holds Discard Soul Consumer and uses it when ``cancel``."""
    state = at_play(
        3,
        hands={
            0: ["slam-the-closet", "paper-slingshot", "nightlight"],
            2: ["discard-soul-consumer"],
        },
        frags={0: 6},
    )
    play(state, 0, "play:slam-the-closet", "play:paper-slingshot", "play:nightlight")
    reveal(state, "soul-consumer")
    state.apply("pass", player=0)
    state.apply("pass", player=1)
    state.apply("cancel" if cancel else "pass", player=2)
    return state


def test_special_cards_soul_consumer_requirement_of_five_costs_five() -> None:
    # "if he played 3 cards that required a total of 5 Soul Fragments, he loses 5": the Soul
    # Consumer's damage replaces the Sandman's base damage; who played nothing loses nothing.
    state = soul_consumer_round(cancel=False)
    assert kinds(state, "soul_consumer")[-1].data["extra"] == [5, 0, 0]
    assert state.fragments == [1, 3, 3]
    assert [e.data["lost"] for e in kinds(state, "sandman_damage")] == [5, 0, 0]
    assert not kinds(state, "resolve")  # every card failed, Nightlight's prevention too


def test_special_cards_a_cancelled_soul_consumer_deals_no_damage() -> None:
    state = soul_consumer_round(cancel=True)
    assert kinds(state, "consumer_cancelled") and not kinds(state, "sandman_damage")
    assert state.fragments[1:] == [3, 3]  # no Sandman damage at all this round
    # Seat 0's cards work: Slam the Closet Door and Paper Slingshot discard Sandman cards.
    assert step_top(state) == "sdiscard"


# ----- "Card Symbols" / "Goal": Wake Up! "at any moment" ------------------------------------
def test_card_symbols_wake_up_is_offered_again_after_dipping_below_ten() -> None:
    # Seat 1 waits at 10, the Sandman takes 1 (9), Gather Glimmers gives it back (10): the
    # hand is the same size and the count the same as when it waited, and it is asked again.
    state = scenario(3, hands={1: ["gather-glimmers", "wake-up"]}, fragments={1: 10})
    play(state, 1, "play:gather-glimmers")
    all_done(state)
    assert step_top(state) == "wake" and state.to_move() == (1,)
    state.apply("wait")
    state.apply("sandman:quiet-visitor")  # lurking in no dream: 1 damage
    assert state.fragments[1] == 10
    assert [e.data["lost"] for e in kinds(state, "sandman_damage") if e.data["seat"] == 1] == [1]
    assert step_top(state) == "wake" and state.to_move() == (1,)
    assert [a.id for a in state.legal_actions()] == ["wake", "wait"]
    state.apply("wake")
    assert state.end_reason() == "wake_up" and state.winners() == [1]


# ----- "Reducing Fragment Requirements by Discarding Cards": the bottom card is face up -----
def test_reducing_fragment_requirements_the_bottom_card_is_seen_when_played() -> None:
    # "stacking the top card face down and the bottom card face up": Tantrum (3) on Slam the
    # Closet Door (2) with 1 fragment. The other seats see Slam at once, never Tantrum.
    state = scenario(3, hands={1: ["tantrum", "slam-the-closet", "elbow-jab"]}, fragments={1: 1})
    start = {v: len(state.events(v)) for v in (0, 2, None)}
    state.apply("stack:tantrum:slam-the-closet", player=1)
    for viewer in (0, 2, None):
        seat1 = state.observation(viewer)["players"][1]
        assert seat1["plays"] == [
            {"card": None, "bottom": "slam-the-closet", "face_up": False, "status": "hidden"}
        ]
        assert seat1["hand_count"] == 1  # the two cards left the hand in view
        new_events = state.events(viewer)[start[viewer] :]
        assert [e.text for e in new_events] == [
            "Seat 1 plays a card face down on top of Slam the Closet Door (face up)"
        ]
    assert state.observation(1)["players"][1]["plays"][0]["card"] == "tantrum"
    # A single face-down play stays unseen.
    before = [state.observation(v) for v in (0, 2, None)]
    state.apply("play:elbow-jab", player=1)
    assert [state.observation(v) for v in (0, 2, None)] == before
    # Another seat's determinization keeps the bottom card and resamples the top one among
    # the cards seat 0 has not seen (never I Am the Sandman, which cannot be played).
    make_agent(state, 2)
    tops = set()
    for seed in range(30):
        view = state.determinize(0, random.Random(seed))
        assert view.observation(0) == state.observation(0)
        assert [p.bottom for p in view.plays[1]] == ["slam-the-closet"]
        tops.add(view.plays[1][0].card)
    assert len(tops) > 1 and IAM not in tops
    reveal(state)
    revealed = kinds(state, "revealed")[1].data["plays"]
    assert [(p["card"], p["bottom"]) for p in revealed] == [
        ("tantrum", "slam-the-closet"),
        ("elbow-jab", None),
    ]


# ----- "3. Play Actions Facedown": a requirement needs fragments really held --------------
def short_pile(pile: int) -> SleepTightState:
    """Seat 0 (the First Player) discards Elbow Jab for a fragment; seat 1, with 2 fragments,
    discards Heel Kick and counts on that fragment to play Tantrum (requires 3). The pile
    holds ``pile`` fragments."""
    state = at_play(
        3,
        hands={0: ["elbow-jab"], 1: ["heel-kick", "tantrum"]},
        frags={0: 3, 1: 2, 2: 23 - pile - 2},
    )
    assert state.pile == pile
    play(state, 0, "discard:elbow-jab")
    assert "play:tantrum" not in [a.id for a in state.legal_actions(1)]
    state.apply("discard:heel-kick", player=1)
    play(state, 1, "play:tantrum")  # 2 held + 1 to come from the pile
    all_done(state)
    while step_top(state) == "wake":  # seat 2 holds most of the fragments
        state.apply("wait")
    reveal(state)  # a Sandman card lurking in no dream: 1 damage to each
    run_until(state, "dream")  # the end of the round (seat 2 waits when asked to wake up)
    return state


def test_play_actions_facedown_a_discard_the_pile_cannot_pay_is_refused() -> None:
    # One fragment left: seat 0, first, takes it. Seat 1's discard is refused (Heel Kick stays
    # in hand) and Tantrum, which counted on that fragment, is not played.
    state = short_pile(1)
    assert kinds(state, "discarded_for_fragments")[0].data["seat"] == 0
    refused = kinds(state, "discard_refused")[0].data
    assert (refused["seat"], refused["cards"]) == (1, ["heel-kick"])
    unmet = kinds(state, "requirement_unmet")[0].data
    assert (unmet["seat"], unmet["card"], unmet["need"], unmet["have"]) == (1, "tantrum", 3, 2)
    assert sorted(state.hands[1]) == ["heel-kick", "tantrum"]
    assert not kinds(state, "resolve")
    assert state.fragments == [3 + 1 - 1, 2 - 1, 20 - 1]  # no Tantrum damage


def test_play_actions_facedown_a_discard_the_pile_pays_meets_the_requirement() -> None:
    state = short_pile(2)
    assert not kinds(state, "discard_refused") and not kinds(state, "requirement_unmet")
    assert [e.data["card"] for e in kinds(state, "resolve")] == ["tantrum"]
    # Tantrum: every other player loses 1, after the Sandman's 1.
    assert state.fragments == [3 + 1 - 1 - 1, 2 + 1 - 1, 19 - 1 - 1]
