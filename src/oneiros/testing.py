"""Checks any game can plug into (used by the test suite, usable by third-party games).

from oneiros.testing import random_playout, check_replay
state = random_playout(game, seed=3)
check_replay(state)
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Callable, Iterable
from typing import Any

from .core import CHANCE, Action, Game, State, replay
from .core.actions import ActionGrammar, unmatched


class PlayoutError(AssertionError):
    """A game broke one of the generic invariants."""


def random_move(state: State, rng: random.Random) -> tuple[int, Action, int | None]:
    """A uniformly random legal move of a state that is not over (chance sampled with its
    distribution; at a simultaneous decision the seat is drawn first): the seat that acts
    (``CHANCE`` at chance), the action, and the ``player`` to pass to ``apply`` (None unless
    several seats decide)."""
    tm = state.to_move()
    if tm == (CHANCE,):
        return CHANCE, state.sample_chance(rng), None
    seat = tm[0] if len(tm) == 1 else rng.choice(tm)
    actions = state.legal_actions(seat)
    if not actions:
        raise PlayoutError(f"seat {seat} must decide but has no legal action: {state!r}")
    return seat, rng.choice(actions), seat if len(tm) > 1 else None


def random_step(state: State, rng: random.Random) -> None:
    """Apply one uniformly random legal action (chance sampled with its distribution)."""
    _actor, action, player = random_move(state, rng)
    state.apply(action, player=player)


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


def _legal_by_seat(state: State) -> list[list[str]]:
    if state.is_chance():
        return [[f"{a.id}={p!r}" for a, p in state.chance_outcomes()]]
    return [[a.id for a in state.legal_actions(seat)] for seat in state.to_move()]


def check_snapshot(state: State, rng: random.Random, steps: int = 200) -> State:
    """``state.to_snapshot()`` is plain JSON and ``game.from_snapshot`` rebuilds a state
    that shows the same (``snapshot()``: every seat's observation, the events, the scores),
    offers the same legal actions and chance outcomes, snapshots to the same JSON, and goes
    on identically for up to ``steps`` random actions and chance outcomes (each applied to
    both: ``state`` moves on too). Returns the restored state."""
    name = state.game.name
    data = state.to_snapshot()
    text = json.dumps(data)
    again = state.game.from_snapshot(json.loads(text))
    if json.dumps(again.to_snapshot()) != text:
        raise PlayoutError(f"{name}: the restored state snapshots differently")
    for _ in range(steps + 1):
        if again.snapshot() != state.snapshot():
            raise PlayoutError(f"{name}: the restored state differs after {state.history()[-1:]}")
        if _legal_by_seat(again) != _legal_by_seat(state):
            raise PlayoutError(f"{name}: the restored state offers other actions")
        if state.is_terminal():
            break
        _actor, action, player = random_move(state, rng)
        state.apply(action.id, player=player)
        again.apply(action.id, player=player)
    return again


def check_observations_json(state: State) -> None:
    """Every seat's observation and the public one are JSON-serialisable."""
    for seat in [None, *range(state.game.players)]:
        json.dumps(state.observation(seat))


# ----- hidden information, rule references and event texts ----------------------------------


def _seen_events(state: State, seat: int | None) -> list[tuple[Any, ...]]:
    return [(e.kind, e.text, e.rule, e.visible_to) for e in state.events(seat)]


def check_determinize(state: State, seat: int, rng: random.Random) -> None:
    """``determinize(seat)`` keeps everything ``seat`` knows: its observation and the events
    it may see are identical in the resampled world."""
    world = state.determinize(seat, rng)
    if world.observation(seat) != state.observation(seat):
        raise PlayoutError(
            f"{state.game.name}: determinize({seat}) changes seat {seat}'s observation "
            f"at {state.decision()}"
        )
    if _seen_events(world, seat) != _seen_events(state, seat):
        raise PlayoutError(
            f"{state.game.name}: determinize({seat}) changes the events seat {seat} sees"
        )


def _variant(state: State, seat: int, rng: random.Random) -> State:
    """The same state with only what is hidden from ``seat`` changed: for a state built on
    zones, the table's hidden faces dealt anew and other seats' secret simultaneous
    choices chosen again (from the declarations); otherwise the game's ``determinize``."""
    from .core.flow import FlowState

    table = getattr(state, "table", None)
    if isinstance(state, FlowState) and table is not None:
        world: Any = state.determinize(seat, rng)
        other: Any = state.clone()
        other.table = world.table
        other.flow.items[:] = world.flow.items
        other.flow.changed()
        return other
    return state.determinize(seat, rng)


def _revealing(state: State, before: list[Any], seat: int) -> bool:
    """Whether the last action showed ``seat`` something it had not seen (a move into a
    zone it sees into, a reveal, the close of a simultaneous choice)."""
    from .core.flow import SimultaneousStep

    table = getattr(state, "table", None)
    if table is not None and seat in table.sighted:
        return True
    items = getattr(getattr(state, "flow", None), "items", [])
    return any(isinstance(s, SimultaneousStep) and s not in items for s in before)


def check_counterfactual(
    state: State, seat: int, rng: random.Random, action: Action | None = None, actor: int = 0
) -> None:
    """No observation or event of ``seat`` changes when only something hidden from it
    differs: in a variant of the state that differs only there, ``seat``'s observation is
    the same, and so are its observation and new events after ``action`` (by ``actor``)
    when that action is legal in both and shows ``seat`` nothing new."""
    other = _variant(state, seat, rng)
    name = state.game.name
    if other.observation(seat) != state.observation(seat):
        raise PlayoutError(
            f"{name}: seat {seat}'s observation depends on something hidden from it "
            f"at {state.decision()}"
        )
    if action is None or getattr(state, "table", None) is None:
        return
    if actor == CHANCE:
        _check_hidden_outcomes(state, seat, rng, action)
    if actor == CHANCE:
        legal = {a.id for a, _p in other.chance_outcomes()} if other.is_chance() else set()
    else:
        legal = {a.id for a in other.legal_actions(actor)} if actor in other.to_move() else set()
    if action.id not in legal:
        return
    mine = state.clone()
    for s in (mine, other):
        t = getattr(s, "table", None)
        if t is not None:
            t.sighted.clear()
    before = list(getattr(getattr(mine, "flow", None), "items", []))
    player = None if actor == CHANCE else actor
    new_a = mine.apply(action.id, player=player)
    new_b = other.apply(action.id, player=player)
    if _revealing(mine, before, seat) or _revealing(other, before, seat):
        return
    seen_a = [(e.kind, e.text, e.rule) for e in new_a if e.visible(seat)]
    seen_b = [(e.kind, e.text, e.rule) for e in new_b if e.visible(seat)]
    if seen_a != seen_b:
        raise PlayoutError(
            f"{name}: after {action.id!r}, the events seat {seat} sees depend on something "
            f"hidden from it: {seen_a} against {seen_b}"
        )
    if mine.observation(seat) != other.observation(seat):
        raise PlayoutError(
            f"{name}: after {action.id!r}, seat {seat}'s observation depends on something "
            "hidden from it"
        )


def _hidden_run(state: State, seat: int, action_id: str) -> tuple[State, list[Any]] | None:
    """Apply a chance outcome to a copy; None unless it only moved entities to places
    hidden from ``seat`` and showed it nothing."""
    from .core.flow import SimultaneousStep

    s: Any = state.clone()
    table = s.table
    table.sighted.clear()
    table.moved = []
    before = list(s.flow.items)
    events = s.apply(action_id)
    if not table.moved or seat in table.sighted:
        return None
    if any(table.sees_face(seat, e) for e in table.moved):
        return None
    if any(isinstance(x, SimultaneousStep) and x not in s.flow.items for x in before):
        return None
    return s, [(e.kind, e.text, e.rule) for e in events if e.visible(seat)]


def _check_hidden_outcomes(state: State, seat: int, rng: random.Random, action: Action) -> None:
    """Two chance outcomes that only deal entities out of ``seat``'s sight look the same
    to it (derived from the zone declarations)."""
    others = [a for a, _p in state.chance_outcomes() if a.id != action.id]
    if not others:
        return
    a = _hidden_run(state, seat, action.id)
    b = _hidden_run(state, seat, rng.choice(others).id)
    if a is None or b is None:
        return
    name = state.game.name
    if a[1] != b[1]:
        raise PlayoutError(
            f"{name}: the events seat {seat} sees depend on a chance outcome hidden from it: "
            f"{a[1]} against {b[1]}"
        )
    if a[0].observation(seat) != b[0].observation(seat):
        raise PlayoutError(
            f"{name}: seat {seat}'s observation depends on a chance outcome hidden from it"
        )


def check_rule_references(state: State, refs: set[str]) -> None:
    """Every rule reference in ``refs`` (met in play) has a ``rule_text``."""
    missing = sorted(r for r in refs if r and state.game.rule_text(r) is None)
    if missing:
        raise PlayoutError(f"{state.game.name}: no rule_text for {', '.join(missing)}")


def check_event_texts(state: State) -> None:
    """Every event's text formats with its data (no raw ``{field}`` shown to players)."""
    for e in state.events():
        e.format(strict=True)


def check_hidden_information(game: Game, seed: int, every: float = 0.05) -> State:
    """Random play from ``seed`` with the hidden-information checks at about ``every`` of
    the positions, for every seat (``check_determinize``, ``check_counterfactual``), then
    the rule-reference and event-text checks over the whole game. Returns the final state."""
    rng = random.Random(seed)
    state = game.new_state(seed=seed)
    refs: set[str] = set()
    bound = game.info.max_decisions
    hidden = not game.info.perfect_information
    for _ in range(bound):
        if state.is_terminal():
            break
        decision = state.decision()
        if decision is not None:
            refs.add(decision.rule)
        actor, action, player = random_move(state, rng)
        if hidden and rng.random() < every:
            for seat in range(game.players):
                check_determinize(state, seat, random.Random(rng.random()))
                check_counterfactual(state, seat, random.Random(rng.random()), action, actor)
        state.apply(action, player=player)
    refs.update(e.rule for e in state.events())
    check_rule_references(state, refs)
    check_event_texts(state)
    return state


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


def state_digest(
    state: Any,
    record: list[str],
    legal: str,
    *,
    event_text: Callable[[Any], str] | None = None,
    **extra: Any,
) -> str:
    """A SHA-256 of what a finished game shows (record, every viewer's observation, events,
    scores, winners, end, turns, stats) and of ``legal``, a digest of the legal-action lists met
    on the way: the fixed-seed digest tests of each game compare it across changes that must
    not change behaviour. ``extra``: more items of the payload (views taken during play).
    ``event_text``: reads an event's text (default ``event.text``), so that a digest can
    read an event whose wording was changed on purpose as it was worded before."""
    players = state.game.players
    text_of = event_text or (lambda e: e.text)
    payload = {
        "record": record,
        "public": state.observation(None),
        "seats": [state.observation(p) for p in range(players)],
        "events": [(e.kind, text_of(e), e.rule, e.visible_to) for e in state.events()],
        "scores": state.scores(),
        "winners": state.winners(),
        "end": state.end_reason(),
        "turns": state.turn_number(),
        "stats": state.stats(),
        "legal": legal,
        **extra,
    }
    text = json.dumps(payload, sort_keys=True, default=repr)
    return hashlib.sha256(text.encode()).hexdigest()
