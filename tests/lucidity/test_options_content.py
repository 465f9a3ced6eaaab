"""lucidity-es differences, the options, the content file and the FAQ slips."""

from __future__ import annotations

import json

import pytest

import oneiros
from oneiros import ConfigError, ContentError
from oneiros.games.lucidity.content import DEFAULT_FILE, load_content

from .helpers import chance_ids, new, play


def test_bad_options_are_one_line_config_errors():
    for opts, word in (
        ({"first_player": "3"}, "seat 3"),
        ({"bone_hunters": 9}, "bone_hunters"),
        ({"nope": 1}, "nope"),
    ):
        with pytest.raises(ConfigError, match=word) as exc:
            oneiros.make("lucidity", players=2, options=opts)
        assert "\n" not in str(exc.value)
    with pytest.raises(ConfigError, match=r"rule set"):
        oneiros.make("lucidity", ruleset="fr")


def test_content_file_errors_name_file_entry_problem(tmp_path):
    good = json.loads(DEFAULT_FILE.read_text())
    bad = dict(good)
    bad["dice"] = dict(good["dice"])
    bad["dice"]["red"] = {"faces": ["power2", "hunt", "x", "shadow", "shadow", "exhaust"]}
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(bad))
    with pytest.raises(ContentError) as exc:
        load_content(path)
    assert str(path) in str(exc.value) and "dice.red.faces[2]" in str(exc.value)
    bad["dice"]["red"] = {"faces": ["power2"]}
    path.write_text(json.dumps(bad))
    with pytest.raises(ContentError, match=r"dice\.red\.faces"):
        load_content(path)
    path.write_text("{ nope")
    with pytest.raises(ContentError, match="not valid JSON"):
        load_content(path)
    with pytest.raises(ConfigError, match=r"bad\.json"):
        oneiros.make("lucidity", options={"content": str(path)})


def test_content_option_changes_the_dice(tmp_path):
    data = json.loads(DEFAULT_FILE.read_text())
    data["dice"]["green"]["faces"] = ["power2"] * 6
    path = tmp_path / "mine.json"
    path.write_text(json.dumps(data))
    s = new(3, content=str(path))
    play(s, "track:3-5-7", "draw:green", "draw:blue", "draw:blue", "return:blue", "return:blue")
    assert chance_ids(s) == ["roll:power2"]


def test_every_provisional_entry_has_a_reason():
    for entry, reason in load_content().provisional():
        assert reason and "\n" not in reason, entry
