"""The special cards and the Sandman's agents (sleep-tight "Special Cards", "Playing as an
Undercover Agent", "Playing as an Exposed Agent")."""

from __future__ import annotations

from .helpers import (
    IAM,
    all_done,
    at_play,
    chance,
    kinds,
    new,
    play,
    reveal,
    run_until,
    set_fragments,
    set_hand,
    step_top,
)
from .scenario import scenario


# ----- I Am the Sandman --------------------------------------------------------------------
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


# ----- the exposed agent ---------------------------------------------------------------------
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


# ----- Where Is The Sandman ------------------------------------------------------------------
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


# ----- Soul Consumer ---------------------------------------------------------------------------
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


def test_easier_option_keeps_the_soul_consumer_in_the_bottom_half() -> None:
    state = new(4, easier_soul_consumer=True)
    assert state.sandman_reserved == ["soul-consumer"] and state.sandman_top_left == 13
    run_until(state, "play")
    state.apply("done", player=0)
    # Force the first 13 Sandman cards out, one by one, checking the Consumer never shows.
    for _ in range(13):
        assert "soul-consumer" not in [c for c, _p in state._sandman_outcomes()]
        card = state.sandman_deck.cards()[0]
        state._take_sandman(card)
        state.sandman_discard.append(card)
    assert state.sandman_reserved == []
    assert state.sandman_deck.unknown.count("soul-consumer") == 1


# ----- Wake Up! ----------------------------------------------------------------------------------
def test_wake_up_at_ten_fragments_wins_alone_at_any_moment() -> None:
    state = scenario(3, hands={1: ["wake-up"]}, fragments={1: 10})
    all_done(state)  # the next step boundary after the face-down plays offers it
    assert state.to_move() == (1,) and state.decision().kind == "wake_up"  # type: ignore[union-attr]
    assert [a.id for a in state.legal_actions()] == ["wake", "wait"]
    state.apply("wake")
    assert state.end_reason() == "wake_up" and state.winners() == [1]
    assert state.scores() == [0.0, 1.0, 0.0]


def test_every_player_with_ten_fragments_is_asked_so_the_card_stays_secret() -> None:
    state = scenario(3, hands={1: ["paper-slingshot"]}, fragments={1: 10})
    all_done(state)
    assert state.to_move() == (1,)
    assert [a.id for a in state.legal_actions()] == ["wait"]
    state.apply("wait")
    assert step_top(state) == "sandman_draw"  # not asked again until something changes
    set_hand(state, 1, ["paper-slingshot", "tantrum"])
    state.apply("sandman:quiet-visitor")
    assert state.to_move() == (1,) and step_top(state) == "wake"


def test_a_dead_undercover_agent_is_revealed_with_their_hand() -> None:
    state = scenario(3, fragments={2: 1}, agents={2: "undercover"})
    assert state.observation(0)["players"][2]["role"] == "dreamer"
    reveal(state)
    assert not state.alive[2] and IAM in state.action_discard
    assert state.observation(0)["players"][2]["role"] == "undercover"
    view = state.determinize(0, __import__("random").Random(1))
    assert view.role[2] == "undercover" and "undercover" not in view.role[:2]
