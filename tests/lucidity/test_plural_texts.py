"""The log counts in words a player reads: "loses 1 yellow Power dream", "loses 2 yellow
Power dreams", "Winner: seat 0", never "dream(s)" or "Winner(s)", in English and in Spanish
(the singular or plural text is chosen by the count where the event is emitted:
``oneiros.core.i18n.plural``). Kind and data stay as they were; a game saved with the former
"(s)" texts loads with today's."""

from __future__ import annotations

import json
from typing import Any

import pytest

from oneiros.core import IllegalAction
from oneiros.core.i18n import for_game

from .builder import set_nightmare
from .helpers import draw_keep_one, empty_bag_but, give, new, play


def _last(s: Any, kind: str) -> Any:
    return [e for e in s.events() if e.kind == kind][-1]


def _spanish(s: Any, event: Any) -> str:
    return str(event.text_in("es", for_game(s.game, "es")))


def _exhausted_losing(held: int) -> Any:
    """lucidity-en "4. Check for Filled Rows" (Exhaust row): seat 0 fills its Exhaust row
    while holding ``held`` yellow Power dreams, then draws a yellow dream."""
    s = new(3)
    give(s, 0, "power", *["yellow:power1"] * held, "red:power2")
    give(s, 0, "exhaust", "blue:exhaust", "blue:exhaust")
    draw_keep_one(s, "green", "roll:exhaust")
    play(s, "draw:yellow")
    return s


@pytest.mark.parametrize(
    ("held", "english", "spanish"),
    [
        (
            1,
            "Seat 0 draws a yellow dream and loses 1 yellow Power dream",
            "El asiento 0 saca un sueño amarillo y pierde 1 sueño de Poder de color amarillo",
        ),
        (
            2,
            "Seat 0 draws a yellow dream and loses 2 yellow Power dreams",
            "El asiento 0 saca un sueño amarillo y pierde 2 sueños de Poder de color amarillo",
        ),
    ],
)
def test_an_exhausted_dreamer_loses_one_power_dream_or_several(
    held: int, english: str, spanish: str
) -> None:
    s = _exhausted_losing(held)
    said = _last(s, "exhausted")
    assert said.text == english
    assert _spanish(s, said) == spanish
    assert dict(said.data) == {"seat": 0, "colour": "yellow", "n": held}
    assert said.rule == 'lucidity-en "4. Check for Filled Rows"'
    assert s.power_of(0) == 2  # the red 2 Power dream is kept


def test_one_dreamer_reaching_the_power_goal_is_named_in_the_singular() -> None:
    """lucidity-en "Power Victory"."""
    s = new(4)
    give(s, 0, "power", *["red:power2"] * 7)
    set_nightmare(s, 2, "yellow")
    draw_keep_one(s, "green", "roll:power1", "rest:none")
    said = _last(s, "power_victory")
    assert said.text == "Seat 0 reaches 15 Power: every other dreamer takes one final turn"
    assert _spanish(s, said) == (
        "El asiento 0 llega a 15 de Poder: cada otro soñador juega un último turno"
    )
    assert said.data["holders"] == [0]


def test_a_shared_win_is_named_in_the_plural() -> None:
    """lucidity-es "Fin del juego" (a Power tie is shared: the Spanish rules break no tie),
    lucidity-en "Nightmare Victory" (the last dreamer becomes a Nightmare)."""
    s2 = new(3, ruleset="es")
    for k, colour in ((1, "blue"), (2, "red")):
        set_nightmare(s2, k, colour)
        give(s2, k, "power", f"{colour}:power1", f"{colour}:power1")
    give(s2, 0, "shadow_yellow", "yellow:shadow", "yellow:shadow")
    draw_keep_one(s2, "yellow", "roll:shadow", returned="green")
    # seat 0 becomes the last Nightmare: the two with 2 Power share the win
    assert s2.is_terminal() and s2.winners() == [1, 2]
    said = _last(s2, "winners")
    assert said.text == "Winners: seats [1, 2]"
    assert _spanish(s2, said) == "Ganadores: asientos [1, 2]"
    became = _last(s2, "became_nightmare")
    assert (
        became.text == "Seat 0 becomes the yellow Nightmare and takes 0 Power dreams from its card"
    )


def test_a_single_winner_is_named_in_the_singular() -> None:
    """lucidity-en "Dream Victory": a draw from an empty bag ends the game."""
    s = new(3)
    empty_bag_but(s, {"green": 2})
    play(s, "track:3-5-7", "draw:green", "draw:green", "roll:power1", "roll:power1")
    assert s.winners() == [0]
    said = _last(s, "winners")
    assert said.text == "Winner: seat 0" and said.data["seats"] == [0]
    assert _spanish(s, said) == "Ganador: asiento 0"


def test_a_game_saved_with_the_former_texts_loads_with_todays() -> None:
    """A snapshot written before the texts counted in words: its log shows (and translates)
    the new texts; kinds and data are those saved."""
    s = _exhausted_losing(1)
    snap = json.loads(json.dumps(s.to_snapshot()))
    former = "Seat {seat} draws a {colour} dream and loses {n} {colour} Power dream(s)"
    for event in snap["events"]:
        if event[0] == "exhausted":
            event[1] = former
    loaded = s.game.from_snapshot(snap)
    said = _last(loaded, "exhausted")
    assert said.text == "Seat 0 draws a yellow dream and loses 1 yellow Power dream"
    assert _spanish(loaded, said).endswith("pierde 1 sueño de Poder de color amarillo")
    assert loaded.to_snapshot() == s.to_snapshot()


def test_acting_out_of_turn_names_the_one_seat_waited_for() -> None:
    """lucidity-en "1. Set Level of Control": seat 0 chooses its track first."""
    s = new(3)
    with pytest.raises(IllegalAction, match=r"not seat 1's decision: waiting for seat 0$"):
        s.apply("track:3-5-7", player=1)
