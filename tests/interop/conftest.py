import importlib.util

_NEEDED = ("numpy", "gymnasium", "pettingzoo", "pyspiel")

# The interop tests need the ``rl`` extra (``make test`` installs it).
collect_ignore_glob = [] if all(importlib.util.find_spec(m) for m in _NEEDED) else ["test_*.py"]
