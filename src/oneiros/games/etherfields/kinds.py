"""The step registry of Etherfields and the effect runtime compiled onto it."""

from __future__ import annotations

from .language import LANGUAGE
from .refs import KINDS, REFS

RUNTIME = LANGUAGE.runtime(KINDS, "scripts", "Choose an option")
"""Effects of the content run as flow steps (``effect``, ``effect_choice``) citing
etherfields "Secret Scripts"; the ops' handlers are in ``ops.py``."""

__all__ = ["KINDS", "REFS", "RUNTIME"]
