"""Plain-language explanations of the rule references (kept in ``data/rules.json``)."""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

RULES_FILE = Path(__file__).parent / "data" / "rules.json"


@lru_cache(maxsize=1)
def _texts() -> dict[str, str]:
    data: dict[str, str] = json.loads(RULES_FILE.read_text(encoding="utf-8"))
    return data


def rule_text(ref: str) -> str | None:
    """One paragraph for a rule reference such as ``lucidity-en "Shadow of Envy"``."""
    return _texts().get(ref)
