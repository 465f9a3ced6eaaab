"""Content provenance: a Lucidity record names the content it was played with
(``LucidityGame.content_hash``), and ``oneiros.replay`` refuses a record whose content
changed since, with one clear line instead of a game that silently diverges."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

import oneiros
from oneiros import ConfigError
from oneiros.games.lucidity.content import DEFAULT_FILE


def _played(**options: object) -> dict[str, object]:
    state = oneiros.make("lucidity", players=3, options={"first_player": "0", **options})
    s = state.new_state(seed=5)
    rng = random.Random(5)
    for _ in range(60):
        if s.is_terminal():
            break
        if s.is_chance():
            s.apply(s.sample_chance(rng))
        else:
            s.apply(rng.choice(s.legal_actions()))
    return s.record()


def _write(path: Path, change: str | None = None) -> None:
    data = json.loads(DEFAULT_FILE.read_text(encoding="utf-8"))
    if change == "blue":
        data["dice"]["blue"]["faces"][0] = "hunt"  # a house rule: one more hunt face
    elif change == "green":
        data["dice"]["green"]["faces"][0] = "exhaust"
    path.write_text(json.dumps(data, indent=1), encoding="utf-8")


def test_a_record_names_the_content_it_was_played_with() -> None:
    record = _played()
    assert str(record["content"]).startswith("sha256:") and len(str(record["content"])) == 71
    assert oneiros.replay(record).record() == record


def test_the_hash_is_of_the_content_not_of_the_file(tmp_path: Path) -> None:
    same = tmp_path / "same.json"
    _write(same)  # the shipped content, laid out differently
    assert same.read_text() != DEFAULT_FILE.read_text()
    shipped = oneiros.make("lucidity", players=3).content_hash()
    copied = oneiros.make("lucidity", players=3, options={"content": str(same)}).content_hash()
    assert copied == shipped
    other = tmp_path / "house.json"
    _write(other, "blue")
    house = oneiros.make("lucidity", players=3, options={"content": str(other)}).content_hash()
    assert house != shipped


def test_a_record_made_with_other_content_fails_replay_with_a_clear_message(
    tmp_path: Path,
) -> None:
    house = tmp_path / "house.json"
    _write(house, "blue")
    record = _played(content=str(house))
    assert oneiros.replay(record).record()["actions"] == record["actions"]
    _write(house, "green")  # the file changed since the game was played
    with pytest.raises(ConfigError, match="content pack changed, so it cannot replay") as err:
        oneiros.replay(record)
    assert "\n" not in str(err.value)
    assert str(record["content"])[:12] in str(err.value)


def test_a_record_from_before_the_hash_still_replays() -> None:
    record = _played()
    older = {**record, "content": None}
    assert oneiros.replay(older).record()["actions"] == record["actions"]
