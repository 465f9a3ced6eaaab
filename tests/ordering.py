"""The order the tests are handed to the xdist workers.

``--dist worksteal`` sends the N workers the collection cut in N contiguous parts by count
(``len(pending) // workers_left`` tests each, in order), and a worker that runs dry takes
the last half of the longest remaining queue. So the files are dealt, longest first, to N
parts of about the same summed time, each part with as many tests as xdist will cut there
(each file whole, so that its module-scoped server or game is made once; the short files
come last and fill the parts up to their counts, one of them may be cut at a border).
Inside a part the files run longest first, so that a worker ends on short tests and what
another worker takes from it is short too.

The browser files (Chromium and a server each, mostly waiting on them) go to the first two
parts, about half each and in a row, as they share one Chromium (``tests/server/browser.py``):
at the start of the first part and at the end of the second, so that mostly one worker at
a time waits on a browser while the others compute.

``make unit`` runs one worker more than the cores (three on CI's two): the browser, server
and command tests spend much of their time waiting on other processes, which the third
worker fills (README.md).

The seconds are each file's summed test time on a quiet 2-core machine (roughly: they
decide the order only, never a result). A file not listed counts 0.02 s a test. Refresh
them from ``pytest --junitxml=t.xml`` when a file grows a lot.
"""

from __future__ import annotations

import os
from collections import defaultdict
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

SECONDS: dict[str, float] = {
    "tests/lucidity/test_kernel_equivalence.py": 49,
    "tests/interop/test_openspiel.py": 45,
    "tests/server/test_browser_table.py": 33,
    "tests/lucidity/test_kernel_python.py": 27,
    "tests/sleep_tight/test_properties.py": 24,
    "tests/server/test_browser.py": 20,
    "tests/interop/test_every_encoded_game.py": 19,
    "tests/test_every_game.py": 19,
    "tests/interop/test_train_recipe.py": 14,
    "tests/server/test_browser_spanish.py": 14,
    "tests/cli/test_missing_extras.py": 12,
    "tests/server/test_browser_etherfields.py": 12,
    "tests/sim/test_ray.py": 11,
    "tests/cli/test_lucidity_play.py": 11,
    "tests/server/test_benchmark_scripts.py": 10,
    "tests/etherfields/test_observation_fast.py": 10,
    "tests/lucidity/test_kernel_fast.py": 9.5,
    "tests/server/test_browser_access.py": 9.4,
    "tests/server/test_workers.py": 8.7,
    "tests/interop/test_incremental_tensor.py": 8.5,
    "tests/test_cli_basics.py": 7.8,
    "tests/agents/test_agents.py": 7.5,
    "tests/interop/test_bounds_and_shaping.py": 7.3,
    "tests/server/test_security.py": 7.1,
    "tests/server/test_counterfactual.py": 6.8,
    "tests/sim/test_sim.py": 6.8,
    "tests/lucidity/test_properties.py": 6.7,
    "tests/server/test_browser_campaign.py": 5.9,
    "tests/lucidity/test_apply_paths.py": 5.9,
    "tests/test_i18n.py": 5.7,
    "tests/etherfields/test_names.py": 5.4,
    "tests/server/test_browser_content_menu.py": 5.3,
    "tests/server/test_hidden_information.py": 5.3,
    "tests/etherfields/test_content_pack.py": 5.2,
    "tests/cli/test_zygote.py": 4.9,
    "tests/lucidity/test_kernel_pystep.py": 4.9,
    "tests/sim/test_cli_sim.py": 4.8,
    "tests/server/test_campaigns.py": 4.4,
    "tests/server/test_bad_input.py": 4.3,
    "tests/interop/test_example.py": 3.7,
    "tests/test_content_formats.py": 3.7,
    "tests/server/test_durability.py": 3.4,
    "tests/cli/test_campaign.py": 3.4,
    "tests/lucidity/test_kernel_heuristic.py": 3.3,
    "tests/server/test_browser_language.py": 3.2,
    "tests/cli/test_play.py": 3.2,
    "tests/server/test_undo.py": 3.1,
    "tests/etherfields/test_hint.py": 2.8,
    "tests/server/test_campaign_surfaces.py": 2.7,
    "tests/sleep_tight/test_snapshot.py": 2.5,
    "tests/cli/test_report_charts.py": 2.5,
    "tests/cli/test_campaign_pg.py": 2.4,
    "tests/etherfields/test_bots.py": 2.4,
    "tests/sleep_tight/test_hidden_events.py": 2.4,
    "tests/server/test_browser_undo.py": 1.8,
    "tests/interop/test_isolation.py": 1.8,
    "tests/interop/test_pettingzoo_parallel.py": 1.7,
    "tests/interop/test_pettingzoo.py": 1.6,
    "tests/etherfields/test_deck_backs.py": 1.6,
    "tests/interop/test_throughput_script.py": 1.6,
    "tests/interop/test_fast_encodings.py": 1.6,
    "tests/etherfields/test_pack_cache.py": 1.5,
    "tests/core/test_zones_view.py": 1.4,
    "tests/etherfields/test_campaign_slumber.py": 1.3,
    "tests/server/test_serve_gc.py": 1.3,
    "tests/interop/test_gymnasium_registry_and_vectors.py": 1.3,
    "tests/cli/test_replay.py": 1.3,
    "tests/agents/test_lucidity_bots.py": 1.2,
    "tests/lucidity/test_references.py": 1.2,
    "tests/lucidity/test_bot_and_risk.py": 1.1,
    "tests/lucidity/test_hot_path_digest.py": 1.0,
    "tests/etherfields/test_slumber_journey.py": 1.0,
    "tests/cli/test_sleep_tight_play.py": 0.9,
    "tests/etherfields/test_properties.py": 0.9,
    "tests/etherfields/test_slumber_bots.py": 0.9,
    "tests/etherfields/test_encoding.py": 0.8,
    "tests/sleep_tight/test_bots_and_encodings.py": 0.7,
    "tests/cli/test_render.py": 0.6,
    "tests/interop/test_sleep_tight_tensor.py": 0.6,
    "tests/lucidity/test_snapshot.py": 0.6,
    "tests/etherfields/test_campaign_sim.py": 0.6,
    "tests/server/test_play.py": 0.5,
    "tests/cli/test_scenario_flag.py": 0.5,
    "tests/server/test_etherfields_hint.py": 0.5,
    "tests/lucidity/test_steps.py": 0.5,
    "tests/etherfields/test_rounds.py": 0.5,
    "tests/etherfields/test_masks.py": 0.5,
    "tests/server/test_language.py": 0.4,
    "tests/etherfields/test_properties_triggers.py": 0.4,
    "tests/lucidity/test_pick_ids.py": 0.4,
    "tests/interop/test_gymnasium.py": 0.4,
    "tests/server/test_content_menus.py": 0.3,
    "tests/etherfields/test_snapshot.py": 0.3,
}
PER_TEST = 0.02
BROWSER = "tests/server/test_browser"


