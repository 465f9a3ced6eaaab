"""sleep-tight "Special Cards" and the Sandman's agents ("Playing as an Undercover Agent",
"Playing as an Exposed Agent"): ``steps/specials.py``."""

from __future__ import annotations

from oneiros.games.sleep_tight.state import SleepTightState

from .helpers import (
    IAM,
    VIEWERS_OTHER_THAN_0,
    all_done,
    at_play,
    chance,
    kinds,
    make_agent,
    new,
    play,
    public_view,
    reveal,
    run_until,
    set_fragments,
    set_hand,
    step_top,
)
from .scenario import scenario


def test_refusing_the_offer_costs_a_fragment_and_shuffles_the_card_back() -> None:
    state = new(3)
    state.apply("draw:" + IAM)  # seat 0's first card of the deal
    while state.is_chance():
        chance(state)
    assert [a.id for a in state.legal_actions(0)] == ["accept", "refuse"]
    assert state.to_move() == (0, 1, 2)  # nobody can tell who drew it
    pile = state.pile
    state.apply("refuse", player=0)
    assert state.fragments[0] == 2 and state.pile == pile + 1
    assert IAM not in state.hands[0] and state.action_deck.unknown.count(IAM) == 1
    refused = kinds(state, "refused")[-1]
    assert refused.visible_to is None  # the card is revealed
    assert state.role[0] == "dreamer"
    # 6 cards left: keep 4, shuffle 2 back.
    assert [a.id.split(":")[0] for a in state.legal_actions(0)] == ["return"] * len(
        set(state.hands[0])
    )


def test_the_offer_cannot_be_refused_with_one_fragment() -> None:
    state = new(3)
    run_until(state, "dream")
    set_fragments(state, 0, 1)
    run_until(state, "buy", draws=[IAM])
    assert [a.id for a in state.legal_actions(0)] == ["accept"]


def test_accepting_makes_an_undercover_agent_only_that_seat_knows() -> None:
    state = new(3)
    state.apply("draw:" + IAM)
    while state.is_chance():
        chance(state)
    state.apply("accept", player=0)
    assert state.role[0] == "undercover"
    assert kinds(state, "agent")[-1].visible_to == (0,)
    assert state.observation(0)["players"][0]["role"] == "undercover"
    for viewer in (None, 1, 2):
        assert state.observation(viewer)["players"][0]["role"] == "dreamer"
    # The card stays in the agent's hand: it cannot be shuffled back or discarded.
    assert f"return:{IAM}" not in [a.id for a in state.legal_actions(0)]


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


def test_undercover_agent_wins_by_stealing_the_killing_fragment() -> None:
    state = scenario(
        3,
        hands={0: ["dream-catcher"]},
        fragments={0: 3, 1: 2},
        agents={0: "undercover"},
    )
    play(state, 0, "play:dream-catcher")
    reveal(state)  # the Sandman leaves seat 1 with 1 fragment
    state.apply("from:1")
    assert state.is_terminal() and state.end_reason() == "undercover_agent"
    assert state.winners() == [0] and state.scores() == [1.0, 0.0, 0.0]


def test_undercover_agent_wins_by_passing_the_killing_damage() -> None:
    state = scenario(
        3,
        hands={0: ["run-for-the-stairs"]},
        fragments={0: 3, 1: 1},
        agents={0: "undercover"},
    )
    play(state, 0, "play:run-for-the-stairs")
    reveal(state)
    state.apply("pass:1")
    assert state.end_reason() == "undercover_agent" and state.winners() == [0]


def test_an_undercover_kill_by_attack_is_not_the_killing_blow_that_wins() -> None:
    state = scenario(3, hands={0: ["elbow-jab"]}, fragments={0: 3, 1: 2}, agents={0: "undercover"})
    play(state, 0, "play:elbow-jab")
    reveal(state)
    assert not state.alive[1] and not state.is_terminal()


def test_the_undercover_agent_cannot_wake_up() -> None:
    state = scenario(3, hands={0: ["wake-up"]}, fragments={0: 10}, agents={0: "undercover"})
    all_done(state)  # the reveal is a moment to wake up
    assert state.to_move() == (0,) and step_top(state) == "wake"
    assert [a.id for a in state.legal_actions()] == ["wait"]


def test_the_agent_may_expose_itself_at_the_start_of_a_later_round() -> None:
    state = scenario(3, agents={1: "undercover"})
    reveal(state)
    run_until(state, "buy")
    assert "expose" in [a.id for a in state.legal_actions(1)]
    assert "expose" not in [a.id for a in state.legal_actions(0)]
    state.apply("expose", player=1)
    assert state.role[1] == "exposed" and state.exposed_cards == [IAM]
    assert kinds(state, "exposed")[-1].visible_to is None
    assert state.observation(0)["players"][1]["role"] == "exposed"


def test_a_dead_undercover_agent_is_revealed_with_their_hand() -> None:
    state = scenario(3, fragments={2: 1}, agents={2: "undercover"})
    assert state.observation(0)["players"][2]["role"] == "dreamer"
    reveal(state)
    assert not state.alive[2] and IAM in state.action_discard
    assert state.observation(0)["players"][2]["role"] == "undercover"
    view = state.determinize(0, __import__("random").Random(1))
    assert view.role[2] == "undercover" and "undercover" not in view.role[:2]


