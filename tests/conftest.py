import os

from hypothesis import HealthCheck, settings

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
