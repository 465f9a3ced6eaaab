"""Scenario helpers for the Sleep Tight tests: drive a game to a phase with forced chance
outcomes, and move cards between zones without breaking the card and fragment counts."""

from __future__ import annotations

from collections import Counter
from typing import Any

import oneiros
from oneiros.core import CHANCE
from oneiros.games.sleep_tight.state import SleepTightState

SAFE = "paper-slingshot"
"""A card the helpers deal by default (no draw-time effect)."""


def new(players: int = 3, **options: Any) -> SleepTightState:
    game = oneiros.make("sleep-tight", players=players, options=options)
    state = game.new_state(seed=1)
    assert isinstance(state, SleepTightState)
    return state


def chance(state: SleepTightState, prefer: list[str] | None = None) -> str:
    """Apply a chance outcome: the first preferred id that is possible, else a neutral one."""
    ids = [a.id for a, _p in state.chance_outcomes()]
    for want in prefer or []:
        if want in ids:
            state.apply(want)
            return want
    avoid = ("i-am-the-sandman", "sleepwalk", "soul-consumer", "hollow-hour")
    pick = next((i for i in ids if not i.endswith(avoid)), ids[0])
    state.apply(pick)
    return pick


def step_top(state: SleepTightState) -> str:
    top = state.stack.top
    return top.kind if top is not None else ""


def run_until(
    state: SleepTightState,
    kind: str,
    dreams: dict[int, str] | None = None,
    sandman: str | None = None,
    draws: list[str] | None = None,
) -> None:
    """Play neutral moves until the top step is ``kind`` (a round phase)."""
    dreams = dict(dreams or {})
    draws = list(draws or [])
    for _ in range(2000):
        top = state.stack.top
        if top is None or top.kind == kind:
            return
        tm = state.to_move()
        if tm == (CHANCE,):
            if top.kind == "dream" and top["seat"] in dreams:
                state.apply("dream:" + dreams.pop(top["seat"]))
            elif top.kind == "sandman_draw" and sandman:
                state.apply("sandman:" + sandman)
            elif top.kind == "draw" and draws:
                chance(state, ["draw:" + draws.pop(0)])
            else:
                chance(state, ["draw:" + SAFE])
            continue
        seat = tm[0]
        ids = [a.id for a in state.legal_actions(seat)]
        for choice in ("refuse", "done", "wait", "pass", "dodge:take", "from:pile"):
            if choice in ids:
                break
        else:
            choice = ids[0]
        state.apply(choice, player=seat if len(tm) > 1 else None)
    raise AssertionError(f"never reached {kind}")


def take_card(state: SleepTightState, card: str) -> None:
    """Remove one copy of ``card`` from wherever it is not in play (deck, discard, a hand)."""
    if state.action_deck.unknown.count(card) or card in state.action_deck.top:
        state.action_deck.remove_anywhere(card)
        return
    if card in state.action_discard:
        state.action_discard.remove(card)
        return
    for hand in state.hands:
        if card in hand:
            hand.remove(card)
            return
    raise AssertionError(f"no free copy of {card}")


def set_hand(state: SleepTightState, seat: int, cards: list[str]) -> None:
    """Give ``seat`` exactly ``cards`` (the old hand goes back into the deck)."""
    for card in state.hands[seat]:
        state.action_deck.add_unknown(card)
    state.hands[seat] = []
    for card in cards:
        take_card(state, card)
    state.hands[seat] = sorted(cards)
    if state.frozen_hands is not None:
        state.frozen_hands[seat] = len(cards)


def set_fragments(state: SleepTightState, seat: int, n: int) -> None:
    delta = n - state.fragments[seat]
    assert state.pile >= delta, "not enough fragments in the pile"
    state.pile -= delta
    state.fragments[seat] = n


def set_dreamscape(state: SleepTightState, seat: int, card: str) -> None:
    """Swap ``seat``'s Dreamscape for ``card`` (taken from the deck)."""
    old = state.dreamscape[seat]
    state.dream_deck.remove_anywhere(card)
    if old is not None:
        state.dream_deck.add_unknown(old)
    state.dreamscape[seat] = card


def put_sandman_top(state: SleepTightState, *cards: str) -> None:
    """Stack the next Sandman cards (forced outcomes for draws and discards)."""
    for card in reversed(cards):
        state.sandman_deck.remove_anywhere(card)
        state.sandman_deck.put_top(card)


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


NEUTRAL = ("familiar-hallway", "ruined-city", "icicle-nursery", "familiar-hallway", "ruined-city")
"""Dreamscapes with no requirement modifier (shadow, desolation, cold, shadow, desolation)."""


def set_dreams(state: SleepTightState, dreams: dict[int, str]) -> None:
    """Give seats these Dreamscapes (their old ones go back into the deck)."""
    for seat in dreams:
        old = state.dreamscape[seat]
        if old is not None:
            state.dream_deck.add_unknown(old)
            state.dreamscape[seat] = None
    for seat, card in dreams.items():
        state.dream_deck.remove_anywhere(card)
        state.dreamscape[seat] = card


def at_play(
    players: int = 3,
    hands: dict[int, list[str]] | None = None,
    frags: dict[int, int] | None = None,
    dreams: dict[int, str] | None = None,
    **options: Any,
) -> SleepTightState:
    """A state at the face-down play phase of round 1 with the given hands, fragments and
    Dreamscapes (neutral ones by default)."""
    state = new(players, **options)
    run_until(state, "play")
    wanted = dict(dreams or {})
    pool = list(NEUTRAL)
    for card in wanted.values():
        if card in pool:
            pool.remove(card)
    chosen = {s: wanted[s] if s in wanted else pool.pop(0) for s in range(players)}
    set_dreams(state, chosen)
    for seat in range(players):
        set_hand(state, seat, list((hands or {}).get(seat, [])))
    for seat, n in (frags or {}).items():
        set_fragments(state, seat, n)
    return state


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


IAM = "i-am-the-sandman"


def make_agent(state: SleepTightState, seat: int, role: str = "undercover") -> None:
    """Make ``seat`` the Sandman's agent as if it had accepted I Am the Sandman earlier."""
    take_card(state, IAM)
    state.role[seat] = role
    state.agent_round[seat] = state.round - 1
    if role == "undercover":
        state.hands[seat] = sorted([*state.hands[seat], IAM])
        if state.frozen_hands is not None:
            state.frozen_hands[seat] += 1
    else:
        state.exposed_cards.append(IAM)


def empty_sandman_deck_but(state: SleepTightState, keep: int) -> None:
    """Move Sandman cards to his discard pile until ``keep`` are left in the deck."""
    for card in state.sandman_deck.cards()[keep:]:
        state.sandman_deck.remove_anywhere(card)
        state.sandman_discard.append(card)
