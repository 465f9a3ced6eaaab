"""What the cards do, as data: Nightmare abilities (lucidity-en "Activating Nightmare
Abilities") and Manifestations (de-lux "Manifestations Expansion") are effects of the
language of ``effects.py``, validated when the content loads and run as flow steps;
composites (a sequence, ``repeat``) combine the ops."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import oneiros
from oneiros import ConfigError
from oneiros.core.effects import render
from oneiros.games.lucidity.content import DEFAULT_FILE
from oneiros.games.lucidity.effects import LANGUAGE
from oneiros.games.lucidity.steps import abilities, manifestations

from .builder import scenario
from .helpers import check_invariants, legal, play


def _content(tmp_path: Path, **changes: Any) -> str:
    """A copy of the shipped content with ``nightmares_<colour>`` abilities and
    ``m<nn>`` Manifestation effects replaced (written in the authoring form)."""
    data = json.loads(DEFAULT_FILE.read_text(encoding="utf-8"))
    for key, value in changes.items():
        if key.startswith("nightmare_"):
            data["nightmares"][key[10:]]["ability"] = value
        else:
            card = next(m for m in data["manifestations"] if m["id"] == key)
            card["effect"] = value
    path = tmp_path / "content.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


def test_every_op_of_the_language_is_played() -> None:
    assert abilities.RUNTIME.missing() == [] and manifestations.RUNTIME.missing() == []
    ops = {spec.name for spec in LANGUAGE.ops("effect")}
    assert {"send_minion", "strip_power", "cleanse", "shield", "harvest"} <= ops


def test_the_shipped_cards_are_effects_of_the_language() -> None:
    game = oneiros.make("lucidity", players=3)
    assert render(game.content.nightmares["blue"].ability) == "send_minion()"
    assert game.abilities["blue"].op == "send_minion" and game.abilities["blue"].draw == 2
    assert render(game.content.manifestations["m01"].effect) == "cleanse(row='hunt')"


def test_the_authoring_form_is_the_same_content(tmp_path: Path) -> None:
    """The object form (the shipped file) and the authoring form give the same cards, so
    the same content hash."""
    path = _content(tmp_path, nightmare_blue="send_minion(draw=2)", m01="cleanse(row='hunt')")
    shipped = oneiros.make("lucidity", players=3).content_hash()
    assert oneiros.make("lucidity", players=3, options={"content": path}).content_hash() == shipped


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"m01": "strip_power()"}, "manifestations[0].effect: strip_power is a Nightmare ability"),
        ({"nightmare_red": "harvest()"}, "nightmares.red.ability: harvest is a Manifestation"),
        ({"m01": "cleanse()"}, "a cleanse effect needs a row"),
        ({"nightmare_blue": "send_minion(draw=9)"}, "draw"),
        ({"m01": "clense(row='hunt')"}, "did you mean cleanse?"),
    ],
)
def test_a_bad_effect_is_a_content_error_naming_the_card(
    tmp_path: Path, changes: dict[str, str], message: str
) -> None:
    path = _content(tmp_path, **changes)
    with pytest.raises(ConfigError, match="content") as err:
        oneiros.make("lucidity", players=3, options={"content": path})
    assert message in str(err.value) and "\n" not in str(err.value)


def _manifest_m01(s: Any) -> None:
    """Seat 0 rests, reveals m01 (cost 3) and manifests it with its 2- and 1-Power dreams."""
    play(s, "track:3-5-7", "draw:yellow", "draw:blue", "draw:blue", "return:blue", "return:blue")
    play(s, "roll:power1")
    play(s, next(a for a in legal(s) if a.startswith("rest:")))
    play(s, "card:m01", "manifest:m01")
    play(s, "pick:seat0:power:red:power2", "pick:seat0:power:green:power1")


def test_de_lux_manifestations_a_sequence_runs_each_effect_in_order(tmp_path: Path) -> None:
    path = _content(tmp_path, m01="[cleanse(row='hunt'), shield(count=2)]")
    s = scenario(
        3,
        manifestations=True,
        content=path,
        rows={0: {"power": ["red:power2", "green:power1"], "hunt": ["red:hunt", "red:hunt"]}},
    )
    _manifest_m01(s)
    me = s.seats[0]
    assert me.manifested == ["m01"] and len(me.hunt) == 1 and me.shield == 2
    kinds = [e.kind for e in s.events()]
    assert kinds.index("manifested") < kinds.index("cleansed")
    cleansed = next(e for e in s.events() if e.kind == "cleansed")
    assert cleansed.rule == 'lucidity-en "Manifestations Expansion"'
    check_invariants(s)


def test_de_lux_manifestations_repeat_draws_each_harvest_as_chance(tmp_path: Path) -> None:
    path = _content(tmp_path, m01="repeat(2, harvest())")
    s = scenario(
        3, manifestations=True, content=path, rows={0: {"power": ["red:power2", "green:power1"]}}
    )
    _manifest_m01(s)
    assert s.is_chance() and s.decision().kind == "draw"
    play(s, "draw:blue", "draw:green")
    assert sorted(d[:2] for d in s.seats[0].power) == [
        ("blue", "power1"),
        ("green", "power1"),
        ("yellow", "power1"),
    ]
    check_invariants(s)


def test_en_activating_nightmare_abilities_a_sequence_of_two_abilities(tmp_path: Path) -> None:
    """A house card for the red Nightmare: move a shadow dream to the Hunt row, then draw
    a dream into the Exhaust row; each part is asked for in turn."""
    path = _content(tmp_path, nightmare_red="[shadow_to_hunt(), draw_to_exhaust()]")
    s = scenario(3, content=path, nightmares={1: "red"}, rows={0: {"shadow_blue": ["blue:shadow"]}})
    play(s, "track:3-5-7", "draw:red", "draw:blue", "draw:blue", "return:blue", "return:blue")
    play(s, "roll:shadow", "ability:use")
    assert s.to_move() == (1,) and s.decision().kind == "hunt_move"
    play(s, "pick:seat0:shadow_blue:blue:shadow")
    assert s.is_chance() and s.decision().kind == "draw"
    play(s, "draw:green")
    me = s.seats[0]
    assert [d[:2] for d in me.hunt] == [("blue", "shadow")]
    assert [d[:2] for d in me.exhaust] == [("green", "exhaust")]
    check_invariants(s)


def test_a_combined_ability_is_played_by_the_engine_not_the_kernel(tmp_path: Path) -> None:
    path = _content(tmp_path, nightmare_green="[strip_power(), draw_to_exhaust()]")
    game = oneiros.make("lucidity", players=3, options={"content": path})
    assert "green Nightmare's ability seq" in str(game.kernel_gap())
    results = game.playout_results(2, seed=1)
    assert len(results) == 2 and all(r.end_reason for r in results)
    assert len(game.playouts(1, seed=2)[0]) == 3
