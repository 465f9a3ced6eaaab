"""``oneiros serve`` tunes the garbage collector of its process before serving: a full
collection walked every object and stopped the event loop for a tenth of a second or more
every few seconds under load (see ``oneiros.server.GC_THRESHOLDS``)."""

from __future__ import annotations

import gc
from pathlib import Path
from typing import Any

import pytest

import oneiros.server as server


def test_serve_freezes_start_up_objects_and_raises_the_thresholds(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import uvicorn

    seen: dict[str, Any] = {}

    def fake_run(app: Any, **kw: Any) -> None:  # what uvicorn would serve, and when
        seen["threshold"] = gc.get_threshold()
        seen["frozen"] = gc.get_freeze_count()
        seen["app"] = app

    before = gc.get_threshold()
    monkeypatch.setattr(uvicorn, "run", fake_run)
    try:
        server.run(db=f"sqlite:///{tmp_path / 'g.db'}", log_level="warning")
    finally:
        gc.unfreeze()
        gc.set_threshold(*before)
    assert seen["threshold"] == server.GC_THRESHOLDS
    assert seen["frozen"] > 1000  # the modules, the games and the app itself
    assert seen["app"].title == "Oneiros web table"
