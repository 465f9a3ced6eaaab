"""Bag, Deck, Die and the step stack."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from oneiros.core import Bag, Deck, Die, Step, StepStack


def test_bag_outcomes_follow_counts_and_never_go_negative():
    bag = Bag({"blue": 3, "red": 1})
    assert dict(bag.outcomes()) == {"blue": 0.75, "red": 0.25}
    bag.remove("red")
    assert bag.kinds() == ["blue"] and bag.total == 3
    with pytest.raises(ValueError, match="holds 0"):
        bag.remove("red")
    assert bag.total == 3


def test_bag_sample_matches_outcomes():
    bag = Bag({"a": 1, "b": 3})
    rng = random.Random(2)
    draws = [bag.sample(rng) for _ in range(4000)]
    assert draws.count("b") / 4000 == pytest.approx(0.75, abs=0.03)
    with pytest.raises(ValueError, match="empty"):
        Bag().sample(rng)


@given(st.lists(st.sampled_from("abcd"), min_size=1, max_size=30), st.integers(0, 1000))
def test_bag_draws_conserve_contents(items, seed):
    bag = Bag[str]()
    for item in items:
        bag.add(item)
    rng = random.Random(seed)
    drawn = []
    while bag.total:
        kind = bag.sample(rng)
        bag.remove(kind)
        drawn.append(kind)
    assert sorted(drawn) == sorted(items)


def test_deck_known_top_and_bottom_are_ordered_unknown_is_chance():
    deck = Deck(["x", "y", "y"])
    assert deck.next_is_chance()
    assert dict(deck.outcomes()) == pytest.approx({"x": 1 / 3, "y": 2 / 3})
    deck.put_top("t")
    deck.put_bottom("b")
    assert not deck.next_is_chance() and deck.outcomes() == [("t", 1.0)]
    deck.take("t")
    for card in ("x", "y", "y"):
        deck.take(card)
    assert deck.next_known() == "b" and len(deck) == 1
    deck.take("b")
    with pytest.raises(ValueError, match="empty"):
        deck.take("b")


def test_deck_shuffle_forgets_order():
    deck = Deck(["a"])
    deck.put_top("b")
    deck.shuffle()
    assert deck.next_is_chance() and sorted(deck.cards()) == ["a", "b"]


def test_die_distinct_faces_with_weights():
    die = Die("blue", ("power1", "power1", "shadow", "shadow", "shadow", "exhaust"))
    assert dict(die.outcomes()) == pytest.approx({"power1": 1 / 3, "shadow": 0.5, "exhaust": 1 / 6})
    assert die.probability("shadow") == 0.5


def test_step_stack_nests_and_steps_are_immutable():
    stack = StepStack([Step("turn", 0)])
    stack.push(Step("draw", -1, n=2))
    assert stack.top is not None and stack.top.kind == "draw"
    stack.replace_top(stack.top.replace(n=1))
    assert stack.top["n"] == 1
    with pytest.raises(AttributeError):
        stack.top.kind = "x"  # type: ignore[misc]
    copy = stack.copy()
    copy.pop()
    assert len(stack) == 2 and len(copy) == 1


def test_states_pickle_and_deep_copy():
    import copy
    import pickle

    stack = StepStack([Step("turn", 0, n=(1, 2))])
    again = pickle.loads(pickle.dumps(stack))
    assert again == stack and copy.deepcopy(stack) == stack
    assert again.top is not None and again.top["n"] == (1, 2)
