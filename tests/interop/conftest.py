import importlib.util
from pathlib import Path

import pytest

_NEEDED = ("numpy", "gymnasium", "pettingzoo", "pyspiel")
_HERE = Path(__file__).parent

# The interop tests need the ``rl`` extra (``make test`` installs it).
collect_ignore_glob = [] if all(importlib.util.find_spec(m) for m in _NEEDED) else ["test_*.py"]


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Everything here needs the rl extra: ``-m "not rl"`` leaves it out."""
    for item in items:
        if _HERE in Path(item.fspath).parents:
            item.add_marker(pytest.mark.rl)
