"""The order the tests are handed to the xdist workers: the longest files first.

``--dist worksteal`` gives each worker a contiguous half of the collection (by count) and a
worker that runs dry takes the last half of the other's queue. With the files in
directory order, a long file (a browser session, a whole game played through the CLI)
can be the last one a worker runs while the other core idles. Here the files are dealt
longest-first to two queues of about the same time (each file stays whole, so its
module-scoped server and browser are started once), the longer queue by count first, so
that both workers start on their longest files and end on short ones. ``make unit`` runs
one worker more than the cores (three on CI's two): worksteal then cuts the same order in
three by count, and a worker that runs dry still takes from the others; three workers in
this order were measured faster than two (README.md).

The seconds are each file's summed test time on the 2-core CI machine (roughly: they
decide the order only, never a result). A file not listed counts 0.1 s a test. Refresh them
from ``pytest --junitxml=t.xml`` when a file grows a lot.
"""

from __future__ import annotations

import os
from collections import defaultdict
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

SECONDS = {
    "tests/interop/test_openspiel.py": 29,
    "tests/server/test_browser_table.py": 27,
    "tests/cli/test_campaign.py": 22,
    "tests/server/test_browser_etherfields.py": 21,
    "tests/cli/test_play.py": 21,
    "tests/sleep_tight/test_properties.py": 19,
    "tests/server/test_browser.py": 19,
    "tests/lucidity/test_kernel_equivalence.py": 19,
    "tests/test_every_game.py": 16,
    "tests/lucidity/test_kernel_python.py": 15,
    "tests/cli/test_missing_extras.py": 14,
    "tests/interop/test_bounds_and_shaping.py": 13,
    "tests/interop/test_every_encoded_game.py": 12,
    "tests/interop/test_train_recipe.py": 12,
    "tests/server/test_benchmark_scripts.py": 12,
    "tests/cli/test_lucidity_play.py": 12,
    "tests/etherfields/test_campaign_slumber.py": 11,
    "tests/lucidity/test_kernel_fast.py": 10,
    "tests/etherfields/test_content_pack.py": 10,
    "tests/server/test_workers.py": 9,
    "tests/server/test_browser_spanish.py": 9,
    "tests/etherfields/test_observation_fast.py": 9,
    "tests/server/test_browser_access.py": 8,
    "tests/sim/test_ray.py": 8,
    "tests/server/test_browser_campaign.py": 8,
    "tests/sim/test_sim.py": 7,
    "tests/etherfields/test_deck_backs.py": 7,
    "tests/etherfields/test_bots.py": 7,
    "tests/interop/test_incremental_tensor.py": 7,
    "tests/server/test_durability.py": 7,
    "tests/cli/test_replay.py": 7,
    "tests/sim/test_cli_sim.py": 7,
    "tests/test_i18n.py": 7,
    "tests/agents/test_agents.py": 7,
    "tests/server/test_security.py": 7,
    "tests/lucidity/test_properties.py": 7,
    "tests/etherfields/test_names.py": 6,
    "tests/interop/test_example.py": 6,
    "tests/server/test_campaign_surfaces.py": 6,
    "tests/test_cli_basics.py": 6,
    "tests/cli/test_scenario_flag.py": 5,
    "tests/test_content_formats.py": 5,
    "tests/lucidity/test_kernel_heuristic.py": 5,
    "tests/server/test_campaigns.py": 5,
    "tests/lucidity/test_apply_paths.py": 5,
    "tests/server/test_counterfactual.py": 5,
    "tests/cli/test_campaign_pg.py": 5,
    "tests/server/test_hidden_information.py": 5,
    "tests/sleep_tight/test_snapshot.py": 5,
    "tests/server/test_browser_content_menu.py": 4,
    "tests/server/test_bad_input.py": 4,
    "tests/server/test_browser_language.py": 4,
    "tests/server/test_browser_undo.py": 4,
    "tests/core/test_zones_view.py": 4,
    "tests/etherfields/test_hint.py": 3,
    "tests/sleep_tight/test_hidden_events.py": 3,
    "tests/interop/test_isolation.py": 3,
    "tests/etherfields/test_campaign_render.py": 3,
    "tests/agents/test_lucidity_bots.py": 3,
    "tests/server/test_undo.py": 3,
}
PER_TEST = 0.1


def by_duration(items: list[pytest.Item]) -> list[pytest.Item]:
    """The items, file by file, longest files first in each of two queues (see above)."""
    files: dict[str, list[pytest.Item]] = defaultdict(list)
    for item in items:
        files[Path(str(item.path)).resolve().relative_to(ROOT).as_posix()].append(item)

    def seconds(name: str) -> float:
        return SECONDS.get(name, PER_TEST * len(files[name]))

    queues: tuple[list[str], list[str]] = ([], [])
    load = [0.0, 0.0]
    for name in sorted(files, key=seconds, reverse=True):  # stable: ties keep file order
        k = 0 if load[0] <= load[1] else 1
        queues[k].append(name)
        load[k] += seconds(name)
    first, second = sorted(queues, key=lambda q: sum(len(files[n]) for n in q), reverse=True)
    return [item for name in first + second for item in files[name]]


@pytest.hookimpl(trylast=True)  # after pytest's own grouping of items by fixture
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if os.environ.get("PYTEST_XDIST_WORKER"):  # only the parallel run is reordered
        items[:] = by_duration(items)
