"""The content catalog: typed records from a pack directory, every problem listed as
``file: entry: problem``, provenance, localised texts and a stable hash."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import pytest
from pydantic import Field

from oneiros.core.content import (
    ContentProblems,
    Kind,
    LocalText,
    PackFormat,
    Record,
    Ref,
    Text,
)
from oneiros.core.effects import Amount, Args, Effect, EffectLanguage

LANG = EffectLanguage("toy")


@LANG.op("draw")
class Draw(Args):
    n: Amount = 1


@LANG.op("give")
class Give(Args):
    card: Annotated[str, Ref("card")]


LANG.register("fold", "effect", supported=False)


class Card(Record):
    name: LocalText
    value: int = Field(ge=0, le=9)
    effects: Effect | None = None


class Deck(Record):
    cards: dict[Annotated[str, Ref("card")], int]
    leader: Annotated[str, Ref("card")] | None = None


def fmt(tmp: Path) -> PackFormat:
    return PackFormat(
        "toy",
        kinds=(
            Kind("card", Card, "cards.toml", "cards", required=True),
            Kind("deck", Deck, "decks/*.toml", "decks"),
        ),
        default=tmp,
        language=LANG,
    )


PACK = """format = 1
game = "toy"
title = { en = "toy pack", es = "paquete de juguete" }
provenance = "original"
"""

CARDS = """
[[cards]]
id = "a"
name = { en = "Ace", es = "As" }
value = 1
effects = "draw(2)"

