"""Snapshots of states built on the flow, and record version 2 (content hash, rules
version): a snapshot taken anywhere restores the whole state and play goes on identically;
an old record replays; a record of other content or rules is refused in one line."""

from __future__ import annotations

import dataclasses
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import oneiros
from oneiros.core import ConfigError
from oneiros.testing import random_step
from tests.tinygame import Pebbles


def play(state, rng, n):
    for _ in range(n):
        if state.is_terminal():
            return
        random_step(state, rng)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), cut=st.integers(0, 40), players=st.integers(2, 3))
def test_a_snapshot_anywhere_restores_the_state_and_play_goes_on_the_same(seed, cut, players):
    game = oneiros.make("pebbles", players=players)
    state = game.new_state(seed=seed)
    play(state, random.Random(seed), cut)
    data = json.loads(json.dumps(state.to_snapshot()))
    again = game.from_snapshot(data)
    assert again.snapshot() == state.snapshot()
    assert again.to_snapshot() == data
    assert again.determinize(0, random.Random(1)).observation(0) == state.observation(0)
    play(state, random.Random(seed + 1), 500)
    play(again, random.Random(seed + 1), 500)
    assert again.snapshot() == state.snapshot()
    assert again.record() == state.record()


def test_the_snapshot_holds_the_flow_stack_and_the_table():
    state = oneiros.make("pebbles").new_state(seed=1)
    state.apply("card:3")
    data = state.to_snapshot()
    assert [step["kind"] for step in data["flow"]] == ["turn", "bet", "deal"]
    assert data["flow"][-1] == {"kind": "deal", "seat": 1}
    assert ["c3", 3, "hand", 0] in data["table"]["entities"]
    assert data["fields"]["banked"] == [0, 0]


def test_a_snapshot_of_another_configuration_is_refused_in_one_line():
    data = oneiros.make("pebbles", players=3).new_state(seed=1).to_snapshot()
    with pytest.raises(ConfigError, match=r"^the snapshot is of players 3, this game has 2$"):
        oneiros.make("pebbles", players=2).from_snapshot(data)
    with pytest.raises(ConfigError, match="not a snapshot"):
        oneiros.make("pebbles").from_snapshot({"game": "pebbles"})


def test_record_version_2_names_content_and_rules_and_version_1_still_replays():
    state = oneiros.make("pebbles").new_state(seed=4)
    play(state, random.Random(4), 30)
    record = state.record()
    assert (record["version"], record["content"], record["rules"]) == (2, None, 1)
    old = {k: v for k, v in record.items() if k not in ("content", "rules")} | {"version": 1}
    assert oneiros.replay(old).snapshot() == state.snapshot()


class Fixed(Pebbles):
    """Pebbles after a rule fix and with a content pack."""

    info = dataclasses.replace(Pebbles.info, name="pebbles-fixed")
    rules_version = 2

    def content_hash(self) -> str | None:
        return "5e2f0c41aa93d7b1"


def test_a_record_of_other_rules_or_content_is_refused_with_one_clear_line():
    oneiros.register("pebbles-fixed", Fixed)
    state = oneiros.make("pebbles-fixed").new_state(seed=2)
    play(state, random.Random(2), 10)
    record = json.loads(json.dumps(state.record()))
    assert oneiros.replay(record).snapshot() == state.snapshot()
    with pytest.raises(ConfigError) as err:
        oneiros.replay({**record, "rules": 1})
    assert str(err.value) == (
        "the record was played under pebbles-fixed rules version 1, this engine has version 2: "
        "a rule changed since, so it cannot replay"
    )
    with pytest.raises(ConfigError) as err:
        oneiros.replay({**record, "content": "0123456789abcdef"})
    assert str(err.value) == (
        "the record was played with pebbles-fixed content 0123456789ab, this game loads "
        "content 5e2f0c41aa93: the content pack changed, so it cannot replay"
    )
    with pytest.raises(ConfigError, match="record version 3 is not supported"):
        oneiros.replay({**record, "version": 3})
