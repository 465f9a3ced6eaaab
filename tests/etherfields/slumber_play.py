"""Playing Slumbers in tests: start a Slumber or a journey, force chance by id, and move
on with plain choices (play on, pass, the first space) until a step of interest."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import oneiros
from oneiros.core.effects import Ctx
from oneiros.games.etherfields.kinds import RUNTIME
from oneiros.games.etherfields.language import LANGUAGE

PLAIN = ("continue", "pass", "done", "stop", "delta:cure", "give-up")


def start(scenario: str, players: int = 2, **options: Any) -> Any:
    game = oneiros.make("etherfields", players=players, options={"scenario": scenario, **options})
    return game.new_state(seed=0)


def top_kind(s: Any) -> str:
    return getattr(s.flow.top, "kind", "")


def drive(
    s: Any,
    until: Callable[[Any], bool] | str,
    forced: dict[str, list[str]] | None = None,
    limit: int = 3000,
) -> Any:
    """Apply plain choices until ``until`` holds (or the step of that kind is on top);
    chance takes the next id of ``forced[kind]`` when there is one, else its first
    outcome (sorted by id)."""
    stop = (lambda st: top_kind(st) == until) if isinstance(until, str) else until
    queues = {k: list(v) for k, v in (forced or {}).items()}
    for _ in range(limit):
        if s.is_terminal() or stop(s):
            return s
        if s.is_chance():
            queue = queues.get(top_kind(s), [])
            ids = sorted(a.id for a, _p in s.chance_outcomes())
            s.apply(queue.pop(0) if queue else ids[0])
            continue
        seat = s.to_move()[0]
        ids = [a.id for a in s.legal_actions(seat)]
        pick = next((p for p in PLAIN if p in ids), ids[0])
        s.apply(pick, player=seat)
    raise AssertionError(f"still at {top_kind(s)} after {limit} moves")


def run_effect(s: Any, text: str, seat: int = 0) -> None:
    """Resolve an effect of the language now, as a tile would (then the flow goes on)."""
    from oneiros.core.flow import advance

    s.flow.push(*reversed(RUNTIME.steps(LANGUAGE.parse(text), Ctx(seat=seat, source="test"))))
    advance(s, s.flow)


def events(s: Any, kind: str) -> list[Any]:
    return [e for e in s.events() if e.kind == kind]


def position(
    scenario: str,
    spaces: tuple[str, ...] = ("A1.1", "A1.2"),
    *,
    tiles: tuple[str, ...] = (),
    quirks: tuple[tuple[str, str], ...] = (),
    removed: tuple[str, ...] = (),
    deliverance: bool = False,
    seed: int = 0,
    **options: Any,
) -> Any:
    """A Slumber or a journey stated as data, through the game's own entry for a state
    handed on (``new_state(carry=...)``, "The next Slumber will begin with everything as it
    is now"): the Dreamers' starting cards at ``spaces``, the Slumber map tiles placed
    besides the Setup tiles, the Quirks lying in their spaces (``(space, Fate card)``), the
    Slumber tiles a Deliverance removed, and whether Deliverance is unlocked."""
    players = len(spaces)
    game = oneiros.make("etherfields", players=players, options={"scenario": scenario, **options})
    carry = game.new_state(seed=seed).slumber_carry()
    for seat, space in enumerate(spaces):
        carry["dreamers"][seat]["space"] = space
    carry["tiles"] = list(tiles)
    carry["quirks"] = [list(q) for q in quirks]
    carry["slumber_removed"] = list(removed)
    carry["deliverance"] = deliverance
    return game.new_state(seed=seed, carry=carry)
