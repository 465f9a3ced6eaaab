import os
import sys

# Byte-code caches are written even where PYTHONDONTWRITEBYTECODE is set: else every xdist
# worker rewrites the assertions of every test module at each run (two thirds of a
# worker's collection time), and every command and server a test starts compiles the
# sources it imports again.
sys.dont_write_bytecode = False
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)

from hypothesis import HealthCheck, settings  # noqa: E402

settings.register_profile(
    "ci",
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile("dev", max_examples=10, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))

# An event text that does not format raises under tests instead of showing "{colour}".
from oneiros.core.types import strict_event_text  # noqa: E402

strict_event_text(True)

# The test-only game is registered for the whole suite, so generic tests cover it too.
from oneiros.core import register  # noqa: E402
from tests.tinygame import Pebbles  # noqa: E402

register("pebbles", Pebbles)

# Under xdist the longest test files start first (tests/ordering.py).
from tests.ordering import pytest_collection_modifyitems  # noqa: E402, F401
