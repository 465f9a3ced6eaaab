"""lucidity-en "4. Check for Filled Rows" (lucidity-es "4. Compruebe las filas llenas"): a full
Hunt row eats, a full Exhaust row costs a draw and Power, a full Shadow row makes a Nightmare
(a tie: the player chooses), also after a minion."""

from __future__ import annotations

import pytest

from .builder import set_eliminated
from .helpers import (
    draw_keep_one,
    give,
    legal,
    make_nightmare,
    new,
    nightmare_turn,
    play,
    rules_of,
)


def _yellow_shadow_lands(players: int, held: int, ruleset: str = "en", **options: object):  # type: ignore[no-untyped-def]
    """Seat 0 holds ``held`` yellow shadows and rolls one more on its first turn."""
    s = new(players, ruleset=ruleset, **options)
    give(s, 0, "shadow_yellow", *["yellow:shadow"] * held)
    draw_keep_one(s, "yellow", "roll:shadow")
    return s


def test_exhausted_draws_loses_power_of_that_colour_and_must_rest():
    """lucidity-en "4. Check for Filled Rows" (Exhaust row)."""
    s = new(3)
    give(s, 0, "power", "green:power1", "green:power1", "red:power2")
    give(s, 0, "exhaust", "blue:exhaust", "blue:exhaust")
    draw_keep_one(s, "yellow", "roll:exhaust")
    assert (
        s.decision().kind == "draw"
        and s.decision().rule == 'lucidity-en "4. Check for Filled Rows"'
    )
    play(s, "draw:green")
    assert s.power_of(0) == 2
    assert "draw_again" not in legal(s)
    assert legal(s)[0] == "rest:exhaust"


def test_hunt_row_full_is_eaten():
    """lucidity-en "4. Check for Filled Rows" (Hunt row): eliminated, dreams to the bag,
    still the "next player"."""
    s = new(3)
    give(s, 0, "hunt", "red:hunt", "red:hunt", "red:hunt")
    give(s, 0, "power", "blue:power1")
    draw_keep_one(s, "red", "roll:hunt")
    assert s.seats[0].role == "eliminated" and s.power_of(0) == 0
    assert s.current == 1
    # seat 2's Envy is chosen by seat 0, eliminated but still the next player
    draw_keep_one(s, "red", "roll:power1", "rest:none")
    assert s.current == 2
    draw_keep_one(s, "green", "roll:shadow")
    assert s.to_move() == (0,)


def test_shadow_row_full_becomes_nightmare_takes_card_power():
    """lucidity-en "4. Check for Filled Rows" (Shadow row): become the Nightmare of the
    most-filled colour, return all but Power, take the dreams on that card, end the turn."""
    s = new(3)
    give(s, 0, "shadow_yellow", "yellow:shadow", "yellow:shadow")
    give(s, 0, "hunt", "red:hunt")
    give(s, 0, "power", "blue:power1")
    give(s, 0, "card_yellow", "yellow:power1", "yellow:power2")
    draw_keep_one(s, "yellow", "roll:shadow")
    p = s.seats[0]
    assert p.role == "nightmare" and p.colour == "yellow"
    assert s.power_of(0) == 4 and p.hunt == [] and s.cards["yellow"] == []
    assert s.current == 1
    assert any(e.kind == "became_nightmare" for e in s.events())


def test_shadow_tie_player_chooses():
    s = new(3)
    give(s, 0, "shadow_yellow", "yellow:shadow", "yellow:shadow")
    give(s, 0, "shadow_green", "green:shadow", "green:shadow", "green:shadow")
    draw_keep_one(s, "yellow", "roll:shadow")
    assert legal(s) == ["become:green", "become:yellow"]
    play(s, "become:yellow")
    assert s.seats[0].colour == "yellow"


