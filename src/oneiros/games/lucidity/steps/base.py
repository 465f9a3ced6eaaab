"""The registry of Lucidity's typed step kinds (``core.flow.Kinds``): each kind is checked
when its module is imported (unique, a rule key of ``refs.py``, a prompt, its handlers)."""

from __future__ import annotations

from ....core.flow import Kinds
from ..refs import rule_refs

KINDS = Kinds("lucidity", rule_refs("en"))
"""Every typed step kind of Lucidity (the en rule keys name every section of both books)."""
