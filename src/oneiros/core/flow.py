"""The flow: typed, immutable step classes, one stack, one driver.

A game built on the flow keeps its pending work as a stack of small immutable step
values, each an instance of a step class that carries its own legality, effect, prompt and
rule reference. Progress is a new step (``dataclasses.replace(self, ...)``, or the faster
``evolve(self, ...)``), so what a
sequence of decisions remembers lives in the fields of the step that owns it, and a clone
copies the stack with one list copy.

Five kinds of step, by who acts:

==================  ====================================================================
``AutoStep``        nobody: ``run(s, flow)`` once, as soon as it is on top
``ChanceStep``      chance: ``outcomes(s)``, ``sample(s, rng)``, ``apply(s, flow, action)``
``DecisionStep``    one seat (``actor(s)``, by default the ``seat`` field):
                    ``legal(s)``, ``apply(s, flow, action)``
``SimultaneousStep`` every seat in ``waiting`` chooses in secret (``legal(s, seat)``); the
                    choices stay in the step until the last one, then ``close(s, flow,
                    choices)`` resolves them together
``GroupStep``       several seats under a ``policy``: ``"any"`` (any seat in ``seats`` may
                    act, ``apply(s, flow, seat, action)``), ``"each"`` (each seat in
                    ``seats`` acts once, in any order, in the open; then ``close``),
                    ``"leader"`` (only ``leader(s)`` decides for the group)
==================  ====================================================================

Every handler finds its step on top of the stack and changes the stack through ``flow``:
``flow.replace(*steps)`` takes the running step off and pushes ``steps`` in order (the
last one on top, resolved first), ``flow.push(*steps)`` pushes on top of it (a nested
step: the running one resumes afterwards), ``flow.pop()`` takes it off. An automatic step
that leaves the stack as it found it has run once and is taken off by the driver.

A decision or chance step with nothing left to do says so in ``done(s)``: the driver then
takes it off and calls ``finish(s, flow)``. A decision step may set ``skip_without_choice``
(taken off, with ``finish``, when no action is legal) or ``auto_single`` (its only legal
action is applied by the driver, without a record entry: nothing was chosen); any step
may override ``settle(s, flow)`` to resolve by itself what needs no one's choice.

A game may give its ``Flow`` a ``checkpoint(s, flow)``: a function the driver calls
between steps, before it looks at the step on top (after a step ran, was taken off or
settled, and after each action), for the rules that hold "at any moment" rather than at a
step: deaths, the ends of the game, a question a seat may be asked whenever a condition
holds. It returns True when it changed the stack (pushed a step, cleared the stack at the
end of the game): the driver then looks again, and calls it again first. It must return
False once nothing more is to be done, or the driver never stops.

Step kinds are registered per game with :class:`Kinds`; the decorator checks at import
that a kind is unique, names a rule key the game's references know, has a prompt when
someone sees it, and implements its handlers. A gap fails at import, not in play.

The actors ``AUTO``, ``SIMUL`` and ``GROUP`` are named values that never leave the core:
``State.to_move()`` still answers ``()``, ``(CHANCE,)`` or seats, as the contract says.

A game moving onto the flow one rule at a time may leave older ``core.steps.Step`` values
on the stack: the driver hands them to the game's ``legacy_to_move``, ``legacy_decision``,
``legacy_legal``, ``legacy_chance``, ``legacy_do`` and ``legacy_advance`` hooks.

The flow lives in four modules, all re-exported here (import from ``oneiros.core.flow``):
``flow_steps`` (the actors and the step classes, ``evolve``, ``shared``), ``flow_registry``
(``Kinds``), ``flow_driver`` (``Flow`` and the driver: ``who``, ``legal``, ``advance``,
``act``) and ``flow_state`` (``FlowState``, ``kinds_of``, ``restore_snapshot``).
"""

from __future__ import annotations

from .flow_driver import (
    Checkpoint as Checkpoint,
)
from .flow_driver import (
    Flow as Flow,
)
from .flow_driver import (
    act as act,
)
from .flow_driver import (
    advance as advance,
)
from .flow_driver import (
    legal as legal,
)
from .flow_driver import (
    who as who,
)
from .flow_registry import (
    _BASES as _BASES,
)
from .flow_registry import (
    _HANDLERS as _HANDLERS,
)
from .flow_registry import (
    Kinds as Kinds,
)
from .flow_registry import (
    StepKindError as StepKindError,
)
from .flow_state import (
    _NOT_COPIED as _NOT_COPIED,
)
from .flow_state import (
    FlowState as FlowState,
)
from .flow_state import (
    kinds_of as kinds_of,
)
from .flow_state import (
    restore_snapshot as restore_snapshot,
)
from .flow_state import (
    snapshot_document as snapshot_document,
)
from .flow_steps import (
    _AUTO as _AUTO,
)
from .flow_steps import (
    _CHANCE as _CHANCE,
)
from .flow_steps import (
    _F_DONE as _F_DONE,
)
from .flow_steps import (
    _F_FINISH as _F_FINISH,
)
from .flow_steps import (
    _F_PENDING as _F_PENDING,
)
from .flow_steps import (
    _F_SETTLE as _F_SETTLE,
)
from .flow_steps import (
    _F_SINGLE as _F_SINGLE,
)
from .flow_steps import (
    _F_SKIP as _F_SKIP,
)
from .flow_steps import (
    _GROUP as _GROUP,
)
from .flow_steps import (
    _LEGACY as _LEGACY,
)
from .flow_steps import (
    _NAMES as _NAMES,
)
from .flow_steps import (
    _SEAT as _SEAT,
)
from .flow_steps import (
    _SHARED as _SHARED,
)
from .flow_steps import (
    _SIMUL as _SIMUL,
)
from .flow_steps import (
    ANY as ANY,
)
from .flow_steps import (
    AUTO as AUTO,
)
from .flow_steps import (
    EACH as EACH,
)
from .flow_steps import (
    GROUP as GROUP,
)
from .flow_steps import (
    LEADER as LEADER,
)
from .flow_steps import (
    POLICIES as POLICIES,
)
from .flow_steps import (
    SIMUL as SIMUL,
)
from .flow_steps import (
    Actor as Actor,
)
from .flow_steps import (
    AutoStep as AutoStep,
)
from .flow_steps import (
    ChanceStep as ChanceStep,
)
from .flow_steps import (
    DecisionStep as DecisionStep,
)
from .flow_steps import (
    FlowStep as FlowStep,
)
from .flow_steps import (
    GroupStep as GroupStep,
)
from .flow_steps import (
    SimultaneousStep as SimultaneousStep,
)
from .flow_steps import (
    _from_json as _from_json,
)
from .flow_steps import (
    _to_json as _to_json,
)
from .flow_steps import (
    evolve as evolve,
)
from .flow_steps import (
    shared as shared,
)
