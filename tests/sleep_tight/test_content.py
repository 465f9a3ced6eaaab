"""The card content file: validation, the shipped original set, and overrides
(sleep-tight "Components", "Card Symbols")."""

from __future__ import annotations

import copy
import json
import os
import random
from pathlib import Path
from typing import Any

import pytest

import oneiros
from oneiros import ContentError
from oneiros.games.sleep_tight.content import (
    CONTENT_ENV,
    CONTENT_FORMAT,
    DEFAULT_CONTENT,
    EffectKind,
    load_content,
    parse_content,
)


def raw() -> dict[str, Any]:
    return json.loads(DEFAULT_CONTENT.read_text(encoding="utf-8"))


def test_shipped_set_is_original_and_has_the_rulebook_deck_sizes() -> None:
    content = load_content()
    assert content.original and "not the publisher" in content.notice
    assert sum(c.copies for c in content.actions) == 40
    assert sum(c.copies for c in content.dreamscapes) == 28
    assert sum(c.copies for c in content.sandman) == 28
    assert {d.dream for d in content.dreamscapes} == {
        "cold",
        "shadow",
        "darkness",
        "desolation",
        "limbo",
    }
    assert {c.type for c in content.actions} == {"hide", "attack", "run", "collect", "special"}
    marks = {d.mark for d in content.dreamscapes} | {s.mark for s in content.sandman}
    assert marks == {None, 3, 4}


def test_shipped_set_uses_every_symbol_and_special_card() -> None:
    content = load_content()
    effects = [e for c in content.actions for e in c.effects]
    assert {e.kind for e in effects} == set(EffectKind.__args__)  # type: ignore[attr-defined]
    assert {e.target for e in effects} == {"self", "other", "left", "right", "others"}
    assert any(e.kind == "gain" and e.from_player for e in effects)
    assert {o for e in effects if e.kind == "dodge" for o in e.options} == {
        "pay",
        "pass",
        "redirect",
    }
    assert any(c.face_up for c in content.actions)
    assert {s.kind for s in content.sandman} == {"normal", "nullify", "soul_consumer"}
    assert all("limbo" not in s.dreams for s in content.sandman)


def write(tmp_path: Path, data: Any) -> str:
    path = tmp_path / "cards.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


def test_a_wrong_deck_size_names_the_file_section_and_problem(tmp_path: Path) -> None:
    data = raw()
    data["actions"][0]["copies"] += 1
    path = write(tmp_path, data)
    with pytest.raises(ContentError) as info:
        oneiros.make("sleep-tight", players=3, options={"content": path})
    assert info.value.file == path and info.value.entry == "actions"
    assert "41 cards" in info.value.problem


@pytest.mark.parametrize(
    ("change", "entry", "problem"),
    [
        (lambda d: d["actions"][2].update(type="sneak"), "actions[2] (blanket-fort) type", "sneak"),
        (lambda d: d["sandman"][0].update(dreams=["limbo"]), "sandman[0] (grinning-moth)", "limbo"),
        (
            lambda d: d["dreamscapes"][1].pop("fragments"),
            "dreamscapes[1] (icicle-nursery)",
            "required",
        ),
        (lambda d: d["actions"][0].update(colour="red"), "actions[0] (under-the-covers)", "colour"),
        (
            lambda d: d["actions"][9]["effects"][0].update(target="self"),
            "actions[9] (elbow-jab)",
            "affects another",
        ),
        (
            lambda d: d["actions"][1].update(id="under-the-covers"),
            "actions[1] (under-the-covers)",
            "duplicate",
        ),
    ],
)
def test_bad_entries_raise_content_errors(change: Any, entry: str, problem: str) -> None:
    data = copy.deepcopy(raw())
    change(data)
    with pytest.raises(ContentError) as info:
        parse_content(data, "cards.json")
    assert info.value.entry.startswith(entry), info.value.entry
    assert problem in str(info.value)


def test_unreadable_files_are_content_errors(tmp_path: Path) -> None:
    with pytest.raises(ContentError, match="does not exist"):
        load_content(str(tmp_path / "missing.json"))
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    with pytest.raises(ContentError, match="not valid JSON"):
        load_content(str(bad))


def test_owner_cards_load_from_the_option_or_the_environment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    data = raw()
    data["original"] = False
    data["title"] = "My own cards"
    data["actions"][0]["name"] = "Renamed"
    path = write(tmp_path, data)
    game = oneiros.make("sleep-tight", players=2, options={"content": path})
    assert game.content.title == "My own cards"
    assert game.new_state(seed=1).c.action("under-the-covers").name == "Renamed"
    monkeypatch.setenv(CONTENT_ENV, path)
    assert oneiros.make("sleep-tight", players=2).content.title == "My own cards"


def test_documented_example_entries_validate() -> None:
    doc = Path(__file__).parents[2] / "docs" / "games" / "sleep-tight.md"
    text = doc.read_text(encoding="utf-8")
    block = text.split("```json", 1)[1].split("```", 1)[0]
    example = json.loads(block)
    data = raw()
    data["actions"][0] = example["actions"][0] | {"copies": data["actions"][0]["copies"]}
    data["dreamscapes"][0] = example["dreamscapes"][0] | {"copies": 2}
    data["sandman"][0] = example["sandman"][0]
    parse_content(data, "example")


def played(options: dict[str, Any]) -> Any:
    """A short random game (seed 3) with these options."""
    state = oneiros.make("sleep-tight", players=3, options=options).new_state(seed=3)
    rng = random.Random(3)
    for _ in range(120):
        to_move = state.to_move()
        if not to_move:
            break
        if state.is_chance():
            state.apply(state.sample_chance(rng))
        else:
            seat = rng.choice(to_move)
            state.apply(rng.choice(state.legal_actions(seat)), player=seat)
    return state


def test_a_record_carries_the_content_hash_and_replays() -> None:
    state = played({})
    record = json.loads(json.dumps(state.record()))
    digest = state.game.content_hash()
    assert record["content"] == digest and digest.startswith("sha256:")
    report = CONTENT_FORMAT.check(DEFAULT_CONTENT)
    assert digest[7:19] in report.summary  # the digest `oneiros content check` prints
    assert oneiros.replay(record).snapshot() == state.snapshot()
    # a record made before the hash (content None) still replays
    assert oneiros.replay({**record, "content": None}).snapshot() == state.snapshot()


def test_a_record_made_with_other_cards_is_refused_with_a_clear_message(tmp_path: Path) -> None:
    data = raw()
    path = write(tmp_path, data)
    state = played({"content": path})
    record = json.loads(json.dumps(state.record()))
    before = record["content"]
    data["actions"][0]["text"] = "Prevent 1 damage the Sandman deals you this round (reworded)."
    Path(path).write_text(json.dumps(data), encoding="utf-8")
    os.utime(path, (1_000_000, 1_000_000))  # another modification time: loaded anew
    now = oneiros.make("sleep-tight", players=3, options={"content": path}).content_hash()
    assert now != before
    with pytest.raises(oneiros.ConfigError) as err:
        oneiros.replay(record)
    assert str(err.value) == (
        f"the record was played with sleep-tight content {before[:12]}, this game loads "
        f"content {now[:12]}: the content pack changed, so it cannot replay"
    )
