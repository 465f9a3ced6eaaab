"""The action-id codec: a grammar declared once formats, parses and exports ids, and every
id met in random play round-trips (``oneiros.testing.check_action_ids``)."""

from __future__ import annotations

import json
import re

import pytest

import oneiros
from oneiros.core.actions import ActionGrammar, GrammarError, unmatched
from oneiros.testing import PlayoutError, check_action_ids
from tests.tinygame import Pebbles

COLOURS = ("blue", "green", "yellow", "red")
FACES = ("power1", "power2", "hunt", "exhaust", "shadow", "shadowmark", "rotated")

# Lucidity's action ids as one grammar: the ids the game emits today, declared once.
LUCIDITY = ActionGrammar(
    "lucidity",
    {
        "first": "first:{seat:int}",
        "track": "track:{a:int}-{b:int}-{c:int}",
        "draw": "draw:{colour:dream}",
        "return": "return:{colour}",
        "roll": "roll:{face}",
        "reroll_face": "reroll:{colour}:{face}",
        "reroll": "reroll:{die:reroll_die}",
        "resolve_shadow": "resolve:shadow:{colour}",
        "resolve": "resolve:{what:resolve_what}",
        "pick": "pick:{row:pick_row}:{colour:dream}:{face}",
        "pick_for": "pick:{seat:seat_ref}:{row:pick_row}:{colour}:{face}",
        "fear_rotated": "fear:rotated:{colour}",
        "fear": "fear:{colour:fear_colour}",
        "rest_row": "rest:{row:rest_row}:{colour}",
        "rest": "rest:{choice:rest_choice}",
        "draw_again": "draw_again",
        "draw_extra": "draw_extra",
        "proceed": "proceed",
        "roll_anyway": "roll_anyway",
        "pass": "pass",
        "become": "become:{colour}",
        "consume": "consume:{target}:{power}",
        "minions": "minions",
        "minion": "minion:{colour}",
        "target": "target:{target}",
        "ability": "ability:{choice:ability_choice}",
        "excess_face": "excess:{colour}:{face}",
        "excess": "excess:{colour}",
        "replace": "replace:{colour:dream}",
        "empower": "empower:{colour}:{power}",
        "spend": "spend:{colour}:{power}",
        "card": "card:{card}",
        "manifest": "manifest:{card}",
        "bottom": "bottom:{card}",
        "dreamscape": "dreamscape:{card}",
    },
    types={
        "colour": COLOURS,
        "dream": (*COLOURS, "bone"),
        "face": FACES,
        "power": ("power1", "power2"),
        "reroll_die": (*COLOURS, "chosen"),
        "resolve_what": ("power", "hunt", "exhaust", "shadowmark", "now"),
        "pick_row": ("power", "hunt", "exhaust", *(f"shadow_{c}" for c in COLOURS)),
        "fear_colour": (*COLOURS, "none"),
        "rest_row": ("hunt", "shadow", "rotated"),
        "rest_choice": ("exhaust", "none"),
        "seat_ref": tuple(f"seat{i}" for i in range(4)),
        "ability_choice": ("use", "pass"),
    },
)

PEBBLES = ActionGrammar(
    "pebbles",
    {
        "roll": "roll",
        "rolled": "roll:{face}",
        "stop": "stop",
        "bet": "bet:{parity}",
        "gift": "gift:{n:int}",
        "card": "card:{value:int}",
    },
    types={"parity": ("odd", "even"), "face": ("1", "2", "bust", "gift")},
)


def test_format_and_parse():
    aid = LUCIDITY.format("pick", row="hunt", colour="blue", face="power1")
    assert aid == "pick:hunt:blue:power1"
    parsed = LUCIDITY.parse(aid)
    assert parsed.name == "pick" and parsed["colour"] == "blue" and parsed.get("x") is None
    assert LUCIDITY.parse("track:4-6-8").fields == {"a": 4, "b": 6, "c": 8}
    assert LUCIDITY.parse("resolve:shadow:red").name == "resolve_shadow"
    assert LUCIDITY.parse("resolve:now").name == "resolve"
    assert LUCIDITY.parse("reroll:chosen").name == "reroll"
    assert LUCIDITY.parse("reroll:blue:hunt").name == "reroll_face"
    assert LUCIDITY.format("first", seat=2) == "first:2"


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: LUCIDITY.parse("roll:purple"), "'roll:purple' is not an action id of lucidity"),
        (lambda: LUCIDITY.parse("rest:exhaust:extra"), "is not an action id"),
        (lambda: LUCIDITY.format("pick", row="hunt", colour="blue"), "missing face"),
        (lambda: LUCIDITY.format("roll", face="power1", n=1), "unknown n"),
        (lambda: LUCIDITY.format("roll", face="purple"), "face 'purple' is not a face"),
        (lambda: LUCIDITY.format("first", seat="2"), "seat must be an integer"),
        (lambda: LUCIDITY.format("card", card="a:b"), "holds ':'"),
        (lambda: LUCIDITY.format("fly"), "lucidity has no action 'fly'"),
        (lambda: ActionGrammar("g", {"x": "x:{a:colour}"}), "unknown type 'colour'"),
        (lambda: ActionGrammar("g", {"x": "x:{a}:{a}"}), "appears twice"),
        (lambda: ActionGrammar("g", {}, types={"c": ("a:b",)}), "holds ':'"),
    ],
)
def test_bad_ids_and_declarations_are_named(call, message):
    with pytest.raises(GrammarError, match=re.escape(message)):
        call()


def test_the_grammar_is_data_for_the_web_client():
    data = json.loads(json.dumps(LUCIDITY.to_data()))
    assert data["game"] == "lucidity" and data["types"]["colour"] == list(COLOURS)
    pick = next(a for a in data["actions"] if a["name"] == "pick")
    assert pick["pattern"] == "pick:{row:pick_row}:{colour:dream}:{face}"
    assert [f["name"] for f in pick["fields"]] == ["row", "colour", "face"]
    again = ActionGrammar.from_data(data)
    assert again.parse("pick:hunt:blue:power1") == LUCIDITY.parse("pick:hunt:blue:power1")


def test_every_declared_lucidity_id_round_trips():
    ids = oneiros.make("lucidity").action_ids()
    assert unmatched(LUCIDITY, ids) == []


def test_every_id_met_in_random_play_round_trips():
    assert check_action_ids(Pebbles(players=2), PEBBLES, seeds=range(5)) >= 8
    assert check_action_ids(oneiros.make("lucidity", players=3), LUCIDITY, seeds=range(2)) > 50


def test_the_round_trip_check_fails_on_a_grammar_that_misses_ids():
    partial = ActionGrammar("pebbles", {"roll": "roll", "stop": "stop"})
    with pytest.raises(PlayoutError, match=r"do not round-trip: .*bet:"):
        check_action_ids(Pebbles(players=2), partial, seeds=range(2))
