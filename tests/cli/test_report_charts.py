"""`oneiros report` charts people can read: a title in words, axis labels with units, a
legend on every chart, and a sentence per chart on the HTML page."""

from __future__ import annotations

import html
import re
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("matplotlib", reason="the analysis extra is not installed")

import oneiros
from oneiros.sim import RunConfig, run_games
from oneiros.sim.report import write_report


def run(game: str, players: int, n: int) -> Any:
    config = RunConfig.build(oneiros.make(game, players=players), ["random"] * players, seed=4)
    return run_games(config, n).results


def test_every_chart_has_a_title_axis_labels_and_a_legend(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib.figure import Figure

    seen: list[dict[str, Any]] = []
    save = Figure.savefig

    def spy(self: Figure, path: Any, *args: Any, **kwargs: Any) -> Any:
        for ax in self.axes:
            seen.append(
                {
                    "file": Path(str(path)).name,
                    "title": ax.get_title(),
                    "x": ax.get_xlabel(),
                    "y": ax.get_ylabel(),
                    "legend": ax.get_legend() is not None,
                }
            )
        return save(self, path, *args, **kwargs)

    monkeypatch.setattr(Figure, "savefig", spy)
    results = run("lucidity", 3, 12)
    files = write_report(results, tmp_path)
    pngs = [f for f in files if f.suffix == ".png"]
    assert {s["file"] for s in seen} == {p.name for p in pngs}
    for s in seen:
        assert len(s["title"].split()) >= 2, s  # words, not an internal key
        assert "_" not in s["title"], s
        assert s["x"] and s["y"], s
        assert s["legend"], s
    units = {s["file"]: s["y"] for s in seen}
    assert units["winrate_seat.png"] == "win rate (% of games)"
    assert "games (count)" in {s["y"] for s in seen if s["file"] == "length.png"}
    page = (tmp_path / "index.html").read_text(encoding="utf-8")
    captions = re.findall(r"<figcaption>(.*?)</figcaption>", page, re.S)
    assert len(captions) == len(pngs)
    for caption in captions:
        sentence = html.unescape(re.sub(r"<[^>]+>", "", caption)).split(".", 1)[1].strip()
        assert len(sentence.split()) >= 6 and sentence.endswith("."), caption
