"""Runs the real ``oneiros`` command with the test-only game "pebbles" registered.

python -m tests.cli.oneiros_cli play pebbles --seats human,random
"""

from __future__ import annotations

from oneiros.cli.main import main
from oneiros.core import register
from tests.tinygame import Pebbles

register("pebbles", Pebbles)

if __name__ == "__main__":
    main()
