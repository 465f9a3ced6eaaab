"""Big Entities and Entities spawning into full spaces (etherfields "Limit of Miniatures &
Entity Tokens per Space"; design P2 acceptance 9). Positions come from the builder;
choices are played by id."""

from __future__ import annotations

from .builder import ALL_TILES, event_kinds, legal, play, position, run_effect


def test_a_big_entity_pushes_everything_out_and_ends_its_movement():
    """ "When a Big Entity enters a space, it pushes all other miniatures and/or Entity
    tokens in that space to any adjacent spaces chosen by the players and also causes it to
    end its Movement": the Gardener, moving 2, enters the space of two Dreamers and a moth;
    the First Player sends each out (never back onto the Gardener's own space, which is
    full), and the Gardener stops there."""
    s = position(
        2,
        tiles=ALL_TILES,
        at=["B1.4", "B1.4"],
        entities=[("gardener", "B1.3"), ("rust-moth", "B1.4")],
        phase="dreamscape",
        turn="T-04",
    )
    run_effect(s, "move_entity('gardener', 2)")
    assert s.flow.top.kind == "big_push"
    assert sorted(legal(s)) == ["space:B1.2", "space:C1.3"]
    play(s, "space:B1.2", "space:C1.3", "space:B1.2")
    assert s.pos == ["B1.2", "C1.3"] and s.mini("rust-moth.1")[2] == "B1.2"
    assert s.mini("gardener.1")[2] == "B1.4"
    assert event_kinds(s).count("pushed_out") == 3
    assert s.flow.top.kind != "big_push"  # it stopped: 1 of its 2 spaces used


def test_a_dreamer_cannot_stop_on_a_big_entitys_space():
    """A Big Entity "occupy[s] the whole space": it is full, so a Dreamer may not end a
    Move there."""
    s = position(1, tiles=ALL_TILES, at=["B1.3"], entities=[("gardener", "B1.4")])
    run_effect(s, "move(1)")
    assert "step:e" not in legal(s) and "step:n" in legal(s)


def test_a_big_entity_spawning_pushes_even_a_lone_dreamer():
    s = position(1, tiles=ALL_TILES, at=["C2.2"])
    run_effect(s, "spawn('gardener', 1, at=space('C2.2'))")
    assert s.flow.top.kind == "big_push"
    play(s, legal(s)[0])
    assert s.pos[0] != "C2.2" and s.mini("gardener.1")[2] == "C2.2"


def test_an_entity_spawning_into_a_full_space_pushes_a_dreamer_out():
    """ "Entities entering full spaces (either by Moving or by Spawning) causes Dreamers to
    be pushed out to any adjacent space chosen by the players"."""
    s = position(
        2,
        at=["B2.4", "B2.4"],
        entities=[("rust-moth", "B2.4"), ("rust-moth", "B2.4")],
    )
    run_effect(s, "spawn('rust-moth', 1)")
    assert s.flow.top.kind == "push" and sorted(legal(s)) == ["choose:0", "choose:1"]
    play(s, "choose:1", "space:B2.3")
    assert s.pos == ["B2.4", "B2.3"] and s.mini("rust-moth.3")[2] == "B2.4"


def test_a_lone_dreamer_is_not_pushed_and_the_spawn_goes_next_to_the_space():
    """ "if the full space contains only 1 Dreamer, that Dreamer cannot be pushed and the
    Entity ends its Movement within range 1 of the space"."""
    s = position(
        1,
        at=["B2.4"],
        entities=[("rust-moth", "B2.4"), ("rust-moth", "B2.4"), ("rust-moth", "B2.4")],
    )
    run_effect(s, "spawn('rust-moth', 1)")
    assert s.flow.top.kind == "spawn_near" and legal(s) == ["space:B2.3"]
    play(s, "space:B2.3")
    assert s.pos == ["B2.4"] and s.mini("rust-moth.4")[2] == "B2.3"


def test_full_vocabulary_opens_the_gardeners_branch():
    """Option ``full_vocabulary``: the engine sets the flag at the Gate, and script 4 then
    brings the Gardener (a Big Entity) onto the Millpond."""
    import oneiros

    closed = oneiros.make("etherfields", players=1).new_state(0)
    assert "full_vocabulary" not in closed.flags
    game = oneiros.make("etherfields", players=1, options={"full_vocabulary": True})
    assert "full_vocabulary" in game.new_state(0).flags
    s = position(1, tiles=ALL_TILES, at=["A2.3"], flags=["full_vocabulary"])
    run_effect(s, "script(4)")
    assert s.mini("gardener.1")[2] == "C2.2" and "OD-01 B" in s.revealed
