"""Invariants over many random games (sleep-tight "Components", "3. Play Actions Facedown"):
26 Soul Fragments always, 40/28/28 cards always accounted for, and no observation or event
sent to one seat reveals another seat's hand card or face-down play before the reveal."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

import oneiros
from oneiros.core import CHANCE
from oneiros.core.zones import Table
from oneiros.games.sleep_tight.model import ZONES
from oneiros.games.sleep_tight.observation import places, sight
from oneiros.games.sleep_tight.state import SleepTightState
from oneiros.testing import (
    check_observations_json,
    check_replay,
    check_terminal,
    random_playout,
    random_step,
)

from .helpers import action_multiset, count_cards, step_top

CARD_KEYS = ("card", "cards", "bottom")
SHARED_REVEALS = {"stole_card_private", "took_card_private", "hand_shown"}
"""Events the rules show to two seats: the thief and the victim, the looker and the shown."""


def check_counts(state: SleepTightState) -> None:
    # sleep-tight "Components": 26 Soul Fragments, 40 Action, 28 Dreamscape, 28 Sandman.
    assert state.pile + sum(state.fragments) == 26
    assert state.pile >= 0 and min(state.fragments) >= 0
    assert count_cards(state) == (40, 28, 28)
    expected = Counter({c.id: c.copies for c in state.c.actions})
    assert action_multiset(state) == expected
    public = state.observation(None)["players"]
    for seat in range(state.n):
        if not state.alive[seat]:
            assert state.fragments[seat] == 0 and not state.hands[seat]
        # A card every seat knows is in a hand is there (or, while the plays are hidden,
        # among what the seat has played or discarded face down since).
        known = Counter(public[seat]["known_hand"])
        held = Counter(state.hands[seat])
        held.update(c for c, _t in state.pending_harm[seat])
        if state.frozen_hands is not None:
            held.update(p.card for p in state.plays[seat] if p.status == "hidden")
            held.update(state.pending_discards[seat])
        assert not known - held, f"seat {seat} is known to hold {known - held}"


def public_cards(state: SleepTightState) -> Counter[str]:
    out: Counter[str] = Counter(state.action_discard)
    out.update(state.removed_actions)
    out.update(state.exposed_cards)
    seen = state.observation(None)["players"]
    for seat in range(state.n):
        # Cards every seat saw go back into a hand (sleep-tight "3. Play Actions Facedown").
        out.update(seen[seat]["known_hand"])
    for plays in state.plays:
        for p in plays:
            if p.status != "hidden":
                out[p.card] += 1
            if p.bottom:  # a stack's bottom card is face up from the start
                out[p.bottom] += 1
    return out


def mentioned(data: dict) -> list[str]:
    found: list[str] = []
    for key in CARD_KEYS:
        value = data.get(key)
        if isinstance(value, str):
            found.append(value)
        elif isinstance(value, list):
            found.extend(v for v in value if isinstance(v, str))
    for play in data.get("plays", []) or []:
        found.append(play["card"])
        if play.get("bottom"):
            found.append(play["bottom"])
    return found


def check_new_events(state: SleepTightState, start: int) -> None:
    actions = {c.id for c in state.c.actions}
    public = public_cards(state)
    if any(e.kind == "reshuffled" for e in state.events()[start:]):
        # The public discard pile became the deck during the step ("2. Draw Actions").
        public.update(state.action_deck.cards())
    for event in state.events()[start:]:
        cards = [c for c in mentioned(dict(event.data)) if c in actions]
        if event.visible_to is None:
            if event.kind == "refused":
                continue  # the rulebook has the refused card revealed
            for card in cards:
                assert public[card] > 0, f"public event {event.kind} shows hidden {card}"
        elif event.kind in SHARED_REVEALS:
            assert len(event.visible_to) == 2
        else:
            assert len(event.visible_to) == 1
            assert event.data.get("seat", event.visible_to[0]) == event.visible_to[0]


def observations(state: SleepTightState) -> list[str]:
    """What each viewer (a spectator, then every seat) sees, with its event counter."""
    return [
        json.dumps([state.observation(s), state.event_count(s)], sort_keys=True)
        for s in [None, *range(state.n)]
    ]


def checked_playout(players: int, seed: int, determinize_every: int = 1) -> SleepTightState:
    game = oneiros.make("sleep-tight", players=players)
    rng = random.Random(seed)
    state = game.new_state(seed=seed)
    assert isinstance(state, SleepTightState)
    for i in range(game.info.max_decisions):
        if state.is_terminal():
            break
        check_counts(state)
        top = step_top(state)
        assert top
        before = observations(state) if top == "play" else []  # compared after a play only
        start = len(state.events())
        tm = state.to_move()
        seat = tm[0] if tm == (CHANCE,) or len(tm) == 1 else rng.choice(tm)
        chosen = random_step_for(state, rng, seat)
        check_new_events(state, start)
        if top == "play" and state.frozen_hands is not None and chosen != "stack":
            # A face-down choice changes nothing any other seat (or a spectator) can see;
            # only a stack shows its face-up bottom card (and the two cards leaving the hand).
            after = observations(state)
            for k, who in enumerate([None, *range(state.n)]):
                if who != seat:
                    assert after[k] == before[k], f"seat {seat}'s play is visible to {who}"
            for event in state.events()[start:]:
                assert event.visible_to == (seat,)
        if state.frozen_hands is not None:
            for viewer in range(state.n):
                obs = state.observation(viewer)
                for other, p in enumerate(obs["players"]):
                    if other != viewer:
                        assert p["hand"] is None
                        for play in p["plays"]:
                            assert play["face_up"] or (play["bottom"] and play["card"] is None)
        if i % determinize_every == 0 and not state.is_terminal():
            for viewer in range(state.n):
                view = state.determinize(viewer, rng)
                assert view.observation(viewer) == state.observation(viewer)
                assert view.to_move() == state.to_move()
                check_counts(view)  # type: ignore[arg-type]
                assert all(e.visible(viewer) for e in view.events())
    assert state.is_terminal()
    check_counts(state)
    return state


def random_step_for(state: SleepTightState, rng: random.Random, seat: int) -> str:
    """Apply a random legal action of ``seat`` (or chance); return its verb."""
    tm = state.to_move()
    if tm == (CHANCE,):
        state.apply(state.sample_chance(rng))
        return "chance"
    action = rng.choice(state.legal_actions(seat))
    state.apply(action, player=seat if len(tm) > 1 else None)
    return action.id.partition(":")[0]


@given(players=st.integers(1, 4), seed=st.integers(0, 2**32))
def test_invariants_and_hidden_information_in_random_games(players: int, seed: int) -> None:
    state = checked_playout(players, seed, determinize_every=3)
    check_terminal(state)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_many_random_games_keep_counts_and_secrets(players: int) -> None:
    for seed in range(12):
        checked_playout(players, 1000 + seed, determinize_every=7)


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_random_games_end_replay_and_serialise(players: int) -> None:
    game = oneiros.make("sleep-tight", players=players)
    reasons = set()
    for seed in range(30):
        state = random_playout(game, seed)
        check_terminal(state)
        reasons.add(state.end_reason())
        for event in state.events():
            assert "{" not in event.text and "['" not in event.text, event.text
        if seed < 4:
            check_observations_json(state)
            check_replay(state)
            assert len(state.history()) <= game.info.max_decisions
    assert reasons <= {
        "sandman_defeated",
        "wake_up",
        "all_dead",
        "trapped",
        "undercover_agent",
        "exposed_agent",
    }


def test_random_step_helper_plays_simultaneous_phases() -> None:
    game = oneiros.make("sleep-tight", players=3)
    state = game.new_state(seed=5)
    rng = random.Random(5)
    seen_several = False
    while not state.is_terminal():
        seen_several |= len(state.to_move()) > 1
        random_step(state, rng)
    assert seen_several


def test_the_observation_redacts_as_the_core_view_of_the_zone_declarations() -> None:
    """``observation.Sight`` applies the core's rules (``Table.view``) to the state's lists:
    in random positions, every place shows each viewer the same cards and count as the
    view of a table of entities laid out from the same declarations (``model.ZONES``)."""
    for players, seed in ((4, 7), (3, 8), (2, 9)):
        game = oneiros.make("sleep-tight", players=players)
        state = game.new_state(seed=seed)
        rng = random.Random(seed)
        checked = 0
        while not state.is_terminal():
            if rng.random() < 0.2:
                where = places(state)
                table = Table(players, ZONES)
                for (zone, owner), cards in where.items():
                    for card in cards:
                        table.create(f"{len(table.faces):04d}", card, zone, owner)
                for viewer in [None, *range(players)]:
                    view = table.view(viewer)
                    see = sight(players, viewer)
                    for zone, owner in where:
                        faces = view.cards(zone, owner)
                        mine = see.cards(where, (zone, owner))
                        assert (sorted(faces) if faces is not None else None) == (
                            sorted(mine) if mine is not None else None
                        )
                        assert view.count(zone, owner) == see.count(where, (zone, owner))
                checked += 1
            random_step(state, rng)
        assert checked > 10
