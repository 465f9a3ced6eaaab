"""The Etherfields content pack (etherfields design §2, §5): the shipped original pack
validates, and a broken copy lists every error as `file: entry: problem`."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from oneiros.core.content import ContentProblems
from oneiros.games.etherfields.pack import DEFAULT_PACK, PACK, build_map

ROOT = Path(__file__).parents[2]


def oneiros(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "oneiros.cli.main", *args],
        capture_output=True,
        text=True,
        timeout=120,
        env={
            "COLUMNS": "200",
            "PATH": "/usr/bin:/bin",
            "NO_COLOR": "1",
            "PYTHONPATH": str(ROOT / "src"),
        },
        start_new_session=True,
    )


@pytest.fixture(scope="module")
def catalog():
    return PACK.load()


def test_the_shipped_pack_is_original_and_labelled(catalog):
    assert catalog.info.provenance == "original"
    assert "ORIGINAL" in catalog.info.notice
    # only the facts the rulebook names without giving are provisional, each with a reason
    for kind, ident, reason in catalog.provisional():
        assert kind in ("pool", "die", "morphing", "state") and reason, (kind, ident)
    # the Distress pool comes from the rulebook ("Distress and Dying": 16)
    distress = catalog.get("pool", "distress")
    assert distress.size == 16 and catalog.provenance(distress) == "printed"


def test_the_clockwork_orchard_as_designed(catalog):
    """etherfields design §5.1: gate OD-01X, 8 Turns, 3x2 slots, Secrets A-J, scripts 1-18."""
    gate = catalog.get("gate", "OD-01X")
    assert gate.name.en == "The Clockwork Orchard" and gate.turns == 8 and gate.keys == 0
    assert [n.args.at for n in gate.setup.args.do] == ["A2", "B2"]
    assert gate.out_of_turns == 18 and gate.flying[0].limit == "once_per_dream"
    letters = {s.id[-1] for s in catalog.all("secret") if len(s.id) == len("OD-01 A")}
    assert letters == set("ABCDEFGHIJ")
    orchard = [s.n for s in catalog.all("script") if s.dream == "OD-01X"]
    assert sorted(orchard) == list(range(1, 19))
    assert len(catalog.all("turn")) == 12
    assert {t.suit for t in catalog.all("turn")} == {"hearts", "spades", "diamonds", "clubs"}
    moth = catalog.get("entity", "rust-moth")
    assert moth.movement == 2 and moth.effects.basic.op == "distress"
    assert catalog.get("entity", "gardener").big
    for dreamer in catalog.all("dreamer"):
        assert sum(dreamer.starting_deck.values()) == 22


def test_the_whole_map_lays_out_with_the_entrance_walls_and_the_well(catalog):
    tiles = build_map([t for t in catalog.all("tile") if t.id.startswith("OD-01")])
    board = tiles.board
    assert len(board) == 24
    assert board.is_blocked("B2.2")
    assert catalog.get("tile", "OD-01 SETUP").entrance == (3, 4)
    # every open space is reachable from the Dreamer's Entrance
    reach = board.within("A2.3", None)
    assert reach == {s for s in board.spaces if not board.is_blocked(s)}
    assert tiles.one_sided_walls() == []


def test_the_hash_is_stable(catalog):
    again = PACK.load(DEFAULT_PACK)
    assert again.hash == catalog.hash


def broken_copy(tmp_path: Path) -> Path:
    """A copy with a dangling reference, an unknown op, a wrong type and a duplicate id."""
    root = tmp_path / "broken"
    shutil.copytree(DEFAULT_PACK, root)

    def edit(name: str, old: str, new: str) -> None:
        path = root / name
        text = path.read_text(encoding="utf-8")
        assert old in text, old
        path.write_text(text.replace(old, new, 1), encoding="utf-8")

    edit("dreamers.toml", "s10 = 1, d1 = 1", "s10 = 1, d9 = 1")  # dangling reference
    edit("dreams/od01.toml", "[set_flag('gears'), script(13)]", "[set_flagg('gears'), script(13)]")
    edit(
        "influence.toml",
        'intent = [{ colour = "wrath", value = 2 }]',
        'intent = [{ colour = "wrath", value = "two" }]',
    )
    edit("turns.toml", 'id = "T-02"', 'id = "T-01"')  # duplicate id
    return root


EXPECTED = [
    "influence.toml: cards[5].intent[0].value: Input should be a valid integer, unable to parse string as an integer",
    "turns.toml: turns[1].id: duplicate turn id 'T-01' (first at turns.toml: turns[0])",
    "dreams/od01.toml: scripts[6].effects: col 2: unknown effect 'set_flagg' (did you mean set_flag? known: ",
    "dreamers.toml: dreamers[0].starting_deck[d9]: 'd9' names no influence (known: ",
]


def test_a_broken_copy_lists_every_error(tmp_path):
    report = PACK.check(broken_copy(tmp_path))
    lines = [str(p) for p in report.errors]
    assert len(lines) == len(EXPECTED)
    for line, start in zip(lines, EXPECTED, strict=True):
        assert line.startswith(start), line
    with pytest.raises(ContentProblems) as err:
        PACK.load(tmp_path / "broken")
    assert len(err.value.problems) == 4


def test_content_check_command(tmp_path):
    """`oneiros content check GAME [PATH]`: OK on every shipped content, exit 1 and every
    error on a broken copy, never a traceback."""
    for game in ("etherfields", "lucidity", "sleep-tight"):
        result = oneiros("content", "check", game)
        assert result.returncode == 0, result.stderr
        assert result.stdout.strip().endswith(": OK")
        if game == "etherfields":
            assert result.stdout.startswith("etherfields original pack (provenance=original, ")
    broken = broken_copy(tmp_path)
    result = oneiros("content", "check", "etherfields", str(broken))
    assert result.returncode == 1 and "Traceback" not in result.stderr
    lines = result.stderr.splitlines()
    for start in EXPECTED:
        assert any(line.startswith(start) for line in lines), start
    assert lines[-1] == f"{broken}: 4 errors"
    missing = oneiros("content", "check", "chess")
    assert missing.returncode == 2 and "no content format for 'chess'" in missing.stderr
    help_text = oneiros("content", "check", "--help").stdout
    assert "file: entry: problem" in help_text and "Exit code" in help_text


def test_consistency_problems_are_warnings_and_strict_fails_on_them(tmp_path):
    """etherfields design §2.4, pass 3: a flag set but never read, a script nothing reads, a
    space cut off from the Entrance, a free repeatable action with no limit."""
    root = tmp_path / "warned"
    shutil.copytree(DEFAULT_PACK, root)
    od01 = root / "dreams/od01.toml"
    text = od01.read_text(encoding="utf-8")
    text = text.replace(
        "[set_flag('gears'), script(13)]", "[set_flag('gears'), set_flag('unused')]"
    )
    text = text.replace(
        "{ spawn = true },\n  { actions",
        "{ spawn = true, walls = ['n', 'e', 's', 'w'] },\n  { actions",
    )
    text = text.replace(
        'id = "crank", cost = "cunning(2)", keywords = ["single_use"]',
        'id = "crank", cost = "free"',
    )
    od01.write_text(text, encoding="utf-8")
    report = PACK.check(root)
    assert report.ok() and not report.ok(strict=True)
    assert sorted(str(p) for p in report.warnings) == [
        "dreams/od01.toml: scripts[12]: warning: script 13 is read by nothing",
        "dreams/od01.toml: scripts[6].effects.do[1]: warning: flag 'unused' is set but never read",
        "dreams/od01.toml: tiles[4].spaces[0].actions[0]: warning: free and repeatable, with no limit",
        "dreams/od01.toml: tiles[5]: warning: space C2.2 cannot be reached from the Entrance",
        "dreams/od01.toml: tiles[5]: warning: space C2.2: wall on its n side only",
    ]
    result = oneiros("content", "check", "--strict", "etherfields", str(root))
    assert result.returncode == 1 and "5 warnings (--strict)" in result.stdout
    assert oneiros("content", "check", "etherfields", str(root)).returncode == 0


def test_a_file_holding_several_kinds_is_checked_once(tmp_path):
    root = tmp_path / "pack"
    shutil.copytree(DEFAULT_PACK, root)
    with (root / "components.toml").open("a", encoding="utf-8") as f:
        f.write('\n[[tokens]]\nid = "x"\n')
    (root / "turns.toml").write_text("turns = [", encoding="utf-8")
    lines = [str(p) for p in PACK.check(root).errors]
    assert (
        lines[0]
        == "components.toml: tokens: unknown section (this file holds: pools, dice, morphings, states)"
    )
    assert lines[1].startswith("turns.toml: (file): not valid TOML")
    assert len(lines) == 2


def test_a_pack_short_of_the_component_counts_is_warned(tmp_path):
    """etherfields "Components": twelve Turn cards, twelve Morphing tokens, five starting Items."""
    root = tmp_path / "pack"
    shutil.copytree(DEFAULT_PACK, root)
    turns = (root / "turns.toml").read_text(encoding="utf-8")
    (root / "turns.toml").write_text(
        turns[: turns.index('[[turns]]\nid = "T-12"')], encoding="utf-8"
    )
    report = PACK.check(root)
    assert report.ok() and [str(p) for p in report.warnings] == [
        'turns.toml: (pack): warning: 11 Turn cards, the game has 12 (etherfields "Components")'
    ]


def test_content_show_lists_kinds_and_records():
    summary = oneiros("content", "show", "etherfields")
    assert summary.returncode == 0 and "  turn: 12" in summary.stdout
    dreamers = oneiros("content", "show", "etherfields", "--kind", "dreamer", "--lang", "es")
    assert "La Jugadora" in dreamers.stdout and "original" in dreamers.stdout
    bad = oneiros("content", "show", "etherfields", "--kind", "nope")
    assert bad.returncode == 2 and "no record kind 'nope'" in bad.stderr
