"""The plain Python kernel's frame loop (``kernel_pystep.advance``) and what the random
dreamer's turn plays in one go (Shadow of Envy's pick and roll, a shadow a Nightmare
takes, the exhaustion draw): the same games as the kernel's source played one action at
a time, for every rule set and every option the kernel covers."""

from __future__ import annotations

import hashlib
from typing import Any

import pytest

import oneiros
from oneiros.games.lucidity import kernel as K


def lucidity(players: int, ruleset: str = "en", **options: Any) -> Any:
    return oneiros.make("lucidity", players=players, ruleset=ruleset, options=options)


def digest(results: list[K.Playout] | None) -> str:
    """A hash of everything a playout reports, game after game."""
    assert results is not None
    fields = ["scores", "winners", "turns", "end_reason", "actions", "decisions"]
    fields += ["roles", "log", "power", "exhausted"]
    text = repr([[getattr(p, name) for name in fields] for p in results])
    return hashlib.sha256(text.encode()).hexdigest()


CONFIGS = [
    (2, "en", {}),
    (3, "en", {"replacement_dice": True}),
    (4, "en", {"fourth_shadow_space": True, "bone_hunters": 3}),
    (4, "en", {"first_player": "2"}),
    (2, "es", {"replacement_dice": True}),
    (3, "es", {"temptation": "fear", "bone_hunters": 1}),
    (4, "es", {"temptation": "envy"}),
]


@pytest.mark.parametrize(("players", "ruleset", "options"), CONFIGS)
def test_the_frame_loop_plays_the_games_of_the_source(
    players: int, ruleset: str, options: dict[str, Any]
) -> None:
    game = lucidity(players, ruleset, **options)
    mixed = ["random", "heuristic", "random", "random"][:players]
    for policy, count in (("random", 120), (mixed, 40)):
        plain = K.playouts(game, count, seed=99, policy=policy, kernel="python")
        source = K.playouts(game, count, seed=99, policy=policy, kernel="source", stop_seat=-2)
        assert digest(plain) == digest(source), policy
    # the games go through what is played in one go: Nightmares, exhaustion, Envy's pick
    assert plain is not None
    assert any("nightmare" in p.roles for p in plain)
    assert any(p.exhausted for p in plain)


def test_the_plain_python_build_runs_its_own_frame_loop() -> None:
    from oneiros.games.lucidity import kernel_step

    play = K._impl("python")["play"]
    advance = play.__globals__["advance"]
    assert advance.__module__.endswith("kernel_pystep")
    assert advance is not kernel_step.advance
    # the source's loop is still there for what the plain loop does not play itself
    assert advance.__globals__["step_advance"].__module__.endswith("kernel_step")