def test_en_check_for_filled_rows_hunt_row_eaten_player_is_still_the_next_player():
    """lucidity-en "4. Check for Filled Rows", Hunt row: "You still count as the 'next
    player' for various abilities, but otherwise do not take further turns." The eaten
    seat 1 chooses for seat 0's Shadow of Envy; seat 1's turn is then skipped."""
    s = new(3)
    set_eliminated(s, 1)
    draw_keep_one(s, "green", "roll:shadow", returned="red")
    assert s.to_move() == (1,) and s.decision().kind == "envy_pick"
    assert legal(s) == ["pick:seat0:shadow_green:green:shadow"]
    play(s, "pick:seat0:shadow_green:green:shadow", "roll:power1")
    assert s.seats[0].shadow["green"] == [] and s.power_of(0) == 1
    play(s, "rest:none")
    assert s.current == 2 and s.decision().kind == "choose_track"


def test_es_compruebe_las_filas_llenas_exhausted_and_still_becomes_a_nightmare():
    """lucidity-es "4. Compruebe las filas llenas": exhausted ("Saca un sueño al azar ...
    Devuélvalo a la bolsa, junto con todos [1] y [2] ... que coincida con su color") and
    "aún puedes convertirte en una Pesadilla": both happen, in that order."""
    s = new(3, ruleset="es")
    give(s, 0, "exhaust", "blue:exhaust", "blue:exhaust")
    give(s, 0, "shadow_yellow", "yellow:shadow", "yellow:shadow")
    give(s, 0, "power", "green:power1", "red:power2")
    play(s, "track:4-6-8", "draw:yellow", "draw:yellow", "draw:red", "draw:red")
    play(s, "return:red", "return:red", "roll:exhaust", "roll:shadow")
    # Imprisonment with blue and yellow exhaust dreams: the dreamer chooses which turns
    assert s.decision().kind == "imprison"
    play(s, "pick:seat0:exhaust:blue:exhaust")
    assert s.decision().kind == "draw"  # the exhausted dreamer's draw
    play(s, "draw:green")
    seat = s.seats[0]
    assert seat.role == "nightmare" and seat.colour == "yellow"
    assert s.power_of(0) == 2 and [d[0] for d in seat.power] == ["red"]
    refs = rules_of(s.events())
    assert 'lucidity-es "4. Compruebe las filas llenas"' in refs
    assert 'lucidity-es "Sombra del encarcelamiento"' in refs
    assert s.current == 1


def test_check_for_filled_rows_a_full_row_of_a_claimed_colour_does_not_fill() -> None:
    """lucidity-en "4. Check for Filled Rows": "You always become a Nightmare of the same
    colour shared by your most-filled Shadow row" (interpretation 2). Two green shadows
    landed before green was claimed; a Shadowmark then lowers the shadows needed to 2
    (de-lux booklet, "The Shadowmark"). The green row is full, but green is claimed and no
    unclaimed row is full: the player stays a dreamer (it is not made the Nightmare of a
    colour it has no shadow of)."""
    s = new(3, bone_hunters=1)
    make_nightmare(s, 1, "green")
    give(s, 0, "shadow_green", "green:shadow", "green:shadow")
    give(s, 0, "shadow_red", "red:shadow")
    draw_keep_one(s, "bone", "roll:shadowmark")
    assert s.shadow_needed(0) == 2
    assert s.seats[0].role == "dreamer"
    assert s.decision().kind == "rest_or_draw" and s.to_move() == (0,)
    assert not [e for e in s.events() if e.kind == "became_nightmare"]


