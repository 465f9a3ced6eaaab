"""Who receives the event of a card moved between zones follows from the zone declaration
(``model.ZONES``, sleep-tight "3. Play Actions Facedown"): ``model.watchers`` gives the
seats that see the card where it goes or where it was, as the core's ``Table.move`` does,
so no such event reaches a seat the declaration hides the card from."""

from __future__ import annotations

import itertools
import random

import pytest

import oneiros
from oneiros.core import CHANCE
from oneiros.core.flow import Flow, SimultaneousStep
from oneiros.core.zones import Table
from oneiros.games.sleep_tight.model import ZONES, watchers
from oneiros.games.sleep_tight.state import SleepTightState
from oneiros.testing import random_move

from .helpers import kinds, play, scenario


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_a_moved_card_is_named_to_the_seats_the_core_move_names_it_to(players: int) -> None:
    places = list(Table(players, ZONES).contents)
    for src, dst in itertools.product(places, places):
        table = Table(players, ZONES)
        entity = table.create("card", "tantrum", *src)
        events: list = []
        table.move(entity, *dst, flow=Flow({}, events), fmt="moved {face}")
        expected = events[0].visible_to if events else ()
        got = watchers(dst, src)
        assert (sorted(got) if got is not None else None) == (
            sorted(expected) if expected is not None else None
        ), (src, dst)


def test_a_card_taken_from_a_hand_is_named_to_the_taker_then_the_victim() -> None:
    assert watchers(("hand", 2), ("hand", 0)) == (2, 0)
    assert watchers(("hand", 1), ("action_deck", None)) == (1,)
    assert watchers(("action_discard", None), ("hand", 1)) is None  # a public pile
    assert watchers(("action_deck", None), ("sandman_box", None)) == ()  # nobody


def test_an_unknown_zone_is_an_error_not_a_public_event() -> None:
    with pytest.raises(KeyError, match="not a zone"):
        watchers(("under_the_bed", 0))


def test_the_face_down_choices_reach_their_owner_alone() -> None:
    state = scenario(
        3,
        hands={0: ["tantrum", "slam-the-closet", "nightlight", "paper-slingshot"]},
        fragments={0: 1},
    )
    play(state, 0, "stack:tantrum:slam-the-closet", "play:paper-slingshot", "discard:nightlight")
    for kind in ("played", "discard_pending", "stacked"):
        (event,) = kinds(state, kind)
        assert event.visible_to == (0,)
        assert not kinds(state, kind, 1) and not kinds(state, kind, None)


KNOWN_DEDUCTION = {"steal_nothing", "nobody"}
"""Events that tell every seat something about hidden cards by the rules' own doing: a hand
whose only card is I Am the Sandman, which cannot be taken (docs/games/sleep-tight.md,
"Observation and hidden information"), and Where Is The Sandman finding no unprotected
holder ("Special Cards")."""


class Sightings:
    """Records, while a move is applied, whether a card came into a seat's sight: moved to
    a zone the seat sees into from one it did not (``model.watchers``), or shown by a rule."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.seats: set[int | None] = set()  # None: every seat
        moved, shown = SleepTightState.moved, SleepTightState.shown

        def spy_moved(s, kind, fmt, rule, src, dst, **data):
            after, before = watchers(dst), watchers(src)
            if after is None and before is not None:
                self.seats.add(None)
            elif after is not None and before is not None:
                self.seats.update(set(after) - set(before))
            moved(s, kind, fmt, rule, src, dst, **data)

        def spy_shown(s, kind, fmt, rule, place, to, **data):
            self.seats.add(to)
            shown(s, kind, fmt, rule, place, to, **data)

        monkeypatch.setattr(SleepTightState, "moved", spy_moved)
        monkeypatch.setattr(SleepTightState, "shown", spy_shown)

    def run(self, state, action_id: str, player: int | None) -> tuple[list, set[int | None]]:
        self.seats.clear()
        events = state.apply(action_id, player=player)
        return events, set(self.seats)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_no_event_depends_on_a_card_the_declaration_hides_from_the_seat(
    players: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A counterfactual check: in a world the seat cannot tell apart (``determinize``),
    the same action sends the seat the same events and leaves it the same observation,
    unless the action brought a card into its sight (a reveal, a card shown, a card
    entering a public zone or the seat's own hand) or closed a secret choice."""
    spy = Sightings(monkeypatch)
    compared = 0
    for seed in range(8):
        state = oneiros.make("sleep-tight", players=players).new_state(seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            actor, action, player = random_move(state, rng)
            if rng.random() < 0.3:
                for seat in range(players):
                    if seat != actor:
                        compared += counterfactual(spy, state, seat, actor, action.id, player)
            state.apply(action, player=player)
    assert compared > 100


def counterfactual(spy: Sightings, state, seat: int, actor: int, aid: str, player) -> int:
    other = state.determinize(seat, random.Random(seat))
    assert other.observation(seat) == state.observation(seat)
    if actor == CHANCE:
        legal = {a.id for a, _p in other.chance_outcomes()} if other.is_chance() else set()
    else:
        legal = {a.id for a in other.legal_actions(actor)} if actor in other.to_move() else set()
    if aid not in legal:
        return 0
    mine = state.clone()
    # a secret choice closes when its step leaves the stack (a choice made inside it gives
    # a new step of the same class: the pending discards are the step's fields)
    secret = {type(x) for x in mine.flow.items if isinstance(x, SimultaneousStep)}
    new_a, seen_a = spy.run(mine, aid, player)
    new_b, seen_b = spy.run(other, aid, player)
    if {seat, None} & (seen_a | seen_b) or secret - {type(x) for x in mine.flow.items}:
        return 0
    events_a = [(e.kind, e.text) for e in new_a if e.visible(seat)]
    events_b = [(e.kind, e.text) for e in new_b if e.visible(seat)]
    if {k for k, _t in events_a + events_b} & KNOWN_DEDUCTION:
        return 0
    assert events_a == events_b, f"seat {seat} after {aid}"
    assert mine.observation(seat) == other.observation(seat), f"seat {seat} after {aid}"
    return 1
