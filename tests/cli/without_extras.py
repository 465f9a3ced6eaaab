"""Runs the real ``oneiros`` command as after ``make play``: only the base and web extras.

    python -m tests.cli.without_extras report results.jsonl

Every library of the other extras (analysis, rl, ray, postgres) fails to import, as it
would when it is not installed.
"""

from __future__ import annotations

import sys
from typing import Any

NOT_INSTALLED = {
    "matplotlib",
    "trueskill",
    "numpy",
    "gymnasium",
    "pettingzoo",
    "pyspiel",
    "ray",
    "psycopg",
}


class NotInstalled:
    """A meta-path finder that refuses the libraries of the other extras."""

    def find_spec(self, name: str, path: Any = None, target: Any = None) -> None:
        if name.split(".")[0] in NOT_INSTALLED:
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)


if __name__ == "__main__":
    sys.meta_path.insert(0, NotInstalled())
    from oneiros.cli.main import main

    main()