def test_check_for_filled_rows_the_most_filled_full_unclaimed_row_decides() -> None:
    """lucidity-en "4. Check for Filled Rows" (interpretation 2): with a full row of a
    claimed colour (green, 3) and full unclaimed rows (red and blue, 2 each, 2 needed), the
    dreamer chooses between the tied unclaimed colours only."""
    s = new(3, bone_hunters=1)
    make_nightmare(s, 1, "green")
    give(s, 0, "shadow_green", "green:shadow", "green:shadow", "green:shadow")
    give(s, 0, "shadow_red", "red:shadow", "red:shadow")
    give(s, 0, "shadow_blue", "blue:shadow", "blue:shadow")
    give(s, 0, "shadow_yellow", "yellow:shadow")
    draw_keep_one(s, "bone", "roll:shadowmark")
    assert s.decision().kind == "become_nightmare"
    assert legal(s) == ["become:blue", "become:red"]
    play(s, "become:red")
    assert s.seats[0].role == "nightmare" and s.seats[0].colour == "red"


def test_es_compruebe_las_filas_llenas_no_two_nightmares_of_one_colour() -> None:
    """lucidity-es "4. Compruebe las filas llenas" and "Habilidades de pesadilla": "nunca
    puede haber dos Pesadillas del mismo color". The Nightmare of Temptation (green, takes
    only 1-Power results) lets a third green shadow land; green is claimed and no other row
    is full, so the dreamer stays a dreamer and rests."""
    s = new(3, ruleset="es", temptation="envy")
    make_nightmare(s, 1, "green")
    give(s, 0, "shadow_green", "green:shadow", "green:shadow")
    give(s, 0, "shadow_red", "red:shadow")
    draw_keep_one(s, "green")
    play(s, "roll:shadow")  # Envy's shadow lands: Temptation does not take shadows
    assert len(s.seats[0].shadow["green"]) == 3
    assert s.to_move() == (1,)  # the next player chooses for Envy
    play(s, "pick:seat0:shadow_red:red:shadow", "roll:power1")  # the red shadow is rerolled
    assert s.seats[0].shadow["red"] == [] and len(s.seats[0].shadow["green"]) == 3
    assert s.seats[0].role == "dreamer"
    assert s.decision().kind == "rest_or_draw"


def test_en_check_for_filled_rows_tie_after_a_minion_the_player_chooses():
    """lucidity-en "4. Check for Filled Rows": "If there is a tie, you may choose between the
    tying Nightmare colours", also when a minion fills the row outside the dreamer's turn;
    the Nightmare's turn then ends normally."""
    s = new(3)
    make_nightmare(s, 0, "green")
    give(s, 1, "shadow_red", "red:shadow", "red:shadow")
    give(s, 1, "shadow_yellow", "yellow:shadow", "yellow:shadow", "yellow:shadow")
    nightmare_turn(s, 0)
    play(s, "minions", "draw:red", "draw:blue", "minion:red", "target:seat1", "roll:shadow")
    play(s, "fear:none")
    assert s.to_move() == (1,) and sorted(legal(s)) == ["become:red", "become:yellow"]
    play(s, "become:red")
    assert s.seats[1].role == "nightmare" and s.seats[1].colour == "red"
    # seat 0's turn ends; seat 1 plays its first turn as a Nightmare
    assert s.current == 1 and s.decision().kind == "nightmare_turn"


def test_en_check_for_filled_rows_tie_after_a_minion_last_dreamer_ends_the_game():
    """lucidity-en "4. Check for Filled Rows" and "Nightmare Victory": the last dreamer,
    converted by a minion after choosing its colour, ends the game at once."""
    s = new(2)
    make_nightmare(s, 0, "green")
    give(s, 1, "shadow_red", "red:shadow", "red:shadow", "red:shadow")
    give(s, 1, "shadow_yellow", "yellow:shadow", "yellow:shadow", "yellow:shadow", "yellow:shadow")
    nightmare_turn(s, 0)
    play(s, "minions", "draw:red", "draw:blue", "minion:red", "target:seat1", "roll:shadow")
    play(s, "fear:none", "become:yellow")
    assert s.end_reason() == "nightmare"


