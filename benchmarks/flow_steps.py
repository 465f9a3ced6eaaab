"""Cost of the flow's step machinery against today's ``Step``/``StepStack`` (CPU time).

    PYTHONPATH=src python benchmarks/flow_steps.py [repeats]

Measures, per operation, in nanoseconds: building a step (a two-field ``Step`` against a
two-field ``@step`` dataclass, and the shared memo of each), reading a field
(``step.data["seat"]`` against ``step.seat``), dispatching an action (a ``_DO[kind]`` table
against ``type(top).apply``) and one full driver round on the Pebbles test game (apply a
decision, advance). Prints each figure and the ratio flow/legacy; the two sides run
interleaved in the same process, so the ratio holds on a busy machine.
"""

from __future__ import annotations

import sys
import time
from typing import Any

from oneiros.core import Action, Step
from oneiros.core.flow import AutoStep, DecisionStep, Flow, Kinds, advance, shared

KINDS = Kinds("bench", {"r"})


@KINDS.step
class Check(AutoStep):
    kind = "check"
    rule = "r"
    seat: int
    exhausted: bool = False

    def run(self, s: Any, flow: Flow) -> None:
        flow.pop()


_SHARED: dict[tuple[Any, ...], Step] = {}


def legacy_shared(kind: str, player: int, names: tuple[str, ...], values: tuple[Any, ...]) -> Step:
    """Lucidity's ``_shared_step`` memo, as it is today."""
    key = (kind, player, values)
    step = _SHARED.get(key)
    if step is None:
        step = _SHARED[key] = Step(kind, player, **dict(zip(names, values, strict=True)))
    return step


def _do_check(state: Any, top: Step, aid: str) -> None:
    state.n += top.data["seat"]


_DO = {"check": _do_check}


class Holder:
    n = 0


def per_op(fn: Any, n: int) -> float:
    t = time.process_time()
    fn(n)
    return (time.process_time() - t) / n * 1e9


def build_legacy(n: int) -> None:
    for i in range(n):
        Step("check", -2, seat=i & 3, exhausted=False)


def build_flow(n: int) -> None:
    for i in range(n):
        Check(i & 3, False)


def memo_legacy(n: int) -> None:
    names = ("seat", "exhausted")
    for i in range(n):
        legacy_shared("check", -2, names, (i & 3, False))


def memo_flow(n: int) -> None:
    for i in range(n):
        shared(Check, i & 3, False)


def read_legacy(n: int) -> None:
    s = Step("check", -2, seat=1, exhausted=False)
    for _ in range(n):
        s.data["seat"]


def read_flow(n: int) -> None:
    s = Check(1)
    for _ in range(n):
        s.seat  # noqa: B018


def dispatch_legacy(n: int) -> None:
    h = Holder()
    s = Step("check", -2, seat=1)
    for _ in range(n):
        _DO[s.kind](h, s, "x")


@KINDS.step
class Pick(DecisionStep):
    kind = "pick"
    rule = "r"
    prompt = "Pick"
    seat: int

    def legal(self, s: Any) -> list[Action]:
        return [ACTION]

    def apply(self, s: Any, flow: Flow, action: Action) -> None:
        s.n += self.seat


ACTION = Action("x")


def dispatch_flow(n: int) -> None:
    h = Holder()
    s = Pick(1)
    flow = Flow({"r": "r"}, [], [])
    for _ in range(n):
        s.apply(h, flow, ACTION)


def driver_flow(n: int) -> None:
    flow = Flow({"r": "r"}, [], [])
    h = Holder()
    step = Check(1)
    items = flow.items
    for _ in range(n):
        items.append(step)
        advance(h, flow)


def pebbles_rounds(n: int) -> None:
    sys.path.insert(0, ".")
    from tests.tinygame import CARDS, PLAY, ROLL, Pebbles

    game = Pebbles(players=2)
    roll, stop, one = PLAY["roll"], PLAY["stop"], ROLL[0][0]
    done = 0
    while done < n:
        s = game.new_state(seed=0)
        s.apply(CARDS[1])
        s.apply(CARDS[2])
        s.apply("bet:odd", player=0)
        s.apply("bet:odd", player=1)
        done += 4
        while not s.is_terminal() and done < n:
            s.apply(roll)
            s.apply(one)
            s.apply(stop)
            done += 3


def main() -> None:
    import argparse

    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("repeats", type=int, nargs="?", default=200_000, help="repeats (200000)")
    repeats = ap.parse_args().repeats
    pairs = [
        ("build a step", build_legacy, build_flow),
        ("shared memo", memo_legacy, memo_flow),
        ("read a field", read_legacy, read_flow),
        ("dispatch", dispatch_legacy, dispatch_flow),
    ]
    print(f"{'operation':<14} {'legacy ns':>10} {'flow ns':>10} {'flow/legacy':>12}")
    for name, legacy, flow in pairs:
        a = min(per_op(legacy, repeats) for _ in range(3))
        b = min(per_op(flow, repeats) for _ in range(3))
        print(f"{name:<14} {a:>10.0f} {b:>10.0f} {b / a:>12.2f}")
    d = min(per_op(driver_flow, repeats) for _ in range(3))
    print(f"{'driver: push an automatic step and advance':<44} {d:>8.0f} ns")
    p = min(per_op(pebbles_rounds, repeats // 10) for _ in range(3))
    print(f"{'Pebbles: one applied action (checked apply)':<44} {p:>8.0f} ns")


if __name__ == "__main__":
    main()
