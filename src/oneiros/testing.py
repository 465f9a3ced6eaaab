"""Checks any game can plug into (used by the test suite, usable by third-party games).

from oneiros.testing import random_playout, check_replay
state = random_playout(game, seed=3)
check_replay(state)
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterable

from .core import CHANCE, Game, State, replay
from .core.actions import ActionGrammar, unmatched


class PlayoutError(AssertionError):
    """A game broke one of the generic invariants."""


def random_step(state: State, rng: random.Random) -> None:
    """Apply one uniformly random legal action (chance sampled with its distribution)."""
    tm = state.to_move()
    if tm == (CHANCE,):
        state.apply(state.sample_chance(rng))
        return
    seat = tm[0] if len(tm) == 1 else rng.choice(tm)
    actions = state.legal_actions(seat)
    if not actions:
        raise PlayoutError(f"seat {seat} must decide but has no legal action: {state!r}")
    state.apply(rng.choice(actions), player=seat if len(tm) > 1 else None)


def random_playout(
    game: Game,
    seed: int,
    check: Callable[[State], None] | None = None,
    max_actions: int | None = None,
) -> State:
    """Play random legal actions from a new state until the game ends.

    Calls ``check(state)`` after every action. Fails if the game does not end within the
    game's declared bound (``GameInfo.max_decisions``).
    """
    rng = random.Random(seed)
    state = game.new_state(seed=seed)
    bound = max_actions if max_actions is not None else game.info.max_decisions
    if check is not None:
        check(state)
    for _ in range(bound):
        if state.is_terminal():
            break
        random_step(state, rng)
        if check is not None:
            check(state)
    if not state.is_terminal():
        raise PlayoutError(f"{game.name}: no end after {bound} actions (seed {seed})")
    return state


def check_terminal(state: State) -> None:
    """A finished game has scores for every seat and winners among the seats."""
    scores = state.scores()
    if len(scores) != state.game.players:
        raise PlayoutError(f"scores {scores} do not cover {state.game.players} seats")
    for w in state.winners():
        if not 0 <= w < state.game.players:
            raise PlayoutError(f"winner {w} is not a seat")


def check_replay(state: State) -> State:
    """The record survives JSON and replays to an identical state."""
    record = json.loads(json.dumps(state.record()))
    again = replay(record)
    if again.snapshot() != state.snapshot():
        raise PlayoutError("the record does not replay to the same state")
    return again


def check_observations_json(state: State) -> None:
    """Every seat's observation and the public one are JSON-serialisable."""
    for seat in [None, *range(state.game.players)]:
        json.dumps(state.observation(seat))


def check_action_ids(
    game: Game,
    grammar: ActionGrammar,
    seeds: Iterable[int] = range(3),
    max_actions: int | None = None,
) -> int:
    """Every action id met in random play, legal actions and chance outcomes alike, parses
    with the game's grammar (``core/actions.py``) and formats back to itself. Returns how
    many distinct ids were checked; raises ``PlayoutError`` listing the ids that fail."""
    seen: set[str] = set()

    def collect(state: State) -> None:
        tm = state.to_move()
        if not tm:
            return
        if tm == (CHANCE,):
            seen.update(a.id for a, _ in state.chance_outcomes())
        else:
            for seat in tm:
                seen.update(a.id for a in state.legal_actions(seat))

    for seed in seeds:
        random_playout(game, seed, check=collect, max_actions=max_actions)
    bad = unmatched(grammar, sorted(seen))
    if bad:
        shown = ", ".join(bad[:10]) + (" ..." if len(bad) > 10 else "")
        raise PlayoutError(f"{game.name}: {len(bad)} action id(s) do not round-trip: {shown}")
    return len(seen)
