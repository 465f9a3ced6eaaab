"""A minimal heuristic Dreamer (etherfields design §1): pays with the fewest cards, heads
for the nearest map action not yet used, buys Turns with the Hours left on the last Turn,
passes when nothing useful is affordable."""

from __future__ import annotations

import random
from typing import Any

from ...core import Action, State
from ...core.effects import Ctx
from .kinds import RUNTIME


def _value(state: Any, aid: str) -> int:
    _kind, entity, colour = aid.split(":")
    face = state.table.face(entity)
    rec = state.catalog.get("item", face) if entity.startswith("item.") else state.card(face)
    return next(i.value for i in rec.intent if i.colour == colour)


def _goal_spaces(state: Any, seat: int) -> list[str]:
    """Spaces with a map action not used yet whose requirement holds (the content's
    goals: the Dream's map actions lead to its scripts)."""
    out = []
    ctx = Ctx(seat=seat)
    for ref in state.board().spaces:
        _tile, space = state.space(ref)
        for ability in space.actions:
            if f"map:{ref}:{ability.id}" in state.used:
                continue
            if RUNTIME.holds(state, ability.requires, ctx):
                out.append(ref)
    return out


def _worth_starting(s: Any, seat: int, aid: str) -> bool:
    """A Gradual action only when the hand and Items (and a boost) give at least one whole
    basic cost: less would be lost ("Gradual Actions")."""
    from .steps.actions import find_ability, intent_available, price

    ability = find_ability(s, aid.split(":", 1)[1])
    if ability is None:
        return True
    mode, needs = price(s, ability.cost, Ctx(seat=seat))
    if mode != "gradual":
        return True
    unit = min(n for _, n in needs) // s.game.players
    have = intent_available(s, seat, {c for c, _ in needs})
    return have + (0 if f"boost@{seat}" in s.turn_used else 1) >= unit


def policy(state: State, player: int, rng: random.Random) -> Action:
    s: Any = state
    legal = state.legal_actions(player)
    ids = {a.id: a for a in legal}
    top = s.flow.top
    kind = getattr(top, "kind", "")
    if kind == "pay":
        pays = [a for a in legal if a.id.startswith(("pay:", "pay-item:"))]
        if pays and top.mode == "gradual":
            # whole basic costs only stay on the action ("Gradual Actions"): land on one
            full = next(n for c, n in top.needs if not top.colour or c == top.colour)
            unit = max(1, full // s.game.players)
            return max(
                pays,
                key=lambda a: ((top.paid + _value(s, a.id)) % unit == 0, _value(s, a.id)),
            )
        if pays and top.mode != "move":
            return max(pays, key=lambda a: (_value(s, a.id), a.id.startswith("pay:")))
        if top.mode == "move" and top.paid >= 3 and "resolve" in ids:
            return ids["resolve"]
        if pays:
            return max(pays, key=lambda a: _value(s, a.id))
        if top.mode == "gradual" and "boost" in ids:
            full = next(n for c, n in top.needs if not top.colour or c == top.colour)
            if top.paid % max(1, full // s.game.players):
                return ids["boost"]  # the Luck die may reach the next Intent marker
        for aid in ("resolve", "boost", "give-up"):
            if aid in ids:
                return ids[aid]
    if kind == "move":
        here = s.pos[player]
        goals = _goal_spaces(s, player)
        _d, _closest, steps = s.board().toward(here, goals) if goals else (None, [], [])
        for a in legal:
            if a.id.startswith("step:"):
                from .steps.movement import step_target

                if step_target(s, here, a.id[5:]) in steps:
                    return a
        return ids["stop"]
    if kind in ("card_action", "round"):
        if "use:basic:turn" in ids and s.turns_left == 0:
            return ids["use:basic:turn"]  # the last Turn: Hours buy more ("The Clock")
        for a in legal:
            useful = a.id.startswith(("use:map:", "use:entity:")) and "calm" not in a.id
            if useful and _worth_starting(s, player, a.id):
                return a
        goals = _goal_spaces(s, player)
        if "use:basic:move" in ids and goals and s.pos[player] not in goals:
            return ids["use:basic:move"]
        return ids["pass"]
    if kind == "discard_before_draw":
        return ids["done"]
    if kind == "rapid_window":
        return ids["done"]
    if kind == "reroll_window":
        if top.face == "skull" and top.die != "movement":
            return next((a for a in legal if a.id != "done"), ids["done"])  # "Rerolls"
        return ids["done"]
    if kind in ("reshuffle_penalty", "skull_penalty"):
        if "penalty:ether" in ids:
            return ids["penalty:ether"]
        return (
            ids["penalty:seal"] if s.table.count("deck", player) >= 12 else ids["penalty:distress"]
        )
    return legal[0]