def test_en_send_minions_exhausted_target_loses_nothing_until_its_own_check():
    """lucidity-en "Send Minions" (interpretation, see the docs): a minion that fills the
    target's Exhaust row costs nothing at once; the target is exhausted at the end of the
    next stage of its own turn, if the row is still full."""
    s = new(3)
    make_nightmare(s, 0, "green")
    give(s, 1, "exhaust", "red:exhaust", "red:exhaust")
    give(s, 1, "power", "yellow:power1")
    nightmare_turn(s, 0)
    play(s, "minions", "draw:yellow", "draw:blue", "minion:yellow", "target:seat1")
    play(s, "roll:exhaust", "resolve:now")
    assert len(s.seats[1].exhaust) == 3 and s.power_of(1) == 1
    assert s.current == 1 and s.decision().kind == "choose_track"
    draw_keep_one(s, "green", "roll:power1")
    assert s.decision().kind == "draw"  # exhausted now: the draw decides the Power lost
    play(s, "draw:yellow")
    assert s.power_of(1) == 1  # the green 1-Power kept, the yellow one lost


def test_row_only_counts_if_still_full_after_everything_resolved():
    """lucidity-en FAQ: "You only fill a row if that row is still full by the time all of
    your dreams have been resolved" (Envy rerolls a hunt dream away)."""
    s = new(3)
    give(s, 0, "hunt", "red:hunt", "red:hunt", "red:hunt")
    play(
        s,
        "track:4-6-8",
        "draw:red",
        "draw:green",
        "draw:blue",
        "draw:blue",
        "return:blue",
        "return:blue",
    )
    play(s, "roll:shadow", "roll:hunt")  # green shadow, red hunt -> 4 hunt for now
    assert len(s.seats[0].hunt) == 4
    # the hunt dream resolves first, then the Envy shadow: seat 1 picks a hunt dream
    play(s, "pick:seat0:hunt:red:hunt", "roll:power1")
    assert len(s.seats[0].hunt) == 3 and s.seats[0].role == "dreamer"


def test_rows_may_overfill():
    """lucidity-en FAQ: rows can be overfilled."""
    s = new(3)
    give(s, 0, "exhaust", "blue:exhaust", "blue:exhaust")
    play(s, "track:5-7-9", "draw:yellow", "draw:yellow", "draw:yellow", "draw:blue", "draw:blue")
    play(s, "return:blue", "return:blue", "roll:exhaust", "roll:exhaust", "roll:exhaust")
    assert len(s.seats[0].exhaust) == 5


@pytest.mark.parametrize(
    ("ruleset", "section"),
    [("en", 'lucidity-en "Two Player Games"'), ("es", 'lucidity-es "Juegos de dos jugadores"')],
)
def test_two_player_games_need_four_shadows(ruleset: str, section: str) -> None:
    """lucidity-en "Two Player Games": "you need to fill all four spaces of a Shadow row"
    (lucidity-es "Juegos de dos jugadores"): three yellow shadows are not enough with two
    players, four make a Nightmare, and the event cites the rule set's section."""
    s = _yellow_shadow_lands(2, 2, ruleset)
    assert s.seats[0].role == "dreamer" and s.decision().kind == "rest_or_draw"
    s = _yellow_shadow_lands(2, 3, ruleset)
    assert s.seats[0].role == "nightmare"
    assert section in rules_of(s.events())


def test_fourth_shadow_space_option_with_three_players():
    """lucidity-en "Two Player Games" note: the fourth space can be used with more players."""
    s = _yellow_shadow_lands(3, 2, fourth_shadow_space=True)
    assert s.seats[0].role == "dreamer"


def test_fourth_shadow_space_with_es_is_a_house_rule_cited_from_the_english_book():
    """lucidity-en "Two Player Games" (the optional fourth space for 3-4 players): accepted
    with es as a house rule; becoming a Nightmare cites the English section."""
    s = _yellow_shadow_lands(3, 3, "es", fourth_shadow_space=True)
    assert s.seats[0].role == "nightmare"
    assert 'lucidity-en "Two Player Games"' in rules_of(s.events())