def test_the_sandman_does_not_damage_the_exposed_agent() -> None:
    state = scenario(3, agents={2: "exposed"})
    reveal(state, "grinning-moth")
    assert state.fragments == [2, 2, 3]


def test_exposed_agent_discards_to_deal_damage_instead_of_taking_fragments() -> None:
    state = scenario(3, hands={2: ["pickpocket", "tantrum"]}, agents={2: "exposed"})
    ids = [a.id for a in state.legal_actions(2)]
    assert not [i for i in ids if i.startswith("discard:")]
    assert "harm:tantrum:0" in ids and "harm:pickpocket:1" in ids
    state.apply("harm:tantrum:0", player=2)
    state.apply("harm:pickpocket:0", player=2)
    reveal(state)
    assert state.fragments == [3 - 2 - 1, 2, 3]


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


def test_exposed_agent_damages_a_player_instead_of_the_sandman() -> None:
    state = scenario(3, hands={2: ["slam-the-closet"]}, agents={2: "exposed"})
    left = state.sandman_left()
    play(state, 2, "play:slam-the-closet")
    reveal(state)
    assert [a.id for a in state.legal_actions()] == ["target:0", "target:1"]
    state.apply("target:1")
    assert state.fragments[1] == 0 and not state.alive[1]
    assert state.sandman_left() == left - 1  # only the Sandman card drawn this round


def test_damaging_the_sandman_also_damages_the_exposed_agent() -> None:
    state = scenario(3, hands={0: ["slam-the-closet"]}, fragments={2: 5}, agents={2: "exposed"})
    play(state, 0, "play:slam-the-closet")
    reveal(state)
    state.apply("sandman:ash-choir")
    state.apply("sandman:rubble-hound")
    assert state.fragments[2] == 5 - 2


def test_the_exposed_agent_wins_when_every_other_player_is_dead() -> None:
    state = scenario(2, fragments={0: 1}, agents={1: "exposed"})
    reveal(state)
    assert state.end_reason() == "exposed_agent" and state.winners() == [1]


def test_agents_lose_when_the_sandman_dies() -> None:

    state = scenario(3, agents={1: "exposed"}, sandman_deck=1)
    reveal(state)
    assert state.end_reason() == "sandman_defeated"
    assert state.winners() == [0, 2] and state.scores()[1] == 0.0


def test_where_is_the_sandman_exposes_the_holder_and_leaves_the_game() -> None:
    state = scenario(3, hands={0: ["where-is-the-sandman"]}, agents={1: "undercover"})
    play(state, 0, "play:where-is-the-sandman")
    reveal(state)
    assert state.to_move() == (1,) and [a.id for a in state.legal_actions()] == ["expose"]
    state.apply("expose")
    assert state.role[1] == "exposed" and IAM not in state.hands[1]
    assert state.removed_actions == ["where-is-the-sandman"]
    assert "where-is-the-sandman" not in state.action_discard


def test_where_is_the_sandman_leaves_the_game_even_when_nobody_holds_it() -> None:
    state = scenario(3, hands={0: ["where-is-the-sandman"]})
    play(state, 0, "play:where-is-the-sandman")
    reveal(state)
    assert kinds(state, "nobody") and state.removed_actions == ["where-is-the-sandman"]


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


def test_soul_consumer_fails_every_card_and_costs_their_requirements() -> None:
    state = at_play(
        3, hands={0: ["slam-the-closet", "paper-slingshot"], 1: ["gather-glimmers"]}, frags={0: 5}
    )
    play(state, 0, "play:slam-the-closet", "play:paper-slingshot")
    play(state, 1, "play:gather-glimmers")
    reveal(state, "soul-consumer")
    assert step_top(state) == "cancel" and state.to_move() == (0, 1, 2)
    assert [a.id for a in state.legal_actions(0)] == ["pass"]
    for seat in (0, 1, 2):
        state.apply("pass", player=seat)
    # Instead of the Sandman's usual 1: 2 + 1 for seat 0's cards, 0 for seat 1's.
    assert state.fragments == [5 - 3, 3 - 0, 3 - 0]
    assert not kinds(state, "resolve") and not kinds(state, "sandman_discarded")


def test_discard_soul_consumer_cancels_it_at_once() -> None:
    state = scenario(
        3,
        hands={0: ["paper-slingshot"], 2: ["discard-soul-consumer"]},
        fragments={0: 3},
    )
    play(state, 0, "play:paper-slingshot")
    reveal(state, "soul-consumer")
    assert [a.id for a in state.legal_actions(2)] == ["cancel", "pass"]
    state.apply("pass", player=0)
    state.apply("cancel", player=2)
    state.apply("pass", player=1)
    assert kinds(state, "cancelled")[0].data["seat"] == 2
    assert "discard-soul-consumer" in state.action_discard
    assert state.is_chance() and step_top(state) == "sdiscard"  # the Slingshot works


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
