"""The Sleep Tight scenario builder: a position described as data, built by one function.

``scenario()`` plays a fresh game with neutral chance outcomes up to a step of round 1 or later (the
face-down plays by default), then lays out the position the test names: each seat's hand,
Soul Fragments and Dreamscape, the Sandman's agents and pending offers, the next Sandman
cards, how many cards are left in each deck (the rest go to the discard piles), and the
actions each seat has already taken. Every card and fragment is moved from somewhere,
never made, so the game's card and fragment counts stay whole.

This module is the only test code that knows the state's fields; tests read positions back
through the game's API (``legal_actions``, ``observation``, events) or plain reads.

>>> state = scenario(3, hands={0: ["nightlight"]}, fragments={1: 4}, agents={2: "exposed"})
>>> state.to_move()
(0, 1, 2)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import oneiros
from oneiros.core import CHANCE
from oneiros.core.components import Deck
from oneiros.core.effects import Ctx
from oneiros.core.flow import advance
from oneiros.games.sleep_tight.effects import LANGUAGE
from oneiros.games.sleep_tight.state import SleepTightState
from oneiros.games.sleep_tight.steps.sandman import sandman_deck as sandman_deck_of
from oneiros.games.sleep_tight.steps.sandman import take_sandman
from oneiros.games.sleep_tight.steps.symbols import RUNTIME

SAFE = "paper-slingshot"
"""The card neutral Action draws deal (no draw-time effect)."""

IAM = "i-am-the-sandman"

NEUTRAL = ("familiar-hallway", "ruined-city", "icicle-nursery", "familiar-hallway", "ruined-city")
"""Dreamscapes with no requirement modifier (shadow, desolation, cold, shadow, desolation),
dealt by default in the play step of round 1."""

_AVOID = ("i-am-the-sandman", "sleepwalk", "soul-consumer", "hollow-hour")


def scenario(
    players: int = 3,
    *,
    at: str | None = "play",
    round: int = 1,
    hands: Mapping[int, Sequence[str]] | None = None,
    fragments: Mapping[int, int] | None = None,
    dreamscapes: Mapping[int, str] | None = None,
    draws: Sequence[str] = (),
    agents: Mapping[int, str] | None = None,
    offers: Sequence[int] = (),
    sandman_top: Sequence[str] = (),
    sandman_discard: Sequence[str] = (),
    sandman_deck: int | None = None,
    sandman_beaten: int = 0,
    dreamscape_deck: int | None = None,
    action_deck: int | None = None,
    plays: Mapping[int, Sequence[str]] | None = None,
    seed: int = 1,
    **options: Any,
) -> SleepTightState:
    """A Sleep Tight position, with ``players`` seats and these game ``options``.

    - ``at``: the step on top (``None``: the game's first step, before any move), reached
      with neutral moves (seats refuse, are done, wait or pass; Action draws deal Paper
      Slingshots; no Sandman card that surprises), in round ``round``. At
      ``"play"`` (the round's face-down plays) every seat gets a Dreamscape without a
      requirement modifier unless ``dreamscapes`` names one; the hands then are exactly
      ``hands`` (empty for a seat not named). At any other step, ``hands`` replaces only
      the named seats' hands.
    - ``dreamscapes``: a seat's Dreamscape. At ``"play"`` it replaces the one drawn (which
      is shuffled back); before, it is the Dreamscape the seat draws in round 1 (a forced
      chance outcome, so the Soul Fragments it gives are taken).
    - ``draws``: the first Action cards drawn on the way, in order (forced outcomes).
    - ``fragments``: a seat's Soul Fragments (taken from or returned to the pile).
    - ``agents``: ``"undercover"`` (it holds I Am the Sandman, accepted in an earlier
      round) or ``"exposed"`` (the card lies face up).
    - ``offers``: seats holding I Am the Sandman with the offer still unanswered.
    - ``sandman_discard``: these Sandman cards are already beaten (in his discard pile);
      ``sandman_top``: the next Sandman cards, in order; ``sandman_deck``: then only this
      many cards stay in his deck, the top ones (the rest are beaten); ``sandman_beaten``:
      his next this many cards are beaten (taken from the deck as the rules take a card,
      so a Soul Consumer held back by ``easier_soul_consumer`` joins the deck when the
      top half is gone).
    - ``dreamscape_deck`` / ``action_deck``: only this many cards stay in the deck, the
      rest go to its discard pile.
    - ``plays``: actions each seat has already taken at the step on top, in order (for
      example ``{0: ["play:tantrum"]}``); a seat that should be done adds ``"done"``.
    """
    game = oneiros.make("sleep-tight", players=players, options=options)
    state = game.new_state(seed=seed)
    assert isinstance(state, SleepTightState)
    hands = dict(hands or {})
    if at == "play":
        run_until(state, "play", draws=draws, round=round)
        wanted = dict(dreamscapes or {})
        pool = list(NEUTRAL)
        for card in wanted.values():
            if card in pool:
                pool.remove(card)
        _set_dreamscapes(
            state, {s: wanted[s] if s in wanted else pool.pop(0) for s in range(players)}
        )
        for seat in range(players):
            hands.setdefault(seat, [])
    elif at is not None:
        run_until(state, at, dreams=dreamscapes, draws=draws, round=round)
    for seat, cards in hands.items():
        _set_hand(state, seat, list(cards))
    for seat, n in (fragments or {}).items():
        _set_fragments(state, seat, n)
    for seat, role in (agents or {}).items():
        _make_agent(state, seat, role)
    for seat in offers:
        _take_card(state, IAM)
        _add_to_hand(state, seat, IAM)  # a dreamer holding it: the offer is open
    for card in sandman_discard:
        state.sandman_deck.remove_anywhere(card)
        state.sandman_discard.append(card)
    for card in reversed(sandman_top):
        state.sandman_deck.remove_anywhere(card)
        state.sandman_deck.put_top(card)
    if sandman_deck is not None:
        _cut(state.sandman_deck, sandman_deck, state.sandman_discard)
    for _ in range(sandman_beaten):
        card = sandman_deck_of(state).cards()[0]
        take_sandman(state, card)
        state.sandman_discard.append(card)
    if dreamscape_deck is not None:
        _cut(state.dream_deck, dreamscape_deck, state.dream_discard)
    if action_deck is not None:
        _cut(state.action_deck, action_deck, state.action_discard)
    for seat, ids in (plays or {}).items():
        for aid in ids:
            state.apply(aid, player=seat)
    return state


def step_top(state: SleepTightState) -> str:
    """The kind of the step on top ("" once the game is over)."""
    top = state.stack.top
    return top.kind if top is not None else ""


def start_effect(state: SleepTightState, effect: str, seat: int) -> None:
    """Put an effect written in Sleep Tight's effect language (``effects.LANGUAGE``, for
    example ``"repeat(2, gain(1))"``) on top, for ``seat``, as a card resolving would, and
    run it until someone must decide."""
    state.flow.push(*RUNTIME.steps(LANGUAGE.parse(effect), Ctx(seat=seat)))
    advance(state, state.flow)


def chance(state: SleepTightState, prefer: Sequence[str] = ()) -> str:
    """Apply a chance outcome: the first preferred id that is possible, else a neutral one."""
    ids = [a.id for a, _p in state.chance_outcomes()]
    for want in prefer:
        if want in ids:
            state.apply(want)
            return want
    pick = next((i for i in ids if not i.endswith(_AVOID)), ids[0])
    state.apply(pick)
    return pick


def run_until(
    state: SleepTightState,
    kind: str,
    dreams: Mapping[int, str] | None = None,
    sandman: str | None = None,
    draws: Sequence[str] = (),
    round: int = 1,
) -> None:
    """Play neutral moves until the step on top is ``kind`` in round ``round`` (or later)."""
    dreams = dict(dreams or {})
    draws = list(draws)
    for _ in range(2000):
        top = state.stack.top
        if top is None or (top.kind == kind and state.round >= round):
            return
        tm = state.to_move()
        if tm == (CHANCE,):
            if top.kind == "dream" and top.seat in dreams:
                state.apply("dream:" + dreams.pop(top.seat))
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


def _cut(deck: Deck[str], keep: int, discard: list[str]) -> None:
    """Move cards from ``deck`` to ``discard`` until ``keep`` are left (the known top ones
    stay)."""
    gone = deck.cards()[keep:]
    for card in gone:
        if deck.unknown.count(card):
            deck.unknown.remove(card)
        else:
            deck.remove_anywhere(card)
    discard.extend(gone)


def _take_card(state: SleepTightState, card: str) -> None:
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


def _add_to_hand(state: SleepTightState, seat: int, card: str) -> None:
    state.seats[seat].hand = sorted([*state.seats[seat].hand, card])
    if state.frozen_hands is not None:
        state.frozen_hands[seat] += 1


def _set_hand(state: SleepTightState, seat: int, cards: list[str]) -> None:
    """Give ``seat`` exactly ``cards`` (the old hand goes back into the deck)."""
    for card in state.seats[seat].hand:
        state.action_deck.add_unknown(card)
    state.seats[seat].hand = []
    for card in cards:
        _take_card(state, card)
    state.seats[seat].hand = sorted(cards)
    if state.frozen_hands is not None:
        state.frozen_hands[seat] = len(cards)


def _set_fragments(state: SleepTightState, seat: int, n: int) -> None:
    delta = n - state.seats[seat].fragments
    assert state.pile >= delta, "not enough fragments in the pile"
    state.pile -= delta
    state.seats[seat].fragments = n


def _set_dreamscapes(state: SleepTightState, dreams: dict[int, str]) -> None:
    """Give seats these Dreamscapes (their old ones go back into the deck)."""
    for seat in dreams:
        old = state.seats[seat].dreamscape
        if old is not None:
            state.dream_deck.add_unknown(old)
            state.seats[seat].dreamscape = None
    for seat, card in dreams.items():
        state.dream_deck.remove_anywhere(card)
        state.seats[seat].dreamscape = card


def _make_agent(state: SleepTightState, seat: int, role: str) -> None:
    """Make ``seat`` the Sandman's agent as if it had accepted I Am the Sandman earlier."""
    assert role in ("undercover", "exposed"), role
    _take_card(state, IAM)
    state.seats[seat].role = role
    state.seats[seat].agent_round = state.round - 1
    if role == "undercover":
        _add_to_hand(state, seat, IAM)
    else:
        state.exposed_cards.append(IAM)
