"""The space limit (etherfields "Limit of Miniatures & Entity Tokens per Space"; part 2 of
the design, acceptance 9 for non-Big Entities). Chance is forced by id."""

from __future__ import annotations

from .builder import event_kinds, legal, play, position


def test_an_entity_entering_a_full_space_pushes_a_dreamer_the_first_player_chooses():
    """ "Entities entering full spaces ... causes Dreamers to be pushed out to any adjacent
    space chosen by the players": two Dreamers and two moths fill B2.3; a third moth
    enters; the First Player pushes one Dreamer out, then the moth stops on the other."""
    s = position(
        2,
        at=["B2.3", "B2.3"],
        entities=[("rust-moth", "B2.4"), ("rust-moth", "B2.3"), ("rust-moth", "B2.3")],
        turn="T-04",  # movement, special
        first=1,
        phase="dreamscape",
    )
    play(s, "mdie:1")
    assert s.to_move() == (1,) and legal(s, 1) == ["choose:0", "choose:1"]
    play(s, "choose:0", seat=1)
    assert sorted(legal(s, 1)) == ["space:A2.4", "space:B2.1", "space:B2.4"]  # adjacent
    play(s, "space:A2.4", seat=1)
    assert s.pos == ["A2.4", "B2.3"] and s.minis[0][2] == "B2.3"
    assert "pushed" in event_kinds(s)


def test_a_lone_dreamer_is_not_pushed_and_the_entity_stops_next_to_it():
    """ "if the full space contains only 1 Dreamer, that Dreamer cannot be pushed and the
    Entity ends its Movement within range 1 of the space"."""
    s = position(
        1,
        at=["B2.3"],
        entities=[
            ("rust-moth", "B2.4"),
            ("rust-moth", "B2.3"),
            ("rust-moth", "B2.3"),
            ("rust-moth", "B2.3"),
        ],
        turn="T-04",
        phase="dreamscape",
    )
    play(s, "mdie:2")
    assert s.minis[0][2] == "B2.4" and s.pos == ["B2.3"] and "entity_stops" in event_kinds(s)