[[cards]]
id = "b"
name = "Bee"
value = 2
provenance = "provisional"
reason = "the value is not printed"
effects = "[give('a'), draw(1)]"
"""

DECKS = """
[[decks]]
id = "starter"
cards = { a = 2, b = 1 }
leader = "b"
"""


def write(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


def good(tmp_path: Path) -> Path:
    return write(tmp_path, {"pack.toml": PACK, "cards.toml": CARDS, "decks/main.toml": DECKS})


def test_a_pack_loads_into_typed_frozen_records(tmp_path):
    cat = fmt(tmp_path).load(good(tmp_path))
    ace = cat.get("card", "a")
    assert isinstance(ace, Card) and ace.value == 1 and ace.effects.op == "draw"
    assert [c.id for c in cat.all("card")] == ["a", "b"]
    assert cat.get("deck", "starter").cards == {"a": 2, "b": 1}
    with pytest.raises(Exception, match="frozen"):
        ace.value = 3  # type: ignore[misc]
    with pytest.raises(KeyError, match="no card 'z' in the toy pack"):
        cat.get("card", "z")
    assert cat.where("card", "b") == ("cards.toml", "cards[1]")


def test_provenance_defaults_to_the_pack_and_provisional_needs_a_reason(tmp_path):
    cat = fmt(tmp_path).load(good(tmp_path))
    assert cat.provenance(cat.get("card", "a")) == "original"
    assert cat.provenance(cat.get("card", "b")) == "provisional"
    assert cat.provisional() == [("card", "b", "the value is not printed")]
    assert "1 provisional" in cat.summary() and "provenance=original" in cat.summary()
    write(tmp_path, {"cards.toml": CARDS.replace('reason = "the value is not printed"\n', "")})
    report = fmt(tmp_path).check(tmp_path)
    assert [str(p) for p in report.errors] == [
        "cards.toml: cards[1]: a provisional record needs a one-line reason"
    ]


def test_texts_are_localised_with_english_as_fallback(tmp_path):
    cat = fmt(tmp_path).load(good(tmp_path))
    assert cat.get("card", "a").name.get("es") == "As"
    assert cat.get("card", "b").name.get("es") == "Bee"  # untranslated: English
    assert cat.get("card", "b").name == Text(en="Bee")
    assert cat.info.title.get("es") == "paquete de juguete"


def test_the_hash_is_stable_across_formats_and_order(tmp_path):
    a = fmt(tmp_path).load(good(tmp_path / "a"))
    again = fmt(tmp_path).load(tmp_path / "a")
    assert a.hash == again.hash and a.hash.startswith("sha256:")
    # the same records as JSON, in another order, give the same hash
    import tomllib

    cards = tomllib.loads(CARDS)
    cards["cards"].reverse()
    b = write(
        tmp_path / "b",
        {"pack.toml": PACK, "cards.json": json.dumps(cards), "decks/main.toml": DECKS},
    )
    json_fmt = PackFormat(
        "toy",
        kinds=(
            Kind("card", Card, "cards.json", "cards"),
            Kind("deck", Deck, "decks/*.toml", "decks"),
        ),
        default=b,
        language=LANG,
    )
    assert json_fmt.load(b).hash == a.hash
    # any change to a record changes it
    write(tmp_path / "a", {"cards.toml": CARDS.replace("value = 1", "value = 3")})
    assert fmt(tmp_path).load(tmp_path / "a").hash != a.hash


def test_every_problem_is_listed_file_entry_problem(tmp_path):
    broken_cards = (
        CARDS.replace("value = 2", "value = 'two'").replace(  # wrong type
            'effects = "draw(2)"', 'effects = "drow(2)"'
        )  # unknown op
        + '\n[[cards]]\nid = "a"\nname = "Again"\nvalue = 4\ncolour = "red"\n'  # duplicate, extra
    )
    decks = DECKS.replace('leader = "b"', 'leader = "zz"')  # dangling reference
    root = write(
        tmp_path, {"pack.toml": PACK, "cards.toml": broken_cards, "decks/main.toml": decks}
    )
    report = fmt(tmp_path).check(root)
    lines = [str(p) for p in report.errors]
    assert lines == [
        "cards.toml: cards[0].effects: col 1: unknown effect 'drow' (did you mean draw? "
        "known: choose, done, draw, fold, for_each, give, repeat, seq, when)",
        "cards.toml: cards[1].value: Input should be a valid integer, unable to parse string as an integer",
        "cards.toml: cards[2].colour: Extra inputs are not permitted",
        "decks/main.toml: decks[0].leader: 'zz' names no card (known: none)",
    ]
    assert report.catalog is None and not report.ok()
    with pytest.raises(ContentProblems) as err:
        fmt(tmp_path).load(root)
    assert len(err.value.problems) == 4 and "(and 3 more problems" in str(err.value)


def test_duplicates_and_references_inside_effects(tmp_path):
    cards = CARDS + '\n[[cards]]\nid = "a"\nname = "Twin"\nvalue = 0\neffects = "give(\'q\')"\n'
    root = write(tmp_path, {"pack.toml": PACK, "cards.toml": cards, "decks/main.toml": DECKS})
    lines = [str(p) for p in fmt(tmp_path).check(root).errors]
    assert lines == [
        "cards.toml: cards[2].id: duplicate card id 'a' (first at cards.toml: cards[0])"
    ]
    cards = CARDS.replace("give('a')", "give('q')")
    write(tmp_path, {"cards.toml": cards})
    lines = [str(p) for p in fmt(tmp_path).check(root).errors]
    assert lines == ["cards.toml: cards[1].effects.do[0].card: 'q' names no card (known: a, b)"]


def test_files_sections_and_the_manifest_are_checked(tmp_path):
    root = write(
        tmp_path,
        {
            "pack.toml": PACK.replace('game = "toy"', 'game = "chess"').replace(
                "format = 1", "format = 2"
            ),
            "cards.toml": CARDS + "\n[[tokens]]\nid = 'x'\n",
            "decks/main.toml": "decks = [ { id = 'd', cards = { a = 1 } }",  # bad TOML
            "notes.toml": "",
        },
    )
    report = fmt(tmp_path).check(root)
    text = [str(p) for p in report.problems]
    assert "pack.toml: format: pack format 2 is not supported (this is 1)" in text
    assert "cards.toml: tokens: unknown section (this file holds: cards)" in text
    assert any(t.startswith("decks/main.toml: (file): not valid TOML") for t in text)
    assert "notes.toml: (file): warning: not part of the pack format" in text
    assert fmt(tmp_path).check(tmp_path / "missing").errors[0].problem == "no such directory"
    empty = tmp_path / "empty"
    write(empty, {"pack.toml": PACK})
    assert [str(p) for p in fmt(tmp_path).check(empty).errors] == [
        "cards.toml: (file): missing: the pack needs its card records"
    ]


def test_unsupported_ops_are_warnings(tmp_path):
    root = write(
        tmp_path,
        {"pack.toml": PACK, "cards.toml": CARDS.replace("draw(2)", "[draw(2), fold]")},
    )
    report = fmt(tmp_path).check(root)
    assert report.ok() and not report.ok(strict=True)
    assert [str(p) for p in report.warnings] == [
        "cards.toml: cards[0].effects.do[1]: warning: fold is not supported yet"
    ]


def test_the_pack_schema_describes_every_file(tmp_path):
    schema = json.loads(json.dumps(fmt(tmp_path).schema()))
    assert set(schema) == {"pack.toml", "cards.toml", "decks/*.toml"}
    card = schema["cards.toml"]["properties"]["cards"]["items"]
    assert {"id", "name", "value", "effects", "provenance"} <= set(card["properties"])
    assert card["additionalProperties"] is False
    # a localisable text may be a plain string or a table of languages
    name = json.dumps(card["properties"]["name"])
    assert '"type": "string"' in name and "Text" in name
