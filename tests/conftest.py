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

# The test-only game is registered for the whole suite, so generic tests cover it too.
from oneiros.core import register  # noqa: E402
from tests.tinygame import Pebbles  # noqa: E402

register("pebbles", Pebbles)
