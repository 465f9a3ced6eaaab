"""The flow is split into modules (``flow_steps``, ``flow_registry``, ``flow_driver``,
``flow_state``); every name a game or tool imports from ``oneiros.core.flow`` still comes
from there, as the very object its module defines (a step class registered through one
path is the class the other path names)."""

from __future__ import annotations

import importlib

import pytest

import oneiros.core.flow as flow

HOMES = {
    "flow_steps": (
        "Actor AUTO SIMUL GROUP ANY EACH LEADER POLICIES FlowStep AutoStep ChanceStep "
        "DecisionStep SimultaneousStep GroupStep evolve shared _AUTO _CHANCE _SEAT _SIMUL "
        "_GROUP _LEGACY _F_DONE _F_SKIP _F_SINGLE _F_PENDING _F_SETTLE _F_FINISH _to_json "
        "_from_json"
    ),
    "flow_registry": "Kinds StepKindError",
    "flow_driver": "Checkpoint Flow who legal advance act",
    "flow_state": "FlowState kinds_of restore_snapshot",
}


@pytest.mark.parametrize("module", sorted(HOMES))
def test_every_name_is_still_imported_from_core_flow(module: str) -> None:
    home = importlib.import_module(f"oneiros.core.{module}")
    for name in HOMES[module].split():
        assert getattr(flow, name) is getattr(home, name), name


def test_the_core_package_exports_the_same_flow_classes() -> None:
    from oneiros.core import AutoStep, Flow, FlowState, Kinds

    assert (AutoStep, Flow, FlowState, Kinds) == (
        flow.AutoStep,
        flow.Flow,
        flow.FlowState,
        flow.Kinds,
    )


def test_a_step_evolved_through_the_old_path_keeps_its_class_and_fields() -> None:
    kinds = flow.Kinds("modules-test", {"r": "rule r"})

    @kinds.step
    class Wait(flow.DecisionStep):
        kind = "wait"
        rule = "r"
        prompt = "Seat {seat} waits ({left} left)"
        seat: int
        left: int = 2

        def legal(self, s):  # pragma: no cover - never played
            return []

        def apply(self, s, f, action):  # pragma: no cover - never played
            f.pop()

    step = flow.evolve(Wait(1), left=1)
    assert type(step) is Wait and step.fields() == {"seat": 1, "left": 1}
    assert kinds.from_json(step.to_json()) == step
    assert step.prompt_text(None) == "Seat 1 waits (1 left)"
