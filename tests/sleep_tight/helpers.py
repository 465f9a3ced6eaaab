"""Scenario helpers for the Sleep Tight tests: drive a game to a step with forced chance
outcomes and read a position back. Positions are laid out by ``scenario.scenario``, the only
test code that knows the state's fields."""

from __future__ import annotations

from collections import Counter
from typing import Any

from oneiros.cli.render import status_line
from oneiros.games.sleep_tight.state import SleepTightState

from .scenario import (
    IAM,
    NEUTRAL,
    SAFE,
    _make_agent,
    _set_dreamscapes,
    _set_fragments,
    _set_hand,
    _take_card,
    chance,
    run_until,
    scenario,
    start_effect,
    step_top,
)

__all__ = [
    "IAM",
    "NEUTRAL",
    "SAFE",
    "VIEWERS_OTHER_THAN_0",
    "action_multiset",
    "all_done",
    "at_play",
    "chance",
    "count_cards",
    "kinds",
    "make_agent",
    "new",
    "play",
    "public_view",
    "reveal",
    "run_until",
    "scenario",
    "set_dreams",
    "set_fragments",
    "set_hand",
    "start_effect",
    "step_top",
    "take_card",
]


def new(players: int = 3, **options: Any) -> SleepTightState:
    """A fresh game (seed 1) at its first step."""
    return scenario(players, at=None, **options)


def take_card(state: SleepTightState, card: str) -> None:
    """Remove one copy of ``card`` from wherever it is not in play (deck, discard, a hand)."""
    _take_card(state, card)


def set_hand(state: SleepTightState, seat: int, cards: list[str]) -> None:
    """Give ``seat`` exactly ``cards`` (the old hand goes back into the deck)."""
    _set_hand(state, seat, cards)


def set_fragments(state: SleepTightState, seat: int, n: int) -> None:
    _set_fragments(state, seat, n)


def set_dreams(state: SleepTightState, dreams: dict[int, str]) -> None:
    """Give seats these Dreamscapes (their old ones go back into the deck)."""
    _set_dreamscapes(state, dreams)


def make_agent(state: SleepTightState, seat: int, role: str = "undercover") -> None:
    """Make ``seat`` the Sandman's agent as if it had accepted I Am the Sandman earlier."""
    _make_agent(state, seat, role)


def at_play(
    players: int = 3,
    hands: dict[int, list[str]] | None = None,
    frags: dict[int, int] | None = None,
    dreams: dict[int, str] | None = None,
    **options: Any,
) -> SleepTightState:
    """A state at the face-down play phase of round 1 with the given hands, fragments and
    Dreamscapes (neutral ones by default)."""
    return scenario(players, hands=hands, fragments=frags, dreamscapes=dreams, **options)


def play(state: SleepTightState, seat: int, *ids: str, done: bool = True) -> None:
    for aid in ids:
        state.apply(aid, player=seat)
    if done:
        state.apply("done", player=seat)


def all_done(state: SleepTightState) -> None:
    while step_top(state) == "play":
        for seat in state.to_move():
            state.apply("done", player=seat)


def kinds(state: SleepTightState, kind: str, player: int | None = -99) -> list[Any]:
    return [e for e in state.events(player) if e.kind == kind]


def count_cards(state: SleepTightState) -> tuple[int, int, int]:
    """(Action, Dreamscape, Sandman) cards found in every zone."""
    actions = (
        len(state.action_deck)
        + len(state.action_discard)
        + sum(len(h) for h in state.hands)
        + sum(1 + (p.bottom is not None) for plays in state.plays for p in plays)
        + sum(len(d) for d in state.pending_discards)
        + sum(len(h) for h in state.pending_harm)
        + len(state.removed_actions)
        + len(state.exposed_cards)
    )
    dreams = (
        len(state.dream_deck)
        + len(state.dream_discard)
        + sum(d is not None for d in state.dreamscape)
        + len(state.box_dreamscapes)
    )
    sandman = (
        state.sandman_left()
        + len(state.sandman_discard)
        + (state.sandman_current is not None)
        + len(state.box_sandman)
    )
    return actions, dreams, sandman


def action_multiset(state: SleepTightState) -> Counter[str]:
    out: Counter[str] = Counter(state.action_deck.cards())
    out.update(state.action_discard)
    for hand in state.hands:
        out.update(hand)
    for plays in state.plays:
        for p in plays:
            out[p.card] += 1
            if p.bottom:
                out[p.bottom] += 1
    for d in state.pending_discards:
        out.update(d)
    for h in state.pending_harm:
        out.update(c for c, _t in h)
    out.update(state.removed_actions)
    out.update(state.exposed_cards)
    return out


def reveal(state: SleepTightState, sandman: str | None = None) -> None:
    """Everyone still choosing is done; the Sandman card drawn is ``sandman`` (default: a
    plain card lurking in no dream, or the plainest one left)."""
    all_done(state)
    assert step_top(state) == "sandman_draw", step_top(state)
    if sandman is None:
        left = [a.id.split(":", 1)[1] for a, _p in state.chance_outcomes()]
        plain = [c for c in left if state.c.sandman_card(c).kind == "normal"]
        plain.sort(key=lambda c: (len(state.c.sandman_card(c).dreams), c))
        sandman = plain[0]
    state.apply("sandman:" + sandman)


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
