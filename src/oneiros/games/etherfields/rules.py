"""Rules shared by the steps and the ops: Distress and dying, the end of the Dream,
ranges and Entity modifiers (each names its rulebook section)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.flow import Flow
from .params import DEATH_DISTRESS, MIN_CARDS

if TYPE_CHECKING:
    from .state import EtherfieldsState


def end_game(s: EtherfieldsState, flow: Flow, outcome: str, reason: str, rule: str) -> None:
    """The Dream ends ("Finishing Dreams/Slumbers", "Distress and Dying"): a loss
    mid-effect stops it, so the whole stack is cleared. In a Slumber (or a journey of
    Slumbers) the text speaks of the Slumber (or of the journey)."""
    if s.outcome is not None:
        return
    s.outcome = outcome
    s.reason = reason
    mode = getattr(s, "mode", None)
    flow.emit(
        "dream_over",
        "The journey ends: {outcome} ({reason})"
        if mode == "journey"
        else "The Slumber ends: {outcome} ({reason})"
        if mode == "slumber"
        else "The Dream ends: {outcome} ({reason})",
        rule,
        outcome=outcome,
        reason=reason,
    )
    flow.clear()


def suffer(s: EtherfieldsState, flow: Flow, seat: int, n: int, rule: str = "dying") -> bool:
    """Suffer ``n`` Distress one marker at a time ("Distress and Dying"): an empty pool or
    an 8th Distress loses the Dream. Returns False once the Dream is lost."""
    for _ in range(max(0, n)):
        if s.table.take("distress", 1) == 0:
            flow.emit(
                "distress_pool_empty",
                "Dreamer {seat} should suffer Distress but the pool is empty",
                "dying",
                seat=seat,
            )
            end_game(s, flow, "defeat", "empty_pool", "dying")
            return False
        s.distress[seat] += 1
        s.tally["distress"] += 1
        flow.emit(
            "distress",
            "Dreamer {seat} suffers 1 Distress ({total})",
            rule,
            seat=seat,
            total=s.distress[seat],
        )
        if s.distress[seat] >= DEATH_DISTRESS:
            end_game(s, flow, "defeat", "distress", "dying")
            return False
    return True


def cure(s: EtherfieldsState, flow: Flow, seat: int, n: int) -> None:
    k = min(max(0, n), s.distress[seat])
    if k:
        s.distress[seat] -= k
        s.table.give("distress", k)
        flow.emit("cured", "Dreamer {seat} removes {n} Distress", seat=seat, n=k)


def cards_left(s: EtherfieldsState, seat: int) -> int:
    """Cards counted by "Distress and Dying": deck, hand and discard pile."""
    t = s.table
    return t.count("deck", seat) + t.count("hand", seat) + t.count("discard", seat)


def check_cards(s: EtherfieldsState, flow: Flow) -> bool:
    """ "Distress and Dying": fewer than 6 cards in deck, hand and discard loses the Dream."""
    for seat in range(s.game.players):
        if cards_left(s, seat) < MIN_CARDS:
            flow.emit(
                "too_few_cards",
                "Dreamer {seat} has fewer than 6 cards in deck, hand and discard pile",
                "dying",
                seat=seat,
            )
            end_game(s, flow, "defeat", "too_few_cards", "dying")
            return False
    return True


def morph_count(s: EtherfieldsState, entity: str, kind: str) -> int:
    """Morphing tokens of a kind on an Entity tile ("Morphings")."""
    faces = s.table.faces
    return sum(1 for token in s.morphs.get(entity, []) if faces[token] == kind)


def minis_of(s: EtherfieldsState, entity: str) -> list[list[Any]]:
    return [m for m in s.minis if m[1] == entity]


def entity_of_source(source: str | None) -> str | None:
    if source and source.startswith("entity:"):
        return source.split(":", 1)[1]
    return None


def in_range_of_spaces(s: EtherfieldsState, spaces: list[str], n: int | None) -> tuple[int, ...]:
    """Dreamers within range ``n`` of any of the spaces ("Movement Actions — Range"); an
    Entity's several miniatures affect a Dreamer once ("FAQ / Clarifications — Entity")."""
    board = s.board()
    near: set[str] = set()
    for sp in spaces:
        near |= board.within(sp, n)
    return tuple(seat for seat in range(s.game.players) if s.pos[seat] in near)
