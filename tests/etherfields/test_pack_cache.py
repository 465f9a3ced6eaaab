"""A pack that passed every check is stored and not checked again until it changes
(``pack_cache.py``): an edited pack is checked again, a pack with an error is never stored
and says its error every time."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from oneiros.core.content import ContentProblems
from oneiros.games.etherfields import pack_cache
from oneiros.games.etherfields.pack import DEFAULT_PACK, PACK


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv(pack_cache.CACHE_ENV_VAR, str(folder))
    return folder


@pytest.fixture
def checks(monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    """The packs fully checked, in order."""
    done: list[Path] = []
    real = PACK.check

    def counted(path: Any = None) -> Any:
        done.append(Path(path))
        return real(path)

    monkeypatch.setattr(PACK, "check", counted)
    return done


def a_copy(tmp_path: Path) -> Path:
    return Path(shutil.copytree(DEFAULT_PACK, tmp_path / "pack"))


def records(cat: Any) -> list[tuple[str, str, str, Any]]:
    return [(loc.kind, loc.file, loc.entry, loc.record) for loc in cat.located()]


def test_a_pack_that_passed_loads_from_the_cache_as_checked(
    tmp_path: Path, cache: Path, checks: list[Path]
) -> None:
    pack = a_copy(tmp_path)
    first = pack_cache.load(pack)
    assert checks == [pack]
    assert len(list(cache.glob("*.pickle"))) == 1
    again = pack_cache.load(pack)
    assert checks == [pack]  # not checked a second time
    fresh = PACK.load(pack)
    assert records(again) == records(first) == records(fresh)
    assert again.hash == fresh.hash and again.summary() == fresh.summary()
    assert again.provisional() == fresh.provisional()
    assert again.path == pack and again.format is PACK


def test_an_edited_pack_is_checked_again_and_its_error_is_reported_every_time(
    tmp_path: Path, cache: Path, checks: list[Path]
) -> None:
    pack = a_copy(tmp_path)
    before = pack_cache.load(pack)
    turns = pack / "turns.toml"
    text = turns.read_text(encoding="utf-8")
    # a valid edit: a new catalog with the edit, not the stored one
    turns.write_text(text.replace('id = "T-12"', 'id = "T-13"', 1), encoding="utf-8")
    edited = pack_cache.load(pack)
    assert len(checks) == 2
    assert "T-13" in edited.ids("turn") and "T-13" not in before.ids("turn")
    assert edited.hash != before.hash
    # an edit with an error: checked, refused, never stored, refused again
    stored = set(cache.glob("*.pickle"))
    turns.write_text(text.replace('id = "T-12"', 'id = "T-01"', 1), encoding="utf-8")
    for attempt in (3, 4):
        with pytest.raises(ContentProblems, match="duplicate turn id 'T-01'"):
            pack_cache.load(pack)
        assert len(checks) == attempt
    assert set(cache.glob("*.pickle")) == stored
    # back to the first text: the stored catalog again, unchecked
    turns.write_text(text, encoding="utf-8")
    assert pack_cache.load(pack).hash == before.hash and len(checks) == 4


def test_an_added_file_is_a_change(tmp_path: Path, cache: Path, checks: list[Path]) -> None:
    pack = a_copy(tmp_path)
    pack_cache.load(pack)
    (pack / "dreams" / "extra.toml").write_text('[[gatess]]\nid = "X"\n', encoding="utf-8")
    with pytest.raises(ContentProblems, match="unknown section"):
        pack_cache.load(pack)
    assert len(checks) == 2


def test_a_damaged_cache_file_is_a_miss(tmp_path: Path, cache: Path, checks: list[Path]) -> None:
    pack = a_copy(tmp_path)
    good = pack_cache.load(pack)
    (stored,) = cache.glob("*.pickle")
    stored.write_bytes(b"not a catalog")
    assert pack_cache.load(pack).hash == good.hash
    assert len(checks) == 2
    pack_cache.load(pack)
    assert len(checks) == 2  # stored again, whole


def test_the_cache_turns_off_and_keeps_the_newest_packs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, checks: list[Path]
) -> None:
    monkeypatch.setenv(pack_cache.CACHE_ENV_VAR, "off")
    pack = a_copy(tmp_path)
    pack_cache.load(pack)
    pack_cache.load(pack)
    assert len(checks) == 2
    folder = tmp_path / "cache"
    monkeypatch.setenv(pack_cache.CACHE_ENV_VAR, str(folder))
    monkeypatch.setattr(pack_cache, "KEEP", 2)
    notice = pack / "pack.toml"
    text = notice.read_text(encoding="utf-8")
    for n in range(3):
        notice.write_text(text + f"\n# edit {n}\n", encoding="utf-8")
        pack_cache.load(pack)
    assert len(list(folder.glob("*.pickle"))) == 2
