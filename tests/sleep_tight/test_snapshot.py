"""Sleep Tight snapshots: ``state.to_snapshot()`` is plain JSON and ``game.from_snapshot``
rebuilds the whole state, flow stack, secret simultaneous choices and deck order included,
so that play goes on exactly as from the original; a bad snapshot fails in one line."""

from __future__ import annotations

import copy
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import oneiros
from oneiros.core import ConfigError
from oneiros.testing import check_snapshot, random_step

from .helpers import IAM, scenario


def played(players: int, seed: int, cut: int, **options: bool):
    game = oneiros.make("sleep-tight", players=players, options=options)
    state = game.new_state(seed=seed)
    rng = random.Random(seed)
    for _ in range(cut):
        if state.is_terminal():
            break
        random_step(state, rng)
    return state


@settings(max_examples=40, deadline=None)
@given(
    players=st.integers(1, 4),
    seed=st.integers(0, 2**31 - 1),
    cut=st.integers(0, 300),
    most_fragments_wins=st.booleans(),
    easier_soul_consumer=st.booleans(),
)
def test_a_snapshot_anywhere_restores_the_state_and_play_goes_on_the_same(
    players: int, seed: int, cut: int, most_fragments_wins: bool, easier_soul_consumer: bool
) -> None:
    state = played(
        players,
        seed,
        cut,
        most_fragments_wins=most_fragments_wins,
        easier_soul_consumer=easier_soul_consumer,
    )
    # same observations, legal actions, chance outcomes and events, then the same game
    # under the same actions and chance outcomes to its end
    again = check_snapshot(state, random.Random(seed + 1), steps=2000)
    assert again.is_terminal() and state.is_terminal()
    assert again.record() == state.record()
    assert again.stats() == state.stats()


def test_the_snapshot_is_plain_json_with_the_flow_stack_and_the_secret_choices() -> None:
    state = scenario(3, hands={0: ["tantrum", "nightlight"], 1: ["paper-slingshot"]})
    state.apply("play:tantrum", player=0)  # a secret choice, still open
    data = state.to_snapshot()
    assert json.loads(json.dumps(data)) == data
    assert data["game"] == "sleep-tight" and data["players"] == 3
    assert data["content"] == state.game.content_hash()
    assert data["flow"][-1]["kind"] == "play"
    assert data["fields"]["seats"][0]["plays"] == [
        {"card": "tantrum", "bottom": None, "face_up": False, "status": "hidden"}
    ]
    again = state.game.from_snapshot(json.loads(json.dumps(data)))
    assert again.observation(0) == state.observation(0)
    assert again.observation(1)["players"][0]["hand"] is None  # still hidden from seat 1
    assert [e.text for e in again.events(1)] == [e.text for e in state.events(1)]
    for s in (state, again):
        s.apply("done", player=0)
        s.apply("done", player=1)
        s.apply("done", player=2)
    assert again.snapshot() == state.snapshot()
    assert [a.id for a, _p in again.chance_outcomes()] == [
        a.id for a, _p in state.chance_outcomes()
    ]


def test_the_decks_keep_their_known_top_cards_and_their_order() -> None:
    state = scenario(2, sandman_top=["soul-consumer", "hollow-hour"])
    data = json.loads(json.dumps(state.to_snapshot()))
    assert data["fields"]["sandman_deck"]["top"] == ["soul-consumer", "hollow-hour"]
    again = state.game.from_snapshot(data)
    for s in (state, again):
        while not s.is_chance():
            for seat in s.to_move():
                s.apply("done", player=seat)
    assert [a.id for a, _p in again.chance_outcomes()] == ["sandman:soul-consumer"]
    assert again.to_snapshot() == state.to_snapshot()


@pytest.mark.parametrize("position", [{"agents": {1: "undercover"}}, {"offers": [1]}])
def test_an_agent_and_an_offer_pending_survive_the_snapshot(position) -> None:
    state = scenario(3, hands={0: ["tantrum"]}, **position)
    again = state.game.from_snapshot(json.loads(json.dumps(state.to_snapshot())))
    for seat in range(3):
        assert again.decision(seat) == state.decision(seat)
        assert again.legal_actions(seat) == state.legal_actions(seat)
        assert again.observation(seat) == state.observation(seat)
    assert IAM in again.observation(1)["players"][1]["hand"]
    assert again.observation(0)["players"][1]["hand"] is None
    assert again.stats() == state.stats()


def snapshot_of(players: int = 3):
    return json.loads(json.dumps(played(players, 7, 60).to_snapshot()))


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["fields"]["seats"][0].update(hand=["no-such-card"]), "fields.seats"),
        (lambda d: d["fields"].pop("pile"), "fields has no pile"),
        (lambda d: d["fields"].update(round="two"), "fields.round is 'two', not int"),
        (lambda d: d["fields"].update(nullified=1), "fields.nullified is 1, not bool"),
        (lambda d: d["fields"].update(magic=3), "fields has unknown field magic"),
        (lambda d: d["fields"].update(magic=3, more=4), "unknown fields magic, more"),
        (lambda d: d["fields"]["seats"].pop(), "not a list of 3 seats"),
        (lambda d: d["fields"]["action_deck"].update(unknown=[["tantrum"]]), "[card, copies]"),
        (lambda d: d["flow"].append({"kind": "nap"}), "unknown step kind 'nap'"),
        (lambda d: d.update(fields=None), "fields is None, not an object"),
        (lambda d: d.update(table={"entities": []}), "Sleep Tight snapshots have no table"),
    ],
)
def test_a_bad_snapshot_fails_with_one_clear_line(change, message) -> None:
    data = snapshot_of()
    change(data)
    with pytest.raises(ConfigError) as err:
        oneiros.make("sleep-tight", players=3).from_snapshot(data)
    assert message in str(err.value)
    assert "\n" not in str(err.value)


def test_a_snapshot_of_another_game_configuration_or_content_is_refused() -> None:
    data = snapshot_of(3)
    with pytest.raises(ConfigError, match=r"^the snapshot is of players 3, this game has 2$"):
        oneiros.make("sleep-tight", players=2).from_snapshot(data)
    with pytest.raises(ConfigError, match="the snapshot is of options"):
        oneiros.make("sleep-tight", players=3, options={"most_fragments_wins": True}).from_snapshot(
            data
        )
    with pytest.raises(ConfigError, match="content"):
        oneiros.make("sleep-tight", players=3).from_snapshot({**data, "content": "sha256:0"})
    with pytest.raises(ConfigError, match="not a snapshot"):
        oneiros.make("sleep-tight", players=3).from_snapshot([1, 2])  # type: ignore[arg-type]
    with pytest.raises(ConfigError, match="not a snapshot"):
        oneiros.make("sleep-tight", players=3).from_snapshot({"game": "sleep-tight"})


def test_restoring_leaves_the_snapshot_untouched() -> None:
    data = snapshot_of()
    kept = copy.deepcopy(data)
    again = oneiros.make("sleep-tight", players=3).from_snapshot(data)
    random_step(again, random.Random(1))
    assert data == kept