def parts(count: int, workers: int) -> list[int]:
    """How many tests xdist's worksteal scheduler first sends each worker, in order."""
    sizes = []
    for left in range(workers, 0, -1):
        sizes.append(count // left)
        count -= sizes[-1]
    return sizes


def by_duration(items: list[pytest.Item], workers: int = 2) -> list[pytest.Item]:
    """The items in ``workers`` parts of about the same time (see above)."""
    files: dict[str, list[pytest.Item]] = defaultdict(list)
    for item in items:
        files[Path(str(item.path)).resolve().relative_to(ROOT).as_posix()].append(item)

    def seconds(name: str) -> float:
        return SECONDS.get(name, PER_TEST * len(files[name]))

    workers = max(1, min(workers, len(items)))
    room = parts(len(items), workers)  # tests each part still takes
    load = [0.0] * workers
    dealt: list[list[tuple[str, list[pytest.Item]]]] = [[] for _ in range(workers)]

    def deal(name: str, candidates: list[int]) -> None:
        rest = files[name]
        per_test = seconds(name) / len(rest)
        while rest:
            open_ = [i for i in candidates if room[i]] or [i for i in range(workers) if room[i]]
            k = min(open_, key=lambda i: load[i])
            taken, rest = rest[: room[k]], rest[room[k] :]
            dealt[k].append((name, taken))
            room[k] -= len(taken)
            load[k] += per_test * len(taken)

    longest = sorted(files, key=seconds, reverse=True)  # stable: ties keep file order
    browsers = [name for name in longest if name.startswith(BROWSER)]
    for name in browsers:
        deal(name, list(range(min(2, workers))))
    for name in longest:
        if name not in browsers:
            deal(name, list(range(workers)))
    order: list[pytest.Item] = []
    for k, part in enumerate(dealt):
        # the browser files first in the first part, last in the second, together in each
        part.sort(key=lambda f: (f[0].startswith(BROWSER) == (k == 1), -seconds(f[0])))
        order += [item for _name, taken in part for item in taken]
    return order


@pytest.hookimpl(trylast=True)  # after pytest's own grouping of items by fixture
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if os.environ.get("PYTEST_XDIST_WORKER"):  # only the parallel run is reordered
        items[:] = by_duration(items, int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "2")))
