"""The step registry of Etherfields and the effect runtime compiled onto it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...core.effects import Ctx, EffectRuntime, Node
from ...core.flow import Flow
from .language import LANGUAGE
from .refs import KINDS, REFS


class _Runtime(EffectRuntime):
    """The core runtime, with one rule of the game on top (etherfields "Multiple
    Choices"): an effect whose arguments hold a ``choose_dreamer`` or ``choose_entity``
    selector first asks for the target (``steps/choices.py``), then runs with it bound."""

    def _handler(self, node: Node) -> Callable[..., Any]:
        fn = super()._handler(node)
        if node.category != "effect":
            return fn
        from .steps.choices import ask, bound, candidates, choice_in

        sel = choice_in(node)
        if sel is None:
            return fn

        def choosing(s: Any, flow: Flow, a: Any, ctx: Ctx) -> None:
            if "chosen" in dict(ctx.extra):
                fn(s, flow, a, ctx)
            elif not ask(s, flow, node, ctx, sel):
                fn(s, flow, a, bound(ctx, candidates(s, sel, ctx)))

        return choosing


RUNTIME = LANGUAGE.runtime(KINDS, "scripts", "Choose an option")
RUNTIME.__class__ = _Runtime
"""Effects of the content run as flow steps (``effect``, ``effect_choice``) citing
etherfields "Secret Scripts"; the ops' handlers are in ``ops.py`` and ``ops_extra.py``."""

__all__ = ["KINDS", "REFS", "RUNTIME"]
